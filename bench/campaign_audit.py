"""Audit a campaign after the fact: aliasing, verdicts, buckets and root causes.

    .venv/bin/python bench/campaign_audit.py CAMPAIGN [--jobs 2]

The campaign keeps only its findings; this regenerates every recorded test from its seed
and the campaign's saved generator settings (the generator is deterministic), counts the
fragment, multi-invocation and single-invocation tests and their verdicts, and counts
the programs that pass possibly overlapping l-values to two out/inout parameters
(analysis/aliasing.py) as generated and after reconditioning: both must be 0, or a
wrong-result verdict could be an artefact of GLSL's unspecified copy-back order. It then
prints the verdicts, the buckets and how many distinct root causes they hold. The last
line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.analysis.aliasing import aliasing_calls
from shadersmith.campaign.store import CampaignStore
from shadersmith.config.generator_options import options_from_dict
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import profile_named
from shadersmith.recondition import recondition


def _aliasing(task: tuple[int, dict[str, object], str]) -> tuple[int, int, str]:
    """(aliasing calls as generated, after reconditioning, kind of test) for one seed;
    the kind is `fragment`, `multi-invocation` or `single-invocation`."""
    seed, options, profile = task
    generated = generate(seed, options_from_dict(dict(options)), profile_named(profile))
    reconditioned = recondition(generated.program, generated.buffer_values)
    if generated.framebuffer is not None:
        kind = "fragment"
    else:
        kind = "multi-invocation" if generated.invocations > 1 else "single-invocation"
    return (
        sum(1 for _ in aliasing_calls(generated.program)),
        sum(1 for _ in aliasing_calls(reconditioned.program)),
        kind,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("campaign", type=Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if not (args.campaign / "campaign.db").is_file():
        parser.error(f"{args.campaign}: no campaign.db")
    store = CampaignStore(args.campaign)
    try:
        settings = store.settings()
        tests = list(store.iter_tests())
        buckets = store.buckets()
    finally:
        store.close()
    options = dict(settings["generator"])
    profile = str(settings["profile"])
    with ProcessPoolExecutor(args.jobs) as pool:
        counts = list(
            pool.map(_aliasing, [(seed, options, profile) for _, seed, _ in tests], chunksize=16)
        )
    generated_programs = sum(1 for before, _, _ in counts if before)
    reconditioned_programs = sum(1 for _, after, _ in counts if after)
    verdicts = Counter(verdict for _, _, verdict in tests)
    kinds = Counter(kind for _, _, kind in counts)
    by_kind: dict[str, Counter[str]] = {}
    for (_, _, verdict), (_, _, kind) in zip(tests, counts, strict=True):
        by_kind.setdefault(kind, Counter())[verdict] += 1
    causes = {b.root_cause or f"unreduced|{b.signature}" for b in buckets}
    print(f"{len(tests)} tests; verdicts: {dict(verdicts.most_common())}")
    for kind, kind_verdicts in sorted(by_kind.items()):
        print(f"  {kind}: {kinds[kind]} tests, {dict(kind_verdicts.most_common())}")
    print(
        f"programs with aliasing out arguments: {generated_programs} generated, "
        f"{reconditioned_programs} reconditioned"
    )
    print(f"{len(buckets)} buckets, {len(causes)} root causes")
    for bucket in buckets:
        print(f"  {bucket.count:5d}  {bucket.signature}  [{bucket.blamed}]  {bucket.root_cause}")
    print(
        json.dumps(
            {
                "tests": len(tests),
                "verdicts": dict(verdicts),
                "tests_by_kind": dict(kinds),
                "verdicts_by_kind": {k: dict(v) for k, v in by_kind.items()},
                "aliasing_generated_programs": generated_programs,
                "aliasing_reconditioned_programs": reconditioned_programs,
                "buckets": len(buckets),
                "root_causes": len(causes),
            }
        )
    )


if __name__ == "__main__":
    main()
