"""Parse the GLSL type names that test.json uses for buffer fields (`uvec3`, `int[4]`)."""

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
