"""The unary and binary operators of GLSL on interpreter values, chosen at compile time
by operator and operand types, with the sanitizer's checks built in when asked for.

A kernel works on scalars; `lift` makes it componentwise over vectors and matrices
(including vector-scalar mixes such as `ivec3 * int` and `uvec2 << int`).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.interp.arithmetic import (
    INT_MIN,
    MASK32,
    SIGN_BIT,
    integer_range,
    to_float16,
    to_float32,
    trunc_div,
    trunc_rem,
    wrap_signed,
    wrap_unsigned,
)
from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.exactness import (
    HALF_EXACT_LIMIT,
    HALF_MAX,
    TWO_TO_24,
    InexactFloat,
    comparison_is_ambiguous,
    describe_outside,
    exact_linear_combination,
    in_exact_set,
    in_half_exact_set,
    negated,
    rounded,
    rounded16,
)
from shadersmith.interp.layout import float_slots
from shadersmith.interp.semantics import Language, integer_kernel
from shadersmith.interp.sites import Site
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import (
    BOOL,
    MatrixType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)

Kernel = Callable[[Any, Any], Any]
UnaryKernel = Callable[[Any], Any]


# ---------------------------------------------------------------- integer kernels


_ARITHMETIC: dict[BinaryOp, Callable[[int, int], int]] = {
    BinaryOp.ADD: operator.add,
    BinaryOp.SUB: operator.sub,
    BinaryOp.MUL: operator.mul,
}


def _wide_arithmetic(op: BinaryOp, signed: bool, bits: int) -> Kernel | None:
    """`+ - *` wrapping at `bits` (int64_t, uint64_t); None for the other operators or at
    32 bits, whose kernels below are written out for speed."""
    arithmetic = _ARITHMETIC.get(op)
    if bits == 32 or arithmetic is None:
        return None
    if signed:
        return lambda a, b: wrap_signed(arithmetic(a, b), bits)
    return lambda a, b: wrap_unsigned(arithmetic(a, b), bits)


def _int_kernel(op: BinaryOp, sanitize: bool, site: Site, bits: int = 32) -> Kernel:
    wide = _wide_arithmetic(op, True, bits)
    if wide is not None:
        return wide
    int_min = INT_MIN if bits == 32 else integer_range(True, bits)[0]
    if op is BinaryOp.ADD:
        return lambda a, b: ((a + b + SIGN_BIT) & MASK32) - SIGN_BIT
    if op is BinaryOp.SUB:
        return lambda a, b: ((a - b + SIGN_BIT) & MASK32) - SIGN_BIT
    if op is BinaryOp.MUL:
        return lambda a, b: ((a * b + SIGN_BIT) & MASK32) - SIGN_BIT
    if op is BinaryOp.DIV:

        def divide(a: int, b: int) -> int:
            if b == 0:
                if sanitize:
                    raise site.ub(UBCategory.DIVISION, f"integer division {a} / 0")
                return -1 if a >= 0 else 1
            if b == -1 and a == int_min:
                if sanitize:
                    raise site.ub(UBCategory.DIVISION, f"{a} / -1 overflows at {bits} bits")
                return int_min
            return trunc_div(a, b)

        return divide
    if op is BinaryOp.MOD:

        def modulo(a: int, b: int) -> int:
            if b == 0 or a < 0 or b < 0:
                if sanitize:
                    raise site.ub(
                        UBCategory.MODULO,
                        f"{a} % {b}: GLSL defines % only for a non-negative dividend "
                        "and a positive divisor",
                    )
                return 0 if b == 0 else trunc_rem(a, b)
            return a % b

        return modulo
    if op is BinaryOp.BIT_AND:
        return operator.and_
    if op is BinaryOp.BIT_OR:
        return operator.or_
    if op is BinaryOp.BIT_XOR:
        return operator.xor
    raise InterpreterError(f"{op.value} is not an int operator")


def _uint_kernel(op: BinaryOp, sanitize: bool, site: Site, bits: int = 32) -> Kernel:
    wide = _wide_arithmetic(op, False, bits)
    if wide is not None:
        return wide
    all_ones = (1 << bits) - 1
    if op is BinaryOp.ADD:
        return lambda a, b: (a + b) & MASK32
    if op is BinaryOp.SUB:
        return lambda a, b: (a - b) & MASK32
    if op is BinaryOp.MUL:
        return lambda a, b: (a * b) & MASK32
    if op in (BinaryOp.DIV, BinaryOp.MOD):
        is_div = op is BinaryOp.DIV
        category = UBCategory.DIVISION if is_div else UBCategory.MODULO

        def divide(a: int, b: int) -> int:
            if b == 0:
                if sanitize:
                    raise site.ub(category, f"unsigned {a}u {op.value} 0u")
                return all_ones if is_div else 0
            return a // b if is_div else a % b

        return divide
    if op is BinaryOp.BIT_AND:
        return operator.and_
    if op is BinaryOp.BIT_OR:
        return operator.or_
    if op is BinaryOp.BIT_XOR:
        return operator.xor
    raise InterpreterError(f"{op.value} is not a uint operator")


def _shift_kernel(
    op: BinaryOp, left: ScalarKind, sanitize: bool, site: Site, bits: int = 32
) -> Kernel:
    """`<<` and `>>`: the result has the left operand's type (and width: `bits`, whose
    shift amounts are [0, bits)); the amount may be int or uint of any width."""

    def amount(s: int) -> int:
        if 0 <= s < bits:
            return s
        if sanitize:
            raise site.ub(UBCategory.SHIFT, f"shift by {s}, outside [0, {bits})")
        return s & (bits - 1)

    if op is BinaryOp.SHL and bits != 32:
        if left is ScalarKind.INT:
            return lambda a, s: wrap_signed(a << amount(s), bits)
        return lambda a, s: wrap_unsigned(a << amount(s), bits)
    if op is BinaryOp.SHL:
        if left is ScalarKind.INT:
            return lambda a, s: ((a << amount(s)) + SIGN_BIT & MASK32) - SIGN_BIT
        return lambda a, s: (a << amount(s)) & MASK32
    # Python's >> on a negative int is arithmetic, as GLSL's >> on int.
    return lambda a, s: a >> amount(s)


# ---------------------------------------------------------------- float kernels


def check_exact_operand(value: float, what: str, site: Site) -> None:
    if not in_exact_set(value):
        raise site.ub(
            UBCategory.FLOAT_ROUNDOFF,
            f"{what} is outside the exact set S: {describe_outside(value)}",
        )


def _double_kernel(op: BinaryOp, sanitize: bool, site: Site) -> Kernel:
    """`+ - * /` on doubles, computed in Python's doubles (IEEE binary64, as GLSL's).
    The sanitizer holds doubles to the floats' exact set S: with operands in S a sum,
    difference or product is below 2^48 in magnitude, exact in a double, so the result is
    never rounded (one outside S is refused where it is next used or stored, as a float's
    would be). Division is refused as a float's is: its result need not be an integer."""
    if op is BinaryOp.DIV:
        if sanitize:

            def unsafe_divide(a: float, b: float) -> float:
                raise site.ub(UBCategory.FLOAT_ROUNDOFF, "double division leaves the exact set")

            return unsafe_divide
        return _double_divide
    python_op: Callable[[float, float], float] = {
        BinaryOp.ADD: operator.add,
        BinaryOp.SUB: operator.sub,
        BinaryOp.MUL: operator.mul,
    }[op]
    if not sanitize:
        return python_op
    symbol = op.value

    def exact(a: float, b: float) -> float:
        if not (in_exact_set(a) and in_exact_set(b)):
            bad = b if in_exact_set(a) else a
            check_exact_operand(bad, f"operand of `{symbol}` on doubles", site)
        return python_op(a, b)

    return exact


