"""std430 and std140 layouts: block fields to bytes and back, exactly as GL and Vulkan lay
them out (std430 for storage buffers, std140 for the uniform blocks of fragment shaders).

The rules (GLSL 4.60 section 7.6.2.2, std430 column):
- a scalar (int, uint, float, bool) is 4 bytes, aligned to 4; bool is stored as a uint 0/1;
  a 64-bit one (int64_t, uint64_t, double) is 8 bytes aligned to 8, and its vectors are
  twice the sizes and alignments below (i64vec3 is 24 bytes at 32); a 16-bit one
  (float16_t, int16_t, uint16_t: GL_EXT_shader_16bit_storage) is 2 bytes at 2 and an 8-bit
  one 1 at 1, their vectors half and a quarter of them (f16vec3 is 6 bytes at 8);
- vec2 is aligned to 8, vec3 and vec4 to 16; vec3 is 12 bytes, so a scalar may follow it
  in the same 16 bytes;
- an array's element stride is the element size rounded up to the element alignment
  (unlike std140, there is no rounding to 16), and the array is aligned like its element;
- a column-major matCxR is an array of C column vecR;
- a struct is aligned to its largest member alignment, and its size is rounded up to that;
- the last field of a block may be a runtime-sized array: when packing, its length is the
  length of the given value; when unpacking, it is given or is whatever fits in the data.

std140 (every function's `layout="std140"`) differs in one rule: the alignment of an array
(hence of a matrix, an array of columns) and of a struct is rounded up to 16, and so is an
array's element stride: `float c[2]` has stride 16, not 4. Scalars and vectors keep their
std430 size and alignment (vec3 is still 12 bytes at 16).

Values follow `shadersmith.ir.values`: bool, int, float, and tuples for vectors, arrays,
structs (fields in declaration order) and matrices (tuples of columns).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

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

Fields = Sequence[tuple[str, Type]]
Layout = Literal["std430", "std140"]
LAYOUTS: tuple[str, ...] = get_args(Layout)

_SCALAR_FORMAT = {
    ScalarKind.BOOL: "<I",
    ScalarKind.INT: "<i",
    ScalarKind.UINT: "<I",
    ScalarKind.FLOAT: "<f",
}
# The other widths' formats: 64-bit scalars (analysis/widths.py: GL_ARB_gpu_shader_int64,
# double), and the 16- and 8-bit ones of GL_EXT_shader_16bit_storage / _8bit_storage
# (float16_t as IEEE binary16, struct's `e`).
_WIDTH_FORMAT: dict[tuple[ScalarKind, int], str] = {
    (ScalarKind.INT, 64): "<q",
    (ScalarKind.UINT, 64): "<Q",
    (ScalarKind.FLOAT, 64): "<d",
    (ScalarKind.INT, 16): "<h",
    (ScalarKind.UINT, 16): "<H",
    (ScalarKind.FLOAT, 16): "<e",
    (ScalarKind.INT, 8): "<b",
    (ScalarKind.UINT, 8): "<B",
}


def _format(type_: ScalarType | VectorType) -> str:
    if type_.bits == 32:
        return _SCALAR_FORMAT[type_.kind]
    found = _WIDTH_FORMAT.get((type_.kind, type_.bits))
    if found is None:
        raise LayoutError(f"{type_} has no buffer layout here")
    return found


def _scalar_bytes(type_: ScalarType | VectorType) -> int:
    """Bytes of one component: 4, 8 for a 64-bit integer or a double, 2 for a 16-bit
    integer or float16_t, 1 for an 8-bit integer (vectors and arrays scale as 4-byte ones
    do: f16vec3 is 6 bytes at 8, u8vec2 2 at 2)."""
    _format(type_)
    return type_.bits // 8


class LayoutError(ValueError):
    """A type that has no std430/std140 layout, or a value that does not fit its type."""


def check_layout(layout: str) -> Layout:
    """`layout` as a Layout, or a LayoutError (it comes from test files and callers)."""
    if layout == "std430":
        return "std430"
    if layout == "std140":
        return "std140"
    raise LayoutError(f"unknown block layout {layout!r} (known: {', '.join(LAYOUTS)})")


# ------------------------------------------------------------------------------ layout


def alignment(type_: Type, layout: Layout = "std430") -> int:
    """The base alignment of `type_`, in bytes."""
    if isinstance(type_, ScalarType):
        return _scalar_bytes(type_)
    if isinstance(type_, VectorType):
        return _scalar_bytes(type_) * (2 if type_.size == 2 else 4)
    if isinstance(type_, MatrixType):
        return _aggregate(alignment(type_.column_type), layout)
    if isinstance(type_, ArrayType):
        return _aggregate(alignment(type_.element, layout), layout)
    if isinstance(type_, StructType):
        largest = max((alignment(f.type, layout) for f in type_.fields), default=4)
        return _aggregate(largest, layout)
    raise LayoutError(f"{type_} cannot live in a buffer")


def _aggregate(member_alignment: int, layout: Layout) -> int:
    # std140's one extra rule: arrays and structs align to at least a vec4.
    return _round_up(member_alignment, 16) if layout == "std140" else member_alignment


def size(type_: Type, runtime_length: int | None = None, layout: Layout = "std430") -> int:
    """Bytes that a value of `type_` occupies (a runtime-sized array needs its length)."""
    if isinstance(type_, ScalarType):
        return _scalar_bytes(type_)
    if isinstance(type_, VectorType):
        return _scalar_bytes(type_) * type_.size
    if isinstance(type_, MatrixType):
        return type_.columns * array_stride(type_.column_type, layout)
    if isinstance(type_, ArrayType):
        length = type_.length if type_.length is not None else runtime_length
        if length is None:
            raise LayoutError(f"{type_} is runtime-sized: its length must be given")
        return length * array_stride(type_.element, layout)
    if isinstance(type_, StructType):
        offsets = member_offsets(type_, layout)
        end = offsets[-1] + size(type_.fields[-1].type, layout=layout) if offsets else 0
        return _round_up(end, alignment(type_, layout))
    raise LayoutError(f"{type_} cannot live in a buffer")


def member_offsets(struct_type: StructType, layout: Layout = "std430") -> list[int]:
    """The offset of each member of a struct, from the start of the struct."""
    offsets = []
    end = 0
    for field in struct_type.fields:
        offset = _round_up(end, alignment(field.type, layout))
        offsets.append(offset)
        end = offset + size(field.type, layout=layout)
    return offsets


def array_stride(element: Type, layout: Layout = "std430") -> int:
    """Distance between consecutive elements of an array of `element`."""
    return _round_up(size(element, layout=layout), _aggregate(alignment(element, layout), layout))


@dataclass(frozen=True)
class FieldLayout:
    name: str
    type: Type
    offset: int
    size: int
    runtime_length: int | None  # set only for a runtime-sized last array


def block_layout(
    fields: Fields, runtime_lengths: Mapping[str, int] | None = None, layout: Layout = "std430"
) -> list[FieldLayout]:
    """Offsets of a block's fields; a runtime-sized array must be last and have its length
    in `runtime_lengths`."""
    layouts = []
    offset = 0
    for index, (name, type_) in enumerate(fields):
        length = None
        if isinstance(type_, ArrayType) and type_.length is None:
            if index != len(fields) - 1:
                raise LayoutError(f"runtime-sized array {name} must be the last field")
            if runtime_lengths is None or name not in runtime_lengths:
                raise LayoutError(f"runtime-sized array {name} needs a length")
            length = runtime_lengths[name]
        offset = _round_up(offset, alignment(type_, layout))
        field_size = size(type_, length, layout)
        layouts.append(FieldLayout(name, type_, offset, field_size, length))
        offset += field_size
    return layouts


def buffer_size(
    fields: Fields, runtime_lengths: Mapping[str, int] | None = None, layout: Layout = "std430"
) -> int:
    """Bytes of the block: the end of its last field (the size glslang reflects). There is
    no tail padding; a runner may allocate more, which the shader never reads."""
    return _end(block_layout(fields, runtime_lengths, layout))


def _end(layouts: Sequence[FieldLayout]) -> int:
    return layouts[-1].offset + layouts[-1].size if layouts else 0


def runtime_lengths_of(fields: Fields, values: Mapping[str, Value]) -> dict[str, int]:
    """The length of each runtime-sized array, taken from its value."""
    lengths = {}
    for name, type_ in fields:
        if isinstance(type_, ArrayType) and type_.length is None:
            value = values.get(name)
            if not isinstance(value, tuple):
                raise LayoutError(f"{name}: expected a tuple for {type_}, got {value!r}")
            lengths[name] = len(value)
    return lengths


def _round_up(value: int, multiple: int) -> int:
    return (value + multiple - 1) // multiple * multiple


# ----------------------------------------------------------------------------- packing


def pack_buffer(fields: Fields, values: Mapping[str, Value], layout: Layout = "std430") -> bytes:
    """The bytes of a block whose fields hold `values`; padding is zero."""
    lengths = runtime_lengths_of(fields, values)
    data = bytearray(buffer_size(fields, lengths, layout))
    for placed in block_layout(fields, lengths, layout):
        if placed.name not in values:
            raise LayoutError(f"no value for field {placed.name}")
        _pack_value(data, placed.offset, placed.type, values[placed.name], placed.name, layout)
    return bytes(data)


def _pack_value(
    data: bytearray, offset: int, type_: Type, value: Value, where: str, layout: Layout
) -> None:
    if isinstance(type_, ScalarType):
        _pack_scalar(data, offset, type_, value, where)
        return
    if not isinstance(value, tuple):
        raise LayoutError(f"{where}: expected a tuple for {type_}, got {value!r}")
    if isinstance(type_, VectorType):
        _check_length(value, type_.size, where)
        step = _scalar_bytes(type_)
        for index, item in enumerate(value):
            _pack_scalar(data, offset + step * index, type_.component, item, f"{where}[{index}]")
    elif isinstance(type_, MatrixType):
        _check_length(value, type_.columns, where)
        stride = array_stride(type_.column_type, layout)
        for index, column in enumerate(value):
            _pack_value(
                data,
                offset + index * stride,
                type_.column_type,
                column,
                f"{where}[{index}]",
                layout,
            )
    elif isinstance(type_, ArrayType):
        if type_.length is not None:
            _check_length(value, type_.length, where)
        stride = array_stride(type_.element, layout)
        for index, item in enumerate(value):
            _pack_value(
                data, offset + index * stride, type_.element, item, f"{where}[{index}]", layout
            )
    elif isinstance(type_, StructType):
        _check_length(value, len(type_.fields), where)
        members = zip(type_.fields, member_offsets(type_, layout), value, strict=True)
        for field, field_offset, item in members:
            _pack_value(
                data, offset + field_offset, field.type, item, f"{where}.{field.name}", layout
            )
    else:
        raise LayoutError(f"{where}: {type_} cannot live in a buffer")


def _pack_scalar(data: bytearray, offset: int, type_: ScalarType, value: Value, where: str) -> None:
    kind = type_.kind
    if kind is ScalarKind.BOOL:
        if not isinstance(value, bool):
            raise LayoutError(f"{where}: expected a bool, got {value!r}")
        struct.pack_into("<I", data, offset, int(value))
    elif kind is ScalarKind.FLOAT:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise LayoutError(f"{where}: expected a float, got {value!r}")
        number = float(value)
        largest = _FLOAT_MAX.get(type_.bits)
        if largest is not None and math.isfinite(number) and abs(number) > largest:
            raise LayoutError(f"{where}: {number} overflows {type_}")
        struct.pack_into(_format(type_), data, offset, number)
    else:
        bits = type_.bits
        low, high = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        if kind is ScalarKind.UINT:
            low, high = 0, 2**bits - 1
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise LayoutError(f"{where}: expected a {type_} in [{low}, {high}], got {value!r}")
        struct.pack_into(_format(type_), data, offset, value)


# The largest finite float32 and binary16 (a double's range is Python's).
_FLOAT_MAX = {32: 3.4028234663852886e38, 16: 65504.0}


def _check_length(value: tuple[Value, ...], expected: int, where: str) -> None:
    if len(value) != expected:
        raise LayoutError(f"{where}: expected {expected} items, got {len(value)}")


# --------------------------------------------------------------------------- unpacking


def unpack_buffer(
    fields: Fields,
    data: bytes,
    runtime_lengths: Mapping[str, int] | None = None,
    layout: Layout = "std430",
) -> dict[str, Value]:
    """The values of a block's fields read from `data`.

    A runtime-sized last array has the length in `runtime_lengths`, or, if not given
    there, as many whole elements as `data` holds.
    """
    lengths = dict(runtime_lengths or {})
    if fields:
        name, type_ = fields[-1]
        if isinstance(type_, ArrayType) and type_.length is None and name not in lengths:
            start = _end(block_layout(fields[:-1], layout=layout))
            offset = _round_up(start, alignment(type_, layout))
            lengths[name] = max(0, (len(data) - offset) // array_stride(type_.element, layout))
    layouts = block_layout(fields, lengths, layout)
    needed = _end(layouts)
    if len(data) < needed:
        raise LayoutError(f"buffer holds {len(data)} bytes, its fields need {needed}")
    view = memoryview(data)
    return {
        placed.name: _unpack_value(view, placed.offset, placed.type, layout, placed.runtime_length)
        for placed in layouts
    }


def _unpack_value(
    data: memoryview, offset: int, type_: Type, layout: Layout, runtime_length: int | None = None
) -> Value:
    if isinstance(type_, ScalarType):
        return _unpack_scalar(data, offset, type_)
    if isinstance(type_, VectorType):
        step, component = _scalar_bytes(type_), type_.component
        return tuple(_unpack_scalar(data, offset + step * i, component) for i in range(type_.size))
    if isinstance(type_, MatrixType):
        stride = array_stride(type_.column_type, layout)
        return tuple(
            _unpack_value(data, offset + i * stride, type_.column_type, layout)
            for i in range(type_.columns)
        )
    if isinstance(type_, ArrayType):
        length = type_.length if type_.length is not None else runtime_length
        if length is None:
            raise LayoutError(f"{type_} is runtime-sized: its length must be given")
        stride = array_stride(type_.element, layout)
        return tuple(
            _unpack_value(data, offset + i * stride, type_.element, layout) for i in range(length)
        )
    if isinstance(type_, StructType):
        members = zip(type_.fields, member_offsets(type_, layout), strict=True)
        return tuple(_unpack_value(data, offset + at, field.type, layout) for field, at in members)
    raise LayoutError(f"{type_} cannot live in a buffer")


def _unpack_scalar(data: memoryview, offset: int, type_: ScalarType) -> Value:
    kind = type_.kind
    (raw,) = struct.unpack_from(_format(type_), data, offset)
    if kind is ScalarKind.BOOL:
        # A driver should store true as 1. Any other word is kept as the raw integer, so
        # that a differential comparison sees it instead of it being folded into True.
        return bool(raw) if raw in (0, 1) else int(raw)
    if kind is ScalarKind.FLOAT:
        return float(raw)
    return int(raw)
