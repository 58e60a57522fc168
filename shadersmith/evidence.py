"""Completing a test's results before it is judged: the evidence that blame needs.

Above the oracle, beside the trial: gathering runs targets (witnesses, Mesa's dumps,
spirv-cross), and the oracle only reads results (oracle/blame.py decides which evidence
is missing, oracle/front_end_state.py reads a dump; this module fetches them).

A first run on the requested targets says that something is wrong; it does not always
say who is at fault. Two kinds of evidence are gathered, only for tests with a finding:

- witnesses (targets/catalogue/table.py, Role.WITNESS): the same input through another consumer.
  spirv-cross's GLSL through softpipe tells a wrong spirv-cross output from a GL driver
  that mishandles a right one; the GL text through softpipe tells Mesa's GLSL front-end
  (shared) from llvmpipe's back-end (not shared).
- the front-end's output (front_end_state.py): a crash in llvmpipe or LLVM, or a wrong
  output, on a GL chain is attributed to Mesa's GLSL front-end when the NIR it handed over
  is wrong in itself (invalid, or reading an undefined value).

Campaigns, `run`, `replay` and the reducer's interestingness all call `complete`, so a
signature means the same everywhere. A campaign skips it for a test whose buckets hold
their kept tests already when `could_change` shows that nothing `complete` would gather
can change the test's signatures or blame (the test is then only counted).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Collection, Mapping, Sequence

from shadersmith.case.finding import Finding
from shadersmith.oracle.aco import ACO, aco_cause
from shadersmith.oracle.blame import REJECTION_KINDS, Chains, blame, missing_refinements
from shadersmith.oracle.classify import WRONG_RESULT_KINDS, Classification, classify
from shadersmith.oracle.components import chain_names, failing_component, is_witness
from shadersmith.oracle.front_end_state import front_end_fault
from shadersmith.oracle.rust_panic import panic_cause
from shadersmith.oracle.signature import sign_finding
from shadersmith.targets.catalogue.components import MESA_GLSL
from shadersmith.targets.dumps.mesa_dump import front_end_dump
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.toolchain import ChainFailed, cross_compile


def complete(
    results: dict[str, RunResult], job: Job, session: TargetSession, components: Chains
) -> dict[str, RunResult]:
    """`results` with the witnesses its findings need (those the session holds) and the
    causes of its crashes; unchanged when the targets agree."""
    classification = classify(results, components)
    wanted: list[str] = []
    for finding in classification.findings:
        wanted += [t for t in missing_refinements(finding, results) if t in session.pools]
    if wanted:
        for _, answer in session.run_many([job], only=dict.fromkeys(wanted)):
            results.update(answer)
    # Without witnesses the results are those just classified: not classified again.
    attach_front_end_causes(results, job, components, None if wanted else classification)
    return results


# Witnesses whose outcomes `could_change` tries in every combination (3 ** n blames).
MOST_WITNESSES_TRIED = 4


def could_change(
    findings: Sequence[Finding],
    results: Mapping[str, RunResult],
    components: Chains,
    available: Collection[str],
) -> bool:
    """Whether evidence `complete` would gather (the `available` targets among the
    refinements `findings` want, front-end dumps) could change a signature or the blame
    of `findings`, the test's findings judged without it (and with its panic causes,
    which the logs give). False only where no outcome of that evidence could:

    - a refinement that is a target, not a witness (a Vulkan chain's twin on the other
      CPU driver), is compared like any target and may make findings of its own: True;
    - a witness joins a wrong result's wrong targets, its right ones or neither: every
      combination is blamed, and each must sign and blame as without them; a rejection's
      blame reads the targets that ran (input_producer): True where there is one;
    - a front-end dump of a GL chain's text names Mesa's GLSL front-end as the cause of
      a crash (its signature then names it), and of a wrong result where every wrong
      target could get that cause (blame then names it alone): True where one could.
    """
    wanted: list[str] = []
    for finding in findings:
        wanted += [t for t in missing_refinements(finding, results) if t in available]
    wanted = list(dict.fromkeys(wanted))
    if any(not is_witness(name) for name in wanted):
        return True
    if wanted and any(finding.kind in REJECTION_KINDS for finding in findings):
        return True
    if _dump_could_change(findings, results, components):
        return True
    if len(wanted) > MOST_WITNESSES_TRIED:
        return True
    return any(
        _witnesses_could_change(finding, results, components, wanted)
        for finding in findings
        if wanted and finding.kind in WRONG_RESULT_KINDS
    )


def _dump_could_change(
    findings: Sequence[Finding], results: Mapping[str, RunResult], components: Chains
) -> bool:
    def dumpable(name: str) -> bool:
        return _may_be_dumped(results[name], chain_names(components.get(name, ())))

    if any(r.status is RunStatus.CRASH and dumpable(name) for name, r in results.items()):
        return True
    for finding in findings:
        if finding.kind not in WRONG_RESULT_KINDS:
            continue
        subjects = [name for name in finding.targets if not is_witness(name)]
        if any(dumpable(name) for name in subjects) and all(
            results[name].cause is not None or dumpable(name) for name in subjects
        ):
            return True
    return False


def _may_be_dumped(result: RunResult, chain: Sequence[str]) -> bool:
    """Whether attach_front_end_causes would read the front-end's output for `result`
    (a crash, or a wrong output, of a chain through Mesa's GLSL front-end whose GL text
    can be had) and record a fault it finds as the cause."""
    if result.cause is not None or MESA_GLSL not in chain or "naga" in chain:
        return False
    return not (result.status is RunStatus.CRASH and failing_component(result, chain) == MESA_GLSL)


def _witnesses_could_change(
    finding: Finding, results: Mapping[str, RunResult], components: Chains, wanted: list[str]
) -> bool:
    """Whether some way the `wanted` witnesses could join `finding` (classify's
    _with_witnesses: its wrong targets, its right ones, or neither) signs or blames it
    otherwise than none joining."""
    without = (sign_finding(finding, results, components), blame(finding, results, components))
    for joins in itertools.product((None, True, False), repeat=len(wanted)):
        wrong = tuple(w for w, join in zip(wanted, joins, strict=True) if join is True)
        right = tuple(w for w, join in zip(wanted, joins, strict=True) if join is False)
        if not wrong and not right:
            continue
        joined = dataclasses.replace(
            finding,
            targets=finding.targets + tuple(sorted(wrong)),
            passing=finding.passing + tuple(sorted(right)),
        )
        if (
            sign_finding(joined, results, components),
            blame(joined, results, components),
        ) != without:
            return True
    return False


def attach_panic_causes(results: Mapping[str, RunResult], components: Chains) -> None:
    """For each crash of a chain through naga and wgpu: the Rust crate that panicked
    (rust_panic.py), not the driver a crash is otherwise blamed on. For each crash of a
    chain through ACO after ACO reported an error (aco.py: a failed register-allocation
    check aborts): ACO, with its message, not RADV."""
    for name, result in results.items():
        chain = chain_names(components.get(name, ()))
        if result.status is not RunStatus.CRASH or result.cause is not None:
            continue
        if "naga" in chain:
            result.cause = panic_cause(result.log, chain)
        elif ACO in chain:
            result.cause = aco_cause(result.log)


def attach_front_end_causes(
    results: Mapping[str, RunResult],
    job: Job,
    components: Chains,
    classification: Classification | None = None,
) -> None:
    """For each crash, and each wrong output, after Mesa's GLSL front-end: read what the
    front-end produced and record it as the cause when it is wrong in itself. (And each
    crash of a naga chain's Rust code, which names itself: attach_panic_causes.)
    `classification`: `results`' own, where the caller has it already."""
    attach_panic_causes(results, components)
    classification = classification or classify(results, components)
    wrong = {
        name
        for finding in classification.findings
        if finding.kind in WRONG_RESULT_KINDS
        for name in finding.targets
    }
    # A GL text's faults, by text: gl-llvmpipe and its softpipe witness read the same one,
    # and each dump is a process compiling it afresh (~0.5 s).
    faults: dict[str, str | None] = {}
    for name, result in results.items():
        chain = chain_names(components.get(name, ()))
        if not _may_be_dumped(result, chain):
            continue
        if result.status is not RunStatus.CRASH and not (result.ok and name in wrong):
            continue
        source = _gl_text_of(chain, job)
        if source is None:
            continue
        if source not in faults:
            faults[source] = front_end_fault(front_end_dump(source, job.stage))
        fault = faults[source]
        if fault is not None:
            result.cause = (MESA_GLSL, fault)


def _gl_text_of(chain: Sequence[str], job: Job) -> str | None:
    """The GLSL the chain's GL driver received: the job's own, or spirv-cross's (naga's,
    inside wgpu, cannot be had)."""
    if "naga" in chain:
        return None
    if "spirv-cross" not in chain:
        return job.source
    return _cross_compiled(job.source, job.stage)


@functools.lru_cache(maxsize=8)
def _cross_compiled(source: str, stage: str) -> str | None:
    """spirv-cross's GLSL of `source` (the same for every chain through spirv-cross)."""

    try:
        return cross_compile(source, stage)[0]
    except ChainFailed:
        return None
