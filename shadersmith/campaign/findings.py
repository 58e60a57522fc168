"""From one test's results to its findings: classify, blame, sign, check crashes.

A crash is re-run on its target (up to five times) before it is bucketed: only a
signature that reproduces is trusted; one that does not is kept but marked flaky.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from shadersmith.campaign.store import Finding
from shadersmith.oracle.blame import blame
from shadersmith.oracle.classify import Kind, classify
from shadersmith.oracle.signature import sign_finding, signature
from shadersmith.targets.chains import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

CRASH_RERUNS = 5


def analyse(
    results: Mapping[str, RunResult], components: Mapping[str, Sequence[str]]
) -> tuple[str, list[Finding]]:
    """The test's verdict (its most severe finding's kind) and its findings."""
    classification = classify(results, components)
    findings = []
    for finding in classification.findings:
        if finding.kind is Kind.AGREE:
            continue
        blamed = blame(finding, results, components)
        findings.append(
            Finding(
                kind=finding.kind.value,
                signature=sign_finding(finding, results, components),
                targets=finding.targets,
                blamed=",".join(blamed) or "unknown",
            )
        )
    verdict = findings[0].kind if findings else Kind.AGREE.value
    if not classification.findings:
        verdict = "too_few"
    return verdict, findings


def reproduce_crashes(
    findings: list[Finding],
    job: Job,
    session: TargetSession,
    results: Mapping[str, RunResult],
    reruns: int = CRASH_RERUNS,
) -> list[Finding]:
    checked = []
    for finding in findings:
        if finding.kind != Kind.CRASH.value:
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
