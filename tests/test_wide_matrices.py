"""Matrices of doubles and of halves (issue 36: dmatN, dmatNxM, f16matN): hand-written
programs' values, computed by hand, on the interpreter (scalar and lane mode) and every CPU
target that has the width (doubles: gl-llvmpipe and lavapipe; halves: lavapipe; SwiftShader
has neither and Mesa's GL no halves: `unsupported`); `mat2(dmat2)` rounds as `float(d)`
does; the sanitizer refuses a half product whose intermediate leaves S16 and the
reconditioner's MATRIX_PRODUCT guards it; generated programs with `--doubles`/`--float16`
and matrices hold such matrices (generate/float_widths.py), agree on the targets, have no
undefined behaviour once reconditioned, are deterministic, and a program that draws none
is the one of before."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from shadersmith.analysis.widths import FLOAT16, FLOAT64, program_features
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate import float_widths
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UndefinedBehaviour, run_compute
from shadersmith.interp.defined import check_defined
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.ir.profile import GLSL450, WGSL, Language, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.types import MatrixType
from shadersmith.ir.values import BufferValues, Value
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from tests.driver_agreement import GL_AND_VULKAN, SHARED, WGPU
from tests.feature_runs import CPU_TARGETS, agree_with_the_first
from tests.programs import deterministic_job

DOUBLES = ("interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt")
HALVES = ("interp", "vk-lavapipe", "vk-lavapipe-opt")
DOUBLE_SOURCE = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer buf {
    int r; int a; int b; int c; int d; int e; float f; int g;
};
void main() {
    double x = double(r);
    dmat2 m = dmat2(x, 2.0lf, -1.0lf, 4.0lf);
    dmat3x2 n = dmat3x2(2.0lf, x, 2.0lf, -2.0lf, x * 5.0lf, 1.0lf);
    dmat3x2 p = m * n;
    a = int(p[2][0]) * 100 + int(p[2][1]);
    dvec2 v = m * dvec2(2.0lf, x);
    dvec3 w = dvec2(x, 1.0lf) * n;
    b = int(v.y) * 100 + int(w.z);
    dmat2 q = (m + transpose(m)) - dmat2(2.0lf, 3.0lf, 3.0lf, 2.0lf) * 1.0lf;
    c = int(q[0][0]) * 10 + int(q[1][1]);
    d = int(q == dmat2(4.0lf, -2.0lf, -2.0lf, 6.0lf)) + int(matrixCompMult(m, q)[1][1]) * 2;
    dmat2 o = outerProduct(dvec2(x, 1.0lf), dvec2(2.0lf, -1.0lf));
    e = int(mat2(o)[1][0]) + int(dmat2(mat2(x))[0][0]) * 10;
    f = float(o[0].x + o[1].y);
    g = int(-n[2][0]);
}
"""
HALF_SOURCE = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer buf { int r; int a; int b; int c; int d; };
void main() {
    float16_t x = float16_t(r);
    f16mat2 m = f16mat2(x, float16_t(2.0), float16_t(-1.0), float16_t(4.0));
    f16mat3x2 n = f16mat3x2(f16vec2(float16_t(2.0), x), f16vec2(float16_t(2.0), float16_t(-2.0)),
                            f16vec2(x * float16_t(5.0), float16_t(1.0)));
    f16mat3x2 p = m * n;
    a = int(p[2][0]) * 100 + int(p[2][1]);
    f16vec2 v = m * f16vec2(float16_t(2.0), x);
    f16vec3 w = f16vec2(x, float16_t(1.0)) * n;
    b = int(v.y) * 100 + int(w.z);
    f16mat2 q = (m + transpose(m)) - f16mat2(float16_t(2.0), float16_t(3.0), float16_t(3.0),
                                             float16_t(2.0));
    c = int(q == f16mat2(float16_t(4.0), float16_t(-2.0), float16_t(-2.0), float16_t(6.0)))
        + int(matrixCompMult(m, q)[1][1]) * 2;
    d = int(mat2(q)[1][1]) * 10 + int(f16mat2(mat2(x))[0][0]);
}
"""
# With r = 3, in both: m's columns (3, 2), (-1, 4); n's (2, 3), (2, -2), (15, 1).
# m * n's third column (3, 2) * 15 + (-1, 4) * 1 = (44, 34): a = 4434. m * (2, 3) = (3, 16)
# and (3, 1) * n = (9, 4, 46): b = 1646. m + transpose(m) = (6, 1), (1, 8), less (2, 3),
# (3, 2): q = (4, -2), (-2, 6), c = 46; q is that: 1, and m[1][1] * q[1][1] = 24: d = 49.
# outerProduct((3, 1), (2, -1)) = (6, 2), (-3, -1): e = -3 + 3 * 10 = 27, f = 6 - 1 = 5.
# -n[2][0] = -15. Halves: c = 1 + 48 = 49, d = 6 * 10 + 3 = 63.
DOUBLE_START = {"r": 3, "a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "f": 0.0, "g": 0}
DOUBLE_EXPECTED = {"r": 3, "a": 4434, "b": 1646, "c": 46, "d": 49, "e": 27, "f": 5.0, "g": -15}
HALF_START = {"r": 3, "a": 0, "b": 0, "c": 0, "d": 0}
HALF_EXPECTED = {"r": 3, "a": 4434, "b": 1646, "c": 49, "d": 63}
# Seeds whose programs hold a matrix of the width: (compute, compute, fragment).
SEEDS = {64: (0, 1, 3), 16: (0, 1, 2)}
WGSL_HALF_SEED = 2
SWEEP = range(10)


def _values(values: Mapping[str, Value]) -> BufferValues:
    return {"buf": dict(values)}


def _options(bits: int, fragment: float = 0.0) -> SmithOptions:
    return SmithOptions(
        matrix_probability=0.2,
        fragment_probability=fragment,
        double_probability=0.3 if bits == 64 else 0.0,
        half_probability=0.3 if bits == 16 else 0.0,
    )


def _holds_matrix(program_text: str, bits: int) -> bool:
    """Whether the text spells a matrix of the width."""
    return ("dmat" if bits == 64 else "f16mat") in program_text


def _has_matrix_of(program: Program, bits: int) -> bool:
    types = (getattr(n, "type", None) for n in iter_nodes(program))
    return any(isinstance(t, MatrixType) and t.bits == bits for t in types)


def test_the_front_end_reads_wide_matrices_and_the_emitter_writes_them_back() -> None:
    for source, spelled, feature in (
        (DOUBLE_SOURCE, "dmat3x2 n", FLOAT64),
        (HALF_SOURCE, "f16mat3x2 n", FLOAT16),
    ):
        program = parse_glsl(source).program
        text = emit(program, GLSL450)
        assert spelled in text
        assert emit(parse_glsl(text).program, GLSL450) == text
        assert program_features(program) == frozenset({feature})
    # WGSL has no matrixCompMult: the program without it.
    without = HALF_SOURCE.replace("+ int(matrixCompMult(m, q)[1][1]) * 2", "")
    wgsl = emit(parse_glsl(without).program, WGSL)
    assert "mat3x2<f16>" in wgsl and "enable f16;" in wgsl


def test_the_interpreters_compute_wide_matrices_to_the_hand_computed_values() -> None:
    for source, start, expected in (
        (DOUBLE_SOURCE, DOUBLE_START, DOUBLE_EXPECTED),
        (HALF_SOURCE, HALF_START, HALF_EXPECTED),
    ):
        program = parse_glsl(source).program
        assert run_compute(program, _values(start), sanitize=True).buffers["buf"] == expected
        assert run_compute_lanes(program, [_values(start)] * 2)[1]["buf"] == expected


ROUNDING = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer buf { int r; int s; int t; };
void main() {
    mat2 m = mat2(dmat2(double(r) * 16777217.0lf));
    s = int(m[0][0]);
    f16mat2 h = f16mat2(float16_t(r) * float16_t(1000.0));
    t = int((h * f16vec2(float16_t(1.0), float16_t(1.0))).x + float16_t(1.0));
}
"""


