"""The reconditioned twin of a test: same inputs, undefined behaviour removed."""

from __future__ import annotations

import copy

from shadersmith.emit.glsl import emit_glsl
from shadersmith.harness.regenerate import regenerate
from shadersmith.harness.testcase import SHADER_FILE_BY_STAGE, TestCase, buffer_specs
from shadersmith.recondition import ReconditionOptions, recondition


def reconditioned_test(test: TestCase, options: ReconditionOptions | None = None) -> TestCase:
    """Recondition `test`'s program; the provenance records the step and its loop bounds."""
    generated, profile = regenerate(test)
    result = recondition(
        generated.program, generated.buffer_values, options or ReconditionOptions()
    )
    provenance = copy.deepcopy(test.provenance)
    provenance["transformations"] = [
        *provenance.get("transformations", []),
        {
            "name": "recondition",
            "wrappers": list(result.wrappers_used),
            "loop_bounds": dict(result.bounds),
        },
    ]
    stage = test.stage
    return TestCase(
        stage=stage,
        language=test.language,
        shaders={SHADER_FILE_BY_STAGE[stage]: emit_glsl(result.program, profile)},
        buffers=buffer_specs(result.program, result.buffer_values),
        provenance=provenance,
    )
