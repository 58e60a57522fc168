"""The value the reconditioner gives what has none: 1, 1u, 1.0 or true in every component
(seed 003, section 4.2). 1.0 is in the exact float set S, and a matrix is built from full
columns of ones rather than `mat3(1.0)`, whose zeros would leave S."""

from __future__ import annotations

from shadersmith.ir.expressions import Construct, Expression
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import Value
from shadersmith.recondition.build import literal, splat

# Runtime-sized buffer arrays that the caller gave no contents get this many elements.
DEFAULT_RUNTIME_ARRAY_LENGTH = 4


def default_expression(type_: Type) -> Expression:
    """A constant expression of `type_` (valid as a global initialiser)."""
    if isinstance(type_, ArrayType):
        if type_.length is None:
            raise TypeError("a runtime-sized array has no default value")
        element = default_expression(type_.element)
        return Construct(type_, (element,) * type_.length)
    if isinstance(type_, StructType):
        return Construct(type_, tuple(default_expression(f.type) for f in type_.fields))
    if isinstance(type_, MatrixType):
        return splat(type_, 1.0)
    if isinstance(type_, ScalarType | VectorType):
        return splat(type_, _one(type_.kind))
    raise TypeError(f"no default value for {type_}")


def _one(kind: ScalarKind) -> int | float | bool:
    if kind is ScalarKind.BOOL:
        return True
    if kind is ScalarKind.FLOAT:
        return 1.0
    return 1


def default_value(type_: Type) -> Value:
    """The runtime value of `default_expression(type_)`, for buffer contents."""
    if isinstance(type_, ScalarType):
        return literal(type_.kind, _one(type_.kind)).value
    if isinstance(type_, ArrayType):
        length = DEFAULT_RUNTIME_ARRAY_LENGTH if type_.length is None else type_.length
        return tuple(default_value(type_.element) for _ in range(length))
    if isinstance(type_, StructType):
        return tuple(default_value(f.type) for f in type_.fields)
    if isinstance(type_, MatrixType):
        return tuple((1.0,) * type_.rows for _ in range(type_.columns))
    if isinstance(type_, VectorType):
        return tuple(default_value(ScalarType(type_.kind)) for _ in range(type_.size))
    raise TypeError(f"no default value for {type_}")
