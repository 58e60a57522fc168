"""Recover the IR of a generated test from its provenance.

Generation is deterministic, so the seed, options and profile recorded in `test.json`
give back the exact program. The regenerated text is compared with the stored shader:
if someone edited the shader, the provenance no longer describes it, and reading the
text itself needs the GLSL front-end.
"""

from __future__ import annotations

from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.smith import GeneratedProgram, generate, options_from_dict
from shadersmith.harness.testcase import TestCase, TestCaseError
from shadersmith.ir.profile import LanguageProfile, profile_named


def regenerate(test: TestCase) -> tuple[GeneratedProgram, LanguageProfile]:
    provenance = test.provenance
    if provenance.get("generator") != "smith":
        raise TestCaseError(
            f"test was not made by the smith generator ({provenance.get('generator')!r}); "
            "reading arbitrary shaders needs the GLSL front-end"
        )
    try:
        seed = int(provenance["seed"])
        profile = profile_named(str(provenance["profile"]))
        options = options_from_dict(dict(provenance["options"]))
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"test.json provenance is incomplete or corrupt ({error})") from None
    generated = generate(seed, options, profile)
    if emit_glsl(generated.program, profile) != test.main_shader:
        raise TestCaseError(
            "the shader differs from what its provenance generates (edited by hand?); "
            "reading edited shaders needs the GLSL front-end"
        )
    return generated, profile
