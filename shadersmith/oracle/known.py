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


def load_ignore_list(path: str | Path) -> set[str]:
    """The signatures listed in `path` (a missing file is an error: it was asked for)."""
    entries = set()
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        entry = line.strip()
        if entry and not entry.startswith("#"):
            entries.add(entry)
    return entries


def is_ignored(signature: str, ignore: Collection[str]) -> bool:
    if signature in ignore:
        return True
    return any("*" in entry and _pattern(entry).fullmatch(signature) for entry in ignore)


def _pattern(entry: str) -> re.Pattern[str]:
    # Only `*` is special: signatures hold brackets and question marks of their own.
    return re.compile(".*".join(re.escape(part) for part in entry.split("*")), re.S)
