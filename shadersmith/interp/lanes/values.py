"""How lane values are held: one numpy array per value, lanes along the last axis.

A value of a scalar type is a 1-D array `(W,)`; any other value is a 2-D array
`(slots, W)` whose rows are the flat slots of layout.py (vectors by component, matrices
column by column, arrays and structs in declaration order). `W` is the lane count, or 1
when the value is the same in every lane: numpy broadcasting then lets a uniform value
(a literal, a uniform block field, anything computed only from those) cost one element
instead of thousands, and a width-1 condition is how uniform control flow is recognised.

The dtype is the natural one of the scalar kind and width (bool, int32, uint32, float32;
int8 ... uint64 for the explicit-width integers, float64 for double, float16 for
float16_t) when every slot of the type has the same kind and width: numpy's fixed-width
integers then wrap exactly as GLSL's do (uint64 included, so no Python-int or object
arrays are needed), numpy's float16 rounds as binary16 does. A type mixing kinds (a
struct, an array of structs) is held as uint32 bit patterns (floats by their IEEE bits,
bools as 0/1), so that one array still holds the whole value; `from_bits` and `to_bits`
convert a homogeneous part. Such a mix with a slot not 32 bits wide is refused
(program.py): its bits would not fit.

Values are never modified in place: a storage read may return a view, and only storage
(places.py) is written, which is why storage always copies what it stores.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from shadersmith.interp.layout import slot_count, slot_kinds
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)

Lanes = npt.NDArray[Any]

DTYPES: dict[ScalarKind, type[np.generic]] = {
    ScalarKind.BOOL: np.bool_,
    ScalarKind.INT: np.int32,
    ScalarKind.UINT: np.uint32,
    ScalarKind.FLOAT: np.float32,
}
BITS = np.uint32
# The explicit-width scalars (bits other than 32).
_WIDTH_DTYPES: dict[tuple[ScalarKind, int], type[np.generic]] = {
    (ScalarKind.INT, 8): np.int8,
    (ScalarKind.INT, 16): np.int16,
    (ScalarKind.INT, 64): np.int64,
    (ScalarKind.UINT, 8): np.uint8,
    (ScalarKind.UINT, 16): np.uint16,
    (ScalarKind.UINT, 64): np.uint64,
    (ScalarKind.FLOAT, 64): np.float64,
    # float16_t: numpy's binary16 rounds each + - * once, correctly, as binary16 does.
    (ScalarKind.FLOAT, 16): np.float16,
}


def dtype_for(kind: ScalarKind, bits: int = 32) -> type[np.generic]:
    """The dtype of one scalar of `kind` `bits` wide."""
    return DTYPES[kind] if bits == 32 else _WIDTH_DTYPES[(kind, bits)]


def kinds_of(type_: Type) -> tuple[ScalarKind, ...]:
    """The kind of each slot; a runtime-sized array counts as one element."""
    if isinstance(type_, ArrayType) and type_.length is None:
        return slot_kinds(type_.element)
    return slot_kinds(type_)


@lru_cache(maxsize=4096)
def homogeneous_kind(type_: Type) -> ScalarKind | None:
    """The one kind of every slot of `type_`, or None when kinds are mixed (bit storage)."""
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    if isinstance(type_, MatrixType):
        return ScalarKind.FLOAT
    kinds = set(kinds_of(type_))
    return kinds.pop() if len(kinds) == 1 else None


@lru_cache(maxsize=4096)
def homogeneous_bits(type_: Type) -> int | None:
    """The one width of every scalar of `type_` (32, or 8, 16, 64 for the explicit-width
    types), or None when widths are mixed."""
    if isinstance(type_, ScalarType | VectorType | MatrixType):
        return type_.bits
    if isinstance(type_, ArrayType):
        return homogeneous_bits(type_.element)
    if isinstance(type_, StructType):
        widths = {homogeneous_bits(f.type) for f in type_.fields}
        return widths.pop() if len(widths) == 1 else None
    return 32


def dtype_of(type_: Type) -> type[np.generic]:
    kind = homogeneous_kind(type_)
    return BITS if kind is None else dtype_for(kind, homogeneous_bits(type_) or 32)


def rows_of(type_: Type) -> int:
    """Slots of a value; a runtime-sized array counts as one element."""
    if isinstance(type_, ArrayType) and type_.length is None:
        return slot_count(type_.element)
    return slot_count(type_)


def is_scalar(type_: Type) -> bool:
    return isinstance(type_, ScalarType)


def from_bits(bits: Lanes, kind: ScalarKind) -> Lanes:
    """Natural values of one kind from their bit patterns."""
    if kind is ScalarKind.FLOAT:
        return bits.view(np.float32)
    if kind is ScalarKind.INT:
        return bits.view(np.int32)
    if kind is ScalarKind.BOOL:
        return np.not_equal(bits, 0)
    return bits


def to_bits(value: Lanes, kind: ScalarKind) -> Lanes:
    """Bit patterns of natural values of one kind."""
    if kind is ScalarKind.BOOL:
        return value.astype(BITS)
    if kind is ScalarKind.UINT:
        return value
    return value.view(BITS)


def value_to_bits(value: Lanes, type_: Type) -> Lanes:
    """A value of `type_` in the bit form (a no-op for a type already held as bits)."""
    kind = homogeneous_kind(type_)
    return value if kind is None else to_bits(value, kind)


def value_from_bits(bits: Lanes, type_: Type) -> Lanes:
    """A value of `type_` from the bit form (a no-op for a type held as bits)."""
    kind = homogeneous_kind(type_)
    return bits if kind is None else from_bits(bits, kind)


def width(value: Lanes) -> int:
    return int(value.shape[-1])


def as_rows(value: Lanes) -> Lanes:
    """A value as 2-D `(slots, W)` (a scalar becomes one row)."""
    return value if value.ndim == 2 else value.reshape(1, -1)


def shaped(rows: Lanes, type_: Type) -> Lanes:
    """2-D rows as the value of `type_` (a scalar is 1-D)."""
    return rows[0] if isinstance(type_, ScalarType) else rows


def stack_rows(rows: list[Lanes], dtype: type[np.generic]) -> Lanes:
    """Stack 1-D rows of widths 1 or W into one `(len(rows), W)` array."""
    count = max(int(r.shape[-1]) for r in rows)
    out = np.empty((len(rows), count), dtype)
    for i, row in enumerate(rows):
        out[i] = row
    return out


def constant(value: bool | int | float, kind: ScalarKind, bits: int = 32) -> Lanes:
    """A width-1 scalar value."""
    return np.array([value], dtype_for(kind, bits))


def zeros(type_: Type, lanes: int = 1) -> Lanes:
    """The all-zero value of `type_` (uninitialised storage reads as zero, as in the
    scalar interpreter without its sanitizer)."""
    return np.zeros((rows_of(type_), lanes), dtype_of(type_))
