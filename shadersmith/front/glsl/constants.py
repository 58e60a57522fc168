"""Constant folding of typed expressions: array sizes, layout values and case labels may
be constant expressions (`float a[N * 2]`, `shared uint s[gl_WorkGroupSize.x]`)."""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.ir.expressions import (
    ArrayLength,
    Binary,
    Construct,
    Expression,
    Index,
    Literal,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import (
    ScalarKind,
    ScalarType,
    index_bound,
)

Constant = int | float | bool | tuple["Constant", ...]
# The value of a named constant, or None when the name is not a compile-time constant.
Environment = Callable[[str], Constant | None]


def _wrap(value: int, kind: ScalarKind, bits: int) -> int:
    value &= (1 << bits) - 1
    if kind is ScalarKind.INT and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def fold(expr: Expression, env: Environment) -> Constant | None:
    """The value of `expr` when it is a constant expression GLSL can fold, else None."""
    if isinstance(expr, Literal):
        return expr.value
    if isinstance(expr, VariableRef):
        return env(expr.name)
    if isinstance(expr, ArrayLength):
        try:
            return index_bound(expr.base.type)
        except TypeError:
            return None
    if isinstance(expr, Unary):
        return _unary(expr, env)
    if isinstance(expr, Binary):
        return _binary(expr, env)
    if isinstance(expr, Ternary):
        condition = fold(expr.condition, env)
        if not isinstance(condition, bool):
            return None
        return fold(expr.if_true if condition else expr.if_false, env)
    if isinstance(expr, Swizzle):
        vector = fold(expr.base, env)
        if not isinstance(vector, tuple):
            return None
        picked = tuple(vector[c] for c in expr.components)
        return picked[0] if len(picked) == 1 else picked
    if isinstance(expr, Index):
        items, index = fold(expr.base, env), fold(expr.index, env)
        if isinstance(items, tuple) and isinstance(index, int) and 0 <= index < len(items):
            item: Constant = items[index]
            return item
        return None
    if isinstance(expr, Construct) and isinstance(expr.type, ScalarType) and len(expr.args) == 1:
        value = fold(expr.args[0], env)
        return _convert(value, expr.type) if isinstance(value, int | float | bool) else None
    return None


def _convert(value: int | float | bool, target: ScalarType) -> Constant | None:
    if target.kind is ScalarKind.BOOL:
        return bool(value)
    if target.kind is ScalarKind.FLOAT:
        return float(value)
    if isinstance(value, float) and not abs(value) < 2.0**63:
        return None
    return _wrap(int(value), target.kind, target.bits)


def _unary(expr: Unary, env: Environment) -> Constant | None:
    value = fold(expr.operand, env)
    if isinstance(value, bool):
        return (not value) if expr.op is UnaryOp.NOT else None
    if not isinstance(value, int | float) or not isinstance(expr.type, ScalarType):
        return None
    if expr.op is UnaryOp.PLUS:
        return value
    if expr.op is UnaryOp.NEG:
        result = -value
    elif expr.op is UnaryOp.BIT_NOT and isinstance(value, int):
        result = ~value
    else:
        return None
    return _convert(result, expr.type)


def _binary(expr: Binary, env: Environment) -> Constant | None:
    left, right = fold(expr.left, env), fold(expr.right, env)
    if isinstance(left, tuple) or isinstance(right, tuple) or left is None or right is None:
        return None
    op = expr.op
    if op.is_logical:
        if op is BinaryOp.LOGICAL_AND:
            return bool(left) and bool(right)
        if op is BinaryOp.LOGICAL_OR:
            return bool(left) or bool(right)
        return bool(left) != bool(right)
    comparisons = {
        BinaryOp.LT: lambda: left < right,
        BinaryOp.GT: lambda: left > right,
        BinaryOp.LE: lambda: left <= right,
        BinaryOp.GE: lambda: left >= right,
        BinaryOp.EQ: lambda: left == right,
        BinaryOp.NE: lambda: left != right,
    }
    if op in comparisons:
        return bool(comparisons[op]())
    if not isinstance(expr.type, ScalarType) or isinstance(left, bool) or isinstance(right, bool):
        return None
    if isinstance(left, float) or isinstance(right, float):
        arithmetic = {
            BinaryOp.ADD: lambda: left + right,
            BinaryOp.SUB: lambda: left - right,
            BinaryOp.MUL: lambda: left * right,
        }
        if op in arithmetic:
            return float(arithmetic[op]())
        if op is BinaryOp.DIV and right != 0:
            return float(left) / float(right)
        return None
    a, b = int(left), int(right)
    if op in (BinaryOp.DIV, BinaryOp.MOD):
        if b == 0:
            return None
        quotient = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        result = quotient if op is BinaryOp.DIV else a - quotient * b
    elif op in (BinaryOp.SHL, BinaryOp.SHR):
        if not 0 <= b < expr.type.bits:
            return None
        result = a << b if op is BinaryOp.SHL else a >> b
    else:
        table = {
            BinaryOp.ADD: a + b,
            BinaryOp.SUB: a - b,
            BinaryOp.MUL: a * b,
            BinaryOp.BIT_AND: a & b,
            BinaryOp.BIT_OR: a | b,
            BinaryOp.BIT_XOR: a ^ b,
        }
        if op not in table:
            return None
        result = table[op]
    return _convert(result, expr.type)
