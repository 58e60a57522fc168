"""Zeller's delta debugging (ddmin) over a sequence, the one implementation every
list reducer calls: the spirv-opt pass list (pass_list.py), the metamorphic plan
(steps.py), a fusion's partners (campaign/fusion_reduction.py), a SPIR-V module's
transformation list (spirv_list.py) and the bug report's replay.

Candidates are remembered by their items, so they must be hashable; a caller whose
items are not (records with dict parameters) reduces their indices instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

# Judges candidates in order, several at once; answers whether each is interesting.
BatchJudge = Callable[[list[tuple[T, ...]]], list[bool]]


def ddmin(
    items: Sequence[T],
    judge: BatchJudge[T],
    batch: int = 1,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[T, ...]:
    """Zeller's ddmin: a 1-minimal subsequence of `items` (order kept) that `judge` finds
    interesting, assuming `items` itself is. Never tries the empty sequence.

    At each granularity the subsets, then the complements, are judged `batch` at a time;
    the first interesting one in that order wins, so the result does not depend on the
    batch size. Each distinct candidate is judged once. When `should_stop` says so, the
    smallest interesting sequence so far is the answer."""
    current = tuple(items)
    seen: dict[tuple[T, ...], bool] = {current: True}
    granularity = 2
    while len(current) >= 2:
        if should_stop is not None and should_stop():
            break
        chunks = _split(current, granularity)
        subsets = list(chunks)
        complements = [_without(chunks, i) for i in range(len(chunks))] if len(chunks) > 2 else []
        winner = _first_interesting([*subsets, *complements], judge, batch, seen, should_stop)
        if winner is None:
            if granularity >= len(current):
                break
            granularity = min(2 * granularity, len(current))
        elif winner < len(subsets):
            current = subsets[winner]
            granularity = 2
        else:
            current = complements[winner - len(subsets)]
            granularity = max(granularity - 1, 2)
    return current


def one_at_a_time(interesting: Callable[[list[T]], bool]) -> BatchJudge[T]:
    """A batch judge from a predicate over one list: the candidates judged in turn."""
    return lambda candidates: [interesting(list(candidate)) for candidate in candidates]


def _split(items: tuple[T, ...], parts: int) -> list[tuple[T, ...]]:
    size, extra = divmod(len(items), parts)
    chunks, start = [], 0
    for index in range(parts):
        end = start + size + (1 if index < extra else 0)
        chunks.append(items[start:end])
        start = end
    return [chunk for chunk in chunks if chunk]


def _without(chunks: list[tuple[T, ...]], index: int) -> tuple[T, ...]:
    return tuple(item for i, chunk in enumerate(chunks) if i != index for item in chunk)


def _first_interesting(
    candidates: list[tuple[T, ...]],
    judge: BatchJudge[T],
    batch: int,
    seen: dict[tuple[T, ...], bool],
    should_stop: Callable[[], bool] | None,
) -> int | None:
    """The index of the first interesting candidate, judging `batch` unseen ones at once."""
    position = 0
    while position < len(candidates):
        if should_stop is not None and should_stop():
            return None
        window = candidates[position : position + max(1, batch)]
        fresh = list(dict.fromkeys(c for c in window if c not in seen))
        if fresh:
            for candidate, verdict in zip(fresh, judge(fresh), strict=True):
                seen[candidate] = verdict
        for offset, candidate in enumerate(window):
            if seen[candidate]:
                return position + offset
        position += len(window)
    return None
