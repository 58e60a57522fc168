"""Where a test's time goes: our generation, reconditioning and interpreter against the
drivers' own compile and run, for the default mix and for the deeper constructs.

    .venv/bin/python bench/test_costs.py [--count 30] [--targets vk-lavapipe,gl-llvmpipe]
        [--first-seed 0] [--profile]

For each seed, alternately in the default mix (SmithOptions()) and with
generate/presets.DEEPER_CONSTRUCTS (a busy machine hurts both alike), one test made as a
campaign makes it (campaign/fuzz.prepare_test: generated, its spirv-opt pass list drawn,
reconditioned and emitted) and run as a campaign runs it: the reference interpreter as
the `interp` target's worker runs it (here in this process) and each driver target in a
worker of its own (one TargetSession). Measured per test, in milliseconds:
- generate: the generator (generate/smith.py);
- prepare: the steps (reconditioning) and emitting the shader, the job and the test;
- interp: the reference interpreter with its sanitizer (interp/);
- each target: the time its worker measured inside the chain (compile, tools, run:
  RunResult.compile_ms + tools_ms + run_ms), which is the drivers' (and glslang's and
  spirv-val's) own time.
Printed: mean and median of each per mix, our share (generate + prepare + interp)
against the drivers', and the deeper mix over the default one. `--profile`: the
functions of ours that take the most time in the deeper mix (cProfile, cumulative).
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.campaign.fuzz import CampaignOptions, PreparedTest
from shadersmith.config.spirv_passes import choose_pass_list
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, options_with
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.targets.chains import ChainTarget, interp_target
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated

OURS = ("generate", "prepare", "interp")
MIXES = {"default": SmithOptions(), "deeper": options_with(DEEPER_CONSTRUCTS)}


def measure(
    seed: int, options: CampaignOptions, session: TargetSession, interp: ChainTarget
) -> dict[str, float]:
    """One test's milliseconds: ours by part, and each target's inside its worker."""
    spent: dict[str, float] = {}
    started = time.perf_counter()
    generated = generate(seed, options.generator, options.profile)
    spent["generate"] = time.perf_counter() - started
    started = time.perf_counter()
    passes = tuple(choose_pass_list(random.Random(seed)))
    trial = prepare_generated(generated, options.profile, passes, oracle=options.oracle)
    spent["prepare"] = time.perf_counter() - started
    test = PreparedTest(seed, seed, trial)
    started = time.perf_counter()
    interp.execute(test.job)
    spent["interp"] = time.perf_counter() - started
    spent = {part: 1000 * seconds for part, seconds in spent.items()}
    for results in session.run_many([test.job]):
        for name, result in results[1].items():
            spent[name] = result.compile_ms + result.tools_ms + result.run_ms
    return spent


def summary(rows: list[dict[str, float]], targets: list[str]) -> dict[str, object]:
    parts = [*OURS, *targets]
    means = {p: statistics.fmean(r.get(p, 0.0) for r in rows) for p in parts}
    medians = {p: statistics.median(r.get(p, 0.0) for r in rows) for p in parts}
    ours = sum(means[p] for p in OURS)
    drivers = sum(means[p] for p in targets)
    return {
        "tests": len(rows),
        "mean_ms": {p: round(v, 1) for p, v in means.items()},
        "median_ms": {p: round(v, 1) for p, v in medians.items()},
        "ours_ms": round(ours, 1),
        "drivers_ms": round(drivers, 1),
        "ours_over_drivers": round(ours / drivers, 2) if drivers else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--targets", default="vk-lavapipe,gl-llvmpipe")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    targets = args.targets.split(",")
    rows: dict[str, list[dict[str, float]]] = {mix: [] for mix in MIXES}
    profiler = cProfile.Profile()
    session = TargetSession(targets, workers_per_target=1, timeout_s=120)
    interp = interp_target()
    with session:
        missing = [t for t in targets if t not in session.present]
        if missing:
            sys.exit(f"missing targets: {', '.join(missing)}")
        for seed in range(args.first_seed, args.first_seed + args.count):
            for mix, generator in MIXES.items():
                options = CampaignOptions(targets=targets, profile=GLSL450, generator=generator)
                if args.profile and mix == "deeper":
                    profiler.enable()
                rows[mix].append(measure(seed, options, session, interp))
                profiler.disable()
    report = {mix: summary(found, targets) for mix, found in rows.items()}
    for mix, figures in report.items():
        means = figures["mean_ms"]
        assert isinstance(means, dict)
        print(
            f"{mix:8} {figures['tests']} tests, mean ms: "
            + ", ".join(f"{part} {ms:.1f}" for part, ms in means.items())
            + f"; ours {figures['ours_ms']} against the drivers' {figures['drivers_ms']}"
            + f" ({figures['ours_over_drivers']}x)"
        )
    default, deeper = report["default"], report["deeper"]
    growth = {}
    for key in ("ours_ms", "drivers_ms"):
        low, high = default[key], deeper[key]
        assert isinstance(low, float) and isinstance(high, float)
        growth[key] = round(high / low, 2) if low else None
    print(f"deeper over default: ours {growth['ours_ms']}x, the drivers' {growth['drivers_ms']}x")
    if args.profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats("shadersmith", 30)
    print(json.dumps({"targets": targets, "mixes": report, "deeper_over_default": growth}))


if __name__ == "__main__":
    main()
