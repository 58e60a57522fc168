"""Build test cases from generated programs, recording every choice in the provenance."""

from __future__ import annotations

from shadersmith.case import Provenance, TestCase, inputs_of
from shadersmith.case.provenance import SMITH
from shadersmith.case.testcase import shader_file, vertex_file
from shadersmith.emit import emit
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
    the reconditioned test that runs). A WGSL program is one `shader.wgsl`."""
    stage = generated.program.stage.value
    shaders = {shader_file(stage, profile.language): emit(generated.program, profile)}
    if generated.vertex is not None:
        shaders[vertex_file(profile.language)] = emit(generated.vertex, profile)
    return TestCase(
        stage=stage,
        profile=profile.name,
        shaders=shaders,
        inputs=inputs_of(
            generated.program,
            generated.buffer_values,
            generated.workgroups,
            generated.framebuffer,
        ),
        provenance=generator_provenance(generated, profile),
    )
