"""Differential benchmark: reconditioned random programs on every CPU target and the
interpreter; agreement rate, and every disagreement and crash saved as a test directory.

    .venv/bin/python bench/differential.py [--count 2000] [--targets ...] [--out DIR]
        [--constructs] [--set OPTION=VALUE ...] [--language glsl|wgsl]

Each program is generated, reconditioned, and run on each target in persistent
workers. With `--constructs`, every deeper construct is on (generate/presets.py's
DEEPER_CONSTRUCTS: matrices, structs, atomics, discard, ..., and the campaign's mix of
multi-invocation and fragment tests), `--set` changes any generator option, and a table
gives, per construct family (the generator's choice labels), the programs using it and
how many of them every target agreed on. vk-lavapipe-opt gets a spirv-opt pass list
chosen from the seed (-O, -Os or a random list), recorded in the saved test. The last
line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.progress import Progress

from shadersmith.case import write_test
from shadersmith.config.spirv_passes import choose_pass_list
from shadersmith.evidence import complete
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, options_with, parse_settings
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450, WGSL, LanguageProfile
from shadersmith.oracle.differential import Verdict, output_digest
from shadersmith.targets.catalogue.registry import parse_target_list
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import PreparedTrial, judge, prepare_generated


def prepared(
    seeds: range, options: SmithOptions, profile: LanguageProfile
) -> Iterator[tuple[PreparedTrial, frozenset[str]]]:
    """Each seed's reconditioned test, with the construct families its program uses."""
    for seed in seeds:
        generated = generate(seed, options, profile)
        passes = tuple(choose_pass_list(random.Random(seed)))
        families = frozenset(label.split(":", 1)[0] for label in generated.choices)
        yield prepare_generated(generated, profile, passes), families


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--targets", default=None, help="default: the CPU targets")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--out", type=Path, default=Path("out/differential"))
    parser.add_argument(
        "--digests", type=Path, help="write one JSON line per (seed, target): status, output"
    )
    parser.add_argument("--constructs", action="store_true", help="every deeper construct on")
    parser.add_argument("--language", choices=("glsl", "wgsl"), default="glsl")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    args = parser.parse_args()
    try:
        settings = parse_settings(args.set, DEEPER_CONSTRUCTS if args.constructs else {})
        options = options_with(settings)
    except ValueError as error:
        parser.error(f"--set {error}")
    profile = WGSL if args.language == "wgsl" else GLSL450
    names = parse_target_list(args.targets, profile.language)
    seeds = range(args.first_seed, args.first_seed + args.count)
    print("preparing programs...", file=sys.stderr)
    pairs = list(prepared(seeds, options, profile))
    items = [item for item, _ in pairs]
    family_programs: Counter[str] = Counter()
    family_agreed: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    saved: list[str] = []
    digest_lines: list[str] = []
    started = time.perf_counter()
    with TargetSession(names, timeout_s=args.timeout) as session:
        for name, reason in session.missing.items():
            print(f"missing target {name}: {reason}")
        components = session.components()
        with Progress(transient=True) as progress:
            task = progress.add_task("differential", total=len(items))
            for index, results in session.run_many(item.job for item in items):
                progress.advance(task)
                # The witnesses and crash causes that campaigns, `run` and the reducer
                # gather too (evidence.py): without them a naga panic on the one
                # chain through naga was signed as its driver's crash, a signature the
                # reducer, which completes its results, never saw again.
                results = complete(results, items[index].job, session, components)
                judged = judge(results, components)
                comparison = judged.comparison
                verdicts[comparison.verdict.value] += 1
                for family in pairs[index][1]:
                    family_programs[family] += 1
                    family_agreed[family] += comparison.verdict is Verdict.AGREE
                for name, result in results.items():
                    statuses[f"{name}:{result.status.value}"] += 1
                    record = {
                        "seed": items[index].test.provenance.seed,
                        "target": name,
                        "status": result.status.value,
                        "output": output_digest(result) if result.ok else None,
                    }
                    digest_lines.append(json.dumps(record))
                crashed = any(
                    r.status in (RunStatus.CRASH, RunStatus.TIMEOUT, RunStatus.OOM)
                    for r in results.values()
                )
                if comparison.interesting or crashed:
                    test = judged.recorded_in(items[index].test)
                    seed = test.provenance.seed
                    directory = args.out / f"{comparison.verdict.value}-seed-{seed}"
                    saved.append(str(write_test(test, directory)))
        versions = session.versions()
    elapsed = time.perf_counter() - started
    total = len(items)
    if args.digests:
        args.digests.write_text("\n".join(sorted(digest_lines)) + "\n")
    print("targets:")
    for name, version in versions.items():
        print(f"  {name}: {', '.join(f'{k} {v}' for k, v in list(version.items())[:4])}")
    print("statuses:", dict(sorted(statuses.items())))
    print("verdicts:", dict(verdicts))
    if settings:
        print(f"options: {settings}")
        print(f"{'construct family':28} programs  all targets agree")
        for family, count in sorted(family_programs.items()):
            agreed = family_agreed[family]
            print(f"{family:28} {count:8d}  {agreed:8d} {agreed / count:6.1%}")
    for path in saved[:40]:
        print("saved", path)
    crashes = sum(
        count for key, count in statuses.items() if key.split(":")[1] in ("crash", "timeout", "oom")
    )
    print(
        json.dumps(
            {
                "programs": total,
                "agree_rate": round(verdicts[Verdict.AGREE.value] / total, 4),
                "disagreements": sum(
                    verdicts[v.value] for v in (Verdict.ODD_ONE_OUT, Verdict.DISAGREE)
                ),
                "crashes": crashes,
                "some_failed": verdicts[Verdict.SOME_FAILED.value],
                "all_failed": verdicts[Verdict.ALL_FAILED.value],
                "seconds": round(elapsed, 1),
                "tests_per_second": round(total / elapsed, 2),
                "saved": len(saved),
                "families": {f: [c, family_agreed[f]] for f, c in sorted(family_programs.items())},
            }
        )
    )


if __name__ == "__main__":
    main()
