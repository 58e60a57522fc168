"""Push-constant fields of 16- and 8-bit integer types (generate/push_constants.py with
`SmithOptions.narrow_storage_probability`): Vulkan's storagePushConstant16 and
storagePushConstant8, which a job needs beside the storage feature of that width
(analysis/widths.py PUSH16, PUSH8) and a device without them answers `unsupported`
(SwiftShader, and GL, which has no 16-bit buffers at all). A hand-written program with
hand-computed values and generated ones agree on the interpreter and lavapipe with and
without spirv-opt (run by test_issue36_cpu_runs.py); the record replays the block and
the Amber export asks for the features."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shadersmith.analysis.widths import PUSH8, PUSH16, STORAGE8, STORAGE16
from shadersmith.case import load_test, write_test
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.narrow_storage import is_narrow
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.rebuild.regenerate import program_of
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.trial import prepare_generated

# Where the features are: lavapipe. SwiftShader has no 16- or 8-bit storage, Mesa's GL no
# GL_EXT_shader_16bit_storage.
RUNS = ["vk-lavapipe", "vk-lavapipe-opt"]
REFUSES = ["gl-llvmpipe", "vk-swiftshader"]
NARROW_PUSH = SmithOptions(push_constant_probability=1.0, narrow_storage_probability=0.6)
SEEDS = ((0, 0.0), (1, 0.0), (4, 1.0))

_BLOCK = """uniform PC {
    int16_t a;
    u8vec4 b;
    uint16_t c;
};"""
HAND_WRITTEN = f"""#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {{
    int r;
    uint u;
}};
#ifdef VULKAN
layout(push_constant) {_BLOCK}
#else
layout(std140, binding = 1) {_BLOCK}
#endif

void main() {{
    r = int(a) * 3;
    u = uint(b.w) + uint(c);
}}
"""
# std430: a at 0, b at 4 (a u8vec4 is 4-aligned), c at 8: 10 bytes, pushed as 12.
VALUES: BufferValues = {"buf": {"r": 0, "u": 0}, "PC": {"a": -300, "b": (1, 2, 3, 250), "c": 60000}}


def test_the_hand_written_block_is_read_back_as_a_narrow_push_constant_block() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    pushed = [b for b in program.buffers if b.push_constant]
    assert [b.block_name for b in pushed] == ["PC"] and pushed[0].instance_name is None
    job = job_from_program(program, VALUES, GLSL450)
    assert {PUSH16, PUSH8, STORAGE16, STORAGE8} <= job.needs
    assert emit(program, GLSL450) == emit(parse_glsl(emit(program, GLSL450)).program, GLSL450)


def test_narrow_fields_come_only_with_the_narrow_storage_knob_and_small_integers() -> None:
    """Off by default (the push-constant blocks are those of before); never in WGSL,
    which has no 8- or 16-bit integers; a block with one has no instance name."""
    push = SmithOptions(push_constant_probability=1.0)
    narrow_seen = 0
    for seed in range(12):
        plain = generate(seed, push).program
        assert not any(is_narrow(f.type) for b in plain.buffers for f in b.fields)
        wgsl = generate(seed, NARROW_PUSH, WGSL).program
        assert not any(is_narrow(f.type) for b in wgsl.buffers if b.push_constant for f in b.fields)
        for block in generate(seed, NARROW_PUSH).program.buffers:
            if block.push_constant and any(is_narrow(f.type) for f in block.fields):
                narrow_seen += 1
                assert block.instance_name is None
    assert narrow_seen >= 4


def cpu_jobs(tmp_path: Path) -> list[Job]:
    """The hand-written program, and generated compute and fragment programs whose push
    constants have narrow fields; one is written as a test, loaded and replayed (the
    block still pushed, its features still needed), and its Amber script asks for
    storagePushConstant16 or 8."""
    jobs = [job_from_program(parse_glsl(HAND_WRITTEN).program, VALUES, GLSL450)]
    for seed, fragment in SEEDS:
        options = dataclasses.replace(NARROW_PUSH, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert prepared.job.needs & {PUSH16, PUSH8}, seed
        jobs.append(prepared.job)
        if seed == SEEDS[0][0]:
            write_test(prepared.test, tmp_path / "narrow-push")
            loaded = load_test(tmp_path / "narrow-push")
            replayed = job_from_test(loaded, program_of(loaded)[0])
            assert replayed.source == prepared.job.source
            assert replayed.needs == prepared.job.needs
            script = amber_script(loaded)
            assert "AS push_constant\n" in script
            assert "Storage8BitFeatures.storagePushConstant8" in script
            jobs.append(replayed)
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    """By hand: r = -300 * 3 = -900, u = 250 + 60000 = 60250, on the interpreter and
    lavapipe; the others answer `unsupported`. The generated programs agree."""
    for target in ["interp", *RUNS]:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == {"r": -900, "u": 60250}, target
    for index, result in enumerate(results):
        expected = result["interp"]
        assert expected.ok, expected.log
        for target in RUNS:
            got = result[target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(expected, got), f"{index} {target}"
        for target in REFUSES:
            assert result[target].status is RunStatus.UNSUPPORTED, (index, target)
