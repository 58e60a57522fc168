"""Multi-invocation programs (ShaDiv): divergence, dispatch sizes, cost per target, and
undefined behaviour left after reconditioning.

    .venv/bin/python bench/divergence.py [--count 2000] [--driver-count 200] [--jobs N]
        [--multi-invocation P]

Over `--count` programs of the default options (a mix of single- and multi-invocation
programs): the share with divergent control flow (a branch, loop or switch whose
condition differs between the invocations of a work group, by analysis/divergence.py),
invocations per test, barriers and shared memory, and, after reconditioning, every
program run by the interpreter with its sanitizer on its whole dispatch (undefined
behaviour counted by category; data races and divergent barriers included). The
interpreter's cost of a multi-invocation test is compared with a single-invocation one's.
The first `--driver-count` programs also run on gl-llvmpipe and vk-lavapipe (persistent
workers, compile and run time as the targets report them). The last line is JSON.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.analysis.divergence import analyse
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UndefinedBehaviour, run_compute
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition

DRIVERS = ("gl-llvmpipe", "vk-lavapipe", "interp")


@dataclass(frozen=True)
class Outcome:
    seed: int
    invocations: int
    divergent_control: bool
    divergent_branches: int
    branches: int
    barriers: int
    divergent_barriers: int
    shared: bool
    ub_after: str | None
    ub_detail: str | None
    interp_ms: float
    generate_ms: float
    recondition_ms: float


def check_seed(seed: int, multi_invocation: float | None = None) -> Outcome:
    options = SmithOptions()
    if multi_invocation is not None:
        options = dataclasses.replace(options, multi_invocation_probability=multi_invocation)
    started = time.perf_counter()
    generated = generate(seed, options, GLSL450)
    generate_ms = (time.perf_counter() - started) * 1000
    report = analyse(generated.program)
    started = time.perf_counter()
    result = recondition(generated.program, generated.buffer_values)
    recondition_ms = (time.perf_counter() - started) * 1000
    after = analyse(result.program)
    ub: str | None = None
    detail: str | None = None
    started = time.perf_counter()
    try:
        run_compute(result.program, result.buffer_values, workgroups=generated.workgroups)
    except UndefinedBehaviour as error:
        ub, detail = error.category.value, str(error)
    interp_ms = (time.perf_counter() - started) * 1000
    barriers = sum(
        1 for node in iter_nodes(generated.program) if getattr(node, "callee", "") == "barrier"
    )
    return Outcome(
        seed=seed,
        invocations=generated.invocations,
        divergent_control=report.has_divergent_control,
        divergent_branches=report.divergent_branches,
        branches=report.divergent_branches + report.uniform_branches,
        barriers=barriers,
        divergent_barriers=len(report.divergent_barriers) + len(after.divergent_barriers),
        shared=bool(generated.program.shared),
        ub_after=ub,
        ub_detail=detail,
        interp_ms=interp_ms,
        generate_ms=generate_ms,
        recondition_ms=recondition_ms,
    )


def driver_timings(seeds: range) -> dict[str, object]:
    """Milliseconds per test on each target (compile + run), and how the outputs agree."""
    from shadersmith.oracle.differential import compare
    from shadersmith.targets.session import TargetSession

    jobs = []
    for seed in seeds:
        generated = generate(seed, SmithOptions(), GLSL450)
        result = recondition(generated.program, generated.buffer_values)
        jobs.append(
            job_from_program(
                result.program, result.buffer_values, GLSL450, None, generated.workgroups
            )
        )
    times: dict[str, list[float]] = {name: [] for name in DRIVERS}
    verdicts: Counter[str] = Counter()
    odd: Counter[str] = Counter()
    started = time.perf_counter()
    with TargetSession(list(DRIVERS), timeout_s=120) as session:
        for _, results in session.run_many(jobs):
            comparison = compare(results)
            verdicts[comparison.verdict.value] += 1
            odd.update(comparison.suspects)
            odd.update(f"{name} failed" for name in comparison.failed)
            for name, run in results.items():
                if run.ok:
                    times[name].append(run.compile_ms + run.run_ms + run.tools_ms)
    return {
        "tests": len(jobs),
        "wall_s": round(time.perf_counter() - started, 1),
        "ms_per_test": {
            name: round(statistics.mean(values), 1) if values else None
            for name, values in times.items()
        },
        "verdicts": dict(verdicts),
        "odd_ones_out": dict(odd),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--driver-count", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--multi-invocation",
        type=float,
        default=None,
        help="probability of a multi-invocation program (default: the generator's own)",
    )
    parser.add_argument(
        "--fragment-count",
        type=int,
        default=0,
        help="also this many fragment programs (64x64 fragments each: bench/fragments.py)",
    )
    parser.add_argument("--fragment-driver-count", type=int, default=20)
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.count)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(
            pool.map(
                functools.partial(check_seed, multi_invocation=args.multi_invocation),
                seeds,
                chunksize=8,
            )
        )
    elapsed = time.perf_counter() - started
    multi = [o for o in outcomes if o.invocations > 1]
    single = [o for o in outcomes if o.invocations == 1]
    ub = [o for o in outcomes if o.ub_after]
    ub_multi = [o for o in multi if o.ub_after]
    for outcome in ub[:10]:
        print(f"UB AFTER RECONDITIONING seed {outcome.seed}: {outcome.ub_detail}")
    invocations = [o.invocations for o in multi]
    single_ms = statistics.mean(o.interp_ms for o in single) if single else float("nan")
    multi_ms = statistics.mean(o.interp_ms for o in multi) if multi else float("nan")
    per_invocation_ms = statistics.mean(o.interp_ms / o.invocations for o in multi)
    at_64 = [o.interp_ms for o in multi if o.invocations == 64]
    print(f"programs {len(outcomes)}: {len(multi)} multi-invocation, {len(single)} single")
    print(
        f"divergent control flow: {sum(o.divergent_control for o in outcomes) / len(outcomes):.1%}"
        f" of all tests, {sum(o.divergent_control for o in multi) / max(len(multi), 1):.1%}"
        " of multi-invocation tests; divergent branches "
        f"{sum(o.divergent_branches for o in multi) / max(sum(o.branches for o in multi), 1):.1%}"
        " of their branches"
    )
    print(
        f"invocations per test (multi): mean {statistics.mean(invocations):.1f}, median "
        f"{statistics.median(invocations):.0f}, max {max(invocations)}; all tests: mean "
        f"{statistics.mean(o.invocations for o in outcomes):.1f}"
    )
    print(
        f"barriers per multi-invocation test {statistics.mean(o.barriers for o in multi):.2f}, "
        f"tests with shared memory {sum(o.shared for o in multi) / max(len(multi), 1):.1%}, "
        f"barriers in divergent control flow {sum(o.divergent_barriers for o in outcomes)}"
    )
    print(
        f"interp ms per test: single-invocation {single_ms:.1f}, multi-invocation "
        f"{multi_ms:.1f} ({multi_ms / single_ms:.1f}x), per invocation "
        f"{per_invocation_ms:.2f}; 64-invocation tests ({len(at_64)}): "
        + (
            f"{statistics.mean(at_64):.1f} ms ({statistics.mean(at_64) / single_ms:.1f}x)"
            if at_64
            else "none"
        )
    )
    categories = Counter(o.ub_after for o in ub)
    print(f"UB after reconditioning: {len(ub)} of {len(outcomes)} {dict(categories)}")
    print(
        f"generate {statistics.mean(o.generate_ms for o in outcomes):.1f} ms, recondition "
        f"{statistics.mean(o.recondition_ms for o in outcomes):.1f} ms per test; "
        f"{elapsed:.1f} s with {args.jobs} processes"
    )
    fragments: dict[str, object] = {}
    if args.fragment_count:
        from fragments import fragment_driver_timings, fragment_figures  # bench/ is on the path

        fragments = fragment_figures(args.first_seed, args.fragment_count, args.jobs)
        if args.fragment_driver_count:
            fragments.update(fragment_driver_timings(args.first_seed, args.fragment_driver_count))
        interp_mean = fragments.get("fragment_interp_ms_mean")
        if isinstance(interp_mean, float) and single:
            fragments["fragment_interp_cost_ratio_vs_single"] = round(interp_mean / single_ms, 2)
        for key, value in fragments.items():
            print(f"{key}: {value}")
    drivers: dict[str, object] = {}
    if args.driver_count:
        drivers = driver_timings(range(args.first_seed, args.first_seed + args.driver_count))
        print(f"targets over {drivers['tests']} tests: ms per test {drivers['ms_per_test']}")
        print(f"verdicts: {drivers['verdicts']}, odd ones out: {drivers['odd_ones_out']}")
    print(
        json.dumps(
            {
                "programs": len(outcomes),
                "multi_invocation": len(multi),
                "divergent_control_share": round(
                    sum(o.divergent_control for o in outcomes) / len(outcomes), 4
                ),
                "divergent_control_share_multi": round(
                    sum(o.divergent_control for o in multi) / max(len(multi), 1), 4
                ),
                "invocations_mean_multi": round(statistics.mean(invocations), 2),
                "invocations_mean_all": round(statistics.mean(o.invocations for o in outcomes), 2),
                "invocations_max": max(invocations),
                "barriers_per_multi_test": round(statistics.mean(o.barriers for o in multi), 3),
                "shared_memory_share_multi": round(
                    sum(o.shared for o in multi) / max(len(multi), 1), 4
                ),
                "divergent_barriers": sum(o.divergent_barriers for o in outcomes),
                "interp_ms_single": round(single_ms, 2),
                "interp_ms_multi": round(multi_ms, 2),
                "interp_cost_ratio_multi_vs_single": round(multi_ms / single_ms, 2),
                "interp_ms_per_invocation": round(per_invocation_ms, 3),
                "interp_ms_64_invocations": round(statistics.mean(at_64), 2) if at_64 else None,
                "interp_cost_ratio_64_vs_single": (
                    round(statistics.mean(at_64) / single_ms, 2) if at_64 else None
                ),
                "ub_after_reconditioning": len(ub),
                "ub_after_reconditioning_multi": len(ub_multi),
                "ub_categories": dict(categories),
                "ms_per_test_per_target": drivers.get("ms_per_test"),
                "driver_verdicts": drivers.get("verdicts"),
                "driver_odd_ones_out": drivers.get("odd_ones_out"),
                "seconds": round(elapsed, 1),
                **fragments,
            }
        )
    )


if __name__ == "__main__":
    main()
