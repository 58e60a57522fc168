"""The differential oracle: do the targets that ran a reconditioned program agree?

Reconditioned programs have one defined result (seed 003), so outputs are compared
exactly: targets are grouped by identical output, and a target alone against a larger
group is the miscompilation suspect. Images (fragment shaders) are compared exactly as
well here, RGBA8 bytes or RGBA32UI words (a generated fragment test's uvec4 output);
tolerant image comparison belongs to the metamorphic oracles.
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from shadersmith.case.runs import RecordedResults, RunRecord
from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.oracle.components import is_witness
from shadersmith.oracle.intervals import interval_json
from shadersmith.targets.results import Image, RunResult, RunStatus, canonical_value
from shadersmith.targets.runners.images import png_bytes
from shadersmith.targets.tools.spirv_tools import disassemble


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


def has_values(result: RunResult) -> bool:
    """Whether a result has outputs to compare: an OK that ran, not a compile-only
    target's OK (RunResult.compile_only), which says only that the shader compiled. Such
    a target never agrees or disagrees; its failures are findings as any target's."""
    return result.ok and not result.compile_only


def output_digest(result: RunResult) -> str:
    """A stable digest of a result's outputs (RunResult.output_digest, memoised)."""
    return result.output_digest()


# The target whose output is the expected one: exact semantics, no compiler in between.
REFERENCE = "interp"


def run_records(
    results: Mapping[str, RunResult],
    files: dict[str, bytes] | None = None,
    versions: Mapping[str, Mapping[str, str]] | None = None,
) -> RecordedResults:
    """What a test directory records of a run (test.json `results`).

    Per target (RunRecord): status, output digest, `values` (the buffers after the run,
    by binding then field; None for a failure or an image), timings, the log's end, the
    chain's component versions (given `versions`) and `files`. Then `expected`: the
    reference interpreter's values, or why there are none; and, when outputs differ,
    `differences`: each differing field with the expected value and every target's.
    With `files`, the artefacts to write beside test.json are added to it (SPIR-V, its
    disassembly, spirv-cross's GLSL, images) and named per target.
    """
    runs = {}
    for name, r in results.items():
        produced = _artefact_files(name, r) if files is not None else {}
        if files is not None:
            files.update(produced)
        runs[name] = RunRecord(
            status=r.status.value,
            output=output_digest(r) if r.ok else None,
            values=buffer_values_json(r) if has_values(r) and r.image is None else None,
            failed_component=r.failed_component,
            compile_ms=round(r.compile_ms + r.tools_ms, 1),
            run_ms=round(r.run_ms, 1),
            message=r.log[-4000:],
            files=tuple(sorted(produced)),
            versions=None if versions is None else dict(versions.get(name, {})),
        )
    return RecordedResults(
        runs=runs, expected=expected_record(results), differences=differences(results)
    )


def buffer_values_json(result: RunResult) -> dict[str, dict[str, Any]]:
    """A result's buffers as JSON: binding (a string) -> field -> value."""
    return {
        str(binding): {name: value_json(value) for name, value in fields.items()}
        for binding, fields in sorted(result.buffers.items())
    }


def expected_record(results: Mapping[str, RunResult]) -> dict[str, Any]:
    """The reference interpreter's output, or why the test has no expected output."""
    reference = results.get(REFERENCE)
    if reference is None:
        why = f"{REFERENCE} did not run (not among the targets)"
        return {"target": REFERENCE, "values": None, "why": why}
    if not reference.ok:
        last = reference.log.strip().splitlines()[-1:] or [""]
        why = f"{REFERENCE} did not run ({reference.status.value}: {last[0][:200]})"
        return {"target": REFERENCE, "values": None, "why": why}
    if reference.image is not None:
        return {"target": REFERENCE, "values": None, "output": output_digest(reference)}
    return {
        "target": REFERENCE,
        "values": buffer_values_json(reference),
        "output": output_digest(reference),
    }


def differences(results: Mapping[str, RunResult]) -> list[dict[str, Any]]:
    """The buffer fields on which the targets that ran disagree, in binding and field
    order: binding, field, the expected value (None without the interpreter) and each
    target's value (None where its buffer lacks the field). Then, where images differ,
    one entry with `field` "image" (binding None): see `image_difference`."""
    image = image_difference(results)
    return _buffer_differences(results) + ([image] if image else [])


# Differing pixels that an image difference lists with their values: enough to read a
# pattern (one row, one column, a corner) without bloating test.json.
FIRST_PIXELS = 8


