"""The step API under the name it had before steps/ (issue 20, part 5), with its
dict-based parameters, for what still imports it from here: recondition/reconditioned_test.py
and case/regenerate.py (moved from harness/, which is gone).
New code imports the registry (steps/registry.py), the table of every step
(steps/catalogue.py) and each step's own module; this module goes with its last importer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition import ReconditionOptions
from shadersmith.recondition.step import RECONDITION
from shadersmith.recondition.step import recondition_params as _recondition_params
from shadersmith.steps.catalogue import STEPS
from shadersmith.steps.record import StepRecord
from shadersmith.steps.registry import StepError, StepResult

__all__ = [
    "RECONDITION",
    "StepError",
    "StepResult",
    "apply_step",
    "recondition_params",
    "replay_steps",
]


def apply_step(
    name: str, program: Program, values: BufferValues, params: Mapping[str, Any] | None = None
) -> tuple[StepRecord, StepResult]:
    """The step `name` with parameters as a record holds them (STEPS.apply)."""
    return STEPS.apply(StepRecord(name, dict(params or {})), program, values)


def recondition_params(
    options: ReconditionOptions, prune_keep: Iterable[str] | None = None
) -> dict[str, Any]:
    """The recondition step's parameters as a record holds them."""
    return _recondition_params(options, prune_keep).to_json()


replay_steps = STEPS.replay
