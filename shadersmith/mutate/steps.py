"""The step registry as it was imported before it moved to steps/registry.py (issue 20,
part 5): for harness/ (moved out by another change) and modules in flight. New code
imports shadersmith.steps."""

from shadersmith.steps.registry import (
    LIVENESS,
    RECONDITION,
    StepError,
    StepResult,
    apply_step,
    liveness_params,
    recondition_options_from_dict,
    recondition_options_to_dict,
    recondition_params,
    recondition_step,
    replay_steps,
    step_names,
)

__all__ = [
    "LIVENESS",
    "RECONDITION",
    "StepError",
    "StepResult",
    "apply_step",
    "liveness_params",
    "recondition_options_from_dict",
    "recondition_options_to_dict",
    "recondition_params",
    "recondition_step",
    "replay_steps",
    "step_names",
]
