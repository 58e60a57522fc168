"""Float matrices in generated programs: matrix values, and float scalars and vectors
computed from them (issue 20, part 1).

A matrix value is a variable, a constructor (from scalars, from columns, and where the
profile allows it from one scalar, the diagonal, or from another matrix), `+`, `-`,
matrix * scalar, matrix * matrix, `transpose`, and where the language has them
`matrixCompMult` and `outerProduct`. A float or float vector is drawn from a matrix as a
column `m[i]`, an element `m[i][j]`, a product `m * v` or `v * m`, or `determinant(m)`
(mat2 and mat3: the reconditioner's guard on a determinant has n! terms).

Values stay exact as every float does: the reconditioner keeps each component in the
exact set S and guards every sum of products (recondition/wrappers/floating.py), and
matrix literals are small integers, so that products of a few of them stay in S and
results are not mostly the reconditioner's default. An rvalue matrix is indexed by
literals only (an index into a matrix variable is drawn as any index is): a dynamic index
into a matrix value is where front-ends disagree on what is allowed.

Every choice is drawn from the generator's stream, and only when matrices are on
(`SmithOptions.matrix_probability` > 0), so programs without them are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Index, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.types import FLOAT, INT, MatrixType, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

SIZES = (2, 3, 4)
# Components of matrix literals: small, so that a product of a few stays in S.
_LITERALS = (-3.0, -2.0, -1.0, 1.0, 2.0, 3.0, 4.0)
_CALLS = frozenset({"transpose", "matrixCompMult", "outerProduct"})


def _vector(size: int) -> VectorType:
    return VectorType(ScalarKind.FLOAT, size)


def _column_index(position: int) -> Literal:
    return Literal(INT, position)


class MatrixExpressions:
    """The matrix forms of one program's expression generator."""

    def __init__(self, exprs: ExpressionGenerator) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.choices = exprs.ctx.choices
        profile = exprs.ctx.profile
        self.probability = exprs.ctx.options.matrix_probability
        self.conversions = profile.matrix_constructor_conversions
        self.compound_products = profile.side_effects_in_expressions
        missing = profile.missing_builtins
        self.comp_mult = "matrixCompMult" not in missing
        self.outer_product = "outerProduct" not in missing

    def chance(self) -> bool:
        return self.rng.random() < self.probability

    def random_type(self) -> MatrixType:
        """A matrix type, square three times in four (mat2, mat3, mat4 and mat2x3 ...)."""
        columns = self.rng.choice(SIZES)
        rows = columns if self.rng.random() < 0.75 else self.rng.choice(SIZES)
        return MatrixType(columns, rows)

    def _count(self, form: str) -> None:
        self.choices[f"matrix:{form}"] += 1

    # ------------------------------------------------------------ matrix values

    def matrix(self, type_: MatrixType, depth: int) -> Expression:
        """A random expression of matrix type `type_`."""
        exprs = self.exprs
        if depth >= exprs.max_depth or self.rng.random() < 0.25 + 0.15 * depth:
            return self.leaf(type_, depth)
        form = self.rng.choice(self._forms(type_))
        self._count(form)
        next_depth = depth + 1
        if form == "columns":
            columns = tuple(
                exprs.expression(type_.column_type, next_depth) for _ in range(type_.columns)
            )
            return Construct(type_, columns)
        if form == "scalars":
            count = type_.columns * type_.rows
            return Construct(
                type_, tuple(exprs.expression(FLOAT, exprs.max_depth) for _ in range(count))
            )
        if form == "diagonal":
            return Construct(type_, (exprs.expression(FLOAT, next_depth),))
        if form == "resize":
            return Construct(type_, (self.matrix(self.random_type(), next_depth),))
        if form in ("add", "sub"):
            op = BinaryOp.ADD if form == "add" else BinaryOp.SUB
            return Binary(type_, op, self.matrix(type_, next_depth), self.matrix(type_, next_depth))
        if form == "scale":
            scalar = exprs.expression(FLOAT, next_depth)
            matrix = self.matrix(type_, next_depth)
            if self.rng.random() < 0.5:
                return Binary(type_, BinaryOp.MUL, scalar, matrix)
            return Binary(type_, BinaryOp.MUL, matrix, scalar)
        if form == "product":
            inner = self.rng.choice(SIZES)
            left = self.matrix(MatrixType(inner, type_.rows), next_depth)
            right = self.matrix(MatrixType(type_.columns, inner), next_depth)
            return Binary(type_, BinaryOp.MUL, left, right)
        if form == "transpose":
            source = self.matrix(MatrixType(type_.rows, type_.columns), next_depth)
            return Call(type_, "transpose", (source,), CallKind.BUILTIN)
        if form == "matrixCompMult":
            args = (self.matrix(type_, next_depth), self.matrix(type_, next_depth))
            return Call(type_, "matrixCompMult", args, CallKind.BUILTIN)
        assert form == "outerProduct"
        column = exprs.expression(_vector(type_.rows), next_depth)
        row = exprs.expression(_vector(type_.columns), next_depth)
        return Call(type_, "outerProduct", (column, row), CallKind.BUILTIN)

    def _forms(self, type_: MatrixType) -> list[str]:
        forms = ["columns", "scalars", "add", "sub", "scale", "scale", "product", "product"]
        forms.append("transpose")
        if self.conversions:
            forms += ["diagonal", "resize"]
        if self.comp_mult:
            forms.append("matrixCompMult")
        if self.outer_product:
            forms.append("outerProduct")
        if self.exprs.constant_mode:
            # A `const` initialiser calls nothing (what every front-end folds).
            forms = [f for f in forms if f not in _CALLS]
        return forms

    def leaf(self, type_: MatrixType, depth: int) -> Expression:
        """A matrix variable, or a constructor of small literals."""
        exprs = self.exprs
        if self.rng.random() < 0.6:
            providers = exprs.scope.providers(exprs.read_access(), type_)
            if providers:
                variable = self.rng.choice(providers)
                return exprs.read_path(variable.access, variable.type, type_, depth + 1)
        self._count("literal")
        count = type_.columns * type_.rows
        return Construct(type_, tuple(self.literal() for _ in range(count)))

    def literal(self) -> Literal:
        return Literal(FLOAT, self.rng.choice(_LITERALS))

    # ------------------------------------------------------------ floats from matrices

    def float_value(self, type_: ScalarType | VectorType, depth: int) -> Expression | None:
        """A float or float vector computed from a matrix, or None for other types."""
        if type_.kind is not ScalarKind.FLOAT:
            return None
        rng = self.rng
        if isinstance(type_, ScalarType):
            if rng.random() < 0.3:
                self._count("determinant")
                size = rng.choice((2, 3))
                matrix = self.matrix(MatrixType(size, size), depth)
                return Call(FLOAT, "determinant", (matrix,), CallKind.BUILTIN)
            self._count("element")
            source = self.matrix(self.random_type(), depth)
            assert isinstance(source.type, MatrixType)
            column = self._column(source, source.type)
            row = rng.randrange(source.type.rows)
            return Index(FLOAT, column, _column_index(row))
        draw = rng.random()
        if draw < 0.3:
            self._count("column")
            source_type = MatrixType(rng.choice(SIZES), type_.size)
            return self._column(self.matrix(source_type, depth), source_type)
        if draw < 0.65:
            self._count("matrix_times_vector")
            inner = rng.choice(SIZES)
            matrix = self.matrix(MatrixType(inner, type_.size), depth)
            vector = self.exprs.expression(_vector(inner), depth)
            return Binary(type_, BinaryOp.MUL, matrix, vector)
        self._count("vector_times_matrix")
        inner = rng.choice(SIZES)
        vector = self.exprs.expression(_vector(inner), depth)
        matrix = self.matrix(MatrixType(type_.size, inner), depth)
        return Binary(type_, BinaryOp.MUL, vector, matrix)

    def _column(self, source: Expression, type_: MatrixType) -> Expression:
        position = self.rng.randrange(type_.columns)
        return Index(type_.column_type, source, _column_index(position))

    # ------------------------------------------------------------ assignments

    def assign_shapes(self, target: MatrixType) -> list[tuple[str, Type]]:
        """(operator, value type) pairs of an assignment to a matrix: `=`, `+=`, `-=`,
        `*=` by a scalar, and `*=` by a square matrix where assignments are expressions
        (WGSL's reconditioning spells a compound float assignment as `x = SAFE(x op v)`,
        which has no wrapper for a matrix product)."""
        shapes: list[tuple[str, Type]] = [("=", target), ("=", target), ("+=", target)]
        shapes += [("-=", target), ("*=", FLOAT)]
        if self.compound_products and target.columns == target.rows:
            shapes.append(("*=", target))
        return shapes
