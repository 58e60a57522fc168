"""The operators and conversions of GLSL on interval values: the INTERVAL float mode
(interp/float_mode.py) of `binary_operator`, `unary_operator` and `scalar_converter`.

A float slot holds an `Interval` (intervals.py): every float32 a conforming implementation
may produce there. Ints and bools stay exact. Three outcomes leave the interval world:
- A result with no finite bound (a divisor interval holding 0, an overflow, an argument
  outside a precision row's range) becomes UNBOUNDED, which every later float operation
  propagates; an output that is UNBOUNDED is unconstrained (the oracle does not judge it).
- A comparison whose operands' intervals give both answers, a float -> int conversion
  with more than one possible int, or any observation of an UNBOUNDED value as a bool or an
  int: the control flow or an integer would depend on rounding. The sanitizer's
  FLOAT_ROUNDOFF refusal: the program is not judged.
- Everything else evaluates by the precision table (precision.py) in intervals.py.

Contraction (a * b + c fused) needs nothing here: an operation's interval is
[floor32(low), ceil32(high)] of its exact range over the operand intervals, so the product
interval holds the exact a * b and the sum interval then holds both neighbours of the exact
a * b + c, which is every fused result. Reassociation needs more: each + - * / result
carries the tree it ends (interp/rearrangement.py), and its interval holds every
rearrangement of that tree, across statements too; dot and matrix products are products
and sums like the others (`sum_of_products` below).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.interp import intervals as iv
from shadersmith.interp.arithmetic import to_float32
from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.intervals import UNBOUNDED, Interval, Truth, Unbounded, Unconstrained
from shadersmith.interp.layout import float_slots
from shadersmith.interp.operators import lift, lift_unary, shape_size
from shadersmith.interp.semantics import GlslUndefined, note
from shadersmith.interp.sites import Site
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import MatrixType, ScalarKind, ScalarType, Type, VectorType

Kernel = Callable[[Any, Any], Any]


FloatValue = Interval | Unbounded


def rounding_refusal(site: Site, message: str) -> Exception:
    return site.ub(UBCategory.FLOAT_ROUNDOFF, message)


def bounded(function: Callable[..., Any]) -> Callable[..., Any]:
    """A float kernel over intervals: UNBOUNDED in, or no finite bound out, gives
    UNBOUNDED."""

    def kernel(*args: Any) -> Any:
        for arg in args:
            if arg is UNBOUNDED:
                return UNBOUNDED
        try:
            return function(*args)
        except Unconstrained:
            return UNBOUNDED

    return kernel


def observed(function: Callable[..., Any], site: Site, what: str) -> Callable[..., Any]:
    """A kernel whose result is an int or a bool observed from floats: no bound, or an
    answer that depends on rounding, refuses the program."""

    def kernel(*args: Any) -> Any:
        for arg in args:
            if arg is UNBOUNDED:
                raise rounding_refusal(site, f"{what} of a float with no finite bound")
        try:
            return function(*args)
        except Unconstrained as error:
            raise rounding_refusal(site, f"{what}: {error.reason}") from error

    return kernel


def decided(truth: Truth, site: Site, what: str) -> bool:
    if truth is Truth.BOTH:
        raise rounding_refusal(site, f"control flow depends on rounding: {what}")
    return truth is Truth.TRUE


# ---------------------------------------------------------------- arithmetic

_ARITHMETIC: dict[BinaryOp, Callable[[Interval, Interval], Interval]] = {
    BinaryOp.ADD: iv.add,
    BinaryOp.SUB: iv.sub,
    BinaryOp.MUL: iv.mul,
    BinaryOp.DIV: iv.divide,
}

_ORDER: dict[BinaryOp, Callable[[Interval, Interval], Truth]] = {
    BinaryOp.LT: iv.less,
    BinaryOp.LE: iv.less_equal,
    BinaryOp.GT: iv.greater,
    BinaryOp.GE: iv.greater_equal,
    BinaryOp.EQ: iv.equal,
    BinaryOp.NE: iv.not_equal,
}


negate = iv.negate


def comparison(op: BinaryOp, site: Site) -> Callable[[Any, Any], bool]:
    compare = _ORDER[op]

    def kernel(a: Interval, b: Interval) -> bool:
        return decided(compare(a, b), site, f"{a} {op.value} {b}")

    return observed(kernel, site, f"`{op.value}`")


def _equality(op: BinaryOp, type_: Type, site: Site) -> Kernel:
    """== and != on any type holding floats: equal when every component is; a float
    component whose intervals meet without being one point refuses."""
    want_equal = op is BinaryOp.EQ
    component_equal = comparison(BinaryOp.EQ, site)
    if isinstance(type_, ScalarType):
        return component_equal if want_equal else comparison(BinaryOp.NE, site)
    floats = frozenset(float_slots(type_))

    def equal(a: Sequence[Any], b: Sequence[Any]) -> bool:
        same = True
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same = (component_equal(x, y) if i in floats else x == y) and same
        return same is want_equal

    return equal


def sum_of_products(pairs: Sequence[tuple[Interval, Interval]]) -> Interval:
    """sum(a[i] * b[i]) as any conforming implementation computes it: in any order of the
    sums, each product and sum rounded or fused, and rearranged with the arithmetic around
    it once the compiler has lowered it to products and sums (NIR does). The products and
    sums go through intervals.mul and add, whose trees (rearrangement.py) bound every
    association: 2n - 1 roundings over the sum of the products' magnitudes, or exact where
    no rearrangement rounds."""
    total: Interval | None = None
    for a, b in pairs:
        product = iv.mul(a, b)
        total = product if total is None else iv.add(total, product)
    assert total is not None, "a dot product of no pairs"
    return total


def _matrix_product(left: Type, right: Type) -> Kernel:
    combine = bounded(
        lambda *terms: sum_of_products(list(zip(terms[::2], terms[1::2], strict=True)))
    )

    def dot(pairs: list[tuple[Any, Any]]) -> Any:
        return combine(*(x for pair in pairs for x in pair))

    if isinstance(left, MatrixType) and isinstance(right, MatrixType):
        rows, inner, columns = left.rows, left.columns, right.columns
        return lambda a, b: tuple(
            dot([(a[k * rows + r], b[c * inner + k]) for k in range(inner)])
            for c in range(columns)
            for r in range(rows)
        )
    if isinstance(left, MatrixType):
        rows, inner = left.rows, left.columns
        return lambda a, v: tuple(
            dot([(a[k * rows + r], v[k]) for k in range(inner)]) for r in range(rows)
        )
    assert isinstance(right, MatrixType)
    rows, columns = right.rows, right.columns
    return lambda v, b: tuple(
        dot([(v[k], b[c * rows + k]) for k in range(rows)]) for c in range(columns)
    )


def _is_float(type_: Type) -> bool:
    return isinstance(type_, MatrixType) or (
        isinstance(type_, ScalarType | VectorType) and type_.kind is ScalarKind.FLOAT
    )


def binary_operator(op: BinaryOp, left: Type, right: Type, site: Site) -> Kernel | None:
    """The interval kernel of `left op right`, or None when no float is involved."""
    if not (_is_float(left) or _is_float(right)) and not float_slots(left):
        return None
    if op in (BinaryOp.EQ, BinaryOp.NE):
        return _equality(op, left, site)
    if op.is_comparison:
        return comparison(op, site)
    if (
        op is BinaryOp.MUL
        and (isinstance(left, MatrixType) or isinstance(right, MatrixType))
        and not (isinstance(left, ScalarType) or isinstance(right, ScalarType))
    ):
        return _matrix_product(left, right)
    arithmetic = _ARITHMETIC.get(op)
    if arithmetic is None:
        raise InterpreterError(f"{op.value} does not apply to {left}")
    return lift(bounded(arithmetic), shape_size(left), shape_size(right))


def unary_operator(op: UnaryOp, operand: Type) -> Callable[[Any], Any] | None:
    if not _is_float(operand) or op is not UnaryOp.NEG:
        return None
    return lift_unary(bounded(negate), shape_size(operand))


# ---------------------------------------------------------------- conversions


def constant(value: float) -> Interval:
    return Interval.point(to_float32(value) + 0.0)


def scalar_converter(
    source: ScalarKind, target: ScalarKind, site: Site, wgsl: bool = False
) -> Callable[[Any], Any] | None:
    """Conversions from or to float (None for the others, which stay exact); `wgsl`: a
    float out of the integer type's range saturates (WGSL's rule, as in the exact mode:
    conversions._from_float) instead of being undefined."""
    if source is target or ScalarKind.FLOAT not in (source, target):
        return None
    if target is ScalarKind.FLOAT:
        if source is ScalarKind.BOOL:
            return lambda x: constant(1.0 if x else 0.0)
        return bounded(lambda x: iv.from_int(int(x)))
    if target is ScalarKind.BOOL:
        zero = Interval.point(0.0)
        return observed(
            lambda x: decided(iv.not_equal(x, zero), site, f"bool({x})"), site, "bool()"
        )
    signed = target is ScalarKind.INT
    name = target.value

    def to_integer(x: Interval) -> int:
        if wgsl:
            values = iv.to_int_saturating(x, signed=signed)
            low, high = iv.INT_RANGE if signed else iv.UINT_RANGE
            if (x.lo < 0.0 and not signed) or not low <= math.trunc(x.lo) <= math.trunc(
                x.hi
            ) <= high:
                # Defined in WGSL, not in GLSL: a translator passing it on is wrong there.
                note(GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE)
        else:
            values = iv.to_int(x, signed=signed)
        if len(values) != 1:
            raise rounding_refusal(
                site, f"an integer depends on rounding: {name}() of {x} is one of {values}"
            )
        return values[0]

    return observed(to_integer, site, f"{name}()")
