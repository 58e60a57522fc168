"""Compile-time constant values of expressions, to leave alone what is safe as written.

Values follow GLSL exactly, because a safety decision rests on them: `int(2886675422u)`
is -1408291874 (the bits reinterpreted), `-(5u)` is 4294967291, `-(-2147483648)` wraps,
and a constructor of an explicit-width type wraps at its width: `int16_t(-2147483648)` is
0, `int8_t(2073287319)` is -105.
"""

from __future__ import annotations

import math

from shadersmith.ir.expressions import Construct, Expression, Literal, Unary
from shadersmith.ir.operators import UnaryOp
from shadersmith.ir.types import ScalarKind, ScalarType, VectorType, kind_of

Number = int | float | bool


def _as_int(value: int, bits: int = 32) -> int:
    value %= 1 << bits
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def _convert(value: Number, target: ScalarKind, bits: int = 32) -> Number | None:
    """GLSL's scalar conversion of a constant to `target` at `bits` (an integer wraps at
    the target's width, as SConvert/UConvert do); None where GLSL leaves it undefined."""
    if isinstance(value, bool):
        return None  # kept out: bool constructors are not arithmetic constants here
    if target is ScalarKind.FLOAT:
        return float(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        truncated = math.trunc(value)
        if target is ScalarKind.UINT:
            return truncated if 0 <= truncated < 1 << bits else None
        return truncated if -(1 << (bits - 1)) <= truncated < 1 << (bits - 1) else None
    if target is ScalarKind.UINT:
        return value % (1 << bits)
    if target is ScalarKind.INT:
        return _as_int(value, bits)
    return None


def constant_components(expr: Expression) -> tuple[Number, ...] | None:
    """The component values of a literal, `-literal`, or a scalar or vector constructor
    of those (`ivec3(1)`, `ivec2(1, 2)`, `int(5u)`); None for anything else."""
    if isinstance(expr, Literal):
        return (expr.value,)
    if isinstance(expr, Unary) and expr.op is UnaryOp.NEG and isinstance(expr.operand, Literal):
        value = expr.operand.value
        if isinstance(value, bool):
            return None
        kind, width = expr.operand.type.kind, expr.operand.type.bits
        if kind is ScalarKind.UINT:
            return ((-int(value)) % (1 << width),)
        if kind is ScalarKind.INT:
            return (_as_int(-int(value), width),)
        return (-value,)
    if isinstance(expr, Construct) and isinstance(expr.type, ScalarType | VectorType):
        target = kind_of(expr.type)
        assert target is not None
        width = expr.type.bits
        parts: list[Number] = []
        for arg in expr.args:
            if not isinstance(arg.type, ScalarType):
                return None
            inner = constant_components(arg)
            if inner is None:
                return None
            for value in inner:
                converted = _convert(value, target, width)
                if converted is None:
                    return None
                parts.append(converted)
        size = expr.type.size if isinstance(expr.type, VectorType) else 1
        if len(parts) == 1 and size > 1:
            parts = parts * size
        if len(parts) != size:
            return None
        return tuple(parts)
    return None
