"""What ACO, RADV's back-end, said was wrong, from the messages in a worker's log.

ACO prints every failed check of its validators (`ACO_DEBUG=validateir,validatera`,
targets/radv.py) and every instruction its selection cannot handle under one heading,
with the source file and line, then the message:

    ACO ERROR:
        In file ../src/amd/compiler/aco_validate.cpp:70
        %27 never defined:  v1b: %28 = v_add_u16_e64 %22, %27

A register-allocation error prints the instruction first and the message after it, then
aborts:

    ACO ERROR:
        In file ../src/amd/compiler/aco_validate.cpp:1171
        RA error found at instruction in BB0:
     s2: %85:s[0-1],  s1: %86:s[2] = p_startpgm
    Assignment of element 0 of %85 already taken by %27 from instruction

The first message names the bug (later ones are its consequences): its text, normalised
(temporaries, blocks and sizes are the test's), and the opcode of the instruction it
shows, which is ACO's own name and stays. Neither file nor line: they move between
releases.
"""

from __future__ import annotations

import re

from shadersmith.oracle.normalise import normalise, tidy

ACO = "aco"
HEADING = "ACO ERROR:"
_MESSAGE = re.compile(
    r"ACO ERROR:[ \t]*\n[ \t]*In file [^\n]*\n(?P<first>[^\n]*)(?:\n(?P<second>[^\n]*))?"
    r"(?:\n(?P<third>[^\n]*))?"
)
_RA_ERROR = "RA error found at instruction"
# An ACO instruction (`v1b: %28 = v_add_u16_e64 ...`, `s_endpgm`) or a NIR one
# (`div 8 %26 = fadd %24, %25`): the opcode follows the definitions' `=`, or comes first.
_OPCODE_AFTER_DEFINITIONS = re.compile(r"=\s*(?P<opcode>[a-z][a-z0-9_]*)\b")
_OPCODE_FIRST = re.compile(r"^(?P<opcode>[a-z][a-z0-9_]*)(?=\s|$)")


def aco_message(log: str) -> str | None:
    """`ACO: <message> [<opcode>]` or `ACO RA: <message> [<opcode>]` for the first ACO
    error in `log`; None when ACO reported none."""
    match = _MESSAGE.search(log)
    if match is None:
        return None
    first = match["first"].strip()
    if first.startswith(_RA_ERROR):
        instruction, message = (match["second"] or "").strip(), (match["third"] or "").strip()
        return _detail("ACO RA", message or first, instruction)
    message, _, instruction = first.partition(": ")
    return _detail("ACO", message, instruction)


def _detail(prefix: str, message: str, instruction: str) -> str:
    text = instruction.strip()
    opcode = (_OPCODE_AFTER_DEFINITIONS if "=" in text else _OPCODE_FIRST).search(text)
    shown = f" [{tidy(opcode['opcode'])}]" if opcode else ""
    return f"{prefix}: {normalise(message)}{shown}"


def aco_cause(log: str) -> tuple[str, str] | None:
    """(aco, the first message) for RunResult.cause where ACO reported an error: a crash
    after it (a failed register-allocation check aborts) is ACO's, not the driver's."""
    message = aco_message(log)
    return (ACO, message) if message is not None else None
