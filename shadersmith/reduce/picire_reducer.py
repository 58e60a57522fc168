"""picire's delta debugging (ddmin) on the GLSL text of the unreconditioned program.

Two rounds, coarse to fine as in picire's own line-then-character mode: first the
text's lines are the units, then the tokens of what is left (a token with the
whitespace after it, so removing one never glues its neighbours together).

picire's own parallel mode runs the tester in forked processes, which cannot share our
target session (its worker pipes and driving threads live in this process). So the
sequential `DD` drives, with its reduce step overridden (the extension point picire's
`AbstractDD` documents) to test the subsets, then the complements, a window at a time:
the candidates of a window that need the targets run as one batch, in parallel on the
session's workers, and the first interesting one in picire's order wins, so the result
is what sequential ddmin would give.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.reduce.interesting import Interestingness, Prepared
from shadersmith.reduce.internal import ProgressCallback
from shadersmith.reduce.text_judge import OutOfTime, TextJudge

with warnings.catch_warnings():
    # picire's command-line module imports pkg_resources, which warns on import (and
    # goes away in setuptools 81: requirements.lock pins 80.9).
    warnings.filterwarnings("ignore", "pkg_resources is deprecated", UserWarning)
    from picire import DD, ConfigCache, Outcome

# Longest operators first; a number with its suffix; a word; any other single character.
_TOKEN = re.compile(
    r"""(?:
        <<=|>>=|\+\+|--|&&|\|\||\^\^|<<|>>|[-+*/%&|^<>=!]=
      | (?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?[uUfF]?
      | \w+
      | \S
    )\s*""",
    re.VERBOSE,
)

Units = list[str]
Subsets = list[Units]


def line_units(text: str) -> Units:
    return text.splitlines(keepends=True)


def token_units(text: str) -> Units:
    """Tokens with their trailing whitespace; leading whitespace stays on the first."""
    units = _TOKEN.findall(text)
    leading = len(text) - len(text.lstrip())
    if units and leading:
        units[0] = text[:leading] + units[0]
    assert "".join(units) == text
    return units


class _BatchedDD(DD):  # type: ignore[misc]  # picire ships no type information
    """ddmin whose subset and complement tests run a window at a time."""

    def __init__(self, judge: TextJudge, window: int, on_step: Callable[[], None]) -> None:
        super().__init__(self._test_one, cache=ConfigCache())
        self._judge = judge
        self._window = max(1, window)
        self._on_step = on_step

    def _test_one(self, config: Units, config_id: Any) -> Outcome:
        # Only picire's own check of the current configuration comes here: an answer
        # already known, since the configuration came from an interesting test.
        return self._outcomes([config])[0]

    def _reduce_config(
        self, run: int, subsets: Subsets, complement_offset: float
    ) -> tuple[Subsets | None, float]:
        count = len(subsets)
        found = self._first_interesting(subsets)
        if found is not None:
            return [subsets[found]], 0
        order = [int((i + complement_offset) % count) for i in range(count)]
        complements = [[unit for j, s in enumerate(subsets) if j != i for unit in s] for i in order]
        found = self._first_interesting(complements)
        if found is not None:
            removed = order[found]
            # As picire does: the next run starts removing after the subset removed here.
            return subsets[:removed] + subsets[removed + 1 :], removed
        return None, complement_offset

    def _first_interesting(self, configs: Sequence[Units]) -> int | None:
        for low in range(0, len(configs), self._window):
            window = configs[low : low + self._window]
            for offset, outcome in enumerate(self._outcomes(window)):
                if outcome is Outcome.FAIL:  # picire's FAIL: the test still fails
                    return low + offset
        return None

    def _outcomes(self, configs: Sequence[Units]) -> list[Outcome]:
        if self._judge.out_of_time():
            raise OutOfTime
        outcomes: list[Outcome | None] = [self._cache.lookup(config) for config in configs]
        if Outcome.FAIL in outcomes:
            # The first known-interesting one wins: nothing after it needs a run.
            outcomes = outcomes[: outcomes.index(Outcome.FAIL) + 1]
            configs = configs[: len(outcomes)]
        unknown = [i for i, outcome in enumerate(outcomes) if outcome is None]
        answers = self._judge.judge_texts(["".join(configs[i]) for i in unknown])
        for i, interesting in zip(unknown, answers, strict=True):
            outcome = Outcome.FAIL if interesting else Outcome.PASS
            self._cache.add(configs[i], outcome)
            outcomes[i] = outcome
        self._on_step()
        return [outcome for outcome in outcomes if outcome is not None]


class PicireReducer:
    name = "picire"

    def __init__(
        self,
        interestingness: Interestingness,
        parallel: int = 2,
        time_budget_s: float = 600.0,
        on_progress: ProgressCallback | None = None,
    ) -> None:
        self.interestingness = interestingness
        self.parallel = max(1, parallel)
        self.time_budget_s = time_budget_s
        self.on_progress = on_progress

    def reduce(self, start: Prepared) -> Prepared:
        judge = TextJudge(
            self.name, self.interestingness, start, self.time_budget_s, self.on_progress
        )
        text = judge.start_text
        try:
            # Rounds until neither granularity removes anything: a token removed can
            # free a whole line for the next line round.
            while True:
                before = text
                for granularity, split in (("lines", line_units), ("tokens", token_units)):
                    text = self._round(judge, granularity, split(text))
                if text == before:
                    break
        except OutOfTime:
            pass
        result = judge.result(text)
        judge.report("done")
        return result

    def _round(self, judge: TextJudge, granularity: str, units: Units) -> str:
        judge.report(granularity)
        reported = judge.improvements

        def on_step() -> None:
            nonlocal reported
            if judge.improvements != reported:
                reported = judge.improvements
                judge.report(granularity)

        return "".join(_BatchedDD(judge, self.parallel, on_step)(units))
