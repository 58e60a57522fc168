"""Opaque values: constants the compiler cannot see (GraphicsFuzz, seed 002 section 3).

A transformation that must be semantics-preserving guards its injected code with values
that are fixed (0, 1, true, false) but that a compiler cannot fold, because they come from
an input block the test fills at run time: `_opaque.one` is 1 in every run, yet to the
compiler it is any int. Dead code under `if (opaque_false)` must therefore be compiled,
and `x + opaque_zero` cannot be simplified away before the optimiser has proven nothing.

The block is a read-only storage buffer in a compute shader and a std140 uniform block in
a fragment shader (as the generator's own inputs are), bound after every other block.

Synthesised values (`OpaqueValues` with a stream, the plan parameter `opaque` = 2): as
GraphicsFuzz does, a value is built from the block's fields by expressions whose result
the transformation knows, `abs(-_opaque.one)`, `min(x, y)`, `bitCount(_opaque.uone)`,
`dot(vec2(a, b), vec2(c, d))`, `int(gl_FragCoord.x) >> 16`, `gl_NumWorkGroups.x >= 1u`,
comparisons, selections and swizzles of them, a few levels deep. Every value stays where
the reference interpreter's sanitizer checks it: integers are small (nothing wraps),
float operands are in the exact set S of nonzero integers (interp/exactness.py), so `+`,
`*` and `dot` are exact on every implementation, and `gl_FragCoord` (a pixel centre,
x.5) is only compared or truncated, never used in float arithmetic. `length(normalize(v))`
rounded, GraphicsFuzz's favourite one, is not made: the interpreter has neither built-in,
and its sanitizer allows no float arithmetic outside S. In a compute shader only uniform
sources are used (the block, `gl_NumWorkGroups`), so a guard around a barrier stays
uniform to every compiler's analysis; a fragment shader also gets `gl_FragCoord`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from shadersmith.ir.expressions import (
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Literal,
    Member,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.program import BufferAccess, BufferField, Program, Stage, StorageBuffer
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    VectorType,
)
from shadersmith.ir.values import BufferValues

OPAQUE_BLOCK = "_OpaqueValues"
OPAQUE_INSTANCE = "_opaque"
# field -> (type, value): the values every run gives the block.
OPAQUE_FIELDS: dict[str, tuple[ScalarType, int | float]] = {
    "zero": (INT, 0),
    "one": (INT, 1),
    "uzero": (UINT, 0),
    "uone": (UINT, 1),
    "fzero": (FLOAT, 0.0),
    "fone": (FLOAT, 1.0),
}
_STRUCT = StructType(OPAQUE_BLOCK, tuple(StructField(n, t) for n, (t, _) in OPAQUE_FIELDS.items()))

# The plan parameter `opaque`: 1 (or absent), direct loads of the block, as every plan
# made before synthesis; 2, synthesised values. Families made since synthesise by default.
DIRECT = 1
SYNTHESISED = 2


def with_opaque_block(program: Program, values: BufferValues) -> tuple[Program, BufferValues]:
    """`program` with the opaque block declared (once) and its values."""
    if any(b.block_name == OPAQUE_BLOCK for b in program.buffers):
        return program, values
    binding = 1 + max((b.binding for b in program.buffers), default=-1)
    block = StorageBuffer(
        OPAQUE_BLOCK,
        OPAQUE_INSTANCE,
        binding,
        tuple(BufferField(n, t) for n, (t, _) in OPAQUE_FIELDS.items()),
        BufferAccess.INPUT,
        readonly=True,
        uniform=program.stage is Stage.FRAGMENT,
    )
    extended = dataclasses.replace(program, buffers=(*program.buffers, block))
    new_values = dict(values)
    new_values[OPAQUE_BLOCK] = {n: v for n, (_, v) in OPAQUE_FIELDS.items()}
    return extended, new_values


def opaque(field: str) -> Expression:
    """`_opaque.<field>`."""
    return Member(OPAQUE_FIELDS[field][0], VariableRef(_STRUCT, OPAQUE_INSTANCE), field)


def opaque_zero(kind: ScalarKind) -> Expression:
    return opaque(
        {ScalarKind.INT: "zero", ScalarKind.UINT: "uzero", ScalarKind.FLOAT: "fzero"}[kind]
    )


def opaque_one(kind: ScalarKind) -> Expression:
    return opaque({ScalarKind.INT: "one", ScalarKind.UINT: "uone", ScalarKind.FLOAT: "fone"}[kind])


def opaque_true() -> Expression:
    """`(_opaque.one == 1)`: true in every run."""
    return Binary(BOOL, BinaryOp.EQ, opaque("one"), Literal(INT, 1))


def opaque_false() -> Expression:
    """`(_opaque.zero != 0)`: false in every run."""
    return Binary(BOOL, BinaryOp.NE, opaque("zero"), Literal(INT, 0))


# ---------------------------------------------------------------------------- synthesis

_FRAG_COORD = VariableRef(VectorType(ScalarKind.FLOAT, 4), "gl_FragCoord")
_NUM_WORK_GROUPS = VariableRef(VectorType(ScalarKind.UINT, 3), "gl_NumWorkGroups")
_VEC2 = VectorType(ScalarKind.FLOAT, 2)
_SIGNED_RANGE = 6  # synthesised integers stay within +-(this * 4): nothing wraps
_COMPARISONS = (BinaryOp.LT, BinaryOp.LE, BinaryOp.GT, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE)


def _holds(op: BinaryOp, a: float, b: float) -> bool:
    return {
        BinaryOp.LT: a < b,
        BinaryOp.LE: a <= b,
        BinaryOp.GT: a > b,
        BinaryOp.GE: a >= b,
        BinaryOp.EQ: a == b,
        BinaryOp.NE: a != b,
    }[op]


def _builtin(type_: ScalarType | VectorType, name: str, *args: Expression) -> Call:
    return Call(type_, name, args, CallKind.BUILTIN)


def _lit(kind: ScalarKind, value: int) -> Literal:
    if kind is ScalarKind.FLOAT:
        return Literal(FLOAT, float(value))
    return Literal(ScalarType(kind), value % 2**32 if kind is ScalarKind.UINT else value)


@dataclasses.dataclass
class OpaqueValues:
    """Where one step gets its opaque values. Without a stream (`rng` None) every value
    is a direct load of the block, byte for byte what plans made before synthesis got;
    with one, each value is synthesised afresh from it (the step's own site choices
    come from another stream, so synthesis never moves them)."""

    stage: Stage
    rng: random.Random | None = None

    # ---------------------------------------------------------------- the four constants

    def true(self) -> Expression:
        return self.boolean(True)

    def false(self) -> Expression:
        return self.boolean(False)

    def zero(self, kind: ScalarKind) -> Expression:
        return self.number(kind, 0)

    def one(self, kind: ScalarKind) -> Expression:
        return self.number(kind, 1)

    def boolean(self, value: bool) -> Expression:
        if self.rng is None:
            return opaque_true() if value else opaque_false()
        return self._bool(value, self._budget())

    def number(self, kind: ScalarKind, value: int) -> Expression:
        """An int, uint or (exact integer-valued) float of `value`."""
        if self.rng is None:
            if value in (0, 1):
                return opaque_one(kind) if value else opaque_zero(kind)
            return Binary(ScalarType(kind), BinaryOp.MUL, opaque_one(kind), _lit(kind, value))
        if kind is ScalarKind.FLOAT:
            return self._float(value, self._budget())
        return self._int(kind, value, self._budget())

    def _budget(self) -> int:
        assert self.rng is not None
        return self.rng.choice((0, 1, 1, 2, 2, 3))

    # ---------------------------------------------------------------- integers

    def _int_leaf(self, kind: ScalarKind, value: int) -> Expression:
        assert self.rng is not None
        type_ = ScalarType(kind)
        if value in (0, 1) and self.rng.random() < 0.4:
            if self.stage is Stage.FRAGMENT and value == 0:
                # A pixel centre's column or row is below 2^16 on every framebuffer.
                coord = Swizzle(FLOAT, _FRAG_COORD, (self.rng.randrange(2),))
                shifted = Binary(type_, BinaryOp.SHR, Construct(type_, (coord,)), _lit(kind, 16))
                return shifted
            if self.stage is Stage.COMPUTE and value == 1:
                count = Swizzle(UINT, _NUM_WORK_GROUPS, (self.rng.randrange(3),))
                least = _builtin(UINT, "min", count, Literal(UINT, 1))
                return least if kind is ScalarKind.UINT else Construct(INT, (least,))
        if value in (0, 1):
            return opaque_one(kind) if value else opaque_zero(kind)
        return Binary(type_, BinaryOp.MUL, opaque_one(kind), _lit(kind, value))

    def _int(self, kind: ScalarKind, value: int, budget: int) -> Expression:
        rng = self.rng
        assert rng is not None
        if budget <= 0 or rng.random() < 0.25:
            return self._int_leaf(kind, value)
        type_ = ScalarType(kind)
        signed = kind is ScalarKind.INT
        low = -_SIGNED_RANGE if signed else 0

        def sub(v: int) -> Expression:
            return self._int(kind, v, budget - 1)

        forms: list[Callable[[], Expression]] = []
        a = rng.randint(low, _SIGNED_RANGE)
        if signed or value - a >= 0:
            forms.append(lambda: Binary(type_, BinaryOp.ADD, sub(a), sub(value - a)))
        if signed or value + a >= a:
            forms.append(lambda: Binary(type_, BinaryOp.SUB, sub(value + a), sub(a)))
        forms.append(lambda: Binary(type_, BinaryOp.MUL, sub(value), sub(1)))
        if value == 0:
            forms.append(lambda: Binary(type_, BinaryOp.MUL, sub(a), sub(0)))
        if signed and value != 0:
            forms.append(lambda: Unary(type_, UnaryOp.NEG, sub(-value)))
        if signed and value >= 0:
            forms.append(
                lambda: _builtin(type_, "abs", sub(-value if rng.random() < 0.6 else value))
            )
        r = rng.randint(1, 4)
        forms.append(lambda: _builtin(type_, "min", sub(value), sub(value + r)))
        if signed or value - r >= 0:
            forms.append(lambda: _builtin(type_, "max", sub(value - r), sub(value)))
        lo, hi = value - rng.randint(0, 3), value + rng.randint(1, 3)
        if signed or lo >= 0:
            forms.append(
                lambda: _builtin(type_, "clamp", sub(value), _lit(kind, lo), _lit(kind, hi))
            )
        forms.append(lambda: Binary(type_, BinaryOp.BIT_XOR, sub(value), sub(0)))
        forms.append(lambda: Binary(type_, BinaryOp.BIT_OR, sub(0), sub(value)))
        forms.append(lambda: Binary(type_, BinaryOp.SHL, sub(value), sub(0)))
        if value in (0, 1):
            other = ScalarKind.UINT if signed else ScalarKind.INT

            def bit_count() -> Expression:
                counted = _builtin(INT, "bitCount", self._int(other, value, budget - 1))
                return counted if signed else Construct(UINT, (counted,))

            forms.append(bit_count)
            forms.append(lambda: Construct(type_, (self._bool(value == 1, budget - 1),)))
        if value == 0:

            def lowest_set() -> Expression:
                found = _builtin(INT, "findLSB", self._int(kind, 1, budget - 1))
                return found if signed else Construct(UINT, (found,))

            forms.append(lowest_set)
        if value >= 0:
            other = ScalarKind.UINT if signed else ScalarKind.INT
            forms.append(lambda: Construct(type_, (self._int(other, value, budget - 1),)))
        forms.append(lambda: Construct(type_, (self._float(value, budget - 1),)))
        forms.append(lambda: self._select(type_, lambda: sub(value), lambda: sub(a), budget))
        forms.append(lambda: self._swizzled(kind, value, budget, sub))
        return rng.choice(forms)()

    def _select(
        self,
        type_: ScalarType,
        taken: Callable[[], Expression],
        other: Callable[[], Expression],
        budget: int,
    ) -> Expression:
        assert self.rng is not None
        condition = self.rng.random() < 0.5
        chosen, dropped = taken(), other()
        if condition:
            return Ternary(type_, self._bool(True, budget - 1), chosen, dropped)
        return Ternary(type_, self._bool(False, budget - 1), dropped, chosen)

    def _swizzled(
        self, kind: ScalarKind, value: int, budget: int, sub: Callable[[int], Expression]
    ) -> Expression:
        """`ivec2(v, w).x`, `uvec3(w, w, v).z`, ..."""
        assert self.rng is not None
        size = self.rng.randint(2, 3)
        at = self.rng.randrange(size)
        parts = tuple(sub(value) if i == at else sub(self.rng.randint(0, 3)) for i in range(size))
        return Swizzle(ScalarType(kind), Construct(VectorType(kind, size), parts), (at,))

    # ---------------------------------------------------------------- floats

    def _float(self, value: int, budget: int) -> Expression:
        """A float holding the integer `value`; each operand of float arithmetic is a
        nonzero integer in S (interp/exactness.py), so every result is exact."""
        rng = self.rng
        assert rng is not None
        if budget <= 0 or rng.random() < 0.25:
            if value in (0, 1) and rng.random() < 0.6:
                return opaque_one(ScalarKind.FLOAT) if value else opaque_zero(ScalarKind.FLOAT)
            return Construct(FLOAT, (self._int(ScalarKind.INT, value, budget - 1),))

        def sub(v: int) -> Expression:
            return self._float(v, budget - 1)

        def nonzero() -> int:
            return rng.choice((-3, -2, -1, 1, 2, 3))

        forms: list[Callable[[], Expression]] = [
            lambda: Construct(FLOAT, (self._int(ScalarKind.INT, value, budget - 1),)),
            lambda: self._dot(value, budget),
        ]
        a = nonzero()
        if value - a != 0:
            forms.append(lambda: Binary(FLOAT, BinaryOp.ADD, sub(a), sub(value - a)))
        if value != 0:
            forms.append(lambda: Binary(FLOAT, BinaryOp.MUL, sub(value), sub(1)))
            forms.append(lambda: Binary(FLOAT, BinaryOp.MUL, sub(-value), sub(-1)))
            forms.append(lambda: Unary(FLOAT, UnaryOp.NEG, sub(-value)))
            name = rng.choice(("round", "floor", "ceil", "trunc"))
            forms.append(lambda: _builtin(FLOAT, name, sub(value)))
            r = rng.randint(1, 3)
            if value + r != 0:
                forms.append(lambda: _builtin(FLOAT, "min", sub(value), sub(value + r)))
            if value - r != 0:
                forms.append(lambda: _builtin(FLOAT, "max", sub(value - r), sub(value)))
        if value > 0:
            forms.append(lambda: _builtin(FLOAT, "abs", sub(-value)))
        forms.append(lambda: self._select(FLOAT, lambda: sub(value), lambda: sub(a), budget))
        return rng.choice(forms)()

    def _dot(self, value: int, budget: int) -> Expression:
        """`dot(vec2(a, b), vec2(c, d))` with a*c + b*d = value, a, b, c, d nonzero."""
        rng = self.rng
        assert rng is not None
        while True:
            a, c = rng.choice((-2, -1, 1, 2)), rng.choice((-2, -1, 1, 2))
            rest = value - a * c
            b = rng.choice((-1, 1)) if rest % 2 else rng.choice((-2, -1, 1, 2))
            if rest != 0 and rest % b == 0:
                d = rest // b
                break

        def f(v: int) -> Expression:
            return self._float(v, budget - 1)

        left = Construct(_VEC2, (f(a), f(b)))
        right = Construct(_VEC2, (f(c), f(d)))
        return _builtin(FLOAT, "dot", left, right)

    # ---------------------------------------------------------------- booleans

    def _bool_leaf(self, value: bool) -> Expression:
        assert self.rng is not None
        if self.rng.random() < 0.4:
            if self.stage is Stage.FRAGMENT:
                coord = Swizzle(FLOAT, _FRAG_COORD, (self.rng.randrange(2),))
                op = BinaryOp.GE if value else BinaryOp.LT
                return Binary(BOOL, op, coord, Literal(FLOAT, 0.0))
            count = Swizzle(UINT, _NUM_WORK_GROUPS, (self.rng.randrange(3),))
            op = BinaryOp.NE if value else BinaryOp.EQ
            return Binary(BOOL, op, count, Literal(UINT, 0))
        return opaque_true() if value else opaque_false()

    def _bool(self, value: bool, budget: int) -> Expression:
        rng = self.rng
        assert rng is not None
        if budget <= 0 or rng.random() < 0.25:
            return self._bool_leaf(value)

        def sub(v: bool) -> Expression:
            return self._bool(v, budget - 1)

        def compare(kind: ScalarKind) -> Expression:
            low = 0 if kind is ScalarKind.UINT else -3
            a, b = rng.randint(low, 3), rng.randint(low, 3)
            wanted = [op for op in _COMPARISONS if _holds(op, a, b) == value]
            op = rng.choice(wanted)
            if kind is ScalarKind.FLOAT:
                return Binary(BOOL, op, self._float(a, budget - 1), self._float(b, budget - 1))
            return Binary(BOOL, op, self._int(kind, a, budget - 1), self._int(kind, b, budget - 1))

        def vector_all() -> Expression:
            # all(equal(ivec2(x, y), ivec2(1, 0))) is true; any(notEqual(...)) false.
            kind = rng.choice((ScalarKind.INT, ScalarKind.UINT))
            values = (rng.randint(0, 3), rng.randint(0, 3))
            vector = VectorType(kind, 2)
            made = Construct(vector, tuple(self._int(kind, v, budget - 1) for v in values))
            literal = Construct(vector, tuple(_lit(kind, v) for v in values))
            bools = VectorType(ScalarKind.BOOL, 2)
            if value:
                return _builtin(BOOL, "all", _builtin(bools, "equal", made, literal))
            return _builtin(BOOL, "any", _builtin(bools, "notEqual", made, literal))

        forms: list[Callable[[], Expression]] = [
            lambda: Unary(BOOL, UnaryOp.NOT, sub(not value)),
            lambda: compare(ScalarKind.INT),
            lambda: compare(ScalarKind.UINT),
            lambda: compare(ScalarKind.FLOAT),
            vector_all,
        ]
        other = rng.random() < 0.5
        if value:
            forms.append(lambda: Binary(BOOL, BinaryOp.LOGICAL_AND, sub(True), sub(True)))
            forms.append(lambda: Binary(BOOL, BinaryOp.LOGICAL_OR, sub(other), sub(not other)))
        else:
            forms.append(lambda: Binary(BOOL, BinaryOp.LOGICAL_AND, sub(other), sub(not other)))
            forms.append(lambda: Binary(BOOL, BinaryOp.LOGICAL_OR, sub(False), sub(False)))
        forms.append(lambda: Binary(BOOL, BinaryOp.EQ, sub(other), sub(other == value)))
        return rng.choice(forms)()


def opaque_values(
    program: Program, seed: int, opaque: int | None, default: int = DIRECT
) -> OpaqueValues:
    """The opaque values of one step: synthesised when its parameter `opaque` (or, where
    it has none, `default`) says so, from a stream of its own seeded by the step's seed."""
    version = default if opaque is None else opaque
    if version not in (DIRECT, SYNTHESISED):
        raise ValueError(f"unknown opaque-value version {version}")
    if version == DIRECT:
        return OpaqueValues(program.stage)
    return OpaqueValues(program.stage, random.Random(f"opaque-{seed}"))
