"""Run-time state of a lane run: the lanes, the activation frames, and execution masks.

A mask is a bool array with one element per lane: the lanes that execute a statement.
Every run owns two mask objects, `full` and `empty`, and the helpers keep returning those
very objects while control flow stays uniform, so that `mask is run.full` is a cheap test
for "every lane": stores then need no masking and storage can stay one lane wide.
Masks are always fresh arrays, never views of a variable, since variables change in place.

Jumps do not unwind anything: a statement returns the lanes that go on after it, and lanes
that break, continue or return are recorded in the frame (`breaks`, `continues`, the
return value) for the loop, switch or call that waits for them. Lanes that `discard` are
recorded in the run (`discarded`), and every block, switch and condition drops them
(`alive`), in callers too, once the statement or condition that called a discarding
function is over (the rest of that expression still runs for them, on their own values:
a fragment writes no buffers, so nothing they compute is seen).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.values import Lanes

Mask = Lanes

# Loop iterations a whole run may take. Reconditioned loops are bounded (a few thousand
# iterations at most); a run beyond this is a bug here, not a result.
STEP_LIMIT = 1_000_000


class Run:
    """What every activation of one run shares: lanes, masks, globals and buffers."""

    __slots__ = (
        "count",
        "discarded",
        "empty",
        "full",
        "lane_ids",
        "runtime_lengths",
        "statics",
        "steps",
    )

    def __init__(self, count: int) -> None:
        self.count = count
        self.full: Mask = np.ones(count, np.bool_)
        self.empty: Mask = np.zeros(count, np.bool_)
        self.lane_ids = np.arange(count)
        # Storage of globals and buffer fields, indexed by `StaticVariable.index`.
        self.statics: list[Lanes] = []
        # Element count of each runtime-sized buffer array, by static index.
        self.runtime_lengths: dict[int, int] = {}
        self.steps = 0
        # Lanes (fragments) that executed `discard`: they run nothing more, in any
        # activation (see `alive`).
        self.discarded: Mask = self.empty

    def step(self) -> None:
        self.steps += 1
        if self.steps > STEP_LIMIT:
            raise InterpreterError(
                f"lane run exceeded {STEP_LIMIT} loop iterations (a loop that does not end)"
            )


class Frame:
    """One activation of a function."""

    __slots__ = ("breaks", "continues", "locals", "ret", "run")

    def __init__(self, run: Run, local_count: int) -> None:
        self.run = run
        self.locals: list[Any] = [None] * local_count
        # The return value so far (lanes outside the returns hold anything).
        self.ret: Lanes | None = None
        # Lanes that left the innermost loop or switch by `break`, or the innermost loop's
        # iteration by `continue`.
        self.breaks: Mask = run.empty
        self.continues: Mask = run.empty


def alive(run: Run, mask: Mask) -> Mask:
    """The lanes of `mask` that have not discarded: `mask` itself while none has."""
    if run.discarded is run.empty:
        return mask
    return minus(run, mask, run.discarded)


def any_lane(run: Run, mask: Mask) -> bool:
    if mask is run.empty:
        return False
    if mask is run.full:
        return True
    return bool(mask.any())


def where_true(run: Run, mask: Mask, condition: Lanes) -> Mask:
    """The lanes of `mask` whose `condition` holds."""
    if condition.shape[-1] == 1:
        return mask if condition[0] else run.empty
    if mask is run.full:
        return run.full if condition.all() else condition.copy()
    return mask & condition


def where_false(run: Run, mask: Mask, condition: Lanes) -> Mask:
    """The lanes of `mask` whose `condition` does not hold."""
    if condition.shape[-1] == 1:
        return run.empty if condition[0] else mask
    if mask is run.full:
        if condition.all():
            return run.empty
        return run.full if not condition.any() else ~condition
    return mask & ~condition


def union(run: Run, a: Mask, b: Mask) -> Mask:
    if a is run.empty or b is run.full or a is b:
        return b
    if b is run.empty or a is run.full:
        return a
    return a | b


def minus(run: Run, a: Mask, b: Mask) -> Mask:
    """The lanes of `a` not in `b`."""
    if b is run.empty:
        return a
    if a is b or b is run.full:
        return run.empty
    return a & ~b
