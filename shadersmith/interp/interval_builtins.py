"""The float built-in functions on interval values: the INTERVAL float mode
(interp/float_mode.py) of `builtin_implementation`.

Each follows its row of the precision table (precision.py), widened where compilers compute
it by another formula (builtin_formulas.py: exp, log, normalize): the rows with their own
bound call intervals.py (sqrt ... cos, fma); the derived ones (mix, smoothstep, length, distance,
normalize, cross, tan, mod) are INHERITED: the exact result's range over the argument box,
widened by the farthest their formula, evaluated on intervals, can land from it
(`intervals.inherited`). The exact ranges come from the corners of the box where the
function is monotone in each argument (mix, cross: multilinear; smoothstep: monotone in
each of x, edge0, edge1), else from the extremes worked out per function below. Those
whose formula is + - * over leaves (fma, mix, smoothstep's polynomial, cross, mod,
normalize's product) carry the formula's tree (`intervals.lowered`): a compiler lowers
them and rearranges the result with the arithmetic around it.
Built-ins on floats not listed here (determinant, the matrix functions, asin ...) are
refused: the mode does not model them yet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from shadersmith.interp import builtin_formulas
from shadersmith.interp import intervals as iv
from shadersmith.interp.arithmetic import float_bits, int_from_float_bits
from shadersmith.interp.builtins import BuiltinContext, componentwise, exact_builtin_factory
from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.interval_operators import (
    bounded,
    comparison,
    constant,
    decided,
    observed,
    sum_of_products,
)
from shadersmith.interp.intervals import UNBOUNDED, Interval
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.types import MatrixType, ScalarKind, ScalarType, Type, VectorType

F = Fraction
ZERO, ONE, TWO, THREE = (Interval.point(v) for v in (0.0, 1.0, 2.0, 3.0))
Factory = Callable[[BuiltinContext], Callable[..., Any]]


def _items(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (value,)


def _corner_range(function: Callable[..., Fraction], *boxes: Interval) -> tuple[F, F]:
    """The exact extremes of a function monotone in each argument, from the box corners."""
    corners: list[tuple[float, ...]] = [()]
    for box in boxes:
        corners = [(*c, end) for c in corners for end in {box.lo, box.hi}]
    values = [function(*map(F, corner)) for corner in corners]
    return min(values), max(values)


def _sqrt_range(low: F, high: F) -> tuple[F, F]:
    """sqrt over [low, high] >= 0 by libm, bracketed by the libm margin."""
    return iv._spread(F(math.sqrt(float(v))) for v in (low, high))


def _square_range(low: F, high: F) -> tuple[F, F]:
    ends = (low * low, high * high)
    return (F(0) if low <= 0 <= high else min(ends)), max(ends)


# ---------------------------------------------------------------- componentwise


def _abs(x: Interval) -> Interval:
    if x.lo >= 0:
        return x
    if x.hi <= 0:
        return Interval(-x.hi + 0.0, -x.lo + 0.0)
    return Interval(0.0, max(-x.lo, x.hi))


def _sign(x: Interval) -> Interval:
    x = iv.flushed(x)

    def sign(v: float) -> float:
        return 1.0 if v > 0 else -1.0 if v < 0 else 0.0

    return Interval(sign(x.lo), sign(x.hi))


def _rounding(name: str) -> Callable[[Interval], Interval]:
    """floor ceil trunc roundEven are monotone: their values at the ends bound them;
    round() may go either way at a half, so its ends take the lower and the upper way."""
    ways: dict[str, Callable[[float], int]] = {
        "floor": math.floor,
        "ceil": math.ceil,
        "trunc": math.trunc,
        "roundEven": round,
        "round": lambda v: math.ceil(v - 0.5),
    }
    low_of = ways[name]
    high_of: Callable[[float], int] = (lambda v: math.floor(v + 0.5)) if name == "round" else low_of

    def kernel(x: Interval) -> Interval:
        x = iv.flushed(x)
        return iv.flushed(Interval(float(low_of(x.lo)), float(high_of(x.hi))))

    return kernel


def _fract(x: Interval) -> Interval:
    """x - floor(x): exact where floor is constant over x, else anywhere in [0, 1]."""
    x = iv.flushed(x)
    whole = math.floor(x.lo)
    if math.floor(x.hi) != whole:
        return Interval(0.0, 1.0)
    return iv._rounded(F(x.lo) - whole, F(x.hi) - whole, "fract")


def _mod(x: Interval, y: Interval) -> Interval:
    """Inherited from x - y * floor(x / y) (row "mod")."""
    formula = iv.sub(x, iv.mul(y, _rounding("floor")(iv.divide(x, y))))
    quotients = _corner_range(lambda a, b: a / b, x, y)
    whole = math.floor(quotients[0])
    if math.floor(quotients[1]) == whole:
        low, high = _corner_range(lambda a, b: a - b * whole, x, y)
    else:
        low, high = min(F(0), F(y.lo)), max(F(0), F(y.hi))
    return iv.lowered(iv.inherited(low, high, formula, "mod"), formula)


def _min(a: Interval, b: Interval) -> Interval:
    return Interval(min(a.lo, b.lo), min(a.hi, b.hi))


def _max(a: Interval, b: Interval) -> Interval:
    return Interval(max(a.lo, b.lo), max(a.hi, b.hi))


def _step(edge: Interval, x: Interval) -> Interval:
    """0.0 if x < edge else 1.0: a value, not control flow, so an undecided comparison
    gives both."""
    outcome = iv.less(x, edge)
    if outcome is iv.Truth.BOTH:
        return Interval(0.0, 1.0)
    return ZERO if outcome is iv.Truth.TRUE else ONE


def _mix(x: Interval, y: Interval, a: Interval) -> Interval:
    """Inherited from x * (1 - a) + y * a; multilinear, so the corners bound it."""
    formula = iv.add(iv.mul(x, iv.sub(ONE, a)), iv.mul(y, a))
    low, high = _corner_range(lambda u, v, t: u * (1 - t) + v * t, x, y, a)
    return iv.lowered(iv.inherited(low, high, formula, "mix"), formula)


def _smoothstep(edge0: Interval, edge1: Interval, x: Interval) -> Interval:
    """Inherited from t * t * (3 - 2 * t), t = clamp((x - e0) / (e1 - e0), 0, 1)."""

    def exact(e0: F, e1: F, v: F) -> F:
        t = min(max((v - e0) / (e1 - e0), F(0)), F(1))
        return t * t * (3 - 2 * t)

    t = _clamp_unchecked(iv.divide(iv.sub(x, edge0), iv.sub(edge1, edge0)), ZERO, ONE)
    formula = iv.mul(iv.mul(t, t), iv.sub(THREE, iv.mul(TWO, t)))
    low, high = _corner_range(exact, edge0, edge1, x)
    return iv.lowered(iv.inherited(low, high, formula, "smoothstep"), formula)


def _clamp_unchecked(x: Interval, low: Interval, high: Interval) -> Interval:
    return _min(_max(x, low), high)


def _tan(x: Interval) -> Interval:
    """Inherited from sin() / cos() (row "tan"); monotone between its poles."""
    formula = iv.divide(iv.sin(x), iv.cos(x))
    if x.lo <= -math.pi / 2 <= x.hi or x.lo <= math.pi / 2 <= x.hi:
        raise iv.Unconstrained(f"tan() of {x} reaches a pole")
    low, high = iv._spread(F(math.tan(v)) for v in (x.lo, x.hi))
    return iv.inherited(low, high, formula, "tan")


_UNARY: dict[str, Callable[[Interval], Interval]] = {
    "abs": _abs,
    "sign": _sign,
    "fract": _fract,
    "sqrt": iv.sqrt,
    "inversesqrt": iv.inversesqrt,
    "exp": builtin_formulas.exp,
    "exp2": iv.exp2,
    "log": builtin_formulas.log,
    "log2": iv.log2,
    "sin": iv.sin,
    "cos": iv.cos,
    "tan": _tan,
    **{name: _rounding(name) for name in ("floor", "ceil", "trunc", "round", "roundEven")},
}
_BINARY: dict[str, Callable[[Interval, Interval], Interval]] = {
    "pow": iv.power,
    "mod": _mod,
    "min": _min,
    "max": _max,
    "step": _step,
}
_TERNARY: dict[str, Callable[[Interval, Interval, Interval], Interval]] = {
    "fma": iv.fma,
    "smoothstep": _smoothstep,
}


def _clamp(c: BuiltinContext) -> Callable[..., Any]:
    def clamp(x: Interval, low: Interval, high: Interval) -> Interval:
        # GLSL leaves minVal > maxVal undefined: where rounding decides it, refuse.
        if not decided(iv.less_equal(low, high), c.site, f"clamp bounds {low} <= {high}"):
            raise c.domain_error(f"clamp with minVal {low} > maxVal {high}")
        return _clamp_unchecked(x, low, high)

    return componentwise(observed(clamp, c.site, "clamp"), c.sizes())


# ---------------------------------------------------------------- geometric


def _length_from(ranges: Sequence[tuple[F, F]], squares: Interval) -> Interval:
    """Inherited from sqrt(dot(x, x)): `ranges` the exact components, `squares` the
    formula's dot product."""
    low = sum((_square_range(lo, hi)[0] for lo, hi in ranges), F(0))
    high = sum((_square_range(lo, hi)[1] for lo, hi in ranges), F(0))
    formula = iv.sqrt(squares)
    exact_low, exact_high = _sqrt_range(low, high)
    return iv.inherited(exact_low, exact_high, formula, "length")


