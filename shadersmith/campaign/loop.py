"""The one campaign loop, for every kind of oracle (differential, metamorphic, fusion).

A campaign is a sequence of units of work, each named by an index: a differential test,
a metamorphic pair, a fusion sequence. A unit is made of pieces (a test, a pair, each of
a sequence's programs) that worker processes prepare ahead (preparation.py); each piece
gives the jobs the targets run (one program; a pair's two). The loop

    prepare (worker processes) -> stream the jobs through the targets' workers
    -> record each unit, in unit order, once all its jobs are answered -> reduce new buckets

and it is the same loop for every kind: the kind (a `CampaignKind`) says what a unit is,
which targets its session starts, how a unit's answers are judged and recorded in the
store (campaign/store.py), and how one of its buckets is reduced. So every kind has the
same store, buckets, `--ignore`, `--keep`, resume after kill -9 (the store holds what is
done; the kind's `units` skips it), live progress, `--jobs`, `--cluster` and automatic
reduction.

Units are recorded in their order, whatever order the targets answer in, so the tests
kept in a bucket are the same on one core, on sixteen or on a Ray cluster. What a unit's
judging needs besides its answers (a differential test's witnesses and front-end dumps)
is gathered as soon as its answers are in, in a thread beside the loop (the kind's
`gather`), so that the loop goes on reading answers and the targets stay busy while a
failing test's evidence runs. A new bucket
ends the stream after the units in flight, so that its reduction has the workers to
itself; the stream then starts again where it stopped.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from shadersmith.campaign.findings import CRASH_RERUNS
from shadersmith.campaign.preparation import CpuShare, Preparation
from shadersmith.campaign.store import Bucket, CampaignStore
from shadersmith.case import Finding, Kind, TestCaseError
from shadersmith.case.finding import OUR_KINDS
from shadersmith.oracle.known_findings import known_match
from shadersmith.targets.catalogue.user_targets import TargetsFileError, record_in_campaign
from shadersmith.targets.job import Job
from shadersmith.targets.ray_farm import session_for
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

PieceKey = TypeVar("PieceKey")
Piece = TypeVar("Piece")

# Buckets whose kind is one of these are defects of ours: the sanitizer rejects the very
# candidates that would show them, so they are not reduced.
NOT_REDUCED_KINDS = frozenset(kind.value for kind in OUR_KINDS)


@dataclass(frozen=True)
class Unit(Generic[PieceKey]):
    """Unit `index` of a campaign and the keys of the pieces it still has to run (a
    resumed fusion sequence runs only the programs the store does not hold)."""

    index: int
    pieces: tuple[PieceKey, ...]


@dataclass(frozen=True)
class Recorded:
    """What recording one unit added to the store."""

    tests: int
    findings: Sequence[Finding] = ()
    ours: int = 0
    opened: int = 0  # buckets
    rejected: int = 0  # tests a compiler rejected, which the crash oracle only counts


@dataclass(frozen=True)
class Limits:
    """How long and how widely a campaign runs: not its settings (a campaign may be
    resumed with other limits, or on a cluster)."""

    time_s: float | None = None  # stop after this many seconds of this run
    timeout_s: float = 60.0  # per job
    reduce: bool = True  # reduce each new bucket's first kept test
    reduce_time_s: float = 120.0  # per bucket
    # With a time limit, the most of the run's time so far its reductions may have taken:
    # a short campaign that reduced every new bucket at once ran no test after its first
    # buckets (a 3-minute one spent its last two minutes and a half reducing). A bucket
    # waits for its reduction until the tests have earned it; what is left unreduced at
    # the end is reduced by a resume or `shadersmith reduce`.
    reduce_share: float = 0.5
    cluster: str | None = None  # a Ray cluster's address (targets/ray_farm.py)
    # A resumed campaign may run on other targets than it started on (the change is
    # recorded in its settings); otherwise that is refused, as any other setting is.
    allow_new_targets: bool = False


@dataclass
class Progress:
    """A campaign's counts in this run, the same for every kind; `detail` is what a kind
    shows besides (a fusion campaign's per-relation counts)."""

    tests: int = 0  # recorded in this run
    resumed_from: int = 0  # tests recorded before this run
    found: Counter[Kind] = field(default_factory=Counter)
    ours: int = 0
    buckets: int = 0
    rejected: int = 0  # the crash oracle's tests a compiler rejected (no finding)
    reduced: int = 0
    reducing: str | None = None  # the bucket being reduced now
    started: float = field(default_factory=time.perf_counter)
    detail: Any = None

    @property
    def tests_per_second(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.tests / elapsed if elapsed > 0 else 0.0

    @property
    def findings(self) -> int:
        return sum(self.found.values())

    @property
    def crashes(self) -> int:
        return self.found[Kind.CRASH]

    @property
    def timeouts(self) -> int:
        return self.found[Kind.TIMEOUT]

    @property
    def mismatches(self) -> int:
        return self.found[Kind.ODD_ONE_OUT] + self.found[Kind.DISAGREE]

    @property
    def compile_failures(self) -> int:
        return self.found[Kind.COMPILE_FAILURE]

    def add(self, recorded: Recorded) -> None:
        self.tests += recorded.tests
        self.found.update(finding.kind for finding in recorded.findings)
        self.ours += recorded.ours
        self.buckets += recorded.opened
        self.rejected += recorded.rejected


@dataclass(frozen=True)
class Context:
    """What a kind's `record` works with."""

    session: TargetSession
    store: CampaignStore
    components: dict[str, list[str]]
    keep_per_bucket: int


class CampaignKind(Protocol[PieceKey, Piece]):
    """One kind of campaign: the verbs the loop calls, and nothing else of the loop."""

    def settings(self) -> dict[str, object]:
        """What must not change when the campaign is resumed."""
        ...

    def open(self, store: CampaignStore) -> None:
        """Make the store ready for this kind (its own tables), once settings match."""
        ...

    def session_targets(self) -> list[str]:
        """The targets the session starts (witnesses and the interpreter included)."""
        ...

    def streamed_targets(self) -> list[str] | None:
        """The targets every job runs on (None: all of the session's)."""
        ...

    def on_demand_targets(self) -> list[str]:
        """Those of the session's targets whose workers start at their first job (the
        witnesses, run only beside a finding)."""
        ...

    def cpu_share(self) -> CpuShare: ...

    def workers_per_target(self) -> int: ...

    def prepare_ahead(self) -> int | None:
        """Pieces in preparation at most (None: the preparation's default)."""
        ...

    def check_session(self, session: TargetSession) -> None:
        """Raise RuntimeError (one line) where the started targets cannot serve."""
        ...

    def units(self, store: CampaignStore) -> Iterator[Unit[PieceKey]]:
        """The units still to run, in order (none the store holds; up to the count)."""
        ...

    @property
    def prepare(self) -> Callable[[PieceKey], Piece]:
        """Prepare one piece in a worker process: must pickle."""
        ...

    def jobs(self, piece: Piece) -> Sequence[Job]: ...

    def gather(
        self,
        pieces: Sequence[Piece],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> None:
        """Complete a unit's answers, in place, with the evidence `record` will judge them
        by: called in a thread beside the loop as soon as they are all in, before
        `record` (which follows in unit order)."""
        ...

    def record(
        self,
        unit: Unit[PieceKey],
        pieces: Sequence[Piece],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> Recorded:
        """Judge unit `unit` (`answers[k]`: piece k's jobs' results, in jobs' order) and
        record it in the store."""
        ...

    def reduce_bucket(
        self,
        bucket: Bucket,
        example: Path,
        session: TargetSession,
        time_s: float,
        interrupted: Callable[[], bool],
    ) -> tuple[str, str | None] | None:
        """Reduce `bucket`'s example: (outcome, root cause), or None if interrupted (the
        resumed campaign reduces it again)."""
        ...

    def detail(self, store: CampaignStore, progress: Progress) -> Any:
        """What the kind's progress display shows besides the common counts."""
        ...


class KindDefaults:
    """The verbs most kinds answer alike; a kind overrides what differs."""

    def open(self, store: CampaignStore) -> None:
        pass

    def streamed_targets(self) -> list[str] | None:
        return None

    def on_demand_targets(self) -> list[str]:
        return []

    def cpu_share(self) -> CpuShare:
        raise NotImplementedError

    def workers_per_target(self) -> int:
        return self.cpu_share().workers_per_target()

    def prepare_ahead(self) -> int | None:
        return None

    def gather(
        self,
        pieces: Sequence[Any],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> None:
        pass

    def detail(self, store: CampaignStore, progress: Progress) -> Any:
        return None


def units_by_index(store: CampaignStore, count: int | None) -> Iterator[Unit[int]]:
    """Units 0, 1, 2, ... (up to `count`) of one piece each, named by their index, less
    those the store holds: a kind whose unit is one test or one pair."""
    done = store.done_indices()
    for index in itertools.count():
        if count is not None and index >= count:
            return
        if index not in done:
            yield Unit(index, (index,))


def require_present(session: TargetSession, targets: Sequence[str]) -> None:
    """RuntimeError (one line) naming each of `targets` the session did not start, and why."""
    absent = [t for t in targets if t not in session.present]
    if absent:
        reasons = "; ".join(
            f"{t}: {session.missing.get(t, 'absent').splitlines()[0][:160]}" for t in absent
        )
        raise RuntimeError(f"target(s) not available: {reasons}")


class RunOptions(Protocol):
    """What every kind's options say about a run (not its settings)."""

    @property
    def time_s(self) -> float | None: ...
    @property
    def timeout_s(self) -> float: ...
    @property
    def reduce(self) -> bool: ...
    @property
    def reduce_time_s(self) -> float: ...
    @property
    def cluster(self) -> str | None: ...
    @property
    def keep_per_bucket(self) -> int: ...
    @property
    def allow_new_targets(self) -> bool: ...


def run_with(
    directory: Path,
    kind: CampaignKind[Any, Any],
    options: RunOptions,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Progress:
    """`run` with the limits and the bucket size a kind's `options` give."""
    limits = Limits(
        time_s=options.time_s,
        timeout_s=options.timeout_s,
        reduce=options.reduce,
        reduce_time_s=options.reduce_time_s,
        cluster=options.cluster,
        allow_new_targets=options.allow_new_targets,
    )
    return run(directory, kind, limits, options.keep_per_bucket, stop, on_progress)


def run(
    directory: Path,
    kind: CampaignKind[Any, Any],
    limits: Limits,
    keep_per_bucket: int = 3,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Progress:
    """Run (or resume) the campaign of `kind` in `directory` until its units are done,
    the time is up or `stop` is set. Raises RuntimeError with a one-line reason (targets
    missing, a resumed campaign's settings differ)."""
    stop = stop or threading.Event()
    store = CampaignStore(directory, keep_per_bucket)
    try:
        store.check_or_save_settings(
            kind.settings(), frozenset({"targets"}) if limits.allow_new_targets else frozenset()
        )
        try:
            record_in_campaign(directory, kind.session_targets())
        except (TargetsFileError, TestCaseError) as error:
            raise RuntimeError(str(error)) from None
        kind.open(store)
        progress = Progress(resumed_from=len(store.done_indices()), buckets=len(store.buckets()))
        limit = "" if limits.time_s is None else f", time limit {limits.time_s:g} s"
        store.note(
            f"run starts: {type(kind).__name__}, {progress.resumed_from} tests recorded "
            f"before{limit}"
        )
        deadline = None if limits.time_s is None else time.perf_counter() + limits.time_s
        units, keys = itertools.tee(kind.units(store))
        piece_keys = (key for unit in keys for key in unit.pieces)
        loop = _Loop(kind, limits, store, progress, stop, deadline, on_progress)
        with (
            Preparation(
                kind.prepare, piece_keys, kind.cpu_share().preparers(), kind.prepare_ahead()
            ) as prepared,
            session_for(
                kind.session_targets(),
                kind.workers_per_target(),
                limits.timeout_s,
                limits.cluster,
                kind.on_demand_targets(),
            ) as session,
        ):
            kind.check_session(session)
            loop.session = session
            loop.context = Context(session, store, session.components(), keep_per_bucket)
            while not loop.out_of_time():
                if loop.stream(units, prepared) == 0:
                    break  # nothing was left to run
                if limits.reduce:
                    loop.reduce_new_buckets()
            if limits.reduce:  # the tests are done: what is left may take the time left
                loop.reduce_new_buckets(within_share=False)
            store.commit()
            progress.detail = kind.detail(store, progress)
        why = (
            "stopped (Ctrl-C or SIGTERM)"
            if stop.is_set()
            else ("time is up" if loop.out_of_time() else "done")
        )
        store.note(
            f"run ends, {why}: {progress.tests} tests recorded in this run, "
            f"{progress.buckets} buckets, {progress.reduced} reduced"
        )
        return progress
    except BaseException as error:
        store.note(f"run ends on an error: {type(error).__name__}: {error}")
        raise
    finally:
        store.close()


class _Loop:
    def __init__(
        self,
        kind: CampaignKind[Any, Any],
        limits: Limits,
        store: CampaignStore,
        progress: Progress,
        stop: threading.Event,
        deadline: float | None,
        on_progress: Callable[[Progress], None] | None,
    ) -> None:
        self.kind = kind
        self.limits = limits
        self.store = store
        self.progress = progress
        self.stop = stop
        self.deadline = deadline
        self.on_progress = on_progress
        self.session: TargetSession
        self.context: Context
        self.gatherer: ThreadPoolExecutor
        self.most_gathering = 0
        self.reducing_s = 0.0  # wall time spent reducing in this run
        # (buckets counted, whether one of them waits for a reduction now): `stream`
        # asks before every unit, the store is read again only when a bucket is new.
        self._waiting: tuple[int, bool] = (-1, False)
        self.lost_targets: dict[str, str] = {}  # noted in campaign.log as lost, with why

    def out_of_time(self) -> bool:
        return self.stop.is_set() or (
            self.deadline is not None and time.perf_counter() > self.deadline
        )

    def may_reduce(self, within_share: bool = True) -> bool:
        """Whether a reduction may start now: always without a time limit (every test
        runs all the same), else while reductions have taken at most their share of the
        run so far (Limits.reduce_share), or once no test is left to run."""
        if not self.limits.reduce or self.out_of_time():
            return False
        if self.deadline is None or not within_share:
            return True
        elapsed = time.perf_counter() - self.progress.started
        return self.reducing_s <= self.limits.reduce_share * elapsed

    def reduction_time_s(self) -> float:
        """A bucket's reduction time: its limit, and no later than the campaign's end."""
        if self.deadline is None:
            return self.limits.reduce_time_s
        return max(1.0, min(self.limits.reduce_time_s, self.deadline - time.perf_counter()))

    def stream(self, units: Iterator[Unit[Any]], prepared: Iterator[Any]) -> int:
        """Stream units through the targets until they end, the time is up, `stop` is
        set or a new bucket waits for its reduction; record each unit in order. Returns
        how many units it recorded."""
        opened_before = self.progress.buckets

        def more() -> bool:
            if self.out_of_time():
                return False
            if self.progress.buckets == opened_before or not self.may_reduce():
                return True
            return not self._reduction_waits()

        jobs = _UnitJobs(self.kind, units, prepared, more)
        answers: dict[int, dict[str, RunResult]] = {}
        recorded = 0
        lead = self.kind.cpu_share().stream_lead(self.kind.workers_per_target())
        # Units whose evidence is being gathered at most, before the loop waits for the
        # oldest: a campaign whose evidence takes longer than its tests is held back.
        self.most_gathering = 2 * lead + 2
        # One thread: the evidence of one test at a time, as when the loop gathered it.
        gatherer = ThreadPoolExecutor(1, thread_name_prefix="gather")
        self.gatherer = gatherer
        try:
            # Ctrl-C, SIGTERM or the time limit drop the tests in flight at once (their
            # workers killed): nothing of them is recorded, a resume runs them again.
            stream = self.session.stream(
                jobs,
                only=self.kind.streamed_targets(),
                lead=lead,
                crash_reruns=CRASH_RERUNS,
                abandon_when=self.out_of_time,
            )
            for position, answer in stream:
                answers[position] = answer
                recorded += self._record_complete(jobs, answers)
                self._note_lost_targets()
            if not self.out_of_time():
                # Units without a job (nothing of them could be built) complete on their own.
                recorded += self._record_complete(jobs, answers, wait=True)
        finally:
            gatherer.shutdown(wait=True, cancel_futures=True)
        return recorded

    def _note_lost_targets(self) -> None:
        """Say in campaign.log when a target is lost (its workers died and could not be
        started again: its runs are not judged) and when it is back."""
        lost = self.session.lost()
        for name in sorted(lost.keys() - self.lost_targets.keys()):
            self.store.note(
                f"target {name} lost: {lost[name]}; its runs count as unsupported, and it "
                "is tried again every minute"
            )
        for name in sorted(self.lost_targets.keys() - lost.keys()):
            self.store.note(f"target {name} is back")
        self.lost_targets = lost

    def _record_complete(
        self, jobs: _UnitJobs, answers: dict[int, dict[str, RunResult]], wait: bool = False
    ) -> int:
        """Start gathering the evidence of each unit whose answers are all in; record
        the oldest units whose evidence is gathered, in order (`wait`: every unit whose
        answers are in, waiting for their evidence)."""
        gathering = 0
        # A copy: the targets' threads start units (append to it) meanwhile.
        for started in tuple(jobs.started):
            if started.gathered is None and started.complete(answers):
                started.answers = [
                    [answers.pop(p) for p in positions] for positions in started.positions
                ]
                started.gathered = self.gatherer.submit(
                    self.kind.gather, started.pieces, started.answers, self.context
                )
            if started.gathered is not None and not started.gathered.done():
                gathering += 1
        recorded = 0
        while jobs.started and (future := jobs.started[0].gathered) is not None:
            if not future.done():
                if not wait and gathering <= self.most_gathering:
                    break
                gathering -= 1
            future.result()  # waits; the gatherer's error is raised here
            started = jobs.started[0]
            jobs.started.popleft()
            self.progress.add(
                self.kind.record(started.unit, started.pieces, started.answers, self.context)
            )
            recorded += 1
            if self.on_progress:
                self.progress.detail = self.kind.detail(self.store, self.progress)
                self.on_progress(self.progress)
        return recorded

    def _reduction_waits(self) -> bool:
        """Whether a bucket waits for a reduction that may run while tests still do."""
        if self._waiting[0] != self.progress.buckets:
            self._waiting = (self.progress.buckets, bool(self._to_reduce(within_share=True)))
        return self._waiting[1]

    def _to_reduce(self, within_share: bool) -> list[Bucket]:
        """The buckets not reduced yet, those a recorded finding already names (by its
        signature, or a crash a few bytes from its: oracle/known_findings.known_match)
        last, and while tests still run (`within_share`) not at all: their reduced test
        is in findings/ already, and reducing them took half an every-feature campaign
        on the H200 (13 of its 17 buckets reduced, 14 known), its tests stopped the
        while. Once no test is left they are reduced as before (the root cause a bucket
        shows may still differ from the finding's)."""
        new: list[Bucket] = []
        known: list[Bucket] = []
        for bucket in self.store.unreduced_buckets():
            (known if known_match(bucket.signature) is not None else new).append(bucket)
        return new if within_share else [*new, *known]

    def reduce_new_buckets(self, within_share: bool = True) -> None:
        """Reduce the buckets not reduced yet while reductions may take the time
        (may_reduce), new bugs first (_to_reduce). Ctrl-C abandons the reduction in
        progress, unrecorded, for the resumed campaign to redo; a reduction ends by the
        campaign's time limit with the smallest test it has."""
        for bucket in self._to_reduce(within_share):
            if not self.may_reduce(within_share):
                break
            if bucket.kind in NOT_REDUCED_KINDS:
                self.store.set_reduced(bucket.signature, "failed: a defect of ours is not reduced")
                continue
            self._show_reducing(bucket.signature)
            started = time.perf_counter()
            try:
                example = self.store.example_directory(bucket)
                reduced = self.kind.reduce_bucket(
                    bucket, example, self.session, self.reduction_time_s(), self.stop.is_set
                )
            except TestCaseError as error:  # a link planted in a shared campaign, ...
                reduced = f"failed: {error}", None
            finally:
                self.reducing_s += time.perf_counter() - started
            if reduced is None or self.stop.is_set():
                break
            self.store.set_reduced(bucket.signature, *reduced)
            self.progress.reduced += 1
        self._show_reducing(None)

    def _show_reducing(self, signature: str | None) -> None:
        self.progress.reducing = signature
        if self.on_progress:
            self.on_progress(self.progress)


@dataclass
class _StartedUnit:
    unit: Unit[Any]
    pieces: list[Any]
    positions: list[list[int]]  # piece k's jobs' positions in the stream
    # Once every answer is in: piece k's jobs' answers, and their evidence's gathering.
    answers: list[list[dict[str, RunResult]]] = field(default_factory=list)
    gathered: Future[None] | None = None

    def complete(self, answers: dict[int, dict[str, RunResult]]) -> bool:
        return all(p in answers for positions in self.positions for p in positions)


class _UnitJobs:
    """The jobs of one stream, taken from the prepared pieces as the targets ask for
    them. `more()` is asked before a unit, never between its jobs; `started` holds the
    units handed over and not yet recorded, oldest first."""

    def __init__(
        self,
        kind: CampaignKind[Any, Any],
        units: Iterator[Unit[Any]],
        prepared: Iterator[Any],
        more: Callable[[], bool],
    ) -> None:
        self.kind = kind
        self.units = units
        self.prepared = prepared
        self.more = more
        self.started: deque[_StartedUnit] = deque()
        self.pending: deque[Job] = deque()
        self.produced = 0  # jobs
        self.any_unit = False

    def __iter__(self) -> Iterator[Job]:
        return self

    def __next__(self) -> Job:
        while not self.pending:
            if self.any_unit and not self.more():
                raise StopIteration
            self._start_unit()
        self.produced += 1
        return self.pending.popleft()

    def _start_unit(self) -> None:
        unit = next(self.units)  # StopIteration ends the stream
        pieces = [next(self.prepared) for _ in unit.pieces]
        positions: list[list[int]] = []
        position = self.produced + len(self.pending)
        for piece in pieces:
            piece_jobs = list(self.kind.jobs(piece))
            positions.append(list(range(position, position + len(piece_jobs))))
            position += len(piece_jobs)
            self.pending.extend(piece_jobs)
        self.started.append(_StartedUnit(unit, pieces, positions))
        self.any_unit = True
