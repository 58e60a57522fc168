"""What a float value may be after a conforming compiler rearranges the arithmetic that made
it (issue 37, item 1): reassociation, commutation and distribution of + - * (and division
as a product with 1 / y), across statements too, since SSA knows no variables.

Without NoContraction a Vulkan implementation may evaluate `(a + b) + c` as `a + (b + c)`,
fold `(a + 1.5) + 2.25` into `a + 3.75`, factor `a * b + a * c` into `a * (b + c)`
(precision.py, "rearrangement", quotes the specification). A per-operation interval holds
only the written association, so each value beside its interval carries a `Tracked`: what
any such rearrangement can give, by forward error analysis (Higham, "Accuracy and Stability
of Numerical Algorithms", 2nd ed., section 3.1 and the polynomial case of 5.1).

The model. The expression is a tree of + - * / over leaves (inputs, constants and the
results of every other operation: built-ins, conversions, each holding its own interval).
Each correctly rounded operation gives x op y times (1 + d) with |d| <= u = 2^-23 (Vulkan's
"correctly rounded" allows either float32 neighbour, so the error is below one ulp(x) <=
2^-23 |x| for a normal x); a division within 2.5 ULP is x * (1 / y) times three such
factors (2.5 ulp(q) <= 2.5 u |q|). Expanding the tree, the computed value is the sum of its
monomials, each multiplied by at most K factors (1 + d), K the number of roundings, so

    |computed - exact| <= gamma(K) * M,  gamma(K) = K u / (1 - K u),

M the tree evaluated on the leaves' magnitudes with every - read as + (the sum of the
monomials' magnitudes). Reassociation and commutation keep the monomials and the count of
roundings; factoring (a * b + a * c -> a * (b + c)) and contraction into fma remove
roundings; folding constants removes them too.

Distributivity both ways (expanding a product of sums). The bound needs only that every
monomial is multiplied by at most K factors (1 + d): |computed - exact| <= sum over the
monomials m of gamma(k_m) |m| <= gamma(max k_m) * M. In any tree over these leaves whose
expansion (as a formal sum, like terms not combined) is the same, k_m counts the operations
on m's path: each + on it joins m's side to a disjoint, non-empty set of the other terms,
so at most T - 1 of them (T the number of terms of the expansion), and each * on it
multiplies in at least one more leaf of m, so at most deg(m) - 1 of them (a division: its
product and 2 more, DIVISION_ROUNDINGS in all). Expanding (a * (b + c) -> a * b + a * c),
factoring, reassociating and commuting all keep the expansion, so with D the most
multiplicative roundings of one term,

    k_m <= K* = D + T - 1

for the written tree and every rearrangement of it, expanded or not. K* is what `error`
uses. One distribution alone keeps every k_m (a * (b + c) and a * b + a * c both give ab
and ac two roundings each); it is the expanded sum reassociated into a longer chain that
needs K*: (a + b) * (c + d) * (e + f) has K = 5 roundings written and T = 8 terms, and
((((((ace + acf) + ade) + adf) + bce) + bcf) + bde) + bdf puts 2 + 7 = 9 on ace. K* is
below K where the tree is a sum of products (a * b + c * d: 2, not 3) and above it for
products of sums (T grows as their product; past 2^22 roundings the bound is TooLoose).
Denormals: a result flushed to 0 or
rounded in the denormal range errs by less than 2^-126 in absolute terms, as does an
operand flushed when it is used; each such error is then scaled by the factors it is
multiplied with later, at most A: the tree evaluated on max(1, |leaf|). N counts the sites
(operations) where that can happen, in the written tree or an expanded one (at most
T * (D + 1) operations), so the full bound is

    E = gamma(K*) * M + 2 * N * 2^-126 * A * (1 + gamma(K*)).

Exactness. If every leaf is a float32 point, every value any rearrangement computes along
the way (a sum of products of leaves, or of partial sums of them) is a multiple of G, the
product over the tree of min(1, the leaves' granularity) (sums: the smaller of the two),
and at most A in magnitude. Where A <= 2^24 * G and G >= 2^-126, every such value is a
normal float32 or 0, so nothing rounds: the result is its exact value in every
rearrangement. That keeps the exact-integer arithmetic of most programs exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

U = Fraction(1, 2**23)  # the relative error of one correctly rounded operation
DIVISION_ROUNDINGS = 3  # 2.5 ULP <= 3 u relative (precision row "/")
MIN_NORMAL = Fraction(1, 2**126)
# Terms past this make gamma(K*) TooLoose anyway; capping keeps the counts small.
MAX_TERMS = 2**23
_ONE = Fraction(1)


class TooLoose(Exception):
    """The bound has no finite or useful value (gamma(K) needs K u < 1)."""


def _down(value: Fraction) -> Fraction:
    """A float64 at or below `value`: keeps the Fractions short (every step rounds
    outwards, so the enclosure stays sound) at 2^-53 relative, far below float32's 2^-24."""
    try:
        guess = float(value)
    except OverflowError as error:
        raise TooLoose("the exact range overflows") from error
    if Fraction(guess) > value:
        guess = math.nextafter(guess, -math.inf)
    if math.isinf(guess):
        raise TooLoose("the exact range overflows")
    return Fraction(guess)


