"""Subgroup operations in multi-invocation compute programs (issue 20, part 1): the
interpreter's subgroups of a given size against values worked out by hand (partial last
subgroup, wrap-around, scans, ballots, broadcast), the sanitizer's rules (non-uniform
control flow, a broadcast from an inactive lane), the generator's option (off: the
programs of before), the record keeping the size, and hand-written and generated
programs agreeing with the interpreter on the Vulkan drivers whose subgroups have the
test's size, while the others (and Mesa 22's GL, which has no GL_KHR_shader_subgroup)
sit the test out."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from shadersmith.case.codec import inputs_from_json, inputs_to_json
from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.generate.subgroups import broadcast_lanes
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.values import BufferValues, Value
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession

SUBGROUPS = SmithOptions(subgroup_probability=0.3)
VULKAN_SIZES = {"vk-lavapipe": 8, "vk-lavapipe-opt": 8, "vk-swiftshader": 4}

_SHADER = """#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 10) in;
layout(std430, binding = 0) buffer O { uint a[10]; uint b[10]; uint c[10]; uvec4 d[10];
    uint e[10]; int f[10]; uint g[10]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    a[i] = subgroupAdd(i);
    b[i] = subgroupExclusiveAdd(i + 1u);
    c[i] = gl_SubgroupInvocationID * 100u + gl_SubgroupSize;
    d[i] = subgroupBallot((i & 1u) == 0u);
    e[i] = subgroupBallotBitCount(subgroupBallot(true)) + (subgroupElect() ? 1000u : 0u)
        + subgroupBroadcast(i, 1u) * 10000u;
    f[i] = subgroupMin(-int(i)) + subgroupInclusiveMul(2147483647);
    g[i] = (subgroupAll(i < 8u) ? 1u : 0u) + (subgroupAny(i == 9u) ? 2u : 0u)
        + (subgroupAllEqual(i / 4u) ? 4u : 0u) + subgroupInclusiveXor(1u << i);
}
"""
_ZERO: dict[str, Value] = {"a": (0,) * 10, "b": (0,) * 10, "c": (0,) * 10, "d": ((0,) * 4,) * 10}
_VALUES: BufferValues = {"O": {**_ZERO, "e": (0,) * 10, "f": (0,) * 10, "g": (0,) * 10}}


def _run(size: int, source: str = _SHADER) -> dict[str, tuple[object, ...]]:
    program = parse_glsl(source).program
    return run_compute(program, _VALUES, subgroup_size=size).buffers["O"]  # type: ignore[return-value]


# ---------------------------------------------------------------- semantics by hand


def test_subgroups_of_four_the_last_one_partial() -> None:
    got = _run(4)
    # Subgroups {0..3}, {4..7}, {8, 9}.
    assert got["a"] == (6,) * 4 + (22,) * 4 + (17,) * 2
    assert got["b"] == (0, 1, 3, 6, 0, 5, 11, 18, 0, 9)
    assert got["c"] == (4, 104, 204, 304) * 2 + (4, 104)
    assert got["d"] == ((0b0101, 0, 0, 0),) * 8 + ((0b01, 0, 0, 0),) * 2
    # Active lanes counted, lane 0 elected, lane 1's index broadcast.
    assert got["e"] == (11004, 10004, 10004, 10004, 51004, 50004, 50004, 50004, 91002, 90002)
    # min(-lanes) plus a wrapping product of (2^31 - 1)^k: -1 for odd k, 1 for even k.
    big = 2**31 - 1
    assert got["f"] == (-3 + big, -2, -3 + big, -2, -7 + big, -6, -7 + big, -6, -9 + big, -8)
    xor_scan = (1, 3, 7, 15, 16, 48, 112, 240, 256, 768)
    votes = (1 + 4,) * 4 + (1 + 4,) * 4 + (2 + 4,) * 2
    assert got["g"] == tuple(v + x for v, x in zip(votes, xor_scan, strict=True))


def test_subgroups_of_eight_and_of_more_than_the_work_group() -> None:
    eight = _run(8)
    assert eight["a"] == (28,) * 8 + (17,) * 2
    assert eight["d"] == ((0b01010101, 0, 0, 0),) * 8 + ((1, 0, 0, 0),) * 2
    thirty_two = _run(32)
    assert thirty_two["a"] == (45,) * 10
    assert thirty_two["c"] == tuple(100 * i + 32 for i in range(10))
    assert thirty_two["e"] == (11010,) + (10010,) * 9


def test_barriers_and_subgroups_together() -> None:
    source = """#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer O { uint a[10]; };
