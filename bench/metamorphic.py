"""Metamorphic variants per transformation family (GraphicsFuzz, issue 12).

For each family alone: `--count` references (compute and fragment, half each), each with
a variant of `--steps` transformations of that family, run on the targets and the
reference interpreter. Prints per family: the share of variants where the family found a
site, that compiled and rendered on each target (where the reference did), that gave
the reference's output, defects of ours (the interpreter says the meaning changed, or
undefined behaviour), and the time to make a variant and to compile and run it.

    .venv/bin/python bench/metamorphic.py [--count 20] [--targets gl-llvmpipe,vk-lavapipe]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict

from shadersmith.generate.smith import SmithOptions
from shadersmith.mutate.metamorphic import plan_variant
from shadersmith.mutate.transforms import FAMILIES
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.metamorphic import Outcome, judge_metamorphic
from shadersmith.pair import prepare_pair
from shadersmith.targets.session import TargetSession


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="references per family")
    parser.add_argument("--steps", type=int, default=3, help="transformations per variant")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--targets", default="gl-llvmpipe,vk-lavapipe")
    args = parser.parse_args()
    targets = args.targets.split(",")
    rows: dict[str, dict[str, float | str]] = {}
    with TargetSession([*targets, REFERENCE]) as session:
        components = session.components()
        for family in FAMILIES:
            counts: dict[str, int] = defaultdict(int)
            make_ms: list[float] = []
            run_ms: dict[str, list[float]] = defaultdict(list)
            pairs = []
            for i in range(args.count):
                seed = args.first_seed + i
                options = SmithOptions(fragment_probability=float(i % 2))
                plan = plan_variant(seed, [family], (args.steps, args.steps))
                started = time.perf_counter()
                pair = prepare_pair(seed, options, plan)
                make_ms.append((time.perf_counter() - started) * 1000)
                applied = any(
                    s.report.get("applied") for s in pair.variant.test.provenance.steps[1:]
                )
                counts["applied"] += applied
                pairs.append(pair)
            jobs = [job for p in pairs for job in (p.reference.job, p.variant.job)]
            answers = dict(session.run_many(jobs))
            for k, _ in enumerate(pairs):
                reference, variant = answers[2 * k], answers[2 * k + 1]
                judged = judge_metamorphic(reference, variant, targets, components)
                counts["ours"] += judged.ours is not None
                for target in targets:
                    outcome = judged.outcomes[target]
                    if outcome is Outcome.REFERENCE_FAILED:
                        continue
                    counts[f"{target}:compared"] += 1
                    counts[f"{target}:rendered"] += variant[target].ok
                    counts[f"{target}:same"] += outcome is Outcome.SAME
                    run_ms[target].append(
                        variant[target].compile_ms
                        + variant[target].run_ms
                        + variant[target].tools_ms
                    )
            row: dict[str, float | str] = {
                "applied %": round(100 * counts["applied"] / args.count, 1),
                "ours": counts["ours"],
                "make ms": round(statistics.mean(make_ms), 1),
            }
            for target in targets:
                compared = counts[f"{target}:compared"] or 1
                row[f"{target} rendered %"] = round(
                    100 * counts[f"{target}:rendered"] / compared, 1
                )
                row[f"{target} same %"] = round(100 * counts[f"{target}:same"] / compared, 1)
                row[f"{target} ms"] = (
                    round(statistics.mean(run_ms[target]), 1) if run_ms[target] else 0.0
                )
            rows[family] = row
            print(family, json.dumps(row), flush=True)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
