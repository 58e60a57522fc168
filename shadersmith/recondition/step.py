"""The reconditioner as a step (steps/): always the last a program takes before it runs,
recorded with its options so that a test replays, and pruned to the wrappers a run needs
when a reduction asked for it (recondition/instrument.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import Language
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition.instrument import prune_wrappers
from shadersmith.recondition.pipeline import ReconditionOptions, recondition
from shadersmith.steps.record import StepRecord
from shadersmith.steps.registry import Step, StepError, StepResult

RECONDITION = "recondition"


@dataclass(frozen=True)
class ReconditionParams:
    options: ReconditionOptions = field(default_factory=ReconditionOptions)
    # The wrapper sites kept by pruning, as recorded (`recondition_params` sorts them);
    # None: every wrapper stays.
    prune_keep: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        # The options as records hold them: every field, the language as its value.
        options = {**dataclasses.asdict(self.options), "language": self.options.language.value}
        # The float mode as its value, and only in interval mode: a record of the exact
        # mode stays what it was before the mode existed (and reads back as EXACT).
        floats = options.pop("floats")
        if floats is not FloatMode.EXACT:
            options["floats"] = floats.value
        data: dict[str, Any] = {"options": options}
        if self.prune_keep is not None:
            data["prune_keep"] = list(self.prune_keep)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReconditionParams:
        """The parameters a record holds; a record may leave out any option (its default)."""
        keep = None
        if "prune_keep" in data:
            keep = tuple(str(site) for site in data["prune_keep"])
        return cls(_options(dict(data.get("options", {}))), keep)


def _options(data: dict[str, Any]) -> ReconditionOptions:
    known = {f.name for f in dataclasses.fields(ReconditionOptions)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise StepError(f"unknown recondition option(s): {', '.join(unknown)}")
    # Records made before the qualified-copies pass (pipeline.py, pass 11) ran without it.
    data.setdefault("qualified_copies", False)
    if "floats" in data:
        try:
            data["floats"] = FloatMode(data["floats"])
        except ValueError:
            raise StepError(f"unknown recondition float mode {data['floats']!r}") from None
    if "language" in data:
        try:
            data["language"] = Language(data["language"])
        except ValueError:
            raise StepError(f"unknown recondition language {data['language']!r}") from None
    return ReconditionOptions(**data)


def recondition_params(
    options: ReconditionOptions, prune_keep: Iterable[str] | None = None
) -> ReconditionParams:
    """The recondition step's parameters; `prune_keep`: the wrapper sites kept by pruning
    (recondition/instrument.py), None to keep every wrapper."""
    return ReconditionParams(options, None if prune_keep is None else tuple(sorted(prune_keep)))


def recondition_step(
    program: Program, values: BufferValues, params: ReconditionParams
) -> StepResult:
    """The reconditioner: undefined behaviour removed."""
    result = recondition(program, values, params.options)
    if params.prune_keep is not None:
        result = prune_wrappers(result, list(params.prune_keep))
    report = {"loop_bounds": dict(result.bounds), "wrappers": list(result.wrappers_used)}
    return StepResult(result.program, result.buffer_values, report)


RECONDITION_STEP = Step(RECONDITION, ReconditionParams.from_json, recondition_step)


def float_mode_of(steps: Iterable[StepRecord]) -> FloatMode:
    """The float mode a test's program was reconditioned in: its last recondition step's
    (the values that run are what that step made them); EXACT without one (a crash test,
    whose program is not reconditioned) or for a record made before the mode existed."""
    last = next((s for s in reversed(list(steps)) if s.name == RECONDITION), None)
    if last is None:
        return FloatMode.EXACT
    return ReconditionParams.from_json(last.params).options.floats
