"""Recover the IR of a generated test from its provenance.

Generation is deterministic and so is every recorded step (rebuild/step_table.py), so the
seed, options, profile and step list in `test.json` give back the exact program. The
rebuilt text is compared with the stored shader: if someone edited the shader, the
provenance no longer describes it, and reading the text itself needs the GLSL front-end.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.analysis.wgsl_constants import creation_errors
from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, TestCase, TestCaseError, buffer_specs
from shadersmith.case.provenance import SMITH, Provenance
from shadersmith.case.textures import recorded_textures
from shadersmith.emit import emit
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.front.glsl.known_textures import with_textures
from shadersmith.generate.smith import generate, options_from_dict
from shadersmith.ir.profile import Language, LanguageProfile, profile_named
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition.step import RECONDITION
from shadersmith.steps.registry import StepError


@dataclass(frozen=True)
class RebuiltProgram:
    program: Program
    buffer_values: BufferValues
    profile: LanguageProfile
    # The program before reconditioning: the generator's output after every other step
    # (what a reducer works on, reconditioning each candidate itself).
    original: Program
    original_values: BufferValues


def rebuild(test: TestCase) -> RebuiltProgram:
    """The program `test` holds, rebuilt from its provenance and checked against its text."""
    provenance = test.provenance
    if provenance.generator != SMITH:
        raise TestCaseError(
            f"test was not made by the smith generator ({provenance.generator!r}); "
            "reading arbitrary shaders needs the GLSL front-end"
        )
    if provenance.seed is None or provenance.profile is None:
        raise TestCaseError("test.json provenance is incomplete (no seed or profile)")
    try:
        profile = profile_named(provenance.profile)
        options = options_from_dict(dict(provenance.options))
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"test.json provenance is incomplete or corrupt ({error})") from None
    generated = generate(provenance.seed, options, profile)
    steps = provenance.steps
    # Reconditioning comes last (DESIGN.md): what precedes it is the program's own.
    cut = next((i for i, s in enumerate(steps) if s.name == RECONDITION), len(steps))
    try:
        original, original_values = STEPS.replay(
            steps[:cut], generated.program, generated.buffer_values
        )
        program, values = STEPS.replay(steps[cut:], original, original_values)
    except StepError as error:
        raise TestCaseError(f"test.json: cannot replay its steps ({error})") from None
    if emit(program, profile) != test.main_shader:
        raise TestCaseError(
            "the shader differs from what its provenance generates (edited by hand?); "
            "reading edited shaders needs the GLSL front-end"
        )
    return RebuiltProgram(program, values, profile, original, original_values)


def program_of(
    test: TestCase, before_reconditioning: bool = False
) -> tuple[Program, BufferValues, LanguageProfile]:
    """The IR a test holds, and its buffer values: a generated test rebuilt from its
    provenance, any other (reduced, edited, foreign) read from its text by the GLSL
    front-end. `before_reconditioning`: the program before its recondition step (the
    generator's output with any other steps, or a reduced test's `unreconditioned.comp`),
    what a reducer works on. Raises TestCaseError with a one-line reason."""
    if test.provenance.generator == SMITH:
        try:
            rebuilt = rebuild(test)
        except TestCaseError as error:
            if not _front_end_reads(test):
                raise
            del error  # edited by hand: read the text below
        else:
            if before_reconditioning:
                return rebuilt.original, rebuilt.original_values, rebuilt.profile
            return rebuilt.program, rebuilt.buffer_values, rebuilt.profile
    if not _front_end_reads(test):
        return _wgsl_program_of(test, before_reconditioning)
    source = test.main_shader
    if before_reconditioning:
        source = test.shaders.get(UNRECONDITIONED_FILE_BY_STAGE[test.stage], source)
    try:
        parsed = parse_glsl(source)
    except FrontEndError as error:
        raise TestCaseError(f"the shader does not parse: {error}") from None
    # The text declares its textures without their size: the recorded inputs have it.
    program = with_textures(parsed.program, recorded_textures(test.buffers))
    values = test.buffer_values()
    buffer_specs(program, values)  # every field has a value, or a TestCaseError
    return program, values, parsed.profile


def vertex_program_of(test: TestCase) -> Program | None:
    """The IR of a fragment test's generated vertex shader as it runs (reconditioned),
    rebuilt from the generator's provenance and checked against its text (shader.vert);
    None for a test without one, or whose provenance does not give that text (an edited
    test: there the interpreter sits out, the drivers still run the text). A reduced
    test keeps its original's vertex shader (reduce/subject.py): it is rebuilt from the
    provenance it was reduced from, and reconditioned by the test's own step."""
    if test.vertex_shader is None:
        return None
    vertex = unreconditioned_vertex_of(test.provenance)
    if vertex is None:
        return None
    reconditioning = [step for step in test.provenance.steps if step.name == RECONDITION]
    try:
        profile = profile_named(test.profile)
        vertex, _ = STEPS.replay(reconditioning, vertex, test.buffer_values())
    except (StepError, KeyError, ValueError):
        return None
    return vertex if emit(vertex, profile) == test.vertex_shader else None