def _up(value: Fraction) -> Fraction:
    return -_down(-value)


def _granularity(value: float) -> Fraction | None:
    """min(1, the largest power of two `value` is a multiple of) (None: not a point)."""
    if value == 0.0:
        return _ONE
    mantissa, exponent = math.frexp(value)
    bits = Fraction(mantissa)
    # mantissa * 2^53 is an integer; its trailing zero bits raise the granularity.
    whole = int(bits * 2**53)
    shift = (whole & -whole).bit_length() - 1
    return min(_ONE, Fraction(2) ** (exponent - 53 + shift))


@dataclass(frozen=True, slots=True)
class Tracked:
    """A float value as a tree of + - * / over leaves (see the module's docstring)."""

    low: Fraction  # the exact (real) value lies in [low, high], over every leaf value
    high: Fraction
    magnitude: Fraction  # M
    amplitude: Fraction  # A
    roundings: int  # K, the written tree's
    sites: int  # N
    grid: Fraction | None  # G when every leaf is a point, else None
    terms: int = 1  # T, the terms of the expansion
    depth: int = 0  # D, the most multiplicative roundings of one term

    @staticmethod
    def leaf(lo: float, hi: float) -> Tracked:
        """A value whose rounding is its own (an input, a constant, a built-in's result):
        [lo, hi] is every value it may have."""
        magnitude = Fraction(max(-lo, hi))
        grid = _granularity(lo) if lo == hi else None
        return Tracked(
            Fraction(lo), Fraction(hi), magnitude, max(_ONE, magnitude), 0, 0, grid, 1, 0
        )

    def negated(self) -> Tracked:
        return Tracked(
            -self.high,
            -self.low,
            self.magnitude,
            self.amplitude,
            self.roundings,
            self.sites,
            self.grid,
            self.terms,
            self.depth,
        )

    def expanded_roundings(self) -> int:
        """K*: the most roundings one term meets in any rearrangement (the docstring)."""
        return self.depth + self.terms - 1

    def error(self) -> Fraction:
        """E: how far any rearrangement's result may lie from the exact range."""
        k = self.expanded_roundings()
        if k * U >= Fraction(1, 2):
            raise TooLoose(f"{k} roundings")
        gamma = k * U / (1 - k * U)
        sites = max(self.sites, self.terms * (self.depth + 1))
        underflow = 2 * sites * MIN_NORMAL * self.amplitude * (1 + gamma)
        return _up(gamma * self.magnitude + underflow)

    def exact(self) -> bool:
        """Whether every rearrangement computes the exact value (see the docstring)."""
        return (
            self.grid is not None
            and self.grid >= MIN_NORMAL
            and self.amplitude <= self.grid * 2**24
            and self.low == self.high
        )


def added(a: Tracked, b: Tracked) -> Tracked:
    grid = min(a.grid, b.grid) if a.grid is not None and b.grid is not None else None
    return Tracked(
        _down(a.low + b.low),
        _up(a.high + b.high),
        _up(a.magnitude + b.magnitude),
        _up(a.amplitude + b.amplitude),
        a.roundings + b.roundings + 1,
        a.sites + b.sites + 1,
        grid,
        min(MAX_TERMS, a.terms + b.terms),
        max(a.depth, b.depth),
    )


def subtracted(a: Tracked, b: Tracked) -> Tracked:
    return added(a, b.negated())


def _product_range(a: Tracked, b: Tracked) -> tuple[Fraction, Fraction]:
    corners = [x * y for x in (a.low, a.high) for y in (b.low, b.high)]
    return _down(min(corners)), _up(max(corners))


def multiplied(a: Tracked, b: Tracked, *, extra_roundings: int = 1) -> Tracked:
    low, high = _product_range(a, b)
    grid = a.grid * b.grid if a.grid is not None and b.grid is not None else None
    return Tracked(
        low,
        high,
        _up(a.magnitude * b.magnitude),
        _up(a.amplitude * b.amplitude),
        a.roundings + b.roundings + extra_roundings,
        a.sites + b.sites + 1,
        grid,
        min(MAX_TERMS, a.terms * b.terms),
        a.depth + b.depth + extra_roundings,
    )


def divided(a: Tracked, divisor_lo: float, divisor_hi: float) -> Tracked:
    """a / y for y in [divisor_lo, divisor_hi] (not holding 0): a * r with r = 1 / y a leaf
    (its exact range), and the 2.5 ULP of the division as DIVISION_ROUNDINGS roundings."""
    ends = (1 / Fraction(divisor_lo), 1 / Fraction(divisor_hi))
    reciprocal = Tracked(
        _down(min(ends)),
        _up(max(ends)),
        _up(max(abs(e) for e in ends)),
        max(_ONE, _up(max(abs(e) for e in ends))),
        0,
        0,
        None,
        1,
        0,
    )
    return multiplied(a, reciprocal, extra_roundings=DIVISION_ROUNDINGS)