def image_difference(results: Mapping[str, RunResult]) -> dict[str, Any] | None:
    """How the images of the targets that ran differ, or None where they agree.

    The entry has the shape of a buffer field's (binding None, field "image"), with
    image digests as values: `expected` is the interpreter's (None without it), `actual`
    every target's. Then `pixels`: how many pixels are not the same on every target;
    `differing`: per target, how many pixels differ from the reference image (the
    interpreter's, else the image of the largest group of identical images); `first`:
    the first FIRST_PIXELS differing pixels in row order (y counts rows from
    gl_FragCoord.y 0.5, x columns), each with every target's value. A target whose
    image has another shape is left out of the pixel counts and named in `shapes`."""
    ran = {name: r.image for name, r in results.items() if r.ok and r.image is not None}
    digests = {name: output_digest(results[name]) for name in ran}
    if len(set(digests.values())) < 2:
        return None
    reference = ran[_reference_image(digests)]
    same_shape = {n: i for n, i in ran.items() if i.shape == reference.shape}
    stack = np.stack(list(same_shape.values()))  # (targets, height, width, 4)
    disagree = (stack != stack[:1]).any(axis=(0, 3))
    ys, xs = np.nonzero(disagree)
    entry: dict[str, Any] = {
        "binding": None,
        "field": "image",
        "expected": digests.get(REFERENCE),
        "actual": digests,
        "pixels": int(disagree.sum()),
        "differing": {
            name: int((image != reference).any(axis=2).sum()) for name, image in same_shape.items()
        },
        "first": [
            {
                "x": int(x),
                "y": int(y),
                "actual": {name: _pixel(image, y, x) for name, image in same_shape.items()},
            }
            for y, x in zip(ys[:FIRST_PIXELS].tolist(), xs[:FIRST_PIXELS].tolist(), strict=True)
        ],
    }
    if len(same_shape) < len(ran):
        entry["shapes"] = {n: list(i.shape) for n, i in ran.items() if n not in same_shape}
    return entry


def _reference_image(digests: Mapping[str, str]) -> str:
    """The interpreter, else the first target (by name) of the largest group."""
    if REFERENCE in digests:
        return REFERENCE
    sizes: dict[str, int] = {}
    for digest in digests.values():
        sizes[digest] = sizes.get(digest, 0) + 1
    return min(digests, key=lambda name: (-sizes[digests[name]], name))


def _pixel(image: Image, y: int, x: int) -> Sequence[int]:
    return [int(channel) for channel in image[y, x]]


def _buffer_differences(results: Mapping[str, RunResult]) -> list[dict[str, Any]]:
    ran = {name: r for name, r in results.items() if has_values(r) and r.image is None}
    if len({output_digest(r) for r in ran.values()}) < 2:
        return []
    keys: dict[tuple[int, str], None] = {}
    for result in ran.values():
        for binding, fields in sorted(result.buffers.items()):
            keys.update(dict.fromkeys((binding, name) for name in fields))
    found = []
    for binding, name in sorted(keys, key=lambda key: key[0]):  # stable: field order kept
        actual = {t: r.buffers.get(binding, {}).get(name) for t, r in ran.items()}
        if len({json.dumps(canonical_value(value)) for value in actual.values()}) < 2:
            continue
        found.append(
            {
                "binding": binding,
                "field": name,
                "expected": value_json(actual[REFERENCE]) if REFERENCE in ran else None,
                "actual": {t: value_json(value) for t, value in actual.items()},
            }
        )
    return found


def _artefact_files(target: str, result: RunResult) -> dict[str, bytes]:
    """`<target>.spv`, `.spvasm` (where spirv-dis is), `.cross.comp`, `.png`."""
    files = {f"{target}.{suffix}": data for suffix, data in result.artefacts.items()}
    spirv = result.artefacts.get("spv")
    if spirv:
        text = disassemble(spirv)
        if text is not None:
            files[f"{target}.spvasm"] = text.encode()
    if result.image is not None:
        files[f"{target}.png"] = png_bytes(result.image)
    return files


def value_json(value: Any) -> Any:
    """A buffer value as plain JSON: lists for vectors and arrays; a float that JSON
    cannot hold (NaN, infinities) as its Python spelling; an interval as
    {"interval": [lo, hi]} (oracle/intervals.interval_json)."""
    if isinstance(value, tuple | list):
        return [value_json(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, Interval | Unbounded):  # the interval float mode's reference
        return interval_json(value)
    return value


IGNORED_STATUSES = frozenset({RunStatus.UNSUPPORTED})


def compare(results: Mapping[str, RunResult]) -> Comparison:
    # Witnesses (components.is_witness) are evidence for blame, not compared targets.
    ran = {
        name: r
        for name, r in results.items()
        if r.status not in IGNORED_STATUSES and not is_witness(name)
    }
    failed = tuple(sorted(name for name, r in ran.items() if not r.ok))
    by_digest: dict[str, list[str]] = {}
    for name, result in sorted(ran.items()):
        if has_values(result):
            by_digest.setdefault(output_digest(result), []).append(name)
    groups = tuple(tuple(group) for group in sorted(by_digest.values(), key=lambda g: (-len(g), g)))
    suspects: tuple[str, ...] = ()
    if not groups and failed and not any(r.ok for r in ran.values()):
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
