"""The typing table of GLSL operators, constructors and implicit conversions: which operand
types each accepts and what it gives, as pure functions of types.

One table for every user: the front-end checks what it reads (with the implicit
conversions of the shader's language version, which it then makes explicit), the
reconditioner types the nodes it builds, and the generators ask the other way round which
operand types give the type they need (`operands_giving`, `unary_ops_giving`). Built-in
functions are typed by `shadersmith.analysis.builtins`, with the same conversions.

A rule returns the result type, or a message saying why the operands are refused (the
front-end turns it into a GLSLTypeError at the operator). The rules mirror GLSL 4.60
section 5; implicit conversions are section 4.1.10. The IR never holds an implicit
conversion, and our own emitters never rely on one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shadersmith.ir.operators import AssignOp, BinaryOp, UnaryOp
from shadersmith.ir.types import (
    BOOL,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
    VoidType,
)

Result = Type | str


def scalar_of(type_: Type) -> ScalarType | None:
    """The component type of a scalar, vector or matrix (with its width); None otherwise."""
    if isinstance(type_, ScalarType):
        return type_
    if isinstance(type_, VectorType):
        return type_.component
    if isinstance(type_, MatrixType):
        return ScalarType(ScalarKind.FLOAT, type_.bits)
    return None


def with_scalar(type_: Type, scalar: ScalarType) -> Type:
    """`type_`'s shape with `scalar` components: (ivec3, float) -> vec3."""
    if isinstance(type_, ScalarType):
        return scalar
    if isinstance(type_, VectorType):
        return VectorType(scalar.kind, type_.size, scalar.bits)
    if isinstance(type_, MatrixType) and scalar.kind is ScalarKind.FLOAT:
        return MatrixType(type_.columns, type_.rows, scalar.bits)
    raise TypeError(f"{type_} has no {scalar} form")


# ---------------------------------------------------------------- implicit conversions

_I32 = ScalarType(ScalarKind.INT)
_U32 = ScalarType(ScalarKind.UINT)
_F32 = ScalarType(ScalarKind.FLOAT)
_F64 = ScalarType(ScalarKind.FLOAT, 64)
_I64 = ScalarType(ScalarKind.INT, 64)
_U64 = ScalarType(ScalarKind.UINT, 64)

# Component conversions GLSL 4.00 (and the int64 extension) make implicitly, by source.
_IMPLICIT: dict[ScalarType, frozenset[ScalarType]] = {
    _I32: frozenset({_U32, _F32, _F64, _I64, _U64}),
    _U32: frozenset({_F32, _F64, _U64}),
    _F32: frozenset({_F64}),
    _I64: frozenset({_U64, _F64}),
    _U64: frozenset({_F64}),
}


def _small_integer_conversions() -> dict[ScalarType, frozenset[ScalarType]]:
    """GL_EXT_shader_explicit_arithmetic_types' implicit conversions of int8_t ...
    uint16_t: to an integer at least as wide (a signed one to the unsigned of its width
    too, as int to uint) and to float and double. Our emitters never rely on them."""
    table: dict[ScalarType, frozenset[ScalarType]] = {}
    for bits in (8, 16):
        for kind in (ScalarKind.INT, ScalarKind.UINT):
            targets = {_F32, _F64}
            for wider in (8, 16, 32, 64):
                for other in (ScalarKind.INT, ScalarKind.UINT):
                    if wider > bits or (
                        wider == bits and kind is ScalarKind.INT and other is not kind
                    ):
                        targets.add(ScalarType(other, wider))
            table[ScalarType(kind, bits)] = frozenset(targets)
    return table


_IMPLICIT.update(_small_integer_conversions())
# GL_EXT_shader_explicit_arithmetic_types_float16: float16_t widens to float and double.
_IMPLICIT[ScalarType(ScalarKind.FLOAT, 16)] = frozenset({_F32, _F64})
# Before GLSL 4.00 only int and uint convert, and only to float.
_IMPLICIT_OLD: dict[ScalarType, frozenset[ScalarType]] = {
    _I32: frozenset({_F32}),
    _U32: frozenset({_F32}),
}
_CONVERTING_EXTENSIONS = frozenset(
    {"GL_ARB_gpu_shader_fp64", "GL_ARB_gpu_shader5", "GL_ARB_gpu_shader_int64"}
)


