"""Compile-time constant values of expressions, to leave alone what is safe as written."""

from __future__ import annotations

from shadersmith.ir.expressions import Construct, Expression, Literal, Unary
from shadersmith.ir.operators import UnaryOp
from shadersmith.ir.types import ScalarType, VectorType

Number = int | float | bool


def constant_components(expr: Expression) -> tuple[Number, ...] | None:
    """The component values of a literal, `-literal`, or a scalar or vector constructor
    of literals (`ivec3(1)`, `ivec2(1, 2)`); None for anything else."""
    if isinstance(expr, Literal):
        return (expr.value,)
    if isinstance(expr, Unary) and expr.op is UnaryOp.NEG and isinstance(expr.operand, Literal):
        value = expr.operand.value
        if isinstance(value, bool):
            return None
        return (-value,)
    if isinstance(expr, Construct) and isinstance(expr.type, ScalarType | VectorType):
        parts: list[Number] = []
        for arg in expr.args:
            if not isinstance(arg.type, ScalarType):
                return None
            inner = constant_components(arg)
            if inner is None:
                return None
            parts.extend(inner)
        size = expr.type.size if isinstance(expr.type, VectorType) else 1
        if len(parts) == 1 and size > 1:
            parts = parts * size
        if len(parts) != size or any(isinstance(p, bool) for p in parts):
            return None
        return tuple(parts)
    return None
