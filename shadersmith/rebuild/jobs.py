"""Jobs for the targets, from a test directory or straight from an IR program."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from shadersmith.analysis.widths import program_features, text_features
from shadersmith.case import TestCase
from shadersmith.emit import emit
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import GLSL330, Language, LanguageProfile
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.specialization import specialization_of
from shadersmith.ir.types import ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.float_mode import recorded_float_mode
from shadersmith.targets.job import Job
from shadersmith.targets.runners.buffers import buffer_inputs, buffer_inputs_from_specs

# The target a generated fragment shader is drawn into: the generator's FragmentLayout
# steers divergence over exactly this many fragments (generate/invocations.py).
FRAGMENT_TARGET = (64, 64)


def job_from_program(
    program: Program,
    values: BufferValues,
    profile: LanguageProfile,
    spirv_passes: tuple[str, ...] | None = None,
    groups: tuple[int, int, int] = (1, 1, 1),
    framebuffer: tuple[int, int] = FRAGMENT_TARGET,
    subgroup_size: int | None = None,
    floats: FloatMode = FloatMode.EXACT,
) -> Job:
    """The job of `program`, emitted once in `profile`'s language; a fragment program's
    blocks (its uniform blocks) are bound while drawing a `framebuffer` (width, height)
    target, and softpipe gets its GLSL 3.30 spelling (a job in GLSL's family); `floats`:
    the float mode its values were reconditioned in (Job.floats)."""
    fragment = program.stage is Stage.FRAGMENT
    width, height = framebuffer if fragment else (Job.width, Job.height)
    glsl = profile.language.family is Language.GLSL
    if program.buffer_references and not profile.buffer_references:
        # Written plainly in this language (emit/glsl.py): bound and needed plainly too.
        program = dataclasses.replace(program, buffer_references=())
    return Job(
        stage=program.stage.value,
        source=emit(program, profile),
        language=profile.language,
        buffers=tuple(buffer_inputs(program, values)),
        program=program,
        buffer_values=values,
        spirv_passes=spirv_passes,
        groups=groups,
        width=width,
        height=height,
        source_gl33=emit(program, GLSL330) if fragment and glsl else None,
        integer_image=fragment and integer_output(program),
        attachments=colour_attachments(program) if fragment else 1,
        subgroup_size=subgroup_size,
        specialization=specialization_of(program),
        needs=program_features(program),
        floats=floats,
    )


def with_vertex_stage(job: Job, vertex: Program | None, profile: LanguageProfile) -> Job:
    """A fragment job drawn by `vertex`, its generated vertex shader (generate/
    vertex_stage.py), emitted once in `profile`'s language and for softpipe in GLSL 3.30;
    `job` itself without one (the runners' fixed vertex shader draws it). The job needs
    what either stage's types need: a vertex shader with int8_t on a driver without the
    extension is `unsupported`, not a compile failure."""
    if vertex is None:
        return job
    glsl = profile.language.family is Language.GLSL
    return dataclasses.replace(
        job,
        vertex_source=emit(vertex, profile),
        vertex_source_gl33=emit(vertex, GLSL330) if glsl else None,
        vertex_program=vertex,
        needs=job.needs | program_features(vertex),
    )


def job_from_test(
    test: TestCase, program: Program | None = None, vertex: Program | None = None
) -> Job:
    """The job a test describes. `program`, the IR the test holds (harness.regenerate.
    program_of), lets the reference interpreter take part, and softpipe run a fragment
    test in GLSL 3.30; without it, the interpreter sits out. A test with a generated
    vertex shader runs its text; `vertex`, its IR (regenerate.vertex_program_of), is
    needed for the interpreter and the GLSL 3.30 spelling too."""
    needs = _stage_needs(program, test.main_shader, test.language)
    if test.vertex_shader is not None:
        needs |= _stage_needs(vertex, test.vertex_shader, test.language)
    if test.vertex_shader is not None and vertex is None:
        program = None  # the fragment program alone is not what the drivers run
    passes = test.provenance.spirv_opt_passes
    fragment = test.stage == "fragment"
    glsl = test.language.family is Language.GLSL
    width, height = test.inputs.framebuffer or (Job.width, Job.height)
    attachments = 1
    if fragment and program is not None:
        integer = integer_output(program)
        attachments = colour_attachments(program)
    else:
        integer = fragment and INTEGER_OUTPUT_IN_TEXT[test.language.family](test.main_shader)
        if fragment:
            attachments = ATTACHMENTS_IN_TEXT[test.language.family](test.main_shader)
    return Job(
        stage=test.stage,
        source=test.main_shader,
        language=test.language,
        buffers=tuple(buffer_inputs_from_specs(test.buffers)),
        program=program,
        buffer_values=None if program is None else test.buffer_values(),
        spirv_passes=tuple(passes) if passes else None,
        groups=test.dispatch,
        width=width,
        height=height,
        source_gl33=(emit(program, GLSL330) if fragment and program is not None and glsl else None),
        integer_image=integer,
        attachments=attachments,
        vertex_source=test.vertex_shader,
        vertex_source_gl33=(
            emit(vertex, GLSL330) if vertex is not None and program is not None and glsl else None
        ),
        vertex_program=vertex if program is not None else None,
        subgroup_size=test.inputs.subgroup_size,
        specialization=test.inputs.specialization,
        needs=needs,
        floats=recorded_float_mode(test.provenance),
    )


def _stage_needs(program: Program | None, source: str, language: Language) -> frozenset[str]:
    """The features one stage needs: its IR's types, or without the IR its GLSL text's
    (analysis/widths.text_features); WGSL has none of these types."""
    if program is not None:
        return program_features(program)
    return text_features(source) if language.family is Language.GLSL else frozenset()


def integer_output(program: Program) -> bool:
    """Whether the fragment program writes an integer colour (drawn into RGBA32UI)."""
    return any(_is_integer(output.type) for output in program.outputs)


def colour_attachments(program: Program) -> int:
    """How many colour attachments a fragment program is drawn into: one for each output
    (generate/fragment.py: locations 0..N-1), one at least."""
    return max(1, len(program.outputs))


def _is_integer(type_: Type) -> bool:
    integers = (ScalarKind.INT, ScalarKind.UINT)
    return isinstance(type_, ScalarType | VectorType) and type_.kind in integers


# `out uvec4 name;` (with or without a layout): a foreign test has no IR to ask.
_INTEGER_OUT = re.compile(r"\bout\s+(?:(?:highp|mediump|lowp)\s+)?[iu]vec[234]\b|\bout\s+u?int\b")


def integer_output_in(source: str) -> bool:
    """Whether fragment shader text declares an integer `out` (a test without its IR)."""
    return _INTEGER_OUT.search(source) is not None


# `@location(0) ... vec4<u32>` (or `vec4u`) as the entry point's result.
_WGSL_INTEGER_OUT = re.compile(
    r"->\s*@location\(0\)\s*vec4(?:<[iu]32>|[iu])"
    r"|^\s*@location\(0\)\s*\w+\s*:\s*vec4(?:<[iu]32>|[iu])",
    re.MULTILINE,
)


def integer_output_in_wgsl(source: str) -> bool:
    """Whether a WGSL fragment entry point returns an integer colour (a test without IR)."""
    return _WGSL_INTEGER_OUT.search(source) is not None


# `layout(location = N) out` in GLSL, a `@location(N) name: vec4...` member of the WGSL
# entry point's result struct: the attachments of a test without its IR.
_GLSL_LOCATED_OUT = re.compile(r"\blayout\s*\(\s*location\s*=\s*(\d+)\s*\)\s*out\b")
_WGSL_LOCATED_MEMBER = re.compile(r"^\s*@location\((\d+)\)\s*\w+\s*:\s*vec4", re.MULTILINE)


_MAX_ATTACHMENTS = 8  # what every Vulkan and GL implementation offers at least


def _attachments_by(pattern: re.Pattern[str], source: str) -> int:
    locations = [int(found) for found in pattern.findall(source)]
    return min(max(locations, default=0) + 1, _MAX_ATTACHMENTS)


def attachments_in(source: str) -> int:
    """How many colour attachments a GLSL fragment shader's text writes (its highest
    output location and one; a test without its IR)."""
    return _attachments_by(_GLSL_LOCATED_OUT, source)


def attachments_in_wgsl(source: str) -> int:
    """As `attachments_in`, for a WGSL fragment module (one `-> @location(0)` result,
    or a struct of `@location(i)` members)."""
    return _attachments_by(_WGSL_LOCATED_MEMBER, source)


ATTACHMENTS_IN_TEXT: dict[Language, Callable[[str], int]] = {
    Language.GLSL: attachments_in,
    Language.WGSL: attachments_in_wgsl,
}


# Whether a fragment shader's text writes an integer colour, by its language's family: what
# a test without its IR (a foreign one) is asked.
INTEGER_OUTPUT_IN_TEXT: dict[Language, Callable[[str], bool]] = {
    Language.GLSL: integer_output_in,
    Language.WGSL: integer_output_in_wgsl,
}
