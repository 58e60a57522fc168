"""The float32 number line, for interval bounds: neighbours, directed rounding of exact
values, and the ULP of the Vulkan specification.

Values are Python floats that float32 holds; exact real results are `Exact`: a float
(double) or a `Fraction` when a double cannot hold them (a sum of two float32 values whose
exponents differ by more than 29, a quotient). Comparing a float with a Fraction is exact
in Python, which is what makes `floor32` and `ceil32` exact.

Denormals count as the float32 values they are: 2^-149 apart, so the ULP below 2^-126 is
2^-149. That one may be flushed to zero is the interval's business (intervals.flushed),
not the ULP's.
"""

from __future__ import annotations

import math
from fractions import Fraction

from shadersmith.interp.arithmetic import bits_to_float32, float_bits, to_float32

Exact = float | Fraction

FLT_MAX = bits_to_float32(0x7F7F_FFFF)
MIN_NORMAL = 2.0**-126
SMALLEST = 2.0**-149  # the smallest denormal: the gap between neighbours below MIN_NORMAL
_MAGNITUDE = 0x7FFF_FFFF
_SIGN = 0x8000_0000


def is_float32(value: float) -> bool:
    return math.isfinite(value) and to_float32(value) == value


def ordinal(value: float) -> int:
    """The position of a float32 on the number line: neighbours differ by 1, and both
    zeros are 0 (the interval semantics ignores the sign of zero, as Vulkan lets
    implementations do by default)."""
    bits = float_bits(value)
    return -(bits & _MAGNITUDE) if bits & _SIGN else bits


def from_ordinal(position: int) -> float:
    if position < 0:
        return bits_to_float32(_SIGN | -position)
    return bits_to_float32(position)


def next_up(value: float) -> float:
    return from_ordinal(ordinal(value) + 1)


def next_down(value: float) -> float:
    return from_ordinal(ordinal(value) - 1)


def floor32(value: Exact) -> float:
    """The largest float32 <= value; -inf below -FLT_MAX."""
    if value > FLT_MAX:
        return FLT_MAX
    if value < -FLT_MAX:
        return -math.inf
    # float(Fraction) is correctly rounded, and so is to_float32: the guess is within one
    # float32 step of `value`, so the loop runs at most twice.
    guess = to_float32(float(value))
    while guess > value:
        guess = next_down(guess)
    while next_up(guess) <= value:
        guess = next_up(guess)
    return guess + 0.0  # -0.0 -> 0.0


def ceil32(value: Exact) -> float:
    """The smallest float32 >= value; +inf above FLT_MAX."""
    return -floor32(-value) + 0.0


def _magnitude(value: Exact) -> Exact:
    return -value if value < 0 else value


def ulp(value: Exact) -> float:
    """ulp(x) of the Vulkan specification ("Precision of Individual Operations", ULP): the
    smallest distance between two distinct finite float32 values a <= x <= b; beyond the
    largest float, the gap between the two largest. So at a power of two it is the gap
    below (half the gap above), and for a value between two float32 values, their gap."""
    magnitude = _magnitude(value)
    if magnitude >= FLT_MAX:
        return FLT_MAX - next_down(FLT_MAX)
    low, high = floor32(magnitude), ceil32(magnitude)
    if low != high:
        return high - low
    if low == 0.0:
        return SMALLEST
    return min(low - next_down(low), next_up(low) - low)


def ulp_bound(low: Exact, high: Exact) -> float:
    """An upper bound of ulp(x) over every x in [low, high], exact when low == high. ulp
    never decreases with |x| except at a power of two, where it halves (the gap below);
    the gap just below the float32 at or above the largest magnitude bounds them all."""
    if low == high:
        return ulp(low)
    top = ceil32(max(_magnitude(low), _magnitude(high)))
    if math.isinf(top):
        return FLT_MAX - next_down(FLT_MAX)
    return top - next_down(top) if top > 0.0 else SMALLEST
