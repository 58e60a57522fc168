"""The type names test.json gives buffer fields (`uvec3`, `int[4]`, `int[3][2]`), printed
and parsed here only: GLSL's spelling of scalars, vectors and arrays of them, whatever
language the test's shader is in (a WGSL test's fields are named the same way)."""

from __future__ import annotations

import re

from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, Type, VectorType

_SCALARS = {kind.value: kind for kind in ScalarKind}
_VECTOR_PREFIXES = {
    "b": ScalarKind.BOOL,
    "i": ScalarKind.INT,
    "u": ScalarKind.UINT,
    "": ScalarKind.FLOAT,
}
_NAME = re.compile(r"^(?P<base>[a-z]+[234]?)(?P<dims>(\[\d*\])*)$")
_VECTOR = re.compile(r"^(?P<prefix>[biu]?)vec(?P<size>[234])$")


def type_name(type_: Type) -> str:
    """`type_` as test.json names it: `int[3][2]` is an array of 3 arrays of 2, the
    declarator order (an ArrayType's own str() puts the outer length last)."""
    dims: list[str] = []
    while isinstance(type_, ArrayType):
        dims.append("[]" if type_.length is None else f"[{type_.length}]")
        type_ = type_.element
    return str(type_) + "".join(dims)


def parse_type_name(text: str) -> Type:
    """The IR type for `text`; ValueError names what is wrong."""
    match = _NAME.match(text.replace(" ", ""))
    if match is None:
        raise ValueError(f"cannot read type name {text!r}")
    base_text = match.group("base")
    base: Type
    if base_text in _SCALARS:
        base = ScalarType(_SCALARS[base_text])
    elif vector := _VECTOR.match(base_text):
        base = VectorType(_VECTOR_PREFIXES[vector.group("prefix")], int(vector.group("size")))
    else:
        raise ValueError(f"unknown type {base_text!r} in {text!r}")
    dims = re.findall(r"\[(\d*)\]", match.group("dims"))
    # `int[3][2]` is an array of 3 arrays of 2: the innermost dimension is the last.
    for size in reversed(dims):
        base = ArrayType(base, int(size) if size else None)
    return base