def test_narrowing_a_dmat_rounds_as_float_does_and_half_products_are_guarded() -> None:
    """mat2(dmat2(16777217)) is 16777216 (round to nearest even), as float(d); as halves
    3000 + 1 is 3000 (binary16 spaces 2 apart there); the sanitizer refuses the program,
    and the reconditioned one brings both back into S and S16."""
    program = parse_glsl(ROUNDING).program
    start = _values({"r": 1, "s": 0, "t": 0})
    plain = {"r": 1, "s": 16777216, "t": 1001}
    assert run_compute(program, start, sanitize=False).buffers["buf"] == plain
    assert run_compute_lanes(program, [start])[0]["buf"] == plain
    tripled = _values({"r": 3, "s": 0, "t": 0})
    assert run_compute(program, tripled, sanitize=False).buffers["buf"]["t"] == 3000
    with pytest.raises(UndefinedBehaviour, match="outside the exact set S"):
        run_compute(program, start, sanitize=True)
    fixed = recondition(program, tripled)
    assert any("MATRIX_PRODUCT_f16mat2_f16vec2" in name for name in fixed.wrappers_used)
    check_defined(fixed.program, fixed.buffer_values)
    # 16777217.0lf is no literal of S: mapped to 10, so 3 * 10 = 30 on the diagonal (the
    # zeros beside it replaced by 10). 3 * 1000 as halves leaves S16: brought back to 10,
    # h is all 10s, h * (1, 1) = (20, 20): 21.
    result = run_compute(fixed.program, fixed.buffer_values, sanitize=True).buffers["buf"]
    assert result == {"r": 3, "s": 30, "t": 21}


