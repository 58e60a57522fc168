"""What several commands share besides their options: the one-line error, the console
for progress and warnings (stderr), where a result goes beside its test, and the exit
status of a campaign a signal stopped."""

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


class _Failure(click.ClickException):
    exit_code = 2


def fail(message: str) -> NoReturn:
    """One-line error for the user, exit status 2 like click's own usage errors."""
    raise _Failure(message)


def beside(test_dir: Path, suffix: str) -> Path:
    """`<test>-<suffix>` beside the test (for `.`, beside the current folder)."""
    absolute = Path(os.path.abspath(test_dir))  # lexically: `.` and `..`, no link followed
    if not absolute.name:
        fail(f"{test_dir}: give --out for a test at the file system's root")
    return absolute.with_name(f"{absolute.name}-{suffix}")
