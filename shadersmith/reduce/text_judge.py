"""The interestingness of GLSL *text*, shared by the off-the-shelf text reducers.

A text reducer (creduce, picire) edits the text of the unreconditioned program; each
candidate text is read back by our GLSL front-end, given the start's buffer values (by
block and field name), reconditioned and run exactly as the internal reducer's
candidates are (seed 003 section 5.3; seed 004 Figure 4.10: the interestingness script
parses, reconditions, then runs). A text the front-end rejects is simply not
interesting: most of a text reducer's edits break the syntax, and they cost no target run.

The reducer must answer with a `Prepared`, not a text, so the judge keeps every
interesting text's `Prepared` and the smallest of them: whatever a reducer leaves behind,
the answer is one that was judged interesting here.

Not thread-safe: one caller at a time (see `BatchingJudge` for concurrent callers).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from queue import Empty, Queue

from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.reduce.interesting import Candidate, Interestingness, Judgement, Prepared
from shadersmith.reduce.internal import ProgressCallback, ReductionProgress


class OutOfTime(Exception):
    """Raised from inside a reducer's loop when the time budget is spent."""


@dataclass(frozen=True)
class _Best:
    prepared: Prepared
    size: int  # characters of the emitted, unreconditioned program
    lines: int


class TextJudge:
    def __init__(
        self,
        reducer: str,
        interestingness: Interestingness,
        start: Prepared,
        time_budget_s: float,
        on_progress: ProgressCallback | None = None,
    ) -> None:
        self.reducer = reducer
        self.interestingness = interestingness
        self.profile = interestingness.subject.text_profile  # GLSL text, also for WGSL
        self.start_text = start.text
        self.original_lines = self.start_text.count("\n")
        self.started = time.perf_counter()
        self.deadline = self.started + time_budget_s
        self.on_progress = on_progress
        self._buffer_values = start.candidate.buffer_values
        # The start was judged interesting by the caller: it is the fallback answer, and
        # its text (what the reducer starts from) needs no second run.
        self._answers: dict[str, bool] = {self.start_text: True}  # so a text runs once
        self._interesting: dict[str, Prepared] = {self.start_text: start}
        self._best = self._measure(start)
        self.improvements = 0  # how often the best changed (progress reports poll it)

    # ------------------------------------------------------------------ judging

    def out_of_time(self) -> bool:
        return time.perf_counter() > self.deadline or self.interestingness.stopped()

    def prepare(self, text: str) -> bool | Prepared:
        """The answer when it is known without the targets, else the candidate to run."""
        known = self._answers.get(text)
        if known is not None:
            return known
        try:
            parsed = parse_glsl(text)
        except FrontEndError:
            self._answers[text] = False
            return False
        if parsed.profile.name != self.profile.name:
            # A reducer edited the #version line: the job would still be built for the
            # subject's profile, so this text would not say what it runs as.
            self._answers[text] = False
            return False
        prepared = self.interestingness.prepare_parsed(
            Candidate(parsed.program, self._buffer_values)
        )
        if isinstance(prepared, Judgement):
            answer = prepared is Judgement.INTERESTING
            self._answers[text] = answer
            return answer
        return prepared

    def run(self, batch: Sequence[tuple[str, Prepared]]) -> list[bool]:
        """Run prepared candidates on the targets together (the engine runs a list in
        parallel on its workers) and record the answers."""
        if not batch:
            return []
        verdicts = self.interestingness.judge([prepared for _, prepared in batch])
        answers: list[bool] = []
        for (text, prepared), verdict in zip(batch, verdicts, strict=True):
            interesting = verdict is Judgement.INTERESTING
            self._answers[text] = interesting
            if interesting:
                self._interesting[text] = prepared
                measured = self._measure(prepared)
                if measured.size < self._best.size:
                    self._best = measured
                    self.improvements += 1
            answers.append(interesting)
        return answers

    def judge_texts(self, texts: Sequence[str]) -> list[bool]:
        """Whether each text is interesting; those that need the targets run together."""
        answers: list[bool | None] = []
        pending: dict[str, Prepared] = {}
        for text in texts:
            if text in pending:
                answers.append(None)
                continue
            prepared = self.prepare(text)
            if isinstance(prepared, Prepared):
                pending[text] = prepared
                answers.append(None)
            else:
                answers.append(prepared)
        self.run(list(pending.items()))
        return [
            self._answers[text] if answer is None else answer
            for text, answer in zip(texts, answers, strict=True)
        ]

    # ------------------------------------------------------------------ results

    @property
    def best(self) -> Prepared:
        return self._best.prepared

    @property
    def best_lines(self) -> int:
        return self._best.lines

    def interesting_prepared(self, text: str) -> Prepared | None:
        return self._interesting.get(text)

    def result(self, final_text: str | None) -> Prepared:
        """The reducer's answer: its final text judged (normally a cache hit), then the
        smallest interesting candidate seen, which is never larger than the start."""
        if final_text is not None:
            self.judge_texts([final_text])
        return self.best

    def report(self, pass_name: str) -> None:
        if self.on_progress is None:
            return
        self.on_progress(
            ReductionProgress(
                self.reducer,
                pass_name,
                self._best.lines,
                self.original_lines,
                self.interestingness.counters.calls,
                time.perf_counter() - self.started,
            )
        )

    def _measure(self, prepared: Prepared) -> _Best:
        return _Best(prepared, len(prepared.text), prepared.lines)


