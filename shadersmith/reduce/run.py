"""One reduction, start to end: check the test is interesting, reduce, verify, report.

The reducers share this frame: each takes the prepared, interesting start and gives back
a smaller prepared candidate; the frame checks the start shows the signature (so a
reduction never starts from a test that no longer reproduces), then re-runs the result
on every target with no shortcut and records whether the signature held.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from shadersmith.interp import UndefinedBehaviour, run_compute
from shadersmith.reduce.interesting import (
    INTERP_STEP_BUDGET,
    Candidate,
    Counters,
    Interestingness,
    Prepared,
    Verdict,
)
from shadersmith.reduce.internal import InternalReducer, ProgressCallback
from shadersmith.reduce.subject import Subject
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

REDUCERS = ("internal", "creduce", "picire")


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
    final_results: dict[str, RunResult]
    final_signatures: list[str]
    ub_in_reduced: bool  # the sanitizer on the reduced, reconditioned program
    counters: Counters
    seconds: float

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
    if interestingness.judge([start])[0] is not Verdict.INTERESTING:
        _, results = interestingness.verify(start)
        now = ", ".join(interestingness.signatures(results)) or "agree"
        raise ReductionError(
            f"the test does not show {subject.signature} here (it shows: {now}); nothing to reduce"
        )
    chosen = make_reducer(reducer, interestingness, parallel, time_budget_s, on_progress)
    reduced = chosen.reduce(start)
    kept, results = interestingness.verify(reduced)
    # Every candidate passed the sanitizer when it was prepared; this run is the
    # report's own evidence, made on exactly the program that is written out.
    try:
        run_compute(
            reduced.reconditioned.program,
            reduced.reconditioned.buffer_values,
            step_budget=INTERP_STEP_BUDGET,
        )
        ub = False
    except UndefinedBehaviour:
        ub = True
    return ReductionResult(
        reducer=reducer,
        subject=subject,
        start=start,
        reduced=reduced,
        signature_kept=kept,
        final_results=results,
        final_signatures=interestingness.signatures(results),
        ub_in_reduced=ub,
        counters=interestingness.counters,
        seconds=time.perf_counter() - started,
    )
