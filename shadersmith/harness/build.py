"""Build test cases from generated programs, recording every choice in the provenance."""

from __future__ import annotations

from shadersmith.case import SHADER_FILE_BY_STAGE, Provenance, TestCase, inputs_of
from shadersmith.case.provenance import SMITH
from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.smith import GeneratedProgram, options_to_dict
from shadersmith.ir.profile import LanguageProfile


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
    the reconditioned test that runs)."""
    stage = generated.program.stage.value
    return TestCase(
        stage=stage,
        language=profile.name,
        shaders={SHADER_FILE_BY_STAGE[stage]: emit_glsl(generated.program, profile)},
        inputs=inputs_of(
            generated.program,
            generated.buffer_values,
            generated.workgroups,
            generated.framebuffer,
        ),
        provenance=generator_provenance(generated, profile),
    )
