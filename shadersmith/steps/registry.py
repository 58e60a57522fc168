"""Steps: named, deterministic program -> program transformations, replayable by name.

A step takes a program, its buffer values and JSON parameters and gives back the new
program and values. Everything that changes a generated program after generation is a
step, so a test's provenance (the generator's seed and options, then its steps in
order, `StepRecord`) rebuilds its program byte for byte (harness/regenerate.py), and a
metamorphic variant can be reduced by delta-debugging its step list.

A step must be a pure function of its arguments: randomness comes from a seed among its
parameters (`random.Random(params["seed"])`), never from a stream shared with the
generator. Adding one is a single registration:

    @register("my-step")
    def my_step(program, values, params) -> StepResult: ...
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shadersmith.generate.liveness import liveness_extension
from shadersmith.ir.profile import Language
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition import ReconditionOptions, prune_wrappers, recondition
from shadersmith.steps.record import StepRecord

RECONDITION = "recondition"
LIVENESS = "liveness"


class StepError(ValueError):
    """A step that cannot be applied (unknown name, bad parameters); one line."""


@dataclass(frozen=True)
class StepResult:
    program: Program
    values: BufferValues
    report: dict[str, Any] = field(default_factory=dict)


StepFunction = Callable[[Program, BufferValues, Mapping[str, Any]], StepResult]

_STEPS: dict[str, StepFunction] = {}


def register(name: str) -> Callable[[StepFunction], StepFunction]:
    """Register a step under `name` (the name its records carry)."""

    def add(function: StepFunction) -> StepFunction:
        if name in _STEPS:
            raise ValueError(f"step {name!r} is registered twice")
        _STEPS[name] = function
        return function

    return add


# Modules that register steps of their own and import this one (so this one cannot
# import them first): loaded when a step name is not yet known, so that a provenance
# naming their steps replays without its reader importing them.
_STEP_MODULES = ("shadersmith.mutate.fusion",)


def _load_step_modules() -> None:
    import importlib

    for module in _STEP_MODULES:
        importlib.import_module(module)


def step_names() -> list[str]:
    _load_step_modules()
    return sorted(_STEPS)


def apply_step(
    name: str, program: Program, values: BufferValues, params: Mapping[str, Any] | None = None
) -> tuple[StepRecord, StepResult]:
    """Apply the step `name`; its record (to append to the provenance) and its result."""
    function = _STEPS.get(name)
    if function is None:
        _load_step_modules()
        function = _STEPS.get(name)
    if function is None:
        raise StepError(f"unknown step {name!r} (known: {', '.join(step_names())})")
    params = dict(params or {})
    try:
        result = function(program, values, params)
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, StepError):
            raise
        raise StepError(f"step {name!r}: bad parameters ({error})") from None
    return StepRecord(name, params, result.report), result


def replay_steps(
    records: Iterable[StepRecord], program: Program, values: BufferValues
) -> tuple[Program, BufferValues]:
    """Apply recorded steps in order: the program they made, from the one they started on."""
    for record in records:
        _, result = apply_step(record.name, program, values, record.params)
        program, values = result.program, result.values
    return program, values


# ---------------------------------------------------------------------------- recondition


def recondition_options_to_dict(options: ReconditionOptions) -> dict[str, Any]:
    """The options as the recondition step records them (the language as its value)."""
    return {**dataclasses.asdict(options), "language": options.language.value}


def recondition_options_from_dict(data: Mapping[str, Any]) -> ReconditionOptions:
    known = {f.name for f in dataclasses.fields(ReconditionOptions)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise StepError(f"unknown recondition option(s): {', '.join(unknown)}")
    options = dict(data)
    if "language" in options:
        try:
            options["language"] = Language(options["language"])
        except ValueError:
            raise StepError(f"unknown recondition language {options['language']!r}") from None
    return ReconditionOptions(**options)


def recondition_params(
    options: ReconditionOptions, prune_keep: Iterable[str] | None = None
) -> dict[str, Any]:
    """The parameters of the recondition step; `prune_keep`: the wrapper sites kept by
    pruning (recondition/instrument.py), None to keep every wrapper."""
    params: dict[str, Any] = {"options": recondition_options_to_dict(options)}
    if prune_keep is not None:
        params["prune_keep"] = sorted(prune_keep)
    return params


@register(RECONDITION)
def recondition_step(
    program: Program, values: BufferValues, params: Mapping[str, Any]
) -> StepResult:
    """The reconditioner (always the last step): undefined behaviour removed."""
    options = recondition_options_from_dict(dict(params.get("options", {})))
    result = recondition(program, values, options)
    if "prune_keep" in params:
        result = prune_wrappers(result, [str(site) for site in params["prune_keep"]])
    report = {"loop_bounds": dict(result.bounds), "wrappers": list(result.wrappers_used)}
    return StepResult(result.program, result.buffer_values, report)


# ---------------------------------------------------------------------------- liveness


def liveness_params(seed: int, probability: float, across_blocks: bool = True) -> dict[str, Any]:
    return {"seed": seed, "probability": probability, "across_blocks": across_blocks}


@register(LIVENESS)
def liveness_step(program: Program, values: BufferValues, params: Mapping[str, Any]) -> StepResult:
    """ShaDiv's liveness extension (generate/liveness.py) with a stream of its own. The
    generator applies it inline with its own stream (generate/smith.py), which the
    generator's seed already replays; this step is the extension applied afterwards.
    A record without `across_blocks` was made when uses went only to later statements of
    the definition's own list, and replays so."""
    rng = random.Random(int(params["seed"]))
    across_blocks = params.get("across_blocks", False)
    if not isinstance(across_blocks, bool):
        raise StepError("liveness: across_blocks must be true or false")
    extension = liveness_extension(program, rng, float(params["probability"]), across_blocks)
    report: dict[str, Any] = {"extended": extension.uses}
    if across_blocks:
        report["across_blocks"] = extension.across_blocks
    return StepResult(extension.program, values, report)


# The transformation families register themselves on import; imported last because they
# build on `register` and `StepResult` above.
from shadersmith.mutate import transforms as _transforms  # noqa: E402,F401
