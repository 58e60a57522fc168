"""Pass: wrap the integer operators and the built-ins that can be undefined.

See wrappers/integer.py for what each wrapper checks. An operation whose operands make it
safe as written (a division by a literal other than 0 and -1, a shift by a literal in
[0, 31], clamp with literal bounds in order, ...) stays as it is: fewer wrappers, and
constant expressions stay constant. Compound assignments (`x /= y`, `v <<= s`) become calls
of a wrapper whose first parameter is `inout`, so the l-value is evaluated once.
"""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.ir.expressions import Assign, Binary, Call, CallKind, Expression
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, ScalarType, Type, VectorType, kind_of
from shadersmith.recondition.build import INT_MIN
from shadersmith.recondition.constants import Number, constant_components
from shadersmith.recondition.rewrite import ExpressionRewrite, rewrite_program_expressions
from shadersmith.recondition.wrappers.integer import (
    ABS,
    ASSIGN_KINDS,
    BINARY_KINDS,
    BITFIELD_EXTRACT,
    BITFIELD_INSERT,
    CLAMP,
)
from shadersmith.recondition.wrappers.registry import wrapper_call


def _all(expr: Expression, accept: Callable[[Number], bool]) -> bool:
    values = constant_components(expr)
    return values is not None and all(accept(v) for v in values)


def _safe_binary(op: BinaryOp, left: Expression, right: Expression) -> bool:
    signed = kind_of(right.type) is ScalarKind.INT
    if op is BinaryOp.DIV:
        return _all(right, (lambda v: v not in (0, -1)) if signed else (lambda v: v != 0))
    if op is BinaryOp.MOD:
        if kind_of(left.type) is ScalarKind.UINT:
            return _all(right, lambda v: v != 0)
        return _all(left, lambda v: v >= 0) and _all(right, lambda v: v > 0)
    width = left.type.bits if isinstance(left.type, ScalarType | VectorType) else 32
    return _all(right, lambda v: 0 <= v < width)


def _int_min(type_: Type) -> int:
    """INT_MIN at `type_`'s width (int64_t's is -2^63)."""
    if isinstance(type_, ScalarType | VectorType) and type_.bits != 32:
        return -(1 << (type_.bits - 1))
    return INT_MIN


def _safe_builtin(call: Call) -> bool:
    args = call.args
    if call.callee == "clamp":
        low, high = constant_components(args[1]), constant_components(args[2])
        if low is None or high is None:
            return False
        if len(low) == 1:
            low = low * len(high)
        if len(high) == 1:
            high = high * len(low)
        return all(lo <= hi for lo, hi in zip(low, high, strict=True))
    offset_bits = constant_components(args[-2]), constant_components(args[-1])
    if offset_bits[0] is None or offset_bits[1] is None:
        return False
    offset, bits = int(offset_bits[0][0]), int(offset_bits[1][0])
    return offset >= 0 and bits >= 0 and offset + bits <= 32


_BUILTIN_KINDS = {
    "clamp": CLAMP,
    "bitfieldExtract": BITFIELD_EXTRACT,
    "bitfieldInsert": BITFIELD_INSERT,
}


def integer_rewrite(*, wrap_abs: bool, wgsl: bool = False) -> ExpressionRewrite:
    """The node rewrite of this pass. For WGSL, which defines every integer operation and
    integer clamp with bounds out of order (WGSL spec, "Arithmetic Expressions", "Bit
    Expressions", `clamp`), only a float clamp with bounds out of order is wrapped: WGSL
    lets it be min(max(e, low), high) or the median of the three."""

    def wgsl_rewrite(expr: Expression) -> Expression:
        if (
            isinstance(expr, Call)
            and expr.kind is CallKind.BUILTIN
            and expr.callee == "clamp"
            and kind_of(expr.type) is ScalarKind.FLOAT
            and not _safe_builtin(expr)
        ):
            return wrapper_call(CLAMP, expr.args)
        return expr

    if wgsl:
        return wgsl_rewrite

    def rewrite(expr: Expression) -> Expression:
        if isinstance(expr, Binary):
            kind = BINARY_KINDS.get(expr.op)
            if kind is None or kind_of(expr.type) not in (ScalarKind.INT, ScalarKind.UINT):
                return expr
            if _safe_binary(expr.op, expr.left, expr.right):
                return expr
            return wrapper_call(kind, (expr.left, expr.right))
        if isinstance(expr, Assign):
            kind = ASSIGN_KINDS.get(expr.op)
            if kind is None or kind_of(expr.type) not in (ScalarKind.INT, ScalarKind.UINT):
                return expr
            binary_op = expr.op.binary
            assert binary_op is not None
            if _safe_binary(binary_op, expr.target, expr.value):
                return expr
            return wrapper_call(kind, (expr.target, expr.value))
        if isinstance(expr, Call) and expr.kind is CallKind.BUILTIN:
            builtin_kind = _BUILTIN_KINDS.get(expr.callee)
            if builtin_kind is not None and not _safe_builtin(expr):
                return wrapper_call(builtin_kind, expr.args)
            if (
                wrap_abs
                and expr.callee == "abs"
                and kind_of(expr.type) is ScalarKind.INT
                and not _all(expr.args[0], lambda v: v != _int_min(expr.type))
            ):
                return wrapper_call(ABS, expr.args)
        return expr

    return rewrite


def wrap_integer_operations(program: Program, *, wrap_abs: bool = True) -> Program:
    return rewrite_program_expressions(program, integer_rewrite(wrap_abs=wrap_abs))
