"""The interval float mode (issue 37) where it refused before: float subgroup arithmetic
(interp/interval_subgroups.py), textures (texelFetch and centre reads of R32F texels) and
a generated vertex stage whose flat float varyings enter the fragments as intervals
(interp/vertex.py). Each has a hand-written program whose intervals are worked out here
from the precision rules (the subgroup sum's by Higham's bound, independently of
rearrangement.py), judged inside on vk-lavapipe (and gl-llvmpipe where it runs the
feature: Mesa 22's GL has no subgroups); the subgroup program's outputs moved 64 ULPs
(planted-float-ulps-vk-lavapipe) are found outside. Then generation: the options give such
tests in the interval mode and the interpreter judges them rather than refusing."""

from __future__ import annotations

import dataclasses
import os
from fractions import Fraction
from typing import Any

import numpy as np

from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.generate.vertex_stage import FLAT, full_screen_position
from shadersmith.interp import intervals as iv
from shadersmith.interp import run_compute
from shadersmith.interp.float32 import ceil32, floor32
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.interval_image import interval_colours
from shadersmith.interp.intervals import UNBOUNDED, Interval
from shadersmith.interp.vertex import fed_fragment, flat_values
from shadersmith.ir.expressions import Assign, Binary, Call, Literal, VariableRef
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Function, Program, Stage, StageOutput
from shadersmith.ir.statements import Block, ExprStmt
from shadersmith.ir.types import FLOAT, VOID, ScalarKind, VectorType, kind_of
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.image_intervals import judge_image
from shadersmith.oracle.intervals import judge
from shadersmith.rebuild.jobs import job_from_program, with_vertex_stage
from shadersmith.targets.chains import interp_target
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated
from tests.driver_agreement import GL_AND_VULKAN, SHARED
from tests.test_textures import _with_textures

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

P = Interval.point
U = Fraction(1, 2**23)
PLANTED = "planted-float-ulps-vk-lavapipe"  # tests/planted_bugs.py: float outputs +64 ULPs


def f32(value: float) -> float:
    return float(np.float32(value))


def _run(job: Job, targets: tuple[str, ...]) -> dict[str, RunResult]:
    """`job` on `targets` of the shared GL and Vulkan session (driver_agreement.py)."""
    with SHARED.session(GL_AND_VULKAN, 1, 120) as session:
        for _, results in session.run_many([job], targets):
            return results
    raise AssertionError("no result")


# ---------------------------------------------------------------- subgroups

SUBGROUP_SHADER = """#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer I { float x[8]; float y[8]; };
layout(std430, binding = 1) buffer O { float a[8]; float b[8]; float c[8]; float d[8];
    float e[8]; float f[8]; float g[8]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    a[i] = subgroupAdd(x[i]);
    b[i] = subgroupInclusiveAdd(x[i]);
    c[i] = subgroupExclusiveAdd(x[i]);
    d[i] = subgroupMul(y[i]);
    e[i] = subgroupMin(x[i]);
    f[i] = subgroupMax(x[i]);
    g[i] = subgroupBroadcast(x[i], 5u);
}
"""
X = [f32(0.1 * (k + 1)) for k in range(8)]  # 0.1 .. 0.8 as float32: the sums round
Y = [f32(1.0 + 0.1 * (k - 3.5)) for k in range(8)]  # 0.65 .. 1.35: the products round
ZEROS = (0.0,) * 8
SUBGROUP_VALUES: BufferValues = {
    "I": {"x": tuple(X), "y": tuple(Y)},
    "O": {name: ZEROS for name in "abcdefg"},
}


def _higham(exact: Fraction, magnitude: Fraction, amplitude: Fraction, k: int) -> Interval:
    """The float32 values in [exact - E, exact + E], E = gamma(k) * magnitude plus the
    flushed-denormal term 2 k 2^-126 amplitude (1 + gamma(k)): what every order of k
    correctly rounded operations may give (Higham, 2nd ed., 3.1; rearrangement.py's
    model). The result is a float32, so the ends round inwards."""
    gamma = k * U / (1 - k * U)
    error = gamma * magnitude + 2 * k * Fraction(1, 2**126) * amplitude * (1 + gamma)
    return Interval(ceil32(exact - error), floor32(exact + error))


def _sum_interval(values: list[float]) -> Interval:
    """A sum of positive floats in any order, by hand."""
    if len(values) == 1:
        return P(values[0])
    exact = sum((Fraction(v) for v in values), Fraction(0))
    if len(values) == 2:  # one rounding, either neighbour of the exact sum
        return Interval(floor32(exact), ceil32(exact))
    amplitude = sum((max(Fraction(1), Fraction(v)) for v in values), Fraction(0))
    return _higham(exact, exact, amplitude, len(values) - 1)


def _product_interval(values: list[float]) -> Interval:
    exact = Fraction(1)
    amplitude = Fraction(1)
    for v in values:
        exact *= Fraction(v)
        amplitude *= max(Fraction(1), Fraction(v))
    return _higham(exact, exact, amplitude, len(values) - 1)


