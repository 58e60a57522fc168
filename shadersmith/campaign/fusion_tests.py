"""A fusion finding as a self-contained test directory, and its replay.

    <bucket>/<name>/
      test.json, shader.frag     the fused program: an ordinary test (its provenance is the
                                 base's seed, reconditioning and the `fuse` steps, which
                                 name their partners), so `shadersmith run DIR` runs it too;
                                 its runs are recorded, with `<target>.png`
      part_1/ ... part_n/        each part alone (`float-colour`), an ordinary test each
      fusion.json                the relations, strategies, seeds, tolerance, the finding
                                 and every target's verdict (EMD, differing pixels, ...;
                                 in the interval float mode each target's wrong pixels
                                 with their byte ranges, and under `interp` the expected
                                 colour intervals and bytes at the sampled pixels)
      images/<target>/           fused.png, part_<k>.png, expected.png (what the relation
                                 predicts) and figure.png (expected | fused | difference,
                                 scaled, opaque for viewing); images/interp/ likewise for the
                                 reference interpreter

Images are stored in fragment-coordinate order (row 0 holds gl_FragCoord.y = 0.5:
targets/runners/images.py), as Vulkan shows them; GL shows them upside down.

`replay_fusion_test` rebuilds every program from its provenance (the text must match),
runs parts and fused program on the recorded targets and judges them again, with the
interpreter's guard, exactly as the campaign did.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from shadersmith.campaign.fusion import FusedOutcome, FusedPlan, FusionOptions, interp_image, judge
from shadersmith.campaign.store import CampaignStore, bucket_directory_name
from shadersmith.case import Finding, Kind, TestCase, TestCaseError, load_test, schema, write_test
from shadersmith.case.codec import MAX_RECORD_BYTES
from shadersmith.case.finding import kind_of_signature
from shadersmith.case.oracle import Fusion
from shadersmith.case.testcase import FUSION_RECORD
from shadersmith.files import safe_files, strict_json
from shadersmith.mutate.fusion import FUSE, Relation
from shadersmith.oracle.differential import run_records
from shadersmith.oracle.fusion import INTERP, OURS, RGBA8, TargetVerdict
from shadersmith.rebuild.admission import admitted_program
from shadersmith.targets.runners.images import write_png
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_loaded

FUSION_FILE = FUSION_RECORD
FUSION_SCHEMA = 1
PART_DIRECTORY = "part_{}"
IMAGES = "images"
_GAP = 2  # pixels between the panels of a figure
_MAX_DIFFERENCE_GAIN = 64


def save_findings(
    store: CampaignStore,
    outcome: FusedOutcome,
    findings: Sequence[Finding],
    options: FusionOptions,
    versions: Mapping[str, Mapping[str, str]],
) -> dict[str, str]:
    """Save `outcome` once per finding it shows (known ones and defects of ours aside),
    under the store's `buckets/<bucket>/<plan>/`, at most `options.keep_per_bucket` per
    bucket; the directories saved, by signature, relative to the campaign."""
    saved: dict[str, str] = {}
    for finding in findings:
        if finding.ignored or finding.ours or finding.signature in saved:
            continue
        if store.kept_directories(finding.signature) >= options.keep_per_bucket:
            continue
        relative = Path("buckets") / bucket_directory_name(finding.signature) / outcome.plan.name
        write_fusion_test(
            store.directory / relative,
            outcome,
            finding.signature,
            finding.targets[0],
            options,
            versions,
            root=store.directory,
        )
        saved[finding.signature] = str(relative)
    return saved


def write_fusion_test(
    directory: Path,
    outcome: FusedOutcome,
    signature: str,
    target: str,
    options: FusionOptions,
    versions: Mapping[str, Mapping[str, str]],
    root: Path | None = None,
) -> Path:
    """Write the test directory (see the module docstring): a new one in a staging folder
    renamed into place, an existing one (a resumed campaign's) rewritten in place; every
    file through files/safe_files.py. `root`: the campaign directory, below which nothing
    may be a link."""
    files: dict[str, bytes] = {}
    recorded = run_records(outcome.results, files, versions)
    recorded.verdict = "fusion"
    kind = kind_of_signature(signature) or Kind.DISAGREE
    recorded.finding = Finding(kind, (target,), signature=signature)
    parts = tuple(PART_DIRECTORY.format(k) for k in range(1, len(outcome.plan.seeds) + 1))
    oracle = Fusion(outcome.plan.relation.value, parts, options.tolerance)
    fused = replace(outcome.trial.test, results=recorded, files=files, oracle=oracle)
    if root is not None:
        safe_files.make_directories(root, directory.relative_to(root).parent)
    safe_files.check_test_output(directory)
    if os.path.lexists(directory):
        _write_fusion_files(directory, fused, outcome, signature, target, options)
        return directory
    staging = safe_files.staging_directory(directory.parent, directory.name)
    try:
        _write_fusion_files(staging, fused, outcome, signature, target, options)
        os.rename(staging, directory)  # never over a name that appeared meanwhile
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return directory


def _write_fusion_files(
    directory: Path,
    fused: TestCase,
    outcome: FusedOutcome,
    signature: str,
    target: str,
    options: FusionOptions,
) -> None:
    write_test(fused, directory)
    for number, part in enumerate(outcome.parts, start=1):
        write_test(part.test, directory / PART_DIRECTORY.format(number))
    _write_images(directory / IMAGES, outcome)
    metadata = _metadata(outcome, signature, target, options)
    safe_files.write_file(directory, FUSION_FILE, json.dumps(metadata, indent=1) + "\n")


def _metadata(
    outcome: FusedOutcome, signature: str, target: str, options: FusionOptions
) -> dict[str, Any]:
    plan = outcome.plan
    interp: dict[str, Any]
    if outcome.intervals is not None:
        status = OURS if outcome.ours else "refused" if outcome.intervals.refused else "holds"
        interp = {"status": status, **outcome.intervals.record()}
    elif outcome.interp_check is not None:
        interp = TargetVerdict(
            OURS if outcome.ours else "holds", check=outcome.interp_check
        ).to_json()
    else:
        errors = [i.error for i in (outcome.interp, *outcome.interp_parts) if i.error]
        interp = {"status": "unavailable", "detail": errors[0] if errors else ""}
    return {
        "schema_version": FUSION_SCHEMA,
        "name": plan.name,
        "sequence": plan.sequence,
        "relation": plan.relation.value,
        "relations": [r.value for r in plan.relations],
        "strategies": [s.value for s in plan.strategies],
        "seeds": list(plan.seeds),
        "parts": [PART_DIRECTORY.format(k) for k in range(1, len(plan.seeds) + 1)],
        "tolerance": options.tolerance,
        "floats": outcome.trial.job.floats.value,
        "finding": {"signature": signature, "target": target},
        "targets": list(outcome.results),
        "verdicts": {t: v.to_json() for t, v in outcome.verdicts.items()},
        INTERP: interp,
    }


def _write_images(folder: Path, outcome: FusedOutcome) -> None:
    sources: dict[str, tuple[RGBA8 | None, list[RGBA8 | None]]] = {
        target: (
            _rgba8(result.image),
            [
                _rgba8(runs[target].image) if target in runs else None
                for runs in outcome.part_results
            ],
        )
        for target, result in outcome.results.items()
    }
    sources[INTERP] = (outcome.interp.image, [p.image for p in outcome.interp_parts])
    checks = {t: v.check for t, v in outcome.verdicts.items()}
    checks[INTERP] = outcome.interp_check
    for name, (fused, parts) in sources.items():
        where = safe_files.make_directories(folder, name)
        for number, image in enumerate(parts, start=1):
            if image is not None:
                write_png(where, f"part_{number}.png", image)
        if fused is None:
            continue
        write_png(where, "fused.png", fused)
        check = checks.get(name)
        if check is not None:
            write_png(where, "expected.png", check.expected)
            write_png(where, "figure.png", figure(check.expected, fused))


def _rgba8(image: Any) -> RGBA8 | None:
    return image if image is not None and image.dtype == np.uint8 else None


def figure(expected: RGBA8, actual: RGBA8) -> RGBA8:
    """expected | actual | difference, side by side and opaque (the images' alpha is data,
    which a viewer would show as transparency). The difference is |expected - actual| per
    channel, scaled so that the largest one is bright (at most x64: a one-level
    difference still shows, a large one does not saturate the panel)."""
    height = expected.shape[0]
    gap = np.full((height, _GAP, 4), 255, np.uint8)
    difference = np.abs(expected.astype(np.int32) - actual.astype(np.int32))
    gain = min(_MAX_DIFFERENCE_GAIN, 255 // max(1, int(difference.max())))
    shown = np.minimum(difference * gain, 255).astype(np.uint8)
    panels = [expected.copy(), gap, actual.copy(), gap, shown]
    for panel in (panels[0], panels[2], panels[4]):
        panel[..., 3] = 255
    return np.concatenate(panels, axis=1)


# ---------------------------------------------------------------------------- replay


@dataclass
class FusionReplay:
    recorded: str  # the recorded finding's signature
    outcome: FusedOutcome
    missing: dict[str, str]  # target -> why it did not start

    @property
    def now(self) -> list[str]:
        return [signature for signature, _ in self.outcome.findings()]

    @property
    def reproduces(self) -> bool:
        return self.recorded in self.now


def load_metadata(directory: Path) -> dict[str, Any]:
    path = directory / FUSION_FILE
    try:
        data = strict_json.loads(
            safe_files.read_bytes(directory, FUSION_FILE, MAX_RECORD_BYTES), str(path)
        )
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as error:
        raise TestCaseError(f"{path}: cannot be read ({error})") from None
    if not isinstance(data, dict) or data.get("schema_version") != FUSION_SCHEMA:
        raise TestCaseError(f"{path}: not a fusion record of schema {FUSION_SCHEMA}")
    return data


def replay_fusion_test(
    directory: Path, targets: list[str] | None = None, timeout_s: float = 60.0
) -> FusionReplay:
    """Run a saved fusion test again and judge it as the campaign did (see the module
    docstring). Raises TestCaseError for a directory that cannot be read."""
    data = load_metadata(directory)
    try:
        fused = load_test(directory)
        # Part folders named by the record: inside the test, through no link.
        parts = [load_test(safe_files.inside(directory, str(name))) for name in data["parts"]]
        schema.check_fusion(data, str(directory / FUSION_FILE))  # every field typed, bounded
        plan = FusedPlan(
            int(data["sequence"]),
            Relation(data["relation"]),
            tuple(int(s) for s in data["seeds"]),
            tuple(s for s in fused.provenance.steps if s.name == FUSE),
        )
        tolerance = float(data["tolerance"])
        recorded = str(data["finding"]["signature"])
        names = targets or [t for t in data["targets"] if t != INTERP]
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"{directory / FUSION_FILE}: incomplete ({error})") from None
    for name, part in zip(data["parts"], parts, strict=True):
        try:  # a part's program is run as it is: one the targets can run as a test
            admitted_program(part)
        except TestCaseError as error:
            raise TestCaseError(f"{directory / str(name)}: {error}") from None
    trials = [prepare_loaded(test) for test in (*parts, fused)]
    if any(trial.program is None for trial in trials):
        raise TestCaseError(f"{directory}: a shader no longer matches its provenance")
    with TargetSession(names, timeout_s=timeout_s) as session:
        results = dict(session.run_many([trial.job for trial in trials]))
        components = session.components()
        missing = dict(session.missing)
    interp = [interp_image(trial) for trial in trials]
    outcome = judge(
        plan,
        trials[-1],
        trials[:-1],
        # No answers where no recorded target started here: judged on nothing, undecided.
        results.get(len(trials) - 1, {}),
        [results.get(i, {}) for i in range(len(parts))],
        interp[-1],
        interp[:-1],
        components,
        tolerance,
    )
    return FusionReplay(recorded, outcome, missing)
