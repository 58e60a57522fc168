"""The exact float set S of seed 003, section 4.3, and values that left it by rounding.

Our programs use floats only as exact integers: S is the integers x with
-2^24 + 1 < x < 2^24 - 1, zero excepted (zero has two signs). With operands in S, a single
+, - or * either gives an exact float32 or an integer of magnitude 2^24 or more, and every
rounding mode keeps that magnitude at 2^24 or more. Such a rounded value is therefore
harmless as long as it is only compared against thresholds and thrown away, which is
exactly what the reconditioner's MAKE_IN_RANGE wrapper does. The interpreter keeps the
round-to-nearest value and remembers the interval of results other implementations may
legitimately give (`InexactFloat`), so that a comparison whose outcome depends on the
rounding is caught.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from shadersmith.interp.arithmetic import to_float16, to_float32

# S is the integers strictly between -EXACT_LIMIT and EXACT_LIMIT, zero excepted.
EXACT_LIMIT = 16777215.0
TWO_TO_24 = 16777216.0


class InexactFloat(float):
    """A float32 result that rounded. Its float value is the round-to-nearest-even result;
    any float32 in [low, high] is an equally legitimate result on another implementation."""

    __slots__ = ("high", "low")
    low: float
    high: float


def make_inexact(value: float, low: float, high: float) -> InexactFloat:
    result = InexactFloat(value)
    result.low = low
    result.high = high
    return result


def in_exact_set(value: float) -> bool:
    return -EXACT_LIMIT < value < EXACT_LIMIT and value != 0.0 and value == int(value)


# S16, float16_t's exact set (recondition/build.HALF_EXACT_LIMIT): the integers strictly
# between -2048 and 2048, zero excepted. binary16 holds all of them; with operands in S16 a
# +, - or * is exact below 2048 in magnitude and, rounded or overflowing, stays at 2048 or
# more, as a float's result does at 2^24.
HALF_EXACT_LIMIT = 2048.0


# binary16's largest finite value: past it a half overflows to an infinity, which no shader
# may rely on (Vulkan lets an implementation assume results finite without
# SignedZeroInfNanPreserve; WGSL makes an overflow indeterminate).
HALF_MAX = 65504.0


def in_half_exact_set(value: float) -> bool:
    return -HALF_EXACT_LIMIT < value < HALF_EXACT_LIMIT and value != 0.0 and value == int(value)


def rounded16(exact: float) -> float:
    """The binary16 result of an exact integer-valued double: the value itself when binary16
    holds it, else an `InexactFloat` bracketing it by its binary16 neighbours (an infinity
    beyond 65504, as `rounded`'s beyond float32)."""
    nearest = to_float16(exact)
    if nearest == exact:
        return exact
    if math.isinf(nearest) or abs(exact) >= 65504.0:
        return make_inexact(nearest, exact, math.copysign(math.inf, exact))
    _, exponent = math.frexp(exact)
    ulp = math.ldexp(1.0, exponent - 11)
    low = math.floor(exact / ulp) * ulp
    return make_inexact(nearest, low, low + ulp)


def describe_outside(value: float) -> str:
    """Why a float is outside S, for messages."""
    if isinstance(value, InexactFloat):
        return f"{float(value)!r} was rounded (exact result lies in [{value.low}, {value.high}])"
    if value == 0.0:
        return f"{value!r} is zero, which has two signs"
    if math.isnan(value) or math.isinf(value):
        return f"{value!r} is not finite"
    if value != int(value):
        return f"{value!r} is not an integer"
    return f"{value!r} has magnitude 2^24 - 1 or more"


def rounded(exact: float) -> float:
    """The float32 result of an exact integer-valued double: the value itself when float32
    holds it, else an `InexactFloat` bracketing the exact value by its float32 neighbours."""
    nearest = to_float32(exact)
    if nearest == exact:
        return exact
    if math.isinf(nearest):
        return make_inexact(nearest, exact, math.copysign(math.inf, exact))
    _, exponent = math.frexp(exact)
    ulp = math.ldexp(1.0, exponent - 24)
    low = math.floor(exact / ulp) * ulp
    return make_inexact(nearest, low, low + ulp)


def exact_linear_combination(pairs: Sequence[tuple[float, float]]) -> float | None:
    """sum(a * b) over `pairs` whose factors are in S, as every implementation computes it
    (any order of the sums, fused or not): the exact value when no intermediate can round;
    an `InexactFloat` when rounding happens but every possible result stays at magnitude
    2^24 or more; None when the result depends on how the implementation rounds."""
    products = [a * b for a, b in pairs]  # exact: |a|, |b| < 2^24, so |a * b| < 2^48
    exact = math.fsum(products)
    if _all_partial_sums_representable(products):
        return exact
    total = math.fsum(abs(p) for p in products)
    # Each of the at most 2n - 1 roundings is off by less than one float32 ulp of `total`.
    error = len(products) * total * 2.0**-21
    if abs(exact) - error >= TWO_TO_24:
        return make_inexact(to_float32(exact), exact - error, exact + error)
    return None


def _all_partial_sums_representable(products: list[float]) -> bool:
    count = len(products)
    for mask in range(1, 1 << count):
        subtotal = math.fsum(products[i] for i in range(count) if mask >> i & 1)
        if to_float32(subtotal) != subtotal:
            return False
    return True


def _bounds(value: float) -> tuple[float, float]:
    if isinstance(value, InexactFloat):
        return value.low, value.high
    return value, value


def comparison_is_ambiguous(
    compare: Callable[[float, float], bool], a: float, b: float, *, equality: bool
) -> bool:
    """Whether `compare(a, b)` could come out differently on an implementation that rounded
    `a` or `b` differently. Ordered comparisons are monotone, so the corners decide; an
    equality with an interval on one side is ambiguous when the intervals meet."""
    a_low, a_high = _bounds(a)
    b_low, b_high = _bounds(b)
    outcomes = {
        compare(a_low, b_low),
        compare(a_low, b_high),
        compare(a_high, b_low),
        compare(a_high, b_high),
        compare(a, b),
    }
    if len(outcomes) > 1:
        return True
    if not equality:
        return False
    # Equality is not monotone: two intervals that meet may or may not hold equal values.
    return (a_low != a_high or b_low != b_high) and a_low <= b_high and b_low <= a_high


def negated(value: float) -> float:
    """-x is exact; an interval flips."""
    if isinstance(value, InexactFloat):
        return make_inexact(-float(value), -value.high, -value.low)
    return -value


def absolute(value: float) -> float:
    """abs(x) is exact; an interval folds."""
    if isinstance(value, InexactFloat):
        low, high = value.low, value.high
        if low >= 0:
            return make_inexact(abs(float(value)), low, high)
        if high <= 0:
            return make_inexact(abs(float(value)), -high, -low)
        return make_inexact(abs(float(value)), 0.0, max(-low, high))
    return abs(value)
