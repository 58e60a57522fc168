"""The record of one applied step, as a test's provenance keeps it.

Apart from the steps themselves so that the test record (shadersmith.case) can hold it
without importing every transformation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class StepRecord:
    """One applied step, as a test's provenance records it.

    `params` is all a replay needs (JSON values only); `report` is what the step said it
    did (the reconditioner's loop bounds and wrappers, a count of changes): a record for
    the reader, never an input of the replay."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)
    report: dict[str, Any] = field(default_factory=dict)
