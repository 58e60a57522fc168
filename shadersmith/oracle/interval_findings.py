"""A test in the interval float mode judged (issue 37): each target's outputs against
the intervals the reference interpreter gives (oracle/intervals.judge), not against each
other bit for bit, since two conforming targets may differ inside an interval.

`IntervalReference` is the reference's outputs, or why it refused the test (rounding
decides a branch or an integer, a built-in it does not model: counted as refused, not a
finding). Its `outside` tells classify.py which targets are wrong; it keeps each target's
judgement for the record (`record`): the wrong components with their interval and distance
in ULPs, and the share of float outputs constrained. A fragment test's reference is its
sampled pixels' colour intervals instead (RunResult.pixels), each target's image judged
byte by byte at them (oracle/image_intervals.py), channels counted as float outputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shadersmith.oracle.differential import REFERENCE, has_values
from shadersmith.oracle.image_intervals import ImageJudgement, Pixels, judge_image, pixels_json
from shadersmith.oracle.intervals import IntervalJudgement, judge, outputs_json
from shadersmith.targets.results import RunResult, RunStatus

# What the interpreter's log says before the reason of a refusal (targets/chains.py).
_REFUSAL = "interval mode refuses: "


@dataclass
class IntervalReference:
    expected: Mapping[int, Mapping[str, Any]] | None  # None: nothing to judge against
    refused: str | None = None  # why the interpreter did not give intervals
    judgements: dict[str, IntervalJudgement | ImageJudgement] = field(default_factory=dict)
    # A fragment test's reference: sampled pixel -> its colour's intervals (`expected` None).
    pixels: Pixels | None = None
    interpreter_ms: float | None = None  # the reference's run time

    def outside(self, name: str, result: RunResult) -> bool | None:
        """Whether `result` lies outside the intervals (None: not judged: no reference,
        or no values of the reference's kind: buffers for buffers, an image for pixels)."""
        if not has_values(result):
            return None
        judgement = self.judgements.get(name)
        if judgement is None:
            if self.pixels is not None and result.image is not None:
                judgement = judge_image(self.pixels, result.image)
            elif self.expected is not None and result.image is None:
                judgement = judge(self.expected, result.buffers)
            else:
                return None
            self.judgements[name] = judgement
        return not judgement.agrees

    @property
    def floats(self) -> int:
        """Float outputs of the reference (every target's judgement counts the same)."""
        return max((j.floats for j in self.judgements.values()), default=0)

    @property
    def constrained(self) -> int:
        return max((j.constrained for j in self.judgements.values()), default=0)

    def record(self) -> dict[str, Any]:
        """What test.json keeps (results `intervals`): the reference's intervals, each
        target's judgement, the share constrained, or the refusal."""
        data: dict[str, Any] = {"float_mode": "interval", "refused": self.refused}
        if self.expected is not None:
            data["expected"] = outputs_json(self.expected)
        if self.pixels is not None:
            data["expected_pixels"] = pixels_json(self.pixels)
        if self.interpreter_ms is not None:
            data["interpreter_ms"] = round(self.interpreter_ms, 1)
        data["targets"] = {n: j.record() for n, j in sorted(self.judgements.items())}
        data["float_outputs"] = self.floats
        data["constrained"] = self.constrained
        data["constrained_share"] = (
            round(self.constrained / self.floats, 4) if self.floats else None
        )
        return data


def interval_reference(results: Mapping[str, RunResult]) -> IntervalReference:
    """The reference's intervals among `results`, or why there are none."""
    result = results.get(REFERENCE)
    if result is None:
        return IntervalReference(None, f"{REFERENCE} did not run (not among the targets)")
    if result.status is RunStatus.UNSUPPORTED:
        return IntervalReference(None, refusal_reason(result.log))
    if result.status is RunStatus.TIMEOUT:
        # Ours, as classify.py says: no finding, and nothing judged either.
        return IntervalReference(None, "the interval interpreter ran out of time")
    if not result.ok:
        return IntervalReference(None, None)  # its failure is a finding of ours already
    if result.pixels is not None:
        return IntervalReference(None, pixels=result.pixels, interpreter_ms=result.run_ms)
    return IntervalReference(result.buffers, interpreter_ms=result.run_ms)


def refusal_reason(log: str) -> str:
    """The interpreter's reason for refusing, without its name and the mode's prefix."""
    lines = log.strip().splitlines() or [""]
    line = next((line for line in lines if _REFUSAL in line), lines[0])
    _, found, reason = line.partition(_REFUSAL)
    return (reason if found else line.removeprefix(f"{REFERENCE} does not run "))[:300]
