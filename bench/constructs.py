"""Construct coverage and undefined behaviour with the deeper constructs on (issue 20).

    .venv/bin/python bench/constructs.py [--count 10000] [--jobs 2] [--language glsl|wgsl]
        [--set OPTION=VALUE ...] [--first-seed N]

Each seed's program is generated with every construct of issue 20 the generator has
turned on (generate/presets.DEEPER_CONSTRUCTS; `--set` changes any SmithOptions field), in the
campaign's mix of single-invocation, multi-invocation and fragment tests, reconditioned
as a campaign reconditions it (trial.prepare_generated) and run by the reference
interpreter with its sanitizer, as the campaign's `interp` target runs it. Printed:
- the share of programs using each construct: generator choice labels (`matrix:<form>`,
  `atomic:<op>`, `buffer:<qualifier>`, ...) grouped by their family, the part before
  the first colon; a program counts once per family;
- the programs whose reconditioned form still meets undefined behaviour (must be none:
  each is printed with its seed and what the sanitizer met);
- the programs the interpreter cannot run, by reason;
- the median milliseconds to generate, recondition and interpret one program.
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.progress import Progress

from shadersmith.generate.presets import DEEPER_CONSTRUCTS, options_with, parse_settings
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import GLSL450, WGSL, LanguageProfile
from shadersmith.targets.chains import interp_target
from shadersmith.targets.results import RunStatus
from shadersmith.trial import prepare_generated


@dataclass(frozen=True)
class Outcome:
    seed: int
    families: frozenset[str]
    status: str
    detail: str
    ms: float


def check_seed(seed: int, settings: dict[str, Any], wgsl: bool) -> Outcome:
    profile: LanguageProfile = WGSL if wgsl else GLSL450
    start = time.perf_counter()
    generated = generate(seed, options_with(settings), profile)
    families = frozenset(label.split(":", 1)[0] for label in generated.choices)
    trial = prepare_generated(generated, profile)
    result = interp_target().execute(trial.job)
    ms = (time.perf_counter() - start) * 1000
    detail = "" if result.status is RunStatus.OK else result.log.splitlines()[0][:200]
    return Outcome(seed, families, result.status.value, detail, ms)


def run_all(
    check: Callable[[int], Outcome],
    seeds: range,
    jobs: int,
    time_limit_s: float | None,
    outcomes_file: Path | None,
) -> list[Outcome]:
    """Every seed's outcome, in the order they finish, each written at once as a JSON line
    to `outcomes_file`; at `time_limit_s` the workers are stopped and the outcomes so far
    returned (a program the interpreter takes minutes over no longer costs the rest)."""
    deadline = time.monotonic() + time_limit_s if time_limit_s else None
    outcomes: list[Outcome] = []
    sink = outcomes_file.open("a", encoding="utf-8") if outcomes_file else None
    with multiprocessing.Pool(jobs) as pool, Progress() as progress:
        task = progress.add_task("programs", total=len(seeds))
        # chunksize 1: a larger one makes imap_unordered a generator, without next(timeout).
        finished = pool.imap_unordered(check, seeds)
        for _ in seeds:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                outcome = finished.next(timeout=wait)
            except multiprocessing.TimeoutError:
                break
            outcomes.append(outcome)
            progress.advance(task)
            if sink is not None:
                record = {**dataclasses.asdict(outcome), "families": sorted(outcome.families)}
                sink.write(json.dumps(record) + "\n")
                sink.flush()
        pool.terminate()
    if sink is not None:
        sink.close()
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--language", choices=("glsl", "wgsl"), default="glsl")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    parser.add_argument(
        "--time-limit", type=float, help="seconds; then report the programs finished so far"
    )
    parser.add_argument("--outcomes", type=Path, help="append each program's outcome (JSON lines)")
    args = parser.parse_args()
    try:
        settings = parse_settings(args.set, DEEPER_CONSTRUCTS)
        options_with(settings)  # refuse a bad --set before any worker starts
    except ValueError as error:
        parser.error(f"--set {error}")
    seeds = range(args.first_seed, args.first_seed + args.count)
    check = functools.partial(check_seed, settings=settings, wgsl=args.language == "wgsl")
    outcomes = run_all(check, seeds, args.jobs, args.time_limit, args.outcomes)
    unfinished = sorted(set(seeds) - {o.seed for o in outcomes})
    if unfinished:
        print(f"unfinished at the time limit: {len(unfinished)} (first: {unfinished[:10]})")

    total = len(outcomes)
    families: Counter[str] = Counter()
    for outcome in outcomes:
        families.update(outcome.families)
    print(f"{total} {args.language} programs, options: {settings}")
    print(f"{'construct family':28} programs  share")
    for family, count in sorted(families.items()):
        print(f"{family:28} {count:8d} {count / total:6.1%}")
    ub = [o for o in outcomes if o.status == RunStatus.UNDEFINED_BEHAVIOUR.value]
    for outcome in ub[:20]:
        print(f"UB AFTER RECONDITIONING seed {outcome.seed}: {outcome.detail}")
    unsupported = Counter(o.detail for o in outcomes if o.status == RunStatus.UNSUPPORTED.value)
    for reason, count in unsupported.most_common(10):
        print(f"interpreter cannot run {count}: {reason}")
    others = Counter(
        o.status
        for o in outcomes
        if o.status
        not in (
            RunStatus.OK.value,
            RunStatus.UNDEFINED_BEHAVIOUR.value,
            RunStatus.UNSUPPORTED.value,
        )
    )
    median_ms = statistics.median(o.ms for o in outcomes)
    print(f"median {median_ms:.1f} ms per program (generate, recondition, interpret)")
    print(
        json.dumps(
            {
                "programs": total,
                "language": args.language,
                "ub_after_reconditioning": len(ub),
                "ub_seeds": [o.seed for o in ub],
                "unsupported": unsupported.total(),
                "other_statuses": dict(others),
                "family_share": {f: round(c / total, 4) for f, c in sorted(families.items())},
                "median_ms": round(median_ms, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
