"""The internal IR reducer: passes from coarse to fine, opportunities tried in chunks,
candidates judged in parallel batches on the real targets.

For each pass, chunks of its opportunities are applied together, from all of them at
once down to one at a time (ddmin's halving, as in GraphicsFuzz's reducer). Candidates
are judged `parallel` at a time; the first interesting one in order wins, so the result
does not depend on which finished first. Every accepted candidate is strictly smaller
(`passes.weighted_size`, then text length), so reduction ends. Rounds over all passes
repeat until one changes nothing or the time budget is spent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from shadersmith.emit import emit
from shadersmith.reduce.interesting import Candidate, Interestingness, Judgement, Prepared
from shadersmith.reduce.passes import PASSES, Chosen, ReductionPass, count, weighted_size


@dataclass
class ReductionProgress:
    reducer: str
    pass_name: str
    lines: int
    original_lines: int
    calls: int
    elapsed_s: float


ProgressCallback = Callable[[ReductionProgress], None]


class InternalReducer:
    name = "internal"

    def __init__(
        self,
        interestingness: Interestingness,
        parallel: int = 2,
        time_budget_s: float = 600.0,
        passes: tuple[ReductionPass, ...] = PASSES,
        on_progress: ProgressCallback | None = None,
    ) -> None:
        self.interestingness = interestingness
        self.parallel = max(1, parallel)
        self.time_budget_s = time_budget_s
        self.passes = passes
        self.on_progress = on_progress
        self._started = 0.0
        self._original_lines = 0

    def reduce(self, start: Prepared) -> Prepared:
        """Shrink `start` (already judged interesting) as far as the passes go."""
        self._started = time.perf_counter()
        self._original_lines = start.lines
        current = start
        changed = True
        while changed and not self._out_of_time():
            changed = False
            for reduction_pass in self.passes:
                current, progressed = self._run_pass(reduction_pass, current)
                changed = changed or progressed
                if self._out_of_time():
                    break
        return current

    def _out_of_time(self) -> bool:
        if self.interestingness.stopped():
            return True
        return time.perf_counter() - self._started > self.time_budget_s

    def _report(self, pass_name: str, current: Prepared) -> None:
        if self.on_progress is not None:
            self.on_progress(
                ReductionProgress(
                    self.name,
                    pass_name,
                    current.lines,
                    self._original_lines,
                    self.interestingness.counters.calls,
                    time.perf_counter() - self._started,
                )
            )

    def _run_pass(self, reduction_pass: ReductionPass, current: Prepared) -> tuple[Prepared, bool]:
        progressed = False
        total = count(reduction_pass, current.candidate)
        chunk = total
        self._report(reduction_pass.name, current)
        while chunk >= 1 and not self._out_of_time():
            position = 0
            while position < total and not self._out_of_time():
                batch: list[tuple[int, Prepared]] = []
                next_position = position
                while next_position < total and len(batch) < self.parallel:
                    low, high = next_position, next_position + chunk
                    next_position = high
                    candidate, _ = reduction_pass.apply(current.candidate, _between(low, high))
                    if not _smaller(candidate, current.candidate, self.interestingness):
                        continue
                    prepared = self.interestingness.prepare(candidate)
                    if isinstance(prepared, Prepared):
                        batch.append((low, prepared))
                if not batch:
                    position = next_position
                    continue
                verdicts = self.interestingness.judge([p for _, p in batch])
                winner = next(
                    (i for i, v in enumerate(verdicts) if v is Judgement.INTERESTING), None
                )
                if winner is None:
                    position = next_position
                    continue
                position, current = batch[winner]
                progressed = True
                total = count(reduction_pass, current.candidate)
                self._report(reduction_pass.name, current)
            if chunk == 1:
                break
            chunk = max(1, chunk // 2)
        return current, progressed


def _between(low: int, high: int) -> Chosen:
    return lambda number: low <= number < high


def _smaller(candidate: Candidate, current: Candidate, interestingness: Interestingness) -> bool:
    """Fewer weighted nodes, else shorter text, else fewer input elements. The text is
    written only where the nodes tie: emitting every candidate twice to compare sizes
    took 5% of a vertex-stage reduction's time."""
    nodes, current_nodes = weighted_size(candidate.program), weighted_size(current.program)
    if nodes != current_nodes:
        return nodes < current_nodes
    return _rest_of_size(candidate, interestingness) < _rest_of_size(current, interestingness)


def _rest_of_size(candidate: Candidate, interestingness: Interestingness) -> tuple[int, int]:
    """Text, then input elements (a halved array is as long to write)."""
    text = emit(candidate.program, interestingness.subject.text_profile)
    elements = sum(
        len(value) if isinstance(value, tuple) else 1
        for fields in candidate.buffer_values.values()
        for value in fields.values()
    )
    return len(text), elements