def _double_divide(a: float, b: float) -> float:
    if b == 0.0:
        if a == 0.0 or a != a:
            return float("nan")
        negative = (a < 0) != (math.copysign(1.0, b) < 0)
        return float("-inf") if negative else float("inf")
    return a / b


def _half_kernel(op: BinaryOp, sanitize: bool, site: Site) -> Kernel:
    """`+ - * /` on float16_t, computed in double and rounded once to binary16 (exact:
    11-bit significands). The sanitizer holds operands to S16 (exactness.HALF_EXACT_LIMIT):
    a result below 2048 in magnitude is exact, a larger one an `InexactFloat` between its
    binary16 neighbours that only MAKE_IN_RANGE's comparisons may read; one past 65504
    (an overflow: no value to rely on) and division are refused."""
    if op is BinaryOp.DIV:
        if sanitize:

            def unsafe_divide(a: float, b: float) -> float:
                raise site.ub(UBCategory.FLOAT_ROUNDOFF, "half division leaves the exact set")

            return unsafe_divide
        return lambda a, b: to_float16(_double_divide(a, b))
    python_op: Callable[[float, float], float] = {
        BinaryOp.ADD: operator.add,
        BinaryOp.SUB: operator.sub,
        BinaryOp.MUL: operator.mul,
    }[op]
    if not sanitize:
        return lambda a, b: to_float16(python_op(a, b))
    symbol = op.value

    def exact(a: float, b: float) -> float:
        for value in (a, b):
            if not in_half_exact_set(value):
                raise site.ub(
                    UBCategory.FLOAT_ROUNDOFF,
                    f"operand of `{symbol}` on halves is outside the exact set S16"
                    f" (integers below 2048): {describe_outside(value)}",
                )
        result = python_op(a, b)
        if abs(result) > HALF_MAX:
            raise site.ub(
                UBCategory.FLOAT_ROUNDOFF,
                f"`{symbol}` on halves overflows binary16: {a!r} {symbol} {b!r} = {result!r}",
            )
        return rounded16(result)

    return exact


