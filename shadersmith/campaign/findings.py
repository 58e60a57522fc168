"""Crashes are re-run on their target (up to five times, until one crashes again), and
timeouts once, before they are bucketed: only a signature that reproduces is trusted; one
that does not is kept but marked flaky. The re-runs are made by the target's own thread
as the failure arrives (TargetSession.stream's `crash_reruns`), so the campaign's process
only reads them. A wrong result is run once more on its failing targets when its test is
to be kept (`reproduce_wrong_results`): one whose outputs change is flaky too."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

from shadersmith.case import Finding, Kind
from shadersmith.oracle.classify import WRONG_RESULT_KINDS
from shadersmith.oracle.signature import signature
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

CRASH_RERUNS = 5


def reproduce_crashes(
    findings: Sequence[Finding], results: Mapping[str, RunResult]
) -> list[Finding]:
    """`findings`, each crash marked flaky unless one of its target's re-runs (the
    result's `reruns`) gives the same signature; each timeout unless its re-run timed out
    too."""
    checked = []
    for finding in findings:
        if finding.kind is Kind.TIMEOUT:
            timed_out = results[finding.targets[0]]
            repeated = any(rerun.status is timed_out.status for rerun in timed_out.reruns)
            checked.append(
                dataclasses.replace(finding, flaky=not repeated) if timed_out.reruns else finding
            )
            continue
        if finding.kind is not Kind.CRASH:
            checked.append(finding)
            continue
        crashed = results[finding.targets[0]]
        component = finding.blamed.split(",")[0]
        reproduced = False
        for again in crashed.reruns:
            # The same program, so the same front-end output: its cause stands.
            again.cause = crashed.cause
            if signature(again, Kind.CRASH, component) == finding.signature:
                reproduced = True
                break
        checked.append(dataclasses.replace(finding, flaky=not reproduced))
    return checked


def reproduce_wrong_results(
    findings: Sequence[Finding],
    results: Mapping[str, RunResult],
    job: Job,
    session: TargetSession,
    kept: Callable[[Finding], bool],
) -> list[Finding]:
    """`findings`, each wrong result that `kept` says its test will be kept for run once
    more on its failing targets (those of the session: a witness's run is evidence), and
    marked flaky when a target's outputs differ from its first run's. softpipe gave a
    wrong pixel in one run, another wrong image in the next and the right one in a third
    (issue 37's review): a bucket from such a result is no bug to reduce or to file. Only
    kept tests are checked, so a frequent bucket costs no more than its kept tests."""
    checked = []
    for finding in findings:
        targets = [t for t in finding.targets if t in session.pools and t in results]
        if finding.kind not in WRONG_RESULT_KINDS or finding.flaky or not targets:
            checked.append(finding)
            continue
        if not kept(finding):
            checked.append(finding)
            continue
        again = next((r for _, r in session.run_many([job], only=targets)), {})
        repeated = all(
            t in again and again[t].ok and again[t].output_digest() == results[t].output_digest()
            for t in targets
        )
        checked.append(finding if repeated else dataclasses.replace(finding, flaky=True))
    return checked
