"""The one adapter from a fusion campaign's files to the report's CampaignView.

A fusion campaign (campaign/fusion.py) keeps its counts in `state.json` and each kept
finding under `findings/<bucket>/<name>/`; it will move into the SQLite store, and then
this module goes and `load_store_campaign` reads it. Until then nothing else in the
report knows where a fusion campaign keeps what.

What it does not record, the report says it lacks: when each test ran (no charts over
time, no first or last seen) and per-target statistics (it counts per relation).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from shadersmith.campaign.fusion import STATE_FILE
from shadersmith.campaign.fusion_tests import FUSION_FILE
from shadersmith.campaign.store import bucket_directory_name
from shadersmith.case import TestCaseError, safe_files
from shadersmith.case.finding import kind_of_signature
from shadersmith.report.campaign_view import (
    FUSION,
    BucketSummary,
    CampaignView,
    Table,
    number_causes,
)

FUSION_STATE = STATE_FILE
FINDINGS = "findings"
FUSION_PREFIX = "fusion:"


def load_fusion_campaign(directory: Path) -> CampaignView:
    try:
        state = json.loads(safe_files.read_text(directory, STATE_FILE))
        settings = dict(state["settings"])
        progress = dict(state["progress"])
        counts = {str(k): int(v) for k, v in dict(progress["buckets"]).items()}
        relations = dict(progress.get("per_relation", {}))
    except (ValueError, KeyError, TypeError) as error:
        where = directory / STATE_FILE
        raise TestCaseError(f"{where}: not a fusion campaign's state ({error})") from None
    buckets = [_bucket(directory, signature, count) for signature, count in counts.items()]
    buckets.sort(key=lambda b: (-b.count, b.signature))
    return CampaignView(
        directory,
        FUSION,
        int(progress.get("fused", 0)),
        {},
        number_causes(buckets),
        (),
        (_relation_table(relations),),
        settings,
        (
            f"A fusion campaign records totals only ({STATE_FILE}): no charts over time, no "
            "first or last seen, statistics per relation rather than per target.",
            f"{int(progress.get('sequences', 0)):,} sequences, "
            f"{int(progress.get('fused', 0)):,} fused programs, "
            f"{int(progress.get('findings', 0)):,} findings, "
            f"{float(progress.get('elapsed_s', 0.0)) / 60:,.1f} minutes.",
        ),
    )


def _bucket(directory: Path, signature: str, count: int) -> BucketSummary:
    folder = f"{FINDINGS}/{bucket_directory_name(signature)}"
    kept = _kept_tests(directory, folder)
    target = signature.rsplit(":", 1)[-1] if signature.startswith(FUSION_PREFIX) else ""
    if not target and kept:
        target = _finding_target(directory / kept[0])
    kind = kind_of_signature(signature)
    return BucketSummary(
        signature,
        kind.value if kind else "fusion",
        (target,) if target else (),
        target,  # the fusion oracle judges a target's whole chain
        None,
        count,
        None,
        None,
        False,
        False,
        tuple(kept),
        None,
    )


def _kept_tests(directory: Path, folder: str) -> list[str]:
    """The bucket's saved tests (folders holding fusion.json), relative, by name; none
    through a link."""
    try:
        where = safe_files.inside(directory, folder)
        entries = sorted(os.scandir(where), key=lambda e: e.name)
    except (OSError, TestCaseError):
        return []
    kept = []
    for entry in entries:
        if entry.name.startswith(".") or not stat.S_ISDIR(
            entry.stat(follow_symlinks=False).st_mode
        ):
            continue  # a staging folder, a link, a file
        if safe_files.is_plain_file(Path(entry.path), FUSION_FILE):
            kept.append(f"{folder}/{entry.name}")
    return kept


def _finding_target(test: Path) -> str:
    try:
        record = json.loads(safe_files.read_text(test, FUSION_FILE))
        return str(record["finding"]["target"])
    except (ValueError, KeyError, TypeError, TestCaseError):
        return ""


def _relation_table(relations: dict[str, Any]) -> Table:
    rows = []
    for name, counts in relations.items():
        runs = int(counts.get("runs", 0))
        ms = float(counts.get("target_ms", 0.0)) / runs if runs else 0.0
        rows.append(
            (
                str(name),
                f"{int(counts.get('built', 0)):,}",
                f"{int(counts.get('not_fusable', 0)):,}",
                f"{runs:,}",
                f"{int(counts.get('compiled', 0)):,}",
                f"{int(counts.get('rendered', 0)):,}",
                f"{int(counts.get('violated', 0)):,}",
                f"{int(counts.get('failed', 0)):,}",
                f"{int(counts.get('ours', 0)):,}",
                f"{ms:,.1f}",
                f"{float(counts.get('emd_mean', 0.0)):.4f} / "
                f"{float(counts.get('emd_max', 0.0)):.4f}",
            )
        )
    return Table(
        "Per relation",
        (
            "relation",
            "fused",
            "not fusable",
            "runs",
            "compiled",
            "rendered",
            "violated",
            "failed",
            "ours",
            "ms per run",
            "EMD mean / max",
        ),
        tuple(rows),
        "runs: one per fused program and target; violated: the fused image is not what the "
        "relation predicts; failed: the fused program failed where its parts rendered; "
        "ours: the interpreter broke the relation too (a defect of ours).",
    )
