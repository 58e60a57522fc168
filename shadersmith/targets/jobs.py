"""Jobs for the targets, from a test directory or straight from an IR program."""

from __future__ import annotations

from shadersmith.emit.glsl import emit_glsl
from shadersmith.harness.testcase import TestCase
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
    groups: tuple[int, int, int] = (1, 1, 1),
) -> Job:
    return Job(
        stage=program.stage.value,
        source=emit_glsl(program, profile),
        buffers=tuple(buffer_inputs(program, values)),
        program=program,
        buffer_values=values,
        spirv_passes=spirv_passes,
        groups=groups,
    )


def job_from_test(test: TestCase, program: Program | None = None) -> Job:
    """The job a test describes. `program`, the IR the test holds (harness.regenerate.
    program_of), lets the reference interpreter take part; without it, it sits out."""
    passes = test.provenance.get("spirv_opt_passes")
    return Job(
        stage=test.stage,
        source=test.main_shader,
        buffers=tuple(buffer_inputs_from_specs(test.buffers)),
        program=program,
        buffer_values=None if program is None else test.buffer_values(),
        spirv_passes=tuple(passes) if passes else None,
        groups=test.dispatch,
    )
