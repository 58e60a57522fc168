"""The opt-in exact built-ins (analysis/opt_in_builtins.py): isnan and isinf (false on
the exact float set) and the normalized packing functions (0 or the code's maximum per
component on it), in both interpreters and on every CPU target."""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.opt_in_builtins import half_packed, packed
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.expressions import Call
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]
EXTRA = SmithOptions(extra_builtin_probability=1.0)
NAMES = {
    "isnan",
    "isinf",
    "packUnorm4x8",
    "packSnorm4x8",
    "packUnorm2x16",
    "packSnorm2x16",
    "packHalf2x16",
}

# Hand-computed from the buffer's v = (-3, 5, 1, -1) and w = (7, -2):
# packUnorm4x8(v): bytes 0, 255, 255, 0 -> 0x00ffff00; packSnorm4x8(v): -127, 127, 127,
# -127 -> 0x817f7f81; packUnorm2x16(w): 65535, 0 -> 0x0000ffff; packSnorm2x16(w): 32767,
# -32767 -> 0x80017fff; isnan / isinf of exact values: false; packHalf2x16(w): 7.0 is
# binary16 0 10001 1100000000 = 0x4700, -2.0 is 1 10000 0000000000 = 0xc000 -> 0xc0004700;
# packHalf2x16(vec2(-2048.0, 1.0)): 1 11010 0000000000 = 0xe800, 0x3c00 -> 0x3c00e800.
HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    vec4 v;
    vec2 w;
    uint a;
    uint b;
    uint c;
    uint d;
    int e;
    uint f;
    uint g;
};

void main() {
    a = packUnorm4x8(v);
    b = packSnorm4x8(v);
    c = packUnorm2x16(w);
    d = packSnorm2x16(w);
    e = (any(isnan(v)) ? 1 : 0) + (isinf(w.x) ? 2 : 0) + (any(isinf(vec3(3.0, -4.0, 9.0))) ? 4 : 0);
    f = packHalf2x16(w);
    g = packHalf2x16(vec2(-2048.0, w.x - 6.0));
}
"""
EXPECTED = {
    "a": 0x00FFFF00,
    "b": 0x817F7F81,
    "c": 0x0000FFFF,
    "d": 0x80017FFF,
    "e": 0,
    "f": 0xC0004700,
    "g": 0x3C00E800,
}
VALUES: BufferValues = {
    "buf": {
        "v": (-3.0, 5.0, 1.0, -1.0),
        "w": (7.0, -2.0),
        "a": 0,
        "b": 0,
        "c": 0,
        "d": 0,
        "e": 7,
        "f": 0,
        "g": 0,
    }
}


def test_the_packing_kernel_follows_the_specification() -> None:
    assert packed("packUnorm4x8", (-3.0, 5.0, 1.0, -1.0)) == EXPECTED["a"]
    assert packed("packSnorm4x8", (-3.0, 5.0, 1.0, -1.0)) == EXPECTED["b"]
    assert packed("packUnorm2x16", (7.0, -2.0)) == EXPECTED["c"]
    assert packed("packSnorm2x16", (7.0, -2.0)) == EXPECTED["d"]
    assert half_packed((7.0, -2.0)) == EXPECTED["f"]
    assert half_packed((-2048.0, 1.0)) == EXPECTED["g"]


def _called(program: object) -> set[str]:
    return {n.callee for n in iter_nodes(program) if isinstance(n, Call)} & NAMES


def cpu_jobs() -> list[Job]:
    """The hand-written program and generated programs with the option on, which call
    the new built-ins, are made alike twice, and call none without the option (run by
    test_issue36_cpu_runs.py)."""
    jobs = [job_from_program(parse_glsl(HAND_WRITTEN).program, VALUES, GLSL450)]
    called: set[str] = set()
    for seed, fragment in ((2, 0.0), (3, 0.0), (9, 1.0)):
        options = dataclasses.replace(EXTRA, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert prepared.program is not None
        called |= _called(prepared.program)
        again = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
        assert not _called(generate(seed, SmithOptions(), GLSL450).program)
    assert called, "no generated program called an opt-in built-in"
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    """The hand-computed words everywhere; the generated programs agree."""
    for target in CPU_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert {k: got.buffers[0][k] for k in EXPECTED} == EXPECTED, target
    for index in range(1, len(results)):
        expected = results[index]["interp"]
        assert expected.ok, expected.log
        for target in CPU_TARGETS[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(expected, got), f"{index} {target}"


def test_wgsl_spells_the_packing_functions_and_never_calls_isnan() -> None:
    for seed in range(6):
        program = generate(seed, EXTRA, WGSL).program
        assert not _called(program) & {"isnan", "isinf"}
        text = emit(program, WGSL)
        assert "packUnorm" not in text and "packSnorm" not in text and "packHalf" not in text
