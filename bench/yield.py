"""The yield bench: new root causes per CPU-hour, per campaign configuration (issue 31).

    .venv/bin/python bench/yield.py [--seconds 300] [--rounds 2] [--jobs N] [--parallel]
        [--configs default,deeper,...] [--targets T,...] [--crash-targets T,...]
        [--reduce-time 60s] [--keep DIR] [--review FILE] [--summarise DIR]

Bugs per test is not what a user of a campaign gets; new bugs per CPU-hour is. Each
configuration is one real `shadersmith fuzz` campaign as a user starts it, reduction on
(the campaign pauses to reduce each new bucket, inside its time, as it always does), for
`--seconds`; `--rounds` rounds, each round every configuration on the same seed base
(round r: seed base 1,000,000 r), one after another (round robin) or, with `--parallel`,
all at once with the jobs shared out (the same load on each at the same time). Measured
per campaign: its tests; its CPU time with every process it started (os.wait4's rusage of
the campaign, whose workers it reaps); its root causes after reduction, grouped as
`shadersmith buckets` groups them (oracle/root_cause.cause_key: the reduced root cause,
else the bucket's signature), each classed
- known: a bucket of it matches findings/ or a known bug (oracle/known_findings.py);
- new: a compiler's bug nobody here has recorded yet (whether it is known upstream is for
  the reviewer: see --review);
- unresolved: a compiler's bucket left unreduced (its reduction failed or had no time)
  whose signature names a component and no bug (`wrong:llvmpipe`): not counted as new;
- ours: a defect of ours or an unconfirmed validator verdict, no compiler's bug.
A root cause found in both rounds counts in each: the figure is what one campaign of that
length yields. New root causes per CPU-hour come with a 95% interval (exact Poisson,
Garwood), which at a few bugs per run is wide: read it before a ranking.

`--review FILE` (JSON: root-cause key as printed -> "new: why", "known: which", "false
alarm: why", "unconfirmed: why" or "same as KEY"; see `reviewed`) applies what a hand
review of the buckets found; false alarms are counted apart. `--keep DIR` keeps every
campaign (DIR/<round>-<config>) and `runs.json` for that review; `--summarise DIR`
prints the table of a kept run again (e.g. one made on another machine) without running
anything, its causes read from its campaigns by today's rules where they are there.
bench/data/yield/ keeps the runs of the figures README gives, with their review:
`--summarise bench/data/yield/gpu-2026-11-29 --review bench/data/yield/gpu-2026-11-29/review.json`.

Configurations (`--configs`, comma-separated):
- default:       the generator's defaults (what `fuzz` runs today)
- deeper:        every deeper construct (generate/presets.DEEPER_CONSTRUCTS)
- swarm:         swarm testing on (generate/swarm.py)
- deeper+swarm:  both
- crash:         `fuzz --oracle crash`: programs as generated, compile-only targets
- every:         every feature of issue 36 on (generate/presets.EVERY_FEATURE: the deeper
                 constructs, 64/16/8-bit types, specialization and push constants,
                 control-flow attributes, the opt-in exact built-ins, invariant)
The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shadersmith.campaign.store import CampaignStore  # noqa: E402
from shadersmith.case import TestCaseError, load_test  # noqa: E402
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, EVERY_FEATURE  # noqa: E402
from shadersmith.oracle.known_findings import (  # noqa: E402
    NEW,
    known_findings,
    known_label,
    names_a_bug,
)
from shadersmith.oracle.root_cause import cause_key, root_cause  # noqa: E402
from shadersmith.rebuild.regenerate import program_of  # noqa: E402

SEED_STRIDE = 1_000_000  # seed bases of rounds: far apart, so no program repeats


@dataclass(frozen=True)
class Config:
    name: str
    oracle: str
    generator: dict[str, Any]


CONFIGS = (
    Config("default", "differential", {}),
    Config("deeper", "differential", dict(DEEPER_CONSTRUCTS)),
    Config("swarm", "differential", {"swarm": True}),
    Config("deeper+swarm", "differential", {**DEEPER_CONSTRUCTS, "swarm": True}),
    Config("crash", "crash", {}),
    Config("every", "differential", dict(EVERY_FEATURE)),
)
CLASSES = ("new", "known", "unresolved", "ours", "false")
PRECEDENCE = ("known", "new", "unresolved", "ours", "false")


@dataclass
class Campaign:
    config: str
    round: int
    tests: int
    cpu_s: float
    wall_s: float
    # root-cause key -> "new", "known" or "ours"; and the known finding it matches
    causes: dict[str, str] = field(default_factory=dict)
    known_as: dict[str, str] = field(default_factory=dict)
    buckets: int = 0

    def count(self, kind: str, review: dict[str, str]) -> int:
        return sum(1 for k in reviewed(self.causes, review).values() if k == kind)


def reviewed(causes: dict[str, str], review: dict[str, str]) -> dict[str, str]:
    """A campaign's causes as the hand review classes them. The review maps a key to
    "new: why" (a compiler's bug nobody had recorded), "known: which", "false alarm:
    why", "unconfirmed: why" (cannot be told here: counted unresolved) or "same as KEY"
    (one bug under two keys, counted once: reduced shapes differ when a reduction stops
    early). A key the review does not name keeps the class the bench gave it."""
    words = {"new": "new", "known": "known", "false alarm": "false", "unconfirmed": "unresolved"}
    result: dict[str, str] = {}
    for key, kind in causes.items():
        seen = {key}
        while (verdict := review.get(key, "")).startswith("same as "):
            key = verdict.removeprefix("same as ").strip()
            if key in seen:
                raise SystemExit(f"yield: the review's 'same as' entries loop at {key!r}")
            seen.add(key)
        word = verdict.partition(":")[0].strip()
        if verdict and word not in words:
            raise SystemExit(f"yield: review of {key!r}: {verdict!r} is none of {list(words)}")
        klass = words.get(word, kind) if kind != "ours" else kind
        if key not in result or PRECEDENCE.index(klass) < PRECEDENCE.index(result[key]):
            result[key] = klass
    return result


def current_root_cause(campaign: Path, blamed: str, reduced: str | None) -> str | None:
    """A reduced bucket's root cause by today's rule (oracle/root_cause.py), from its
    reduced test: a kept run made before a change of the rule is read as made today."""
    if not reduced or reduced.startswith("failed"):
        return None
    try:
        test = load_test(campaign / reduced)
        program, _, _ = program_of(test, before_reconditioning=True)
    except (TestCaseError, OSError):
        return None
    return root_cause(blamed, program, test.provenance.first_bad_pass)


def read_causes(directory: Path) -> tuple[int, int, dict[str, str], dict[str, str]]:
    """A finished campaign's tests, buckets and root causes, each classed."""
    store = CampaignStore(directory, read_only=True)
    try:
        buckets = [b for b in store.buckets() if not b.ignored]
        tests = store.totals()["tests"]
    finally:
        store.close()
    causes: dict[str, str] = {}
    known_as: dict[str, str] = {}
    for bucket in buckets:
        cause = current_root_cause(directory, bucket.blamed, bucket.reduced) or bucket.root_cause
        key = cause_key(bucket.signature, cause)
        label = known_label(bucket.kind, bucket.signature, cause)
        kind = "ours" if label is None else "new" if label == NEW else "known"
        if kind == "new" and cause is None and not names_a_bug(bucket.signature):
            kind = "unresolved"  # unreduced, and its signature names no bug by itself
        # A cause takes the first class in PRECEDENCE of its buckets: one known bucket
        # makes its root cause known; a compiler's bucket outranks a defect of ours.
        if PRECEDENCE.index(kind) < PRECEDENCE.index(causes.get(key, "ours")):
            causes[key] = kind
        if label not in (None, NEW):
            known_as[key] = str(label)
    return tests, len(buckets), causes, known_as


def fuzz_command(config: Config, args: argparse.Namespace, jobs: int, round_: int, out: Path,
                 settings: Path, limit: list[str]) -> list[str]:  # fmt: skip
    command = [
        sys.executable, "-m", "shadersmith.cli", "fuzz", *limit, "--jobs", str(jobs),
        "--seed-base", str(SEED_STRIDE * round_), "--out", str(out),
        "--reduce-time", args.reduce_time, "--oracle", config.oracle, "--config", str(settings),
    ]  # fmt: skip
    targets = args.crash_targets if config.oracle == "crash" else args.targets
    if targets:
        command += ["--targets", targets]
    return command


def write_settings(config: Config, path: Path) -> None:
    """The configuration's generator options as a `--config` file ([generator] table)."""
    lines = ["[generator]"]
    for name, value in sorted(config.generator.items()):
        lines.append(f"{name} = {json.dumps(value)}")
    path.write_text("\n".join(lines) + "\n")


def _run(command: list[str], log: Path) -> float:
    """Run one fuzz command; its CPU seconds with every process it started and reaped
    (os.wait4's rusage of the campaign process)."""
    # The repository first, before what the machine adds (the GPU set-up's wheels).
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    environment = {**os.environ, "PYTHONPATH": path, "MESA_SHADER_CACHE_DISABLE": "true"}
    with log.open("ab") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=output,
                                   stderr=output)  # fmt: skip
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        tail = log.read_text(errors="replace")[-2000:]
        raise SystemExit(f"yield: {' '.join(command[3:])} failed:\n{tail}")
    return usage.ru_utime + usage.ru_stime


