"""The SPIR-V binary form: a header of five words, then instructions of a word holding
(word count << 16 | opcode) and their operand words. Reads untrusted files (a test
directory's `.spv`), so every way the bytes can be wrong is one typed error,
MalformedSpirv, never an IndexError; writes back the same bytes it read.

Both byte orders are read (the magic number says which) and written back as they came;
glslang writes little-endian.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass

MAGIC = 0x07230203
HEADER_WORDS = 5
WORD_BYTES = 4


class MalformedSpirv(ValueError):
    """The bytes are not a SPIR-V module we can read: one line saying where and why."""


@dataclass
class Header:
    """The module's header. `bound`: every id is below it (Module.fresh_id keeps it so).
    `byte_order`: struct's "<" (little-endian) or ">"."""

    version: int
    generator: int
    bound: int
    schema: int = 0
    byte_order: str = "<"

    @property
    def version_tuple(self) -> tuple[int, int]:
        """(major, minor): 0x00010300 is (1, 3)."""
        return (self.version >> 16) & 0xFF, (self.version >> 8) & 0xFF


@dataclass(frozen=True)
class RawInstruction:
    """One instruction as words: its opcode and the words after the first."""

    opcode: int
    words: tuple[int, ...]


def _words(data: bytes) -> tuple[str, tuple[int, ...]]:
    if len(data) % WORD_BYTES:
        raise MalformedSpirv(f"{len(data)} bytes is not a whole number of 32-bit words")
    if len(data) < HEADER_WORDS * WORD_BYTES:
        raise MalformedSpirv(f"truncated header: {len(data)} bytes, a header takes 20")
    count = len(data) // WORD_BYTES
    for order in ("<", ">"):
        if struct.unpack_from(f"{order}I", data)[0] == MAGIC:
            return order, struct.unpack(f"{order}{count}I", data)
    raise MalformedSpirv(f"wrong magic number {data[:4].hex()}: not a SPIR-V module")


def read_binary(data: bytes) -> tuple[Header, list[RawInstruction]]:
    """The header and instructions of the module `data`."""
    order, words = _words(data)
    header = Header(
        version=words[1], generator=words[2], bound=words[3], schema=words[4], byte_order=order
    )
    instructions = []
    position = HEADER_WORDS
    while position < len(words):
        first = words[position]
        count, opcode = first >> 16, first & 0xFFFF
        if count == 0:
            raise MalformedSpirv(f"word {position}: an instruction with a word count of 0")
        if position + count > len(words):
            raise MalformedSpirv(
                f"word {position}: opcode {opcode}'s {count} words run past the end of the"
                f" module ({len(words)} words)"
            )
        instructions.append(RawInstruction(opcode, words[position + 1 : position + count]))
        position += count
    return header, instructions


def write_binary(header: Header, instructions: Sequence[RawInstruction]) -> bytes:
    """The bytes of a module: the inverse of read_binary."""
    words = [MAGIC, header.version, header.generator, header.bound, header.schema]
    for instruction in instructions:
        count = len(instruction.words) + 1
        if count > 0xFFFF:
            raise MalformedSpirv(f"opcode {instruction.opcode}: {count} words, at most 65535")
        words.append(count << 16 | instruction.opcode)
        words.extend(instruction.words)
    try:
        return struct.pack(f"{header.byte_order}{len(words)}I", *words)
    except struct.error as error:
        raise MalformedSpirv(f"a word out of 32-bit range: {error}") from None
