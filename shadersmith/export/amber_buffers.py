"""A block's bytes as an Amber buffer whose float members read as decimals (`1.5`, not
1069547520), and the values an EXPECT of the block compares.

Amber reads a buffer's data, and an EXPECT's values, by its DATA_TYPE's components, so a
block mixing int and float members is a STRUCT with one scalar member per 32-bit word,
named as the block's member (`v.x`, `keep[3]`) and placed at its std430/std140 offset
(`OFFSET` over padding words; `STRIDE` for a uniform block's tail up to 16 bytes): Amber
lays out a struct of 4-byte scalars with given offsets exactly so (src/format.cc), and
parses and checks each value as its member's type (src/amberscript/parser.cc
ParseValues, src/verifier.cc). A block whose words are all floats is `DATA_TYPE float`;
one without a float written as a decimal stays `DATA_TYPE uint32`, as its words. Int
members are `int32` (their signed value), uint and bool members `uint32`.

Which float words stay `uint32` bit patterns: NaN and infinities (Amber has no syntax
for them: `inf` is a word, `nan` any NaN), and in a buffer an EXPECT checks, zeros: EQ on
a float passes within a relative 1e-8 (src/verifier.cc IsEqualWithTolerance), which
tells every nonzero float from its neighbours but takes -0.0 for 0.0. A word is one type
for the data and the EXPECT, so it is written as bits when either needs them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shadersmith.export.common import signed, words_of
from shadersmith.export.float_words import Word, block_words, float_literal, float_of
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput
from shadersmith.targets.runners.std430 import pack_buffer

# Values per DATA line, for a readable file.
_PER_LINE = 8
_FLOAT, _INT, _UINT = "float", "int32", "uint32"
_BITS_COMMENTS = [
    "# Float words as uint32 bit patterns where Amber cannot write or check them",
    "# exactly: NaN, infinities, and zeros an EXPECT checks (EQ takes -0.0 for 0.0).",
]


@dataclass(frozen=True)
class AmberBuffer:
    """The lines that declare a buffer holding a block, and the values an `EXPECT ... IDX
    0 EQ` of it compares (those of `expected`, when given)."""

    lines: list[str]
    expected: list[str]


def amber_buffer(
    buffer: BufferInput, name: str, expected: Mapping[str, Value] | None = None
) -> AmberBuffer:
    """`buffer`'s bytes (std430, or std140 for a uniform block) as the Amber buffer
    `name`; `expected`: the block's values after the run, which an EXPECT checks."""
    data = pack_buffer(buffer.fields, buffer.values, buffer.layout)
    if buffer.uniform:  # a whole std140 block, as GL sizes one: up to a multiple of 16 bytes
        data += bytes(-len(data) % 16)
    words = words_of(data)
    kinds = block_words(buffer.fields, buffer.values, buffer.layout)
    kinds += [None] * (len(words) - len(kinds))
    after = words_of(pack_buffer(buffer.fields, expected)) if expected is not None else words
    checked = expected is not None
    types = [_type(kinds[i], word, after[i], checked) for i, word in enumerate(words)]
    if _FLOAT not in types:
        shown = [str(word) for word in words]
        return AmberBuffer(_declared(name, _UINT, shown), [str(word) for word in after])
    comment = (
        _BITS_COMMENTS
        if any(
            _is_float(kind) and type_ != _FLOAT for kind, type_ in zip(kinds, types, strict=True)
        )
        else []
    )
    members = [i for i, type_ in enumerate(types) if type_ is not None]
    values = [_text(types[i], words[i]) for i in members]
    expected_values = [_text(types[i], after[i]) for i in members]
    if len(members) == len(words) and set(types) == {_FLOAT}:
        return AmberBuffer([*comment, *_declared(name, _FLOAT, values)], expected_values)
    layout = f"{name}_words"
    struct = _struct(layout, kinds, types, 4 * len(words))
    lines = [*comment, *struct, *_declared(name, layout, values)]
    return AmberBuffer(lines, expected_values)


def _type(kind: Word | None, word: int, after: int, checked: bool) -> str | None:
    """The Amber type a word is written as, None for padding."""
    if kind is None:
        return None
    if kind.kind is ScalarKind.FLOAT:
        exact = float_literal(word) is not None and float_literal(after) is not None
        return _FLOAT if exact and not (checked and float_of(after) == 0) else _UINT
    return _INT if kind.kind is ScalarKind.INT else _UINT


def _is_float(kind: Word | None) -> bool:
    return kind is not None and kind.kind is ScalarKind.FLOAT


def _text(type_: str | None, word: int) -> str:
    if type_ == _FLOAT:
        literal = float_literal(word)
        assert literal is not None  # _type chose float for words that have one
        return literal
    return str(signed(word)) if type_ == _INT else str(word)


def _struct(name: str, kinds: list[Word | None], types: list[str | None], size: int) -> list[str]:
    """A STRUCT of one scalar member a word, each at its word's offset."""
    members = []
    end = 0
    for index, (kind, type_) in enumerate(zip(kinds, types, strict=True)):
        if kind is None or type_ is None:
            continue
        offset = 4 * index
        members.append(f"  {type_} {kind.name}" + (f" OFFSET {offset}" if offset != end else ""))
        end = offset + 4
    stride = f" STRIDE {size}" if size != end else ""
    return [f"STRUCT {name}{stride}", *members, "END", ""]


def _declared(name: str, data_type: str, values: list[str]) -> list[str]:
    rows = [" ".join(values[i : i + _PER_LINE]) for i in range(0, len(values), _PER_LINE)]
    return [f"BUFFER {name} DATA_TYPE {data_type} DATA", *rows, "END", ""]
