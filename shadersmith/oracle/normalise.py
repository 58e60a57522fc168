"""Turning a message from a log into part of a signature.

What differs between two tests that hit one bug must go: numbers (lines, columns, SPIR-V
ids, addresses), paths and temporary names, and the identifiers the generator and the
tools make up (`var_12`, `_656`, `SAFE_DIV_int_int`, `%int_1`). Signatures also name
bucket directories, so the result is one line of printable ASCII with no slash, bounded.
"""

from __future__ import annotations

import re

MAX_LENGTH = 80

_PATH = re.compile(r"(?:\.{1,2}/|/)?(?:[\w.+-]+/)+(?=[\w.+-])")
_TEMP_NAME = re.compile(r"\btmp[\w-]{6,}|\bshadersmith-[\w-]+")
# Names the generator and reconditioner choose (generate/context.py fresh_name, SAFE_
# wrappers with their site numbers), spirv-cross's `_656`, and SPIR-V's `%name`.
_GENERATED_NAME = re.compile(
    r"\bSAFE_\w+(?:#\d+)?"
    r"|\b(?:var|glob|for_var|func|param|in|out|buf)_\d+(?:_f\d+)*\b"
    r"|(?<![\w.])_\d+(?:_\d+)*\b"
)
_SPIRV_ID = re.compile(r"%[\w.]+")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F]+|\d+")
_SPACE = re.compile(r"\s+")


def normalise(message: str) -> str:
    """A message with everything test-specific replaced (`N`, `ID`, `%ID`) or dropped."""
    text = _PATH.sub("", message)
    text = _TEMP_NAME.sub("TMP", text)
    text = _GENERATED_NAME.sub("ID", text)
    text = _SPIRV_ID.sub("%ID", text)
    text = _NUMBER.sub("N", text)
    return tidy(text)


def tidy(text: str) -> str:
    """One line of printable ASCII without slashes, trailing punctuation trimmed.

    Used alone for text from the source of a tool (an assertion's expression): numbers
    there are part of the code, not of the test, and stay.
    """
    text = _SPACE.sub(" ", text).strip().rstrip(".").strip()
    text = text.replace("/", "_").replace("\\", "_")
    return "".join(c if " " <= c <= "~" else "?" for c in text)


def bound(text: str, limit: int = MAX_LENGTH) -> str:
    return text if len(text) <= limit else text[:limit].rstrip()
