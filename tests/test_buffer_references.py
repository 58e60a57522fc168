"""Storage buffers read through buffer references (generate/buffer_references.py,
`SmithOptions.buffer_reference_probability`): a buffer with an instance name declared as a
GL_EXT_buffer_reference type and an address block at its binding, so that every
`instance.field` reads and writes through a PhysicalStorageBuffer pointer. A spelling:
the program is otherwise the one without it, the interpreter ignores it. A hand-written
program with hand-computed values and generated ones agree on the interpreter and
lavapipe with and without spirv-opt (run by test_issue36_cpu_runs.py); GL has no such
references and SwiftShader no VK_KHR_buffer_device_address on our 1.1 instance, so both
answer `unsupported`. Our front-end reads the spelling back into the same program, the
record replays it, and the Amber export refuses it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from shadersmith.analysis.widths import BUFFER_REFERENCE
from shadersmith.case import load_test, write_test
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script
from shadersmith.export.common import ExportError
from shadersmith.front.glsl import parse_glsl
from shadersmith.front.glsl.errors import FrontEndError
from shadersmith.generate.presets import EVERY_FEATURE
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.rebuild.regenerate import program_of
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.trial import prepare_generated
from tests.feature_runs import agree_with_the_first

RUNS = ["interp", "vk-lavapipe", "vk-lavapipe-opt"]
REFUSES = ["gl-llvmpipe", "vk-swiftshader"]
REFERENCES = SmithOptions(buffer_reference_probability=1.0)
# Compute programs whose references glslang compiles to valid SPIR-V: seeds 3, 4, 5 and
# 11 store a built-in's out argument (usubBorrow's borrow, ...) through a reference, and
# glslang 12 and 13.1.1 leave that OpStore without the Aligned operand spirv-val requires.
SEEDS = (0, 1, 6)

HAND_WRITTEN = """#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer buf_in_ref {
    int a;
    ivec4 b[2];
};
layout(std430, binding = 0) readonly buffer buf_in {
    buf_in_ref in_0;
};
layout(buffer_reference, std430, buffer_reference_align = 16) buffer buf_out_ref {
    int r;
    uint u;
};
layout(std430, binding = 1) readonly buffer buf_out {
    buf_out_ref out_0;
};

void main() {
    out_0.r = in_0.a * 3 + in_0.b[1].y;
    out_0.u = uint(in_0.b[0].w * 10 + in_0.a);
}
"""
VALUES: BufferValues = {
    "buf_in": {"a": 7, "b": ((1, 2, 3, 4), (5, -6, 7, 8))},
    "buf_out": {"r": 0, "u": 0},
}
# The same buffers written plainly.
PLAIN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in {
    int a;
    ivec4 b[2];
} in_0;
layout(std430, binding = 1) buffer buf_out {
    int r;
    uint u;
} out_0;

void main() {
    out_0.r = in_0.a * 3 + in_0.b[1].y;
    out_0.u = uint(in_0.b[0].w * 10 + in_0.a);
}
"""


def test_the_front_end_reads_the_references_back_as_the_buffers() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert program.buffer_references == ("buf_in", "buf_out")
    plain = parse_glsl(PLAIN).program
    assert dataclasses.replace(program, buffer_references=()) == plain
    assert emit(program, GLSL450) == HAND_WRITTEN
    assert emit(plain, GLSL450) == PLAIN
    assert BUFFER_REFERENCE in job_from_program(program, VALUES, GLSL450).needs
    # A language without references writes the buffers plainly, and its job needs none.
    essl = job_from_program(program, VALUES, ESSL310)
    assert "buffer_reference" not in essl.source and BUFFER_REFERENCE not in essl.needs
    assert not any(b.buffer_reference for b in essl.buffers)


def test_a_reference_that_is_not_our_spelling_is_refused() -> None:
    """A reference block with another layout, or without the address block that names
    it, is not read as a buffer."""
    other = HAND_WRITTEN.replace("buffer_reference_align = 16) readonly", "std140) readonly")
    unread = HAND_WRITTEN.replace("    buf_in_ref in_0;", "    int in_0;")
    for text in (other, unread):
        with pytest.raises(FrontEndError):
            parse_glsl(text)


def test_references_change_nothing_else_and_come_only_with_the_knob() -> None:
    """Off by default; with it, each program is the one without it but for the field
    (compute only: fragment programs have no storage buffers), the same seed gives the
    same text, our front-end reads the text back to the same program, and WGSL never
    gets one."""
    referenced = 0
    for seed in range(8):
        default = generate(seed, SmithOptions()).program
        assert not default.buffer_references
        program = generate(seed, REFERENCES).program
        assert dataclasses.replace(program, buffer_references=()) == default
        assert program.buffer_references == tuple(
            b.block_name for b in program.buffers if b.instance_name is not None
        )
        text = emit(program, GLSL450)
        assert text == emit(generate(seed, REFERENCES).program, GLSL450)
        assert emit(parse_glsl(text).program, GLSL450) == text
        referenced += bool(program.buffer_references)
        assert not generate(seed, REFERENCES, WGSL).program.buffer_references
    assert referenced >= 5
    assert EVERY_FEATURE["buffer_reference_probability"] > 0


def test_reconditioned_programs_with_references_have_no_undefined_behaviour() -> None:
    options = dataclasses.replace(REFERENCES, multi_invocation_probability=0.5)
    checked = 0
    for seed in range(20):
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert prepared.program is not None and prepared.values is not None
        if prepared.program.referenced_buffers:
            check_defined(prepared.program, prepared.values)
            checked += 1
    assert checked >= 15


def cpu_jobs(tmp_path: Path) -> list[Job]:
    """The hand-written program, then generated ones; the first generated one is written
    as a test, loaded and replayed with its program and from its text alone (the record
    marks the buffers, the text says what it needs), and the Amber export refuses it."""
    jobs = [job_from_program(parse_glsl(HAND_WRITTEN).program, VALUES, GLSL450)]
    for seed in SEEDS:
        prepared = prepare_generated(generate(seed, REFERENCES, GLSL450), GLSL450)
        assert BUFFER_REFERENCE in prepared.job.needs, seed
        jobs.append(prepared.job)
        if seed == SEEDS[0]:
            write_test(prepared.test, tmp_path / "references")
            loaded = load_test(tmp_path / "references")
            replayed = job_from_test(loaded, program_of(loaded)[0])
            text_only = job_from_test(loaded)
            for job in (replayed, text_only):
                assert job.source == prepared.job.source
                assert BUFFER_REFERENCE in job.needs
                assert job.buffers == prepared.job.buffers
            with pytest.raises(ExportError, match="device address"):
                amber_script(loaded)
            jobs.append(replayed)
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    """By hand: r = 7 * 3 + -6 = 15, u = 4 * 10 + 7 = 47, read back from the buffers the
    references point at, on the interpreter and lavapipe; the generated programs agree;
    GL and SwiftShader answer `unsupported`."""
    for target in RUNS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[1] == {"r": 15, "u": 47}, target
        assert got.buffers[0] == VALUES["buf_in"], target
    agree_with_the_first(results, RUNS)
    for index, result in enumerate(results):
        for target in REFUSES:
            assert result[target].status is RunStatus.UNSUPPORTED, (index, target)
