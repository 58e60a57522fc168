"""The off-the-shelf text reducers, by name: `creduce` and `picire`.

Both edit the GLSL text of the unreconditioned program and judge each candidate text
with `text_judge.TextJudge` (read back, reconditioned, run); both answer with the
smallest candidate judged interesting.
"""

from __future__ import annotations

from shadersmith.reduce.creduce import CReduceReducer
from shadersmith.reduce.interesting import Interestingness
from shadersmith.reduce.internal import ProgressCallback
from shadersmith.reduce.picire_reducer import PicireReducer

TEXT_REDUCERS = ("creduce", "picire")


def make_text_reducer(
    name: str,
    interestingness: Interestingness,
    parallel: int,
    time_budget_s: float,
    on_progress: ProgressCallback | None,
) -> CReduceReducer | PicireReducer:
    if name == "creduce":
        return CReduceReducer(interestingness, parallel, time_budget_s, on_progress)
    if name == "picire":
        return PicireReducer(interestingness, parallel, time_budget_s, on_progress)
    raise ValueError(f"no text reducer {name!r} (choose from {', '.join(TEXT_REDUCERS)})")
