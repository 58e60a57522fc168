"""64-bit float computations inside 32-bit float expressions (issue 36): `float(e)`,
`vec3(e)`, `a < b` where `e`, `a`, `b` are double / dvecN expressions built from widened
floats (`double(f)`), double literals of the exact set S (`7.0lf`), `+ - *`, unary `-`,
min/max/abs.

With `SmithOptions.double_probability` > 0, at that probability a float scalar or vector
expression (or a bool comparison) is computed in doubles. Doubles hold the floats' exact
set S (interp/exactness.py): the reconditioner wraps each `+ - *` in MAKE_IN_RANGE at
the double width as it wraps a float's (recondition/exact_floats.py), so every value is
an integer below 2^24 and the narrowing conversion back is exact. Doubles are core in
GLSL 4.00 (analysis/widths.FLOAT64); a target without shaderFloat64 (SwiftShader)
answers `unsupported`. A profile without doubles (WGSL: LanguageProfile.doubles) never
gets them; at 0 nothing is drawn and programs are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Literal, Unary
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import BOOL, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

DOUBLE = ScalarType(ScalarKind.FLOAT, 64)
_OPS = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
_COMPARISONS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE)
# Integers of S, small and near its edge.
_LITERALS = (1.0, -1.0, 2.0, 7.0, -13.0, 4096.0, 65535.0, -1000000.0, 16777213.0)


def _double(type_: ScalarType | VectorType) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(ScalarKind.FLOAT, type_.size, 64)
    return DOUBLE


def _single(type_: ScalarType | VectorType) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(ScalarKind.FLOAT, type_.size)
    return ScalarType(ScalarKind.FLOAT)


class DoubleExpressions:
    def __init__(self, exprs: ExpressionGenerator) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.probability = exprs.ctx.options.double_probability

    def chance(self, type_: Type) -> bool:
        """Whether this expression of `type_` is computed in doubles: float scalars and
        vectors (narrowed back) and bools (a comparison)."""
        if not isinstance(type_, ScalarType | VectorType) or type_.bits != 32:
            return False
        if type_ != BOOL and type_.kind is not ScalarKind.FLOAT:
            return False
        return self.rng.random() < self.probability

    def narrowed(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """An expression of the 32-bit `type_` computed in doubles."""
        if type_ == BOOL:
            op = self.rng.choice(_COMPARISONS)
            return Binary(BOOL, op, self.value(DOUBLE, depth), self.value(DOUBLE, depth))
        return Construct(type_, (self.value(_double(type_), depth),))

    def value(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A random expression of the double `type_`."""
        exprs, rng = self.exprs, self.rng
        if depth >= exprs.max_depth or rng.random() < 0.2 + 0.15 * depth:
            return self._leaf(type_, depth)
        draw = rng.random()
        if draw < 0.6:
            op = rng.choice(_OPS)
            return Binary(type_, op, self.value(type_, depth + 1), self.value(type_, depth + 1))
        if draw < 0.7:
            return Unary(type_, UnaryOp.NEG, self.value(type_, depth + 1))
        if draw < 0.85:
            name = rng.choice(("min", "max", "abs"))
            count = 1 if name == "abs" else 2
            args = tuple(self.value(type_, depth + 1) for _ in range(count))
            return Call(type_, name, args, CallKind.BUILTIN)
        return self._widened(type_, depth)

    def _leaf(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        if self.rng.random() < 0.5:
            return self._widened(type_, depth)
        literal = Literal(DOUBLE, self.rng.choice(_LITERALS))
        if isinstance(type_, VectorType):
            if self.rng.random() < 0.5:
                return Construct(type_, (literal,))
            parts = [Literal(DOUBLE, self.rng.choice(_LITERALS)) for _ in range(type_.size)]
            return Construct(type_, tuple(parts))
        return literal

    def _widened(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A float expression converted up (exactly)."""
        return Construct(type_, (self.exprs.expression(_single(type_), depth + 1),))
