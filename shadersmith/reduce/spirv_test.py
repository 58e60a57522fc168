"""Reduce a SPIR-V metamorphic test (issue 35, item 4), as spirv-fuzz did:

1. delta debugging over its transformation list, the reference module fixed (a sub-list
   replays where each record still applies: spirv/transforms/driver.py);
2. spirv-reduce on the reference module, the reduced list replayed on each candidate.

A candidate is interesting when the pair it makes still shows the signature on the same
targets, judged as the campaign judged it (oracle/spirv_metamorphic.py: a wrong result
still needs a second consumer that computes the same output for both modules). The
reduced test is written beside the original (`<name>-reduced`) with both modules, the
list, and the reduction's figures in its provenance.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from shadersmith.case import Finding, TestCaseError, write_test
from shadersmith.oracle.metamorphic import same_output
from shadersmith.oracle.signature import shows_signature
from shadersmith.oracle.spirv_metamorphic import judge_spirv_metamorphic
from shadersmith.rebuild.admission import load_admitted
from shadersmith.reduce.output import reduced_directory
from shadersmith.reduce.run import ReductionError
from shadersmith.reduce.spirv_list import reduce_transformations
from shadersmith.reduce.spirv_reduce import run_spirv_reduce
from shadersmith.spirv.module import read_module
from shadersmith.spirv_pair import (
    SpirvPair,
    recorded_spirv_pair,
    spirv_pair_of_test,
    with_records,
    with_reference,
)
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.glslang import ToolMissing
from shadersmith.targets.tools.newest import newest_toolset
from shadersmith.targets.tools.spirv_tools import DEBIAN, Toolset

# The share of the time budget the list gets at most (ddmin needs a few tens of runs and
# names the root cause); spirv-reduce takes the rest.
LIST_SHARE = 0.6


@dataclass(frozen=True)
class SpirvReduced:
    outcome: str  # the reduced test's path relative to the campaign, or `failed: why`
    cause: str | None  # the transformations left, the bucket's root cause
    directory: Path | None
    report: dict[str, object]


class SpirvJudge:
    """Runs candidate pairs on the test's targets and says whether each shows
    `signature`; keeps the last interesting pair's results for the record.

    A candidate runs on the finding's own target first, alone: most candidates lose the
    failure or the difference there, and are refused at a fraction of the cost; the
    others run on the rest of the targets too, to be judged as the campaign judged."""

    def __init__(
        self, session: TargetSession, targets: Sequence[str], signature: str, first: str | None
    ) -> None:
        self.session = session
        self.targets = list(targets)
        self.signature = signature
        self.first = first if first in self.targets else None
        self.runs = 0
        self.last: tuple[SpirvPair, dict[str, RunResult], dict[str, RunResult], Finding] | None
        self.last = None

    def __call__(self, pair: SpirvPair) -> bool:
        jobs = pair.jobs()
        if not jobs:  # an invalid module, or none: never what we look for
            return False
        self.runs += 1
        reference: dict[str, RunResult] = {}
        variant: dict[str, RunResult] = {}
        rest = self.targets
        if self.first is not None:
            answers = dict(self.session.run_many(jobs, only=[self.first]))
            reference, variant = answers[0], answers[1]
            # Refused early only where both ran and agree: a compile-only target's output
            # is empty, so a variant it failed on would look the same as its reference.
            ours, theirs = reference[self.first], variant[self.first]
            if ours.ok and theirs.ok and same_output(ours, theirs):
                return False
            rest = [t for t in self.targets if t != self.first]
        if rest:
            answers = dict(self.session.run_many(jobs, only=rest))
            reference, variant = {**reference, **answers[0]}, {**variant, **answers[1]}
        judged = judge_spirv_metamorphic(
            reference, variant, self.targets, self.session.components()
        )
        finding = next(
            (f for f in judged.findings if shows_signature(self.signature, f.signature)), None
        )
        if finding is None:
            return False
        self.last = (pair, reference, variant, finding)
        return True


def reduce_spirv_test(
    example: Path,
    signature: str,
    session: TargetSession,
    time_s: float,
    interrupted: Callable[[], bool] = lambda: False,
    destination: Path | None = None,
) -> SpirvReduced | None:
    """Reduce the test in `example` while it shows `signature` on the session's targets
    it recorded; None if `interrupted` before anything was kept."""
    started = time.perf_counter()
    try:
        test = load_admitted(example)
        pair = spirv_pair_of_test(test)
    except TestCaseError as error:
        return SpirvReduced(f"failed: {error}", None, None, {})
    recorded = {name.rsplit(".", 1)[0] for name in test.recorded_targets()}
    targets = [t for t in session.present if t in recorded]
    finding = test.results.finding
    first = finding.targets[0] if finding is not None and finding.targets else None
    judge = SpirvJudge(session, targets, signature, first)
    if not judge(pair):
        return SpirvReduced(
            f"failed: the test no longer shows {signature} on {', '.join(targets)}",
            None,
            None,
            {},
        )
    before = _size(pair)
    listed = reduce_transformations(
        list(pair.records),
        lambda records: judge(with_records(pair, records)),
        time_s * LIST_SHARE,
        interrupted,
    )
    pair = with_records(pair, listed.records)
    if interrupted():
        return None
    left = max(1.0, time_s - (time.perf_counter() - started))
    kept_pair = pair
    try:
        shrunk = run_spirv_reduce(
            pair.reference,
            lambda module: judge(with_reference(kept_pair, module)),
            left,
            reducing_toolset(),
            interrupted,
        )
        module, candidates, why = shrunk.module, shrunk.candidates, ""
        spirv_reduce = f"{shrunk.version} ({'finished' if shrunk.finished else 'stopped'})"
    except ReductionError as error:  # spirv-reduce missing or failing: the list alone
        module, candidates, why = pair.reference, 0, str(error)
        spirv_reduce = f"not run: {why}"
    # Judged once more as a whole: its record holds its own runs, and a candidate that
    # spirv-reduce kept but that does not show the signature again is not trusted.
    pair = with_reference(pair, module)
    if not judge(pair):
        pair = kept_pair
        if not judge(pair):
            return SpirvReduced(f"failed: {signature} did not show again", None, None, {})
    assert judge.last is not None
    last_pair, reference, variant, finding = judge.last
    report: dict[str, object] = {
        "transformations_before": before[0],
        "transformations_after": len(pair.records),
        "instructions_before": before[1],
        "instructions_after": _size(pair)[1],
        "list_runs": listed.runs,
        # Whether ddmin finished: the list left is then 1-minimal, not just smaller.
        "list_minimal": not listed.out_of_time,
        "list_seconds": round(listed.seconds, 1),
        "spirv_reduce_candidates": candidates,
        "runs": judge.runs,
        "seconds": round(time.perf_counter() - started, 1),
    }
    report["spirv_reduce"] = spirv_reduce
    reduced = recorded_spirv_pair(last_pair, reference, variant, finding, session.versions())
    provenance = dataclasses.replace(
        reduced.provenance, reduction=report, reduced_from=test.provenance
    )
    reduced = dataclasses.replace(reduced, provenance=provenance)
    written = write_test(reduced, destination or reduced_directory(example), force=True)
    cause = "+".join(sorted({record.name for record in pair.records})) or "no transformation"
    outcome = str(Path(*example.parts[-3:-1]) / written.name)
    return SpirvReduced(outcome, cause, written, report)


def reducing_toolset() -> Toolset:
    """Whose spirv-reduce shrinks a module: the newest release's where it is installed
    (years of its fixes past Debian's 2023.1, and the same validator that judges the
    newest chains), Debian's otherwise (the GPU machine's carry leaves the newest's out)."""
    try:
        newest = newest_toolset()
    except ToolMissing:
        return DEBIAN
    return newest if newest.spirv_reduce is not None else DEBIAN


def _size(pair: SpirvPair) -> tuple[int, int]:
    """(transformations, instructions of the variant module)."""
    return len(pair.records), sum(1 for _ in read_module(pair.variant).instructions())