def _length(x: Any) -> Interval:
    parts = _items(x)
    return _length_from(
        [(F(p.lo), F(p.hi)) for p in parts], sum_of_products([(p, p) for p in parts])
    )


def _distance(x: Any, y: Any) -> Interval:
    """Inherited from length(x - y)."""
    pairs = list(zip(_items(x), _items(y), strict=True))
    ranges = [(F(a.lo) - F(b.hi), F(a.hi) - F(b.lo)) for a, b in pairs]
    differences = [iv.sub(a, b) for a, b in pairs]
    return _length_from(ranges, sum_of_products([(d, d) for d in differences]))


def _normalize(x: Any) -> Any:
    """Inherited from x * inversesqrt(dot(x, x)), per component, or the other formulas
    drivers use (builtin_formulas.normalize_scale). x_i / |x| grows with x_i; with x_i fixed
    its magnitude grows as the other components' squares shrink, so the extremes take x_i
    at an end and the others nearest to or farthest from 0."""
    parts = _items(x)
    formulas = builtin_formulas.normalize(parts, sum_of_products([(p, p) for p in parts]))
    squares = [_square_range(F(p.lo), F(p.hi)) for p in parts]
    results = []
    for i, (part, formula) in enumerate(zip(parts, formulas, strict=True)):
        rest_low = sum((s[0] for j, s in enumerate(squares) if j != i), F(0))
        rest_high = sum((s[1] for j, s in enumerate(squares) if j != i), F(0))

        def ratio(v: F, rest: F) -> F:
            if v == 0:
                return F(0)
            value = float(v) / math.sqrt(float(v * v + rest))
            return F(value)

        # The largest: x_i at its top; if positive, the rest as small as it gets.
        top = ratio(F(part.hi), rest_low if part.hi > 0 else rest_high)
        bottom = ratio(F(part.lo), rest_low if part.lo < 0 else rest_high)
        low, high = iv._spread((bottom, top))
        results.append(iv.lowered(iv.inherited(low, high, formula, "normalize"), formula))
    return tuple(results) if isinstance(x, tuple) else results[0]


