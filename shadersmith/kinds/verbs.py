"""The verbs every kind of test has, and what they take and give (kinds/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from shadersmith.case import TestCase
from shadersmith.oracle.differential import output_digest
from shadersmith.oracle.metamorphic import MetamorphicJudgement, on_reference_bindings
from shadersmith.oracle.reproduction import replay_verdict
from shadersmith.targets.results import RunResult

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


def echo_pair_replay(
    echo: Echo,
    targets: Sequence[str],
    answers: Mapping[int, Mapping[str, RunResult]],
    judged: MetamorphicJudgement,
    wanted: str | None,
    missing: Mapping[str, str],
    holds: str,
) -> int:
    """What `replay` prints of a pair (a metamorphic test's, a SPIR-V test's): each
    target's two runs (the variant's on the reference's bindings, so that equal outputs
    show equal digests) and outcome, a defect of ours, the targets missing here
    (`missing`: why each), the verdict; its exit status (oracle/reproduction.py). `holds`:
    what agreement means, for the verdict's line."""
    for target in targets:
        for label, results in (("reference", answers[0]), ("variant", answers[1])):
            result = on_reference_bindings(results[target], answers[0].get(target))
            detail = output_digest(result) if result.ok else result.log.strip()[-160:]
            echo(f"  {target:<24} {label:<9} {result.status.value:<12} {detail}")
        if target in judged.outcomes:
            echo(f"  {target:<24} outcome   {judged.outcomes[target].value}")
    if judged.ours:
        echo(f"  defect of ours: {judged.ours}")
    for name, why in missing.items():
        echo(f"missing on this machine: {name} ({why})")
    now = [f.signature for f in judged.findings]
    replayed = replay_verdict(wanted, now, list(missing), holds)
    echo(replayed.line)
    return int(replayed.reproduction)