def unreconditioned_vertex_of(provenance: Provenance) -> Program | None:
    """The generated vertex shader, before reconditioning, of the generator's test that
    `provenance` is (or was reduced from, at any remove); None if it gives none."""
    origin: Provenance | None = provenance
    while origin is not None and origin.generator != SMITH:
        origin = origin.reduced_from
    if origin is None or origin.seed is None or origin.profile is None:
        return None
    try:
        profile = profile_named(origin.profile)
        options = options_from_dict(dict(origin.options))
    except (KeyError, TypeError, ValueError):
        return None
    return generate(origin.seed, options, profile).vertex


def _front_end_reads(test: TestCase) -> bool:
    """Whether our front-end reads the test's text: GLSL's family only (no WGSL reader)."""
    return test.language.family is Language.GLSL


def _wgsl_program_of(
    test: TestCase, before_reconditioning: bool
) -> tuple[Program, BufferValues, LanguageProfile]:
    """A WGSL test that its provenance does not rebuild (a reduced one): there is no WGSL
    reader, so its program is its unreconditioned GLSL text (the reducer's working text,
    reduce/subject.py) read by the GLSL front-end, with its recorded recondition step
    replayed; the WGSL that gives must be the test's shader."""
    text = test.shaders.get(UNRECONDITIONED_FILE_BY_STAGE[test.stage])
    if text is None:
        raise TestCaseError(
            "a WGSL test's program comes from its provenance or its unreconditioned "
            "GLSL text (there is no WGSL reader)"
        )
    try:
        parsed = parse_glsl(text)
        profile = profile_named(test.profile)
    except (FrontEndError, ValueError) as error:
        raise TestCaseError(f"the unreconditioned shader does not parse: {error}") from None
    # As for a GLSL test: the textures' sizes are in the recorded inputs.
    unreconditioned = with_textures(parsed.program, recorded_textures(test.buffers))
    values = test.buffer_values()
    buffer_specs(unreconditioned, values)
    if before_reconditioning:
        return unreconditioned, values, profile
    steps = test.provenance.steps
    cut = next((i for i, s in enumerate(steps) if s.name == RECONDITION), len(steps))
    try:
        program, values = STEPS.replay(steps[cut:], unreconditioned, values)
    except StepError as error:
        raise TestCaseError(f"test.json: cannot replay its steps ({error})") from None
    if emit(program, profile) != test.main_shader:
        invalid = creation_errors(unreconditioned)
        if invalid:
            # Reconditioned before the reconditioner removed WGSL's creation errors
            # (issue 22): the stored WGSL is most likely not valid WGSL.
            raise TestCaseError(
                "the WGSL shader differs from its reconditioned unreconditioned text, whose "
                f"program has {len(invalid)} WGSL shader-creation error(s) (first: "
                f"{invalid[0].rule}: {invalid[0].text}) that reconditioning now removes: "
                "not valid WGSL, a test of ours to discard"
            )
        raise TestCaseError(
            "the WGSL shader differs from its reconditioned unreconditioned text (edited?)"
        )
    return program, values, profile
