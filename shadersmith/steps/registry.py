"""A step: a name, typed parameters, and a pure function; a registry: steps by name.

A step takes a program, its buffer values and its parameters and gives back the new
program and values. Its parameters are a frozen dataclass of its own, beside its function
(the reason beside each field), that writes the JSON a record keeps (`to_json`) and reads
it back (the step's `read`, usually the class's `from_json`). A field added since a step's
first campaigns is absent from older records; its default is the behaviour they were made
with, so every recorded test replays byte for byte. A record replays with its parameters
as written (never rewritten from the typed form), and new records are made from the typed
form (`Step.request`, `Step.apply`).

A step must be a pure function of its arguments: randomness comes from a seed among its
parameters (`random.Random(params.seed)`), never from a stream shared with the generator.
Adding one is a `Step` beside its function and a row in the table of rebuild/step_table.py:

    @dataclass(frozen=True)
    class MyParams:
        seed: int

        def to_json(self) -> dict[str, Any]:
            return {"seed": self.seed}

        @classmethod
        def from_json(cls, data: Mapping[str, Any]) -> MyParams:
            return cls(int(data["seed"]))

    MY_STEP = Step("my-step", MyParams.from_json, my_step)

Nothing registers itself on import: a registry is the explicit list of steps it is made
from (catalogue.py's STEPS holds every step; fusion replays its partners with the few a
generated program takes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.steps.record import StepRecord


class StepError(ValueError):
    """A step that cannot be applied (unknown name, bad parameters); one line."""


@dataclass(frozen=True)
class StepResult:
    program: Program
    values: BufferValues
    report: dict[str, Any] = field(default_factory=dict)


class Parameters(Protocol):
    """What a step's parameters are to a record: their JSON (JSON values only)."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class NoParameters:
    """The parameters of a step that takes none (a record's are ignored)."""

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NoParameters:
        return cls()


P = TypeVar("P", bound=Parameters)


@dataclass(frozen=True)
class Step(Generic[P]):
    """A named step: how its parameters are read from a record, and what it does."""

    name: str
    read: Callable[[Mapping[str, Any]], P]
    run: Callable[[Program, BufferValues, P], StepResult]

    def request(self, params: P) -> StepRecord:
        """The record asking for this step with `params` (the report comes when it runs)."""
        return StepRecord(self.name, params.to_json())

    def apply(
        self, program: Program, values: BufferValues, params: P
    ) -> tuple[StepRecord, StepResult]:
        """The step with `params`; its record (to append to the provenance) and result."""
        result = self._guarded(lambda: self.run(program, values, params))
        return StepRecord(self.name, params.to_json(), result.report), result

    def replay(
        self, params: Mapping[str, Any], program: Program, values: BufferValues
    ) -> StepResult:
        """The step with parameters as a record keeps them."""
        return self._guarded(lambda: self.run(program, values, self.read(params)))

    def _guarded(self, run: Callable[[], StepResult]) -> StepResult:
        try:
            return run()
        except StepError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise StepError(f"step {self.name!r}: bad parameters ({error})") from None


class Registry:
    """Steps by name, from an explicit list."""

    def __init__(self, steps: Iterable[Step[Any]]) -> None:
        self._steps: dict[str, Step[Any]] = {}
        for step in steps:
            if step.name in self._steps:
                raise ValueError(f"step {step.name!r} is listed twice")
            self._steps[step.name] = step

    def names(self) -> list[str]:
        return sorted(self._steps)

    def __contains__(self, name: object) -> bool:
        return name in self._steps

    def step(self, name: str) -> Step[Any]:
        found = self._steps.get(name)
        if found is None:
            raise StepError(f"unknown step {name!r} (known: {', '.join(self.names())})")
        return found

    def apply(
        self, record: StepRecord, program: Program, values: BufferValues
    ) -> tuple[StepRecord, StepResult]:
        """The step `record` names, with its parameters: the record as it was written
        (its parameters byte for byte) with the step's report, and the result."""
        result = self.step(record.name).replay(record.params, program, values)
        return StepRecord(record.name, dict(record.params), result.report), result

    def replay(
        self, records: Iterable[StepRecord], program: Program, values: BufferValues
    ) -> tuple[Program, BufferValues]:
        """Recorded steps in order: the program they made, from the one they started on."""
        for record in records:
            _, result = self.apply(record, program, values)
            program, values = result.program, result.values
        return program, values
