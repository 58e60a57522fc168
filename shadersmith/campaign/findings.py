"""Crashes are re-run on their target (up to five times) before they are bucketed: only
a signature that reproduces is trusted; one that does not is kept but marked flaky."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from shadersmith.case import Finding, Kind
from shadersmith.oracle.signature import signature
from shadersmith.targets.chains import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

CRASH_RERUNS = 5


def reproduce_crashes(
    findings: Sequence[Finding],
    job: Job,
    session: TargetSession,
    results: Mapping[str, RunResult],
    reruns: int = CRASH_RERUNS,
) -> list[Finding]:
    checked = []
    for finding in findings:
        if finding.kind is not Kind.CRASH:
            checked.append(finding)
            continue
        target = finding.targets[0]
        component = finding.blamed.split(",")[0]
        reproduced = False
        for _ in range(reruns):
            again = session.pools[target].workers[0].run(job)
            # The same program, so the same front-end output: its cause stands.
            again.cause = results[target].cause
            if signature(again, Kind.CRASH, component) == finding.signature:
                reproduced = True
                break
        checked.append(dataclasses.replace(finding, flaky=not reproduced))
    return checked
