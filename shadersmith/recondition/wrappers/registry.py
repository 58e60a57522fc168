"""Wrapper names, and the wrapper functions behind them.

A wrapper's name says what it is: `SAFE_` + kind + `_` + its parameter types, e.g.
`SAFE_DIV_ivec3_int`. The name alone rebuilds the function, so a reconditioned program
needs no side table to be instrumented or pruned, and every overload gets its own name
(back-ends and the interpreter look functions up by name). User names with the reserved
prefixes are renamed first (reserved_names.py), so the names cannot collide.
"""

from __future__ import annotations

import functools
import re

from shadersmith.ir.expressions import Call, CallKind, Expression, VariableRef
from shadersmith.ir.program import Function, Parameter, ParamQualifier
from shadersmith.ir.statements import Block, ExprStmt, If, Return, Statement
from shadersmith.ir.types import MatrixType, ScalarKind, ScalarType, Type, VectorType
from shadersmith.recondition.build import assign, ternary
from shadersmith.recondition.wrappers.base import PARAM_NAMES, WrapperBody, WrapperKind
from shadersmith.recondition.wrappers.floating import FLOAT_KINDS
from shadersmith.recondition.wrappers.integer import INTEGER_KINDS
from shadersmith.recondition.wrappers.interval import INTERVAL_KINDS

PREFIX = "SAFE_"
KINDS: dict[str, WrapperKind] = {
    kind.name: kind for kind in (*INTEGER_KINDS, *FLOAT_KINDS, *INTERVAL_KINDS)
}

_SCALARS = {kind.value: ScalarType(kind) for kind in ScalarKind}
# int64_t's name holds the separator: a wrapper's name spells it int64 (and uint64, int8,
# uint16, ...).
_SCALARS |= {
    f"{kind.value}{bits}": ScalarType(kind, bits)
    for kind in (ScalarKind.INT, ScalarKind.UINT)
    for bits in (8, 16, 64)
}
_SCALARS["double"] = ScalarType(ScalarKind.FLOAT, 64)
_SCALARS["float16"] = ScalarType(ScalarKind.FLOAT, 16)
_VECTOR_KINDS = {
    "b": ScalarKind.BOOL,
    "i": ScalarKind.INT,
    "u": ScalarKind.UINT,
    "": ScalarKind.FLOAT,
    "d": ScalarKind.FLOAT,
    "f": ScalarKind.FLOAT,  # f16vecN
}
_VECTOR = re.compile(r"([biudf]?)(64|16|8)?vec([234])")
_MATRIX = re.compile(r"(d|f16)?mat([234])(?:x([234]))?")
_MATRIX_BITS = {"d": 64, "f16": 16}


def type_token(type_: Type) -> str:
    if not isinstance(type_, ScalarType | VectorType | MatrixType):
        raise TypeError(f"wrappers take scalars, vectors and matrices, not {type_}")
    if isinstance(type_, ScalarType) and str(type_).endswith("_t"):
        return str(type_).removesuffix("_t")
    return str(type_)


def parse_type_token(token: str) -> Type | None:
    if token in _SCALARS:
        return _SCALARS[token]
    vector = _VECTOR.fullmatch(token)
    if vector:
        bits = 64 if vector.group(1) == "d" else int(vector.group(2) or 32)
        return VectorType(_VECTOR_KINDS[vector.group(1)], int(vector.group(3)), bits)
    matrix = _MATRIX.fullmatch(token)
    if matrix:
        columns = int(matrix.group(2))
        bits = _MATRIX_BITS.get(matrix.group(1) or "", 32)
        return MatrixType(columns, int(matrix.group(3) or columns), bits)
    return None


def wrapper_name(kind: WrapperKind, types: tuple[Type, ...]) -> str:
    return PREFIX + kind.name + "".join("_" + type_token(t) for t in types)


