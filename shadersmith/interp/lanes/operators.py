"""GLSL's unary and binary operators on lane values, chosen at compile time by operator
and operand types.

numpy's int32 and uint32 arithmetic wraps like GLSL's, and so does its int8 ... uint64
arithmetic at the explicit widths (a result numpy promotes, such as an int8 shifted by an
int32 amount, is brought back to the operand's dtype); float32 +, -, *, / are correctly
rounded like the scalar interpreter's (it computes in double and rounds once). Where GLSL
is undefined (division by zero, shift amounts outside [0, bits)) a reconditioned program
never goes in a lane that runs, but lanes that do not run still compute: those operations
are made harmless (divisor 1, amount masked) instead of raising or warning.
Vector-scalar mixes broadcast because lanes are the last axis.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.values import (
    Lanes,
    dtype_for,
    from_bits,
    homogeneous_kind,
    kinds_of,
)
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import MatrixType, ScalarKind, ScalarType, Type, VectorType, kind_of

Kernel = Callable[[Lanes, Lanes], Lanes]
UnaryKernel = Callable[[Lanes], Lanes]


def _safe_divisor(b: Lanes) -> Lanes:
    return np.where(b == 0, b.dtype.type(1), b)


def _int_divide(a: Lanes, b: Lanes) -> Lanes:
    """int / int rounding toward zero (numpy's // rounds toward minus infinity)."""
    b = _safe_divisor(b)
    quotient = np.floor_divide(a, b)
    inexact = (a - quotient * b) != 0
    fix: Lanes = (inexact & ((a < 0) != (b < 0))).astype(quotient.dtype)
    return np.add(quotient, fix)


def _remainder(a: Lanes, b: Lanes) -> Lanes:
    # Defined only for a >= 0 and b > 0 (GLSL), where numpy's remainder is C's.
    return np.remainder(a, _safe_divisor(b))


def _uint_divide(a: Lanes, b: Lanes) -> Lanes:
    return np.floor_divide(a, _safe_divisor(b))


def _shift(op: BinaryOp, left_kind: ScalarKind, bits: int = 32) -> Kernel:
    dtype = dtype_for(left_kind, bits)
    shift = np.left_shift if op is BinaryOp.SHL else np.right_shift

    def kernel(a: Lanes, s: Lanes) -> Lanes:
        # The amount may be int or uint of any width; bring it to the left operand's type
        # (numpy would widen a mix of int32 and uint32 to int64), and the result too
        # (numpy computes an int8 shift in a wider type).
        amount = np.bitwise_and(s, bits - 1).astype(dtype, copy=False)
        return shift(a, amount).astype(dtype, copy=False)

    return kernel


_ARITHMETIC: dict[BinaryOp, Kernel] = {
    BinaryOp.ADD: np.add,
    BinaryOp.SUB: np.subtract,
    BinaryOp.MUL: np.multiply,
    BinaryOp.BIT_AND: np.bitwise_and,
    BinaryOp.BIT_OR: np.bitwise_or,
    BinaryOp.BIT_XOR: np.bitwise_xor,
}

_COMPARE: dict[BinaryOp, Kernel] = {
    BinaryOp.LT: np.less,
    BinaryOp.GT: np.greater,
    BinaryOp.LE: np.less_equal,
    BinaryOp.GE: np.greater_equal,
}


def integer_bits(type_: Type) -> int:
    """The width of a scalar or vector type's components (32 for the others)."""
    return type_.bits if isinstance(type_, ScalarType | VectorType) else 32


def _at_width(kernel: Kernel, dtype: type[np.generic]) -> Kernel:
    """`kernel` with its result brought to `dtype` (wrapping, as GLSL does at that width)."""
    return lambda a, b: kernel(a, b).astype(dtype, copy=False)


def _kind(type_: Type) -> ScalarKind:
    kind = kind_of(type_)
    if kind is None:
        raise InterpreterError(f"operators do not apply to {type_}")
    return kind


def _arithmetic(op: BinaryOp, kind: ScalarKind) -> Kernel:
    bitwise = op in (BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR)
    if op in _ARITHMETIC and not (bitwise and kind is ScalarKind.FLOAT):
        return _ARITHMETIC[op]
    if op is BinaryOp.DIV:
        if kind is ScalarKind.FLOAT:
            return np.divide
        return _int_divide if kind is ScalarKind.INT else _uint_divide
    if op is BinaryOp.MOD and kind is not ScalarKind.FLOAT:
        return _remainder
    raise InterpreterError(f"{op.value} does not apply to {kind.value}")


def _equality(op: BinaryOp, type_: Type) -> Kernel:
    """== and != on whole values: equal when every component is (a NaN never is)."""
    want_equal = op is BinaryOp.EQ
    if isinstance(type_, ScalarType):
        return np.equal if want_equal else np.not_equal
    kind = homogeneous_kind(type_)
    if kind is not None:

        def natural(a: Lanes, b: Lanes) -> Lanes:
            equal: Lanes = np.all(a == b, axis=0)
            return equal if want_equal else np.logical_not(equal)

        return natural
    # Held as bits: float slots compare as floats (-0.0 == 0.0, NaN != NaN).
    kinds = kinds_of(type_)
    floats = [i for i, k in enumerate(kinds) if k is ScalarKind.FLOAT]
    others = [i for i, k in enumerate(kinds) if k is not ScalarKind.FLOAT]

    def bitwise(a: Lanes, b: Lanes) -> Lanes:
        equal: Lanes = np.all(a[others] == b[others], axis=0)
        if floats:
            fa = from_bits(a[floats], ScalarKind.FLOAT)
            fb = from_bits(b[floats], ScalarKind.FLOAT)
            equal = equal & np.all(fa == fb, axis=0)
        return equal if want_equal else np.logical_not(equal)

    return bitwise


def _matrix_product(left: Type, right: Type) -> Kernel:
    """Products of matrices and vectors, summed exactly in double and rounded once to the
    matrix's width (float32, binary16; a dmat's stays a double): what the scalar
    interpreter gives whenever the result does not depend on the rounding."""
    matrix = left if isinstance(left, MatrixType) else right
    assert isinstance(matrix, MatrixType)
    dtype = dtype_for(ScalarKind.FLOAT, matrix.bits)

    def columns(value: Lanes, type_: MatrixType) -> Lanes:
        return value.astype(np.float64).reshape(type_.columns, type_.rows, -1)

    if isinstance(left, MatrixType) and isinstance(right, MatrixType):

        def matrix_matrix(a: Lanes, b: Lanes) -> Lanes:
            x, y = columns(a, left), columns(b, right)
            # Only the lane axis broadcasts: the shapes of non-square factors differ.
            w = max(x.shape[-1], y.shape[-1])
            x = np.broadcast_to(x, (*x.shape[:2], w))
            y = np.broadcast_to(y, (*y.shape[:2], w))
            product = np.einsum("kiw,jkw->jiw", x, y)
            result: Lanes = product.reshape(-1, product.shape[-1]).astype(dtype)
            return result

        return matrix_matrix
    if isinstance(left, MatrixType):

        def matrix_vector(a: Lanes, v: Lanes) -> Lanes:
            m = columns(a, left)
            w = max(m.shape[-1], v.shape[-1])
            m = np.broadcast_to(m, (*m.shape[:2], w))
            vector = np.broadcast_to(v.astype(np.float64), (v.shape[0], w))
            result: Lanes = np.einsum("kiw,kw->iw", m, vector).astype(dtype)
            return result

        return matrix_vector
    assert isinstance(right, MatrixType)

    def vector_matrix(v: Lanes, b: Lanes) -> Lanes:
        m = columns(b, right)
        w = max(m.shape[-1], v.shape[-1])
        m = np.broadcast_to(m, (*m.shape[:2], w))
        vector = np.broadcast_to(v.astype(np.float64), (v.shape[0], w))
        result: Lanes = np.einsum("kw,jkw->jw", vector, m).astype(dtype)
        return result

    return vector_matrix


def binary_operator(op: BinaryOp, left: Type, right: Type) -> Kernel:
    """The kernel computing `left op right` (not && and ||, which short-circuit)."""
    if op in (BinaryOp.EQ, BinaryOp.NE):
        return _equality(op, left)
    if op is BinaryOp.LOGICAL_XOR:
        return np.not_equal
    if op in _COMPARE:
        if not isinstance(left, ScalarType):
            raise InterpreterError(f"{op.value} needs scalar operands, not {left}")
        return _COMPARE[op]
    if (
        op is BinaryOp.MUL
        and (isinstance(left, MatrixType) or isinstance(right, MatrixType))
        and not (isinstance(left, ScalarType) or isinstance(right, ScalarType))
    ):
        return _matrix_product(left, right)
    kind = _kind(left)
    if kind is ScalarKind.BOOL:
        raise InterpreterError(f"{op.value} does not apply to {left}")
    bits = integer_bits(left)
    if op in (BinaryOp.SHL, BinaryOp.SHR):
        return _shift(op, kind, bits)
    kernel = _arithmetic(op, kind)
    if bits == 32:
        return kernel
    return _at_width(kernel, dtype_for(kind, bits))


def unary_operator(op: UnaryOp, operand: Type) -> UnaryKernel:
    if op is UnaryOp.PLUS:
        return lambda a: a
    if op is UnaryOp.NOT:
        return np.logical_not
    kind = _kind(operand)
    if op is UnaryOp.NEG and kind is not ScalarKind.BOOL:
        return np.negative
    if op is UnaryOp.BIT_NOT and kind in (ScalarKind.INT, ScalarKind.UINT):
        return np.invert
    raise InterpreterError(f"{op.value} does not apply to {operand}")


def convert(
    value: Lanes,
    source: ScalarKind,
    target: ScalarKind,
    source_bits: int = 32,
    target_bits: int = 32,
) -> Lanes:
    """GLSL's conversion of every component from `source` to `target` kind (`*_bits`
    their widths). Between integers numpy's cast wraps to the target's width after
    sign-extending a signed source, as SConvert/UConvert and interp/conversions.py do."""
    if source is target and source_bits == target_bits:
        return value
    if target is ScalarKind.BOOL:
        return np.not_equal(value, 0)
    dtype = dtype_for(target, target_bits)
    if source is ScalarKind.FLOAT and target is ScalarKind.UINT:
        # uint(f) truncates; through int64 so that values of 2^31 and more convert (a
        # uint64_t straight: a float past 2^63 does not fit int64).
        if target_bits == 64:
            return value.astype(np.uint64)
        return value.astype(np.int64).astype(dtype)
    if source is ScalarKind.FLOAT and target is ScalarKind.INT and target_bits < 32:
        # Through int32: a lane that does not run may hold any float.
        return value.astype(np.int32).astype(dtype)
    return value.astype(dtype)


def one_of(type_: Type) -> Lanes:
    """The constant 1 of the type's kind and width, width 1 (for ++ and --)."""
    kind = _kind(type_)
    if kind is ScalarKind.BOOL:
        raise InterpreterError(f"++/-- on {type_}")
    return np.ones(1, dtype_for(kind, integer_bits(type_)))
