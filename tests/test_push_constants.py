"""Push constants (generate/push_constants.py): Vulkan gets `layout(push_constant)` and
the runner pushes the block's bytes (vkCmdPushConstants, a range in the pipeline
layout); GL reads the `#else` of `#ifdef VULKAN`, a std140 block the runner binds; WGSL
declares `var<immediate>`, whose bytes the wgpu runner sets (set_immediates); the
front-end reads the block back as a push-constant one; the record and the Amber export
carry it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shadersmith.case import load_test, write_test
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.expressions import Assign, Binary, Literal, Member, Swizzle, VariableRef
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.program import BufferAccess, BufferField, Program, StorageBuffer
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import INT, UINT, ScalarKind, StructField, StructType, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.rebuild.regenerate import program_of
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated
from tests.programs import BLOCK, one_buffer_program

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]
WGSL_TARGETS = ["interp", "wgpu-vk", "wgpu-gl"]
PUSH = SmithOptions(push_constant_probability=1.0)
UVEC2 = VectorType(ScalarKind.UINT, 2)
PC_FIELDS = (BufferField("a", INT), BufferField("b", UVEC2))


def _hand_written() -> Program:
    """`layout(push_constant) uniform PC { int a; uvec2 b; } pc;` with a = 7, b = (3u,
    40u): r = pc.a * 6 = 42, u = pc.b.y - pc.b.x = 37u."""
    pc_type = StructType("PC", tuple(StructField(f.name, f.type) for f in PC_FIELDS))
    pc = VariableRef(pc_type, "pc")
    b = Member(UVEC2, pc, "b")
    body: list[Statement] = [
        ExprStmt(
            Assign(
                INT,
                AssignOp.ASSIGN,
                VariableRef(INT, "r"),
                Binary(INT, BinaryOp.MUL, Member(INT, pc, "a"), _int(6)),
            )
        ),
        ExprStmt(
            Assign(
                UINT,
                AssignOp.ASSIGN,
                VariableRef(UINT, "u"),
                Binary(UINT, BinaryOp.SUB, Swizzle(UINT, b, (1,)), Swizzle(UINT, b, (0,))),
            )
        ),
    ]
    program = one_buffer_program(body, {"r": INT, "u": UINT})
    block = StorageBuffer(
        block_name="PC",
        instance_name="pc",
        binding=1,
        fields=PC_FIELDS,
        access=BufferAccess.INPUT,
        readonly=True,
        uniform=True,
        push_constant=True,
    )
    return dataclasses.replace(program, buffers=(*program.buffers, block))


def _int(value: int) -> Literal:
    return Literal(INT, value)


VALUES: BufferValues = {BLOCK: {"r": 0, "u": 0}, "PC": {"a": 7, "b": (3, 40)}}


def test_the_text_gives_vulkan_a_push_constant_block_and_gl_a_std140_one() -> None:
    text = emit(_hand_written(), GLSL450)
    assert (
        "#ifdef VULKAN\nlayout(push_constant) uniform PC {\n    int a;\n    uvec2 b;\n} pc;\n"
        "#else\nlayout(std140, binding = 1) uniform PC {\n    int a;\n    uvec2 b;\n} pc;\n"
        "#endif" in text
    )
    read = parse_glsl(text).program
    assert [b.push_constant for b in read.buffers] == [False, True]
    assert emit(read, GLSL450) == text


def cpu_jobs(tmp_path: Path) -> list[Job]:
    """The hand-written program and a generated compute and fragment program with the
    option on; the same seed gives the same text; the record replays the block as a
    push-constant one and Amber binds it `AS push_constant` (run by
    test_issue36_cpu_runs.py)."""
    hand = job_from_program(_hand_written(), VALUES, GLSL450)
    assert [b.push_constant for b in hand.buffers] == [False, True]
    jobs = [hand]
    for seed, fragment in ((1, 0.0), (9, 1.0)):
        options = dataclasses.replace(PUSH, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert any(b.push_constant for b in prepared.job.buffers), seed
        assert "layout(push_constant) uniform PushConstants" in prepared.job.source
        again = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
        if fragment == 0.0:
            write_test(prepared.test, tmp_path / "t")
            loaded = load_test(tmp_path / "t")
            assert [b.push_constant for b in loaded.buffers] == [
                b.push_constant for b in prepared.test.buffers
            ]
            assert "AS push_constant\n" in amber_script(loaded)
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    """The pushed values read on every CPU target (42, 37); the generated ones agree."""
    for target in CPU_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == {"r": 42, "u": 37}, target
    for index in range(1, len(results)):
        expected = results[index]["interp"]
        assert expected.ok, expected.log
        for target in CPU_TARGETS[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(expected, got), f"{index} {target}"


def test_the_option_is_off_by_default_in_both_languages() -> None:
    for profile in (GLSL450, WGSL):
        plain = generate(1, SmithOptions(), profile).program
        assert not any(b.push_constant for b in plain.buffers), profile.name
    assert any(b.push_constant for b in generate(1, PUSH, WGSL).program.buffers)


def test_the_wgsl_text_declares_the_block_var_immediate_without_a_binding() -> None:
    text = emit(_hand_written(), WGSL)
    assert "struct PC {\n    a: i32,\n    b: vec2<u32>,\n}\nvar<immediate> pc: PC;\n" in text
    assert "@binding(1)" not in text


def wgsl_jobs(tmp_path: Path) -> list[Job]:
    """The hand-written program in WGSL, a generated compute and fragment program with
    the option on (the same seed gives the same text), and the compute test replayed
    from its record (the block still pushed), for wgpu-vk and wgpu-gl (run by
    test_issue36_wgsl_runs.py)."""
    jobs = [job_from_program(_hand_written(), VALUES, WGSL)]
    for seed, fragment in ((1, 0.0), (9, 1.0)):
        options = dataclasses.replace(PUSH, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, WGSL), WGSL)
        assert any(b.push_constant for b in prepared.job.buffers), seed
        assert "var<immediate> pc_" in prepared.job.source
        again = prepare_generated(generate(seed, options, WGSL), WGSL)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
        if fragment == 0.0:
            write_test(prepared.test, tmp_path / "wgsl")
            loaded = load_test(tmp_path / "wgsl")
            replayed = job_from_test(loaded, program_of(loaded)[0])
            assert replayed.source == prepared.job.source
            assert [b.push_constant for b in replayed.buffers] == [
                b.push_constant for b in prepared.job.buffers
            ]
            jobs.append(replayed)
    return jobs


def check_wgsl_results(results: list[dict[str, RunResult]]) -> None:
    """The values set by set_immediates read on wgpu-vk and wgpu-gl (42, 37); the
    generated and replayed ones agree with the interpreter."""
    for target in WGSL_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == {"r": 42, "u": 37}, target
    for index in range(1, len(results)):
        expected = results[index]["interp"]
        assert expected.ok, expected.log
        for target in WGSL_TARGETS[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(expected, got), f"{index} {target}"
