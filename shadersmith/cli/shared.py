"""What several commands share besides their options: the one-line error, the console
for progress and warnings (stderr), where a result goes beside its test, the exit status
of a campaign a signal stopped, and text from anyone made safe for the terminal."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console

err_console = Console(stderr=True)

# The exit status a campaign stopped by a signal leaves for its command, which still prints
# what it found first: 130 after Ctrl-C (SIGINT), 143 after SIGTERM, as shells report them.
stopped_by_signal: list[int] = []


# Control characters a terminal would obey: ESC sequences (OSC 52 writes the clipboard,
# OSC 8 disguises links, cursor moves rewrite what was printed), C1 controls, DEL.
_CONTROLS = {c: f"\\x{c:02x}" for c in [*range(0x20), 0x7F, *range(0x80, 0xA0)]}
del _CONTROLS[ord("\n")], _CONTROLS[ord("\t")]


def printable(text: str) -> str:
    """`text` from a test or a campaign (anyone's) with its control characters shown as
    `\\xNN` instead of sent to the terminal; newlines and tabs stay. A path's bytes that
    are not UTF-8 (surrogates, as Python reads them) are shown as `\\udcNN`: printed as
    they are, they stopped the command with a UnicodeEncodeError."""
    shown = text.translate(_CONTROLS)
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


class _Failure(click.ClickException):
    exit_code = 2


def fail(message: str) -> NoReturn:
    """One-line error for the user, exit status 2 like click's own usage errors."""
    raise _Failure(printable(message))


def beside(test_dir: Path, suffix: str) -> Path:
    """`<test>-<suffix>` beside the test (for `.`, beside the current folder)."""
    absolute = Path(os.path.abspath(test_dir))  # lexically: `.` and `..`, no link followed
    if not absolute.name:
        fail(f"{test_dir}: give --out for a test at the file system's root")
    return absolute.with_name(f"{absolute.name}-{suffix}")
