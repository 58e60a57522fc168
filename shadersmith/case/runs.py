"""What a test records of its last run: one RunRecord per target, the expected output,
the differing fields, the differential verdict and the finding."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shadersmith.case.finding import Finding


@dataclass(frozen=True)
class RunRecord:
    """One target's run: status, output digest (`buffers:...` or `image:...`), the
    buffers after the run (binding -> field -> JSON value; None for a failure or an
    image), the failing component, timings, the log's end, the files written beside
    test.json and the chain's component versions (where known)."""

    status: str
    output: str | None = None
    values: dict[str, dict[str, Any]] | None = None
    failed_component: str | None = None
    compile_ms: float = 0.0
    run_ms: float = 0.0
    message: str = ""
    files: tuple[str, ...] = ()
    versions: dict[str, str] | None = None


@dataclass
class RecordedResults:
    runs: dict[str, RunRecord] = field(default_factory=dict)
    # The reference interpreter's output (target, values, output), or why there is none.
    expected: dict[str, Any] | None = None
    # Each differing field: binding, field, expected value, every target's value.
    differences: list[dict[str, Any]] = field(default_factory=list)
    verdict: str | None = None  # oracle/differential.py Verdict
    finding: Finding | None = None  # the finding the test was kept for
    # Other records (e.g. `validate`'s glslang rejection): kept as they are.
    extra: dict[str, Any] = field(default_factory=dict)