@functools.cache
def parse_wrapper_name(name: str) -> tuple[WrapperKind, tuple[Type, ...]] | None:
    """The kind and parameter types a wrapper name stands for; None for other names."""
    if not name.startswith(PREFIX):
        return None
    rest = name[len(PREFIX) :]
    for kind_name, kind in KINDS.items():
        if not rest.startswith(kind_name + "_"):
            continue
        types = [parse_type_token(t) for t in rest[len(kind_name) + 1 :].split("_")]
        if all(t is not None for t in types):
            return kind, tuple(t for t in types if t is not None)
    return None


def is_wrapper_name(name: str) -> bool:
    return parse_wrapper_name(name) is not None


def _qualifiers(kind: WrapperKind, count: int) -> tuple[ParamQualifier, ...]:
    first = ParamQualifier.INOUT if kind.assigns else ParamQualifier.IN
    return (first,) + (ParamQualifier.IN,) * (count - 1)


def _parameters(kind: WrapperKind, types: tuple[Type, ...]) -> tuple[Parameter, ...]:
    qualifiers = _qualifiers(kind, len(types))
    return tuple(
        Parameter(name, t, q) for name, t, q in zip(PARAM_NAMES, types, qualifiers, strict=False)
    )


@functools.cache
def wrapper_body(name: str) -> WrapperBody:
    parsed = parse_wrapper_name(name)
    if parsed is None:
        raise KeyError(f"{name} is not a wrapper name")
    kind, types = parsed
    params = _parameters(kind, types)
    return kind.build(tuple(VariableRef(p.type, p.name) for p in params))


def wrapper_call(kind: WrapperKind, args: tuple[Expression, ...]) -> Call:
    name = wrapper_name(kind, tuple(a.type for a in args))
    return Call(wrapper_body(name).return_type, name, args, CallKind.USER)


def plain_operation(name: str, args: tuple[Expression, ...]) -> Expression:
    """The operation a call to wrapper `name` stands for, on the call's arguments."""
    parsed = parse_wrapper_name(name)
    if parsed is None:
        raise KeyError(f"{name} is not a wrapper name")
    return parsed[0].plain(args)


def _matrix_choice(body: WrapperBody, target: Parameter | None) -> Statement:
    def outcome(value: Expression) -> Block:
        if target is None:
            return Block((Return(value),))
        return Block((ExprStmt(assign(VariableRef(target.type, target.name), value)),))

    return If(body.unsafe, outcome(body.safe), outcome(body.plain))


def wrapper_function(
    name: str, probe: Statement | None = None, extra_params: tuple[Parameter, ...] = ()
) -> Function:
    """The definition of wrapper `name`. `probe`, when given, runs just before the
    checked operation (instrumentation: it records whether UNSAFE holds)."""
    parsed = parse_wrapper_name(name)
    if parsed is None:
        raise KeyError(f"{name} is not a wrapper name")
    kind, types = parsed
    params = _parameters(kind, types)
    body = wrapper_body(name)
    choice = body.safe if body.always_unsafe else ternary(body.unsafe, body.safe, body.plain)
    statements: list[Statement] = list(body.locals)
    if probe is not None:
        statements.append(probe)
    if isinstance(body.return_type, MatrixType) and not body.always_unsafe:
        # WGSL's select() takes no matrix: `if (UNSAFE) SAFE else PLAIN`, which evaluates
        # one of them as GLSL's ?: does, in both languages.
        statements.append(_matrix_choice(body, params[0] if kind.assigns else None))
        if kind.assigns:
            target = VariableRef(params[0].type, params[0].name)
            statements.append(Return(body.result if body.result is not None else target))
    elif kind.assigns:
        target = VariableRef(params[0].type, params[0].name)
        statements.append(ExprStmt(assign(target, choice)))
        statements.append(Return(body.result if body.result is not None else target))
    else:
        statements.append(Return(choice))
    return Function(name, body.return_type, (*params, *extra_params), Block(tuple(statements)))
