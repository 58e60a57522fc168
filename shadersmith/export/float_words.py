"""A block's 32-bit words as a reader of an exported file wants them: which member each
word holds (its kind and its name, `out_f1[3].y`), and a float word as the shortest
decimal that reads back to its exact bits (`1.5`, not 1069547520).

A literal must come back to the same bits however the format reads it: with strtof
(shader_runner's `ssbo ... subdata float`, `probe ssbo float`, scanned with `%f`) and
with strtod then a cast to float (shader_runner's `uniform` values, Amber's float data and
EXPECT values): rounding twice can land on the neighbouring float. numpy's shortest
digits are exact under strtof; the second reading is checked here for each literal
(Python's float is a correctly rounded strtod, numpy's float32 of it rounds as C's cast
does). NaN and infinities get no literal (Amber has no syntax for them, and a NaN's
payload has no decimal): the formats write those words as their bit patterns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

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
from shadersmith.targets.runners.std430 import (
    Fields,
    Layout,
    array_stride,
    block_layout,
    buffer_size,
    member_offsets,
    runtime_lengths_of,
)

_COMPONENTS = "xyzw"
# Magnitudes written positionally (`0.0001`, `16777215.0`); outside them, as `1.0e-45`:
# from 2^24 on a float is not every integer, and positional shortest digits would show
# 536870912 as 536870900.0.
_SMALLEST_POSITIONAL, _LARGEST_POSITIONAL = 1e-4, 2.0**24


@dataclass(frozen=True)
class Word:
    """What one 32-bit word of a block holds: a scalar of `kind` (bool is stored as a uint
    0/1) named `name`, GLSL's way (`a[2].y`, `s.m[1].x`)."""

    kind: ScalarKind
    name: str


def block_words(
    fields: Fields, values: Mapping[str, Value], layout: Layout = "std430"
) -> list[Word | None]:
    """The member each 32-bit word of the block's bytes holds (`pack_buffer`'s bytes),
    None for padding."""
    lengths = runtime_lengths_of(fields, values)
    words: list[Word | None] = [None] * (-(-buffer_size(fields, lengths, layout) // 4))
    for placed in block_layout(fields, lengths, layout):
        _place(words, placed.offset, placed.type, placed.name, placed.runtime_length, layout)
    return words


def _place_bits(
    words: list[Word | None], offset: int, type_: ScalarType | VectorType, name: str
) -> None:
    """A scalar or vector not 32 bits wide (float16_t, int8_t, 64-bit ones) is written as
    the uint32 words its bytes share (two f16vec2 components, four int8_t in one word;
    a double in two), by their bit patterns: exact, whatever the reader's formats."""
    count = 1 if isinstance(type_, ScalarType) else type_.size
    end = offset + count * type_.bits // 8
    for index in range(offset // 4, -(-end // 4)):
        if words[index] is None:
            words[index] = Word(ScalarKind.UINT, name)


def _place(
    words: list[Word | None],
    offset: int,
    type_: Type,
    name: str,
    length: int | None,
    layout: Layout,
) -> None:
    if isinstance(type_, ScalarType | VectorType) and type_.bits != 32:
        _place_bits(words, offset, type_, name)
    elif isinstance(type_, ScalarType):
        words[offset // 4] = Word(type_.kind, name)
    elif isinstance(type_, VectorType):
        for index in range(type_.size):
            words[offset // 4 + index] = Word(type_.kind, f"{name}.{_COMPONENTS[index]}")
    elif isinstance(type_, MatrixType):
        stride = array_stride(type_.column_type, layout)
        for column in range(type_.columns):
            at = offset + column * stride
            _place(words, at, type_.column_type, f"{name}[{column}]", None, layout)
    elif isinstance(type_, ArrayType):
        stride = array_stride(type_.element, layout)
        count = type_.length if type_.length is not None else length or 0
        for index in range(count):
            _place(words, offset + index * stride, type_.element, f"{name}[{index}]", None, layout)
    elif isinstance(type_, StructType):
        members = zip(type_.fields, member_offsets(type_, layout), strict=True)
        for field, at in members:
            _place(words, offset + at, field.type, f"{name}.{field.name}", None, layout)


def float_of(word: int) -> float:
    """The float32 whose bits are `word`, as a Python float (exact)."""
    return float(np.array([word], dtype=np.uint32).view(np.float32)[0])


def bits_of(value: float) -> int:
    """The bits of `value` rounded to float32 (ties to even, as C's cast)."""
    return int(np.array([value], dtype=np.float32).view(np.uint32)[0])


def float_literal(word: int) -> str | None:
    """The shortest decimal that reads back to the float32 bits `word` (always with a
    `.`: Amber reads `1e-45` as the integer 1 followed by a word), or None for a NaN or
    an infinity and for the rare literal that strtod then a float cast would round to the
    neighbouring float."""
    value = np.array([word], dtype=np.uint32).view(np.float32)[0]
    if not np.isfinite(value):
        return None
    if value == 0 or _SMALLEST_POSITIONAL <= abs(value) < _LARGEST_POSITIONAL:
        text = np.format_float_positional(value, unique=True, trim="0")
    else:
        text = np.format_float_scientific(value, unique=True, trim="0")
    return text if bits_of(float(text)) == word else None