def _float_kernel(op: BinaryOp, sanitize: bool, site: Site, bits: int = 32) -> Kernel:
    if bits == 64:
        return _double_kernel(op, sanitize, site)
    if bits == 16:
        return _half_kernel(op, sanitize, site)
    if op is BinaryOp.DIV:
        if sanitize:

            def unsafe_divide(a: float, b: float) -> float:
                raise site.ub(
                    UBCategory.FLOAT_ROUNDOFF,
                    "float division is only accurate to 2.5 ULP in GLSL",
                )

            return unsafe_divide
        return _ieee_divide
    python_op: Callable[[float, float], float] = {
        BinaryOp.ADD: operator.add,
        BinaryOp.SUB: operator.sub,
        BinaryOp.MUL: operator.mul,
    }[op]
    if not sanitize:
        return lambda a, b: to_float32(python_op(a, b))
    symbol = op.value

    def exact(a: float, b: float) -> float:
        if not (in_exact_set(a) and in_exact_set(b)):
            bad = b if in_exact_set(a) else a
            check_exact_operand(bad, f"operand of `{symbol}`", site)
        result = python_op(a, b)  # exact in double: both operands are integers below 2^24
        if -TWO_TO_24 <= result <= TWO_TO_24:
            return result
        return rounded(result)

    return exact


def _ieee_divide(a: float, b: float) -> float:
    if b == 0.0:
        if a == 0.0 or a != a:
            return float("nan")
        negative = (a < 0) != (math.copysign(1.0, b) < 0)
        return float("-inf") if negative else float("inf")
    return to_float32(a / b)


# ---------------------------------------------------------------- comparisons

_COMPARE: dict[BinaryOp, Callable[[Any, Any], bool]] = {
    BinaryOp.LT: operator.lt,
    BinaryOp.GT: operator.gt,
    BinaryOp.LE: operator.le,
    BinaryOp.GE: operator.ge,
    BinaryOp.EQ: operator.eq,
    BinaryOp.NE: operator.ne,
}


