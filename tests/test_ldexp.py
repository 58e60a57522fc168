"""ldexp on exact values (--extra-builtins; analysis/opt_in_builtins.py): x * 2^e, exact
in a float for an integer x of S and an exponent in [0, 8], which the reconditioner's
SAFE_LDEXP keeps (a negative exponent, one above 8, or a result outside S is brought
back). A hand-written program with hand-computed values, as written and reconditioned,
in GLSL and WGSL, on the interpreter and every CPU target (run by test_issue36_cpu_runs.py
and test_issue36_wgsl_runs.py); generated programs calling it agree."""

from __future__ import annotations

from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from tests.feature_runs import CPU_TARGETS, WGSL_TARGETS, OptInBuiltin

HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    vec3 x;
    ivec3 k;
    float f;
    float g;
    float h;
};

void main() {
    f = ldexp(x.x, k.x);
    vec3 r = ldexp(x, k);
    g = r.y;
    h = r.x + r.z;
}
"""
# As written, x = (3, -5, 7), k = (4, 2, 0): f = 3 * 16 = 48, r = (48, -20, 7), g = -20,
# h = 55. Reconditioned, with k = (-3, 200, 9) (a fraction, an undefined value, a
# result in S all the same): SAFE_LDEXP clamps the exponents to (0, 8, 8) and gives
# f = 3, r = (3, -1280, 1792), g = -1280, h = 1795.
AS_WRITTEN: BufferValues = {
    "buf": {"x": (3.0, -5.0, 7.0), "k": (4, 2, 0), "f": 1.0, "g": 1.0, "h": 1.0}
}
EXPECTED = {"f": 48.0, "g": -20.0, "h": 55.0}
GUARDED: BufferValues = {"buf": {**AS_WRITTEN["buf"], "k": (-3, 200, 9)}}
GUARDED_EXPECTED = {"f": 3.0, "g": -1280.0, "h": 1795.0}

LDEXP = OptInBuiltin(
    "ldexp",
    HAND_WRITTEN,
    AS_WRITTEN,
    EXPECTED,
    GUARDED,
    GUARDED_EXPECTED,
    "LDEXP",
    # WGSL's re-picked when frexp joined WGSL's opt-in built-ins (its call statements
    # drew anew): not 21, which hits findings row 28 on wgpu-vk (lavapipe folds
    # pack4x8snorm of a negative component wrong) and naga's known integer-division bug
    # on wgpu-gl (an int % with a negative operand).
    {GLSL450.name: (2, 9, 1), WGSL.name: (17, 20, 14)},
)


def cpu_jobs() -> list[Job]:
    return LDEXP.jobs(GLSL450)


def wgsl_jobs() -> list[Job]:
    return LDEXP.jobs(WGSL)


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    LDEXP.check(results, CPU_TARGETS)


def check_wgsl_results(results: list[dict[str, RunResult]]) -> None:
    LDEXP.check(results, WGSL_TARGETS)


def test_wgsl_spells_ldexp_alike_and_the_option_is_off_by_default() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert "ldexp(x.x, k.x)" in emit(program, GLSL450)
    assert "ldexp(_ss_buf.x.x, _ss_buf.k.x)" in emit(program, WGSL)
    assert LDEXP.off_by_default(range(6))


def test_reconditioned_programs_calling_ldexp_are_free_of_undefined_behaviour() -> None:
    assert LDEXP.checked_free_of_undefined_behaviour(range(16)) >= 3
