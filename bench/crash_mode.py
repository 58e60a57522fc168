"""Crash-only mode against the differential mode: tests per CPU-hour on the same compilers.

    .venv/bin/python bench/crash_mode.py [--seconds 90] [--rounds 2] [--jobs 2]
        [--configs NAME,...]

Each configuration is one `shadersmith fuzz --no-reduce` run as a user starts it, for
`--seconds`, round robin over the configurations `--rounds` times (a busy machine hurts
each alike; each round its own campaign directory and seed base, the same for every
configuration). Measured per run: the tests recorded, the CPU time of the campaign and
everything it started (its target workers and preparing processes, reaped when it ends:
RUSAGE_CHILDREN), and so tests per CPU-hour. Pairs of configurations run the same
compilers, differential (reconditioned programs, the interpreter as reference, outputs
compared) against crash (programs as generated, compile-only chains, no interpreter):

- spirv+gl: vk-lavapipe-opt, gl-llvmpipe, interp  vs  compile-spirv-tools,
  compile-gl-llvmpipe (glslang, spirv-opt with the recorded random pass list, spirv-val;
  Mesa's GL front-end; the crash side adds spirv-cross and drops the dispatches)
- radv: vk-radv-navi21, vk-radv-navi31, interp  vs  vk-radv-navi21, vk-radv-navi31

The last line is one JSON object: per configuration its runs and totals, and per pair
the ratio crash / differential of tests per CPU-hour.
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Config:
    name: str
    oracle: str
    targets: str
    pair: str


_SPIRV_GL = "vk-lavapipe-opt,gl-llvmpipe,interp"
CONFIGS = (
    Config("spirv+gl differential", "differential", _SPIRV_GL, "spirv+gl"),
    Config("spirv+gl crash", "crash", "compile-spirv-tools,compile-gl-llvmpipe", "spirv+gl"),
    Config("radv differential", "differential", "vk-radv-navi21,vk-radv-navi31,interp", "radv"),
    Config("radv crash", "crash", "vk-radv-navi21,vk-radv-navi31", "radv"),
)  # fmt: skip


@dataclass(frozen=True)
class Run:
    tests: int
    cpu_s: float
    wall_s: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(config: Config, seconds: float, jobs: int, seed_base: int, out: Path) -> Run:
    command = [
        sys.executable, "-m", "shadersmith.cli", "fuzz", "--no-reduce",
        "--oracle", config.oracle, "--targets", config.targets, "--time", f"{seconds}s",
        "--jobs", str(jobs), "--seed-base", str(seed_base), "--out", str(out),
    ]  # fmt: skip
    # The repository first, before what the machine adds (the GPU set-up's wheels).
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    environment = {**os.environ, "PYTHONPATH": path, "MESA_SHADER_CACHE_DISABLE": "true"}
    before = _children_cpu()
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=environment, check=True, capture_output=True)
    wall = time.perf_counter() - started
    cpu = _children_cpu() - before
    with sqlite3.connect(out / "campaign.db") as db:
        tests = int(db.execute("SELECT COUNT(*) FROM tests").fetchone()[0])
    return Run(tests, cpu, wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--configs", default=None, help="comma-separated configuration names")
    args = parser.parse_args()
    chosen = [c for c in CONFIGS if args.configs is None or c.name in args.configs.split(",")]
    runs: dict[str, list[Run]] = {c.name: [] for c in chosen}
    with tempfile.TemporaryDirectory() as scratch:
        for round_number in range(args.rounds):
            for config in chosen:
                out = Path(scratch) / f"{config.name.replace(' ', '-')}-{round_number}"
                run = run_one(config, args.seconds, args.jobs, 100_000 * round_number, out)
                runs[config.name].append(run)
                rate = run.tests / run.cpu_s * 3600 if run.cpu_s else 0.0
                print(
                    f"round {round_number} {config.name:<24} {run.tests:5d} tests "
                    f"{run.cpu_s:7.1f} CPU s {run.wall_s:6.1f} wall s {rate:9.0f} tests/CPU-h",
                    flush=True,
                )
    totals = {}
    for config in chosen:
        tests = sum(r.tests for r in runs[config.name])
        cpu = sum(r.cpu_s for r in runs[config.name])
        totals[config.name] = {
            "oracle": config.oracle,
            "targets": config.targets,
            "tests": tests,
            "cpu_s": round(cpu, 1),
            "tests_per_cpu_hour": round(tests / cpu * 3600) if cpu else None,
            "runs": [r.__dict__ for r in runs[config.name]],
        }
    ratios = {}
    for pair in dict.fromkeys(c.pair for c in chosen):
        rates = {c.oracle: totals[c.name]["tests_per_cpu_hour"] for c in chosen if c.pair == pair}
        differential, crash = rates.get("differential"), rates.get("crash")
        if isinstance(differential, int) and isinstance(crash, int) and differential:
            ratios[pair] = round(crash / differential, 2)
            print(f"{pair}: crash {crash} / differential {differential} tests per CPU-hour "
                  f"= {ratios[pair]:.2f}")  # fmt: skip
    print(json.dumps({"seconds": args.seconds, "jobs": args.jobs, "configs": totals,
                      "ratio_crash_to_differential": ratios}))  # fmt: skip


if __name__ == "__main__":
    main()
