"""The type names test.json gives buffer fields (`uvec3`, `int[4]`, `int[3][2]`), printed
and parsed here only: GLSL's spelling of scalars, vectors and arrays of them, whatever
language the test's shader is in (a WGSL test's fields are named the same way).

A struct (schema 6, buffer fields of struct type) is spelled whole where it is used, its
name and then its fields as `name:type` between braces, so a field's type name stands
alone without a table of declarations: `S{a:int,b:vec3[2]}[4]` is an array of 4 `S`,
and a nested struct is spelled inside its holder's braces (`T{s:S{a:int},n:uint}`).
Names keep their case (GLSL identifiers); spaces are ignored when reading.
"""

from __future__ import annotations

import re

from shadersmith.ir.types import (
    ArrayType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
)

_SCALARS = {kind.value: kind for kind in ScalarKind}
_VECTOR_PREFIXES = {
    "b": ScalarKind.BOOL,
    "i": ScalarKind.INT,
    "u": ScalarKind.UINT,
    "": ScalarKind.FLOAT,
}
# The explicit-width scalars and vectors by their GLSL names (int64_t, dvec2, float16_t,
# f16vec3, u8vec2 ...: analysis/widths.py's types, which buffer fields may have).
_WIDTHS: tuple[tuple[ScalarKind, int], ...] = (
    *((k, b) for k in (ScalarKind.INT, ScalarKind.UINT) for b in (8, 16, 64)),
    (ScalarKind.FLOAT, 16),
    (ScalarKind.FLOAT, 64),
)
_WIDTH_TYPES: dict[str, Type] = {str(ScalarType(k, b)): ScalarType(k, b) for k, b in _WIDTHS}
_WIDTH_TYPES |= {
    str(VectorType(k, n, b)): VectorType(k, n, b) for k, b in _WIDTHS for n in (2, 3, 4)
}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DIMENSION = re.compile(r"\[(\d*)\]")
_VECTOR = re.compile(r"^(?P<prefix>[biu]?)vec(?P<size>[234])$")
# Nesting deeper than this is refused (a struct holds only structs declared before it,
# so a generated program's buffers stay far below it); it bounds the parser's recursion.
MAX_STRUCT_DEPTH = 8


def type_name(type_: Type) -> str:
    """`type_` as test.json names it: `int[3][2]` is an array of 3 arrays of 2, the
    declarator order (an ArrayType's own str() puts the outer length last)."""
    dims: list[str] = []
    while isinstance(type_, ArrayType):
        dims.append("[]" if type_.length is None else f"[{type_.length}]")
        type_ = type_.element
    if isinstance(type_, StructType):
        members = ",".join(f"{f.name}:{type_name(f.type)}" for f in type_.fields)
        return f"{type_.name}{{{members}}}" + "".join(dims)
    return str(type_) + "".join(dims)


def parse_type_name(text: str) -> Type:
    """The IR type for `text`; ValueError names what is wrong."""
    compact = text.replace(" ", "")
    type_, end = _parse(compact, 0, 0, text)
    if end != len(compact):
        raise ValueError(f"cannot read type name {text!r}")
    return type_


def _parse(text: str, at: int, depth: int, whole: str) -> tuple[Type, int]:
    """The type spelled from `at`, and where its spelling ends."""
    name = _IDENTIFIER.match(text, at)
    if name is None:
        raise ValueError(f"cannot read type name {whole!r}")
    at = name.end()
    base: Type
    if at < len(text) and text[at] == "{":
        base, at = _parse_struct(name.group(), text, at + 1, depth + 1, whole)
    elif name.group() in _SCALARS:
        base = ScalarType(_SCALARS[name.group()])
    elif vector := _VECTOR.match(name.group()):
        base = VectorType(_VECTOR_PREFIXES[vector.group("prefix")], int(vector.group("size")))
    elif name.group() in _WIDTH_TYPES:
        base = _WIDTH_TYPES[name.group()]
    else:
        raise ValueError(f"unknown type {name.group()!r} in {whole!r}")
    dims: list[str] = []
    while dimension := _DIMENSION.match(text, at):
        dims.append(dimension.group(1))
        at = dimension.end()
    # `int[3][2]` is an array of 3 arrays of 2: the innermost dimension is the last.
    for size in reversed(dims):
        base = ArrayType(base, int(size) if size else None)
    return base, at


def _parse_struct(name: str, text: str, at: int, depth: int, whole: str) -> tuple[Type, int]:
    if depth > MAX_STRUCT_DEPTH:
        raise ValueError(f"structs nested deeper than {MAX_STRUCT_DEPTH} in {whole!r}")
    fields: list[StructField] = []
    while True:
        member = _IDENTIFIER.match(text, at)
        if member is None or not text.startswith(":", member.end()):
            raise ValueError(f"cannot read a member of struct {name} in {whole!r}")
        type_, at = _parse(text, member.end() + 1, depth, whole)
        if isinstance(type_, ArrayType) and type_.length is None:
            raise ValueError(f"struct {name}'s member {member.group()} is runtime-sized")
        if any(f.name == member.group() for f in fields):
            raise ValueError(f"struct {name} has two members {member.group()!r} in {whole!r}")
        fields.append(StructField(member.group(), type_))
        if text.startswith("}", at):
            return StructType(name, tuple(fields)), at + 1
        if not text.startswith(",", at):
            raise ValueError(f"cannot read struct {name} in {whole!r}")
        at += 1
