"""Delta debugging over a SPIR-V module's transformation list (issue 35, item 4): the
first reduction of a SPIR-V finding, spirv-fuzz's "reduction almost for free".

Every sub-list of a recorded list replays to a valid module that computes what the
original computes (spirv/transforms/driver.replay skips the records that no longer
apply), so every candidate is itself a test of the same kind; the answer is 1-minimal:
removing any one record left loses the finding. The caller says what "interesting" means
(replay the sub-list, run it, compare), so this module knows nothing of test records.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shadersmith.reduce.ddmin import ddmin, one_at_a_time
from shadersmith.spirv.transforms.base import TransformationRecord


@dataclass(frozen=True)
class ListReduction:
    records: list[TransformationRecord]  # the smallest interesting sub-list, in order
    original: int  # records at the start
    runs: int  # sub-lists judged
    seconds: float
    out_of_time: bool  # the budget ran out (or `should_stop` said so) before the end


def reduce_transformations(
    records: Sequence[TransformationRecord],
    interesting: Callable[[list[TransformationRecord]], bool],
    time_s: float,
    should_stop: Callable[[], bool],
) -> ListReduction:
    """ddmin over `records` (assumed interesting as a whole: the caller judged the test)
    until it is 1-minimal, `time_s` seconds have passed or `should_stop()` says so; then
    the smallest interesting sub-list so far. The empty list is never tried: without a
    transformation the variant is the original, which the caller judged already."""
    started = time.perf_counter()
    runs = 0
    stopped = False

    def judged(indices: list[int]) -> bool:
        nonlocal runs
        runs += 1
        return interesting([records[i] for i in indices])

    def spent() -> bool:
        nonlocal stopped
        stopped = stopped or should_stop() or time.perf_counter() - started >= time_s
        return stopped

    # By index: a record's parameters are a dict, and ddmin remembers candidates by items.
    kept = ddmin(range(len(records)), one_at_a_time(judged), 1, spent)
    return ListReduction(
        records=[records[i] for i in kept],
        original=len(records),
        runs=runs,
        seconds=time.perf_counter() - started,
        out_of_time=stopped,
    )
