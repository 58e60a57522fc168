"""Signatures to ignore: bugs already known, reported or found before (seed 002 4.2).

gfauto ran the existing conformance tests first and ignored the signatures they gave, so
a campaign spends no reduction on bugs it cannot report again. Here the list is a text
file, one signature per line; a line starting with `#` is a comment. A `*` in a line
stands for any text, e.g. `crash:lavapipe:*` ignores every lavapipe crash.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

# Bounds of an ignore list, which may come from a shared folder like a test: a known-bugs
# list has tens of lines of at most a few hundred characters.
MAX_IGNORE_BYTES = 1024 * 1024
MAX_SIGNATURE_CHARS = 1000


class IgnoreListError(ValueError):
    """An ignore list that is not one; the message is one line naming the file."""


def load_ignore_list(path: str | Path) -> set[str]:
    """The signatures listed in `path` (a missing file is an error: it was asked for). A
    file that is not text, or too large to be a list of signatures, is an IgnoreListError."""
    data = Path(path).read_bytes()
    if len(data) > MAX_IGNORE_BYTES:
        raise IgnoreListError(f"{path}: {len(data)} bytes, more than an ignore list holds")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise IgnoreListError(f"{path}: not UTF-8 text (byte {error.start})") from None
    entries = set()
    for number, line in enumerate(text.splitlines(), 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        if len(entry) > MAX_SIGNATURE_CHARS or not entry.isprintable():
            raise IgnoreListError(
                f"{path}: line {number} is not a signature (control characters, or longer "
                f"than {MAX_SIGNATURE_CHARS} characters)"
            )
        entries.add(entry)
    return entries


def is_ignored(signature: str, ignore: Collection[str]) -> bool:
    if signature in ignore:
        return True
    return any("*" in entry and _pattern(entry).fullmatch(signature) for entry in ignore)


def _pattern(entry: str) -> re.Pattern[str]:
    # Only `*` is special: signatures hold brackets and question marks of their own.
    return re.compile(".*".join(re.escape(part) for part in entry.split("*")), re.S)
