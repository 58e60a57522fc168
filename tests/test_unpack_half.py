"""unpackHalf2x16 on exact values (--extra-builtins; analysis/opt_in_builtins.py): a half
that is a non-zero integer is one of S, and the reconditioner's SAFE_HALF_UNPACK gives
every other pattern (zero, a fraction, an infinity, a NaN) an exponent field of 25. A
hand-written program with hand-computed values, as written and reconditioned, in GLSL and
WGSL, on the interpreter and every CPU target (run by test_issue36_cpu_runs.py and
test_issue36_wgsl_runs.py); generated programs calling it agree."""

from __future__ import annotations

import math
import struct

import pytest

from shadersmith.analysis.opt_in_builtins import (
    HALF_INTEGER_EXPONENT,
    HALF_INTEGER_KEEP,
    half_is_integer,
    half_unpacked,
)
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import UndefinedBehaviour
from shadersmith.interp.defined import check_defined
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from tests.feature_runs import CPU_TARGETS, WGSL_TARGETS, OptInBuiltin

HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    uint u;
    uint t;
    vec2 p;
    vec2 q;
    float s;
};

void main() {
    p = unpackHalf2x16(u);
    q = unpackHalf2x16(t);
    s = p.x * q.y;
}
"""
# As written: u = 0xc0004700 holds 7.0 (0 10001 1100000000) low and -2.0 (1 10000
# 0000000000) high; t = 0x3c00e800 holds -2048.0 (1 11010 0000000000) low and 1.0 high:
# p = (7, -2), q = (-2048, 1), s = 7.
AS_WRITTEN: BufferValues = {
    "buf": {"u": 0xC0004700, "t": 0x3C00E800, "p": (1.0, 1.0), "q": (1.0, 1.0), "s": 1.0}
}
EXPECTED = {"p": (7.0, -2.0), "q": (-2048.0, 1.0), "s": 7.0}
# Reconditioned, with u = 0x7c003555 (0x3555 is 0.333..., 0x7c00 infinity) and t =
# 0x3c000000 (0.0 low, so the whole word is replaced): each half keeps its sign and
# fraction bits and gets the exponent field 25, so 1024 + fraction: 0x3555 -> 0x6555 =
# 1024 + 0x155 = 1365, 0x7c00 -> 0x6400 = 1024, 0x0000 -> 1024, 0x3c00 -> 1024:
# p = (1365, 1024), q = (1024, 1024), s = 1365 * 1024 = 1397760.
GUARDED: BufferValues = {"buf": {**AS_WRITTEN["buf"], "u": 0x7C003555, "t": 0x3C000000}}
GUARDED_EXPECTED = {"p": (1365.0, 1024.0), "q": (1024.0, 1024.0), "s": 1397760.0}

UNPACK = OptInBuiltin(
    "unpackHalf2x16",
    HAND_WRITTEN,
    AS_WRITTEN,
    EXPECTED,
    GUARDED,
    GUARDED_EXPECTED,
    "HALF_UNPACK",
    # WGSL's re-picked when frexp joined WGSL's opt-in built-ins (its call statements
    # drew anew): not 49 nor the fragment 13, which hit naga's known integer-division bug
    # on wgpu-gl (wrong:naga-glsl-out:known:wgsl-integer-division, an int % with a
    # negative operand); nor GLSL's 39, which hits findings row 30 on vk-lavapipe (Mesa
    # 22's lavapipe; Mesa 25's runs it right).
    {GLSL450.name: (0, 27, 58), WGSL.name: (31, 41, 14)},
)


def test_the_integer_test_of_the_bits_is_the_value_being_a_non_zero_integer() -> None:
    for half in range(1 << 16):
        (value,) = struct.unpack("<e", struct.pack("<H", half))
        integer = math.isfinite(value) and value != 0.0 and value == int(value)
        assert half_is_integer(half) == integer, hex(half)
        # The wrapper's replacement is always one.
        replaced = (half & HALF_INTEGER_KEEP & 0xFFFF) | (HALF_INTEGER_EXPONENT & 0xFFFF)
        assert half_is_integer(replaced), hex(half)
    assert half_unpacked(0xC0004700) == (7.0, -2.0)


def test_the_guarded_values_are_undefined_as_written() -> None:
    with pytest.raises(UndefinedBehaviour, match="unpackHalf2x16"):
        check_defined(parse_glsl(HAND_WRITTEN).program, GUARDED)


def cpu_jobs() -> list[Job]:
    return UNPACK.jobs(GLSL450)


def wgsl_jobs() -> list[Job]:
    return UNPACK.jobs(WGSL)


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    UNPACK.check(results, CPU_TARGETS)


def check_wgsl_results(results: list[dict[str, RunResult]]) -> None:
    UNPACK.check(results, WGSL_TARGETS)


def test_wgsl_spells_it_unpack2x16float_and_the_option_is_off_by_default() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert "unpackHalf2x16(u)" in emit(program, GLSL450)
    assert "unpack2x16float(_ss_buf.u)" in emit(program, WGSL)
    assert UNPACK.off_by_default(range(6))


def test_reconditioned_programs_calling_it_are_free_of_undefined_behaviour() -> None:
    assert UNPACK.checked_free_of_undefined_behaviour(range(40)) >= 2


FRAGMENT = """#version 450
layout(location = 0) out uvec4 _color;

void main() {
    vec2 h = unpackHalf2x16(packHalf2x16(vec2(7.0, -2.0)));
    _color = uvec4(uint(h.x), uint(-h.y), packHalf2x16(vec2(1.0, 2.0)) >> 16u, 1u);
}
"""


def test_softpipes_glsl_330_text_asks_for_the_packing_extension_and_runs() -> None:
    """softpipe runs a fragment test's GLSL 3.30 text (rebuild/jobs.py), where the half
    packing functions come with GL_ARB_shading_language_packing: without the line,
    Mesa's front-end has no such function (a false finding of issue 36's campaign)."""
    program = parse_glsl(FRAGMENT).program
    job = job_from_program(program, {}, GLSL450, framebuffer=(8, 8))
    assert job.source_gl33 is not None
    assert "#extension GL_ARB_shading_language_packing : require" in job.source_gl33
    assert "GL_ARB_shading_language_packing" not in job.source
    with TargetSession(["gl-softpipe", "interp"]) as session:
        results = session.run(job)
    softpipe, expected = results["gl-softpipe"], results["interp"]
    assert softpipe.ok and expected.ok, softpipe.log
    assert softpipe.image is not None and expected.image is not None
    # 2.0 is binary16 0x4000: the high half of the word.
    assert tuple(expected.image[0, 0]) == (7, 2, 0x4000, 1)
    assert (softpipe.image == expected.image).all()
