"""Initialiser lists `T x = { ... };` (GLSL 4.20) and null initialisers `T x = {};`
(GL_EXT_null_initializer): spellings of a declaration's `Construct` initialiser
(VarDecl.spelling), which the interpreter and the reconditioner never look at.

A brace list holds one initialiser per array element, struct field, vector component or
matrix column, each of exactly that type (the emitter writes an element that is itself
such a Construct as a nested list); a vector splat `vec3(1.0)`, a diagonal `mat2(1.0)` or
a vector built of vectors has no list form and keeps its constructor. `{}` is the
all-zero value of the declared type, so it spells a Construct only of zero literals.
"""

from __future__ import annotations

import math

from shadersmith.ir.expressions import Construct, Expression, Literal
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)

# `T x = {};` (glslang, for Vulkan; Mesa's GL compiler has no such extension).
NULL_INITIALIZER_EXTENSION = "GL_EXT_null_initializer"


def list_element_types(type_: Type) -> tuple[Type, ...] | None:
    """The types of the initialisers a brace list of `type_` holds, in order; None where
    `type_` is not an aggregate (a scalar, an unsized array, an opaque type)."""
    if isinstance(type_, ArrayType):
        return None if type_.length is None else (type_.element,) * type_.length
    if isinstance(type_, StructType):
        return tuple(field.type for field in type_.fields)
    if isinstance(type_, VectorType):
        return (type_.component,) * type_.size
    if isinstance(type_, MatrixType):
        return (type_.column_type,) * type_.columns
    return None


def fits_list(expr: Expression) -> bool:
    """Whether `expr` is a constructor a brace list can spell: one argument of exactly
    each element's type."""
    if not isinstance(expr, Construct):
        return False
    elements = list_element_types(expr.type)
    return elements is not None and elements == tuple(arg.type for arg in expr.args)


def is_zero(expr: Expression) -> bool:
    """Whether `expr` is a Construct of an aggregate of only zero literals (and
    constructors of them): the value `{}` gives. -0.0 is not zero here."""
    return list_element_types(expr.type) is not None and _zero_tree(expr)


def _zero_tree(expr: Expression) -> bool:
    if isinstance(expr, Literal):
        value = expr.value
        if isinstance(value, bool | int):
            return not value
        return value == 0 and math.copysign(1.0, value) > 0
    return isinstance(expr, Construct) and bool(expr.args) and all(_zero_tree(a) for a in expr.args)


def zero_of(type_: Type) -> Expression | None:
    """The all-zero value of `type_` as a constructor tree (what `{}` reads as), None
    where the type has no such value (an opaque type, an unsized array)."""
    if isinstance(type_, ScalarType):
        zero = {ScalarKind.BOOL: False, ScalarKind.FLOAT: 0.0}.get(type_.kind, 0)
        return Literal(type_, zero)
    elements = list_element_types(type_)
    if elements is None:
        return None
    args = tuple(zero_of(element) for element in elements)
    if any(arg is None for arg in args):
        return None
    return Construct(type_, tuple(arg for arg in args if arg is not None))
