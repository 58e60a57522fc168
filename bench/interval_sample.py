"""Interval mode against real drivers (issue 37, "no false alarms"): N generated
`--floats interval` compute programs, reconditioned, judged by the interval oracle on
vk-lavapipe, vk-lavapipe-opt, gl-llvmpipe and vk-swiftshader.

    .venv/bin/python bench/interval_sample.py [--count 200] [--seed 0] [--out wrong.json]
        [--mediump P]

For each program: the interval interpreter's reference (or its refusal), each target's
outputs judged by oracle/intervals.judge. Prints the refusal rate, the share of float
outputs constrained, and every output outside its interval (seed, target, component, value,
interval, ULPs); with `--mediump P` float locals and parameters are mediump/lowp at P
(generate/relaxed_precision.py) and the share constrained is also given at the wider
width MEDIUMP_WIDTH (a float16 ULP is 2^13 float32 ULPs); the last line is one JSON
object, `--out` writes the outside ones. Run it with another tree first on PYTHONPATH to
compare before and after a change of the mode.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

# The tree on PYTHONPATH wins (to judge another tree's mode); else this one.
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.smith import generate
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import GLSL450
from shadersmith.oracle.intervals import judge
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import PreparedTrial, prepare_generated

OPTIONS = SmithOptions(float_mode="interval", fragment_probability=0.0)
# A width at which relaxed outputs are judged too: 2^3 float16 ULPs.
MEDIUMP_WIDTH = 2**16
TARGETS = ("vk-lavapipe", "vk-lavapipe-opt", "gl-llvmpipe", "vk-swiftshader")


def _reference(trial: PreparedTrial) -> tuple[dict[int, dict[str, Any]] | None, str]:
    """The interval outputs by binding, or None and why the interpreter refuses."""
    program, values = trial.program, trial.values
    if program is None or values is None:
        return None, "no IR"
    try:
        after = run_compute(
            program, values, sanitize=True, floats=FloatMode.INTERVAL, workgroups=trial.job.groups
        )
    except Exception as error:  # a refusal of any kind, counted by its reason
        return None, " ".join(str(error).split()[:5]) or type(error).__name__
    by_name = {b.block_name: b.binding for b in program.buffers}
    return {by_name[name]: dict(fields) for name, fields in after.buffers.items()}, ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--mediump", type=float, default=0.0)
    args = parser.parse_args()
    options = dataclasses.replace(OPTIONS, mediump_probability=args.mediump)
    relaxed_programs = 0
    wide = 0
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    refusals: Counter[str] = Counter()
    floats = constrained = judged = failed = 0
    outside: list[dict[str, Any]] = []
    with TargetSession(list(TARGETS), timeout_s=120) as session:
        for seed in range(args.seed, args.seed + args.count):
            generated = generate(seed, options, GLSL450)
            relaxed_programs += any(k.startswith("precision:") for k in generated.choices)
            trial = prepare_generated(generated, GLSL450)
            reference, refusal = _reference(trial)
            if reference is None:
                refusals[refusal] += 1
                continue
            judged += 1
            for _, results in session.run_many([trial.job], list(TARGETS)):
                for target in TARGETS:
                    result = results[target]
                    if result.status is not RunStatus.OK:
                        failed += 1
                        continue
                    judgement = judge(reference, result.buffers)
                    floats += judgement.floats
                    constrained += judgement.constrained
                    wide += judge(reference, result.buffers, MEDIUMP_WIDTH).constrained
                    outside += [
                        {"seed": seed, "target": target, **o.record()} for o in judgement.wrong
                    ]
                    outside += [
                        {"seed": seed, "target": target, "unequal": k, "values": repr(v)}
                        for k, v in judgement.unequal.items()
                    ]
    for entry in outside:
        print(json.dumps(entry))
    summary = {
        "programs": args.count,
        "refused": round(sum(refusals.values()) / args.count, 3),
        "refusal_reasons": dict(refusals.most_common(8)),
        "judged_programs": judged,
        "target_runs_failed": failed,
        "float_outputs": floats,
        "constrained_share": round(constrained / floats, 3) if floats else None,
        "mediump": args.mediump,
        "programs_with_relaxed": relaxed_programs,
        f"constrained_share_at_{MEDIUMP_WIDTH}_ulps": round(wide / floats, 3) if floats else None,
        "outside": len(outside),
        "programs_outside": len({e["seed"] for e in outside}),
    }
    if args.out:
        args.out.write_text(json.dumps(outside, indent=1))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
