"""One reduction, start to end: check the test is interesting, reduce, verify, report.

The reducers share this frame: each takes the prepared, interesting start and gives back
a smaller prepared candidate; the frame checks the start shows the signature (so a
reduction never starts from a test that no longer reproduces), then re-runs the result
on every target with no shortcut and records whether the signature held.

When the finding depends on the test's spirv-opt pass list (pass_list.py), the frame
reduces the list first (each candidate list costs one run of the targets that use it),
reduces the program under the reduced list, shrinks the list once more on the reduced
program, and names the first bad pass.

The candidates run on warm workers (a worker start per candidate would cost more than
the run), so the final run is on fresh ones: a reduced test that shows the finding only
after the candidates before it is reduced again from the start, each candidate on fresh
workers of the finding's targets.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from shadersmith.reduce.interesting import (
    Candidate,
    Counters,
    Interestingness,
    Judgement,
    Prepared,
    undefined_behaviour,
)
from shadersmith.reduce.internal import InternalReducer, ProgressCallback, ReductionProgress
from shadersmith.reduce.pass_list import PassListReducer, PassListReduction, reduces_pass_list
from shadersmith.reduce.subject import Subject
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.trial import Judged

REDUCERS = ("internal", "creduce", "picire")

# The pass-list reduction before the program's: its share of the time budget at most.
PASS_LIST_SHARE = 0.5
# The pass-list reduction after the program's, on the small program: cheap, bounded.
FINAL_PASS_LIST_S = 60.0


class ReductionError(Exception):
    """A reduction that cannot start; the message is one line for the user."""


class Reducer(Protocol):
    name: str

    def reduce(self, start: Prepared) -> Prepared: ...


@dataclass
class ReductionResult:
    reducer: str
    subject: Subject
    start: Prepared
    reduced: Prepared
    signature_kept: bool  # on the final run on every target
    final: Judged  # the final run on every target, judged
    # The sanitizer on the reduced, reconditioned program (None: a crash-oracle test's,
    # neither reconditioned nor run).
    ub_in_reduced: bool | None
    counters: Counters
    seconds: float
    # The spirv-opt pass list: its reduction, when the finding depends on it.
    pass_list: PassListReduction | None = None
    # The session's chains' component versions, by target: what the final run ran on.
    versions: dict[str, dict[str, str]] = field(default_factory=dict)
    # Whether the original showed the finding on fresh workers, asked only when the
    # reduced test did not: True, it was reduced again with every candidate on fresh
    # workers; False, the finding needs the tests run before it (not reproducible alone).
    start_kept_fresh: bool | None = None

    @property
    def final_results(self) -> Mapping[str, RunResult]:
        return self.final.results

    @property
    def final_signatures(self) -> list[str]:
        return self.final.signatures

    @property
    def spirv_passes(self) -> tuple[str, ...] | None:
        """The pass list the reduced test runs with."""
        return self.reduced.job.spirv_passes

    @property
    def original_lines(self) -> int:
        return self.start.lines

    @property
    def reduced_lines(self) -> int:
        return self.reduced.lines

    @property
    def reconditioned_lines(self) -> int:
        return self.reduced.job.source.count("\n")


def make_reducer(
    name: str,
    interestingness: Interestingness,
    parallel: int,
    time_budget_s: float,
    on_progress: ProgressCallback | None,
) -> Reducer:
    if name == "internal":
        return InternalReducer(interestingness, parallel, time_budget_s, on_progress=on_progress)
    if name in ("creduce", "picire"):
        # Imported here: text.py imports this module (it reduces through reduce_subject).
        from shadersmith.reduce import text

        return text.make_text_reducer(name, interestingness, parallel, time_budget_s, on_progress)
    raise ReductionError(f"unknown reducer {name!r} (choose from {', '.join(REDUCERS)})")


def reduce_subject(
    subject: Subject,
    session: TargetSession,
    reducer: str = "internal",
    parallel: int = 2,
    time_budget_s: float = 600.0,
    on_progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ReductionResult:
    """Reduce `subject` on `session`'s targets; `should_stop` ends it early (Ctrl-C in a
    campaign), keeping the smallest interesting candidate found so far."""
    started = time.perf_counter()
    missing = [t for t in subject.targets if t not in session.present]
    if missing:
        raise ReductionError(f"target(s) not present here: {', '.join(missing)}")
    interestingness = Interestingness(subject, session, should_stop=should_stop)
    start = interestingness.prepare(Candidate(subject.program, subject.buffer_values))
    if not isinstance(start, Prepared):
        raise ReductionError(f"the test's own program is {start.value} before any reduction")
    if interestingness.judge([start])[0] is not Judgement.INTERESTING:
        _, results = interestingness.verify(start)
        now = ", ".join(interestingness.signatures(results)) or "agree"
        raise ReductionError(
            f"the test does not show {subject.signature} here (it shows: {now}); nothing to reduce"
        )
    lists: PassListReducer | None = None
    if reduces_pass_list(subject) and subject.spirv_passes:
        # The list first, within half the budget: the program's reduction then runs
        # every candidate through fewer passes, and cannot lean on an innocent one.
        deadline = started + time_budget_s * PASS_LIST_SHARE
        lists = PassListReducer(interestingness, subject.spirv_passes, parallel, deadline)
        _report(on_progress, reducer, start, started, interestingness)
        start = _with_passes(interestingness, start, lists.reduce(start))
    left = max(0.0, time_budget_s - (time.perf_counter() - started))
    chosen = make_reducer(reducer, interestingness, parallel, left, on_progress)
    reduced = chosen.reduce(start)
    if lists is not None:
        # On the reduced program the list often shrinks further, and each try is cheap.
        _report(on_progress, reducer, reduced, started, interestingness)
        lists.deadline = time.perf_counter() + FINAL_PASS_LIST_S
        reduced = _with_passes(interestingness, reduced, lists.reduce(reduced))
        lists.first_bad_pass(reduced)
        reduced = _with_passes(interestingness, reduced, lists.outcome.reduced)
    # On fresh workers: the candidates ran on warm ones, and a driver that keeps state
    # between jobs (softpipe's registers, issue 37) can show a finding in a candidate
    # only after the candidates before it.
    kept, results = interestingness.verify(reduced, fresh=True)
    start_kept_fresh: bool | None = None
    if not kept and not interestingness.stopped():
        start_kept_fresh, _ = interestingness.verify(start, fresh=True)
        if start_kept_fresh:
            # Once more from the start, every candidate alone on fresh workers: slower,
            # but what it keeps shows the finding with no history.
            fresh_budget = max(time_budget_s - (time.perf_counter() - started), time_budget_s / 2)
            interestingness.forget()
            interestingness.fresh_each = True
            chosen = make_reducer(reducer, interestingness, 1, fresh_budget, on_progress)
            reduced = chosen.reduce(start)
            kept, results = interestingness.verify(reduced, fresh=True)
    return ReductionResult(
        reducer=reducer,
        subject=subject,
        start=start,
        reduced=reduced,
        signature_kept=kept,
        final=interestingness.judged(results),
        ub_in_reduced=_undefined_in(reduced, subject),
        counters=interestingness.counters,
        seconds=time.perf_counter() - started,
        pass_list=lists.outcome if lists is not None else None,
        versions=session.versions(),
        start_kept_fresh=start_kept_fresh,
    )


def _undefined_in(reduced: Prepared, subject: Subject) -> bool | None:
    """Whether the sanitizer meets undefined behaviour in the reduced program. Every
    candidate passed it when it was prepared; this run is the report's own evidence, made
    on exactly the program that is written out. None for a crash-oracle test: its
    program is not reconditioned and nothing runs it."""
    if not subject.reconditioned:
        return None
    return undefined_behaviour(reduced.trial, subject)


def _with_passes(
    interestingness: Interestingness, prepared: Prepared, passes: tuple[str, ...]
) -> Prepared:
    """`prepared` under `passes`, which every later candidate runs with too."""
    interestingness.spirv_passes = passes
    return interestingness.with_passes(prepared, passes)


def _report(
    on_progress: ProgressCallback | None,
    reducer: str,
    current: Prepared,
    started: float,
    interestingness: Interestingness,
) -> None:
    if on_progress is not None:
        passes = len(current.job.spirv_passes or ())
        on_progress(
            ReductionProgress(
                reducer,
                f"spirv-opt pass list ({passes} passes)",
                current.lines,
                current.lines,
                interestingness.counters.calls,
                time.perf_counter() - started,
            )
        )
