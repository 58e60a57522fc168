"""16-bit float computations inside 32-bit float expressions (issue 36): `float(e)`,
`vec3(e)`, `a < b` where `e`, `a`, `b` are float16_t / f16vecN expressions built from
narrowed floats (`float16_t(f)`), half literals of S16 (`float16_t(7.0)`), `+ - *`, unary
`-`, min/max/abs/clamp.

With `SmithOptions.half_probability` > 0, at that probability a float scalar or vector
expression (or a bool comparison) is computed in halves. Halves hold S16, the integers
below 2048 in magnitude (recondition/build.HALF_EXACT_LIMIT, binary16's exact integers):
the reconditioner wraps each `+ - *` and each narrowing `float16_t(f)` in MAKE_IN_RANGE at
the half's width (recondition/exact_floats.py), so every value read is exact and the
widening back is too. GLSL needs GL_EXT_shader_explicit_arithmetic_types_float16
(analysis/widths.FLOAT16); a target without shaderFloat16 (SwiftShader) or the extension
(Mesa's GL) answers `unsupported`. A profile without halves (ESSL) never gets them; at 0
nothing is drawn and programs are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Literal, Unary
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import BOOL, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

HALF = ScalarType(ScalarKind.FLOAT, 16)
_OPS = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
_COMPARISONS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE)
# Integers of S16, small and near its edge (2047: a sum or product leaves it at once).
_LITERALS = (1.0, -1.0, 2.0, 3.0, 7.0, -13.0, 45.0, 100.0, -1000.0, 2047.0)


def _half(type_: ScalarType | VectorType) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(ScalarKind.FLOAT, type_.size, 16)
    return HALF


def _single(type_: ScalarType | VectorType) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(ScalarKind.FLOAT, type_.size)
    return ScalarType(ScalarKind.FLOAT)


class HalfExpressions:
    def __init__(self, exprs: ExpressionGenerator) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.probability = exprs.ctx.options.half_probability

    def chance(self, type_: Type) -> bool:
        """Whether this expression of `type_` is computed in halves: float scalars and
        vectors (widened back) and bools (a comparison)."""
        if not isinstance(type_, ScalarType | VectorType) or type_.bits != 32:
            return False
        if type_ != BOOL and type_.kind is not ScalarKind.FLOAT:
            return False
        return self.rng.random() < self.probability

    def widened(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """An expression of the 32-bit `type_` computed in halves."""
        if type_ == BOOL:
            op = self.rng.choice(_COMPARISONS)
            return Binary(BOOL, op, self.value(HALF, depth), self.value(HALF, depth))
        return Construct(type_, (self.value(_half(type_), depth),))

    def value(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A random expression of the half `type_`."""
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
            name = rng.choice(("min", "max", "abs", "clamp"))
            count = {"abs": 1, "clamp": 3}.get(name, 2)
            args = tuple(self.value(type_, depth + 1) for _ in range(count))
            return Call(type_, name, args, CallKind.BUILTIN)
        return self._narrowed(type_, depth)

    def _leaf(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        if self.rng.random() < 0.5:
            return self._narrowed(type_, depth)
        literal = Literal(HALF, self.rng.choice(_LITERALS))
        if isinstance(type_, VectorType):
            if self.rng.random() < 0.5:
                return Construct(type_, (literal,))
            parts = [Literal(HALF, self.rng.choice(_LITERALS)) for _ in range(type_.size)]
            return Construct(type_, tuple(parts))
        return literal

    def _narrowed(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A float expression converted down (MAKE_IN_RANGE'd by the reconditioner)."""
        return Construct(type_, (self.exprs.expression(_single(type_), depth + 1),))
