"""Tests made ready ahead, in worker processes, so that a campaign's own process only
hands them on.

Preparing a test (generating, reconditioning and emitting its program: trial.py) is
Python work on the CPU. Done in the campaign's process, it shared one core and one GIL
with driving every target's worker, judging and the store, and the targets' workers
waited on it. A `Preparation` keeps the next tests in preparation in a pool of spawned
processes and hands them out in index order, so the same indices give the same tests
whatever the number of processes (a test depends on its index alone). Every kind of
campaign prepares this way: a differential test, a metamorphic pair, a fusion campaign's
programs with the interpreter's images.

`--jobs N` means the same for every kind: N CPUs to keep busy, shared between the
targets' workers and the preparing processes as `CpuShare` says.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Generic, TypeVar

from shadersmith.targets.lifetime import born_deaf_to_ctrl_c, ignore_ctrl_c

Key = TypeVar("Key")
Prepared = TypeVar("Prepared")

# Tests in preparation per process: enough that a target that asks for several at once
# (a fast one, after a slow test) finds them ready.
AHEAD_PER_WORKER = 4
PARENT_POLL_S = 1.0
# How far (in tests per worker) a target may run ahead of the oldest test not answered by
# every target. One slow test (a long compile, a timeout) holds back every target once the
# others reach the window's end: with 4 workers per target on a 16-CPU GPU machine, a window
# of 4 tests per target left most cores idle for seconds at a time (per-process CPU sampled
# there); 16 per worker keeps them busy through a 10-second job at ~15 tests a second, for
# a few MB of results held.
STREAM_LEAD_PER_WORKER = 16


@dataclass(frozen=True)
class CpuShare:
    """How a campaign spreads its work over `cpus` CPUs (`--jobs`; None: all this process
    may use): each of `pools` target pools gets enough workers to keep the CPUs busy, and
    one process prepares for every `cpus_per_preparer` CPUs (at least one, so that the
    campaign's own process only hands tests on): the ratio of a test's CPU time on the
    targets to its preparation's, which differs by kind of campaign."""

    jobs: int | None
    pools: int
    cpus_per_preparer: int

    @property
    def cpus(self) -> int:
        return self.jobs or len(os.sched_getaffinity(0))

    def workers_per_target(self) -> int:
        """One, unless there are more CPUs than target pools. (Twice as many, for the
        slow targets to take the CPUs the fast ones leave while they wait, was slower on
        the 16-CPU GPU machine: 108,000 default-mix tests/h at 8 workers a target against
        120,000 at 4.)"""
        return max(1, math.ceil(self.cpus / max(1, self.pools)))

    def preparers(self) -> int:
        return max(1, self.cpus // self.cpus_per_preparer)

    def stream_lead(self, workers_per_target: int | None = None) -> int:
        """How far a target may run ahead of the oldest test every target has answered
        (session.stream's `lead`), for `workers_per_target` (default: this share's)."""
        return STREAM_LEAD_PER_WORKER * (workers_per_target or self.workers_per_target())


def _start_worker(parent: int) -> None:
    # Ctrl-C reaches the whole process group; the campaign's process decides what it
    # means (stop after the tests in flight), not a preparing process dying mid-test.
    ignore_ctrl_c()
    # A campaign killed with `kill -9` leaves nobody to shut the pool down: a process
    # whose parent is gone ends itself (generation gives the watching thread its turn).
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(1)


class Preparation(Generic[Key, Prepared]):
    """`prepare(key)` for each key of `keys` (a test's index, or what names a part of
    one), run `workers` processes wide and handed out in order by `next()`. `prepare`
    must pickle (a module-level function, or a functools.partial of one), and so must the
    keys and what it returns. An exception it raises is raised by the `next()` that would
    have returned its result. `ahead`: results in preparation or ready at most (default:
    AHEAD_PER_WORKER a process); a caller that takes many at once (a fusion sequence's
    programs) asks for more, so that the next batch is ready when it comes back."""

    def __init__(
        self,
        prepare: Callable[[Key], Prepared],
        keys: Iterator[Key],
        workers: int,
        ahead: int | None = None,
    ) -> None:
        self._prepare = prepare
        self._keys = keys
        self._ahead = ahead or AHEAD_PER_WORKER * workers
        self._queue: deque[Future[Prepared]] = deque()
        self._lock = threading.Lock()
        # Spawned, as the targets' workers are: a fork would copy the threads that drive
        # them mid-call.
        self._pool = ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )
        with self._lock:
            self._fill()  # the processes start now, beside whatever starts next

    def _fill(self) -> None:
        while len(self._queue) < self._ahead:
            try:
                key = next(self._keys)
            except StopIteration:
                return
            with born_deaf_to_ctrl_c():  # a submit may start the pool's processes
                self._queue.append(self._pool.submit(self._prepare, key))

    def __iter__(self) -> Iterator[Prepared]:
        return self

    def __next__(self) -> Prepared:
        with self._lock:  # one caller at a time: the n-th call gets the n-th key
            if not self._queue:
                raise StopIteration
            future = self._queue.popleft()
            self._fill()
            return future.result()

    def close(self) -> None:
        """Stop: results not yet handed out are dropped (their keys were not run)."""
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Preparation[Key, Prepared]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
