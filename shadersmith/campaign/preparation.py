"""Tests made ready ahead, in worker processes, so that a campaign's own process only
hands them on.

Preparing a test (generating, reconditioning and emitting its program: trial.py) is
Python work on the CPU. Done in the campaign's process, it shared one core and one GIL
with driving every target's worker, judging and the store, and the targets' workers
waited on it. A `Preparation` keeps the next tests in preparation in a pool of spawned
processes and hands them out in index order, so the same indices give the same tests
whatever the number of processes (a test depends on its index alone).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Generic, TypeVar

Prepared = TypeVar("Prepared")

# Tests in preparation per process: enough that a target that asks for several at once
# (a fast one, after a slow test) finds them ready.
AHEAD_PER_WORKER = 4
PARENT_POLL_S = 1.0


def _start_worker(parent: int) -> None:
    # Ctrl-C reaches the whole process group; the campaign's process decides what it
    # means (stop after the tests in flight), not a preparing process dying mid-test.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A campaign killed with `kill -9` leaves nobody to shut the pool down: a process
    # whose parent is gone ends itself (generation gives the watching thread its turn).
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(1)


class Preparation(Generic[Prepared]):
    """`prepare(index)` for each index of `indices`, run `workers` processes wide and
    handed out in order by `next()`. `prepare` must pickle (a module-level function, or
    a functools.partial of one), and so must what it returns. An exception it raises is
    raised by the `next()` that would have returned its test."""

    def __init__(
        self, prepare: Callable[[int], Prepared], indices: Iterator[int], workers: int
    ) -> None:
        self._prepare = prepare
        self._indices = indices
        self._ahead = AHEAD_PER_WORKER * workers
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
            index = next(self._indices, None)
            if index is None:
                return
            self._queue.append(self._pool.submit(self._prepare, index))

    def __iter__(self) -> Iterator[Prepared]:
        return self

    def __next__(self) -> Prepared:
        with self._lock:  # one caller at a time: the n-th call gets the n-th index
            if not self._queue:
                raise StopIteration
            future = self._queue.popleft()
            self._fill()
            return future.result()

    def close(self) -> None:
        """Stop: tests not yet handed out are dropped (their indices were not run)."""
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Preparation[Prepared]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
