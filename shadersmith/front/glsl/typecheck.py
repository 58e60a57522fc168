"""Typing rules of GLSL operators, constructors and implicit conversions, as pure functions
of operand types.

Each rule returns the result type, or a message saying why the operands are refused; the
parser turns a message into a GLSLTypeError at the operator's position. The rules mirror
GLSL 4.60 section 5. Implicit conversions (section 4.1.10) are decided here and made
explicit by the parser as one-argument constructors, so the IR never holds an implicit
conversion; our own emitters never rely on them, so their texts read back unchanged.
"""

from __future__ import annotations

from shadersmith.front.glsl.builtin_types import scalar_of
from shadersmith.ir.operators import BinaryOp, UnaryOp
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


NO_CONVERSIONS = Conversions({})


def _arithmetic(op: BinaryOp, left: Type, right: Type) -> Result:
    ls, rs = scalar_of(left), scalar_of(right)
    if ls is None or rs is None or ls != rs or ls.kind is ScalarKind.BOOL:
        return f"operator {op.value} needs numeric operands of one kind, not {left} and {right}"
    integer_only = op in (BinaryOp.MOD, BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR)
    if integer_only and not ls.kind.is_integer:
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


def binary_type(op: BinaryOp, left: Type, right: Type) -> Result:
    if op in (BinaryOp.SHL, BinaryOp.SHR):
        return _shift(op, left, right)
    if op in (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE):
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


def _comparable(type_: Type) -> bool:
    """`==` works on every type but opaque ones (and aggregates holding them)."""
    if isinstance(type_, ArrayType):
        return _comparable(type_.element)
    if isinstance(type_, StructType):
        return all(_comparable(f.type) for f in type_.fields)
    return isinstance(type_, ScalarType | VectorType | MatrixType)


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
    component = scalar_of(operand)
    return component is not None and component.kind is not ScalarKind.BOOL


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
    their elements exactly: the parser converts them first)."""
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
