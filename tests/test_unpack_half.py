"""unpackHalf2x16 on exact values (--extra-builtins; analysis/opt_in_builtins.py): a half
that is a non-zero integer is one of S, and the reconditioner's SAFE_HALF_UNPACK gives
every other pattern (zero, a fraction, an infinity, a NaN) an exponent field of 25. A
hand-written program with hand-computed values, as written and reconditioned, in GLSL and
WGSL, on the interpreter and every CPU target (run by test_issue36_cpu_runs.py and
test_issue36_wgsl_runs.py); generated programs calling it agree."""

from __future__ import annotations

import dataclasses
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
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UndefinedBehaviour
from shadersmith.interp.defined import check_defined
from shadersmith.ir.expressions import Call
from shadersmith.ir.profile import GLSL450, WGSL, Language, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]
WGSL_TARGETS = ["interp", "wgpu-vk", "wgpu-gl"]
EXTRA = SmithOptions(extra_builtin_probability=1.0)

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


def _calls_unpack(program: Program) -> bool:
    return any(isinstance(n, Call) and n.callee == "unpackHalf2x16" for n in iter_nodes(program))


def test_the_integer_test_of_the_bits_is_the_value_being_a_non_zero_integer() -> None:
    for half in range(1 << 16):
        (value,) = struct.unpack("<e", struct.pack("<H", half))
        integer = math.isfinite(value) and value != 0.0 and value == int(value)
        assert half_is_integer(half) == integer, hex(half)
        # The wrapper's replacement is always one.
        replaced = (half & HALF_INTEGER_KEEP & 0xFFFF) | (HALF_INTEGER_EXPONENT & 0xFFFF)
        assert half_is_integer(replaced), hex(half)
    assert half_unpacked(0xC0004700) == (7.0, -2.0)


def _hand_jobs(profile: LanguageProfile) -> list[Job]:
    program = parse_glsl(HAND_WRITTEN).program
    language = Language.WGSL if profile is WGSL else Language.GLSL
    with pytest.raises(UndefinedBehaviour, match="unpackHalf2x16"):
        check_defined(program, GUARDED)
    guarded = recondition(program, GUARDED, ReconditionOptions(language=language))
    assert any("HALF_UNPACK" in name for name in guarded.wrappers_used), guarded.wrappers_used
    check_defined(guarded.program, guarded.buffer_values)
    return [
        job_from_program(program, AS_WRITTEN, profile),
        job_from_program(guarded.program, guarded.buffer_values, profile),
    ]


# Seeds (compute, compute, fragment) whose programs call unpackHalf2x16 with the option on.
SEEDS = {GLSL450.name: (0, 32, 1), WGSL.name: (5, 36, 25)}


def _jobs(profile: LanguageProfile) -> list[Job]:
    """The hand-written jobs, then generated programs that call it, made alike twice."""
    jobs = _hand_jobs(profile)
    for seed, fragment in zip(SEEDS[profile.name], (0.0, 0.0, 1.0), strict=True):
        options = dataclasses.replace(EXTRA, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, profile), profile)
        assert prepared.program is not None and _calls_unpack(prepared.program), seed
        again = prepare_generated(generate(seed, options, profile), profile)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
    return jobs


def cpu_jobs() -> list[Job]:
    return _jobs(GLSL450)


def wgsl_jobs() -> list[Job]:
    return _jobs(WGSL)


def _check(results: list[dict[str, RunResult]], targets: list[str]) -> None:
    for index, expected in ((0, EXPECTED), (1, GUARDED_EXPECTED)):
        for target in targets:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            values = {k: got.buffers[0][k] for k in expected}
            assert values == expected, (index, target, values)
    for index in range(2, len(results)):
        reference = results[index]["interp"]
        assert reference.ok, reference.log
        for target in targets[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(reference, got), f"{index} {target}"


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    _check(results, CPU_TARGETS)


def check_wgsl_results(results: list[dict[str, RunResult]]) -> None:
    _check(results, WGSL_TARGETS)


def test_wgsl_spells_it_unpack2x16float_and_the_option_is_off_by_default() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert "unpackHalf2x16(u)" in emit(program, GLSL450)
    assert "unpack2x16float(_ss_buf.u)" in emit(program, WGSL)
    for seed in range(6):
        assert not _calls_unpack(generate(seed, SmithOptions(), GLSL450).program)


def test_reconditioned_programs_calling_it_are_free_of_undefined_behaviour() -> None:
    checked = 0
    for seed in range(40):
        prepared = prepare_generated(generate(seed, EXTRA, GLSL450), GLSL450)
        assert prepared.program is not None and prepared.values is not None
        if _calls_unpack(prepared.program):
            check_defined(prepared.program, prepared.values)
            checked += 1
    assert checked >= 2
