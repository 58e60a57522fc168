"""Run jobs on several targets at once, each target in its own pool of workers.

A session starts the workers of every requested target once; missing targets are
reported, not faked, and left out. Jobs run on all targets concurrently (threads drive
the worker processes, which do the work), and results come back per job as a mapping
from target name to result.

Where two or more of the targets start with Debian's glslang (the Vulkan chains) and the
workers cannot run glslang in-process (glslang_library.py), the session runs glslang once
per job, ahead, and those targets share its module (precompile.py); `precompile=False`
lets each chain run its own, `True` forces the sharing.

Every worker's resident-memory cap is `memory_cap_mb` or less: the caps of all the
session's workers add up to a share of the machine's memory (engine.memory_cap_for);
`memory_cap` says which cap was chosen and why.

`run_many` runs a list of jobs; `stream` runs jobs as an iterator hands them over, every
target at its own pace within a lead of a few jobs, so that no core waits for the slowest
target of a batch while there is work (a campaign's loop, campaign/fuzz.py).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import queue
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from shadersmith.targets.catalogue.registry import chain_of, spec_for
from shadersmith.targets.catalogue.table import TARGETS
from shadersmith.targets.engine import (
    DEFAULT_MEMORY_CAP_MB,
    DEFAULT_TIMEOUT_S,
    MemoryCap,
    TargetSpec,
    TargetUnavailable,
    WorkerPool,
    memory_cap_for,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.tools.glslang_library import workers_run_in_process
from shadersmith.targets.tools.precompile import needs_debian_spirv, with_spirv
from shadersmith.targets.tools.spirv_tools import DEBIAN


class JobRunner(Protocol):
    """What a session drives: a local worker process (engine.Worker) or a slot of a
    target on a Ray cluster (ray_farm.RemoteWorker)."""

    @property
    def spec(self) -> TargetSpec: ...

    @property
    def restarts(self) -> int: ...

    @property
    def lost(self) -> str | None:
        """Why the runner could not be started again after it died; None while it runs."""
        ...

    def run(self, job: Job) -> RunResult: ...

    def renew(self) -> None:
        """A fresh process in place of the running one, holding nothing from earlier jobs."""
        ...


class Pool(Protocol):
    """A target's runners: engine.WorkerPool, or ray_farm.RayPool."""

    @property
    def spec(self) -> TargetSpec: ...

    @property
    def workers(self) -> Sequence[JobRunner]: ...

    @property
    def versions(self) -> dict[str, str]: ...

    @property
    def components(self) -> list[str]: ...

    def close(self) -> None: ...

    def abandon(self) -> None:
        """Drop the jobs in flight now and run no more (a campaign stopping at once)."""
        ...


class OnDemandPool:
    """A target's pool that starts its workers at the target's first job.

    For witnesses (blame's second consumers), which run only beside a finding: a session
    that never needs one (most tests, every agreeing test of a campaign) starts none of
    their processes and drivers. Until then the target reports the components its
    catalogue row declares (what its workers report: tests/test_oracle_blame.declared)
    and no versions; a target that then cannot start is the session's missing one."""

    def __init__(self, name: str, start: Callable[[], Pool]) -> None:
        self.name = name
        self._start = start
        self._pool: Pool | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    def start(self) -> None:
        """Start the workers (TargetUnavailable says why they cannot)."""
        if self._pool is None:
            self._pool = self._start()

    @property
    def spec(self) -> TargetSpec:
        return self._pool.spec if self._pool is not None else spec_for(self.name)

    @property
    def workers(self) -> Sequence[JobRunner]:
        return self._pool.workers if self._pool is not None else ()

    @property
    def versions(self) -> dict[str, str]:
        return self._pool.versions if self._pool is not None else {}

    @property
    def components(self) -> list[str]:
        if self._pool is not None:
            return self._pool.components
        return list(chain_of(self.name).components)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()

    def abandon(self) -> None:
        if self._pool is not None:
            self._pool.abandon()


