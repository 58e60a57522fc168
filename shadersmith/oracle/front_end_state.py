"""Reading what Mesa's GLSL front-end handed its back-end, to find who made a bad state.

A crash in LLVM or llvmpipe is not always their bug: the front-end may have handed them
something no back-end can compile. Mesa prints the NIR its GLSL front-end produced when
MESA_GLSL=dump is set (targets/dumps/mesa_dump.py). NIR states every value's bit size at its
definition, so a use of a 32-bit value where an instruction needs 64 bits is visible in
the text alone: the front-end made the bad state, and the back-end's crash is its
symptom (Mesa's own validator checks the same, but only in debug builds).
"""

from __future__ import annotations

import re

# Mesa 22 prints `vec1 32 ssa_40 = intrinsic load_ssbo (...)`; Mesa 24 and later print
# `con 32x1 %40 = @load_ssbo (...)` (bit size first there).
_DEFINITION_OLD = re.compile(
    r"^\s*vec(?P<components>\d+) (?P<bits>\d+) ssa_(?P<id>\d+) = (?P<rest>.*)$"
)
_DEFINITION_NEW = re.compile(
    r"^\s*(?:con|div)?\s*(?P<bits>\d+)x(?P<components>\d+)\s+%(?P<id>\d+) = (?P<rest>.*)$"
)
_OPERAND = re.compile(r"(?:ssa_|%)(\d+)")

# ALU opcodes whose sources must have one bit size whatever the others do.
SOURCE_BITS: dict[str, int] = {
    "unpack_64_2x32_split_x": 64,
    "unpack_64_2x32_split_y": 64,
    "unpack_64_2x32": 64,
    "unpack_64_4x16": 64,
    "unpack_32_2x16_split_x": 32,
    "unpack_32_2x16_split_y": 32,
    "pack_64_2x32_split": 32,
}


_NEW_FUNCTION = re.compile(r"^(?:shader: |impl )")


def _definitions(dump: str) -> list[tuple[int, int, str] | None]:
    """(id, bit size, the text after `=`) for each definition, in print order; None
    where a new function starts (each numbers its values anew)."""
    found: list[tuple[int, int, str] | None] = []
    for line in dump.splitlines():
        if _NEW_FUNCTION.match(line):
            found.append(None)
            continue
        match = _DEFINITION_OLD.match(line) or _DEFINITION_NEW.match(line)
        if match:
            found.append((int(match["id"]), int(match["bits"]), match["rest"]))
    return found


def invalid_nir(dump: str) -> str | None:
    """The first bit-size violation in the NIR of `dump`, described without ids (stable
    across programs, so it can name a bucket), or None when none is seen."""
    bits: dict[int, int] = {}
    for definition in _definitions(dump):
        if definition is None:
            bits = {}
            continue
        value_id, size, rest = definition
        bits[value_id] = size
        words = rest.split()
        if not words:
            continue
        opcode = words[0].lstrip("@")
        needed = SOURCE_BITS.get(opcode)
        if needed is None:
            continue
        for operand in _OPERAND.findall(" ".join(words[1:])):
            have = bits.get(int(operand))
            if have is not None and have != needed:
                return f"invalid NIR: {opcode} of a {have}-bit value"
    return None


def undefined_read(dump: str) -> str | None:
    """A use of an `undefined` NIR value, or None. Reconditioned programs initialise every
    variable and index within bounds, so an undefined value in what the front-end hands
    over is the front-end's making (Mesa 22 turns `v.xxyy[2]` on a buffer `ivec2` into an
    undefined read), whatever a back-end then computes from it."""
    undefined: set[int] = set()
    for definition in _definitions(dump):
        if definition is None:
            undefined = set()
            continue
        value_id, _, rest = definition
        words = rest.split()
        if words and words[0] == "undefined":
            undefined.add(value_id)
            continue
        if any(int(operand) in undefined for operand in _OPERAND.findall(rest)):
            return "NIR reads an undefined value"
    return None


def front_end_fault(dump: str) -> str | None:
    """What shows that the front-end's output is wrong in itself, or None. Each reading
    needs a word in the text (an opcode of SOURCE_BITS, `undefined`) that few dumps
    hold: without it, its line by line reading (~40 ms a dump of 100-300 kB, in the
    campaign's process) is skipped."""
    fault = None
    if any(opcode in dump for opcode in SOURCE_BITS):
        fault = invalid_nir(dump)
    if fault is None and "undefined" in dump:
        fault = undefined_read(dump)
    return fault
