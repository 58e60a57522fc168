"""frexp on exact values (--extra-builtins; analysis/opt_in_builtins.py): x = m * 2^e with
|m| in [0.5, 1), exact for every float; the mantissa leaves the exact set S, so the
reconditioner scales it back at once (`ldexp(frexp(x, e), 24)`, an integer of S). A
hand-written program with hand-computed values, as written and reconditioned, on the
interpreter and every CPU target (run by test_issue36_cpu_runs.py); generated programs
calling it agree. WGSL's (the same IR, spelled with a helper): tests/test_wgsl_frexp.py."""

from __future__ import annotations

import pytest

from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.interp.defined import check_defined
from shadersmith.interp.errors import UndefinedBehaviour
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.values import BufferValues, Value
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from tests.feature_runs import CPU_TARGETS, OptInBuiltin

HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    vec3 x;
    ivec3 k;
    float f;
    float g;
    float h;
    int e;
    ivec3 ev;
};

void main() {
    f = ldexp(frexp(x.x, e), k.x);
    vec3 r = ldexp(frexp(x, ev), k);
    g = r.y;
    h = r.x + r.z;
}
"""
# As written, x = (48, -5, 1024): 48 = 0.75 * 2^6, -5 = -0.625 * 2^3, 1024 = 0.5 * 2^11, so
# e = 6, ev = (6, 3, 11); with k = (4, 3, 3), f = 0.75 * 16 = 12, r = (0.75 * 16, -0.625 * 8,
# 0.5 * 8) = (12, -5, 4), g = -5, h = 16.
_OUTPUTS: dict[str, Value] = {"f": 1.0, "g": 1.0, "h": 1.0, "e": 0, "ev": (0, 0, 0)}
AS_WRITTEN: BufferValues = {"buf": {"x": (48.0, -5.0, 1024.0), "k": (4, 3, 3), **_OUTPUTS}}
EXPECTED = {"f": 12.0, "g": -5.0, "h": 16.0, "e": 6, "ev": (6, 3, 11)}
# Reconditioned, with x = (48, -5, 3) and k = (0, 0, 0): each mantissa is scaled by 2^24
# first (`ldexp(frexp(x, e), 24)`), so f = 12582912, r = (12582912, -10485760, 12582912),
# g = -10485760, and h = 25165824 leaves S (2^24 or more): MAKE_IN_RANGE gives 10. The
# exponents are as before: e = 6, ev = (6, 3, 2).
GUARDED: BufferValues = {"buf": {"x": (48.0, -5.0, 3.0), "k": (0, 0, 0), **_OUTPUTS}}
GUARDED_EXPECTED = {"f": 12582912.0, "g": -10485760.0, "h": 10.0, "e": 6, "ev": (6, 3, 2)}
# The bare mantissa used as a float: outside S, refused by the sanitizer.
BARE_MANTISSA = HAND_WRITTEN.replace("h = r.x + r.z;", "h = frexp(x.z, e) + 1.0;")

FREXP = OptInBuiltin(
    "frexp",
    HAND_WRITTEN,
    AS_WRITTEN,
    EXPECTED,
    GUARDED,
    GUARDED_EXPECTED,
    None,
    {GLSL450.name: (12, 15, 1)},
)


def cpu_jobs() -> list[Job]:
    return FREXP.jobs(GLSL450)


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    FREXP.check(results, CPU_TARGETS)


def test_the_reconditioner_scales_the_mantissa_back_into_the_exact_set() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    guarded = recondition(program, GUARDED, ReconditionOptions())
    text = emit(guarded.program, GLSL450)
    assert "(ldexp(frexp(x.x, e), 24), k.x)" in text
    assert "(ldexp(frexp(x, ev), ivec3(24)), k)" in text
    check_defined(guarded.program, guarded.buffer_values)
    # ldexp may take the mantissa as written (its results are in S here), not a sum.
    check_defined(program, AS_WRITTEN)
    with pytest.raises(UndefinedBehaviour, match="exact set"):
        check_defined(parse_glsl(BARE_MANTISSA).program, AS_WRITTEN)


def test_frexp_is_off_by_default() -> None:
    assert FREXP.off_by_default(range(6))


def test_reconditioned_programs_calling_frexp_are_free_of_undefined_behaviour() -> None:
    assert FREXP.checked_free_of_undefined_behaviour(range(24)) >= 3
