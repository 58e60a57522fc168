"""Build test cases from generated programs, recording every choice in the provenance."""

from __future__ import annotations

from typing import Any

from shadersmith import __version__
from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.smith import GeneratedProgram, options_to_dict
from shadersmith.harness.testcase import SHADER_FILE_BY_STAGE, TestCase, buffer_specs
from shadersmith.ir.profile import LanguageProfile


def generator_provenance(generated: GeneratedProgram, profile: LanguageProfile) -> dict[str, Any]:
    """Everything needed to regenerate the program byte for byte."""
    return {
        "tool": "shadersmith",
        "tool_version": __version__,
        "generator": "smith",
        "seed": generated.seed,
        "profile": profile.name,
        "options": options_to_dict(generated.options),
        "choices": sorted(generated.choices),
        "transformations": [],
    }


def testcase_from_generated(generated: GeneratedProgram, profile: LanguageProfile) -> TestCase:
    stage = generated.program.stage.value
    return TestCase(
        stage=stage,
        language=profile.name,
        shaders={SHADER_FILE_BY_STAGE[stage]: emit_glsl(generated.program, profile)},
        buffers=buffer_specs(generated.program, generated.buffer_values),
        provenance=generator_provenance(generated, profile),
        dispatch=generated.workgroups,
    )
