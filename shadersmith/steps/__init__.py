"""Steps: named, deterministic program -> program transformations, replayable by name.

Everything that changes a generated program after generation is a step (reconditioning,
ShaDiv's liveness extension, the GraphicsFuzz transformations, FShader's fusion), so a
test's provenance (the generator's seed and options, then its steps in order) rebuilds its
program byte for byte, and a metamorphic variant can be reduced by delta-debugging its step
list.

Low in the house: `record.py` imports nothing of ours, so the test record (case/) holds a
step without importing any transformation.
"""

from shadersmith.steps.record import StepRecord

__all__ = ["StepRecord"]
