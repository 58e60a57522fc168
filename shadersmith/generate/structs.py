"""User structs in generated programs (issue 20, part 1).

A program declares up to `MAX_STRUCTS` struct types, made as variables need them: each
has one to four fields of scalar, vector and array types and, once another struct
exists, that struct or an array of it (so structs nest, and every struct is declared
after the ones it holds). A struct type, or an array of one, is then a type like any
other for locals, globals, `const` declarations and parameters (in, out and inout), and
a struct is a user function's return type at times.

A struct value is a variable (through any access path: `a[i].inner`), a constructor
`S(e0, e1, ...)`, a call of a user function returning it, or in GLSL `c ? s : t`
(WGSL's select takes no struct). Scalars and vectors come out of struct variables as
out of any other (the scope's providers see through fields: scope.py); besides, a value
is read out of a struct rvalue (`S(1, v).f_1.y`, `func_2(x).f_0[1]`), by literal
indices only, as matrices.py reads an rvalue matrix, and in GLSL a bool is a struct
comparison `s == t` or `s != t`. A struct is assigned whole with `=`, or field by field.

Every choice is drawn from the generator's stream, and only when structs are on
(`SmithOptions.struct_probability` > 0), so programs without them are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.generate.scope import read_provides
from shadersmith.ir.expressions import (
    Binary,
    Construct,
    Expression,
    Index,
    Literal,
    Member,
    Ternary,
)
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.types import (
    BOOL,
    INT,
    ArrayType,
    MatrixType,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
)

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

# Struct types one program declares at most; each new one may hold the earlier ones.
MAX_STRUCTS = 3
MAX_FIELDS = 4


class StructExpressions:
    """The struct types and struct forms of one program's expression generator."""

    def __init__(self, exprs: ExpressionGenerator) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.ctx = exprs.ctx
        self.choices = exprs.ctx.choices
        profile = exprs.ctx.profile
        self.probability = exprs.ctx.options.struct_probability
        self.comparisons = profile.struct_comparison
        self.selections = profile.struct_selection
        # The struct types declared so far, in declaration order (Program.structs).
        self.declared: list[StructType] = []

    def chance(self) -> bool:
        return self.rng.random() < self.probability

    def _count(self, form: str) -> None:
        self.choices[f"struct:{form}"] += 1

    # ------------------------------------------------------------ types

    def random_type(self, arrays: bool = True) -> StructType | ArrayType:
        """A declared struct type (a new one at times), or an array of one."""
        rng = self.rng
        if not self.declared or (len(self.declared) < MAX_STRUCTS and rng.random() < 0.35):
            struct = self._new_struct()
        else:
            struct = rng.choice(self.declared)
        if arrays and rng.random() < 0.2:
            self._count("array")
            return ArrayType(struct, rng.randint(1, 3))
        return struct

    def random_struct(self) -> StructType:
        struct = self.random_type(arrays=False)
        assert isinstance(struct, StructType)
        return struct

    def _new_struct(self) -> StructType:
        rng = self.rng
        fields: list[StructField] = []
        for _ in range(rng.randint(1, MAX_FIELDS)):
            fields.append(StructField(self.ctx.fresh_name("field"), self._field_type()))
        struct = StructType(self.ctx.fresh_name("Struct"), tuple(fields))
        self.declared.append(struct)
        self._count("declared")
        if any(isinstance(_innermost(f.type), StructType) for f in fields):
            self._count("nested")
        return struct

    def _field_type(self) -> Type:
        rng = self.rng
        draw = rng.random()
        if self.declared and draw < 0.25:
            inner = rng.choice(self.declared)
            if rng.random() < 0.3:
                return ArrayType(inner, rng.randint(1, 3))
            return inner
        matrices = self.exprs.matrices
        if matrices is not None and draw > 0.9:
            return matrices.random_type()
        element = self.exprs.random_value_type()
        if rng.random() < 0.2:
            return ArrayType(element, rng.randint(1, self.ctx.options.max_array_length))
        return element

    # ------------------------------------------------------------ struct values

    def value(self, type_: StructType, depth: int) -> Expression:
        """A random expression of struct type `type_`."""
        exprs = self.exprs
        rng = self.rng
        if depth >= exprs.max_depth or rng.random() < 0.3 + 0.15 * depth:
            return self.leaf(type_, depth)
        draw = rng.random()
        if draw < 0.3 and not exprs.constant_mode:
            call = exprs.user_call(type_, depth + 1)
            if call is not None:
                self._count("call")
                return call
        if draw > 0.85 and self.selections and not exprs.constant_mode:
            self._count("select")
            return Ternary(
                type_,
                exprs.condition(depth + 1),
                self.value(type_, depth + 1),
                self.value(type_, depth + 1),
            )
        return self.constructor(type_, depth + 1)

    def leaf(self, type_: StructType, depth: int) -> Expression:
        """A struct variable, or a constructor of shallow values."""
        exprs = self.exprs
        if self.rng.random() < 0.6:
            providers = exprs.scope.providers(exprs.read_access(), type_)
            if providers:
                variable = self.rng.choice(providers)
                return exprs.read_path(variable.access, variable.type, type_, depth + 1)
        return self.constructor(type_, exprs.max_depth)

    def constructor(self, type_: StructType, depth: int) -> Expression:
        self._count("constructor")
        args = tuple(self.exprs.expression(f.type, depth) for f in type_.fields)
        return Construct(type_, args)

    # ------------------------------------------------------------ values from structs

    def from_struct(self, type_: ScalarType | VectorType, depth: int) -> Expression | None:
        """A value of `type_` read out of a struct rvalue, or in GLSL a bool comparing
        two structs; None when no declared struct holds `type_`."""
        rng = self.rng
        if type_ == BOOL and self.comparisons and self.declared and rng.random() < 0.4:
            self._count("comparison")
            struct = rng.choice(self.declared)
            op = BinaryOp.EQ if rng.random() < 0.5 else BinaryOp.NE
            return Binary(BOOL, op, self.value(struct, depth), self.value(struct, depth))
        holding = [s for s in self.declared if type_ in read_provides(s)]
        if not holding:
            return None
        struct = rng.choice(holding)
        source = self._rvalue(struct, depth)
        self._count("rvalue_member")
        return self.rvalue_path(source, struct, type_)

    def _rvalue(self, type_: StructType, depth: int) -> Expression:
        """A struct value that is not a variable: a call, or a constructor."""
        if self.rng.random() < 0.4:
            call = self.exprs.user_call(type_, depth)
            if call is not None:
                return call
        return self.constructor(type_, depth)

    def rvalue_path(self, base: Expression, base_type: Type, target: Type) -> Expression:
        """`target` read out of the rvalue `base` by members, literal indices and
        swizzles (a dynamic index into an rvalue is where front-ends differ)."""
        rng = self.rng
        while base_type != target:
            if isinstance(base_type, StructType):
                field = rng.choice(_fields_providing(base_type, target))
                base = Member(field.type, base, field.name)
                base_type = field.type
            elif isinstance(base_type, ArrayType | MatrixType):
                element = (
                    base_type.element if isinstance(base_type, ArrayType) else base_type.column_type
                )
                bound = base_type.length if isinstance(base_type, ArrayType) else base_type.columns
                assert bound is not None
                base = Index(element, base, Literal(INT, rng.randrange(bound)))
                base_type = element
            else:
                assert isinstance(base_type, VectorType)
                return self.exprs.read_swizzle(base, base_type.size, target)
        return base


def _innermost(type_: Type) -> Type:
    while isinstance(type_, ArrayType):
        type_ = type_.element
    return type_


def _fields_providing(struct: StructType, target: Type) -> list[StructField]:
    return [f for f in struct.fields if target in read_provides(f.type)]
