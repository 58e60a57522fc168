"""Throughput that survives a frequent bug: a campaign with a bucket on about a fifth of
its tests against the same campaign without it.

    .venv/bin/python bench/frequent_bucket.py [--seconds 90] [--rounds 2] [--jobs 2]
        [--plant gl|vk|gl,vk] [--keep 3] [--before CHECKOUT]

Each configuration is one real `shadersmith fuzz --no-reduce` run, for `--seconds`, round
robin over the configurations `--rounds` times, every other round backwards (a busy
machine hurts each alike; each round its own campaign directories and seed base, the
same for every configuration). The
configurations run the same drivers: `vk-lavapipe,gl-llvmpipe,interp` without the bug,
and with one of the two compilers replaced by the same compiler with a planted bug
(tests/planted_bugs.py, `and-assign-to-or`: every ` &= ` of the text compiled as ` |= `,
a wrong result in about a fifth of the programs, blamed on the planted component):
`gl` plants it in gl-llvmpipe (a wrong result on a chain through Mesa's GLSL front-end,
whose output evidence.py reads), `vk` in vk-lavapipe.

Measured per run: the tests recorded, the wall time, the CPU time of the campaign and
everything it started (its target workers, witnesses, front-end dump worker and
preparing processes, reaped when it ends: RUSAGE_CHILDREN), so tests per wall-second and
per CPU-hour; the share of the tests in the planted bug's bucket; and where a test's
time in the campaign's process goes (the `seconds` each test row records: judging,
evidence, writing the kept test, recording), for passing tests, for failing tests the
bucket kept and for those it only counted (beyond `--keep`).

With `--before`, another checkout's code (e.g. `git worktree add /tmp/before COMMIT`,
with this checkout's `.venv` linked in: without its native libraries glslang and
SPIRV-Tools run as processes) runs every configuration too, in the same rounds, named
`... (before)`: the figures before and after a change, side by side under the same load.

The last line is one JSON object: per configuration its runs and totals, and per planted
configuration its rate over the rate without the bug.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANT = "and-assign-to-or"
SIGNATURE = f"wrong:planted-{PLANT}"
BASE_TARGETS = ("vk-lavapipe", "gl-llvmpipe", "interp")
PLANTED_IN = {"gl": "gl-llvmpipe", "vk": "vk-lavapipe"}

# The CLI with the planted targets registered (they live with the tests), as a user runs it.
_CLI = (
    "from tests import planted_bugs; planted_bugs.register(); "
    "from shadersmith.cli import main; main()"
)


@dataclass(frozen=True)
class Config:
    name: str
    targets: tuple[str, ...]
    root: Path = ROOT  # whose code runs it
    without: str = "without"  # the configuration without the bug it is compared with


def configs(plants: list[str], before: Path | None) -> list[Config]:
    chosen = []
    for root, suffix in [(ROOT, "")] + ([(before, " (before)")] if before else []):
        without = f"without{suffix}"
        chosen.append(Config(without, BASE_TARGETS, root, without))
        for plant in plants:
            real = PLANTED_IN[plant]
            targets = tuple(f"planted-{PLANT}-{real}" if t == real else t for t in BASE_TARGETS)
            chosen.append(Config(f"with-{plant}{suffix}", targets, root, without))
    return chosen


@dataclass
class Run:
    tests: int
    cpu_s: float
    wall_s: float
    in_bucket: int  # tests in the planted bug's bucket
    # Mean milliseconds of a test in the campaign's process, by what the test was.
    handle_ms: dict[str, float] = field(default_factory=dict)
    handled: dict[str, int] = field(default_factory=dict)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(config: Config, seconds: float, jobs: int, keep: int, seed_base: int, out: Path) -> Run:
    command = [
        sys.executable, "-c", _CLI, "fuzz", "--no-reduce", "--targets", ",".join(config.targets),
        "--time", f"{seconds}s", "--jobs", str(jobs), "--keep", str(keep),
        "--seed-base", str(seed_base), "--out", str(out),
    ]  # fmt: skip
    root = str(config.root)
    environment = {**os.environ, "PYTHONPATH": root, "MESA_SHADER_CACHE_DISABLE": "true"}
    before = _children_cpu()
    started = time.perf_counter()
    subprocess.run(command, cwd=root, env=environment, check=True, capture_output=True)
    wall = time.perf_counter() - started
    cpu = _children_cpu() - before
    return _read(out / "campaign.db", cpu, wall)


def _read(database: Path, cpu: float, wall: float) -> Run:
    with sqlite3.connect(database) as db:
        tests = int(db.execute("SELECT COUNT(*) FROM tests").fetchone()[0])
        row = db.execute("SELECT count FROM buckets WHERE signature = ?", (SIGNATURE,)).fetchone()
        kept = {
            idx: directory is not None
            for idx, directory in db.execute(
                "SELECT idx, directory FROM bucket_tests WHERE signature = ?", (SIGNATURE,)
            )
        }
        seconds: dict[str, list[float]] = {"passing": [], "kept": [], "counted": []}
        for idx, verdict, spent in db.execute("SELECT idx, verdict, seconds FROM tests"):
            if idx in kept:
                seconds["kept" if kept[idx] else "counted"].append(spent)
            elif verdict == "agree":
                seconds["passing"].append(spent)
    return Run(
        tests,
        cpu,
        wall,
        int(row[0]) if row else 0,
        {k: round(1000 * sum(v) / len(v), 2) for k, v in seconds.items() if v},
        {k: len(v) for k, v in seconds.items()},
    )


def _line(round_number: int, config: Config, run: Run) -> str:
    per_cpu_hour = run.tests / run.cpu_s * 3600 if run.cpu_s else 0.0
    share = run.in_bucket / run.tests if run.tests else 0.0
    spent = ", ".join(f"{k} {v:.1f} ms" for k, v in run.handle_ms.items())
    return (
        f"round {round_number} {config.name:<19} {run.tests:5d} tests {run.wall_s:6.1f} wall s "
        f"{run.tests / run.wall_s:5.2f} tests/s {run.cpu_s:7.1f} CPU s {per_cpu_hour:7.0f} "
        f"tests/CPU-h  bucket {share:5.1%}  per test in the campaign process: {spent}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=int, default=3)
    parser.add_argument("--plant", default="gl", help="where: gl, vk or gl,vk")
    parser.add_argument("--before", type=Path, help="a checkout of the code before a change")
    args = parser.parse_args()
    chosen = configs(args.plant.split(","), args.before)
    runs: dict[str, list[Run]] = {c.name: [] for c in chosen}
    with tempfile.TemporaryDirectory() as scratch:
        for round_number in range(args.rounds):
            # Every other round backwards: a load that grows or falls within a round
            # hurts no configuration more than another.
            for config in chosen if round_number % 2 == 0 else chosen[::-1]:
                out = Path(scratch) / f"{config.name}-{round_number}"
                seed_base = 100_000 * round_number
                run = run_one(config, args.seconds, args.jobs, args.keep, seed_base, out)
                runs[config.name].append(run)
                print(_line(round_number, config, run), flush=True)
    totals: dict[str, dict[str, object]] = {}
    for config in chosen:
        done = runs[config.name]
        tests, cpu, wall = (sum(getattr(r, k) for r in done) for k in ("tests", "cpu_s", "wall_s"))
        in_bucket = sum(r.in_bucket for r in done)
        totals[config.name] = {
            "targets": ",".join(config.targets),
            "tests": tests,
            "tests_per_wall_s": round(tests / wall, 3) if wall else None,
            "tests_per_cpu_hour": round(tests / cpu * 3600) if cpu else None,
            "bucket_share": round(in_bucket / tests, 3) if tests else None,
            "runs": [asdict(r) for r in done],
        }
    ratios = {}
    for config in chosen:
        if config.name == config.without:
            continue
        mine, without = totals[config.name], totals[config.without]
        ratio = {
            unit: round(float(mine[unit]) / float(without[unit]), 3)  # type: ignore[arg-type]
            for unit in ("tests_per_wall_s", "tests_per_cpu_hour")
            if mine[unit] and without[unit]
        }
        ratios[config.name] = ratio
        print(
            f"{config.name}: bucket on {mine['bucket_share']:.1%} of tests; rate with / without: "
            + ", ".join(f"{unit} {value:.1%}" for unit, value in ratio.items())
        )
    print(json.dumps({"seconds": args.seconds, "jobs": args.jobs, "keep": args.keep,
                      "configs": totals, "ratio_to_without": ratios}))  # fmt: skip


if __name__ == "__main__":
    main()
