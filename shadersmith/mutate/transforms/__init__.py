"""GraphicsFuzz's semantics-preserving transformations (seed 002), each a registered,
replayable step (mutate/steps.py) that acts on one site drawn from its own seed.

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
where a step's parameters say so (`plan_params`), so that recorded plans replay.
"""

from typing import Any

from shadersmith.mutate.transforms import (
    control,
    dead,
    donors,
    identity,
    loops,
    opaque,
    outline,
    outputs,
    switches,
    variables,
)

FAMILIES: tuple[str, ...] = (
    control.WRAP_IF,
    control.WRAP_LOOP,
    control.DEAD_JUMP,
    donors.DEAD_CODE,
    donors.LIVE_CODE,
    identity.IDENTITY,
    outline.OUTLINE,
    variables.VECTORISE,
    variables.STRUCT_WRAP,
    switches.ADD_SWITCH,
    loops.SPLIT_FOR_LOOP,
    dead.DEAD_FUZZED,
    dead.DEAD_BARRIER,
    outputs.DEAD_OUTPUT_WRITE,
    outputs.LIVE_OUTPUT_WRITE,
)
# Families that take a donor program's seed among their parameters.
WITH_DONOR = frozenset({donors.DEAD_CODE, donors.LIVE_CODE})


def plan_params(family: str) -> dict[str, Any]:
    """What a new plan's step of `family` carries besides its seeds: the versions of
    what the family learnt since its first campaigns (synthesised opaque values, dead
    `discard`, live code on recipient state). A step without them does what it always
    did, so every recorded plan replays byte for byte."""
    params: dict[str, Any] = {"opaque": opaque.SYNTHESISED}
    if family == control.DEAD_JUMP:
        params["discard"] = True
    if family == donors.LIVE_CODE:
        params["state"] = True
    return params


__all__ = ["FAMILIES", "WITH_DONOR", "plan_params"]
