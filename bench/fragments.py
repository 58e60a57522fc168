"""Fragment-shader tests for bench/divergence.py: divergence, image variety, undefined
behaviour on sampled fragments, the reference interpreter's cost, and each target's.

    .venv/bin/python bench/fragments.py [--count 200] [--driver-count 30] [--jobs N]

Run alone it prints its own figures; bench/divergence.py includes them with
`--fragment-count`.
"""

from __future__ import annotations

import argparse
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
from shadersmith.interp import InterpreterError, UndefinedBehaviour
from shadersmith.interp.fragment_image import expected_image
from shadersmith.ir.profile import GLSL450
from shadersmith.recondition import recondition

FRAGMENT = SmithOptions(fragment_probability=1.0)
DRIVERS = ("gl-llvmpipe", "gl-softpipe", "vk-lavapipe", "interp")


@dataclass(frozen=True)
class FragmentOutcome:
    seed: int
    invocations: int
    divergent_control: bool
    ub: str | None
    unsupported: str | None
    distinct_colours: int
    interp_ms: float  # what the interp target spends: lane image + sampled sanitizer


def check_fragment(seed: int) -> FragmentOutcome:
    generated = generate(seed, FRAGMENT, GLSL450)
    width, height = generated.framebuffer or (64, 64)
    report = analyse(generated.program)
    result = recondition(generated.program, generated.buffer_values)
    ub = unsupported = None
    distinct = 0
    started = time.perf_counter()
    try:
        image = expected_image(result.program, result.buffer_values, width, height)
        distinct = len({tuple(p) for p in image.reshape(-1, 4).tolist()})
    except UndefinedBehaviour as error:
        ub = f"{error.category.value}: {error}"
    except InterpreterError as error:
        unsupported = str(error)
    return FragmentOutcome(
        seed=seed,
        invocations=generated.invocations,
        divergent_control=report.has_divergent_control,
        ub=ub,
        unsupported=unsupported,
        distinct_colours=distinct,
        interp_ms=(time.perf_counter() - started) * 1000,
    )


def fragment_figures(first_seed: int, count: int, jobs: int) -> dict[str, object]:
    seeds = range(first_seed, first_seed + count)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        outcomes = list(pool.map(check_fragment, seeds, chunksize=4))
    ran = [o for o in outcomes if o.ub is None and o.unsupported is None]
    for outcome in outcomes:
        if outcome.ub or outcome.unsupported:
            print(f"fragment seed {outcome.seed}: {outcome.ub or outcome.unsupported}")
    return {
        "fragment_programs": len(outcomes),
        "fragment_invocations": outcomes[0].invocations if outcomes else None,
        "fragment_divergent_control_share": round(
            sum(o.divergent_control for o in outcomes) / max(len(outcomes), 1), 4
        ),
        "fragment_images_varying_share": round(
            sum(o.distinct_colours > 1 for o in ran) / max(len(ran), 1), 4
        ),
        "fragment_distinct_colours_median": (
            statistics.median(o.distinct_colours for o in ran) if ran else None
        ),
        "fragment_ub_on_sampled_fragments": sum(o.ub is not None for o in outcomes),
        "fragment_unsupported": sum(o.unsupported is not None for o in outcomes),
        "fragment_interp_ms_mean": round(statistics.mean(o.interp_ms for o in ran), 1)
        if ran
        else None,
        "fragment_interp_ms_median": round(statistics.median(o.interp_ms for o in ran), 1)
        if ran
        else None,
    }


def fragment_driver_timings(first_seed: int, count: int) -> dict[str, object]:
    """ms per fragment test on each target (compile + run + tools), and verdicts."""
    from shadersmith.oracle.differential import compare
    from shadersmith.targets.session import TargetSession
    from shadersmith.trial import prepare_generated

    jobs = [
        prepare_generated(generate(seed, FRAGMENT, GLSL450), GLSL450).job
        for seed in range(first_seed, first_seed + count)
    ]
    times: dict[str, list[float]] = {name: [] for name in DRIVERS}
    verdicts: Counter[str] = Counter()
    odd: Counter[str] = Counter()
    with TargetSession(list(DRIVERS), timeout_s=120) as session:
        for _, results in session.run_many(jobs):
            comparison = compare(results)
            verdicts[comparison.verdict.value] += 1
            odd.update(comparison.suspects)
            for name, run in results.items():
                if run.ok:
                    times[name].append(
                        run.compile_ms + run.run_ms + run.tools_ms + (run.shared_spirv_ms or 0.0)
                    )
    return {
        "fragment_tests_on_targets": len(jobs),
        "fragment_ms_per_test": {
            name: round(statistics.mean(values), 1) if values else None
            for name, values in times.items()
        },
        "fragment_verdicts": dict(verdicts),
        "fragment_odd_ones_out": dict(odd),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--driver-count", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    figures = fragment_figures(args.first_seed, args.count, args.jobs)
    if args.driver_count:
        figures.update(fragment_driver_timings(args.first_seed, args.driver_count))
    for key, value in figures.items():
        print(f"{key}: {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
