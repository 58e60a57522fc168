"""FShader's fusion on the CPU targets: per relation, the share of fused programs that
compile and render, the time per fused program, and the EMD between expected and actual
images; per strategy, how much was inlined and reused.

    .venv/bin/python bench/fusion.py [--sequences 3] [--seed-base 5000] [--parts 4]
        [--target gl-llvmpipe --target vk-lavapipe] [--json]

Each sequence is n generated programs, fused as `shadersmith fuse` fuses them (n - 1
fused programs per relation). Times: `target ms` is compile + draw + tools on a target,
per fused program; `wall ms` is the whole sequence (building, every target, the
interpreter) divided by its fused programs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.campaign.fusion import (
    DEFAULT_TARGETS,
    FusionOptions,
    FusionProgress,
    count,
    run_sequence,
)
from shadersmith.mutate.fusion import FUSE, Strategy
from shadersmith.targets.session import TargetSession


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=3)
    parser.add_argument("--seed-base", type=int, default=5000)
    parser.add_argument("--parts", type=int, default=4)
    parser.add_argument("--target", action="append", dest="targets")
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = parser.parse_args()
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    options = FusionOptions(
        targets=tuple(args.targets or DEFAULT_TARGETS), seed_base=args.seed_base, parts=args.parts
    )
    progress = FusionProgress()
    timings: dict[str, float] = {}
    per_target_ms: dict[str, list[float]] = defaultdict(list)
    strategies: dict[str, Counter[str]] = defaultdict(Counter)
    findings: Counter[str] = Counter()
    started = time.perf_counter()
    with TargetSession(list(options.targets), timeout_s=options.timeout_s) as session:
        if session.missing:
            sys.exit(f"targets missing: {session.missing}")
        for index in range(args.sequences):
            outcomes, not_fusable = run_sequence(session, index, options, timings)
            for plan in not_fusable:
                progress.counts(plan.relation).not_fusable += 1
            for outcome in outcomes:
                count(progress, outcome)
                for target, result in outcome.results.items():
                    ms = result.compile_ms + result.run_ms + result.tools_ms
                    per_target_ms[target].append(ms)
                for signature, _ in outcome.findings():
                    findings[signature] += 1
                steps = [s for s in outcome.trial.test.provenance.steps if s.name == FUSE]
                for strategy, step in zip(outcome.plan.strategies, steps, strict=True):
                    tally = strategies[strategy.value]
                    tally["steps"] += 1
                    tally["parts inlined"] += len(step.report.get("inlined", []))
                    tally["variables reused"] += len(step.report.get("reused", []))
    wall_s = time.perf_counter() - started
    report = _report(progress, timings, per_target_ms, strategies, findings, wall_s, args)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        _print(report)


def _report(
    progress: FusionProgress,
    timings: dict[str, float],
    per_target_ms: dict[str, list[float]],
    strategies: dict[str, Counter[str]],
    findings: Counter[str],
    wall_s: float,
    args: argparse.Namespace,
) -> dict[str, Any]:
    relations = {}
    for name, c in progress.per_relation.items():
        emd = sorted(c.emd)
        relations[name] = {
            "fused": c.built,
            "not fusable": c.not_fusable,
            "runs": c.runs,
            "compiled %": 100 * c.compiled / c.runs if c.runs else 0.0,
            "rendered %": 100 * c.rendered / c.runs if c.runs else 0.0,
            "violated": c.violated,
            "failed": c.failed,
            "ours": c.ours,
            "target ms per fused": c.target_ms / c.built if c.built else 0.0,
            "emd mean": statistics.fmean(emd) if emd else 0.0,
            "emd p95": emd[int(0.95 * (len(emd) - 1))] if emd else 0.0,
            "emd max": emd[-1] if emd else 0.0,
            "emd > 0": sum(1 for e in emd if e > 0),
        }
    return {
        "sequences": args.sequences,
        "parts": args.parts,
        "seed_base": args.seed_base,
        "fused": progress.fused,
        "wall ms per fused": 1000 * wall_s / progress.fused if progress.fused else 0.0,
        "build ms per fused": 1000 * timings.get("build", 0.0) / max(progress.fused, 1),
        "interp ms per fused": 1000 * timings.get("interp", 0.0) / max(progress.fused, 1),
        "target ms per run": {t: statistics.fmean(v) for t, v in per_target_ms.items() if v},
        "relations": relations,
        "strategies": {s.value: dict(strategies.get(s.value, Counter())) for s in Strategy},
        "findings": dict(findings),
    }


def _print(report: dict[str, Any]) -> None:
    print(
        f"{report['sequences']} sequences of {report['parts']} programs (seeds from "
        f"{report['seed_base']}): {report['fused']} fused programs"
    )
    print(
        f"wall {report['wall ms per fused']:.0f} ms per fused program "
        f"(building {report['build ms per fused']:.0f}, interpreter "
        f"{report['interp ms per fused']:.0f}, the rest on the targets, images of the "
        "parts included)"
    )
    runs = ", ".join(f"{t} {ms:.0f} ms" for t, ms in report["target ms per run"].items())
    print(f"compile + draw per fused program: {runs}")
    columns = ["fused", "compiled %", "rendered %", "violated", "failed", "ours"]
    columns += ["target ms per fused", "emd mean", "emd p95", "emd max", "emd > 0"]
    print(f"{'relation':>9}  " + "  ".join(f"{c:>10}" for c in columns))
    for name, row in report["relations"].items():
        cells = []
        for column in columns:
            value = row[column]
            if column.startswith("emd") and isinstance(value, float):
                cells.append(f"{value:>10.5f}")
            elif isinstance(value, float):
                cells.append(f"{value:>10.1f}")
            else:
                cells.append(f"{value:>10}")
        print(f"{name:>9}  " + "  ".join(cells))
    for name, tally in report["strategies"].items():
        steps = tally.get("steps", 0)
        print(
            f"strategy {name}: {steps} fusion steps (over the fused programs), "
            f"{tally.get('parts inlined', 0)} parts inlined, "
            f"{tally.get('variables reused', 0)} variables reused"
        )
    if report["findings"]:
        print("findings: " + ", ".join(f"{s} x{n}" for s, n in report["findings"].items()))
    else:
        print("findings: none")


if __name__ == "__main__":
    main()
