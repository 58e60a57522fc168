"""The reconditioned twin of a test: same inputs, undefined behaviour removed."""

from __future__ import annotations

from shadersmith.case import TestCase, inputs_of
from shadersmith.emit import emit
from shadersmith.interp import run_compute
from shadersmith.rebuild.float_mode import recorded_float_mode
from shadersmith.rebuild.regenerate import rebuild
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition import (
    Reconditioned,
    ReconditionOptions,
    hits_buffer_values,
    instrument,
    recondition,
    wrapper_hits,
)
from shadersmith.recondition.step import RECONDITION, recondition_params
from shadersmith.steps.record import StepRecord


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
    """Recondition `test`'s program; the provenance records the step (its options and,
    with `prune`, the wrapper sites kept), so the result replays from it. Without
    `options`, by the rules of the test's language, in the float mode its record names."""
    rebuilt = rebuild(test)
    options = options or ReconditionOptions(
        language=rebuilt.profile.language, floats=recorded_float_mode(test.provenance)
    )
    keep = None
    if prune:
        # The sites to keep are what the program does on its inputs: found once here,
        # then recorded, so a replay needs no interpreter.
        full = recondition(rebuilt.program, rebuilt.buffer_values, options)
        keep = unsafe_paths_taken(full, test.inputs.dispatch)
    request = StepRecord(RECONDITION, recondition_params(options, keep).to_json())
    record, result = STEPS.apply(request, rebuilt.program, rebuilt.buffer_values)
    return TestCase(
        stage=test.stage,
        profile=test.profile,
        shaders={test.main_file: emit(result.program, rebuilt.profile)},
        inputs=inputs_of(
            result.program, result.values, test.inputs.dispatch, test.inputs.framebuffer
        ),
        provenance=test.provenance.with_step(record),
    )