shared uint s[8];
void main() {
    uint i = gl_LocalInvocationIndex;
    s[i] = subgroupAdd(i);
    barrier();
    a[i] = s[7u - i] + subgroupMax(i);
}
"""
    program = parse_glsl(source).program
    got = run_compute(program, {"O": {"a": (0,) * 10}}, subgroup_size=4).buffers["O"]["a"]
    assert got == (22 + 3,) * 4 + (6 + 7,) * 4 + (0, 0)


# ---------------------------------------------------------------- the sanitizer


@pytest.mark.parametrize(
    "body",
    [
        "if (gl_LocalInvocationIndex < 6u) a[0] = subgroupAdd(1u);",
        "if (gl_LocalInvocationIndex == 9u) return; a[gl_LocalInvocationIndex] = subgroupAdd(1u);",
        "a[gl_LocalInvocationIndex] = subgroupBroadcast(1u, 3u);",  # lanes 8, 9 only
        "a[gl_LocalInvocationIndex] = subgroupBallotFindLSB(subgroupBallot(false));",
    ],
)
def test_undefined_subgroup_operations_are_reported(body: str) -> None:
    source = f"""#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 10) in;
layout(std430, binding = 0) buffer O {{ uint a[10]; }};
void main() {{ {body} }}
"""
    program = parse_glsl(source).program
    with pytest.raises(UndefinedBehaviour) as caught:
        run_compute(program, {"O": {"a": (0,) * 10}}, subgroup_size=8)
    assert caught.value.category is UBCategory.NON_UNIFORM_SUBGROUP


def test_a_broadcast_lane_is_active_in_every_subgroup_of_any_size() -> None:
    assert broadcast_lanes(10) == 2  # 10 = 8 + 2 = 4 + 4 + 2
    assert broadcast_lanes(64) == 4
    assert broadcast_lanes(3) == 3


# ---------------------------------------------------------------- the generator


def _with_subgroups(seeds: range) -> list[GeneratedProgram]:
    return [g for s in seeds if (g := generate(s, SUBGROUPS)).subgroup_size is not None]


def test_subgroups_are_off_by_default_and_leave_programs_unchanged() -> None:
    assert SmithOptions().subgroup_probability == 0.0
    legacy = {k: v for k, v in options_to_dict(SUBGROUPS).items() if k != "subgroup_probability"}
    assert options_from_dict(legacy).subgroup_probability == 0.0
    for seed in range(10):
        default = generate(seed, SmithOptions())
        off = generate(seed, dataclasses.replace(SmithOptions(), subgroup_probability=0.0))
        assert emit_glsl(default.program) == emit_glsl(off.program)
        assert default.subgroup_size is None and "subgroup" not in emit_glsl(default.program)


def test_fuzz_option() -> None:
    assert from_flags(subgroups=0.25).subgroup_probability == 0.25
    assert from_flags().subgroup_probability == 0.0


def test_generated_subgroup_programs_record_their_size_and_forms() -> None:
    generated = _with_subgroups(range(60))
    assert len(generated) >= 5
    assert {g.subgroup_size for g in generated} == {4, 8}
    forms = {k for g in generated for k in g.choices if k.startswith("subgroup:")}
    assert len(forms) >= 4
    for g in generated:
        assert "#extension GL_KHR_shader_subgroup_basic : require" in emit_glsl(g.program)
    for seed in range(10):
        single = dataclasses.replace(SUBGROUPS, multi_invocation_probability=0.0)
        assert generate(seed, single).subgroup_size is None


def test_a_fixed_subgroup_size_for_a_gpu_of_another_size() -> None:
    # NVIDIA's 32: every subgroup program runs at it, the rest as they were.
    fixed = dataclasses.replace(SUBGROUPS, subgroup_size=32)
    generated = [generate(s, fixed) for s in range(120)]
    sized = [g for g in generated if g.subgroup_size is not None]
    assert len(sized) >= 3 and {g.subgroup_size for g in sized} == {32}
    assert options_from_dict(options_to_dict(fixed)).subgroup_size == 32
    with pytest.raises(ValueError, match="subgroup_size must be one of"):
        dataclasses.replace(SUBGROUPS, subgroup_size=5)


def test_the_test_record_keeps_the_subgroup_size() -> None:
    from shadersmith.trial import prepare_generated

    trial = prepare_generated(_with_subgroups(range(60))[0], GLSL450)
    size = trial.job.subgroup_size
    assert size in (4, 8) and trial.test.inputs.subgroup_size == size
    data = inputs_to_json(trial.test.inputs, "compute")
    assert data["subgroup_size"] == size
    assert inputs_from_json(data, "test.json").subgroup_size == size


# ---------------------------------------------------------------- the real drivers


def _agree_at_their_size(jobs: Sequence[Job], names: Sequence[str]) -> None:
    """Each job's Vulkan targets of its subgroup size give the interpreter's output; the
    others and gl-llvmpipe answer unsupported."""
    targets = ["interp", "gl-llvmpipe", *VULKAN_SIZES]
    with TargetSession(targets, 1, 120) as session:
        for index, results in session.run_many(list(jobs)):
            name, size, expected = names[index], jobs[index].subgroup_size, results["interp"]
            assert expected.ok, f"{name}: {expected.log}"
            assert results["gl-llvmpipe"].status is RunStatus.UNSUPPORTED, name
            for target, offered in VULKAN_SIZES.items():
                got = results[target]
                if offered != size:
                    assert got.status is RunStatus.UNSUPPORTED, f"{name} {target}"
                    continue
                assert got.ok, f"{name} {target}: {got.log[-500:]}"
                assert got.log.startswith(f"subgroup size {size}"), got.log
                assert same_output(expected, got), f"{name} {target}"


def test_a_hand_written_shader_agrees_at_each_size() -> None:
    program = parse_glsl(_SHADER).program
    job = job_from_program(program, _VALUES, GLSL450)
    jobs = [dataclasses.replace(job, subgroup_size=size) for size in (4, 8)]
    _agree_at_their_size(jobs, ["size 4", "size 8"])


def test_generated_subgroup_programs_agree_on_the_vulkan_drivers() -> None:
    from shadersmith.trial import prepare_generated

    generated = _with_subgroups(range(40))[:5]
    assert {g.subgroup_size for g in generated} == {4, 8}
    jobs = [prepare_generated(g, GLSL450).job for g in generated]
    _agree_at_their_size(jobs, [f"seed {g.seed}" for g in generated])


def test_lavapipe_cuts_subgroups_out_of_rows_and_sits_such_tests_out() -> None:
    source = """#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 5, local_size_y = 2) in;
layout(std430, binding = 0) buffer O { uint a[10]; };
void main() {
    a[gl_LocalInvocationIndex] = subgroupBroadcastFirst(gl_LocalInvocationIndex) * 100u
        + gl_SubgroupInvocationID;
}
"""
    program = parse_glsl(source).program
    job = job_from_program(program, {"O": {"a": (0,) * 10}}, GLSL450)
    jobs = [dataclasses.replace(job, subgroup_size=size) for size in (4, 8)]
    with TargetSession(["interp", "vk-lavapipe", "vk-swiftshader"], 1, 120) as session:
        for index, results in session.run_many(jobs):
            if jobs[index].subgroup_size == 4:  # SwiftShader: consecutive indices
                assert results["vk-swiftshader"].buffers[0]["a"] == (
                    0,
                    1,
                    2,
                    3,
                    400,
                    401,
                    402,
                    403,
                    800,
                    801,
                )
                assert same_output(results["interp"], results["vk-swiftshader"])
            else:  # lavapipe would make the rows {0..4} and {5..9}
                assert results["vk-lavapipe"].status is RunStatus.UNSUPPORTED
                assert "rows" in results["vk-lavapipe"].log
