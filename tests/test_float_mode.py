"""Interval mode's programs (issue 37, item 3; `--floats interval`): generated with the
inexact operations, reconditioned so that every float stays finite and where the precision
table applies, the same bytes for the same seed, and run on real drivers without a NaN or
an infinity in their outputs."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator

import pytest

from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import (
    FLOAT_MODES,
    SmithOptions,
    options_from_dict,
    options_to_dict,
)
from shadersmith.emit import emit
from shadersmith.generate.smith import generate
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Index,
    Literal,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import FLOAT, INT, ArrayType, ScalarKind, VectorType, kind_of
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.interval_findings import interval_reference
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.recondition.step import ReconditionParams
from shadersmith.recondition.wrappers.interval import BELOW_PI, BOUND
from shadersmith.targets.chains import interp_target
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated
from tests.programs import one_buffer_program

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

INTERVAL = SmithOptions(float_mode="interval")
INEXACT_BUILTINS = {"sqrt", "inversesqrt", "exp", "exp2", "log", "log2", "pow", "sin", "cos"}
INEXACT_BUILTINS |= {"fract", "mod", "mix", "smoothstep", "length", "distance", "normalize"}


def _floats(value: object) -> Iterator[float]:
    if isinstance(value, float):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _floats(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _floats(item)


def test_the_float_modes_of_the_options_are_the_interpreters() -> None:
    assert tuple(mode.value for mode in FloatMode) == FLOAT_MODES
    assert from_flags(floats="interval").float_mode == "interval"
    assert from_flags().float_mode == "exact"
    with pytest.raises(ValueError, match="float_mode"):
        SmithOptions(float_mode="approximate")


def test_a_seed_gives_the_same_bytes_and_its_provenance_records_the_mode() -> None:
    first = prepare_generated(generate(3, INTERVAL, GLSL450), GLSL450)
    second = prepare_generated(generate(3, INTERVAL, GLSL450), GLSL450)
    assert first.source == second.source
    provenance = first.test.provenance
    options = options_from_dict(dict(provenance.options))
    assert options.float_mode == "interval"
    assert options_from_dict(options_to_dict(INTERVAL)) == INTERVAL
    # The recondition step records the mode too, so the test replays in it.
    step = provenance.steps[-1]
    assert ReconditionParams.from_json(step.params).options.floats is FloatMode.INTERVAL
    # The exact mode's program of the seed is another one, without the mode's wrappers.
    exact = prepare_generated(generate(3, SmithOptions(), GLSL450), GLSL450)
    assert "SAFE_IV_" in first.source and "SAFE_IV_" not in exact.source


def test_the_modes_programs_use_the_inexact_operations() -> None:
    called: set[str] = set()
    divisions = 0
    for seed in range(12):
        program = generate(seed, INTERVAL, GLSL450).program
        for node in iter_nodes(program):
            if isinstance(node, Call) and node.kind is CallKind.BUILTIN:
                called.add(node.callee)
            if (
                isinstance(node, Binary)
                and node.op is BinaryOp.DIV
                and kind_of(node.type) is ScalarKind.FLOAT
            ):
                divisions += 1
        assert "floatBitsToInt" not in called and "floatBitsToUint" not in called
    assert divisions > 0
    assert len(INEXACT_BUILTINS & called) >= 12, sorted(INEXACT_BUILTINS - called)


VEC3 = VectorType(ScalarKind.FLOAT, 3)
ELEMENTS = 12


def _element(i: int) -> Index:
    return Index(FLOAT, VariableRef(ArrayType(FLOAT, ELEMENTS), "v"), Literal(INT, i))


def _call(name: str, *args: Expression) -> Call:
    return Call(args[0].type if name != "length" else FLOAT, name, args, CallKind.BUILTIN)


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession(["vk-lavapipe", "wgpu-vk"], timeout_s=120) as started:
        assert not started.missing, started.missing
        yield started


def _run(session: TargetSession, job: Job, target: str) -> RunResult:
    for _, results in session.run_many([job], [target]):
        return results[target]
    raise AssertionError("no result")


def _guarded_job() -> tuple[str, list[str], Job]:
    """A hand-written program whose float operations each leave the range where the
    precision table bounds them, on its buffer's values (v[1] = 7.25): a divisor of 0, the
    square root of a negative, the exponential of 725, the sine of 7250, the logarithm
    and inverse square root of 0, the length of a zero vector; reconditioned in interval
    mode. Its GLSL, the expressions' names, and its job."""
    y = _element(1)
    zero = Binary(FLOAT, BinaryOp.SUB, y, y)
    splat = Construct(VEC3, (y,))
    zeros = Binary(VEC3, BinaryOp.SUB, splat, splat)
    values: dict[str, Expression] = {
        "x / (y - y)": Binary(FLOAT, BinaryOp.DIV, _element(0), zero),
        "sqrt(-4 - y)": _call("sqrt", Binary(FLOAT, BinaryOp.SUB, Literal(FLOAT, -4.0), y)),
        "exp(100 y)": _call("exp", Binary(FLOAT, BinaryOp.MUL, Literal(FLOAT, 100.0), y)),
        "sin(1000 y)": _call("sin", Binary(FLOAT, BinaryOp.MUL, Literal(FLOAT, 1000.0), y)),
        "cos(-1000 y)": _call("cos", Binary(FLOAT, BinaryOp.MUL, Literal(FLOAT, -1000.0), y)),
        "log(y - y)": _call("log", zero),
        "inversesqrt(y - y)": _call("inversesqrt", zero),
        "pow(-y, 1000)": _call("pow", Binary(FLOAT, BinaryOp.SUB, zero, y), Literal(FLOAT, 1000.0)),
        "length(0)": _call("length", zeros),
    }
    body: list[Statement] = [
        ExprStmt(Assign(FLOAT, AssignOp.ASSIGN, _element(2 + k), value))
        for k, value in enumerate(values.values())
    ]
    program = one_buffer_program(body, {"v": ArrayType(FLOAT, ELEMENTS)})
    inputs: BufferValues = {"buf": {"v": (3.0, 7.25) + (0.0,) * (ELEMENTS - 2)}}
    fixed = recondition(program, inputs, ReconditionOptions(floats=FloatMode.INTERVAL))
    job = job_from_program(fixed.program, fixed.buffer_values, GLSL450)
    return emit(fixed.program, GLSL450), list(values), job