class Conversions:
    """Which implicit conversions a language version makes (ESSL and GLSL 1.10: none)."""

    def __init__(self, table: dict[ScalarType, frozenset[ScalarType]]) -> None:
        self.table = table

    @classmethod
    def for_version(cls, version: int, es: bool, extensions: frozenset[str]) -> Conversions:
        if es or version < 120:
            return cls({})
        # The fp64 and gpu_shader5 extensions bring GLSL 4.00's conversions to older versions.
        if version >= 400 or extensions & _CONVERTING_EXTENSIONS:
            return cls(_IMPLICIT)
        return cls(_IMPLICIT_OLD)

    def scalar(self, source: ScalarType, target: ScalarType) -> bool:
        return target in self.table.get(source, frozenset())

    def allows(self, source: Type, target: Type) -> bool:
        """Whether a value of `source` converts implicitly to `target` (not when equal)."""
        if isinstance(source, ScalarType) and isinstance(target, ScalarType):
            return self.scalar(source, target)
        if isinstance(source, VectorType) and isinstance(target, VectorType):
            return source.size == target.size and self.scalar(source.component, target.component)
        if isinstance(source, MatrixType) and isinstance(target, MatrixType):
            same_shape = (source.columns, source.rows) == (target.columns, target.rows)
            return same_shape and source.bits < target.bits and self.scalar(_F32, _F64)
        return False

    def common_scalar(self, left: ScalarType, right: ScalarType) -> ScalarType | None:
        """The component type both operands of a binary operator convert to."""
        if left == right:
            return left
        if self.scalar(left, right):
            return right
        if self.scalar(right, left):
            return left
        return None

    def towards(self, type_: Type, like: Type) -> Type:
        """`type_` with the components of `like` where they convert implicitly, else itself."""
        have, want = scalar_of(type_), scalar_of(like)
        if have is None or want is None or have == want or not self.scalar(have, want):
            return type_
        return with_scalar(type_, want)

    def cost(
        self, params: Sequence[Type], args: Sequence[Type], out_params: frozenset[int]
    ) -> int | None:
        """How many of `args` need an implicit conversion to `params`; None when one
        cannot convert (an `out` argument never converts) or the counts differ."""
        if len(params) != len(args):
            return None
        cost = 0
        for index, (param, arg) in enumerate(zip(params, args, strict=True)):
            if param == arg:
                continue
            if index in out_params or not self.allows(arg, param):
                return None
            cost += 1
        return cost


NO_CONVERSIONS = Conversions({})


@dataclass(frozen=True, slots=True)
class Typed:
    """An operation that type-checks: its result, and the types its operands take (which
    differ from the operands' own types where GLSL converts them implicitly)."""

    result: Type
    operands: tuple[Type, ...]


# ---------------------------------------------------------------- operators

# Operators whose operands convert to a common component type (`int + float` is a float).
_CONVERTING_OPS = frozenset(
    {
        BinaryOp.ADD,
        BinaryOp.SUB,
        BinaryOp.MUL,
        BinaryOp.DIV,
        BinaryOp.MOD,
        BinaryOp.BIT_AND,
        BinaryOp.BIT_OR,
        BinaryOp.BIT_XOR,
        BinaryOp.LT,
        BinaryOp.GT,
        BinaryOp.LE,
        BinaryOp.GE,
        BinaryOp.EQ,
        BinaryOp.NE,
    }
)
_INTEGER_ONLY_OPS = frozenset({BinaryOp.MOD, BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR})
_ORDERING_OPS = frozenset({BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE})
_SHIFT_OPS = frozenset({BinaryOp.SHL, BinaryOp.SHR})


def _arithmetic(op: BinaryOp, left: Type, right: Type) -> Result:
    ls, rs = scalar_of(left), scalar_of(right)
    if ls is None or rs is None or ls != rs or ls.kind is ScalarKind.BOOL:
        return f"operator {op.value} needs numeric operands of one kind, not {left} and {right}"
    if op in _INTEGER_ONLY_OPS and not ls.kind.is_integer:
        return f"operator {op.value} needs integer operands, not {left} and {right}"
    if left == right:
        if isinstance(left, MatrixType) and op is BinaryOp.MUL:
            return left if left.columns == left.rows else "non-square matrix product"
        return left
    if isinstance(left, ScalarType):
        return right
    if isinstance(right, ScalarType):
        return left
    if op is BinaryOp.MUL:
        return _linear_algebra(left, right)
    return f"operator {op.value} cannot combine {left} and {right}"


