"""Variables as the compiler sees them: where their slots live, and how to name a slot."""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.interp.layout import slot_count
from shadersmith.ir.types import ArrayType, MatrixType, StructType, Type, VectorType


@dataclass(slots=True)
class Variable:
    """A named run of slots in one storage root (see frames.py for the roots)."""

    name: str
    type: Type
    root: int
    offset: int
    # Whether the variable can hold undefined slots, so that reads must check (sanitizer).
    may_undef: bool
    # Index of the storage buffer holding it, when it is a buffer field.
    buffer: int | None = None
    readonly: bool = False
    # A `shared` variable: kept after the buffers (`buffer` indexes that root), one copy
    # per work group.
    shared: bool = False


def component_path(type_: Type, relative: int) -> str:
    """How to name slot `relative` of a value of `type_`, e.g. `[2].y` or `.field[1]`."""
    if isinstance(type_, VectorType):
        return "." + "xyzw"[relative] if relative < 4 else f"[{relative}]"
    if isinstance(type_, MatrixType):
        column, row = divmod(relative, type_.rows)
        return f"[{column}][{row}]"
    if isinstance(type_, ArrayType):
        size = slot_count(type_.element)
        index, rest = divmod(relative, size)
        return f"[{index}]" + component_path(type_.element, rest)
    if isinstance(type_, StructType):
        for field in type_.fields:
            size = slot_count(field.type)
            if relative < size:
                return f".{field.name}" + component_path(field.type, relative)
            relative -= size
    return ""


def describe_slot(variables: list[Variable], root: int, offset: int) -> str | None:
    """The name of the component at `offset` of storage `root`, if a variable holds it."""
    for variable in variables:
        if variable.root != root or offset < variable.offset:
            continue
        if isinstance(variable.type, ArrayType) and variable.type.length is None:
            size = slot_count(variable.type.element)
            index, rest = divmod(offset - variable.offset, size)
            return f"{variable.name}[{index}]" + component_path(variable.type.element, rest)
        if offset < variable.offset + slot_count(variable.type):
            return variable.name + component_path(variable.type, offset - variable.offset)
    return None
