"""The interval oracle (issue 37, item 2): a target's float outputs against the intervals
the interpreter gives in the INTERVAL float mode (interp/float_mode.py).

Each float output of the reference is an `Interval` (every result a conforming
implementation may produce) or UNBOUNDED. An output whose interval is wider than
`MAX_CONSTRAINED_ULPS` (or UNBOUNDED) is unconstrained: not compared, since a bound that
loose says nothing. A constrained output the target's value lies outside of is wrong, with
the interval and the distance in ULPs. Integer and bool outputs must be equal, as in the
differential oracle. The judgement carries the share of float outputs constrained.

`interval_json` / `interval_from_json` write intervals into a record and read them back.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shadersmith.interp.float32 import is_float32
from shadersmith.interp.intervals import UNBOUNDED, Interval, Unbounded

# 2^10 ULPs: wider than every row's own bound at moderate arguments (2.5 ULP division,
# 3 + 2|x| ULP exp with |x| < 500) but narrower than an absolute bound far from its scale
# (sin's 2^-11 near 0): outputs beyond it are not judged.
MAX_CONSTRAINED_ULPS = 2**10

Outputs = Mapping[int, Mapping[str, Any]]  # binding -> field -> value (nested tuples)


@dataclass(frozen=True)
class Outside:
    """A target's output outside the reference interval."""

    component: str  # binding/field[index]...
    value: float
    interval: Interval
    ulps: float  # distance outside, in float32 ULPs (inf for NaN or an infinity)

    def record(self) -> dict[str, Any]:
        return {
            "component": self.component,
            "value": _float_json(self.value),
            "interval": interval_json(self.interval),
            "ulps": _float_json(self.ulps),
        }


@dataclass
class IntervalJudgement:
    wrong: list[Outside] = field(default_factory=list)
    # Integer or bool outputs that differ: component -> (expected, produced).
    unequal: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    floats: int = 0  # float outputs seen
    constrained: int = 0  # of them, judged

    @property
    def agrees(self) -> bool:
        return not self.wrong and not self.unequal

    @property
    def constrained_share(self) -> float:
        return self.constrained / self.floats if self.floats else 1.0

    def record(self) -> dict[str, Any]:
        """The verdict detail, JSON."""
        return {
            "verdict": "agree" if self.agrees else "wrong",
            "wrong": [o.record() for o in self.wrong],
            "unequal": {k: [_json(e), _json(p)] for k, (e, p) in self.unequal.items()},
            "float_outputs": self.floats,
            "constrained": self.constrained,
            "constrained_share": round(self.constrained_share, 4),
            "max_constrained_ulps": MAX_CONSTRAINED_ULPS,
        }

    def report_lines(self) -> list[str]:
        lines = [
            f"{self.constrained} of {self.floats} float outputs constrained "
            f"({self.constrained_share:.0%}, at most {MAX_CONSTRAINED_ULPS} ULPs wide)"
        ]
        lines += [
            f"wrong:{o.component}: {o.value!r} outside {o.interval}, {o.ulps:g} ULPs out"
            for o in self.wrong
        ]
        lines += [f"wrong:{k}: expected {e!r}, got {p!r}" for k, (e, p) in self.unequal.items()]
        return lines


def constrained(value: Interval | Unbounded, max_ulps: int = MAX_CONSTRAINED_ULPS) -> bool:
    return isinstance(value, Interval) and value.width_in_ulps() <= max_ulps


def judge(
    expected: Outputs, produced: Outputs, max_ulps: int = MAX_CONSTRAINED_ULPS
) -> IntervalJudgement:
    """The target's `produced` outputs against the interval reference `expected`, field by
    field of the reference's bindings."""
    judgement = IntervalJudgement()
    for binding, fields in expected.items():
        for name, value in fields.items():
            got = produced.get(binding, {}).get(name)
            _compare(value, got, f"{binding}/{name}", judgement, max_ulps)
    return judgement


def _compare(
    expected: Any, got: Any, where: str, judgement: IntervalJudgement, max_ulps: int
) -> None:
    if isinstance(expected, tuple):
        if not isinstance(got, tuple | list) or len(got) != len(expected):
            judgement.unequal[where] = (expected, got)
            return
        for index, (e, g) in enumerate(zip(expected, got, strict=True)):
            _compare(e, g, f"{where}[{index}]", judgement, max_ulps)
        return
    if isinstance(expected, Interval | Unbounded):
        judgement.floats += 1
        if not constrained(expected, max_ulps):
            return
        assert isinstance(expected, Interval)
        judgement.constrained += 1
        value = float(got) if isinstance(got, int | float) else math.nan
        if not expected.contains(value):
            ulps = expected.distance_in_ulps(value) if is_float32(value) else math.inf
            judgement.wrong.append(Outside(where, value, expected, ulps))
        return
    if expected != got:
        judgement.unequal[where] = (expected, got)


# ---------------------------------------------------------------- JSON


def _float_json(value: float) -> float | str:
    return value if math.isfinite(value) else repr(value)  # JSON has no inf or nan


def interval_json(value: Interval | Unbounded) -> dict[str, Any]:
    """{"interval": [lo, hi]} (floats print and parse back exactly), or null bounds for
    UNBOUNDED."""
    if isinstance(value, Unbounded):
        return {"interval": None}
    return {"interval": [value.lo, value.hi]}


def interval_from_json(data: Mapping[str, Any]) -> Interval | Unbounded:
    bounds = data["interval"]
    if bounds is None:
        return UNBOUNDED
    low, high = bounds
    return Interval(float(low), float(high))


def _json(value: Any) -> Any:
    if isinstance(value, Interval | Unbounded):
        return interval_json(value)
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def outputs_json(outputs: Outputs) -> dict[str, dict[str, Any]]:
    """An interval reference's outputs as JSON: binding (a string) -> field -> value."""
    return {str(b): {n: _json(v) for n, v in f.items()} for b, f in sorted(outputs.items())}


def outputs_from_json(data: Mapping[str, Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    def value(item: Any) -> Any:
        if isinstance(item, dict):
            return interval_from_json(item)
        if isinstance(item, list):
            return tuple(value(v) for v in item)
        return item

    return {int(b): {n: value(v) for n, v in f.items()} for b, f in data.items()}