def test_the_reconditioner_guards_every_argument_out_of_the_precision_tables_range(
    session: TargetSession,
) -> None:
    source, names, job = _guarded_job()
    # The guards, as written: a divisor abs(d) + 0.5, a root's argument abs(x) + 2^-10,
    # exp's argument clamped to [-10, 10], a sine's reduced into [-pi, pi].
    assert "/ (abs(_ss_b) + 0.5)" in source
    assert "sqrt(abs(_ss_a) + 0.0009765625)" in source
    assert "exp(clamp(_ss_a, -10.0, 10.0))" in source
    assert f"{BELOW_PI!r}" in source and "floor(_ss_a * " in source
    result = _run(session, job, "vk-lavapipe")
    assert result.status is RunStatus.OK, result.log
    produced = list(_floats(result.buffers[0]["v"]))
    outputs = dict(zip(names, produced[2 : 2 + len(names)], strict=True))
    assert all(math.isfinite(v) and abs(v) <= BOUND for v in outputs.values()), outputs
    assert -1.0 <= outputs["sin(1000 y)"] <= 1.0 and -1.0 <= outputs["cos(-1000 y)"] <= 1.0
    assert outputs["sqrt(-4 - y)"] == pytest.approx(math.sqrt(11.25 + 2.0**-10), rel=1e-5)
    assert outputs["x / (y - y)"] == pytest.approx(6.0, rel=1e-5)  # 3 / (0 + 0.5)
    assert outputs["exp(100 y)"] == BOUND  # exp(10), clamped
    assert outputs["log(y - y)"] == pytest.approx(math.log(2.0**-10), rel=1e-4)


def test_generated_programs_compile_and_run_without_nan_or_infinity(
    session: TargetSession,
) -> None:
    """A compute program in GLSL on vk-lavapipe (glslang's SPIR-V), one in WGSL on wgpu-vk
    (naga), and a fragment program's float colour: every float output of the compute ones
    finite (bench/float_mode.py runs many more)."""
    fragment = SmithOptions(float_mode="interval", fragment_probability=1.0)
    cases = (
        ("vk-lavapipe", GLSL450, INTERVAL, 1),
        ("wgpu-vk", WGSL, INTERVAL, 2),
        ("vk-lavapipe", GLSL450, fragment, 4),
    )
    for target, profile, options, seed in cases:
        prepared = prepare_generated(generate(seed, options, profile), profile)
        result = _run(session, prepared.job, target)
        assert result.status is RunStatus.OK, (target, seed, result.log)
        if options.fragment_probability == 0.0:
            floats = list(_floats(result.buffers))
            assert floats and all(math.isfinite(v) for v in floats), (target, seed)
        else:
            assert result.image is not None


@pytest.mark.parametrize(("seed", "fragment"), [(0, 0.5), (2, 0.0)])
def test_a_wgsl_test_is_judged_by_its_intervals(
    session: TargetSession, seed: int, fragment: float
) -> None:
    """WGSL in the interval mode: the interp target (run here, by WGSL's rules) gives a
    fragment test's sampled pixels' colour intervals (seed 0 at fragment probability 0.5)
    or a compute test's output intervals (seed 2), and naga's SPIR-V on lavapipe lies
    inside them (oracle/interval_findings.py)."""
    options = SmithOptions(float_mode="interval", fragment_probability=fragment)
    prepared = prepare_generated(generate(seed, options, WGSL), WGSL)
    assert prepared.job.floats is FloatMode.INTERVAL
    reference = interp_target().execute(prepared.job)
    assert reference.status is RunStatus.OK, reference.log
    assert (reference.pixels is not None) == (fragment > 0)
    result = _run(session, prepared.job, "wgpu-vk")
    assert result.status is RunStatus.OK, result.log
    intervals = interval_reference({REFERENCE: reference})
    assert intervals.outside("wgpu-vk", result) is False
    assert intervals.constrained > 0
