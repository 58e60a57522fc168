"""The verbs every kind of test has, and what they take and give (kinds/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from shadersmith.case import TestCase

Echo = Callable[[str], None]  # one line of a command's output


class KindError(Exception):
    """A verb cannot be done on this test; the message is one line for the user."""


@dataclass(frozen=True)
class ReplayRequest:
    targets: list[str] | None  # None: the targets the test recorded
    timeout_s: float
    newest: bool = False  # the same chains on the newest releases (differential, crash)


@dataclass(frozen=True)
class ReduceRequest:
    signature: str | None  # None: the test's recorded finding
    targets: tuple[str, ...] | None  # None: the targets the test recorded
    reducer: str  # reduce.REDUCERS (the program reducer)
    time_s: float
    workers_per_target: int
    timeout_s: float
    destination: Path | None  # None: beside the test, `<test>-reduced`
    force: bool
    on_progress: Callable[[str], None]  # one line, replaced as it goes
    should_stop: Callable[[], bool]  # Ctrl-C: keep the smallest test so far


@dataclass(frozen=True)
class Reduced:
    directory: Path  # the reduced test
    lines: tuple[str, ...]  # what the reduction did, for the user
    kept: bool  # the reduced test still shows the signature


class TestKind(Protocol):
    """One kind of test: its name (the record's `oracle.kind`) and its verbs."""

    @property
    def name(self) -> str: ...

    def replay(self, test: TestCase, directory: Path, request: ReplayRequest, echo: Echo) -> int:
        """Run the saved test again, print what each target gives, and return the exit
        status `replay` documents (oracle/reproduction.py: 0 reproduces, 1 does not,
        2 undecided). KindError for a test this cannot replay."""
        ...

    def reduce(self, test: TestCase, directory: Path, request: ReduceRequest) -> Reduced:
        """Shrink the saved test while its finding holds. KindError (one line) for a test
        this cannot reduce or a request it cannot honour."""
        ...


def refuse_program_reducer_options(request: ReduceRequest, kind: str, written: Path) -> None:
    """The options of the program reducer that a test of `kind` cannot honour."""
    if request.reducer != "internal":
        raise KindError(f"a {kind} test is reduced by its own reducer, not --reducer")
    if request.destination is not None and request.destination.absolute() != written:
        raise KindError(f"a {kind} test's reduction is written beside it ({written}): no --out")
