"""Subgroup operations in WGSL (generate/subgroups.py, emit/wgsl_subgroups.py): naga takes
the WGSL the emitter writes for each GLSL subgroup built-in the generator makes, and wgpu-vk
(naga's SPIR-V on lavapipe, subgroups of 8 here) gives the interpreter's values; a test of
another size, or whose work group lavapipe cuts into other subgroups, sits out."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from shadersmith.analysis.subgroups import EXTENSION_OF
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.ir.expressions import Call, VariableRef
from shadersmith.ir.profile import WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated

SUBGROUPS = SmithOptions(subgroup_probability=0.6, multi_invocation_probability=1.0)
LAVAPIPE_SIZE = 8

# Every subgroup built-in the generator makes, in a work group of 10: at size 8 a whole
# subgroup {0..7} and a partial one {8, 9}.
_SHADER = """#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 10) in;
layout(std430, binding = 0) buffer O { uint a[10]; int b[10]; uint c[10]; uint d[10];
    uint e[10]; uvec4 f[10]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    a[i] = subgroupAdd(i) + subgroupMul(i + 1u) + subgroupMin(i) * 7u + subgroupMax(i) * 11u
        + (subgroupAnd(i | 8u) ^ subgroupOr(i) ^ subgroupXor(i * 3u));
    b[i] = subgroupInclusiveAdd(int(i) - 5) + subgroupExclusiveAdd(-int(i))
        + subgroupInclusiveMul(int(i) - 2) * 3 + subgroupExclusiveMul(2147483647);
    c[i] = gl_SubgroupInvocationID * 100u + gl_SubgroupSize
        + subgroupBroadcast(i * 5u, 1u) * 1000u + subgroupBroadcastFirst(i + 3u) * 100000u;
    d[i] = (subgroupElect() ? 1u : 0u) + (subgroupAll(i < 8u) ? 2u : 0u)
        + (subgroupAny(i == 9u) ? 4u : 0u) + (subgroupAllEqual(i / 8u) ? 8u : 0u)
        + (subgroupAllEqual((i & 1u) == 0u) ? 16u : 0u)
        + (subgroupAllEqual(int(i) > 20) ? 32u : 0u);
    uvec4 even = subgroupBallot((i & 1u) == 0u);
    e[i] = subgroupBallotBitCount(even) + subgroupBallotInclusiveBitCount(even) * 10u
        + subgroupBallotExclusiveBitCount(even) * 100u
        + (subgroupInverseBallot(even) ? 1000u : 0u)
        + (subgroupBallotBitExtract(even, 2u) ? 10000u : 0u)
        + (subgroupBallotBitExtract(even, 3u) ? 100000u : 0u);
    f[i] = even;
}
"""
_VALUES: BufferValues = {
    "O": {name: (0,) * 10 for name in "abcde"} | {"f": ((0,) * 4,) * 10},
}


def _agree_on_wgpu_vk(jobs: Sequence[Job], names: Sequence[str]) -> None:
    """Each job of lavapipe's subgroup size gives the interpreter's output on wgpu-vk and
    is refused by wgpu-gl (Mesa 22's GL has no subgroups); one of another size is refused
    by both."""
    with TargetSession(["interp", "wgpu-vk", "wgpu-gl"], 1, 120) as session:
        assert "wgpu-vk" in session.present, f"wgpu-vk missing: {session.missing}"
        for index, results in session.run_many(list(jobs)):
            name, expected, got = names[index], results["interp"], results["wgpu-vk"]
            assert expected.ok, f"{name}: {expected.log}"
            assert results["wgpu-gl"].status is RunStatus.UNSUPPORTED, name
            if jobs[index].subgroup_size != LAVAPIPE_SIZE:
                assert got.status is RunStatus.UNSUPPORTED, f"{name}: {got.log}"
                continue
            assert got.ok, f"{name}: {got.log[-800:]}"
            assert got.log.startswith(f"subgroup size {LAVAPIPE_SIZE}"), got.log
            assert same_output(expected, got), name


def _hand_written_job(size: int) -> Job:
    return job_from_program(parse_glsl(_SHADER).program, _VALUES, WGSL, subgroup_size=size)


def test_every_generated_subgroup_built_in_agrees_with_the_interpreter_on_wgpu_vk() -> None:
    job = _hand_written_job(LAVAPIPE_SIZE)
    # naga 29 has no subgroupElect, subgroupAllEqual or ballot readers: spelled otherwise.
    assert "subgroupElect" not in job.source and "fn _ss_ballot_below" in job.source
    assert "@builtin(subgroup_invocation_id)" in job.source
    _agree_on_wgpu_vk([job, _hand_written_job(4)], ["size 8", "size 4"])


def test_lavapipe_sits_out_a_wgsl_work_group_whose_rows_are_not_whole_subgroups() -> None:
    source = """#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 5, local_size_y = 2) in;
layout(std430, binding = 0) buffer O { uint a[10]; };
void main() {
    a[gl_LocalInvocationIndex] = subgroupBroadcastFirst(gl_LocalInvocationIndex);
}
"""
    program = parse_glsl(source).program
    job = job_from_program(program, {"O": {"a": (0,) * 10}}, WGSL, subgroup_size=LAVAPIPE_SIZE)
    assert "@workgroup_size(5, 2, 1)" in job.source
    with TargetSession(["wgpu-vk"], 1, 120) as session:
        ((_, results),) = list(session.run_many([job]))
    assert results["wgpu-vk"].status is RunStatus.UNSUPPORTED
    assert "rows" in results["wgpu-vk"].log


# ---------------------------------------------------------------- the generator


def _with_subgroups(seeds: range, options: SmithOptions = SUBGROUPS) -> list[GeneratedProgram]:
    return [g for s in seeds if (g := generate(s, options, WGSL)).subgroup_size is not None]


def _subgroup_calls(generated: GeneratedProgram) -> set[str]:
    return {
        node.callee
        for node in iter_nodes(generated.program)
        if isinstance(node, Call) and node.callee in EXTENSION_OF
    }


def test_wgsl_programs_are_unchanged_with_subgroups_off() -> None:
    for seed in range(40):
        default = generate(seed, SmithOptions(), WGSL)
        off = generate(seed, dataclasses.replace(SUBGROUPS, subgroup_probability=0.0), WGSL)
        assert default.subgroup_size is None and "subgroup" not in emit_wgsl(default.program)
        assert off.subgroup_size is None


def test_wgsl_gets_no_scan_it_lacks_and_no_lane_in_a_work_group_of_rows() -> None:
    generated = _with_subgroups(range(300))
    assert len(generated) >= 40
    called = set().union(*map(_subgroup_calls, generated))
    assert not called & WGSL.missing_builtins
    assert {"subgroupElect", "subgroupAllEqual", "subgroupBallotBitCount"} <= called
    rows = [g for g in generated if g.program.local_size[1] * g.program.local_size[2] > 1]
    assert rows
    for g in rows:
        names = {n.name for n in iter_nodes(g.program) if isinstance(n, VariableRef)}
        assert "gl_SubgroupInvocationID" not in names
        assert "subgroup_invocation_id" not in emit_wgsl(g.program)


def test_generated_wgsl_subgroup_programs_agree_on_wgpu_vk() -> None:
    generated = _with_subgroups(range(40))[:8]
    assert {g.subgroup_size for g in generated} == {4, 8}
    jobs = [prepare_generated(g, WGSL).job for g in generated]
    _agree_on_wgpu_vk(jobs, [f"seed {g.seed}" for g in generated])
