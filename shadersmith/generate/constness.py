"""Which generated expressions a front-end may fold at compile time.

Front-ends check folded values: glslang rejects `a[3]` on an `int[3]`, `v[-1]` and
`a[true ? 5 : 1]`, and other compilers may reject `x / 0` or `x << 40` once folded.
The generator therefore never puts a foldable expression of arbitrary value where the
value matters (index, divisor, shift amount): it puts an in-range literal there instead.

"Foldable" is taken broadly (over-approximating the GLSL constant expressions of
section 4.3.3): literals, `const` variables with constant initialisers, and every
operator, constructor, swizzle, index, comma and built-in call over foldable operands.
"""

from __future__ import annotations

from collections.abc import Set

from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)


def is_foldable(expr: Expression, constant_names: Set[str]) -> bool:
    """True when a front-end may evaluate `expr` at compile time."""
    if isinstance(expr, Literal):
        return True
    if isinstance(expr, VariableRef):
        return expr.name in constant_names
    if isinstance(expr, Binary):
        return is_foldable(expr.left, constant_names) and is_foldable(expr.right, constant_names)
    if isinstance(expr, Unary):
        return is_foldable(expr.operand, constant_names)
    if isinstance(expr, Swizzle):
        return is_foldable(expr.base, constant_names)
    if isinstance(expr, Index):
        return is_foldable(expr.base, constant_names) and is_foldable(expr.index, constant_names)
    if isinstance(expr, Ternary):
        return (
            is_foldable(expr.condition, constant_names)
            and is_foldable(expr.if_true, constant_names)
            and is_foldable(expr.if_false, constant_names)
        )
    if isinstance(expr, Construct | Sequence):
        items = expr.args if isinstance(expr, Construct) else expr.items
        return all(is_foldable(item, constant_names) for item in items)
    if isinstance(expr, Call):
        return expr.kind is CallKind.BUILTIN and all(
            is_foldable(arg, constant_names) for arg in expr.args
        )
    if isinstance(expr, Assign | IncDec | Member):
        # Side effects need an l-value, and buffer members are never constant.
        return False
    raise TypeError(f"unknown expression {type(expr).__name__}")
