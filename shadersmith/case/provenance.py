"""Where a test's program came from: the generator and its choices, then the steps
applied to it (steps/), enough to rebuild it byte for byte."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from shadersmith import __version__
from shadersmith.steps.record import StepRecord

SMITH = "smith"  # generate/smith.py
REDUCE = "reduce"  # reduce/output.py: read back by the GLSL front-end, not regenerated


@dataclass
class Provenance:
    generator: str = ""  # "" for a shader from elsewhere
    tool: str = "shadersmith"
    tool_version: str = __version__
    seed: int | None = None
    profile: str | None = None
    options: dict[str, Any] = field(default_factory=dict)  # the generator's
    choices: list[str] = field(default_factory=list)
    steps: list[StepRecord] = field(default_factory=list)
    spirv_opt_passes: list[str] | None = None  # the pass list the -opt targets run
    # A reduced test: the provenance of the test it was reduced from, the reduction's
    # report, the pass list before it was reduced and the first bad pass (the pass after
    # which the module is invalid at all, or the wrong value or crash shows:
    # reduce/pass_list.py).
    reduced_from: Provenance | None = None
    reduction: dict[str, Any] | None = None
    spirv_opt_passes_original: list[str] | None = None
    first_bad_pass: str | None = None
    # Keys this version does not know (written by a newer one): kept, never lost.
    extra: dict[str, Any] = field(default_factory=dict)

    def with_step(self, record: StepRecord) -> Provenance:
        return replace(self, steps=[*self.steps, record])

    def step_named(self, name: str) -> StepRecord | None:
        """The last step of that name, or None."""
        return next((s for s in reversed(self.steps) if s.name == name), None)