class BatchingJudge:
    """A `TextJudge` for concurrent callers: one thread owns the judge, and candidates
    that need the targets and arrive together go to them as one batch, so they run in
    parallel on the engine's workers rather than one after another behind a lock.

    Each request is prepared as it arrives (front-end, reconditioner, sanitizer: most
    text edits fail there, in milliseconds, and are answered at once); only a candidate
    bound for the targets waits, at most `linger_s`, for company."""

    def __init__(self, judge: TextJudge, batch_size: int, linger_s: float = 0.02) -> None:
        self.judge = judge
        self.batch_size = max(1, batch_size)
        self.linger_s = linger_s
        self.error: BaseException | None = None
        self._closed = False
        self._closing = threading.Lock()  # no request slips in behind the final drain
        self._requests: Queue[tuple[str, Future[bool]] | None] = Queue()
        self._thread = threading.Thread(target=self._serve, name="text-judge", daemon=True)
        self._thread.start()

    def ask(self, text: str) -> bool:
        """Whether `text` is interesting; blocks until it is judged. Safe from any thread."""
        answer: Future[bool] = Future()
        with self._closing:
            if self._closed:  # a straggler after the reducer stopped: nobody will judge it
                return False
            self._requests.put((text, answer))
        return answer.result()

    def close(self) -> None:
        """Finish the batch in hand, then stop (requests still queued are answered no)."""
        with self._closing:
            self._closed = True
            self._requests.put(None)
        self._thread.join()

    def _serve(self) -> None:
        stopping = False
        while not stopping:
            item = self._requests.get()
            if item is None:
                break
            waiting: dict[str, tuple[Prepared, list[Future[bool]]]] = {}
            self._take(item, waiting)
            deadline = time.perf_counter() + self.linger_s
            while waiting and len(waiting) < self.batch_size:
                try:
                    item = self._requests.get(timeout=max(0.0, deadline - time.perf_counter()))
                except Empty:
                    break
                if item is None:
                    stopping = True
                    break
                self._take(item, waiting)
            self._run(waiting)
        while True:  # anything left after close: not interesting, nobody waits long
            try:
                item = self._requests.get_nowait()
            except Empty:
                return
            if item is not None:
                item[1].set_result(False)

    def _take(
        self,
        item: tuple[str, Future[bool]],
        waiting: dict[str, tuple[Prepared, list[Future[bool]]]],
    ) -> None:
        """Answer `item` at once if that needs no target, else add it to `waiting`."""
        text, future = item
        if text in waiting:
            waiting[text][1].append(future)
            return
        if self.error is not None or self.judge.out_of_time():
            future.set_result(False)
            return
        try:
            prepared = self.judge.prepare(text)
        except Exception as error:  # kept for the reducer to raise; answer "no"
            self.error = error
            future.set_result(False)
            return
        if isinstance(prepared, Prepared):
            waiting[text] = (prepared, [future])
        else:
            future.set_result(prepared)

    def _run(self, waiting: dict[str, tuple[Prepared, list[Future[bool]]]]) -> None:
        if not waiting:
            return
        answers = [False] * len(waiting)
        if self.error is None:
            try:
                answers = self.judge.run([(text, p) for text, (p, _) in waiting.items()])
            except Exception as error:  # kept for the reducer to raise; answer "no"
                self.error = error
        for (_, futures), answer in zip(waiting.values(), answers, strict=True):
            for future in futures:
                future.set_result(answer)
