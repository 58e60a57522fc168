"""Running the invocations of one work group: in barrier-separated phases.

Without `barrier()` the invocations of a race-free program cannot observe one another
(races.py reports any that could), so they run one after the other, each to its end.

With barriers, each invocation runs in a thread of its own, but only one thread ever runs
at a time: the scheduler resumes the invocations in order of their local index; each runs
until its next `barrier()` or its end and hands control back. When all of them have
stopped, a phase is over: if every invocation waits at the same barrier, the shared
variables start a new race phase and all are resumed again; if some finished or wait at
another barrier, the barrier is in divergent control flow (DIVERGENT_BARRIER). The order
is fixed, so a run is deterministic, and a race-free program gives the same result in any
order, which is what the drivers may choose.

Subgroup operations (interp/subgroups.py) stop an invocation the same way, with the
value it offers: when every invocation has stopped, each subgroup that has a member at a
subgroup operation must have all its members there, at the same call (else
NON_UNIFORM_SUBGROUP); the operation combines their values and only those members are
resumed, while invocations waiting at a barrier keep waiting.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.interp.errors import UBCategory, UndefinedBehaviour
from shadersmith.interp.frames import Invocation
from shadersmith.interp.races import HOST, RaceClock, TrackedSlots
from shadersmith.interp.sites import Site
from shadersmith.interp.subgroups import Collective

_FINISHED = object()
# Threads run the interpreter's closures, which nest deeply on deep programs.
_THREAD_STACK_BYTES = 16 * 1024 * 1024


class _Abort(BaseException):
    """Unwinds a waiting invocation when the work group stops (BaseException: nothing in
    the interpreter may catch it)."""


def run_sequentially(
    starts: Sequence[Callable[[], None]], clock: RaceClock, first_index: int
) -> None:
    for offset, start in enumerate(starts):
        clock.current = first_index + offset
        start()
    clock.current = HOST


def run_in_phases(
    starts: Sequence[Callable[[], None]],
    invocations: Sequence[Invocation],
    clock: RaceClock,
    first_index: int,
    shared: TrackedSlots | None,
    subgroup_size: int = 1,
) -> None:
    """Run one work group whose program calls barrier() or subgroup operations, in
    subgroups of `subgroup_size` (see the module docstring)."""
    count = len(starts)
    go = [threading.Semaphore(0) for _ in range(count)]
    back = threading.Semaphore(0)
    stopped_at: list[object] = [None] * count
    errors: list[BaseException | None] = [None] * count
    # What an invocation stopped at a subgroup operation offers, and what it gets back.
    offered: list[tuple[Collective, tuple[Any, ...]] | None] = [None] * count
    answers: list[Any] = [None] * count
    abort = False

    def barrier_of(i: int) -> Callable[[object], None]:
        def barrier(site: object) -> None:
            stopped_at[i] = site
            back.release()
            go[i].acquire()
            if abort:
                raise _Abort

        return barrier

    def subgroup_of(i: int) -> Callable[[object, Collective, tuple[Any, ...]], Any]:
        def exchange(site: object, operation: Collective, args: tuple[Any, ...]) -> Any:
            offered[i] = (operation, args)
            barrier_of(i)(site)
            return answers[i]

        return exchange

    def body(i: int) -> None:
        go[i].acquire()
        try:
            if not abort:
                starts[i]()
        except _Abort:
            pass
        except BaseException as error:  # handed to the scheduler, raised there
            errors[i] = error
        stopped_at[i] = _FINISHED
        back.release()

    for i, invocation in enumerate(invocations):
        invocation.barrier = barrier_of(i)
        invocation.subgroup = subgroup_of(i)
    previous_size = threading.stack_size(_THREAD_STACK_BYTES)
    try:
        # Each invocation runs in a copy of the caller's context, so what the caller
        # collects through context variables (semantics.noting_glsl_undefined) sees it.
        threads = [
            threading.Thread(
                target=contextvars.copy_context().run,
                args=(body, i),
                daemon=True,
                name=f"invocation-{i}",
            )
            for i in range(count)
        ]
        for thread in threads:
            thread.start()
    finally:
        threading.stack_size(previous_size)
    runnable = list(range(count))
    try:
        while runnable:
            for i in runnable:
                clock.current = first_index + i
                go[i].release()
                back.acquire()
                error = errors[i]
                if error is not None:
                    raise error
            clock.current = HOST
            exchanging = [i for i in range(count) if offered[i] is not None]
            if exchanging:
                # Members of other subgroups waiting at a barrier wait on.
                runnable = _exchange(exchanging, subgroup_size, count, stopped_at, offered, answers)
                for i in runnable:
                    offered[i] = None
                continue
            waiting = [i for i in range(count) if stopped_at[i] is not _FINISHED]
            if not waiting:
                break
            if len(waiting) != count:
                done = next(i for i in range(count) if stopped_at[i] is _FINISHED)
                raise _divergent_barrier(
                    stopped_at[waiting[0]],
                    f"{clock.describe(first_index + waiting[0])} waits at barrier() while "
                    f"{clock.describe(first_index + done)} has finished",
                )
            sites = {id(stopped_at[i]) for i in waiting}
            if len(sites) > 1:
                other = next(i for i in waiting if stopped_at[i] is not stopped_at[waiting[0]])
                raise _divergent_barrier(
                    stopped_at[waiting[0]],
                    f"{clock.describe(first_index + waiting[0])} and "
                    f"{clock.describe(first_index + other)} wait at different barrier() calls",
                )
            if shared is not None:
                shared.new_phase()
            runnable = waiting
    finally:
        clock.current = HOST
        abort = True
        for i in range(count):
            if stopped_at[i] is not _FINISHED:
                go[i].release()
        for thread in threads:
            thread.join()


def _exchange(
    exchanging: list[int],
    size: int,
    count: int,
    stopped_at: list[object],
    offered: list[tuple[Collective, tuple[Any, ...]] | None],
    answers: list[Any],
) -> list[int]:
    """Run the subgroup operations the `exchanging` invocations stopped at, one per
    subgroup; every member of such a subgroup must be there (at one call site)."""
    for first in sorted({i - i % size for i in exchanging}):
        members = range(first, min(first + size, count))
        site = next(stopped_at[i] for i in members if offered[i] is not None)
        for i in members:
            if offered[i] is None or stopped_at[i] is not site:
                where = "has finished" if stopped_at[i] is _FINISHED else "is elsewhere"
                raise _non_uniform(
                    site, f"lane {i - first} of the subgroup of invocation {first} {where}"
                )
        operation = offered[first][0]  # type: ignore[index]
        results = operation([offered[i][1] for i in members])  # type: ignore[index]
        for i, result in zip(members, results, strict=True):
            answers[i] = result
    return exchanging


def _non_uniform(site: object, message: str) -> UndefinedBehaviour:
    category = UBCategory.NON_UNIFORM_SUBGROUP
    if isinstance(site, Site):
        return site.ub(category, "subgroup operation: " + message)
    return UndefinedBehaviour(category, "main", "subgroup operation", message)


def _divergent_barrier(site: object, message: str) -> UndefinedBehaviour:
    if isinstance(site, Site):
        return site.ub(UBCategory.DIVERGENT_BARRIER, message)
    return UndefinedBehaviour(UBCategory.DIVERGENT_BARRIER, "main", "barrier()", message)
