"""Interval float semantics (interp/intervals.py, issue 37 item 1): every interval holds the
round-to-nearest result numpy's float32 gives, and for the ULP rows exactly the float32
values within n ULP of the exact result (computed here with fractions and a ULP of our
own); hand-checked cases; comparisons and conversions that straddle; refusals."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from shadersmith.interp import intervals as iv
from shadersmith.interp.float32 import FLT_MAX, ulp
from shadersmith.interp.intervals import Interval, Truth, Unconstrained

P = Interval.point
F32 = np.float32


def f32(value: float) -> float:
    return float(F32(value))


def random_float(rng: random.Random, low_exponent: int = -40, high_exponent: int = 40) -> float:
    """A random float32 with a random sign, significand and exponent (fixed by the seed)."""
    significand = 1.0 + rng.getrandbits(23) / 2**23
    return f32(
        rng.choice((-1.0, 1.0)) * math.ldexp(significand, rng.randint(low_exponent, high_exponent))
    )


def random_interval(
    rng: random.Random, low_exponent: int = -20, high_exponent: int = 20
) -> Interval:
    """A float32 and a few ULPs above it."""
    start = F32(random_float(rng, low_exponent, high_exponent))
    end = start
    for _ in range(rng.randint(0, 6)):
        end = np.nextafter(end, F32(np.inf))
    return Interval(float(start), float(end))


def inside(interval: Interval, rng: random.Random) -> float:
    """A float32 of `interval`, its ends more often than not."""
    pick = rng.random()
    if pick < 0.3:
        return interval.lo
    if pick < 0.6:
        return interval.hi
    return f32(rng.uniform(interval.lo, interval.hi))


# ---------------------------------------------------------------- a reference ULP


def reference_ulp(x: Fraction) -> Fraction:
    """The Vulkan ulp(x) of float32, written from the binade: 2^(k-23) for 2^k <= |x| <
    2^(k+1) (2^-149 in the denormals), and half that at |x| = 2^k exactly (the gap below)."""
    magnitude = abs(x)
    if magnitude < Fraction(2) ** -126:
        return Fraction(2) ** -149
    k = math.frexp(float(magnitude))[1] - 1
    while Fraction(2) ** k > magnitude:
        k -= 1
    while Fraction(2) ** (k + 1) <= magnitude:
        k += 1
    if magnitude == Fraction(2) ** k and k > -126:
        return Fraction(2) ** (k - 24)
    return Fraction(2) ** (k - 23)


def reference_ceil(x: Fraction) -> float:
    value = F32(float(x))
    while Fraction(float(value)) < x:
        value = np.nextafter(value, F32(np.inf))
    while Fraction(float(np.nextafter(value, F32(-np.inf)))) >= x:
        value = np.nextafter(value, F32(-np.inf))
    return float(value)


def reference_floor(x: Fraction) -> float:
    return -reference_ceil(-x)


def allowed(exact: Fraction, ulps: Fraction) -> tuple[float, float]:
    """The least and greatest float32 within `ulps` ULP of `exact`."""
    error = ulps * reference_ulp(exact)
    return reference_ceil(exact - error), reference_floor(exact + error)


# ---------------------------------------------------------------- + - *

BINARY: dict[str, tuple[Callable[[Interval, Interval], Interval], Callable[[Any, Any], Any]]] = {
    "+": (iv.add, lambda a, b: a + b),
    "-": (iv.sub, lambda a, b: a - b),
    "*": (iv.mul, lambda a, b: a * b),
}


@pytest.mark.parametrize("symbol", BINARY)
def test_sums_differences_and_products_are_the_two_roundings_of_the_exact_result(
    symbol: str,
) -> None:
    operation, exact = BINARY[symbol]
    rng = random.Random(37)
    for _ in range(400):
        a, b = random_float(rng, -20, 20), random_float(rng, -20, 20)
        result = operation(P(a), P(b))
        nearest = float(exact(F32(a), F32(b)))
        assert result.contains(nearest), (a, b, result)
        value = exact(Fraction(a), Fraction(b))
        assert (result.lo, result.hi) == (reference_floor(value), reference_ceil(value))


@pytest.mark.parametrize("symbol", BINARY)
def test_operand_intervals_hold_every_result_of_their_values(symbol: str) -> None:
    operation, exact = BINARY[symbol]
    rng = random.Random(38)
    for _ in range(150):
        a, b = random_interval(rng), random_interval(rng)
        result = operation(a, b)
        for _ in range(4):
            x, y = inside(a, rng), inside(b, rng)
            assert result.contains(float(exact(F32(x), F32(y)))), (a, b, x, y, result)


def test_a_product_straddling_a_rounding_boundary_holds_both_neighbours() -> None:
    # (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: exactly halfway between two float32 values.
    factor = 1.0 + 2.0**-12
    result = iv.mul(P(factor), P(factor))
    assert (result.lo, result.hi) == (1.0 + 2.0**-11, 1.0 + 2.0**-11 + 2.0**-23)
    assert result.contains(float(F32(factor) * F32(factor)))
    assert iv.mul(P(3.0), P(-0.5)) == P(-1.5)  # an exact product stays a point
    assert iv.mul(P(-2.0), Interval(-1.0, 3.0)) == Interval(-6.0, 2.0)  # corners of mixed signs


def test_a_contracted_multiply_add_holds_the_fused_and_the_unfused_result() -> None:
    factor = 1.0 + 2.0**-12
    # Fused: 2^-11 + 2^-24 exactly; unfused: the product rounds to even, 1 + 2^-11, so 2^-11.
    fused = 2.0**-11 + 2.0**-24
    unfused = float(F32(factor) * F32(factor) - F32(1.0))
    assert fused != unfused == 2.0**-11
    contracted = iv.multiply_add(P(factor), P(factor), P(-1.0))
    assert contracted.contains(fused) and contracted.contains(unfused)
    precise = iv.multiply_add(P(factor), P(factor), P(-1.0), contract=False)
    assert precise.contains(unfused) and precise.width_in_ulps() <= contracted.width_in_ulps()
    # fma() is inherited from the unfused pair, widened symmetrically: it holds both too.
    builtin = iv.fma(P(factor), P(factor), P(-1.0))
    assert builtin.contains(fused) and builtin.contains(unfused)


def test_conversions_from_int_round_either_way() -> None:
    assert iv.from_int(2**24 + 1) == Interval(2.0**24, 2.0**24 + 2)
    assert iv.from_int(-7) == P(-7.0)


# ---------------------------------------------------------------- ULP rows


def test_one_third_is_the_float32_values_within_two_and_a_half_ulp() -> None:
    # ulp(1/3) = 2^-25; 1/3 = 11184810.67 * 2^-25, so 11184808.17 .. 11184813.17 -> 809..813.
    result = iv.divide(P(1.0), P(3.0))
    assert (result.lo, result.hi) == (11184809 * 2.0**-25, 11184813 * 2.0**-25)
    assert result.width_in_ulps() == 4 and result.contains(f32(1 / 3))


def test_quotients_hold_exactly_the_values_within_two_and_a_half_ulp() -> None:
    rng = random.Random(39)
    for _ in range(400):
        a, b = random_float(rng), random_float(rng)
        result = iv.divide(P(a), P(b))
        assert result.contains(float(F32(a) / F32(b)))
        assert (result.lo, result.hi) == allowed(Fraction(a) / Fraction(b), Fraction(5, 2))
    for _ in range(150):
        dividend, divisor = random_interval(rng), random_interval(rng)
        quotient = iv.divide(dividend, divisor)
        for _ in range(4):
            x, y = inside(dividend, rng), inside(divisor, rng)
            assert quotient.contains(float(F32(x) / F32(y))), (dividend, divisor, x, y)


@dataclass(frozen=True)
class UlpRow:
    """An n-ULP row: its interval function, libm's double as the exact value (far closer
    than a float32 ULP), its n for an argument, and random arguments where it applies."""

    operation: Callable[[Interval], Interval]
    reference: Callable[[float], float]
    ulps: Callable[[float], Fraction]
    argument: Callable[[random.Random], float]


def _exp_ulps(x: float) -> Fraction:
    return 3 + 2 * abs(Fraction(x))


def _log_argument(rng: random.Random) -> float:
    return f32(math.ldexp(rng.uniform(1, 2), rng.choice((-30, -2, 1, 2, 40))))


UNARY_ULPS = {
    "exp": UlpRow(iv.exp, math.exp, _exp_ulps, lambda r: f32(r.uniform(-80, 80))),
    "exp2": UlpRow(iv.exp2, lambda x: 2.0**x, _exp_ulps, lambda r: f32(r.uniform(-120, 120))),
    "inversesqrt": UlpRow(
        iv.inversesqrt,
        lambda x: 1 / math.sqrt(x),
        lambda x: Fraction(2),
        lambda r: abs(random_float(r)),
    ),
    "log": UlpRow(iv.log, math.log, lambda x: Fraction(3), _log_argument),
    "log2": UlpRow(iv.log2, math.log2, lambda x: Fraction(3), _log_argument),
}


@pytest.mark.parametrize("name", UNARY_ULPS)
def test_ulp_rows_hold_the_float32_values_within_their_bound(name: str) -> None:
    row = UNARY_ULPS[name]
    rng = random.Random(40)
    for _ in range(300):
        x = row.argument(rng)
        result = row.operation(P(x))
        exact = Fraction(row.reference(x))
        nearest = reference_ceil(exact) if rng.random() < 0.5 else reference_floor(exact)
        assert result.contains(nearest), (x, result)
        low, high = allowed(exact, row.ulps(x))
        # Sound (every allowed value is in), and tight to the float32 next to each end
        # (libm's double is not the exact value, so an end may sit one float32 out).
        assert result.lo <= low and result.hi >= high, (x, result, low, high)
        assert Interval(low, high).width_in_ulps() + 2 >= result.width_in_ulps()


def test_exp2_of_one_half_is_within_four_ulp_of_the_square_root_of_two() -> None:
    # 3 + 2 * 0.5 = 4 ULP of 2^-23 around sqrt(2) = 11863283.2 * 2^-23: 11863280..11863287.
    result = iv.exp2(P(0.5))
    assert (result.lo, result.hi) == (11863280 * 2.0**-23, 11863287 * 2.0**-23)


def test_log_inside_one_half_to_two_is_absolute() -> None:
    assert iv.log2(P(1.0)) == Interval(-(2.0**-21), 2.0**-21)
    assert iv.log2(P(8.0)) == Interval(3.0 - 3 * 2.0**-22, 3.0 + 3 * 2.0**-22)
    # An argument interval across 2.0 takes the absolute bound below and 3 ULP above.
    across = iv.log2(Interval(1.5, 2.5))
    lowest = reference_ceil(Fraction(math.log2(1.5)) - Fraction(2) ** -21)
    assert across.contains(lowest) and across.contains(f32(math.log2(2.5)))


def test_square_root_is_inherited_from_a_reciprocal_of_inversesqrt() -> None:
    # inversesqrt(2) within 2 ULP (2^-24), its reciprocal within 2.5 ULP (2^-23): about
    # 4.5 ULP of sqrt(2) either way, and the symmetric widening keeps it symmetric.
    root = math.sqrt(2.0)
    result = iv.sqrt(P(2.0))
    assert root - 5 * 2.0**-23 <= result.lo <= root - 3 * 2.0**-23
    assert root + 3 * 2.0**-23 <= result.hi <= root + 5 * 2.0**-23
    rng = random.Random(41)
    for _ in range(300):
        x = abs(random_float(rng))
        assert iv.sqrt(P(x)).contains(float(np.sqrt(F32(x)))), x


def test_pow_holds_numpy_and_the_exact_power() -> None:
    rng = random.Random(42)
    for _ in range(300):
        x, y = f32(rng.uniform(0.01, 20.0)), f32(rng.uniform(-8.0, 8.0))
        result = iv.power(P(x), P(y))
        assert result.contains(float(np.power(F32(x), F32(y)))), (x, y, result)
        exact = Fraction(math.pow(x, y))
        assert result.lo <= reference_floor(exact) and reference_ceil(exact) <= result.hi
    assert iv.power(P(2.0), P(10.0)).contains(1024.0)


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sine_and_cosine_are_within_two_to_the_minus_eleven(name: str) -> None:
    operation, reference = (iv.sin, math.sin) if name == "sin" else (iv.cos, math.cos)
    rng = random.Random(43)
    for _ in range(300):
        x = f32(rng.uniform(-3.14159, 3.14159))
        result = operation(P(x))
        exact = Fraction(reference(x))
        assert result.contains(f32(reference(x)))
        assert result.lo <= reference_ceil(exact - Fraction(2) ** -11)
        assert result.hi >= reference_floor(exact + Fraction(2) ** -11)
        assert (
            result.width_in_ulps()
            <= Interval(
                reference_ceil(exact - Fraction(2) ** -11),
                reference_floor(exact + Fraction(2) ** -11),
            ).width_in_ulps()
            + 2
        )
    # Across a turning point the exact maximum is inside, not at an end.
    assert iv.sin(Interval(1.0, 2.0)).contains(1.0) and iv.cos(Interval(-0.5, 0.5)).contains(1.0)


# ---------------------------------------------------------------- comparisons, conversions


def test_comparisons_are_both_where_the_intervals_overlap() -> None:
    third = iv.divide(P(1.0), P(3.0))
    assert iv.less(third, P(0.5)) is Truth.TRUE and iv.greater(third, P(0.5)) is Truth.FALSE
    assert iv.less(third, P(f32(1 / 3))) is Truth.BOTH
    assert iv.equal(third, P(f32(1 / 3))) is Truth.BOTH
    assert iv.equal(P(2.0), P(2.0)) is Truth.TRUE and iv.not_equal(P(2.0), P(3.0)) is Truth.TRUE
    assert iv.less_equal(Interval(1.0, 2.0), Interval(2.0, 3.0)) is Truth.TRUE
    assert iv.less(Interval(1.0, 2.0), Interval(2.0, 3.0)) is Truth.BOTH
    assert iv.greater_equal(Interval(1.0, 2.0), Interval(1.5, 3.0)) is Truth.BOTH


def test_int_of_three_divided_by_three_may_be_zero_or_one() -> None:
    # 3.0 / 3.0 within 2.5 ULP of 1 reaches 0.99999988: int() of it truncates to 0.
    quotient = iv.divide(P(3.0), P(3.0))
    assert quotient.lo < 1.0 < quotient.hi
    assert iv.to_int(quotient) == range(0, 2)
    assert iv.to_int(Interval(1.5, 1.75)) == range(1, 2)
    assert iv.to_int(Interval(-2.5, -2.25), signed=True) == range(-2, -1)
    assert iv.to_int(Interval(7.0, 7.5), signed=False) == range(7, 8)


# ---------------------------------------------------------------- denormals and refusals


def test_denormal_results_may_be_flushed_to_zero() -> None:
    product = iv.mul(P(2.0**-70), P(2.0**-70))  # 2^-140, a denormal
    assert product.contains(0.0) and product.contains(2.0**-140)
    assert iv.add(P(2.0**-140), P(1.0)).contains(1.0)
    assert iv.mul(P(2.0**-60), P(2.0**-60)) == P(2.0**-120)  # normal: kept exactly


@pytest.mark.parametrize(
    ("compute", "reason"),
    [
        (lambda: iv.divide(P(1.0), Interval(-1.0, 1.0)), "holds 0"),
        (lambda: iv.divide(P(1.0), P(2.0**-127)), "holds 0"),  # a denormal divisor flushes
        (lambda: iv.divide(P(1.0), P(2.0**127)), "2.5 ULP applies"),
        (lambda: iv.divide(P(2.0**100), P(2.0**-100)), "overflow"),
        (lambda: iv.mul(P(FLT_MAX), P(2.0)), "overflows"),
        (lambda: iv.add(P(FLT_MAX), P(FLT_MAX)), "overflows"),
        (lambda: iv.exp(P(89.0)), "overflow"),
        (lambda: iv.sin(P(4.0)), "[-pi, pi]"),
        (lambda: iv.cos(P(f32(math.pi))), "[-pi, pi]"),  # float32(pi) is above pi
        (lambda: iv.log(P(0.0)), "positive"),
        (lambda: iv.sqrt(P(-1.0)), "positive"),
        (lambda: iv.power(P(-2.0), P(2.0)), "positive"),
        (lambda: iv.to_int(P(3e9)), "out of range"),
        (lambda: iv.to_int(P(-0.5), signed=False), "negative"),
    ],
)
def test_results_without_a_finite_bound_are_refused_with_a_reason(
    compute: Callable[[], Interval], reason: str
) -> None:
    with pytest.raises(Unconstrained, match=r".*") as refused:
        compute()
    assert reason in refused.value.reason


def test_width_contains_and_distance_count_float32_steps() -> None:
    third = iv.divide(P(1.0), P(3.0))
    assert third.width_in_ulps() == 4 and third.distance_in_ulps(f32(1 / 3)) == 0
    above = float(np.nextafter(np.nextafter(F32(third.hi), F32(1)), F32(1)))
    assert not third.contains(above) and third.distance_in_ulps(above) == 2
    assert third.distance_in_ulps(math.nan) == math.inf
    assert Interval(-(2.0**-149), 2.0**-149).width_in_ulps() == 2  # both zeros are one step
    assert ulp(1.0) == 2.0**-24 and ulp(1.5) == 2.0**-23 and ulp(2.0**-140) == 2.0**-149
    assert ulp(Fraction(1) + Fraction(1, 2**40)) == 2.0**-23
