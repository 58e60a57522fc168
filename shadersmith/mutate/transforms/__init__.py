"""GraphicsFuzz's semantics-preserving transformations (seed 002), each a replayable
step (steps/registry.py, listed in rebuild/step_table.py) that acts on one site drawn from
its own seed.

    wrap-if            a statement into `if (opaque true)` (or the else of `if (opaque false)`)
    wrap-loop          a statement into a loop of one iteration with an opaque bound
    dead-jump          `if (opaque false) return; | break; | continue; | discard;`
    dead-code          `if (opaque false) { donor }`: a donor program's code, never run
    live-code          a donor program's code, run, on its own variables and on recipient
                       variables it saves and restores (state.py)
    identity           `e` into `e + zero`, `e * one`, `true ? e : 0`, ... with opaque values
    outline            an expression into a call of a new function
    vectorise          scalar locals into the components of a vector
    struct-wrap        a local into a field of a new struct
    add-switch         statements into the taken case of a switch on an opaque value
    split-for-loop     a for loop into two that run its iterations in turn
    dead-fuzzed        `if (opaque false) { fuzzed statements on the variables in scope }`
    dead-barrier       `if (opaque false) barrier();` where control flow is uniform
    dead-output-write  `if (opaque false) <output> = <fuzzed value>;`
    live-output-write  an output written, then overwritten or restored

They act on a reconditioned program (free of undefined behaviour) and keep it so: the
code they add either never runs or has no undefined behaviour of its own. Opaque values
are synthesised (opaque.py) in the families made since synthesis, and in the older ones
where a step's parameters say so (`planned`), so that recorded plans replay.
"""

from typing import Any

from shadersmith.mutate.transforms import (
    control,
    dead,
    donors,
    identity,
    loops,
    outline,
    outputs,
    switches,
    variables,
)
from shadersmith.mutate.transforms.common import SiteParams
from shadersmith.mutate.transforms.control import DeadJumpParams
from shadersmith.mutate.transforms.donors import NAMING, DonorParams, LiveCodeParams
from shadersmith.mutate.transforms.opaque import SYNTHESISED
from shadersmith.steps.record import StepRecord
from shadersmith.steps.registry import Parameters, Step

# The families in the order plans draw them from (a plan's seed picks by position).
TRANSFORM_STEPS: tuple[Step[Any], ...] = (
    control.WRAP_IF_STEP,
    control.WRAP_LOOP_STEP,
    control.DEAD_JUMP_STEP,
    donors.DEAD_CODE_STEP,
    donors.LIVE_CODE_STEP,
    identity.IDENTITY_STEP,
    outline.OUTLINE_STEP,
    variables.VECTORISE_STEP,
    variables.STRUCT_WRAP_STEP,
    switches.ADD_SWITCH_STEP,
    loops.SPLIT_FOR_LOOP_STEP,
    dead.DEAD_FUZZED_STEP,
    dead.DEAD_BARRIER_STEP,
    outputs.DEAD_OUTPUT_WRITE_STEP,
    outputs.LIVE_OUTPUT_WRITE_STEP,
)
FAMILIES: tuple[str, ...] = tuple(step.name for step in TRANSFORM_STEPS)
# Families that take a donor program's seed among their parameters.
WITH_DONOR = frozenset({donors.DEAD_CODE, donors.LIVE_CODE})
_BY_NAME = {step.name: step for step in TRANSFORM_STEPS}


def planned(
    family: str, seed: int, donor: int = 0, corpus_donor: dict[str, Any] | None = None
) -> StepRecord:
    """A new plan's step of `family`: its seeds (`donor` and `corpus_donor` for the
    families WITH_DONOR), and the versions of what the family learnt since its first
    campaigns (synthesised opaque values, dead `discard`, live code on recipient state).
    A step without them does what it always did, so every recorded plan replays byte for
    byte."""
    params: Parameters
    if family == control.DEAD_JUMP:
        params = DeadJumpParams(seed, SYNTHESISED, discard=True)
    elif family == donors.DEAD_CODE:
        params = DonorParams(seed, donor, NAMING, corpus_donor, SYNTHESISED)
    elif family == donors.LIVE_CODE:
        params = LiveCodeParams(seed, donor, NAMING, corpus_donor, SYNTHESISED, state=True)
    else:
        params = SiteParams(seed, SYNTHESISED)
    return _BY_NAME[family].request(params)


__all__ = ["FAMILIES", "TRANSFORM_STEPS", "WITH_DONOR", "planned"]
