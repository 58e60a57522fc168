"""Target sessions that tests share instead of each starting its own of the same targets
(seconds of worker start-up each, to run a job or a handful), as a campaign keeps one
session for all its tests. Keyed by the targets, in their order, and the session's
settings: a test gets the session it would have started, already running.

A test that fails part-way through a session's stream may leave jobs under way on it:
that session is closed, and the next test to ask for it gets a fresh one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from shadersmith.targets.engine import DEFAULT_TIMEOUT_S
from shadersmith.targets.session import TargetSession

_Key = tuple[tuple[str, ...], int, float]


class SharedSessions:
    """Sessions started on first use and kept until `close`: the `keep` used last (each
    holds a worker process per target; a new one beyond them closes the one used least
    recently)."""

    def __init__(self, keep: int = 2) -> None:
        self.keep = keep
        self._started: dict[_Key, TargetSession] = {}  # the one used last, last

    @contextmanager
    def session(
        self,
        names: Sequence[str],
        workers_per_target: int = 1,
        timeout_s: float = DEFAULT_TIMEOUT_S,
    ) -> Iterator[TargetSession]:
        key = (tuple(names), workers_per_target, timeout_s)
        if key in self._started:
            self._started[key] = self._started.pop(key)
        else:
            while len(self._started) >= self.keep:
                self._started.pop(next(iter(self._started))).close()
            self._started[key] = TargetSession(list(names), workers_per_target, timeout_s)
        try:
            yield self._started[key]
        except BaseException:
            self._started.pop(key).close()
            raise

    def close(self) -> None:
        """End every kept session's workers."""
        while self._started:
            _, session = self._started.popitem()
            session.close()
