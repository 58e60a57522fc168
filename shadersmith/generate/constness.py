"""Which generated expressions a front-end may fold at compile time.

Front-ends check folded values: glslang rejects `a[3]` on an `int[3]`, `v[-1]` and
`a[true ? 5 : 1]`, and other compilers may reject `x / 0` or `x << 40` once folded.
The generator therefore never puts a foldable expression of arbitrary value where the
value matters (index, divisor, shift amount): it puts an in-range literal there instead.

"Foldable" is taken broadly (over-approximating the GLSL constant expressions of
section 4.3.3): literals, `const` variables with constant initialisers, and every
operator, constructor, swizzle, index, struct member and built-in call over foldable
operands. Mesa folds further than the specification, and its checks then reject the
program:
- `(side_effect, 3)` is the constant 3 (a comma is as constant as its last item);
- `false ? v[i] : 47` is the constant 47 (a constant condition selects a branch);
- `false && x` is the constant false, `true && x` is `x` (a constant left operand of
  `&&` or `||` decides or disappears).
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
        if expr.op.is_short_circuit and is_foldable(expr.left, constant_names):
            return True
        return is_foldable(expr.left, constant_names) and is_foldable(expr.right, constant_names)
    if isinstance(expr, Unary):
        return is_foldable(expr.operand, constant_names)
    if isinstance(expr, Swizzle):
        return is_foldable(expr.base, constant_names)
    if isinstance(expr, Index):
        return is_foldable(expr.base, constant_names) and is_foldable(expr.index, constant_names)
    if isinstance(expr, Ternary):
        return is_foldable(expr.condition, constant_names) and (
            is_foldable(expr.if_true, constant_names) or is_foldable(expr.if_false, constant_names)
        )
    if isinstance(expr, Sequence):
        return is_foldable(expr.items[-1], constant_names)
    if isinstance(expr, Construct):
        return all(is_foldable(arg, constant_names) for arg in expr.args)
    if isinstance(expr, Call):
        return expr.kind is CallKind.BUILTIN and all(
            is_foldable(arg, constant_names) for arg in expr.args
        )
    if isinstance(expr, Member):
        # A member of a constant struct is constant (GLSL 4.50 section 4.3.3); a buffer
        # member's base is a block instance, never constant.
        return is_foldable(expr.base, constant_names)
    if isinstance(expr, Assign | IncDec):
        # Side effects need an l-value.
        return False
    raise TypeError(f"unknown expression {type(expr).__name__}")
