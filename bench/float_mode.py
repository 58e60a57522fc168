"""Interval mode's programs (issue 37, item 3): what they use, whether they stay finite,
what they cost to make, and how often the interval interpreter refuses them.

    .venv/bin/python bench/float_mode.py [--count 200] [--seed 0]

For N compute programs generated with `--floats interval` (GLSL 4.50) and reconditioned:
- the share of programs using each inexact operation (the generator's `inexact:` choices);
- generation and reconditioning time per program;
- run on vk-lavapipe (a real float evaluation, not the exact mode's): the share of
  programs with a NaN or an infinity among their float outputs (should be 0), and the
  share that fail to run;
- where the interpreter has the interval mode (run_compute(floats=FloatMode.INTERVAL),
  branch interval-mode), the share it refuses, by reason's first words.
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.smith import generate
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import GLSL450
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated

OPTIONS = SmithOptions(float_mode="interval", fragment_probability=0.0)
TARGET = "vk-lavapipe"


def _floats(value: object) -> list[float]:
    if isinstance(value, float):
        return [value]
    if isinstance(value, tuple | list):
        return [f for item in value for f in _floats(item)]
    if isinstance(value, dict):
        return [f for item in value.values() for f in _floats(item)]
    return []


def _interval_refusal(trial: object) -> str:
    """Why the interval interpreter refuses the program ("" when it runs it)."""
    program, values = trial.program, trial.values  # type: ignore[attr-defined]
    try:
        run_compute(program, values, sanitize=True, floats=FloatMode.INTERVAL)
    except Exception as error:
        return " ".join(str(error).split()[:4]) or type(error).__name__
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    uses: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    judged = non_finite = failed = 0
    making = 0.0
    with TargetSession([TARGET], timeout_s=120) as session:
        for seed in range(args.seed, args.seed + args.count):
            start = time.perf_counter()
            generated = generate(seed, OPTIONS, GLSL450)
            trial = prepare_generated(generated, GLSL450)
            making += time.perf_counter() - start
            uses.update({k.removeprefix("inexact:") for k in generated.choices if "inexact:" in k})
            for _, results in session.run_many([trial.job], [TARGET]):
                result = results[TARGET]
                if result.status is not RunStatus.OK:
                    failed += 1
                elif any(not math.isfinite(v) for v in _floats(result.buffers)):
                    non_finite += 1
            refusal = _interval_refusal(trial)
            if refusal is not None:
                judged += 1
                if refusal:
                    refusals[refusal] += 1
    count = args.count
    summary = {
        "programs": count,
        "share_using": {op: round(n / count, 3) for op, n in sorted(uses.items())},
        "ms_per_program_generate_and_recondition": round(1000 * making / count, 1),
        "share_non_finite_outputs_on_lavapipe": non_finite / count,
        "share_failed_on_lavapipe": failed / count,
        "interval_interpreter_refused": (
            None if not judged else round(sum(refusals.values()) / judged, 3)
        ),
        "refusal_reasons": dict(refusals.most_common(8)),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