def float_comparison(
    compare: Callable[[Any, Any], bool], equality: bool, sanitize: bool, site: Site
) -> Kernel:
    """A float comparison; the sanitizer lets rounded values through only when every
    legitimate rounding gives the same answer (seed 003's MAKE_IN_RANGE relies on it)."""
    if not sanitize:
        return compare

    def checked(a: float, b: float) -> bool:
        if (type(a) is InexactFloat or type(b) is InexactFloat) and comparison_is_ambiguous(
            compare, a, b, equality=equality
        ):
            raise site.ub(
                UBCategory.FLOAT_ROUNDOFF,
                f"comparing {a!r} and {b!r} depends on how a rounded value was rounded",
            )
        return compare(a, b)

    return checked


def _equality(op: BinaryOp, type_: Type, sanitize: bool, site: Site) -> Kernel:
    """== and != on any type: whole values compare equal when every component does."""
    want_equal = op is BinaryOp.EQ
    floats = float_slots(type_)
    if not floats or (isinstance(type_, ScalarType) and not sanitize):
        return operator.eq if want_equal else operator.ne
    if not sanitize:
        # Not tuple ==, which takes an object for equal to itself: a NaN component must
        # make the values unequal.
        def componentwise_equal(a: Sequence[Any], b: Sequence[Any]) -> bool:
            equal = all(x == y for x, y in zip(a, b, strict=True))
            return equal is want_equal

        return componentwise_equal
    component_eq = float_comparison(operator.eq, True, sanitize, site)
    if isinstance(type_, ScalarType):
        return component_eq if want_equal else lambda a, b: not component_eq(a, b)

    def checked(a: Sequence[Any], b: Sequence[Any]) -> bool:
        for i in floats:
            component_eq(a[i], b[i])  # raises on an ambiguous component
        return (a == b) is want_equal

    return checked


# ---------------------------------------------------------------- lifting


def lift(kernel: Kernel, left_size: int, right_size: int) -> Kernel:
    """Apply `kernel` componentwise; a size of 0 marks a scalar operand."""
    if left_size == 0 and right_size == 0:
        return kernel
    if left_size and right_size:
        if left_size != right_size:
            raise InterpreterError(f"operand sizes {left_size} and {right_size} differ")
        if left_size == 2:
            return lambda a, b: (kernel(a[0], b[0]), kernel(a[1], b[1]))
        if left_size == 3:
            return lambda a, b: (kernel(a[0], b[0]), kernel(a[1], b[1]), kernel(a[2], b[2]))
        return lambda a, b: tuple(map(kernel, a, b))
    if left_size:
        return lambda a, b: tuple([kernel(x, b) for x in a])
    return lambda a, b: tuple([kernel(a, y) for y in b])


def lift_unary(kernel: UnaryKernel, size: int) -> UnaryKernel:
    if size == 0:
        return kernel
    return lambda a: tuple(map(kernel, a))


def shape_size(type_: Type) -> int:
    """0 for a scalar, else the number of components an operator runs over."""
    if isinstance(type_, ScalarType):
        return 0
    if isinstance(type_, VectorType):
        return type_.size
    if isinstance(type_, MatrixType):
        return type_.columns * type_.rows
    raise InterpreterError(f"operators do not apply to {type_}")


def integer_bits(type_: Type) -> int:
    """The width of an integer scalar or vector type's components: 32, or 64 for
    int64_t and its vectors (analysis/widths.py); 32 for the others."""
    if isinstance(type_, ScalarType | VectorType):
        return type_.bits
    return 32


def _kind(type_: Type) -> ScalarKind:
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    if isinstance(type_, MatrixType):
        return ScalarKind.FLOAT
    raise InterpreterError(f"operators do not apply to {type_}")


# ---------------------------------------------------------------- linear algebra


def _step_by_step(
    rounded: Callable[[float], float],
) -> Callable[[list[tuple[float, float]]], float]:
    """sum(a * b) in order, each product and partial sum `rounded` to the width: what an
    unsanitized run computes (a driver may fuse or reorder; the sanitizer's exactness
    rules are what make the order not matter)."""

    def sequential(pairs: list[tuple[float, float]]) -> float:
        total = 0.0
        for index, (a, b) in enumerate(pairs):
            product = rounded(a * b)
            total = product if index == 0 else rounded(total + product)
        return total

    return sequential


