"""Every step shadersmith knows, in one table: what a test's provenance may name.

A record names its step; `STEPS` finds it here and replays it with the record's
parameters. A new step is its `Step` beside its function and one row below: nothing
registers itself when a module happens to be imported, so a reader sees every step at
once and a replay never depends on what was imported before it.

It sits in rebuild/, above the steps' homes (generate/, recondition/, mutate/), as MLIR's
registerAllPasses sits above the passes it lists; steps/ (the record, the registry) imports
only ir/, so generate/, recondition/, mutate/ and case/ build on it without importing each
other.
"""

from __future__ import annotations

from shadersmith.generate.liveness import LIVENESS_STEP
from shadersmith.mutate.fusion import FLOAT_COLOUR_STEP, FUSE_STEP
from shadersmith.mutate.transforms import TRANSFORM_STEPS
from shadersmith.recondition.step import RECONDITION_STEP
from shadersmith.steps.registry import Registry

STEPS = Registry(
    (
        RECONDITION_STEP,  # recondition/step.py: undefined behaviour removed, always last
        LIVENESS_STEP,  # generate/liveness.py: ShaDiv's M_liv after generation
        *TRANSFORM_STEPS,  # mutate/transforms: GraphicsFuzz's transformations
        FLOAT_COLOUR_STEP,  # mutate/fusion: a program as a fusion's first part
        FUSE_STEP,  # mutate/fusion: FShader's fusion with a partner
    )
)
