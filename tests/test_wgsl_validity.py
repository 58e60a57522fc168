"""Valid WGSL only (issue 22): no shader-creation error in what we emit.

Each rule of analysis/wgsl_constants.py has a program with the construct: its IR has the
error before reconditioning, none after WGSL reconditioning, and the real naga (wgpu-vk)
creates the module and computes what the interpreter's WGSL mode computes. The
interpreter refuses a program with such an error as a defect of ours (undefined
behaviour's status), and the stored test that divided by a literal zero
(findings/naga-glsl-out-remainder, retracted) is refused by the admission."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.analysis.wgsl_constants import creation_errors
from shadersmith.case import TestCaseError
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.ir.profile import WGSL, Language
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.admission import load_admitted
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.targets.chains import interp_target
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated

RETRACTED = Path(__file__).resolve().parent.parent / "findings" / "naga-glsl-out-remainder"

HEADER = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int x; int y; uint u; uint w; ivec2 v; };
"""
VALUES: BufferValues = {"B": {"x": -7, "y": 5, "u": 9, "w": 3, "v": (4, -6)}}

# rule -> a program body (in main) that has a creation error of that rule.
RULES: dict[str, str] = {
    "divide-by-zero": "x = x / 0; y = y % 0; u = u % 0u; w /= 0u; v = v / ivec2(1, 0);",
    "divide-overflow": "x = (-2147483647 - 1) / -1; y = (-2147483647 - 1) % -1;",
    "overflow": "x = 2147483647 + y * 0 + 1; y = 65536 * 65536; u = 5u - 7u; w = -(3u);",
    "negate-int-min": "x = -(-2147483647 - 1);",
    "shift-amount": "x = x << 40; y >>= 33; u = u << 32u;",
    "shift-overflow": "x = 1 << 31; u = 3u << 31;",
    "conversion": "x = int(3000000000.0); u = uint(-5.0); v = ivec2(1e10, -2.0);",
    "const-names": "x = x / Z; y = M + 1;",
}
GLOBALS = "const int Z = 0;\nconst int M = 2147483647;\n"


def _program(body: str) -> str:
    return f"{HEADER}{GLOBALS}void main() {{ {body} }}\n"


@pytest.fixture(scope="module")
def naga() -> Iterator[TargetSession]:
    with TargetSession(["wgpu-vk"]) as session:
        yield session


@pytest.mark.parametrize("rule", sorted(RULES))
def test_a_creation_error_is_reconditioned_away_and_naga_agrees(
    rule: str, naga: TargetSession
) -> None:
    program = parse_glsl(_program(RULES[rule])).program
    assert creation_errors(program), "the construct is a creation error before"
    with pytest.raises(UndefinedBehaviour) as refused:
        run_compute(program, VALUES, language=Language.WGSL)
    assert refused.value.category is UBCategory.WGSL_CREATION_ERROR
    done = recondition(program, VALUES, ReconditionOptions(language=Language.WGSL))
    assert creation_errors(done.program) == []
    expected = run_compute(done.program, done.buffer_values, language=Language.WGSL)
    job = job_from_program(done.program, done.buffer_values, WGSL)
    result = naga.run(job)["wgpu-vk"]
    assert result.ok, (result.log, emit_wgsl(done.program))
    assert result.buffers[0] == dict(expected.buffers["B"]), emit_wgsl(done.program)


def test_what_is_valid_stays_as_written() -> None:
    """A run-time zero divisor is valid WGSL (its value is defined): nothing is wrapped,
    and a const-expression that does not overflow stays const."""
    body = "y = x % y; x = x / y; u = 4294967295u + 0u; w = 1u << 31; v = v * 3;"
    program = parse_glsl(_program(body)).program
    done = recondition(program, VALUES, ReconditionOptions(language=Language.WGSL))
    assert creation_errors(done.program) == []
    text = emit_wgsl(done.program)
    assert "SAFE_" not in text
    assert "4294967295u + 0u" in text and "1u << u32(31i)" in text


@pytest.mark.parametrize("seed", range(6))
def test_generated_wgsl_programs_have_no_creation_error(seed: int) -> None:
    generated = generate(seed, SmithOptions(), WGSL)
    trial = prepare_generated(generated, WGSL)
    assert trial.program is not None
    assert creation_errors(trial.program) == []


def test_the_generator_alone_makes_them_so_the_reconditioner_must_remove_them() -> None:
    # bench/wgsl_creation.py --before: 1,099 of 2,000 programs had one (seed 2 among them).
    assert creation_errors(generate(2, SmithOptions(), WGSL).program)


def test_the_interpreter_reports_a_creation_error_as_ours() -> None:
    program = parse_glsl(_program("x = x % 0;")).program
    job = job_from_program(program, VALUES, WGSL)
    result = interp_target().execute(job)
    assert result.status is RunStatus.UNDEFINED_BEHAVIOUR, result.log
    assert result.log.startswith("wgsl_creation_error: module: not valid WGSL")
    assert "divide-by-zero" in result.log
    # GLSL has no such rule: there, the same division is ordinary undefined behaviour.
    with pytest.raises(UndefinedBehaviour) as glsl:
        run_compute(program, VALUES)
    assert glsl.value.category is UBCategory.MODULO


def test_the_retracted_remainder_test_is_refused_as_not_valid_wgsl() -> None:
    with pytest.raises(TestCaseError, match=r"shader-creation error.*divide-by-zero"):
        load_admitted(RETRACTED)
