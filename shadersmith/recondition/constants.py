"""Compile-time constant values of expressions, to leave alone what is safe as written.

Values follow GLSL exactly, because a safety decision rests on them: `int(2886675422u)`
is -1408291874 (the bits reinterpreted), `-(5u)` is 4294967291, `-(-2147483648)` wraps.
"""

from __future__ import annotations

import math

from shadersmith.ir.expressions import Construct, Expression, Literal, Unary
from shadersmith.ir.operators import UnaryOp
from shadersmith.ir.types import ScalarKind, ScalarType, VectorType, kind_of

Number = int | float | bool

_UINT_MODULUS = 2**32


def _as_int(value: int) -> int:
    value %= _UINT_MODULUS
    return value - _UINT_MODULUS if value >= 2**31 else value


def _convert(value: Number, target: ScalarKind) -> Number | None:
    """GLSL's scalar conversion of a constant; None where GLSL leaves it undefined."""
    if isinstance(value, bool):
        return None  # kept out: bool constructors are not arithmetic constants here
    if target is ScalarKind.FLOAT:
        return float(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        truncated = math.trunc(value)
        if target is ScalarKind.UINT:
            return truncated if 0 <= truncated < _UINT_MODULUS else None
        return truncated if -(2**31) <= truncated < 2**31 else None
    if target is ScalarKind.UINT:
        return value % _UINT_MODULUS
    if target is ScalarKind.INT:
        return _as_int(value)
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
        kind = expr.operand.type.kind
        if kind is ScalarKind.UINT:
            return ((-int(value)) % _UINT_MODULUS,)
        if kind is ScalarKind.INT:
            return (_as_int(-int(value)),)
        return (-value,)
    if isinstance(expr, Construct) and isinstance(expr.type, ScalarType | VectorType):
        target = kind_of(expr.type)
        assert target is not None
        parts: list[Number] = []
        for arg in expr.args:
            if not isinstance(arg.type, ScalarType):
                return None
            inner = constant_components(arg)
            if inner is None:
                return None
            for value in inner:
                converted = _convert(value, target)
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