def run_campaign(config: Config, args: argparse.Namespace, jobs: int, round_: int,
                 keep: Path) -> Campaign:  # fmt: skip
    """One configuration's campaign for --seconds, then the same campaign resumed with
    nothing left to run, which reduces the buckets its time left unreduced (a campaign
    reduces each new bucket as it opens, but not after its time is up), for at most
    --finish-time: root causes are counted after reduction, and its CPU time counts."""
    out = keep / f"{round_}-{config.name}"
    settings = keep / f"{config.name}.toml"
    write_settings(config, settings)
    log = keep / f"{out.name}.log"
    began = time.perf_counter()
    cpu = _run(fuzz_command(config, args, jobs, round_, out, settings,
                            ["--time", f"{args.seconds}s"]), log)  # fmt: skip
    tests = read_causes(out)[0]
    if tests:
        finish = ["--count", str(tests), "--time", f"{args.finish_time}s"]
        cpu += _run(fuzz_command(config, args, jobs, round_, out, settings, finish), log)
    wall = time.perf_counter() - began
    tests, buckets, causes, known_as = read_causes(out)
    campaign = Campaign(config.name, round_, tests, cpu, wall, causes, known_as, buckets)
    print(_row(campaign, {}), flush=True)
    return campaign


def run_round(configs: list[Config], args: argparse.Namespace, round_: int,
              keep: Path) -> list[Campaign]:  # fmt: skip
    """Every configuration's campaign of one round: in turn, or all at once with the
    jobs shared out (--parallel)."""
    jobs = max(1, args.jobs // len(configs)) if args.parallel else args.jobs
    with ThreadPoolExecutor(len(configs) if args.parallel else 1) as pool:
        futures = [pool.submit(run_campaign, c, args, jobs, round_, keep) for c in configs]
        return [future.result() for future in futures]


def _row(campaign: Campaign, review: dict[str, str]) -> str:
    counts = " ".join(f"{kind} {campaign.count(kind, review):2d}" for kind in CLASSES)
    hours = campaign.cpu_s / 3600
    rate = campaign.count("new", review) / hours if hours else 0.0
    return (
        f"round {campaign.round} {campaign.config:<13} {campaign.tests:6d} tests "
        f"{hours:6.3f} CPU-h {campaign.wall_s:6.0f} wall s  root causes: {counts}  "
        f"{rate:6.2f} new/CPU-h"
    )


def poisson_interval(count: int, confidence: float = 0.95) -> tuple[float, float]:
    """Garwood's exact interval of a Poisson mean from one count (by bisection on the
    Poisson distribution, no statistics library needed)."""
    tail = (1 - confidence) / 2

    def cdf(k: int, mean: float) -> float:  # P(X <= k)
        term = total = math.exp(-mean)
        for i in range(1, k + 1):
            term *= mean / i
            total += term
        return total

    def solve(goal: Any, low: float, high: float) -> float:
        for _ in range(200):
            middle = (low + high) / 2
            low, high = (middle, high) if goal(middle) else (low, middle)
        return (low + high) / 2

    top = 10.0 * (count + 10)
    upper = solve(lambda m: cdf(count, m) > tail, 0.0, top)
    lower = 0.0 if count == 0 else solve(lambda m: 1 - cdf(count - 1, m) < tail, 0.0, top)
    return lower, upper


def summarise(campaigns: list[Campaign], review: dict[str, str]) -> dict[str, Any]:
    """Per configuration: totals over its rounds and new root causes per CPU-hour with
    its interval; printed as a table, returned for the JSON line."""
    summary: dict[str, Any] = {}
    names = list(dict.fromkeys(c.config for c in campaigns))
    print()
    header = f"{'configuration':<13} {'tests':>7} {'CPU-h':>7} {'new':>4} {'known':>5} "
    print(header + f"{'unres':>5} {'ours':>4} {'false':>5}  new/CPU-h (95% interval)  tests/CPU-h")
    for name in names:
        runs = [c for c in campaigns if c.config == name]
        hours = sum(c.cpu_s for c in runs) / 3600
        tests = sum(c.tests for c in runs)
        counts = {kind: sum(c.count(kind, review) for c in runs) for kind in CLASSES}
        low, high = poisson_interval(counts["new"])
        rate = counts["new"] / hours if hours else 0.0
        interval = (low / hours, high / hours) if hours else (0.0, 0.0)
        print(
            f"{name:<13} {tests:7d} {hours:7.3f} {counts['new']:4d} {counts['known']:5d} "
            f"{counts['unresolved']:5d} {counts['ours']:4d} {counts['false']:5d}  "
            f"{f'{rate:.2f} ({interval[0]:.2f}-{interval[1]:.2f})':<25} "
            f"{tests / hours if hours else 0:11.0f}"
        )
        summary[name] = {
            "tests": tests,
            "cpu_hours": round(hours, 4),
            **counts,
            "new_per_cpu_hour": round(rate, 3),
            "interval_95": [round(interval[0], 3), round(interval[1], 3)],
            "tests_per_cpu_hour": round(tests / hours) if hours else None,
            "new_causes": {
                key: resembles(key)
                for key in sorted(
                    {k for c in runs for k, v in reviewed(c.causes, review).items() if v == "new"}
                )
            },
        }
    return summary


def resembles(key: str) -> list[str]:
    """Findings a new root cause may be, for the reviewer: the same component, and a
    reduced shape holding every operator form or built-in of the finding's (a reduction
    cut short leaves more than the bug needs). A hint only: never counted as known."""
    component, _, shape = key.partition("|")
    kind, _, forms = shape.partition(":")
    mine = set(forms.split(","))
    return sorted(
        finding.name
        for finding in known_findings()
        if finding.root_cause
        and finding.root_cause.startswith(f"{component}|{kind}:")
        and set(finding.root_cause.partition(":")[2].split(",")) - {""} <= mine
    )


def _load(keep: Path) -> list[Campaign]:
    """A kept run's campaigns, their causes classed again where the campaign is there
    (findings/ may have grown since)."""
    campaigns = [Campaign(**entry) for entry in json.loads((keep / "runs.json").read_text())]
    for campaign in campaigns:
        directory = keep / f"{campaign.round}-{campaign.config}"
        if (directory / "campaign.db").exists():
            _, campaign.buckets, campaign.causes, campaign.known_as = read_causes(directory)
    return campaigns


def _save(keep: Path, campaigns: Iterable[Campaign]) -> None:
    (keep / "runs.json").write_text(json.dumps([asdict(c) for c in campaigns], indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="per campaign")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--first-round", type=int, default=0, help="to add rounds to a run")
    parser.add_argument("--parallel", action="store_true", help="a round's campaigns at once")
    parser.add_argument("--configs", default=",".join(c.name for c in CONFIGS))
    parser.add_argument("--targets", default=None, help="differential campaigns' targets")
    parser.add_argument("--crash-targets", default=None, help="the crash campaign's targets")
    parser.add_argument("--reduce-time", default="60s", help="per bucket, as fuzz takes it")
    parser.add_argument(
        "--finish-time",
        type=float,
        default=240.0,
        help="seconds to start reductions left when a campaign's time is up",
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep campaigns here")
    parser.add_argument("--review", type=Path, default=None, help="hand review (JSON)")
    parser.add_argument("--summarise", type=Path, default=None, help="a kept run's folder")
    args = parser.parse_args()
    review: dict[str, str] = json.loads(args.review.read_text()) if args.review else {}
    if args.summarise is not None:
        campaigns = _load(args.summarise)
        for campaign in campaigns:
            print(_row(campaign, review))
    else:
        by_name = {c.name: c for c in CONFIGS}
        unknown = [n for n in args.configs.split(",") if n not in by_name]
        if unknown:
            parser.error(f"unknown configuration {unknown[0]!r}; known: {', '.join(by_name)}")
        chosen = [by_name[n] for n in args.configs.split(",")]
        scratch = None if args.keep else tempfile.TemporaryDirectory()
        keep = args.keep or Path(scratch.name)  # type: ignore[union-attr]
        keep.mkdir(parents=True, exist_ok=True)
        campaigns = []
        for round_ in range(args.first_round, args.first_round + args.rounds):
            campaigns += run_round(chosen, args, round_, keep)
            _save(keep, campaigns)
    summary = summarise(campaigns, review)
    print("\nnew root causes (unreviewed ones: the findings each may be, by its reduced shape):")
    for name, figures in summary.items():
        for key, like in figures["new_causes"].items():
            print(f"  {name}: {key}" + (f"  ~ {', '.join(like)}" if like else ""))
    run = {} if args.summarise else {"seconds": args.seconds, "jobs": args.jobs,
                                     "parallel": args.parallel}  # fmt: skip
    print(json.dumps({**run, "configs": summary, "runs": [asdict(c) for c in campaigns]}))


if __name__ == "__main__":
    main()
