"""Small constructors of typed IR for the interpreter tests: programs read as GLSL."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shadersmith.interp import ExecutionResult, run_compute
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.program import (
    BufferField,
    Function,
    Parameter,
    ParamQualifier,
    Program,
    Stage,
    StorageBuffer,
)
from shadersmith.ir.statements import Block, ExprStmt, Return, Statement, VarDecl
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import Value

IVEC2 = VectorType(ScalarKind.INT, 2)
IVEC3 = VectorType(ScalarKind.INT, 3)
IVEC4 = VectorType(ScalarKind.INT, 4)
UVEC2 = VectorType(ScalarKind.UINT, 2)
UVEC3 = VectorType(ScalarKind.UINT, 3)
BVEC2 = VectorType(ScalarKind.BOOL, 2)
BVEC3 = VectorType(ScalarKind.BOOL, 3)
VEC2 = VectorType(ScalarKind.FLOAT, 2)
VEC3 = VectorType(ScalarKind.FLOAT, 3)
MAT2 = MatrixType(2, 2)
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1


def lit(value: bool | int | float) -> Literal:
    if isinstance(value, bool):
        return Literal(BOOL, value)
    if isinstance(value, float):
        return Literal(FLOAT, value)
    return Literal(INT, value)


def ulit(value: int) -> Literal:
    return Literal(UINT, value)


def var(name: str, type_: Type = INT) -> VariableRef:
    return VariableRef(type_, name)


def _result_type(op: BinaryOp, left: Type, right: Type) -> Type:
    if op.is_comparison or op.is_logical:
        return BOOL
    if op in (BinaryOp.SHL, BinaryOp.SHR):
        return left
    if isinstance(left, ScalarType) and not isinstance(right, ScalarType):
        return right
    if isinstance(left, MatrixType) and isinstance(right, VectorType):
        return VectorType(ScalarKind.FLOAT, left.rows)
    return left


def binary(op: BinaryOp, left: Expression, right: Expression) -> Binary:
    return Binary(_result_type(op, left.type, right.type), op, left, right)


def add(left: Expression, right: Expression) -> Binary:
    return binary(BinaryOp.ADD, left, right)


def assign(target: Expression, value: Expression, op: AssignOp = AssignOp.ASSIGN) -> Assign:
    return Assign(target.type, op, target, value)


def post_inc(target: Expression) -> IncDec:
    return IncDec(target.type, IncDecOp.POST_INC, target)


def pre_inc(target: Expression) -> IncDec:
    return IncDec(target.type, IncDecOp.PRE_INC, target)


def neg(operand: Expression) -> Unary:
    return Unary(operand.type, UnaryOp.NEG, operand)


def construct(type_: Type, *args: Expression) -> Construct:
    return Construct(type_, tuple(args))


def swizzle(base: Expression, text: str) -> Swizzle:
    components = tuple("xyzw".index(c) for c in text)
    assert isinstance(base.type, VectorType | ScalarType)
    kind = base.type.kind
    type_: Type = ScalarType(kind) if len(text) == 1 else VectorType(kind, len(text))
    return Swizzle(type_, base, components)


def index(base: Expression, i: Expression | int) -> Index:
    at = lit(i) if isinstance(i, int) else i
    element: Type
    if isinstance(base.type, ArrayType):
        element = base.type.element
    elif isinstance(base.type, VectorType):
        element = base.type.component
    elif isinstance(base.type, MatrixType):
        element = base.type.column_type
    else:
        raise TypeError(base.type)
    return Index(element, base, at)


def member(base: Expression, field: str) -> Member:
    assert isinstance(base.type, StructType)
    return Member(base.type.field(field).type, base, field)


def ternary(condition: Expression, if_true: Expression, if_false: Expression) -> Ternary:
    return Ternary(if_true.type, condition, if_true, if_false)


def builtin(name: str, type_: Type, *args: Expression) -> Call:
    return Call(type_, name, tuple(args), CallKind.BUILTIN)


def call(name: str, type_: Type, *args: Expression) -> Call:
    return Call(type_, name, tuple(args), CallKind.USER)


def decl(name: str, type_: Type, init: Expression | None = None) -> VarDecl:
    return VarDecl(name, type_, init)


def expr(e: Expression) -> ExprStmt:
    return ExprStmt(e)


def block(*body: Statement) -> Block:
    return Block(tuple(body))


def function(
    name: str,
    return_type: Type,
    params: Sequence[tuple[str, Type, ParamQualifier]],
    *body: Statement,
) -> Function:
    return Function(
        name,
        return_type,
        tuple(Parameter(n, t, q) for n, t, q in params),
        block(*body),
    )


def returns(value: Expression | None = None) -> Return:
    return Return(value)


def zero(type_: Type) -> Value:
    if isinstance(type_, ScalarType):
        return {
            ScalarKind.BOOL: False,
            ScalarKind.INT: 0,
            ScalarKind.UINT: 0,
            ScalarKind.FLOAT: 1.0,
        }[type_.kind]
    if isinstance(type_, VectorType):
        return tuple(zero(type_.component) for _ in range(type_.size))
    if isinstance(type_, MatrixType):
        return tuple(zero(type_.column_type) for _ in range(type_.columns))
    if isinstance(type_, ArrayType):
        return tuple(zero(type_.element) for _ in range(type_.length or 0))
    if isinstance(type_, StructType):
        return tuple(zero(f.type) for f in type_.fields)
    raise TypeError(type_)


def program(
    main_body: Sequence[Statement],
    fields: Mapping[str, Type],
    *,
    functions: Sequence[Function] = (),
    globals_: Sequence[VarDecl] = (),
    structs: Sequence[StructType] = (),
    instance: str | None = None,
) -> Program:
    """A compute shader whose one buffer `Data` holds `fields` (globals unless
    `instance` names the block)."""
    buffer = StorageBuffer("Data", instance, 0, tuple(BufferField(n, t) for n, t in fields.items()))
    main = Function("main", VOID, (), block(*main_body))
    return Program(
        Stage.COMPUTE,
        (*functions, main),
        tuple(structs),
        (buffer,),
        globals=tuple(globals_),
    )


def run(
    main_body: Sequence[Statement],
    fields: Mapping[str, Type],
    values: Mapping[str, Value] | None = None,
    **options: Any,
) -> dict[str, Value]:
    """Run `main_body` and give the final buffer fields (initially `values`, else 0,
    floats 1.0)."""
    result = execute(main_body, fields, values, **options)
    return result.buffers["Data"]


def execute(
    main_body: Sequence[Statement],
    fields: Mapping[str, Type],
    values: Mapping[str, Value] | None = None,
    **options: Any,
) -> ExecutionResult:
    build = {
        k: options.pop(k) for k in ("functions", "globals_", "structs", "instance") if k in options
    }
    initial = {name: zero(type_) for name, type_ in fields.items()}
    initial.update(values or {})
    return run_compute(program(main_body, fields, **build), {"Data": initial}, **options)
