"""Jobs for the targets, from a test directory or straight from an IR program."""

from __future__ import annotations

from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.harness.regenerate import rebuild
from shadersmith.harness.testcase import TestCase, TestCaseError
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.targets.buffers import buffer_inputs, buffer_inputs_from_specs
from shadersmith.targets.chains import Job


def job_from_program(
    program: Program,
    values: BufferValues,
    profile: LanguageProfile,
    spirv_passes: tuple[str, ...] | None = None,
) -> Job:
    return Job(
        stage=program.stage.value,
        source=emit_glsl(program, profile),
        buffers=tuple(buffer_inputs(program, values)),
        program=program,
        buffer_values=values,
        spirv_passes=spirv_passes,
    )


def job_from_test(test: TestCase) -> Job:
    """The job a test describes, with its IR so the reference interpreter can take part:
    generated tests rebuild it from their provenance; others (reduced or edited tests,
    foreign shaders) are read by the GLSL front-end; what it cannot read runs without."""
    program: Program | None = None
    values: BufferValues | None = None
    if test.provenance.get("generator") == "smith":
        try:
            rebuilt = rebuild(test)
            program, values = rebuilt.program, rebuilt.buffer_values
        except TestCaseError:
            program = values = None  # edited by hand: read the text below
    if program is None and test.stage == "compute":
        try:
            program, values = parse_glsl(test.main_shader).program, test.buffer_values()
        except FrontEndError:
            program = values = None
    passes = test.provenance.get("spirv_opt_passes")
    return Job(
        stage=test.stage,
        source=test.main_shader,
        buffers=tuple(buffer_inputs_from_specs(test.buffers)),
        program=program,
        buffer_values=values if values is None else test.buffer_values(),
        spirv_passes=tuple(passes) if passes else None,
    )
