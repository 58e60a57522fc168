"""Crashes are re-run on their target (up to five times, until one crashes again), and
timeouts once, before they are bucketed: only a signature that reproduces is trusted; one
that does not is kept but marked flaky. The re-runs are made by the target's own thread
as the failure arrives (TargetSession.stream's `crash_reruns`), so the campaign's process
only reads them."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from shadersmith.case import Finding, Kind
from shadersmith.oracle.signature import signature
from shadersmith.targets.results import RunResult

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
