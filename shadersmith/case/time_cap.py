"""A bound on the time a command spends on one test in its own process.

The targets run in worker processes with a watchdog, but some work for a test happens in
the command's own process: regenerating the program from its provenance, replaying its
steps, running the reference interpreter for `export` and `recondition --prune`. A test
directory is shared and untrusted: the schema (case/schema.py) bounds each number in
it, but a program within every bound may still take long (4096 invocations each running
a loop near the interpreter's step budget took over 150 s to export). Under `time_cap`
such work stops with a one-line TestCaseError instead of hanging the command.

The cap is a SIGALRM timer, so it applies on the main thread only (where the commands
run); elsewhere `time_cap` runs the block without one. The alarm raises an exception
that derives from BaseException, so that no `except Exception` on the way swallows it;
it becomes the TestCaseError at the block's edge.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType

from shadersmith.case.inputs import TestCaseError

# Seconds of work for one test in the command's own process. Generating a program at the
# generator's largest options takes about 15 s, exporting a typical 4096-invocation
# test under 20 s, both on one core of the 2-core machines.
TIME_CAP_S = 120.0


class _Expired(BaseException):
    pass


@contextlib.contextmanager
def time_cap(what: str, seconds: float | None = None) -> Iterator[None]:
    """Run the block for at most `seconds` (default TIME_CAP_S); past that, a
    TestCaseError saying that `what` took too long. Caps nest: the inner one ends no
    later than the outer one."""
    limit = TIME_CAP_S if seconds is None else seconds
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    outer_remaining, _ = signal.getitimer(signal.ITIMER_REAL)
    if outer_remaining and outer_remaining < limit:
        limit = outer_remaining
    started = time.monotonic()
    armed = [True]

    def expire(signum: int, frame: FrameType | None) -> None:
        if armed[0]:
            raise _Expired

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    except _Expired:
        raise TestCaseError(
            f"{what} took longer than {limit:g} s, the time cap of the work done for one test "
            "outside the targets"
        ) from None
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_remaining:  # the outer cap's timer, less the time spent here
            left = outer_remaining - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
