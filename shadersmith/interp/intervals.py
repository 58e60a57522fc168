"""Interval arithmetic on float32 values, by the precision table of precision.py (issue 37,
item 1): each operation gives an interval holding every result a conforming Vulkan or GLSL
implementation may produce from any operands in the operand intervals. Where no finite
bound exists (a divisor interval holding 0, an overflow, an argument outside the range a
row covers) the operation raises `Unconstrained` with the reason: the value is not judged.

Where the interval mode plugs in (a plan; nothing is wired yet). Kernels are chosen at
compile time by `sanitize`; the mode is one more such flag (`floats=exact|interval`) beside
it in `binary_operator`, `unary_operator`, `scalar_converter` and `builtin_implementation`:
- Values: a float slot (variables.py, places.py, lanes/values.py) holds an `Interval`
  instead of a float; ints and bools stay exact. exactness.py stays the exact mode.
- operators.py `_float_kernel`: + - * -> add/sub/mul, / -> divide (today's "2.5 ULP"
  refusal becomes the bound); `float_comparison`/`_equality` -> less/equal/..., a
  Truth.BOTH raising the FLOAT_ROUNDOFF refusal where comparison_is_ambiguous does now;
  `linear_combination` (dot, matrix products) -> multiply_add sums, contract=False under
  `precise`; NEG flips the ends.
- conversions.py: float->int/uint -> to_int (more than one int refuses); int->float ->
  from_int. floatBitsToInt of a non-point interval refuses.
- builtins.py: the float kernels (`_sign`, `_min_max`, `_clamp`, `_rounding`, `_dot`,
  `_cross`, `_distance`) take intervals; new ones call sqrt ... cos here, and mix,
  smoothstep, length, normalize, fract, mod, tan evaluate their rows' formulas on
  intervals and pass them to `inherited`.
- The oracle compares a float output with `contains`, reports `distance_in_ulps`, and
  calls an output wider than a set `width_in_ulps` unconstrained.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from shadersmith.interp import precision, rearrangement
from shadersmith.interp.float32 import (
    FLT_MAX,
    MIN_NORMAL,
    Exact,
    ceil32,
    floor32,
    is_float32,
    next_down,
    next_up,
    ordinal,
    ulp_bound,
)
from shadersmith.interp.rearrangement import TooLoose, Tracked

INT_RANGE = (-(2**31), 2**31 - 1)
UINT_RANGE = (0, 2**32 - 1)


class Unconstrained(Exception):
    """The result has no finite bound (overflow, a divisor interval holding 0, an argument
    outside the range a precision row covers): the value is refused, not judged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Unbounded:
    """A float with no finite bound (an operation raised `Unconstrained`): the interval
    mode propagates it through float operations, refuses to branch or convert on it, and
    an output holding it is unconstrained."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNBOUNDED"


UNBOUNDED = Unbounded()


class Truth(enum.Enum):
    """A comparison over intervals: every pair of values agrees, or they do not (BOTH)."""

    TRUE = "true"
    FALSE = "false"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Interval:
    """Every float32 value v with lo <= v <= hi (both finite float32 values; the sign of
    zero is not modelled). `tracked`: how the value was computed, for the bound of every
    rearrangement of that arithmetic (rearrangement.py); None for a value whose rounding is
    its own (a leaf: an input, a constant, a built-in's result)."""

    lo: float
    hi: float
    tracked: Tracked | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for end in (self.lo, self.hi):
            if not math.isfinite(end):
                raise Unconstrained(f"the result reaches {end!r}")
            if not is_float32(end):
                raise ValueError(f"{end!r} is not a float32 value")
        if self.lo > self.hi:
            raise ValueError(f"empty interval [{self.lo!r}, {self.hi!r}]")

    @staticmethod
    def point(value: float) -> Interval:
        return Interval(value, value)

    def contains(self, value: float) -> bool:
        return self.lo <= value <= self.hi  # False for NaN

    def width_in_ulps(self) -> int:
        """How many float32 steps from lo to hi (0 for a single value)."""
        return ordinal(self.hi) - ordinal(self.lo)

    def distance_in_ulps(self, value: float) -> float:
        """How many float32 steps `value` (a float32, e.g. a target's output) lies outside
        the interval: 0 inside, infinity for NaN or an infinity."""
        if not math.isfinite(value):
            return math.inf
        if not is_float32(value):
            raise ValueError(f"{value!r} is not a float32 value")
        position = ordinal(value)
        return max(0, ordinal(self.lo) - position, position - ordinal(self.hi))

    def __str__(self) -> str:
        return f"[{self.lo!r}, {self.hi!r}]"


def hull(intervals: Iterable[Interval]) -> Interval:
    parts = list(intervals)
    return Interval(min(i.lo for i in parts), max(i.hi for i in parts))


def flushed(value: Interval) -> Interval:
    """Denormals flushed or kept (precision row "denormals": both are conforming, for
    operands and results): an interval reaching a denormal also holds 0."""
    if value.lo < MIN_NORMAL and value.hi > -MIN_NORMAL and (value.lo, value.hi) != (0.0, 0.0):
        return Interval(min(value.lo, 0.0), max(value.hi, 0.0))
    return value


# ---------------------------------------------------------------- building results


def _exact(value: float) -> Fraction:
    return Fraction(value)


# libm's double results (exp, log, sin, pow, sqrt then a division) are within a couple of
# double ULPs (2^-52 relative) of the exact value; bracketing them by 2^-40 relative is
# safe by a factor of 1000 and still 2^-17 of a float32 ULP, so no interval widens.
_LIBM_MARGIN = Fraction(1, 2**40)


def _libm(function: Callable[[float], float], argument: float, what: str) -> Fraction:
    try:
        result = function(argument)
    except OverflowError as error:
        raise Unconstrained(f"{what} overflows") from error
    if not math.isfinite(result):
        raise Unconstrained(f"{what} is not finite")
    return Fraction(result)


def _spread(values: Iterable[Fraction]) -> tuple[Fraction, Fraction]:
    """The lowest and highest of libm results, widened by the libm margin."""
    listed = list(values)
    low, high = min(listed), max(listed)
    return low - abs(low) * _LIBM_MARGIN, high + abs(high) * _LIBM_MARGIN


def _rounded(low: Exact, high: Exact, what: str) -> Interval:
    """Correctly rounded results of exact values in [low, high]. Vulkan's "correctly
    rounded" lets an implementation return either float32 neighbour of an inexact x
    (spirvenv-correctly-rounded), so one result spans floor32(x)..ceil32(x). floor32 and
    ceil32 never decrease as x grows, so the extremes of x give the extremes of every
    result: [floor32(low), ceil32(high)], which holds round-to-nearest too."""
    lo, hi = floor32(low), ceil32(high)
    if math.isinf(lo) or math.isinf(hi):
        raise Unconstrained(f"{what} overflows float32")
    return flushed(Interval(lo, hi))


def _within(low: Exact, high: Exact, error: Exact, what: str) -> Interval:
    """The float32 values within `error` of some x in [low, high]."""
    # Beyond the largest float an implementation may return an infinity (VK-ULP).
    if low - error < -FLT_MAX or high + error > FLT_MAX:
        raise Unconstrained(f"{what} may overflow float32")
    return flushed(Interval(ceil32(low - error), floor32(high + error)))


def _ulps(low: Exact, high: Exact, ulps: Exact, what: str) -> Interval:
    """An n-ULP row: every result within n * ulp(x) of its exact x (x in [low, high])."""
    return _within(low, high, Fraction(ulps) * Fraction(ulp_bound(low, high)), what)


def inherited(low: Exact, high: Exact, formula: Interval, what: str) -> Interval:
    """An INHERITED row: with x the exact result and [F_min, F_max] what the formula may
    give, the result lies in [x - E, x + E], E = max(|x - F_min|, |x - F_max|)
    (spirvenv-op-prec, "Inherited From ..."). Over operand intervals x ranges over
    [low, high] and the formula interval covers every F, so E is bounded by the farthest
    pairing."""
    ends = (_exact(formula.lo), _exact(formula.hi))
    error = max(abs(x - f) for x in (Fraction(low), Fraction(high)) for f in ends)
    return _within(low, high, error, what)


# ---------------------------------------------------------------- + - * and contraction


def _corners(combine: Callable[..., Fraction], *operands: Interval) -> tuple[Fraction, Fraction]:
    """The exact extremes of `combine` over the operand box, from its corners: right for
    a function monotone in each operand when the others are fixed (sums, products,
    x * y + z, quotients away from 0): moving one operand to its better end never loses."""
    values = [combine(*(map(_exact, corner))) for corner in _box_corners(operands)]
    return min(values), max(values)


def _box_corners(operands: tuple[Interval, ...]) -> list[tuple[float, ...]]:
    corners: list[tuple[float, ...]] = [()]
    for operand in operands:
        corners = [(*c, end) for c in corners for end in {operand.lo, operand.hi}]
    return corners


def tracked_of(x: Interval) -> Tracked:
    """x's tree, or x as a leaf."""
    if x.tracked is not None:
        return x.tracked
    x = flushed(x)
    return Tracked.leaf(x.lo, x.hi)


def _rearranged(
    written: Callable[[], Interval], combine: Callable[[], Tracked], *operands: Interval
) -> Interval:
    """The interval of an operation over `operands` that holds every rearrangement of the
    + - * / tree it ends (rearrangement.py). Over two leaves the written operation is the
    only one (commuting its operands changes no rounding), so its own interval stands;
    deeper, the rearrangement bound: the exact range widened by E, or the exact value where
    no rearrangement rounds."""
    try:
        tracked = combine()
        if all(o.tracked is None or o.tracked.roundings == 0 for o in operands):
            result = written()
        elif tracked.exact():
            result = Interval.point(float(tracked.low))
        else:
            result = _within(tracked.low, tracked.high, tracked.error(), "a rearranged result")
    except TooLoose as error:
        raise Unconstrained(f"a rearranged result: {error}") from error
    return Interval(result.lo, result.hi, tracked)


def add(a: Interval, b: Interval) -> Interval:
    def written() -> Interval:
        low, high = _corners(lambda x, y: x + y, flushed(a), flushed(b))
        return _rounded(low, high, "a sum")

    return _rearranged(written, lambda: rearrangement.added(tracked_of(a), tracked_of(b)), a, b)


def sub(a: Interval, b: Interval) -> Interval:
    def written() -> Interval:
        low, high = _corners(lambda x, y: x - y, flushed(a), flushed(b))
        return _rounded(low, high, "a difference")

    return _rearranged(
        written, lambda: rearrangement.subtracted(tracked_of(a), tracked_of(b)), a, b
    )


def mul(a: Interval, b: Interval) -> Interval:
    def written() -> Interval:
        # All four corners: with signs mixed the extremes can be any of them.
        low, high = _corners(lambda x, y: x * y, flushed(a), flushed(b))
        return _rounded(low, high, "a product")

    return _rearranged(
        written, lambda: rearrangement.multiplied(tracked_of(a), tracked_of(b)), a, b
    )


def negate(a: Interval) -> Interval:
    """-a: exact, and it keeps the tree (a rearrangement may push the sign inside)."""
    tracked = a.tracked.negated() if a.tracked is not None else None
    return Interval(-a.hi + 0.0, -a.lo + 0.0, tracked)


def multiply_add(a: Interval, b: Interval, c: Interval, *, contract: bool = True) -> Interval:
    """a * b + c as an expression: two correctly rounded operations, or (unless the
    expression is `precise`/NoContraction) one fused one (precision row "contraction")."""
    unfused = add(mul(a, b), c)
    if not contract:
        return unfused
    low, high = _corners(lambda x, y, z: x * y + z, flushed(a), flushed(b), flushed(c))
    return hull((unfused, _rounded(low, high, "a fused multiply-add")))


def lowered(result: Interval, formula: Interval) -> Interval:
    """A built-in defined by a + - * formula (fma, mix, smoothstep's polynomial, cross), with
    its own interval `result` and the tree of `formula` (rearrangement.py): a compiler lowers
    such a built-in into that arithmetic and rearranges it with the code around it (seen:
    every driver here computes fma(x, w, y) + C as (x * w + C) + y). Carrying the tree is
    sound: at each argument point the built-in's error, inherited from the formula, is at
    most the formula's rearrangement bound gamma(K) * M, which later nodes assume."""
    return Interval(result.lo, result.hi, formula.tracked)


def fma(a: Interval, b: Interval, c: Interval) -> Interval:
    """The fma() built-in: inherited from OpFMul followed by OpFAdd (row "fma"). The
    symmetric widening holds the fused result too: both its neighbours lie within the
    unfused extremes' distance."""
    low, high = _corners(lambda x, y, z: x * y + z, flushed(a), flushed(b), flushed(c))
    formula = add(mul(a, b), c)
    return lowered(inherited(low, high, formula, "fma"), formula)


# ---------------------------------------------------------------- division and roots


def divide(a: Interval, b: Interval) -> Interval:
    """a / b within 2.5 ULP, for divisors of magnitude in [2^-126, 2^126] (row "/"). A
    rearrangement may take the quotient apart (x / c -> x * (1 / c), then reassociate the
    product): the tree goes on through the numerator, the divisor is a leaf."""
    a, b = flushed(a) if a.tracked is None else a, flushed(b)
    if b.lo <= 0.0 <= b.hi:
        raise Unconstrained(f"the divisor interval {b} holds 0")
    smallest, largest = sorted((abs(b.lo), abs(b.hi)))
    if smallest < precision.DIVISOR_MIN or largest > precision.DIVISOR_MAX:
        raise Unconstrained(f"divisor {b} is outside [2^-126, 2^126], where 2.5 ULP applies")

    def written() -> Interval:
        low, high = _corners(lambda x, y: x / y, flushed(a), b)
        return _ulps(low, high, precision.DIVISION_ULPS, "a quotient")

    return _rearranged(written, lambda: rearrangement.divided(tracked_of(a), b.lo, b.hi), a)


def _positive(x: Interval, name: str) -> Interval:
    x = flushed(x)
    if x.lo <= 0.0:
        raise Unconstrained(f"{name}() of {x}: the row covers positive arguments only")
    return x


def inversesqrt(x: Interval) -> Interval:
    x = _positive(x, "inversesqrt")
    low, high = _spread(
        _libm(lambda v: 1.0 / math.sqrt(v), end, "inversesqrt") for end in (x.lo, x.hi)
    )
    return _ulps(low, high, precision.INVERSESQRT_ULPS, "inversesqrt")


def sqrt(x: Interval) -> Interval:
    """Inherited from 1.0 / inversesqrt() (row "sqrt")."""
    x = _positive(x, "sqrt")
    formula = divide(Interval.point(1.0), inversesqrt(x))
    low, high = _spread(_libm(math.sqrt, end, "sqrt") for end in (x.lo, x.hi))
    return inherited(low, high, formula, "sqrt")


# ---------------------------------------------------------------- exp, log, pow


def _exponential(x: Interval, function: Callable[[float], float], name: str) -> Interval:
    x = flushed(x)
    low, high = _spread(_libm(function, end, name) for end in (x.lo, x.hi))
    # 3 + 2|x| ULP, the |x| of the argument: its largest over the interval.
    ulps = precision.EXP_BASE_ULPS + 2 * max(abs(x.lo), abs(x.hi))
    return _ulps(low, high, ulps, name)


def exp(x: Interval) -> Interval:
    return _exponential(x, math.exp, "exp")


def exp2(x: Interval) -> Interval:
    return _exponential(x, lambda v: 2.0**v, "exp2")


def _logarithm(x: Interval, function: Callable[[float], float], name: str) -> Interval:
    """3 ULP outside [0.5, 2.0], absolute 2^-21 inside (row "log"): an argument interval
    crossing 0.5 or 2.0 is cut there and the pieces' results joined."""
    x = _positive(x, name)
    inside_low, inside_high = precision.LOG_ABSOLUTE_RANGE
    pieces: list[Interval] = []
    for lo, hi, absolute in (
        (x.lo, min(x.hi, next_down(inside_low)), False),
        (max(x.lo, inside_low), min(x.hi, inside_high), True),
        (max(x.lo, next_up(inside_high)), x.hi, False),
    ):
        if lo > hi:
            continue
        low, high = _spread(_libm(function, end, name) for end in (lo, hi))
        if absolute:
            pieces.append(_within(low, high, Fraction(precision.LOG_ABSOLUTE), name))
        else:
            pieces.append(_ulps(low, high, precision.LOG_ULPS, name))
    return hull(pieces)


def log(x: Interval) -> Interval:
    return _logarithm(x, math.log, "log")


def log2(x: Interval) -> Interval:
    return _logarithm(x, math.log2, "log2")


def power(x: Interval, y: Interval) -> Interval:
    """Inherited from exp2(y * log2(x)) (row "pow"); x^y = exp(y ln x) is monotone in
    each of y and ln x, so the corners give the exact extremes."""
    x, y = _positive(x, "pow"), flushed(y)
    formula = exp2(mul(y, log2(x)))
    corners = [
        _libm(lambda base: math.pow(base, exponent), base, "pow")  # noqa: B023 - called at once
        for base in (x.lo, x.hi)
        for exponent in (y.lo, y.hi)
    ]
    low, high = _spread(corners)
    return inherited(low, high, formula, "pow")


# ---------------------------------------------------------------- sin, cos


def _trigonometric(
    x: Interval, function: Callable[[float], float], critical: tuple[float, ...], name: str
) -> Interval:
    """Absolute error 2^-11 for arguments in [-pi, pi] (row "sin cos"); no bound outside.
    math.pi is below the real pi by 1.2e-16 and no float32 lies in between, so comparing
    float32 arguments with it is exact."""
    x = flushed(x)
    if x.lo < -math.pi or x.hi > math.pi:
        raise Unconstrained(f"{name}() of {x}: the 2^-11 bound covers [-pi, pi] only")
    # The extremes of the exact function: at the ends, or at a turning point inside.
    points = [x.lo, x.hi, *(c for c in critical if x.lo <= c <= x.hi)]
    low, high = _spread(_libm(function, point, name) for point in points)
    return _within(low, high, Fraction(precision.SIN_COS_ABSOLUTE), name)


def sin(x: Interval) -> Interval:
    return _trigonometric(x, math.sin, (-math.pi / 2, math.pi / 2), "sin")


def cos(x: Interval) -> Interval:
    return _trigonometric(x, math.cos, (0.0,), "cos")


# ---------------------------------------------------------------- comparisons


def _truth(always: bool, never: bool) -> Truth:
    return Truth.TRUE if always else Truth.FALSE if never else Truth.BOTH


def less(a: Interval, b: Interval) -> Truth:
    a, b = flushed(a), flushed(b)
    return _truth(a.hi < b.lo, a.lo >= b.hi)


def less_equal(a: Interval, b: Interval) -> Truth:
    a, b = flushed(a), flushed(b)
    return _truth(a.hi <= b.lo, a.lo > b.hi)


def greater(a: Interval, b: Interval) -> Truth:
    return less(b, a)


def greater_equal(a: Interval, b: Interval) -> Truth:
    return less_equal(b, a)


def equal(a: Interval, b: Interval) -> Truth:
    a, b = flushed(a), flushed(b)
    return _truth(a.lo == a.hi == b.lo == b.hi, a.hi < b.lo or b.hi < a.lo)


def not_equal(a: Interval, b: Interval) -> Truth:
    return {Truth.TRUE: Truth.FALSE, Truth.FALSE: Truth.TRUE, Truth.BOTH: Truth.BOTH}[equal(a, b)]


# ---------------------------------------------------------------- conversions


def to_int(x: Interval, *, signed: bool = True) -> range:
    """int(x) / uint(x): truncation toward zero of every value in x. More than one int
    means the result depends on rounding (the caller refuses to judge); out of the
    type's range, or negative for uint, GLSL leaves it undefined."""
    x = flushed(x)
    first, last = math.trunc(x.lo), math.trunc(x.hi)
    low, high = INT_RANGE if signed else UINT_RANGE
    if not signed and x.lo < 0.0:
        raise Unconstrained(f"uint() of {x}: a negative float converts to an undefined uint")
    if first < low or last > high:
        raise Unconstrained(f"{'int' if signed else 'uint'}() of {x} is out of range")
    return range(first, last + 1)


def to_int_saturating(x: Interval, *, signed: bool = True) -> range:
    """WGSL's i32(x) / u32(x): truncation toward zero of every value in x, clamped to the
    type's range (WGSL defines an out-of-range conversion, a negative to u32 included,
    as the nearest value of the type)."""
    x = flushed(x)
    low, high = INT_RANGE if signed else UINT_RANGE
    first = max(low, min(high, math.trunc(x.lo)))
    last = max(low, min(high, math.trunc(x.hi)))
    return range(first, last + 1)


def from_int(value: int) -> Interval:
    """float(i): correctly rounded (row "conversions")."""
    return _rounded(Fraction(value), Fraction(value), "float()")
