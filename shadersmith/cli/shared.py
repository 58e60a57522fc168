"""What several commands share besides their options: the one-line error, the console
for progress and warnings (stderr), and where a result goes beside its test."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console

err_console = Console(stderr=True)


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