def _cross(x: Sequence[Interval], y: Sequence[Interval]) -> tuple[Interval, ...]:
    """Inherited from OpFSub(OpFMul, OpFMul), per component (multilinear: corners)."""

    def component(a: Interval, b: Interval, c: Interval, d: Interval) -> Interval:
        formula = iv.sub(iv.mul(a, b), iv.mul(c, d))
        low, high = _corner_range(lambda p, q, r, s: p * q - r * s, a, b, c, d)
        return iv.lowered(iv.inherited(low, high, formula, "cross"), formula)

    return (
        component(x[1], y[2], x[2], y[1]),
        component(x[2], y[0], x[0], y[2]),
        component(x[0], y[1], x[1], y[0]),
    )


def _whole(function: Callable[..., Any]) -> Callable[..., Any]:
    """A kernel over whole vectors: UNBOUNDED anywhere in them gives UNBOUNDED."""
    guarded = bounded(function)

    def kernel(*args: Any) -> Any:
        flat = [v for a in args for v in _items(a)]
        if any(v is UNBOUNDED for v in flat):
            return UNBOUNDED
        return guarded(*args)

    return kernel


def _dot(x: Any, y: Any) -> Interval:
    return sum_of_products(list(zip(_items(x), _items(y), strict=True)))


_GEOMETRIC: dict[str, Callable[..., Any]] = {
    "length": _length,
    "distance": _distance,
    "dot": _dot,
    "cross": _cross,
}


