"""What a fusion campaign's index shows beyond any campaign's: statistics per relation.

A fusion campaign keeps its fused programs in the campaign store like any other
(campaign/fusion.py), each with its relation and each target's comparison; this module
turns them into the per-relation table.
"""

from __future__ import annotations

from shadersmith.campaign.fusion import RelationCounts, relation_runs
from shadersmith.campaign.store import CampaignStore
from shadersmith.report.campaign_view import Table

_PROGRAMS = (
    "SELECT p.family, t.verdict, COUNT(*) FROM programs p JOIN tests t ON t.idx = p.idx "
    "GROUP BY p.family, t.verdict"
)


def relation_table(store: CampaignStore) -> Table:
    runs = relation_runs(store)
    programs: dict[str, dict[str, int]] = {}
    for family, verdict, count in store.db.execute(_PROGRAMS):
        programs.setdefault(str(family), {})[str(verdict)] = int(count)
    rows = []
    for name in sorted(set(runs) | set(programs)):
        counts = runs.get(name, RelationCounts())
        verdicts = programs.get(name, {})
        not_fusable = verdicts.get("not-fusable", 0)
        built = sum(verdicts.values()) - not_fusable
        ms = counts.target_ms / counts.runs if counts.runs else 0.0
        emd = counts.to_json()
        rows.append(
            (
                name,
                f"{built:,}",
                f"{not_fusable:,}",
                f"{counts.runs:,}",
                f"{counts.compiled:,}",
                f"{counts.rendered:,}",
                f"{counts.violated:,}",
                f"{counts.failed:,}",
                f"{verdicts.get('ours', 0):,}",
                f"{ms:,.1f}",
                f"{emd['emd_mean']:.4f} / {emd['emd_max']:.4f}",
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
