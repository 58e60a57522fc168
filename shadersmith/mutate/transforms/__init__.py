"""GraphicsFuzz's semantics-preserving transformations (seed 002), each a registered,
replayable step (mutate/steps.py) that acts on one site drawn from its own seed.

    wrap-if      a statement into `if (opaque true)` (or the else of `if (opaque false)`)
    wrap-loop    a statement into a loop of one iteration with an opaque bound
    dead-jump    `if (opaque false) return; | break; | continue;`
    dead-code    `if (opaque false) { donor }`: a donor program's code, never run
    live-code    a donor program's code, run, writing only its own variables
    identity     `e` into `e + zero`, `e * one`, `true ? e : 0`, ... with opaque values
    outline      an expression into a call of a new function
    vectorise    scalar locals into the components of a vector
    struct-wrap  a local into a field of a new struct

They act on a reconditioned program (free of undefined behaviour) and keep it so: the
code they add either never runs or has no undefined behaviour of its own.
"""

from shadersmith.mutate.transforms import control, donors, identity, outline, variables

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
)
# Families that take a donor program's seed among their parameters.
WITH_DONOR = frozenset({donors.DEAD_CODE, donors.LIVE_CODE})

__all__ = ["FAMILIES", "WITH_DONOR"]
