"""The crash oracle: what a compile-only target's results mean for a program that is not
reconditioned (GLSLsmith without reconditioning, GraphicsFuzz's crash hunting).

The program is valid by the language's rules but may hold what GLSL leaves undefined at
run time (an index out of range, a division by zero). Nothing runs it, so that cannot
make a false finding; but the language lets a compiler reject such a construct where it
is constant, so:
- a crash, a memory blow-up, a timeout, and a validator's rejection (spirv-val rejecting
  a tool's output, ACO's validators) is a finding, one per kind and component as in the
  differential oracle (classify.failure_kind decides the kind of a failed run, an
  unconfirmed validator verdict included);
- a compile or link error is not: the program was *rejected*, counted apart and never
  bucketed;
- outputs are never compared (a compile-only result has none), and every target failing
  is no defect of ours here: each failure stands alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shadersmith.case.finding import Finding, Kind
from shadersmith.oracle.classify import failure_findings
from shadersmith.oracle.components import is_witness
from shadersmith.targets.results import RunResult, RunStatus

# What a compiler may answer to a program that is valid but not reconditioned.
REJECTIONS = frozenset({RunStatus.COMPILE_ERROR, RunStatus.LINK_ERROR})


@dataclass(frozen=True)
class CrashClassification:
    findings: tuple[Finding, ...]  # crashes, timeouts, validator rejections; worst first
    rejected: tuple[str, ...]  # the targets that rejected the program (not findings)
    compiled: tuple[str, ...]  # the targets that compiled it


_SEVERITY = {kind: rank for rank, kind in enumerate(Kind)}


def classify_crashes(
    results: Mapping[str, RunResult],
    components: Mapping[str, Sequence[str | tuple[str, str]]] | None = None,
) -> CrashClassification:
    """The crash oracle's findings of one program's results, split by kind and by the
    component each failure names (a glslang crash and a Mesa crash are two findings)."""
    ran = {
        name: result
        for name, result in sorted(results.items())
        if result.status is not RunStatus.UNSUPPORTED and not is_witness(name)
    }
    compiled = tuple(name for name, result in ran.items() if result.ok)
    rejected = tuple(name for name, result in ran.items() if result.status in REJECTIONS)
    failed = {name: result for name, result in ran.items() if result.status not in REJECTIONS}
    findings = sorted(
        failure_findings(failed, components, compiled),
        key=lambda f: (_SEVERITY[f.kind], f.component or "", f.targets),
    )
    return CrashClassification(tuple(findings), rejected, compiled)
