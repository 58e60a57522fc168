"""Steps: named, deterministic program -> program transformations, replayable by name.

Everything that changes a generated program after generation is a step (reconditioning,
ShaDiv's liveness extension, the GraphicsFuzz transformations, FShader's fusion), so a
test's provenance (the generator's seed and options, then its steps in order) rebuilds its
program byte for byte, and a metamorphic variant can be reduced by delta-debugging its step
list.

- record.py: `StepRecord`, a step as a provenance keeps it (its name, its parameters' JSON,
  its report);
- registry.py: `Step` (a name, typed frozen parameters, a pure function), `Registry` (steps
  by name, from an explicit list), `StepResult`, `StepError`;
- catalogue.py: `STEPS`, the table of every step, which replays any record.

Low in the house: record.py and registry.py import only ir/, so generate/, recondition/
and mutate/ define their steps beside their functions, and case/ holds records, without
importing each other. Only catalogue.py imports the steps' homes, to list them.
"""

from shadersmith.steps.record import StepRecord
from shadersmith.steps.registry import NoParameters, Registry, Step, StepError, StepResult

__all__ = ["NoParameters", "Registry", "Step", "StepError", "StepRecord", "StepResult"]