def _subgroup_expected() -> dict[str, list[Interval]]:
    return {
        "a": [_sum_interval(X)] * 8,
        "b": [_sum_interval(X[: k + 1]) for k in range(8)],
        "c": [P(0.0)] + [_sum_interval(X[:k]) for k in range(1, 8)],
        "d": [_product_interval(Y)] * 8,
        "e": [P(min(X))] * 8,
        "f": [P(max(X))] * 8,
        "g": [P(X[5])] * 8,
    }


def test_float_subgroup_arithmetic_is_bounded_over_every_order() -> None:
    program = parse_glsl(SUBGROUP_SHADER).program
    after: Any = run_compute(
        program, SUBGROUP_VALUES, subgroup_size=8, floats=FloatMode.INTERVAL
    ).buffers["O"]
    expected = _subgroup_expected()
    for name, intervals in expected.items():
        assert list(after[name]) == intervals, name
    # The sum of eight is a bound, not a blanket: a few ULPs wide.
    assert 2 <= expected["a"][0].width_in_ulps() <= 32
    # Its order is not the interpreter's to choose: the exact mode still refuses it.
    job = job_from_program(program, SUBGROUP_VALUES, GLSL450, subgroup_size=8)
    exact = interp_target().run(job)
    assert not exact.ok and "order of rounding is not defined" in exact.log
    # Inside on lavapipe (8 lanes on this host), optimised or not; moved 64 ULPs, outside.
    interval_job = dataclasses.replace(job, floats=FloatMode.INTERVAL)
    reference = interp_target().run(interval_job)
    assert reference.ok, reference.log
    results = _run(interval_job, ("vk-lavapipe", "vk-lavapipe-opt"))
    with SHARED.session((PLANTED,), 1, 120) as session:
        for _, planted in session.run_many([interval_job]):
            results.update(planted)
    for target in ("vk-lavapipe", "vk-lavapipe-opt"):
        assert results[target].ok, results[target].log[-400:]
        judgement = judge(reference.buffers, results[target].buffers)
        assert judgement.agrees, (target, judgement.report_lines())
        assert judgement.floats == judgement.constrained == 7 * 8 + 16  # x and y too
    moved = judge(reference.buffers, results[PLANTED].buffers)
    assert not moved.agrees
    assert {w.component.split("[")[0] for w in moved.wrong} >= {"1/a", "1/d", "1/e", "1/g"}


def test_an_exclusive_min_has_no_bound_in_its_first_lane() -> None:
    source = SUBGROUP_SHADER.replace("subgroupAdd(x[i])", "subgroupExclusiveMin(x[i])")
    after: Any = run_compute(
        parse_glsl(source).program, SUBGROUP_VALUES, subgroup_size=8, floats=FloatMode.INTERVAL
    ).buffers["O"]
    assert after["a"] == (UNBOUNDED, *(P(X[0]),) * 7)


# ---------------------------------------------------------------- textures

TEXTURE_SHADER = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer O { float f[4]; float g[4]; };
layout(binding = 1) uniform highp sampler2D s;
layout(binding = 2, r32i) uniform highp iimage2D img;
void main() {
    uint k = gl_GlobalInvocationID.x;
    float t = texelFetch(s, ivec2(k, 0), 0).x;
    f[k] = t / 3.0;
    g[k] = textureLod(s, (vec2(ivec2(3u - k, 1)) + 0.5) / vec2(4.0, 2.0), 0.0).x * 0.1 + t;
    imageStore(img, ivec2(k, 0), ivec4(int(k) * 7 - 1, 0, 0, 0));
}
"""
TEXELS = ((f32(0.1), f32(1 / 3), -2.5, f32(7.7)), (f32(-0.3), 1.0, f32(2.2), f32(9.9)))
TEXTURE_VALUES: BufferValues = {
    "O": {"f": (0.0,) * 4, "g": (0.0,) * 4},
    "s": {"s": TEXELS},
    "img": {"img": ((0, 0, 0, 0),)},
}


def test_float_texels_are_read_exactly() -> None:
    program = _with_textures(TEXTURE_SHADER, {"s": (4, 2), "img": (4, 1)})
    after: Any = run_compute(
        program, TEXTURE_VALUES, workgroups=(1, 1, 1), floats=FloatMode.INTERVAL
    ).buffers
    row, other = TEXELS
    # The texel itself, then the one operation on it; the centre read gives the texel of
    # row 1, column 3 - k exactly, times 0.1 (rounded) plus the fetched texel (rounded or
    # fused: intervals.multiply_add).
    assert list(after["O"]["f"]) == [iv.divide(P(t), P(3.0)) for t in row]
    g = [iv.multiply_add(P(other[3 - k]), P(f32(0.1)), P(row[k])) for k in range(4)]
    assert list(after["O"]["g"]) == g
    assert after["img"]["img"] == ((-1, 6, 13, 20),)  # integers stay exact
    job = job_from_program(program, TEXTURE_VALUES, GLSL450, floats=FloatMode.INTERVAL)
    reference = interp_target().run(job)
    assert reference.ok, reference.log
    results = _run(job, ("vk-lavapipe", "gl-llvmpipe"))
    for target, result in results.items():
        assert result.ok, result.log[-400:]
        judgement = judge(reference.buffers, result.buffers)
        assert judgement.agrees, (target, judgement.report_lines())
        assert judgement.constrained == judgement.floats == 8


# ---------------------------------------------------------------- the vertex stage

FRAGMENT = """#version 450
layout(std140, binding = 0) uniform buf_in_0 {
    float x;
};
layout(location = 0) flat in float vary_0;
layout(location = 0) out vec4 _color;