@dataclass
class TargetSession:
    names: list[str]
    workers_per_target: int = 1
    timeout_s: float = DEFAULT_TIMEOUT_S
    memory_cap_mb: int = DEFAULT_MEMORY_CAP_MB  # per worker, at most
    precompile: bool | None = None  # None: where workers have no in-process glslang
    # Those of `names` started at their first job (OnDemandPool): the witnesses.
    on_demand: Sequence[str] = ()
    pools: dict[str, Pool] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)
    # Each worker's cap: `memory_cap_mb`, or less where the machine cannot hold that many.
    memory_cap: MemoryCap = field(init=False)

    def __post_init__(self) -> None:
        workers = len(set(self.names)) * self.workers_per_target
        self.memory_cap = memory_cap_for(workers, self.memory_cap_mb)

        def pool_of(name: str) -> WorkerPool:
            return WorkerPool(
                spec_for(name),
                self.workers_per_target,
                self.timeout_s,
                self.memory_cap.mb,
                self.memory_cap.reason,
            )

        def start(name: str) -> None:
            try:
                self.pools[name] = pool_of(name)
            except TargetUnavailable as error:
                self.missing[name] = str(error)

        later = set(self.on_demand)
        for name in self.names:
            if name in later:
                self.pools[name] = OnDemandPool(name, functools.partial(pool_of, name))
        eager = [name for name in self.names if name not in later]
        threads = [threading.Thread(target=start, args=(name,)) for name in eager]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # Keep the order the user gave.
        self.pools = {name: self.pools[name] for name in self.names if name in self.pools}

    @property
    def present(self) -> list[str]:
        return list(self.pools)

    def versions(self) -> dict[str, dict[str, str]]:
        """Each started target's versions (a witness not yet needed has none to give)."""
        return {
            name: pool.versions
            for name, pool in self.pools.items()
            if not isinstance(pool, OnDemandPool) or pool.started
        }

    def components(self) -> dict[str, list[str]]:
        return {name: pool.components for name, pool in self.pools.items()}

    def renew(self, names: Iterable[str]) -> None:
        """Fresh worker processes for these targets, all at once (a witness not yet
        started has none to renew): their next jobs run on drivers that hold nothing
        from the jobs before. A reduction confirms its result this way."""
        chosen = set(names)
        workers = [
            worker for name, pool in self.pools.items() if name in chosen for worker in pool.workers
        ]
        threads = [threading.Thread(target=worker.renew) for worker in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def restarts(self) -> dict[str, int]:
        return {name: sum(w.restarts for w in pool.workers) for name, pool in self.pools.items()}

    def lost(self) -> dict[str, str]:
        """The targets none of whose workers could be started again after dying, with
        why: their runs answer `unsupported` until a worker starts (engine.Worker)."""
        found = {}
        for name, pool in self.pools.items():
            reasons = [worker.lost for worker in pool.workers]
            if reasons and all(reasons):
                found[name] = str(reasons[0])
        return found

    def run_many(
        self, jobs: Iterable[Job], only: Iterable[str] | None = None
    ) -> Iterator[tuple[int, dict[str, RunResult]]]:
        """Yield (job index, results by target) as soon as every target has answered: the
        jobs as one stream with no limit on how far a target runs ahead (`stream`).

        `only`: run on these of the session's targets (a reducer's cheap first check)."""
        job_list = list(jobs)
        yield from self.stream(job_list, only, lead=max(1, len(job_list)))

    def _sharing(self, pools: dict[str, Pool]) -> set[str]:
        """The targets that take a module compiled ahead (none where that is off)."""
        precompiling = self.precompile
        if precompiling is None:
            precompiling = not workers_run_in_process(DEBIAN)
        sharing = {name for name in pools if needs_debian_spirv(name)}
        # One chain alone has nothing to share.
        return sharing if precompiling and len(sharing) >= 2 else set()

    def stream(
        self,
        jobs: Iterable[Job],
        only: Iterable[str] | None = None,
        lead: int = 4,
        crash_reruns: int = 0,
        abandon_when: Callable[[], bool] | None = None,
    ) -> Generator[tuple[int, dict[str, RunResult]], None, None]:
        """Yield (job index, results by target) as every target answers a job, while the
        targets go on: a target takes job i once every job before i - `lead` x (the
        number of targets) has been answered by every target, so that a fast target
        keeps its core busy while a slow one finishes a long job, and no result waits for
        long. `jobs` is read lazily, in the targets'
        threads (a campaign generates the next program only when a target wants it),
        and stops the stream by ending (an exception it raises ends the stream too, and
        reaches the caller once the jobs in flight are answered); a caller that stops
        reading stops it after the jobs in flight, whose results are then dropped.
        `abandon_when`, asked every tenth of a second: once true, the jobs in flight are
        dropped at once (their workers killed: `abandon`) and the stream ends; the session
        then runs nothing more."""
        chosen = set(self.pools) if only is None else set(only) & set(self.pools)
        self._start_on_demand(chosen)
        pools = {name: pool for name, pool in self.pools.items() if name in chosen}
        if not pools:
            return
        lead = max(lead, max(len(pool.workers) for pool in pools.values()))
        sharing = self._sharing(pools)
        feed = _Feed(iter(jobs), lead * len(pools), bool(sharing), self.timeout_s)
        answers: queue.Queue[tuple[str, int, RunResult] | None] = queue.Queue()

        failures: list[BaseException] = []

        def serve(
            name: str, worker: JobRunner, next_index: Iterator[int], lock: threading.Lock
        ) -> None:
            # One thread per worker, each taking the target's next job for itself: a
            # thread waiting for the window holds back no other worker's finished job
            # (a pool-wide loop that pulled the next job before collecting its running
            # ones deadlocked once a job finished out of order with two workers).
            stages = _declared_stages(name)
            try:
                while True:
                    with lock:
                        index = next(next_index)
                    job = feed.take(index, name in sharing, reads_ir(name))
                    if job is None:
                        return
                    if stages is not None and job.stage not in stages:
                        log = f"{name} does not run {job.stage} shaders"
                        result = RunResult(RunStatus.UNSUPPORTED, log=log)
                    else:
                        result = _run_with_reruns(worker, job, reruns_for(name, crash_reruns))
                    answers.put((name, index, result))
                    feed.answer(index, len(pools))
            except BaseException as error:  # a defect of ours: end the stream, say so
                failures.append(error)
                feed.stop()
            finally:
                answers.put(None)

        threads = []
        for name, pool in pools.items():
            indices, lock = itertools.count(), threading.Lock()
            for worker in pool.workers:
                threads.append(
                    threading.Thread(target=serve, args=(name, worker, indices, lock), daemon=True)
                )
        for thread in threads:
            thread.start()
        collected: dict[int, dict[str, RunResult]] = {}
        running = len(threads)
        try:
            while running:
                if abandon_when is not None and abandon_when():
                    feed.stop()
                    self.abandon()
                    return
                try:
                    answer = answers.get(timeout=None if abandon_when is None else 0.1)
                except queue.Empty:  # only with `abandon_when`: asked again
                    continue
                if answer is None:
                    running -= 1
                    continue
                name, index, result = answer
                per_job = collected.setdefault(index, {})
                per_job[name] = result
                if len(per_job) == len(pools):
                    del collected[index]
                    feed.consumed(index)
                    yield index, {n: per_job[n] for n in pools}
        finally:  # also when the caller stops early: the jobs in flight finish
            feed.stop()
            for thread in threads:
                thread.join()
        if failures:
            raise failures[0]
        if feed.error is not None:
            # Read in a target's thread, raised here: the caller's error, in the caller.
            raise feed.error

    def _start_on_demand(self, chosen: set[str]) -> None:
        """Start the chosen targets' OnDemandPools (together, as the session starts its
        targets); one that cannot start leaves the session, said in `missing`."""
        waiting = [
            name
            for name in chosen
            if isinstance(pool := self.pools[name], OnDemandPool) and not pool.started
        ]

        def start(name: str) -> None:
            pool = self.pools[name]
            assert isinstance(pool, OnDemandPool)
            try:
                pool.start()
            except TargetUnavailable as error:
                self.missing[name] = str(error)

        threads = [threading.Thread(target=start, args=(name,)) for name in waiting]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for name in waiting:
            if name in self.missing:
                del self.pools[name]
                chosen.discard(name)

    def run(self, job: Job) -> dict[str, RunResult]:
        for _, results in self.run_many([job]):
            return results
        return {}

    def close(self) -> None:
        for pool in self.pools.values():
            pool.close()

    def abandon(self) -> None:
        """Every worker killed in the middle of its job, whose result is dropped; the
        session runs nothing more (a campaign stopping for Ctrl-C, SIGTERM or its time)."""
        for pool in self.pools.values():
            pool.abandon()

    def __enter__(self) -> TargetSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Feed:
    """The jobs of a stream, read from the caller's iterator once, in order, by whichever
    target wants the next; a target may run at most `window` jobs ahead of the oldest
    job some target has not answered."""

    def __init__(
        self, source: Iterator[Job], window: int, precompile: bool, timeout_s: float
    ) -> None:
        self._source = source
        self._window = window
        self._precompile = precompile
        self._timeout_s = timeout_s
        self._jobs: dict[int, tuple[Job, Job]] = {}  # index -> (plain, with shared SPIR-V)
        self._produced = 0
        self._oldest_open = 0
        self._open: set[int] = set()  # jobs some target has not answered
        self._answers: dict[int, int] = {}  # open job -> targets that answered it
        self._oldest_unread = 0
        self._unread: set[int] = set()  # jobs the caller has not read
        self._ended = False
        self._stopped = False
        self.error: Exception | None = None  # what the caller's iterator raised
        self._condition = threading.Condition()

    def take(self, index: int, shared: bool, with_ir: bool = True) -> Job | None:
        """Job `index` for a target (its module compiled ahead where `shared`, its IR
        left out unless `with_ir`), waiting for the window; None when the jobs have ended
        or the stream stops."""
        with self._condition:
            while not self._stopped and self._beyond_window(index):
                self._condition.wait()
            if self._stopped:
                return None
            while self._produced <= index and not self._ended:
                self._produce()
            if index >= self._produced:
                return None
            plain, compiled = self._jobs[index]
        job = compiled if shared else plain
        return job if with_ir else without_ir(job)

    def _produce(self) -> None:
        try:
            job = next(self._source)
        except StopIteration:
            self._ended = True
            return
        except Exception as error:  # the caller's iterator failed: end, and say so there
            self.error = error
            self._ended = True
            return
        compiled = with_spirv(job, DEBIAN, self._timeout_s) if self._precompile else job
        self._jobs[self._produced] = (job, compiled)
        self._open.add(self._produced)
        self._unread.add(self._produced)
        self._produced += 1

    def _beyond_window(self, index: int) -> bool:
        if index >= self._oldest_open + self._window:
            return True  # a target would run too far ahead of the slowest
        return index >= self._oldest_unread + BACKLOG_WINDOWS * self._window

    def answer(self, index: int, targets: int) -> None:
        """A target answered job `index`; once all `targets` have, the window moves on
        past it."""
        with self._condition:
            answered = self._answers.get(index, 0) + 1
            if answered < targets:
                self._answers[index] = answered
                return
            self._answers.pop(index, None)
            self._open.discard(index)
            self._jobs.pop(index, None)
            self._oldest_open = min(self._open) if self._open else self._produced
            self._condition.notify_all()

    def consumed(self, index: int) -> None:
        """The caller read job `index`'s results."""
        with self._condition:
            self._unread.discard(index)
            self._oldest_unread = min(self._unread) if self._unread else self._produced
            self._condition.notify_all()

    def stop(self) -> None:
        with self._condition:
            self._stopped = True
            self._condition.notify_all()


# How many windows of results may wait for a caller busy with earlier ones.
BACKLOG_WINDOWS = 4

# The run statuses whose reproduction a campaign checks before it trusts them, and how
# many re-runs each may take: a crash costs little to run again; a timeout costs the whole
# limit, so it gets one (a machine busy with other work made a 60 s timeout of a test zink
# runs in 6 s, in the 30-minute campaign of issue 19).
_RERUNS_ALLOWED = {RunStatus.CRASH: None, RunStatus.TIMEOUT: 1}


def reruns_for(name: str, crash_reruns: int) -> int:
    """How often target `name`'s crash is run again: `crash_reruns`, but never for the
    reference interpreter (the target that reads the IR). Its timeout or crash is ours and
    says nothing about a compiler, and a re-run of a timeout held every target of a
    campaign's stream for the limit again (issue 37's WGSL review: 7 interpreter timeouts
    in 8,943 tests, each 2 x 60 s with no test answered)."""
    return 0 if reads_ir(name) else crash_reruns


def _run_with_reruns(worker: JobRunner, job: Job, reruns: int) -> RunResult:
    """`job` on `worker`; a crash is run again, up to `reruns` times until it crashes
    again, a timeout once, the runs kept in the result's `reruns`."""
    result = worker.run(job)
    if result.status not in _RERUNS_ALLOWED or reruns == 0:
        return result
    allowed = _RERUNS_ALLOWED[result.status]
    again: list[RunResult] = []
    for _ in range(reruns if allowed is None else min(reruns, allowed)):
        again.append(worker.run(job))
        if again[-1].status is result.status:
            break
    result.reruns = tuple(again)
    return result


def reads_ir(name: str) -> bool:
    """Whether target `name` reads a job's IR (`Job.program`, `buffer_values`): only the
    reference interpreter. The others run the text."""

    target = TARGETS.get(name)
    return target is not None and target.reads_ir


def without_ir(job: Job) -> Job:
    """`job` without its IR: a job crosses to each worker pickled, and the IR is most of
    its weight (pickling it for all six CPU targets cost the campaign's main process
    ~30 ms a test)."""
    if not isinstance(job, Job) or job.program is None:
        return job
    return dataclasses.replace(job, program=None, buffer_values=None)


def _declared_stages(name: str) -> frozenset[str] | None:
    """The stages target `name` declares (catalogue.py), or None for a name it lacks."""

    try:
        return chain_of(name).stages
    except (KeyError, ValueError):
        return None
