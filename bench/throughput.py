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

    .venv/bin/python bench/throughput.py --session [--count 40] [--fragment 0.25]
        [--mode compare|before|after] [--rounds 2] [--small]

`--session`: tests per hour of a campaign's shape: every test generated and
reconditioned in the loop, then run on every target of one TargetSession (default: all
CPU targets). Two set-ups, alternated over the same tests (`--rounds` times each), so that
a busy machine hurts both alike:
- before: glslangValidator as a subprocess, run once per test ahead and shared by the
  Vulkan chains (precompile.py), spirv-val, spirv-opt and spirv-cross as subprocesses,
  tests in batches of two, each batch waiting for its slowest target (the campaign loop
  of issue 11);
- after: glslang, spirv-val, spirv-opt and spirv-cross in-process in each worker
  (glslang_library.py, spirv_tools_library.py, spirv_cross_library.py), tests streamed
  through the targets, each at its own pace (TargetSession.stream, today's campaign
  loop).
`tools_ms_per_test`: the tools' time in a test (glslang, spirv-val, spirv-opt,
spirv-cross), the shared glslang run counted once.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.recondition import recondition
from shadersmith.targets.chains import Job
from shadersmith.targets.engine import Worker
from shadersmith.targets.jobs import job_from_program
from shadersmith.targets.registry import parse_target_list, spec_for
from shadersmith.targets.results import RunResult
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


def campaign_jobs(
    count: int, fragment: float, first_seed: int, small: bool = False
) -> Iterator[Job]:
    """The campaign's work per test, generation and reconditioning included (lazily:
    inside the timed loop); `small`: the small programs of SMALL."""
    base = SMALL if small else SmithOptions()
    options = dataclasses.replace(base, fragment_probability=fragment)
    for seed in range(first_seed, first_seed + count):
        yield jobs(1, options, seed)[0]


def session_pass(
    session: TargetSession, work: Iterator[Job], count: int, stream: bool
) -> dict[str, float]:
    """One pass of `count` tests through `session`, as the campaign loop of each set-up."""
    tools_ms = 0.0
    done = 0

    def account(results: dict[str, RunResult]) -> None:
        nonlocal tools_ms, done
        done += 1
        # The shared run once per test, however many chains took it.
        shared = {r.shared_spirv_ms for r in results.values() if r.shared_spirv_ms is not None}
        tools_ms += sum(r.tools_ms for r in results.values()) + sum(shared)

    started = time.perf_counter()
    if stream:
        for _, results in session.stream(work):
            account(results)
    else:
        while True:
            batch = list(itertools.islice(work, 2))
            if not batch:
                break
            for _, results in session.run_many(batch):
                account(results)
    wall = time.perf_counter() - started
    assert done == count
    return {
        "tests_per_hour": count / wall * 3600,
        "ms_per_test": wall / count * 1000,
        "tools_ms_per_test": tools_ms / count,
    }


def session_main(args: argparse.Namespace, names: list[str]) -> None:
    modes = ["before", "after"] if args.mode == "compare" else [args.mode]
    sessions: dict[str, TargetSession] = {}
    for mode in modes:
        # The workers read SHADERSMITH_GLSLANG and SHADERSMITH_SPIRV_TOOLS when they start.
        os.environ["SHADERSMITH_GLSLANG"] = "subprocess" if mode == "before" else "library"
        os.environ["SHADERSMITH_SPIRV_TOOLS"] = "subprocess" if mode == "before" else "library"
        os.environ["SHADERSMITH_SPIRV_CROSS"] = "subprocess" if mode == "before" else "library"
        sessions[mode] = TargetSession(names, timeout_s=120, precompile=mode == "before")
        if sessions[mode].missing:
            print(f"missing, left out: {sorted(sessions[mode].missing)}", file=sys.stderr)
        sessions[mode].run(jobs(1, SmithOptions())[0])  # warm-up
    passes: dict[str, list[dict[str, float]]] = {mode: [] for mode in modes}
    try:
        for round_ in range(args.rounds):
            for mode in modes:
                work = campaign_jobs(args.count, args.fragment, args.first_seed, args.small)
                figures = session_pass(sessions[mode], work, args.count, mode == "after")
                passes[mode].append(figures)
                shown = {k: round(v, 1) for k, v in figures.items()}
                print(f"round {round_ + 1} {mode:6} {shown}", flush=True)
    finally:
        for session in sessions.values():
            session.close()
    summary: dict[str, object] = {
        mode: {k: round(float(statistics.median([p[k] for p in runs])), 1) for k in runs[0]}
        for mode, runs in passes.items()
    }
    if args.mode == "compare":
        before, after = (statistics.median(p["tests_per_hour"] for p in passes[m]) for m in modes)
        summary["speedup"] = round(after / before, 3)
    present = next(iter(sessions.values())).present
    size = "small" if args.small else "default"
    shape = {"targets": present, "count": args.count, "fragment": args.fragment, "size": size}
    print(json.dumps({**shape, **summary}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--process-count", type=int, default=10)
    parser.add_argument("--targets", default=None)
    parser.add_argument("--session", action="store_true", help="tests/hour of a campaign")
    parser.add_argument("--mode", choices=["compare", "before", "after"], default="compare")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--fragment", type=float, default=0.25, help="share of fragment tests")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--small", action="store_true", help="--session: small programs")
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
