"""Typing rules of GLSL operators and constructors, as pure functions of operand types.

Each rule returns the result type, or a message saying why the operands are refused; the
parser turns a message into a GLSLTypeError at the operator's position. The rules mirror
GLSL 4.50 section 5 without implicit conversions, which our emitters never rely on.
"""

from __future__ import annotations

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
    kind_of,
)

Result = Type | str


def _arithmetic(op: BinaryOp, left: Type, right: Type) -> Result:
    lk, rk = kind_of(left), kind_of(right)
    if lk is None or rk is None or lk is not rk or lk is ScalarKind.BOOL:
        return f"operator {op.value} needs numeric operands of one kind, not {left} and {right}"
    integer_only = op in (BinaryOp.MOD, BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR)
    if integer_only and not lk.is_integer:
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
            return MatrixType(right.columns, left.rows)
        if isinstance(right, VectorType) and left.columns == right.size:
            return left.column_type
    if isinstance(left, VectorType) and isinstance(right, MatrixType) and left.size == right.rows:
        return VectorType(ScalarKind.FLOAT, right.columns)
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
        if left == right and not isinstance(left, VoidType):
            return BOOL
        return f"operator {op.value} needs operands of one type, not {left} and {right}"
    if op.is_logical:
        if left == BOOL and right == BOOL:
            return BOOL
        return f"operator {op.value} needs bool operands"
    return _arithmetic(op, left, right)


def unary_type(op: UnaryOp, operand: Type) -> Result:
    kind = kind_of(operand)
    if op is UnaryOp.NOT:
        return BOOL if operand == BOOL else "operator ! needs a bool"
    if op is UnaryOp.BIT_NOT:
        if isinstance(operand, ScalarType | VectorType) and operand.kind.is_integer:
            return operand
        return "operator ~ needs an integer scalar or vector"
    if kind is None or kind is ScalarKind.BOOL:
        return f"operator {op.value} needs a numeric operand, not {operand}"
    return operand


def inc_dec_ok(operand: Type) -> bool:
    kind = kind_of(operand)
    return kind is not None and kind is not ScalarKind.BOOL


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
    """Why `target(args)` is not a valid constructor, or None when it is."""
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
        return None if args == fields else f"constructor {target.name} needs fields {fields}"
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
        needed = target.columns * target.rows
    else:
        needed = target.size
        if len(args) == 1 and counted >= needed:
            return None  # truncation of one wider vector or matrix
    if counted != needed:
        return f"constructor {target} needs {needed} components, not {counted}"
    return None