def test_reconditioned_programs_with_wide_matrices_have_no_undefined_behaviour() -> None:
    held = 0
    for bits in (64, 16):
        for seed in SWEEP:
            generated = generate(seed, _options(bits), GLSL450)
            held += _has_matrix_of(generated.program, bits)
            fixed = recondition(generated.program, generated.buffer_values)
            check_defined(fixed.program, fixed.buffer_values)
    assert held >= 15, held


def test_programs_are_deterministic_and_those_without_wide_matrices_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seed's own stream decides where a matrix of the width is drawn: with it never
    saying yes, every program is the one of before; a program that draws none (seed 7 of
    the doubles) is that one byte for byte."""
    options = _options(64)
    text = {seed: emit(generate(seed, options, GLSL450).program, GLSL450) for seed in (0, 7)}
    assert text[0] == emit(generate(0, options, GLSL450).program, GLSL450)
    assert _holds_matrix(text[0], 64) and not _holds_matrix(text[7], 64)
    monkeypatch.setattr(float_widths, "_MATRIX_SHARE", 0.0)
    before = {seed: emit(generate(seed, options, GLSL450).program, GLSL450) for seed in (0, 7)}
    assert before[7] == text[7] and before[0] != text[0]
    assert not _holds_matrix(before[0], 64)


def _generated(bits: int, profile: LanguageProfile, seeds: tuple[int, ...]) -> list[Job]:
    jobs = []
    for seed, fragment in zip(seeds, (0.0, 0.0, 1.0), strict=False):
        options = _options(bits, fragment)
        assert _has_matrix_of(generate(seed, options, profile).program, bits), seed
        jobs.append(deterministic_job(seed, options, profile))
    return jobs


def _unsupported(result: RunResult, width: str) -> None:
    assert result.status is RunStatus.UNSUPPORTED, result.log[-300:]
    assert width in result.log


def test_hand_written_and_generated_wide_matrices_on_every_cpu_target() -> None:
    """The hand-written programs' values wherever the width runs; SwiftShader (neither
    width) and Mesa's GL (no halves) answer `unsupported`; 3 generated programs of each
    width agree with the interpreter; a WGSL one with f16 matrices on wgpu-vk."""
    hand = [
        job_from_program(parse_glsl(DOUBLE_SOURCE).program, _values(DOUBLE_START), GLSL450),
        job_from_program(parse_glsl(HALF_SOURCE).program, _values(HALF_START), GLSL450),
    ]
    doubles, halves = _generated(64, GLSL450, SEEDS[64]), _generated(16, GLSL450, SEEDS[16])
    with SHARED.session(GL_AND_VULKAN, 1, 120) as session:
        results = dict(session.run_many([*hand, *doubles, *halves], list(CPU_TARGETS)))
    for targets, index, expected in ((DOUBLES, 0, DOUBLE_EXPECTED), (HALVES, 1, HALF_EXPECTED)):
        for target in targets:
            got = results[index][target]
            assert got.ok, f"{target}: {got.log[-300:]}"
            assert got.buffers[0] == expected, target
    _unsupported(results[0]["vk-swiftshader"], "float64")
    _unsupported(results[1]["vk-swiftshader"], "float16")
    _unsupported(results[1]["gl-llvmpipe"], "float16")
    agree_with_the_first([results[2 + i] for i in range(3)], DOUBLES)
    agree_with_the_first([results[5 + i] for i in range(3)], HALVES)
    for index in range(2, 8):
        _unsupported(results[index]["vk-swiftshader"], "float")
    wgsl = _generated(16, WGSL, (WGSL_HALF_SEED,))
    with SHARED.session(WGPU, 1, 120) as session:
        wgpu = dict(session.run_many(wgsl))
    agree_with_the_first([wgpu[0]], WGPU)


def test_the_wgsl_reconditioner_keeps_f16_matrices_defined() -> None:
    for seed in range(4):
        generated = generate(seed, _options(16), WGSL)
        fixed = recondition(
            generated.program,
            generated.buffer_values,
            ReconditionOptions(language=Language.WGSL),
        )
        check_defined(fixed.program, fixed.buffer_values, language=Language.WGSL)
