"""Expressions of the shader IR.

Every expression carries its type: whoever builds a node (generator, front-end type
checker, mutator) knows it, and every consumer (emitter, reconditioner, interpreter)
needs it, so it is stored once rather than re-inferred by each. Nodes are immutable;
a change builds a new node (see `walk.py`). Child sequences are tuples so that nodes
hash and compare by value.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.types import ScalarType, Type


@dataclass(frozen=True, slots=True)
class Literal:
    """A scalar constant. Int and uint values are Python ints (uint in [0, 2^32)),
    floats are Python floats holding a float32 value, bools are bools."""

    type: ScalarType
    value: int | float | bool


@dataclass(frozen=True, slots=True)
class VariableRef:
    type: Type
    name: str


@dataclass(frozen=True, slots=True)
class Unary:
    type: Type
    op: UnaryOp
    operand: Expression


@dataclass(frozen=True, slots=True)
class IncDec:
    """`++x`, `--x`, `x++`, `x--` on an l-value."""

    type: Type
    op: IncDecOp
    target: Expression


@dataclass(frozen=True, slots=True)
class Binary:
    type: Type
    op: BinaryOp
    left: Expression
    right: Expression


@dataclass(frozen=True, slots=True)
class Assign:
    """Assignment or compound assignment used as an expression (its value is the new value)."""

    type: Type
    op: AssignOp
    target: Expression
    value: Expression


@dataclass(frozen=True, slots=True)
class Ternary:
    type: Type
    condition: Expression
    if_true: Expression
    if_false: Expression


@dataclass(frozen=True, slots=True)
class Construct:
    """A constructor `T(args)`: vectors, matrices, arrays, structs, and scalar
    conversions such as `int(u)` (a conversion is a scalar constructor of one argument)."""

    type: Type
    args: tuple[Expression, ...]


class SwizzleSet(enum.Enum):
    """The three equivalent component name sets; kept so that the emitted text varies."""

    XYZW = "xyzw"
    RGBA = "rgba"
    STPQ = "stpq"


@dataclass(frozen=True, slots=True)
class Swizzle:
    """`base.xzy`: `components` are indices into the base vector (0 = x)."""

    type: Type
    base: Expression
    components: tuple[int, ...]
    names: SwizzleSet = SwizzleSet.XYZW

    @property
    def text(self) -> str:
        return "".join(self.names.value[c] for c in self.components)

    @property
    def is_writable(self) -> bool:
        """A swizzle may be assigned to only if no component repeats."""
        return len(set(self.components)) == len(self.components)


@dataclass(frozen=True, slots=True)
class Index:
    """`base[index]` on an array, vector or matrix."""

    type: Type
    base: Expression
    index: Expression


@dataclass(frozen=True, slots=True)
class Member:
    """`base.field` on a struct, or on a buffer block with an instance name."""

    type: Type
    base: Expression
    field: str


class CallKind(enum.Enum):
    BUILTIN = "builtin"
    USER = "user"


@dataclass(frozen=True, slots=True)
class Call:
    type: Type
    callee: str
    args: tuple[Expression, ...]
    kind: CallKind = CallKind.USER


@dataclass(frozen=True, slots=True)
class Sequence:
    """The comma operator `(a, b)`: evaluates in order, yields the last value."""

    type: Type
    items: tuple[Expression, ...]


@dataclass(frozen=True, slots=True)
class ArrayLength:
    """`base.length()`: the length of an array (also of a runtime-sized buffer array), or
    the component count of a vector or the column count of a matrix. Type int."""

    type: Type
    base: Expression


Expression = (
    Literal
    | VariableRef
    | Unary
    | IncDec
    | Binary
    | Assign
    | Ternary
    | Construct
    | Swizzle
    | Index
    | Member
    | Call
    | Sequence
    | ArrayLength
)

EXPRESSION_CLASSES: tuple[type, ...] = (
    Literal,
    VariableRef,
    Unary,
    IncDec,
    Binary,
    Assign,
    Ternary,
    Construct,
    Swizzle,
    Index,
    Member,
    Call,
    Sequence,
    ArrayLength,
)


def is_lvalue(expr: Expression) -> bool:
    """Whether `expr` names storage that can be written (constness is checked elsewhere)."""
    if isinstance(expr, VariableRef):
        return True
    if isinstance(expr, Swizzle):
        return expr.is_writable and is_lvalue(expr.base)
    if isinstance(expr, Index | Member):
        return is_lvalue(expr.base)
    return False


def root_variable(expr: Expression) -> str | None:
    """The variable an l-value expression ultimately writes, e.g. `a` for `a[i].x`."""
    while isinstance(expr, Swizzle | Index | Member):
        expr = expr.base
    if isinstance(expr, VariableRef):
        return expr.name
    return None