void main() {
    _color = vec4(vary_0, vary_0 * 2.0 - 0.25, x / 7.0, 1.0);
}
"""
VERTEX_VALUES: BufferValues = {"buf_in_0": {"x": 1.0}}
VEC4 = VectorType(ScalarKind.FLOAT, 4)


def _vertex(fragment: Program) -> Program:
    """`vary_0 = x / 3.0; gl_Position = <triangle>;` by hand: a rounded flat varying."""
    third = Binary(FLOAT, BinaryOp.DIV, VariableRef(FLOAT, "x"), Literal(FLOAT, 3.0))
    body = (
        ExprStmt(Assign(FLOAT, AssignOp.ASSIGN, VariableRef(FLOAT, "vary_0"), third)),
        ExprStmt(
            Assign(VEC4, AssignOp.ASSIGN, VariableRef(VEC4, "gl_Position"), full_screen_position())
        ),
    )
    return Program(
        stage=Stage.VERTEX,
        functions=(Function("main", VOID, (), Block(body)),),
        buffers=fragment.buffers,
        outputs=(StageOutput("vary_0", FLOAT, 0, FLAT),),
    )


def test_a_rounded_flat_varying_enters_the_fragments_as_its_interval() -> None:
    fragment = parse_glsl(FRAGMENT).program
    vertex = _vertex(fragment)
    third = iv.divide(P(1.0), P(3.0))  # within 2.5 ULP of 1/3
    flat: Any = flat_values(vertex, VERTEX_VALUES, floats=FloatMode.INTERVAL)
    assert flat == {"vary_0": third} and flat["vary_0"].tracked is None
    program, values = fed_fragment(vertex, fragment, VERTEX_VALUES, floats=FloatMode.INTERVAL)
    pixels = interval_colours(program, values, 64, 64)
    # The varying is a leaf in the fragment (no compiler rearranges across the stages):
    # vary_0 * 2.0 - 0.25 bounded over the tree of its two operations alone, without the
    # division's (which would widen it: 0.41666612 .. 0.41666719).
    leaf = Interval(third.lo, third.hi)
    green = iv.sub(iv.mul(leaf, P(2.0)), P(0.25))
    assert (green.lo, green.hi) == (f32(0.41666636), f32(0.416667))
    assert set(pixels.values()) == {(third, green, iv.divide(P(1.0), P(7.0)), P(1.0))}
    job = with_vertex_stage(
        job_from_program(fragment, VERTEX_VALUES, GLSL450, floats=FloatMode.INTERVAL),
        vertex,
        GLSL450,
    )
    reference = interp_target().run(job)
    assert reference.ok and reference.pixels == pixels, reference.log
    for target, result in _run(job, ("vk-lavapipe", "gl-llvmpipe")).items():
        assert result.ok and result.image is not None, result.log[-400:]
        judgement = judge_image(pixels, result.image)
        assert judgement.agrees, (target, judgement.report_lines())


# ---------------------------------------------------------------- generation

FEATURES = SmithOptions(
    float_mode="interval",
    fragment_probability=0.3,
    subgroup_probability=0.3,
    texture_probability=0.3,
    texture_sampling_probability=0.3,
    vertex_stage_probability=0.3,
)


def _float_calls(program: Program) -> set[str]:
    return {
        node.callee
        for function in program.functions
        for node in iter_nodes(function)
        if isinstance(node, Call) and kind_of(node.type) is ScalarKind.FLOAT
    }


def test_generated_tests_with_the_features_are_judged() -> None:
    """Seeds that draw float subgroup arithmetic, float texture reads (fetched and sampled)
    and a vertex stage in the interval mode: each was refused before (the mode did not
    model them, or ran the vertex stage exact) and is judged now."""
    subgroups, textures, vertex = (
        prepare_generated(generate(seed, FEATURES, GLSL450), GLSL450) for seed in (90, 17, 32)
    )
    assert subgroups.program is not None and textures.program is not None
    assert "subgroupExclusiveAdd" in _float_calls(subgroups.program)
    assert {"texelFetch", "textureLod"} <= _float_calls(textures.program)
    assert vertex.job.vertex_program is not None
    for trial in (subgroups, textures, vertex):
        result = interp_target().run(trial.job)
        assert result.ok, result.log
