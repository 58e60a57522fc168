"""The reduced test: a self-contained test directory to attach to a bug report.

`shader.comp` is the reduced program *reconditioned*: free of undefined behaviour, it is
what shows the bug and what a compiler engineer files. `unreconditioned.comp` is the
reduced program before reconditioning, the readable core of the bug, and what a later
reduction starts from. `shadersmith replay` runs the directory like any other test.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from shadersmith import __version__
from shadersmith.harness.regenerate import recondition_options_to_dict
from shadersmith.harness.testcase import (
    SHADER_FILE_BY_STAGE,
    UNRECONDITIONED_FILE,
    TestCase,
    buffer_specs,
    write_test,
)
from shadersmith.oracle.differential import results_record
from shadersmith.reduce.run import ReductionResult


def reduced_directory(test_directory: Path) -> Path:
    """Where the reduced test goes: beside the original, `<name>-reduced`."""
    return test_directory.with_name(f"{test_directory.name}-reduced")


def reduced_test(result: ReductionResult) -> TestCase:
    subject = result.subject
    reduced = result.reduced
    reconditioned = reduced.reconditioned
    step: dict[str, Any] = {
        "name": "recondition",
        "options": recondition_options_to_dict(subject.recondition_options),
        "loop_bounds": dict(reconditioned.bounds),
        "wrappers": list(reconditioned.wrappers_used),
    }
    provenance: dict[str, Any] = {
        "tool": "shadersmith",
        "tool_version": __version__,
        "generator": "reduce",
        "profile": subject.profile.name,
        "reduced_from": copy.deepcopy(subject.origin),
        "reduction": {
            "reducer": result.reducer,
            "signature": subject.signature,
            "signature_kept": result.signature_kept,
            "ub_in_reduced": result.ub_in_reduced,
            "original_lines": result.original_lines,
            "reduced_lines": result.reduced_lines,
            "reconditioned_lines": result.reconditioned_lines,
            "seconds": round(result.seconds, 1),
            "interestingness_calls": result.counters.calls,
            "full_runs": result.counters.full_runs,
            "cache_hits": result.counters.cache_hits,
            "invalid_candidates": result.counters.invalid,
            "ub_candidates": result.counters.ub,
        },
        "transformations": [step],
    }
    if result.spirv_passes:
        provenance["spirv_opt_passes"] = list(result.spirv_passes)
    lists = result.pass_list
    if lists is not None:
        # The reduced list runs; the original says what the campaign ran; the first bad
        # pass (the last of the shortest failing prefix) joins buckets of one root cause.
        provenance["spirv_opt_passes_original"] = list(lists.original)
        provenance["first_bad_pass"] = lists.first_bad_pass
        provenance["reduction"]["pass_list"] = {
            "original_passes": len(lists.original),
            "reduced_passes": len(lists.reduced),
            "candidates": lists.calls,
            "seconds": round(lists.seconds, 1),
        }
    files: dict[str, bytes] = {}
    results = results_record(result.final_results, files)
    results["finding"] = {
        "signature": subject.signature,
        "targets": list(subject.finding_targets),
        "signatures_now": result.final_signatures,
    }
    shader = SHADER_FILE_BY_STAGE[subject.stage]
    return TestCase(
        stage=subject.stage,
        language=subject.profile.name,
        shaders={
            shader: reduced.job.source,
            UNRECONDITIONED_FILE: reduced.text,
        },
        buffers=buffer_specs(reconditioned.program, reconditioned.buffer_values),
        provenance=provenance,
        results=results,
        files=files,
        dispatch=subject.dispatch,
    )


def write_reduced(result: ReductionResult, directory: Path) -> Path:
    return write_test(reduced_test(result), directory)