def _linear_algebra(left: Type, right: Type) -> Result:
    if isinstance(left, MatrixType):
        if isinstance(right, MatrixType) and left.columns == right.rows:
            return MatrixType(right.columns, left.rows, left.bits)
        if isinstance(right, VectorType) and left.columns == right.size:
            return left.column_type
    if isinstance(left, VectorType) and isinstance(right, MatrixType) and left.size == right.rows:
        return VectorType(ScalarKind.FLOAT, right.columns, right.bits)
    return f"operator * cannot combine {left} and {right}"


def _shift(op: BinaryOp, left: Type, right: Type) -> Result:
    bad = f"operator {op.value} cannot shift {left} by {right}"
    if not isinstance(left, ScalarType | VectorType) or not left.kind.is_integer:
        return bad
    if not isinstance(right, ScalarType | VectorType) or not right.kind.is_integer:
        return bad
    if isinstance(right, VectorType) and (
        not isinstance(left, VectorType) or left.size != right.size
    ):
        return bad
    return left


def _comparable(type_: Type) -> bool:
    """`==` works on every type but opaque ones (and aggregates holding them)."""
    if isinstance(type_, ArrayType):
        return _comparable(type_.element)
    if isinstance(type_, StructType):
        return all(_comparable(f.type) for f in type_.fields)
    return isinstance(type_, ScalarType | VectorType | MatrixType)


def binary_type(op: BinaryOp, left: Type, right: Type) -> Result:
    """The type of `left op right` with no implicit conversion, or why it is refused."""
    if op in _SHIFT_OPS:
        return _shift(op, left, right)
    if op in _ORDERING_OPS:
        if isinstance(left, ScalarType) and left == right and left.kind.is_numeric:
            return BOOL
        return f"operator {op.value} needs two numeric scalars of one type"
    if op in (BinaryOp.EQ, BinaryOp.NE):
        if left == right and not isinstance(left, VoidType) and _comparable(left):
            return BOOL
        return f"operator {op.value} needs operands of one type, not {left} and {right}"
    if op.is_logical:
        if left == BOOL and right == BOOL:
            return BOOL
        return f"operator {op.value} needs bool operands"
    return _arithmetic(op, left, right)


def binary_typing(
    op: BinaryOp, left: Type, right: Type, conversions: Conversions = NO_CONVERSIONS
) -> Typed | str:
    """`left op right` typed, its operands converted to a common component type where
    GLSL does it implicitly (`int * vec3` multiplies a float); or why it is refused."""
    result = binary_type(op, left, right)
    if isinstance(result, str) and op in _CONVERTING_OPS:
        ls, rs = scalar_of(left), scalar_of(right)
        if ls is not None and rs is not None and conversions.common_scalar(ls, rs) is not None:
            left, right = conversions.towards(left, right), conversions.towards(right, left)
            result = binary_type(op, left, right)
    if isinstance(result, str):
        return result
    return Typed(result, (left, right))


def compound_assign_typing(
    op: AssignOp, target: Type, value: Type, conversions: Conversions = NO_CONVERSIONS
) -> Typed | str:
    """`target op= value` typed: `target op value` must have the target's type; the value
    converts to the target's component type where GLSL does it implicitly."""
    binary = op.binary
    assert binary is not None, "plain assignment converts like an initialiser"
    result = binary_type(binary, target, value)
    if isinstance(result, str) or result != target:
        value = conversions.towards(value, target)
        result = binary_type(binary, target, value)
    if isinstance(result, str) or result != target:
        return f"cannot apply {op.value} to {target} and {value}"
    return Typed(target, (target, value))


def unary_type(op: UnaryOp, operand: Type) -> Result:
    component = scalar_of(operand)
    if op is UnaryOp.NOT:
        return BOOL if operand == BOOL else "operator ! needs a bool"
    if op is UnaryOp.BIT_NOT:
        if isinstance(operand, ScalarType | VectorType) and operand.kind.is_integer:
            return operand
        return "operator ~ needs an integer scalar or vector"
    if component is None or component.kind is ScalarKind.BOOL:
        return f"operator {op.value} needs a numeric operand, not {operand}"
    return operand


def inc_dec_ok(operand: Type) -> bool:
    """Whether `++` and `--` apply to a value of type `operand`."""
    component = scalar_of(operand)
    return component is not None and component.kind is not ScalarKind.BOOL


