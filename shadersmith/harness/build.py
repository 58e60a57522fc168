"""Build test cases from generated programs, recording every choice in the provenance."""

from __future__ import annotations

from shadersmith.case import SHADER_FILE_BY_STAGE, Provenance, TestCase, inputs_of
from shadersmith.case.provenance import SMITH
from shadersmith.case.testcase import shader_file
from shadersmith.emit.glsl import emit_glsl
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.generate.smith import GeneratedProgram, options_to_dict
from shadersmith.ir.profile import Language, LanguageProfile


def generator_provenance(generated: GeneratedProgram, profile: LanguageProfile) -> Provenance:
    """Everything needed to regenerate the program byte for byte (no steps yet)."""
    return Provenance(
        generator=SMITH,
        seed=generated.seed,
        profile=profile.name,
        options=options_to_dict(generated.options),
        choices=sorted(generated.choices),
    )


def testcase_from_generated(generated: GeneratedProgram, profile: LanguageProfile) -> TestCase:
    """The generator's program as it is, unreconditioned (trial.prepare_generated makes
    the reconditioned test that runs). A WGSL program is one `shader.wgsl`."""
    stage = generated.program.stage.value
    if profile.language is Language.WGSL:
        shaders = {shader_file(stage, profile.name): emit_wgsl(generated.program)}
    else:
        shaders = {SHADER_FILE_BY_STAGE[stage]: emit_glsl(generated.program, profile)}
    return TestCase(
        stage=stage,
        language=profile.name,
        shaders=shaders,
        inputs=inputs_of(
            generated.program,
            generated.buffer_values,
            generated.workgroups,
            generated.framebuffer,
        ),
        provenance=generator_provenance(generated, profile),
    )
