"""Throughput benchmark: tests per second per target, engine overhead, and the speed-up
of persistent workers over one process per test.

    .venv/bin/python bench/throughput.py [--count 30] [--targets ...]

For each target and each program size (default-size and small programs):
- persistent: one worker process runs every test; wall time per test is measured from
  the caller, and compared with the time spent inside the components (driver compile and
  run, and the tool subprocesses of the chain): `overhead_ratio` = wall / inside;
- process per test: a fresh process builds the target (driver context included), runs
  one test and exits, the way a stand-alone runner such as Amber or ShaderTrap is used.
  `speedup_vs_process` = process-per-test wall / persistent wall.
Run it on an otherwise idle machine. The last line is one JSON object.

    .venv/bin/python bench/throughput.py --session [--count 20] [--no-precompile | --compare]

`--session`: tests per hour of a campaign's shape instead: one TargetSession over the
targets, jobs fed in chunks of two (as campaign/fuzz.py does), every target on every
job. By default glslang runs once per job for the Vulkan chains (targets/precompile.py);
`--no-precompile` lets each chain run its own; `--compare` alternates the two over the
same workers and jobs (`--rounds` times each), so that a busy machine hurts both alike.
`glslang_runs_per_test` counts the glslang runs a test cost (chains that ran their own,
plus one shared run), `tools_s_per_test` the tool time of a test with the shared run
counted once.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.recondition import recondition
from shadersmith.targets.chains import Job
from shadersmith.targets.engine import Worker
from shadersmith.targets.jobs import job_from_program
from shadersmith.targets.registry import parse_target_list, spec_for
from shadersmith.targets.session import TargetSession

SMALL = SmithOptions(
    max_statements_main=8, max_statements_function=4, max_functions=1, max_nesting=2
)


def jobs(count: int, options: SmithOptions, first_seed: int = 0) -> list[Job]:
    result = []
    for seed in range(first_seed, first_seed + count):
        generated = generate(seed, options, GLSL450)
        reconditioned = recondition(generated.program, generated.buffer_values)
        result.append(
            job_from_program(
                reconditioned.program,
                reconditioned.buffer_values,
                GLSL450,
                groups=generated.workgroups,
            )
        )
    return result


def persistent(name: str, work: list[Job]) -> tuple[float, float, int]:
    """Total wall seconds, total seconds inside the components, tests that ran ok."""
    wall = inside = 0.0
    ok = 0
    with Worker(spec_for(name)) as worker:
        worker.run(work[0])  # warm-up: first-use costs belong to neither side
        for job in work:
            started = time.perf_counter()
            result = worker.run(job)
            wall += time.perf_counter() - started
            inside += (result.compile_ms + result.run_ms + result.tools_ms) / 1000
            ok += result.ok
    return wall, inside, ok


def process_per_test(name: str, work: list[Job]) -> float:
    wall = 0.0
    for job in work:
        started = time.perf_counter()
        with Worker(spec_for(name)) as worker:
            worker.run(job)
        wall += time.perf_counter() - started
    return wall


def session_pass(session: TargetSession, work: list[Job], chunk: int) -> dict[str, float]:
    """One pass of `work` through `session` in campaign-sized chunks."""
    tools_ms = 0.0
    glslang_runs = 0
    started = time.perf_counter()
    for first in range(0, len(work), chunk):
        for _, results in session.run_many(work[first : first + chunk]):
            # The shared run once per test, however many chains took it.
            shared = {r.shared_spirv_ms for r in results.values() if r.shared_spirv_ms is not None}
            tools_ms += sum(r.tools_ms for r in results.values()) + sum(shared)
            spirv_chains = [r for r in results.values() if "spv" in r.artefacts]
            glslang_runs += len(shared) + sum(r.shared_spirv_ms is None for r in spirv_chains)
    wall = time.perf_counter() - started
    return {
        "tests_per_hour": len(work) / wall * 3600,
        "s_per_test": wall / len(work),
        "tools_s_per_test": tools_ms / 1000 / len(work),
        "glslang_runs_per_test": glslang_runs / len(work),
    }


def session_main(args: argparse.Namespace, names: list[str]) -> None:
    options = SmithOptions(fragment_probability=1.0) if args.fragment else SmithOptions()
    work = jobs(args.count, options, args.first_seed)
    modes = [True, False] if args.compare else [not args.no_precompile]
    passes: dict[bool, list[dict[str, float]]] = {mode: [] for mode in modes}
    with TargetSession(names, timeout_s=120) as session:
        if session.missing:
            print(f"missing targets, left out: {sorted(session.missing)}", file=sys.stderr)
        session.run(work[0])  # warm-up: first-use costs belong to neither side
        for _ in range(args.rounds):
            for mode in modes:
                session.precompile = mode
                passes[mode].append(session_pass(session, work, args.chunk))
                print(f"precompile={'on' if mode else 'off':3} {passes[mode][-1]}")
    summary: dict[str, object] = {
        ("precompile" if mode else "no_precompile"): {
            key: round(float(statistics.median([p[key] for p in runs])), 3) for key in runs[0]
        }
        for mode, runs in passes.items()
    }
    if args.compare:
        before, after = (
            statistics.median(p["tests_per_hour"] for p in passes[m]) for m in modes[::-1]
        )
        summary["speedup"] = round(after / before, 3)
    print(json.dumps({"targets": session.present, "count": args.count, **summary}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--process-count", type=int, default=10)
    parser.add_argument("--targets", default=None)
    parser.add_argument("--session", action="store_true", help="tests/hour of a campaign")
    parser.add_argument("--no-precompile", action="store_true", help="each chain's own glslang")
    parser.add_argument("--compare", action="store_true", help="with and without, alternating")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=2)
    parser.add_argument("--fragment", action="store_true", help="fragment programs")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    names = parse_target_list(args.targets)
    if args.session:
        session_main(args, names)
        return
    sizes = {"default": jobs(args.count, SmithOptions()), "small": jobs(args.count, SMALL)}
    rows = []
    print(f"{'target':18} {'size':8} {'tests/s':>8} {'ms/test':>8} {'overhead':>9} {'speedup':>8}")
    for name in names:
        for size, work in sizes.items():
            wall, inside, ok = persistent(name, work)
            per_process = process_per_test(name, work[: args.process_count])
            per_test = wall / len(work)
            speedup = (per_process / args.process_count) / per_test
            overhead = wall / inside if inside else float("nan")
            rows.append(
                {
                    "target": name,
                    "size": size,
                    "tests_per_s": len(work) / wall,
                    "ms_per_test": per_test * 1000,
                    "overhead_ratio": overhead,
                    "speedup_vs_process": speedup,
                    "ok": ok,
                }
            )
            print(
                f"{name:18} {size:8} {len(work) / wall:8.2f} {per_test * 1000:8.1f} "
                f"{overhead:9.3f} {speedup:7.1f}x"
            )
    measured = [r for r in rows if r["target"] != "interp"]
    overheads = [r["overhead_ratio"] for r in measured]
    small = [r["speedup_vs_process"] for r in measured if r["size"] == "small"]
    default = [r["speedup_vs_process"] for r in measured if r["size"] == "default"]
    print(
        json.dumps(
            {
                "overhead_ratio": round(statistics.median(overheads), 3),
                "overhead_ratio_max": round(max(overheads), 3),
                "speedup_vs_process": round(statistics.median(small), 2),
                "speedup_vs_process_default": round(statistics.median(default), 2),
                "rows": [
                    {k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()}
                    for r in rows
                ],
            }
        )
    )


if __name__ == "__main__":
    main()