def ternary_typing(
    if_true: Type, if_false: Type, conversions: Conversions = NO_CONVERSIONS
) -> Typed | str:
    """`c ? if_true : if_false` typed: one branch may convert to the other's type."""
    if if_true == if_false:
        return Typed(if_true, (if_true, if_false))
    if conversions.allows(if_true, if_false):
        return Typed(if_false, (if_false, if_false))
    if conversions.allows(if_false, if_true):
        return Typed(if_true, (if_true, if_true))
    return "ternary branches differ in type"


# ---------------------------------------------------------------- the generators' direction


def operands_giving(
    op: BinaryOp, result: Type, types: Sequence[Type]
) -> tuple[tuple[Type, Type], ...]:
    """The operand types `(left, right)`, among `types`, for which `op` gives `result`
    with no implicit conversion, in a fixed order that seeded generators rely on:
    - comparisons and logical operators: two operands of one type, in the order of `types`;
    - shifts: `result` shifted by each scalar of `types`, then by each vector;
    - the others: `result` with itself, with its component, and its component with it."""
    candidates: list[tuple[Type, Type]]
    if op.is_comparison or op.is_logical:
        candidates = [(t, t) for t in types]
    elif op in _SHIFT_OPS:
        scalars = [t for t in types if isinstance(t, ScalarType)]
        vectors = [t for t in types if not isinstance(t, ScalarType)]
        candidates = [(result, t) for t in (*scalars, *vectors)]
    else:
        candidates = [(result, result)]
        component = scalar_of(result)
        if component is not None and component != result:
            candidates += [(result, component), (component, result)]
    return tuple(
        (left, right)
        for left, right in candidates
        if left in types and right in types and binary_type(op, left, right) == result
    )


def unary_ops_giving(result: Type) -> tuple[UnaryOp, ...]:
    """Unary operators whose operand, of type `result`, gives `result`."""
    return tuple(op for op in UnaryOp if unary_type(op, result) == result)


def compound_assign_values(op: AssignOp, target: Type, types: Sequence[Type]) -> tuple[Type, ...]:
    """The value types, among `types`, that `target op= value` takes with no conversion."""
    binary = op.binary
    if binary is None:
        return (target,)
    return tuple(right for left, right in operands_giving(binary, target, types) if left == target)


# ---------------------------------------------------------------- constructors


def _components(args: tuple[Type, ...]) -> int | str:
    total = 0
    for arg in args:
        if isinstance(arg, ScalarType):
            total += 1
        elif isinstance(arg, VectorType):
            total += arg.size
        elif isinstance(arg, MatrixType):
            total += arg.columns * arg.rows
        else:
            return f"a constructor cannot take {arg}"
    return total


def construct_error(target: Type, args: tuple[Type, ...]) -> str | None:
    """Why `target(args)` is not a valid constructor, or None when it is (aggregates take
    their elements exactly: the front-end converts them first)."""
    if not args:
        return f"constructor {target} needs arguments"
    if isinstance(target, ArrayType):
        if target.length is not None and len(args) != target.length:
            return f"array constructor needs {target.length} arguments, not {len(args)}"
        if any(arg != target.element for arg in args):
            return f"array constructor arguments must be {target.element}"
        return None
    if isinstance(target, StructType):
        fields = tuple(f.type for f in target.fields)
        if args == fields:
            return None
        shown = ", ".join(str(t) for t in fields)
        return f"constructor {target.name} needs fields ({shown})"
    if not isinstance(target, ScalarType | VectorType | MatrixType):
        return f"{target} has no constructor"
    counted = _components(args)
    if isinstance(counted, str):
        return counted
    if isinstance(target, ScalarType):
        return None if len(args) == 1 else "a scalar conversion takes one argument"
    if len(args) == 1 and isinstance(args[0], ScalarType):
        return None  # splat, or a diagonal matrix
    if isinstance(target, MatrixType):
        if len(args) == 1 and isinstance(args[0], MatrixType):
            return None
        if any(isinstance(arg, MatrixType) for arg in args):
            return f"constructor {target} cannot mix a matrix with other arguments"
        needed = target.columns * target.rows
    else:
        needed = target.size
        if len(args) == 1 and counted >= needed:
            return None  # truncation of one wider vector or matrix
    if counted < needed:
        return f"constructor {target} needs {needed} components, not {counted}"
    # Extra components are an error only when a whole argument is left unused.
    used = 0
    for arg in args:
        if used >= needed:
            return f"constructor {target} has too many arguments"
        size = _components((arg,))
        used += size if isinstance(size, int) else 0
    return None
