"""Float computations of another width inside 32-bit float expressions (issue 36):
`float(e)`, `vec3(e)`, `a < b` where `e`, `a`, `b` are expressions of 16-bit halves
(generate/halves.py) or 64-bit doubles (generate/doubles.py) built from converted floats,
literals of the width's exact set, `+ - *`, unary `-` and a few exact built-ins. One
generator for both widths: they differ only in their type, literals and built-ins; each
module's docstring says how its values stay exact and which targets run it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Literal, Unary
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import BOOL, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

_OPS = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
_COMPARISONS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE)
_ARITY = {"abs": 1, "clamp": 3}  # the others (min, max) take 2


@dataclass(frozen=True)
class FloatWidth:
    """What a width's expressions are made of."""

    bits: int  # 16 or 64
    literals: tuple[float, ...]  # integers of the width's exact set
    builtins: tuple[str, ...]  # exact on that set, of _ARITY's arities

    @property
    def scalar(self) -> ScalarType:
        return ScalarType(ScalarKind.FLOAT, self.bits)

    def of(self, type_: ScalarType | VectorType) -> ScalarType | VectorType:
        """`type_`'s shape at this width."""
        if isinstance(type_, VectorType):
            return VectorType(ScalarKind.FLOAT, type_.size, self.bits)
        return self.scalar


def _single(type_: ScalarType | VectorType) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(ScalarKind.FLOAT, type_.size)
    return ScalarType(ScalarKind.FLOAT)


class OtherWidthExpressions:
    def __init__(self, exprs: ExpressionGenerator, width: FloatWidth, probability: float) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.width = width
        self.probability = probability

    def chance(self, type_: Type) -> bool:
        """Whether this expression of `type_` is computed at the other width: float scalars
        and vectors (converted back) and bools (a comparison)."""
        if not isinstance(type_, ScalarType | VectorType) or type_.bits != 32:
            return False
        if type_ != BOOL and type_.kind is not ScalarKind.FLOAT:
            return False
        return self.rng.random() < self.probability

    def computed(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """An expression of the 32-bit `type_` computed at the other width."""
        scalar = self.width.scalar
        if type_ == BOOL:
            op = self.rng.choice(_COMPARISONS)
            return Binary(BOOL, op, self.value(scalar, depth), self.value(scalar, depth))
        return Construct(type_, (self.value(self.width.of(type_), depth),))

    def value(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A random expression of `type_` (of the other width)."""
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
            name = rng.choice(self.width.builtins)
            args = tuple(self.value(type_, depth + 1) for _ in range(_ARITY.get(name, 2)))
            return Call(type_, name, args, CallKind.BUILTIN)
        return self._converted(type_, depth)

    def _leaf(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        if self.rng.random() < 0.5:
            return self._converted(type_, depth)
        scalar, literals = self.width.scalar, self.width.literals
        literal = Literal(scalar, self.rng.choice(literals))
        if isinstance(type_, VectorType):
            if self.rng.random() < 0.5:
                return Construct(type_, (literal,))
            parts = [Literal(scalar, self.rng.choice(literals)) for _ in range(type_.size)]
            return Construct(type_, tuple(parts))
        return literal

    def _converted(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A float expression converted to the width (the reconditioner keeps it exact)."""
        return Construct(type_, (self.exprs.expression(_single(type_), depth + 1),))