def linear_combination(sanitize: bool, site: Site) -> Callable[[list[tuple[float, float]]], float]:
    """sum(a * b): dot products and matrix products."""
    if not sanitize:
        return _step_by_step(to_float32)

    def exact(pairs: list[tuple[float, float]]) -> float:
        for a, b in pairs:
            check_exact_operand(a, "factor of a float product", site)
            check_exact_operand(b, "factor of a float product", site)
        result = exact_linear_combination(pairs)
        if result is None:
            raise site.ub(
                UBCategory.FLOAT_ROUNDOFF,
                "an intermediate product or sum rounds and the result depends on the rounding",
            )
        return result

    return exact


def _double_combination(sanitize: bool, site: Site) -> Callable[[list[tuple[float, float]]], float]:
    """sum(a * b) on doubles (dmat products). The sanitizer holds the factors to S, as
    it does a double's operands: every product is below 2^48 and a sum of at most four
    below 2^50, exact in binary64 in any order, fused or not; a result outside S is refused
    where it is next used, as a double sum's is."""
    if not sanitize:
        return lambda pairs: sum((a * b for a, b in pairs), 0.0)

    def exact(pairs: list[tuple[float, float]]) -> float:
        for a, b in pairs:
            check_exact_operand(a, "factor of a double matrix product", site)
            check_exact_operand(b, "factor of a double matrix product", site)
        return math.fsum(a * b for a, b in pairs)

    return exact


def _half_combination(sanitize: bool, site: Site) -> Callable[[list[tuple[float, float]]], float]:
    """sum(a * b) on float16_t (f16mat products), each step rounded to binary16. The
    sanitizer holds the factors to S16 and every product and partial sum of their
    magnitudes below 2048 (HALF_EXACT_LIMIT): then no step rounds, in any order, fused or
    not (the reconditioner's MATRIX_PRODUCT checks just that, in float32)."""
    if not sanitize:
        return _step_by_step(to_float16)

    def exact(pairs: list[tuple[float, float]]) -> float:
        magnitude = 0.0
        for a, b in pairs:
            for factor in (a, b):
                if not in_half_exact_set(factor):
                    raise site.ub(
                        UBCategory.FLOAT_ROUNDOFF,
                        "factor of a half matrix product is outside the exact set S16:"
                        f" {describe_outside(factor)}",
                    )
            magnitude += abs(a * b)
            if magnitude >= HALF_EXACT_LIMIT:
                raise site.ub(
                    UBCategory.FLOAT_ROUNDOFF,
                    "a half matrix product's intermediate reaches 2048 and may round",
                )
        return math.fsum(a * b for a, b in pairs)

    return exact


def _matrix_product(left: Type, right: Type, sanitize: bool, site: Site) -> Kernel:
    matrix = left if isinstance(left, MatrixType) else right
    assert isinstance(matrix, MatrixType)
    widths = {64: _double_combination, 16: _half_combination}
    combine = widths.get(matrix.bits, linear_combination)(sanitize, site)
    if isinstance(left, MatrixType) and isinstance(right, MatrixType):
        if left.columns != right.rows:
            raise InterpreterError(f"cannot multiply {left} by {right}")
        rows, inner, columns = left.rows, left.columns, right.columns

        def matrix_matrix(a: Sequence[float], b: Sequence[float]) -> tuple[float, ...]:
            return tuple(
                combine([(a[k * rows + r], b[c * inner + k]) for k in range(inner)])
                for c in range(columns)
                for r in range(rows)
            )

        return matrix_matrix
    if isinstance(left, MatrixType):
        rows, inner = left.rows, left.columns

        def matrix_vector(a: Sequence[float], v: Sequence[float]) -> tuple[float, ...]:
            return tuple(
                combine([(a[k * rows + r], v[k]) for k in range(inner)]) for r in range(rows)
            )

        return matrix_vector
    assert isinstance(right, MatrixType)
    rows, columns = right.rows, right.columns

    def vector_matrix(v: Sequence[float], b: Sequence[float]) -> tuple[float, ...]:
        return tuple(
            combine([(v[k], b[c * rows + k]) for k in range(rows)]) for c in range(columns)
        )

    return vector_matrix


