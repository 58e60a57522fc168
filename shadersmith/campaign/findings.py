"""From one test's results to its findings: classify, blame, sign, check crashes.

A crash is re-run on its target (up to five times) before it is bucketed: only a
signature that reproduces is trusted; one that does not is kept but marked flaky.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shadersmith.campaign.store import Finding
from shadersmith.oracle.blame import blame
from shadersmith.oracle.classify import Kind, classify
from shadersmith.oracle.signature import sign_finding, signature
from shadersmith.targets.chains import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

CRASH_RERUNS = 5
# A driver that crashes or hangs is at fault whoever wrote its input; one that rejects
# its input may be right to, if a tool before it wrote invalid code.
REJECTION_KINDS = frozenset({Kind.COMPILE_FAILURE})


def input_producer(
    failing: Sequence[str],
    component: str,
    passing: Sequence[str],
    components: Mapping[str, Sequence[str]],
) -> str | None:
    """The tool to blame when a component fails on one chain but not on another.

    If `component` (say llvmpipe-gl) rejected the shader in a failing target but took the
    same test fine in a passing target, it was fed different input: the nearest tool
    upstream of it in the failing chain that the passing chain lacks (say spirv-cross)
    produced that input, and is the first suspect (seed 002, Example 7).
    """
    for name in failing:
        chain = list(components.get(name, ()))
        if component not in chain:
            continue
        for other in passing:
            other_chain = set(components.get(other, ()))
            if component not in other_chain:
                continue
            upstream = chain[: chain.index(component)]
            for tool in reversed(upstream):
                if tool not in other_chain:
                    return tool
    return None


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
        sign = sign_finding(finding, results, components)
        if finding.kind in REJECTION_KINDS and blamed:
            producer = input_producer(finding.targets, blamed[0], finding.passing, components)
            if producer is not None:
                blamed = [producer, *blamed]
                sign = signature(results[finding.targets[0]], finding.kind, producer)
        findings.append(
            Finding(
                kind=finding.kind.value,
                signature=sign,
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
    results: Mapping[str, RunResult],
    session: TargetSession,
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
            if signature(again, Kind.CRASH, component) == finding.signature:
                reproduced = True
                break
        checked.append(
            Finding(
                finding.kind, finding.signature, finding.targets, finding.blamed, not reproduced
            )
        )
    return checked
