"""The reduced test: a self-contained test directory to attach to a bug report.

`shader.comp` is the reduced program *reconditioned*: free of undefined behaviour, it is
what shows the bug and what a compiler engineer files. `unreconditioned.comp` is the
reduced program before reconditioning, the readable core of the bug, and what a later
reduction starts from. `shadersmith replay` runs the directory like any other test.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, Finding, TestCase, write_test
from shadersmith.case.finding import kind_of_signature
from shadersmith.oracle.signature import shows_signature
from shadersmith.reduce.run import ReductionResult


def reduced_directory(test_directory: Path) -> Path:
    """Where the reduced test goes: beside the original, `<name>-reduced`."""
    return test_directory.with_name(f"{test_directory.name}-reduced")


def reduced_test(result: ReductionResult) -> TestCase:
    subject = result.subject
    reduced = result.reduced
    # The prepared trial holds the reconditioned program, its inputs and the recondition
    # step with its report; what the reduction adds is said here.
    trial = reduced.trial
    reduction: dict[str, Any] = {
        "reducer": result.reducer,
        "signature": subject.signature,
        "signature_kept": result.signature_kept,
        "signatures_now": result.final_signatures,
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
    }
    if result.start_kept_fresh is not None:
        # The first reduction's result needed the candidates before it (reduce/run.py).
        reduction["original_kept_on_fresh_workers"] = result.start_kept_fresh
    provenance = dataclasses.replace(
        trial.test.provenance,
        reduced_from=copy.deepcopy(subject.origin),
        reduction=reduction,
        spirv_opt_passes=list(result.spirv_passes) if result.spirv_passes else None,
    )
    lists = result.pass_list
    if lists is not None:
        # The reduced list runs; the original says what the campaign ran; the first bad
        # pass (the last of the shortest failing prefix) joins buckets of one root cause.
        provenance.spirv_opt_passes_original = list(lists.original)
        provenance.first_bad_pass = lists.first_bad_pass
        reduction["pass_list"] = {
            "original_passes": len(lists.original),
            "reduced_passes": len(lists.reduced),
            "candidates": lists.calls,
            "seconds": round(lists.seconds, 1),
        }
        if lists.expanded is not None:  # a preset, as the passes it runs
            reduction["pass_list"]["presets_expanded"] = list(lists.expanded)
    test = dataclasses.replace(
        trial.test,
        shaders={
            **trial.test.shaders,
            UNRECONDITIONED_FILE_BY_STAGE[trial.test.stage]: reduced.text,
        },
        provenance=provenance,
    )
    # The job run last (its pass list may be the reduced one) is the test's shader.
    assert reduced.job.source == trial.test.main_shader
    return result.final.recorded_in(
        test, _kept_finding(result, result.final.findings), _versions(result)
    )


def _versions(result: ReductionResult) -> dict[str, dict[str, str]]:
    """Each target's component versions for the reduced test: those of the session the
    final run ran on, else those the example test recorded (a report quotes them)."""
    return {
        name: dict(result.versions.get(name) or result.subject.versions.get(name, {}))
        for name in result.final.results
    }


def _kept_finding(result: ReductionResult, now: tuple[Finding, ...]) -> Finding:
    """The finding the reduced test shows with the subject's signature; when the final
    run lost it, the finding the reduction set out to keep, as the subject names it."""
    subject = result.subject
    for finding in now:
        if shows_signature(subject.signature, finding.signature):
            return finding
    kind = subject.kind or kind_of_signature(subject.signature)
    assert kind is not None, subject.signature
    return Finding(kind, subject.finding_targets, signature=subject.signature)


def write_reduced(result: ReductionResult, directory: Path, force: bool = False) -> Path:
    return write_test(reduced_test(result), directory, force=force)
