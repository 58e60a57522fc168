"""64-bit integer computations inside 32-bit integer expressions (issue 36): `int(e)`,
`uvec2(e)`, `a < b` where `e`, `a`, `b` are int64_t / uint64_t expressions built from
widened 32-bit values, 64-bit literals past 32 bits (`4294967301l`, `18446744073709551615ul`),
and `+ - * / % & | ^ << >>`, unary `- ~`, min/max/abs.

With `SmithOptions.int64_probability` > 0, at that probability an int/uint scalar or
vector expression (or a bool comparison) is computed this way: its value wraps at 64
bits, the reconditioner guards `/ % << >>` at 64 bits (recondition/wrappers/integer.py),
and the narrowing conversion back to 32 bits keeps the low bits (SConvert/UConvert), which
the interpreter computes exactly. The emitter writes `#extension GL_ARB_gpu_shader_int64`
(analysis/widths.py) and a target without the feature answers `unsupported`. A profile
without 64-bit integers (WGSL: LanguageProfile.int64) never gets them. At 0 nothing is
drawn and programs are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Literal, Unary
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import BOOL, INT, UINT, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

INT64 = ScalarType(ScalarKind.INT, 64)
UINT64 = ScalarType(ScalarKind.UINT, 64)
_OPS = (
    BinaryOp.ADD,
    BinaryOp.SUB,
    BinaryOp.MUL,
    BinaryOp.DIV,
    BinaryOp.MOD,
    BinaryOp.BIT_AND,
    BinaryOp.BIT_OR,
    BinaryOp.BIT_XOR,
    BinaryOp.SHL,
    BinaryOp.SHR,
)
_COMPARISONS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE)
# Values that only 64 bits hold, and the edges of both widths.
_SIGNED = (0, 1, -1, 7, 2**31, -(2**31) - 1, 2**32 + 5, -(2**40), 2**62 + 3, 2**63 - 1)
_UNSIGNED = (0, 1, 9, 2**32, 2**32 + 7, 2**48 - 1, 2**63, 2**64 - 1)


def wide(
    type_: ScalarType | VectorType, kind: ScalarKind, bits: int = 64
) -> ScalarType | VectorType:
    """`type_`'s shape with `bits`-wide components of `kind`."""
    if isinstance(type_, VectorType):
        return VectorType(kind, type_.size, bits)
    return ScalarType(kind, bits)


class WideIntegerExpressions:
    """64-bit integer computations; generate/small_integers.py's subclass draws 8- and
    16-bit ones the same way (the width, the literals and the probability differ)."""

    def __init__(self, exprs: ExpressionGenerator) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.probability = self._probability()

    def _probability(self) -> float:
        return self.exprs.ctx.options.int64_probability

    def _width(self) -> int:
        """The width of the next computation (no draw at 64: int64 programs stay those
        of before)."""
        return 64

    def _literals(self, type_: ScalarType | VectorType) -> tuple[int, ...]:
        return _SIGNED if type_.kind is ScalarKind.INT else _UNSIGNED

    def chance(self, type_: Type) -> bool:
        """Whether this expression of `type_` is computed at 64 bits: int and uint scalars
        and vectors (narrowed back) and bools (a comparison)."""
        if not isinstance(type_, ScalarType | VectorType) or type_.bits != 32:
            return False
        if type_.kind is ScalarKind.FLOAT or (type_.kind is ScalarKind.BOOL and type_ != BOOL):
            return False
        return self.rng.random() < self.probability

    def narrowed(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """An expression of the 32-bit `type_` computed at 64 bits."""
        bits = self._width()
        if type_ == BOOL:
            kind = self.rng.choice((ScalarKind.INT, ScalarKind.UINT))
            operand = ScalarType(kind, bits)
            op = self.rng.choice(_COMPARISONS)
            return Binary(BOOL, op, self.value(operand, depth), self.value(operand, depth))
        kind = type_.kind if self.rng.random() < 0.7 else self.rng.choice(_INTEGER_KINDS)
        return Construct(type_, (self.value(wide(type_, kind, bits), depth),))

    def value(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A random expression of the 64-bit (or 8-, 16-bit) integer `type_`."""
        exprs, rng = self.exprs, self.rng
        if depth >= exprs.max_depth or rng.random() < 0.2 + 0.15 * depth:
            return self._leaf(type_, depth)
        draw = rng.random()
        if draw < 0.6:
            op = rng.choice(_OPS)
            left = self.value(type_, depth + 1)
            if op in (BinaryOp.SHL, BinaryOp.SHR):
                # The amount: a 32-bit int or uint, a literal below the width or any
                # value (the reconditioner brings it into [0, width)), scalar or of the
                # value's shape.
                kind = rng.choice(_INTEGER_KINDS)
                if rng.random() < 0.5:
                    amount: Expression = Literal(ScalarType(kind), rng.randrange(0, type_.bits))
                else:
                    vector = isinstance(type_, VectorType) and rng.random() < 0.5
                    shape = (
                        type_
                        if vector
                        else type_.component
                        if isinstance(type_, VectorType)
                        else type_
                    )
                    amount = exprs.expression(_narrow(shape, kind), depth + 1)
                return Binary(type_, op, left, amount)
            right = self.value(type_, depth + 1)
            return Binary(type_, op, left, right)
        if draw < 0.75:
            unary = UnaryOp.NEG if rng.random() < 0.5 else UnaryOp.BIT_NOT
            return Unary(type_, unary, self.value(type_, depth + 1))
        if draw < 0.85:
            name = rng.choice(
                ("min", "max") if type_.kind is ScalarKind.UINT else ("min", "max", "abs")
            )
            count = 1 if name == "abs" else 2
            args = tuple(self.value(type_, depth + 1) for _ in range(count))
            return Call(type_, name, args, CallKind.BUILTIN)
        return self._widened(type_, depth)

    def _leaf(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        if self.rng.random() < 0.5:
            return self._widened(type_, depth)
        values = self._literals(type_)
        literal = Literal(type_.component if isinstance(type_, VectorType) else type_, 0)
        literal = Literal(literal.type, self.rng.choice(values))
        if isinstance(type_, VectorType):
            if self.rng.random() < 0.5:
                return Construct(type_, (literal,))
            parts = [Literal(literal.type, self.rng.choice(values)) for _ in range(type_.size)]
            return Construct(type_, tuple(parts))
        return literal

    def _widened(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A 32-bit int or uint expression converted up (sign- or zero-extended)."""
        kind = self.rng.choice(_INTEGER_KINDS)
        narrow = _narrow(type_, kind)
        return Construct(type_, (self.exprs.expression(narrow, depth + 1),))


_INTEGER_KINDS = (ScalarKind.INT, ScalarKind.UINT)


def _narrow(type_: ScalarType | VectorType, kind: ScalarKind) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(kind, type_.size)
    return INT if kind is ScalarKind.INT else UINT
