"""Float subgroup arithmetic in the INTERVAL float mode (float_mode.py, issue 37): the
reductions and scans of interp/subgroups.py on intervals.

SPIR-V leaves the order of a float OpGroupNonUniformFAdd/FMul to the implementation
("the order of operations is unspecified": lavapipe adds in a tree, others lane by
lane), so a lane's result is bounded as a sum (or product) of its lanes' values in any
order: intervals.add and intervals.mul carry the tree of + and * they end
(rearrangement.py), whose Higham bound, gamma(K) over the sum of the terms' magnitudes
with K the count of roundings, holds for every association and order of the same terms.
Folding the lanes in lane order with them therefore bounds every order a driver may
take. Inactive lanes a driver pads with the identity (0.0 for Add, 1.0 for Mul) change
nothing: x + 0 and x * 1 are exact. Min and max round nothing: [min of the lows, min of
the highs] (denormals may be flushed first: precision row "denormals").

An exclusive scan's first lane gets the identity: 0.0 and 1.0 are exact points; Min's
+infinity and Max's -infinity have no finite bound (UNBOUNDED, unconstrained).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.interp import intervals as iv
from shadersmith.interp.interval_operators import bounded, decided
from shadersmith.interp.intervals import UNBOUNDED, Interval, Truth
from shadersmith.interp.sites import Site


def _minimum(a: Interval, b: Interval) -> Interval:
    a, b = iv.flushed(a), iv.flushed(b)
    return Interval(min(a.lo, b.lo), min(a.hi, b.hi))


def _maximum(a: Interval, b: Interval) -> Interval:
    a, b = iv.flushed(a), iv.flushed(b)
    return Interval(max(a.lo, b.lo), max(a.hi, b.hi))


_FLOAT_REDUCTIONS: dict[str, Callable[[Interval, Interval], Interval]] = {
    "Add": iv.add,
    "Mul": iv.mul,
    "Min": _minimum,
    "Max": _maximum,
}
_IDENTITIES: dict[str, Any] = {
    "Add": Interval.point(0.0),
    "Mul": Interval.point(1.0),
    "Min": UNBOUNDED,  # +infinity
    "Max": UNBOUNDED,  # -infinity
}


def float_arithmetic(op: str, scan: str, size: int | None) -> Callable[[Sequence[Any]], list[Any]]:
    """subgroup[Inclusive|Exclusive]<op> on float intervals: the lanes' values (scalars,
    or vectors of `size` components) in lane order in, each lane's interval out."""
    if op not in _FLOAT_REDUCTIONS:
        raise ValueError(f"subgroup{op} on floats")
    scalar = bounded(_FLOAT_REDUCTIONS[op])

    def combine(a: Any, b: Any) -> Any:
        if size is None:
            return scalar(a, b)
        return tuple(scalar(x, y) for x, y in zip(a, b, strict=True))

    unit: Any = _IDENTITIES[op] if size is None else (_IDENTITIES[op],) * size

    def fold(values: Sequence[Any]) -> Any:
        return functools.reduce(combine, values) if values else unit

    def run(values: Sequence[Any]) -> list[Any]:
        if not scan:
            total = fold(values)
            return [total] * len(values)
        # Each lane's prefix folded afresh: the tree of one prefix must not be another's
        # (a driver computes each scan result in an order of its own).
        stop = 1 if scan == "Inclusive" else 0
        return [fold(values[: lane + stop]) for lane in range(len(values))]

    return run


def all_equal(site: Site, size: int | None) -> Callable[[Sequence[Any]], bool]:
    """subgroupAllEqual on float intervals: decided only where every pair of lanes is
    equal (one point) or some pair cannot be; else it depends on rounding (refused)."""
    equal = bounded_truth(site)

    def run(values: Sequence[Any]) -> bool:
        first = values[0]
        same = True
        for value in values[1:]:
            pairs = zip(first, value, strict=True) if size is not None else [(first, value)]
            for a, b in pairs:
                same = equal(a, b) and same
        return same

    return run


def bounded_truth(site: Site) -> Callable[[Any, Any], bool]:
    """a == b on two float slots, refusing where rounding decides it (or a has no bound)."""

    def equal(a: Any, b: Any) -> bool:
        if a is UNBOUNDED or b is UNBOUNDED:
            return decided(Truth.BOTH, site, "subgroupAllEqual of a float with no finite bound")
        return decided(iv.equal(a, b), site, f"subgroupAllEqual: {a} == {b}")

    return equal
