"""Float computations of another width inside 32-bit float expressions (issue 36):
`float(e)`, `vec3(e)`, `a < b` where `e`, `a`, `b` are expressions of 16-bit halves
(generate/halves.py) or 64-bit doubles (generate/doubles.py) built from converted floats,
literals of the width's exact set, `+ - *`, unary `-` and a few exact built-ins. One
generator for both widths: they differ only in their type, literals and built-ins; each
module's docstring says how its values stay exact and which targets run it.

Where float matrices are on too (generate/matrices.py), a value of the width may come from
a matrix of the width (dmat2, dmat3x2, f16mat4 ...): a column, an element, a product
`m * v` or `v * m`; the matrix is built from literals, columns of the width, a scalar (the
diagonal), a float matrix (`dmat3(m)`, doubles only), `+ - *`, a scalar multiple,
`transpose`, `matrixCompMult` and `outerProduct` (the width's FloatWidth.matrix_forms: a
half's componentwise products could overflow binary16, which its MAKE_IN_RANGE does not
prevent). Such matrices live in expressions only: no variable, buffer field or
determinant has their type. Whether a value is drawn from one is asked of a stream of the
seed's own, so a program that draws none is the one of before, byte for byte.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.ir.expressions import (
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Index,
    Literal,
    Unary,
)
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import BOOL, INT, MatrixType, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

_OPS = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
_COMPARISONS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE)
_ARITY = {"abs": 1, "clamp": 3}  # the others (min, max) take 2
_SIZES = (2, 3, 4)
# The share of values (with matrices on) drawn from a matrix of the width.
_MATRIX_SHARE = 0.15
# Components of matrix literals: small, so that products of a few stay exact (in S16 too).
_MATRIX_LITERALS = (-3.0, -2.0, -1.0, 1.0, 2.0, 3.0, 4.0)
# The forms that need a language's matrix constructor conversions (ir/profile.py).
_CONVERSIONS = frozenset({"diagonal", "widened"})


@dataclass(frozen=True)
class FloatWidth:
    """What a width's expressions are made of."""

    bits: int  # 16 or 64
    literals: tuple[float, ...]  # integers of the width's exact set
    builtins: tuple[str, ...]  # exact on that set, of _ARITY's arities
    # How its matrices are made (OtherWidthExpressions.matrix), each kept exact by the
    # reconditioner (recondition/exact_floats.py).
    matrix_forms: tuple[str, ...] = ()

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
        # Matrices of the width where float matrices are on; None otherwise, and then no
        # draw is made for them.
        self.matrix_stream: random.Random | None = None
        self.matrix_forms: tuple[str, ...] = ()
        matrices = exprs.matrices
        if matrices is not None and width.matrix_forms:
            seed = exprs.ctx.seed
            self.matrix_stream = random.Random(f"shadersmith-{width.bits}-bit-matrices-{seed}")
            missing = set() if matrices.conversions else set(_CONVERSIONS)
            missing |= set() if matrices.comp_mult else {"matrixCompMult"}
            missing |= set() if matrices.outer_product else {"outerProduct"}
            self.matrix_forms = tuple(f for f in width.matrix_forms if f not in missing)

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
        stream = self.matrix_stream
        if stream is not None and depth < exprs.max_depth and stream.random() < _MATRIX_SHARE:
            return self._from_matrix(type_, depth)
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

    # ------------------------------------------------------------ matrices of the width

    def _matrix_type(self, columns: int, rows: int) -> MatrixType:
        return MatrixType(columns, rows, self.width.bits)

    def _random_matrix_type(self) -> MatrixType:
        columns = self.rng.choice(_SIZES)
        rows = columns if self.rng.random() < 0.75 else self.rng.choice(_SIZES)
        return self._matrix_type(columns, rows)

    def _from_matrix(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A value of `type_` (of the width) drawn from a matrix of the width."""
        rng, next_depth = self.rng, depth + 1
        self.exprs.ctx.choices[f"matrix:{self.width.bits}-bit"] += 1
        if isinstance(type_, ScalarType):
            source = self.matrix(self._random_matrix_type(), next_depth)
            assert isinstance(source.type, MatrixType)
            column = self._column(source, source.type)
            return Index(type_, column, Literal(INT, rng.randrange(source.type.rows)))
        draw, inner = rng.random(), rng.choice(_SIZES)
        vector = VectorType(ScalarKind.FLOAT, inner, self.width.bits)
        if draw < 0.3:
            matrix_type = self._matrix_type(inner, type_.size)
            return self._column(self.matrix(matrix_type, next_depth), matrix_type)
        if draw < 0.65:
            matrix = self.matrix(self._matrix_type(inner, type_.size), next_depth)
            return Binary(type_, BinaryOp.MUL, matrix, self.value(vector, next_depth))
        matrix = self.matrix(self._matrix_type(type_.size, inner), next_depth)
        return Binary(type_, BinaryOp.MUL, self.value(vector, next_depth), matrix)

    def _column(self, source: Expression, type_: MatrixType) -> Expression:
        # An rvalue matrix is indexed by literals only (generate/matrices.py says why).
        return Index(type_.column_type, source, Literal(INT, self.rng.randrange(type_.columns)))

    def matrix(self, type_: MatrixType, depth: int) -> Expression:
        """A random expression of the matrix type `type_` (of the width)."""
        rng, next_depth = self.rng, depth + 1
        if depth >= self.exprs.max_depth or rng.random() < 0.3 + 0.15 * depth:
            count = type_.columns * type_.rows
            scalar = self.width.scalar
            parts = tuple(Literal(scalar, rng.choice(_MATRIX_LITERALS)) for _ in range(count))
            return Construct(type_, parts)
        form = rng.choice(self.matrix_forms)
        if form == "columns":
            column = type_.column_type
            return Construct(
                type_, tuple(self.value(column, next_depth) for _ in range(type_.columns))
            )
        if form == "diagonal":
            return Construct(type_, (self.value(self.width.scalar, next_depth),))
        if form == "widened":
            assert self.exprs.matrices is not None
            single = MatrixType(type_.columns, type_.rows)
            return Construct(type_, (self.exprs.matrices.matrix(single, next_depth),))
        if form in ("add", "sub"):
            op = BinaryOp.ADD if form == "add" else BinaryOp.SUB
            return Binary(type_, op, self.matrix(type_, next_depth), self.matrix(type_, next_depth))
        if form == "scale":
            factor = self.value(self.width.scalar, next_depth)
            return Binary(type_, BinaryOp.MUL, self.matrix(type_, next_depth), factor)
        if form == "product":
            inner = rng.choice(_SIZES)
            left = self.matrix(self._matrix_type(inner, type_.rows), next_depth)
            right = self.matrix(self._matrix_type(type_.columns, inner), next_depth)
            return Binary(type_, BinaryOp.MUL, left, right)
        if form == "transpose":
            source = self.matrix(self._matrix_type(type_.rows, type_.columns), next_depth)
            return Call(type_, "transpose", (source,), CallKind.BUILTIN)
        if form == "matrixCompMult":
            args = (self.matrix(type_, next_depth), self.matrix(type_, next_depth))
            return Call(type_, "matrixCompMult", args, CallKind.BUILTIN)
        assert form == "outerProduct"
        left = self.value(type_.column_type, next_depth)
        right = self.value(VectorType(ScalarKind.FLOAT, type_.columns, self.width.bits), next_depth)
        return Call(type_, "outerProduct", (left, right), CallKind.BUILTIN)
