"""The reconditioned twin of a test: same inputs, undefined behaviour removed."""

from __future__ import annotations

import copy

from shadersmith.emit.glsl import emit_glsl
from shadersmith.harness.regenerate import rebuild, recondition_options_to_dict
from shadersmith.harness.testcase import SHADER_FILE_BY_STAGE, TestCase, buffer_specs
from shadersmith.interp import run_compute
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition import (
    Reconditioned,
    ReconditionOptions,
    hits_buffer_values,
    instrument,
    prune_wrappers,
    recondition,
    wrapper_hits,
)


def unsafe_paths_taken(
    result: Reconditioned, workgroups: tuple[int, int, int] = (1, 1, 1)
) -> set[str]:
    """The wrapper sites whose unsafe path the program takes on its own inputs, found by
    running the instrumented program in the reference interpreter (exact semantics, so
    what it records is what every correct implementation would do)."""
    instrumented = instrument(result)
    after = run_compute(
        instrumented, hits_buffer_values(result), sanitize=False, workgroups=workgroups
    )
    return wrapper_hits(result, after.buffers)


def reconditioned_test(
    test: TestCase, options: ReconditionOptions | None = None, prune: bool = False
) -> TestCase:
    """Recondition `test`'s program; the provenance records the step, its options, the
    loop bounds and the wrapper sites kept by pruning, so the result replays from it."""
    rebuilt = rebuild(test)
    return apply_recondition(
        test, rebuilt.program, rebuilt.buffer_values, rebuilt.profile, options, prune
    )[0]


def apply_recondition(
    test: TestCase,
    program: Program,
    values: BufferValues,
    profile: LanguageProfile,
    options: ReconditionOptions | None = None,
    prune: bool = False,
) -> tuple[TestCase, Reconditioned]:
    """The test holding `program` reconditioned, and the reconditioner's result."""
    options = options or ReconditionOptions()
    result = recondition(program, values, options)
    step: dict[str, object] = {
        "name": "recondition",
        "options": recondition_options_to_dict(options),
        "loop_bounds": dict(result.bounds),
    }
    if prune:
        keep = unsafe_paths_taken(result, test.dispatch)
        result = prune_wrappers(result, keep)
        step["prune_keep"] = sorted(keep)
    step["wrappers"] = list(result.wrappers_used)
    provenance = copy.deepcopy(test.provenance)
    provenance["transformations"] = [*provenance.get("transformations", []), step]
    reconditioned = TestCase(
        stage=test.stage,
        language=test.language,
        shaders={SHADER_FILE_BY_STAGE[test.stage]: emit_glsl(result.program, profile)},
        buffers=buffer_specs(result.program, result.buffer_values),
        provenance=provenance,
        dispatch=test.dispatch,
    )
    return reconditioned, result
