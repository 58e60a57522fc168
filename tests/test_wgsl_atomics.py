"""Atomics in WGSL (issue 20, part 1): the elements that atomics update are declared
`atomic<i32>`/`atomic<u32>` and reached through their addresses, plain reads and writes
of them are atomicLoad/atomicStore, what WGSL cannot say raises; hand-written programs
give the values worked out by hand on wgpu-vk and wgpu-gl; generated WGSL programs get
counters (the profile allows them now), touch them only through atomic statements, and
agree with the interpreter on wgpu-vk."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.emit.wgsl_types import WGSLEmitError
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.ir.profile import WGSL, Language
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated
from tests.driver_agreement import assert_agree_on_wgpu

ATOMICS = SmithOptions(atomic_probability=0.5)

_HEADER = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer O { int o[8]; uint u[2]; };
shared int sh[4];
"""
_VALUES: BufferValues = {"O": {"o": tuple(range(8)), "u": (0, 0xFFFFFFFF)}}
# Every order-independent atomic by every invocation of two work groups of 4, with
# atomicAdd wrapping around (8 * (2^31 - 1) is -8 in i32; 2^32 - 1 + 28 is 27 in u32).
_EVERY_OPERATION = """int k = int(gl_GlobalInvocationID.x);
    atomicAdd(o[0], 2147483647); atomicMin(o[1], -k); atomicMax(o[2], k);
    atomicXor(o[3], 1 << k); atomicOr(o[4], 16 << k); atomicAnd(o[5], ~(1 << (k % 3)));
    atomicAdd(u[1], uint(k));"""
_BY_HAND = {"o": (-8, -7, 7, 3 ^ 0xFF, 4 | (0xFF << 4), 5 & ~0b111, 6, 7), "u": (0, 27)}
# Atomics on shared memory, which is set and read back by plain accesses.
_SHARED = """if (gl_LocalInvocationIndex == 0u) sh[0] = 100;
    barrier();
    atomicAdd(sh[0], int(gl_LocalInvocationIndex));
    barrier();
    o[gl_GlobalInvocationID.x] = sh[0];"""


def _program(body: str) -> Program:
    return parse_glsl(_HEADER + f"void main() {{ {body} }}\n").program


@pytest.fixture(scope="module")
def wgpu() -> Iterator[TargetSession]:
    with TargetSession(["wgpu-vk", "wgpu-gl"]) as session:
        assert session.present == ["wgpu-vk", "wgpu-gl"], session.missing
        yield session


# ---------------------------------------------------------------- the emitter


def test_counters_are_declared_atomic_and_updated_through_their_addresses() -> None:
    text = emit_wgsl(_program(_EVERY_OPERATION))
    assert "o: array<atomic<i32>, 8>," in text
    assert "u: array<atomic<u32>, 2>," in text
    assert "atomicAdd(&_ss_O.o[0i], 2147483647i);" in text  # a call statement, no `_ =`
    assert "atomicAnd(&_ss_O.o[5i], ~(1i << u32((k % 3i))));" in text
    assert "sh: array<i32, 4>" in text  # no atomic updates it


def test_plain_accesses_of_a_counter_are_atomic_loads_and_stores() -> None:
    text = emit_wgsl(_program(_SHARED))
    assert "var<workgroup> sh: array<atomic<i32>, 4>;" in text
    assert "atomicStore(&sh[0i], 100i);" in text
    assert "atomicAdd(&sh[0i], i32(gl_LocalInvocationIndex));" in text
    assert "_ss_O.o[gl_GlobalInvocationID.x] = atomicLoad(&sh[0i]);" in text
    assert "o: array<i32, 8>," in text


@pytest.mark.parametrize(
    "body",
    [
        "atomicAdd(o[0], 1); o[0] += 2;",  # only an atomic may update a counter in place
        "atomicAdd(o[0], 1); o[1]++;",
        "atomicAdd(o[0], 1); int c[8] = o;",  # WGSL loads no atomic array whole
        "int x = 0; atomicAdd(x, 1);",  # atomics live in storage and workgroup memory
    ],
)
def test_what_wgsl_cannot_say_of_a_counter_is_refused(body: str) -> None:
    with pytest.raises(WGSLEmitError):
        emit_wgsl(_program(body))


# ---------------------------------------------------------------- the real drivers


@pytest.mark.parametrize("body", [_EVERY_OPERATION, _SHARED])
def test_hand_written_atomics_give_the_values_by_hand_on_wgpu(
    body: str, wgpu: TargetSession
) -> None:
    program = _program(body)
    expected = run_compute(program, _VALUES, workgroups=(2, 1, 1), language=Language.WGSL)
    got = dict(expected.buffers["O"])
    if body is _EVERY_OPERATION:
        assert got == _BY_HAND
    job = job_from_program(program, _VALUES, WGSL, groups=(2, 1, 1))
    for target, result in wgpu.run(job).items():
        assert result.ok, f"{target}: {result.log}"
        assert result.buffers[0] == got, target


# ---------------------------------------------------------------- generated programs


def _with_atomics(seeds: range) -> list[GeneratedProgram]:
    programs = [generate(s, ATOMICS, WGSL) for s in seeds]
    return [g for g in programs if any(k.startswith("atomic:") for k in g.choices)]


def test_generated_wgsl_counters_are_touched_only_by_atomic_statements() -> None:
    generated = _with_atomics(range(30))
    assert len(generated) >= 6
    for g in generated:
        text = prepare_generated(g, WGSL).job.source
        assert "array<atomic<" in text
        uses = [line.strip() for line in text.splitlines() if "_atomic" in line]
        for use in uses:
            declared = use.endswith(">,")
            assert declared or use.startswith("atomic"), use
        assert "atomicLoad" not in text and "atomicStore" not in text


def test_generated_wgsl_atomic_programs_agree_with_the_interpreter_on_wgpu_vk() -> None:
    generated = _with_atomics(range(40))[:6]
    jobs = [prepare_generated(g, WGSL).job for g in generated]
    assert_agree_on_wgpu(jobs, [f"seed {g.seed}" for g in generated])