# ---------------------------------------------------------------- entry points


def binary_operator(
    op: BinaryOp,
    left: Type,
    right: Type,
    result: Type,
    sanitize: bool,
    site: Site,
    language: Language = Language.GLSL,
) -> Kernel:
    """The function computing `left op right` (not && and ||, which short-circuit);
    `language` WGSL: WGSL's integer `/ % << >>` (interp/semantics.py)."""
    if op in (BinaryOp.EQ, BinaryOp.NE):
        return _equality(op, left, sanitize, site)
    if op is BinaryOp.LOGICAL_XOR:
        return operator.ne
    if op.is_comparison:
        if not isinstance(left, ScalarType):
            raise InterpreterError(f"{op.value} needs scalar operands, not {left}")
        if left.kind is ScalarKind.FLOAT:
            return float_comparison(_COMPARE[op], False, sanitize, site)
        return _COMPARE[op]
    if (
        op is BinaryOp.MUL
        and (isinstance(left, MatrixType) or isinstance(right, MatrixType))
        and not (isinstance(left, ScalarType) or isinstance(right, ScalarType))
    ):
        return _matrix_product(left, right, sanitize, site)
    left_kind = _kind(left)
    bits = left.bits if isinstance(left, MatrixType) else integer_bits(left)
    wgsl_kernel = integer_kernel(op, left_kind) if language is Language.WGSL else None
    if wgsl_kernel is not None:
        kernel = wgsl_kernel
    elif op in (BinaryOp.SHL, BinaryOp.SHR):
        kernel = _shift_kernel(op, left_kind, sanitize, site, bits)
    elif left_kind is ScalarKind.INT:
        kernel = _int_kernel(op, sanitize, site, bits)
    elif left_kind is ScalarKind.UINT:
        kernel = _uint_kernel(op, sanitize, site, bits)
    elif left_kind is ScalarKind.FLOAT:
        kernel = _float_kernel(op, sanitize, site, bits)
    else:
        raise InterpreterError(f"{op.value} does not apply to {left}")
    return lift(kernel, shape_size(left), shape_size(right))


def unary_operator(op: UnaryOp, operand: Type, sanitize: bool, site: Site) -> UnaryKernel:
    if op is UnaryOp.PLUS:
        return lambda a: a
    if op is UnaryOp.NOT:
        if operand != BOOL:
            raise InterpreterError(f"! needs a bool, not {operand}")
        return operator.not_
    kind = _kind(operand)
    size = shape_size(operand)
    bits = integer_bits(operand)
    kernel: UnaryKernel
    if op is UnaryOp.NEG and kind.is_integer and bits != 32:
        signed = kind is ScalarKind.INT
        kernel = (
            (lambda a: wrap_signed(-a, bits)) if signed else (lambda a: wrap_unsigned(-a, bits))
        )
    elif op is UnaryOp.BIT_NOT and kind is ScalarKind.UINT and bits != 32:
        kernel = lambda a: wrap_unsigned(~a, bits)  # noqa: E731
    elif op is UnaryOp.NEG:
        if kind is ScalarKind.INT:
            kernel = lambda a: ((SIGN_BIT - a) & MASK32) - SIGN_BIT  # noqa: E731
        elif kind is ScalarKind.UINT:
            kernel = lambda a: -a & MASK32  # noqa: E731
        elif kind is ScalarKind.FLOAT:
            # Negation is exact: a value outside S stays outside S, with its sign flipped.
            kernel = negated
        else:
            raise InterpreterError(f"- does not apply to {operand}")
    elif op is UnaryOp.BIT_NOT:
        if kind is ScalarKind.INT:
            kernel = operator.invert
        elif kind is ScalarKind.UINT:
            kernel = lambda a: a ^ MASK32  # noqa: E731
        else:
            raise InterpreterError(f"~ does not apply to {operand}")
    else:
        raise InterpreterError(f"unknown unary operator {op}")
    return lift_unary(kernel, size)
