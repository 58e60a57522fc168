"""Small constructors for the IR nodes the reconditioner writes, with types filled in."""

from __future__ import annotations

from shadersmith.analysis.builtins import find_exact, resolve
from shadersmith.analysis.typing import binary_type
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Index,
    Literal,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, UnaryOp
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    MatrixType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    element_type,
)

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
# Floats are kept to the exact set S of seed 003 section 4.3: the integers x with
# -2^24 + 1 < x < 2^24 - 1, zero excepted. Every magnitude of EXACT_LIMIT or more, and every
# rounded result, is caught by comparing with EXACT_LIMIT, which float32 holds exactly.
EXACT_LIMIT = 16777215.0
# float16_t's exact set (GL_EXT_shader_explicit_arithmetic_types_float16, WGSL f16): the
# integers of magnitude 1 to 2047. binary16 holds every integer up to 2^11 = 2048 and no
# odd one above: for x, y of S16, x + y, x - y, x * y are exact below 2048 in magnitude,
# and every rounding (or an overflow to infinity) keeps a larger result at 2048 or more,
# which comparing with HALF_EXACT_LIMIT (a half holds it exactly) catches.
HALF_EXACT_LIMIT = 2048.0


def exact_limit(type_: Type) -> float:
    """The bound of the exact set at `type_`'s float width: S16's for a half, else S's
    (doubles hold S, as floats do)."""
    bits = getattr(type_, "bits", 32)
    return HALF_EXACT_LIMIT if bits == 16 else EXACT_LIMIT


FLOAT_DEFAULT = 10.0


def literal(kind: ScalarKind, value: int | float | bool) -> Literal:
    if kind is ScalarKind.BOOL:
        return Literal(BOOL, bool(value))
    if kind is ScalarKind.FLOAT:
        return Literal(FLOAT, float(value))
    if kind is ScalarKind.UINT:
        return Literal(UINT, int(value) & 0xFFFFFFFF)
    return Literal(INT, int(value))


def int_lit(value: int) -> Literal:
    return Literal(INT, value)


def float_lit(value: float) -> Literal:
    return Literal(FLOAT, value)


def bool_lit(value: bool) -> Literal:
    return Literal(BOOL, value)


def var(name: str, type_: Type) -> VariableRef:
    return VariableRef(type_, name)


def scalar_kind(type_: Type) -> ScalarKind:
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    if isinstance(type_, MatrixType):
        return ScalarKind.FLOAT
    raise TypeError(f"{type_} has no scalar kind")


def splat(type_: Type, value: int | float | bool) -> Expression:
    """`value` as a `type_`: a literal for a scalar, `T(value)` for a vector or matrix.
    A matrix from one scalar is diagonal, so matrices are built from full columns."""
    if isinstance(type_, ScalarType | VectorType) and type_.bits != 32:
        # A 64-bit integer's literal (`2l`): the 32-bit one would need a conversion.
        # A double's literal (`10.0lf`) likewise.
        number = float(value) if type_.kind is ScalarKind.FLOAT else int(value)
        wide = Literal(ScalarType(type_.kind, type_.bits), number)
        return wide if isinstance(type_, ScalarType) else Construct(type_, (wide,))
    if isinstance(type_, ScalarType):
        return literal(type_.kind, value)
    if isinstance(type_, VectorType):
        return Construct(type_, (literal(type_.kind, value),))
    if isinstance(type_, MatrixType):
        column = splat(type_.column_type, value)
        return Construct(type_, (column,) * type_.columns)
    raise TypeError(f"cannot splat into {type_}")


def binary(op: BinaryOp, left: Expression, right: Expression) -> Binary:
    result = binary_type(op, left.type, right.type)
    if isinstance(result, str):
        raise TypeError(result)
    return Binary(result, op, left, right)


def logical_or(*conditions: Expression) -> Expression:
    result = conditions[0]
    for condition in conditions[1:]:
        result = Binary(BOOL, BinaryOp.LOGICAL_OR, result, condition)
    return result


def logical_and(*conditions: Expression) -> Expression:
    result = conditions[0]
    for condition in conditions[1:]:
        result = Binary(BOOL, BinaryOp.LOGICAL_AND, result, condition)
    return result


def logical_not(condition: Expression) -> Expression:
    return Unary(BOOL, UnaryOp.NOT, condition)


def builtin(name: str, *args: Expression) -> Call:
    types = tuple(a.type for a in args)
    overload = find_exact(name, types)
    if overload is None and any(
        isinstance(t, ScalarType | VectorType) and t.bits != 32 for t in types
    ):
        # The exact table holds the 32-bit overloads the generators offer; a 64-bit
        # integer's min, abs, lessThan, mix ... are exact too: the whole library's
        # overload taking exactly these types.
        overload = resolve(name, types)
    if overload is None:
        raise TypeError(f"no overload {name}({', '.join(str(a.type) for a in args)})")
    return Call(overload.result, name, tuple(args), CallKind.BUILTIN)


_COMPONENTWISE_COMPARISON = {
    BinaryOp.LT: "lessThan",
    BinaryOp.LE: "lessThanEqual",
    BinaryOp.GT: "greaterThan",
    BinaryOp.GE: "greaterThanEqual",
    BinaryOp.EQ: "equal",
    BinaryOp.NE: "notEqual",
}


def compare(op: BinaryOp, x: Expression, y: Expression) -> Expression:
    """Componentwise comparison: a bool for scalars, a bvec for vectors (a scalar `y` is
    splatted to `x`'s type)."""
    if isinstance(x.type, VectorType):
        if isinstance(y.type, ScalarType):
            y = Construct(x.type, (y,))
        return builtin(_COMPONENTWISE_COMPARISON[op], x, y)
    if isinstance(y.type, VectorType):
        return compare(op, Construct(y.type, (x,)), y)
    return Binary(BOOL, op, x, y)


def any_of(condition: Expression) -> Expression:
    """True when any component holds: `any(bv)` for a bvec, the bool itself otherwise."""
    if isinstance(condition.type, VectorType):
        return builtin("any", condition)
    return condition


def all_of(condition: Expression) -> Expression:
    if isinstance(condition.type, VectorType):
        return builtin("all", condition)
    return condition


def select(condition: Expression, if_true: Expression, if_false: Expression) -> Expression:
    """Per component: `if_true` where `condition` holds, else `if_false`. A bvec condition
    uses `mix`, which selects exactly (no arithmetic on the values)."""
    if isinstance(condition.type, VectorType):
        if isinstance(if_true.type, ScalarType):
            if_true = Construct(if_false.type, (if_true,))
        return builtin("mix", if_false, if_true, condition)
    return Ternary(if_false.type, condition, if_true, if_false)


def ternary(condition: Expression, if_true: Expression, if_false: Expression) -> Ternary:
    return Ternary(if_true.type, condition, if_true, if_false)


def index(base: Expression, position: int) -> Index:
    return Index(element_type(base.type), base, int_lit(position))


def assign(target: Expression, value: Expression, op: AssignOp = AssignOp.ASSIGN) -> Assign:
    return Assign(target.type, op, target, value)
