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

    .venv/bin/python bench/throughput.py --session --campaign [--count 60]
        [--cores 1,2] [--baseline REV] [--rounds 1]

`--campaign`: the campaign itself, `shadersmith fuzz --no-reduce` with its defaults (the
default mix on the default targets), as a user runs it, pinned to 1 and to 2 CPUs
(`--cores`; `--jobs` is the number of CPUs) and measured from inside
(bench/campaign_probe.py): tests per hour; CPU utilisation (all the campaign's CPU time
over wall time x CPUs); the campaign process's share of that CPU time; and the limit,
CPUs x 3600 / the target workers' CPU time per test (drivers, their tools, the
interpreter: the work that must be done), with the share of it reached. `--baseline
REV` runs commit REV's campaign (unpacked with `git archive`; or a directory holding
another tree), its `--jobs` left at its default, before this checkout's, alternately,
on the same seeds. `others_cpus`: how
many of the campaign's CPUs the rest of the machine used meanwhile (other users' tests),
and `of_free_limit` the share of the limit on the CPUs left to the campaign.

    .venv/bin/python bench/throughput.py --session --campaign --kind metamorphic,fuse
        [--count 60] [--sequences 3] [--baseline REV]

`--kind`: which campaigns to run, each with its defaults (`fuzz`, the default;
`metamorphic --no-reduce`, `--count` pairs; `fuse`, `--sequences` sequences of 12 fused
programs). A metamorphic test is a pair, a fusion test a fused program (those that
could not be fused are not counted). A fusion campaign's interpreter runs outside the
target workers (in its own process before issue 21, in the preparing processes after),
so its limit counts the drivers alone.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.catalogue.registry import parse_target_list, spec_for
from shadersmith.targets.engine import Worker
from shadersmith.targets.job import Job
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


REPOSITORY = Path(__file__).resolve().parent.parent


def campaign_arguments(kind: str, args: argparse.Namespace) -> list[str]:
    """`shadersmith KIND ...` with the kind's defaults, `--count` tests (fuse: sequences)."""
    if kind == "fuse":
        return ["fuse", "--count", str(args.sequences)]
    return [kind, "--count", str(args.count), "--no-reduce"]


def campaign_run(
    tree: Path, cores: int, args: argparse.Namespace, baseline: bool, kind: str = "fuzz"
) -> dict[str, float]:
    """One campaign of `kind` in `tree` on `cores` CPUs, measured by campaign_probe.py."""
    with tempfile.TemporaryDirectory(prefix="shadersmith-bench-") as scratch:
        result = Path(scratch) / "figures.json"
        command = [
            sys.executable, str(REPOSITORY / "bench" / "campaign_probe.py"), str(tree),
            str(cores), str(result), *campaign_arguments(kind, args),
            "--out", str(Path(scratch) / "campaign"), "--seed-base", str(args.first_seed),
        ]  # fmt: skip
        if not baseline:
            command += ["--jobs", str(cores)]
            if kind == "fuse":  # fuse reduces new buckets since issue 21: not measured here
                command += ["--no-reduce"]
        subprocess.run(command, cwd=tree, check=True, stdout=subprocess.DEVNULL)
        figures: dict[str, Any] = json.loads(result.read_text())
    tests, wall, cpu = figures["tests"], figures["wall_s"], figures["cpu_s"]
    others = figures["others_cpu_s"] / wall
    limit = cores * 3600 * tests / figures["target_cpu_s"]
    return {
        "tests_per_hour": tests / wall * 3600,
        "utilisation": cpu / (wall * cores),
        "campaign_share": figures["campaign_cpu_s"] / cpu,
        "limit_per_hour": limit,
        "of_limit": tests / wall * 3600 / limit,
        "of_free_limit": tests / wall * 3600 / (limit * max(0.05, 1 - others / cores)),
        "target_ms_per_test": figures["target_cpu_s"] / tests * 1000,
        "other_ms_per_test": (cpu - figures["target_cpu_s"]) / tests * 1000,
        "campaign_ms_per_test": figures["campaign_cpu_s"] / tests * 1000,
        "helpers_ms_per_test": figures["helper_cpu_s"] / tests * 1000,
        "others_cpus": others,
        "restarts": figures["restarts"],
        **{
            f"ms_per_test:{name}": seconds / tests * 1000
            for name, seconds in figures["per_target_cpu_s"].items()
        },
    }


def campaign_main(args: argparse.Namespace) -> None:
    cores = [int(n) for n in args.cores.split(",")]
    with tempfile.TemporaryDirectory(prefix="shadersmith-baseline-") as unpacked:
        trees = {"after": REPOSITORY}
        if args.baseline and Path(args.baseline).is_dir():
            trees = {"before": Path(args.baseline).resolve(), **trees}
        elif args.baseline:
            archive = subprocess.run(
                ["git", "archive", args.baseline], cwd=REPOSITORY, capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", unpacked], input=archive, check=True)
            # What set-up built beside the sources (the native tool libraries, the newest
            # Mesa) is the same for both; without it the old tree runs its tools as processes.
            for built in (".venv", ".newest"):
                if (REPOSITORY / built).exists():
                    (Path(unpacked) / built).symlink_to(REPOSITORY / built)
            trees = {"before": Path(unpacked), **trees}
        for kind in args.kind.split(","):
            campaign_kind(kind, trees, cores, args)


def campaign_kind(
    kind: str, trees: dict[str, Path], cores: list[int], args: argparse.Namespace
) -> None:
    runs: dict[tuple[str, int], list[dict[str, float]]] = {}
    for round_ in range(args.rounds):
        for n in cores:
            for name, tree in trees.items():
                figures = campaign_run(tree, n, args, name == "before", kind)
                runs.setdefault((name, n), []).append(figures)
                shown = {k: round(v, 3) for k, v in figures.items()}
                print(f"{kind} round {round_ + 1} {name:6} {n} CPUs {shown}", flush=True)
    summary: dict[str, object] = {}
    for (name, n), passes in runs.items():
        summary[f"{name}@{n}"] = {
            k: round(float(statistics.median(p[k] for p in passes)), 3) for k in passes[0]
        }
    for name in trees:
        rates = [summary.get(f"{name}@{n}") for n in (cores[0], cores[-1])]
        if len(cores) > 1 and all(isinstance(r, dict) for r in rates):
            low, high = (r["tests_per_hour"] for r in rates if isinstance(r, dict))
            summary[f"{name}_scaling"] = round(high / low, 3)
    shape = {
        "kind": kind,
        "count": args.sequences if kind == "fuse" else args.count,
        "first_seed": args.first_seed,
        "load": os.getloadavg(),
    }
    print(json.dumps({**shape, **summary}), flush=True)


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
    parser.add_argument("--campaign", action="store_true", help="--session: `fuzz` itself")
    parser.add_argument("--cores", default="1,2", help="--campaign: CPU counts to run on")
    parser.add_argument("--baseline", default=None, help="--campaign: commit to compare with")
    parser.add_argument(
        "--kind", default="fuzz", help="--campaign: fuzz, metamorphic, fuse (comma-separated)"
    )
    parser.add_argument("--sequences", type=int, default=3, help="--kind fuse: sequences")
    args = parser.parse_args()
    names = parse_target_list(args.targets)
    if args.session and args.campaign:
        campaign_main(args)
        return
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
