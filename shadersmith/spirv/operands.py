"""An instruction's operands once the grammar has read them: ids, literal numbers,
literal strings and enumerants, each of which knows its own words.

An enumerant's parameters (Decoration BuiltIn's built-in, LoopControl
DependencyLength's literal) follow it as operands of their own, as they do in the
binary: the operand list stays flat, and writing it is writing each operand in turn.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from shadersmith.spirv.binary import MalformedSpirv
from shadersmith.spirv.grammar import grammar


@dataclass(frozen=True)
class Id:
    """A reference to an id (`%5`)."""

    value: int

    def words(self) -> tuple[int, ...]:
        return (self.value,)

    def __str__(self) -> str:
        return f"%{self.value}"


@dataclass(frozen=True)
class Literal:
    """A literal number of `width` words (a 64-bit constant takes 2, low word first), its
    bits as an unsigned integer: the type it is read with (OpConstant's result type)
    says whether it is a float or a signed integer."""

    value: int
    width: int = 1

    def words(self) -> tuple[int, ...]:
        return tuple((self.value >> (32 * index)) & 0xFFFFFFFF for index in range(self.width))

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class String:
    """A literal string: UTF-8, NUL-terminated and NUL-padded to a word, packed
    little-endian whatever the module's byte order (the specification says so). Bytes
    that are not UTF-8 survive a round trip (surrogateescape)."""

    value: str

    def words(self) -> tuple[int, ...]:
        encoded = self.value.encode("utf-8", "surrogateescape")
        padded = encoded + b"\0" * (4 - len(encoded) % 4)
        return struct.unpack(f"<{len(padded) // 4}I", padded)

    def __str__(self) -> str:
        escaped = self.value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'


@dataclass(frozen=True)
class Enum:
    """An enumerant of the operand kind `kind`: one value of a ValueEnum, or a BitEnum's
    mask (several bits at once: LoopControl Unroll|DependencyLength)."""

    kind: str
    value: int

    def words(self) -> tuple[int, ...]:
        return (self.value,)

    @property
    def name(self) -> str:
        """The enumerant's name ("BuiltIn"; a mask's bits joined by "|"; the number where
        the grammar lacks the value)."""
        operand_kind = grammar().operand_kinds[self.kind]
        if operand_kind.category != "BitEnum":
            found = operand_kind.by_value.get(self.value)
            return found.name if found else str(self.value)
        if self.value == 0:
            found = operand_kind.by_value.get(0)
            return found.name if found else "0"
        names = []
        for bit in range(32):
            if self.value >> bit & 1:
                found = operand_kind.by_value.get(1 << bit)
                names.append(found.name if found else hex(1 << bit))
        return "|".join(names)

    def __str__(self) -> str:
        return self.name


Operand = Id | Literal | String | Enum


def read_string(words: tuple[int, ...], start: int, where: str) -> tuple[String, int]:
    """The literal string starting at `words[start]` and the index after it."""
    for end in range(start, len(words)):
        packed = struct.pack("<I", words[end])
        nul = packed.find(b"\0")
        if nul < 0:
            continue
        if packed[nul:] != b"\0" * (4 - nul):
            # Only zero padding writes back the same bytes, and the specification asks for it.
            raise MalformedSpirv(f"{where}: a literal string padded with non-zero bytes")
        raw = struct.pack(f"<{end - start + 1}I", *words[start : end + 1])
        text = raw[: raw.find(b"\0")].decode("utf-8", "surrogateescape")
        return String(text), end + 1
    raise MalformedSpirv(f"{where}: a literal string without its terminating NUL")
