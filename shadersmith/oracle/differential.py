"""The differential oracle: do the targets that ran a reconditioned program agree?

Reconditioned programs have one defined result (seed 003), so outputs are compared
exactly: targets are grouped by identical output, and a target alone against a larger
group is the miscompilation suspect. Images (fragment shaders) are compared exactly as
well here; tolerant image comparison belongs to the metamorphic oracles.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shadersmith.targets.results import RunResult, RunStatus


class Verdict(enum.Enum):
    AGREE = "agree"  # every target that ran gave the same output
    ODD_ONE_OUT = "odd_one_out"  # one group of one target against one larger group
    DISAGREE = "disagree"  # two or more groups otherwise
    SOME_FAILED = "some_failed"  # outputs agree where present; some targets failed
    ALL_FAILED = "all_failed"  # nothing ran: a defect of ours, most likely
    TOO_FEW = "too_few"  # fewer than two outputs to compare


@dataclass(frozen=True)
class Comparison:
    verdict: Verdict
    groups: tuple[tuple[str, ...], ...]  # targets by identical output, largest first
    failed: tuple[str, ...]  # targets whose status is not ok
    suspects: tuple[str, ...]  # odd ones out

    @property
    def interesting(self) -> bool:
        return self.verdict not in (Verdict.AGREE, Verdict.TOO_FEW)


def output_digest(result: RunResult) -> str:
    """A stable digest of a result's outputs, for grouping and for storage."""
    if result.image is not None:
        return "image:" + hashlib.sha256(result.image.tobytes()).hexdigest()[:16]
    canonical = json.dumps(_jsonable(result.buffers), sort_keys=True, separators=(",", ":"))
    return "buffers:" + hashlib.sha256(canonical.encode()).hexdigest()[:16]


def results_record(results: Mapping[str, RunResult]) -> dict[str, Any]:
    """Per target, what a test directory records of a run (test.json `results`)."""
    return {
        name: {
            "status": r.status.value,
            "output": output_digest(r) if r.ok else None,
            "failed_component": r.failed_component,
            "compile_ms": round(r.compile_ms + r.tools_ms, 1),
            "run_ms": round(r.run_ms, 1),
            "message": r.log[-4000:],
        }
        for name, r in results.items()
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, float):
        # -0.0 and 0.0 differ in bits; keep them apart, like the hardware would.
        return repr(value)
    return value


IGNORED_STATUSES = frozenset({RunStatus.UNSUPPORTED})


def compare(results: Mapping[str, RunResult]) -> Comparison:
    ran = {name: r for name, r in results.items() if r.status not in IGNORED_STATUSES}
    failed = tuple(sorted(name for name, r in ran.items() if not r.ok))
    by_digest: dict[str, list[str]] = {}
    for name, result in sorted(ran.items()):
        if result.ok:
            by_digest.setdefault(output_digest(result), []).append(name)
    groups = tuple(tuple(group) for group in sorted(by_digest.values(), key=lambda g: (-len(g), g)))
    suspects: tuple[str, ...] = ()
    if not groups and failed:
        verdict = Verdict.ALL_FAILED
    elif len(groups) > 1:
        sizes = [len(g) for g in groups]
        if len(groups) == 2 and sizes[1] == 1 and sizes[0] > 1:
            verdict = Verdict.ODD_ONE_OUT
            suspects = groups[1]
        else:
            verdict = Verdict.DISAGREE
    elif failed:
        verdict = Verdict.SOME_FAILED
    elif sum(len(g) for g in groups) < 2:
        verdict = Verdict.TOO_FEW
    else:
        verdict = Verdict.AGREE
    return Comparison(verdict, groups, failed, suspects)