def _vector_unbounded(function: Callable[..., Any], size: int) -> Callable[..., Any]:
    """normalize: every component UNBOUNDED when the scale is."""
    guarded = _whole(function)

    def kernel(*args: Any) -> Any:  # normalize's one vector, cross's two
        result = guarded(*args)
        if result is UNBOUNDED and size:
            return (UNBOUNDED,) * size
        return result

    return kernel


# ---------------------------------------------------------------- relations and bits

_RELATIONS: dict[str, BinaryOp] = {
    "lessThan": BinaryOp.LT,
    "lessThanEqual": BinaryOp.LE,
    "greaterThan": BinaryOp.GT,
    "greaterThanEqual": BinaryOp.GE,
    "equal": BinaryOp.EQ,
    "notEqual": BinaryOp.NE,
}


def _float_bits(c: BuiltinContext, name: str) -> Callable[..., Any]:
    signed = name == "floatBitsToInt"

    def kernel(x: Interval) -> int:
        if x.lo != x.hi:
            raise iv.Unconstrained(f"{name}() of {x}: its bits depend on rounding")
        return int_from_float_bits(x.lo) if signed else float_bits(x.lo)

    return componentwise(observed(kernel, c.site, name), c.sizes())


def _bits_to_float(c: BuiltinContext, name: str) -> Callable[..., Any]:
    exact = exact_builtin_factory(name)(c)  # the sanitizer refuses a NaN or a denormal
    return lambda bits: tuple(map(constant, exact(bits))) if c.sizes()[0] else constant(exact(bits))


# ---------------------------------------------------------------- registry


def _is_float(type_: Type) -> bool:
    return isinstance(type_, MatrixType) or (
        isinstance(type_, ScalarType | VectorType) and type_.kind is ScalarKind.FLOAT
    )


def scalar_kernel(name: str) -> Callable[[Any], Any]:
    """The interval kernel of one-argument built-in `name` on one float (UNBOUNDED in or no
    bound out: UNBOUNDED), for code that must compute as the interpreter does outside it
    (oracle/fusion_intervals.py: the fusion relations' abs())."""
    return bounded(_UNARY[name])


def interval_builtin(name: str, c: BuiltinContext) -> Callable[..., Any] | None:
    """The interval kernel of built-in `name`, or None when it touches no float (the exact
    kernel then applies)."""
    if not any(_is_float(t) for t in (*c.arg_types, c.result)):
        return None
    sizes = c.sizes()
    if name == "mix" and c.arg_types[-1] != c.arg_types[0] and c.kind(-1) is ScalarKind.BOOL:
        return componentwise(lambda x, y, a: y if a else x, sizes)
    if name in _UNARY:
        return componentwise(bounded(_UNARY[name]), sizes)
    if name in _BINARY:
        return componentwise(bounded(_BINARY[name]), sizes)
    if name in _TERNARY:
        return componentwise(bounded(_TERNARY[name]), sizes)
    if name == "mix":
        return componentwise(bounded(_mix), sizes)
    if name == "clamp":
        return _clamp(c)
    if name == "normalize":
        return _vector_unbounded(_normalize, sizes[0])
    if name == "cross":
        return _vector_unbounded(_cross, 3)
    if name in _GEOMETRIC:
        return _whole(_GEOMETRIC[name])
    if name in _RELATIONS:
        return componentwise(comparison(_RELATIONS[name], c.site), sizes)
    if name in ("floatBitsToInt", "floatBitsToUint"):
        return _float_bits(c, name)
    if name in ("intBitsToFloat", "uintBitsToFloat"):
        return _bits_to_float(c, name)
    raise InterpreterError(f"{name}() on floats is not modelled by the interval float mode")
