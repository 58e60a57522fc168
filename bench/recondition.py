"""Reconditioner benchmark: undefined behaviour before and after, size, speed, validity.

    .venv/bin/python bench/recondition.py [--count 2000] [--jobs 2]

For each seed: generate a program, run it in the reference interpreter with the
sanitizer (the first undefined behaviour it meets, by category), recondition it, run the
reconditioned program with the sanitizer (must meet none), compare sizes, and compile the
reconditioned program with glslang in every profile. It also counts the calls passing
possibly overlapping l-values to two out/inout parameters (analysis/aliasing.py) before
and after reconditioning: the generator should make none, the reconditioner leave none.
The last line is one JSON object.
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

from shadersmith.analysis.aliasing import aliasing_calls
from shadersmith.emit import emit
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UndefinedBehaviour, run_compute
from shadersmith.ir.profile import GLSL450, PROFILES, profile_named
from shadersmith.recondition import recondition
from shadersmith.targets.tools.glslang import validate, validation_modes


@dataclass(frozen=True)
class Outcome:
    seed: int
    ub_before: str | None
    ub_after: str | None
    ub_after_detail: str | None
    lines_ratio: float
    bytes_ratio: float
    recondition_ms: float
    rejected: tuple[str, ...]
    aliasing_before: int
    aliasing_after: int


def _first_ub(
    program: object, values: object, workgroups: tuple[int, int, int]
) -> tuple[str | None, str | None]:
    try:
        run_compute(program, values, sanitize=True, workgroups=workgroups)  # type: ignore[arg-type]
    except UndefinedBehaviour as ub:
        return ub.category.value, f"{ub.location}: {ub.message}"
    return None, None


def check_seed(seed: int, validate_text: bool) -> Outcome:
    generated = generate(seed, SmithOptions(), GLSL450)
    before, _ = _first_ub(generated.program, generated.buffer_values, generated.workgroups)
    start = time.perf_counter()
    result = recondition(generated.program, generated.buffer_values)
    recondition_ms = (time.perf_counter() - start) * 1000
    after, detail = _first_ub(result.program, result.buffer_values, generated.workgroups)
    original = emit(generated.program, GLSL450)
    reconditioned = emit(result.program, GLSL450)
    rejected = []
    if validate_text:
        for name in sorted(PROFILES):
            profile = profile_named(name)
            text = emit(result.program, profile)
            for mode in validation_modes(profile):
                if not validate(text, "compute", mode).accepted:
                    rejected.append(f"{name}/{mode}")
    return Outcome(
        seed=seed,
        ub_before=before,
        ub_after=after,
        ub_after_detail=detail,
        lines_ratio=reconditioned.count("\n") / original.count("\n"),
        bytes_ratio=len(reconditioned) / len(original),
        recondition_ms=recondition_ms,
        rejected=tuple(rejected),
        aliasing_before=sum(1 for _ in aliasing_calls(generated.program)),
        aliasing_after=sum(1 for _ in aliasing_calls(result.program)),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-validate", action="store_true", help="skip glslang")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.count)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(check_seed, seeds, [not args.no_validate] * len(seeds)))

    before = Counter(o.ub_before for o in outcomes if o.ub_before)
    after = [o for o in outcomes if o.ub_after]
    rejected = [o for o in outcomes if o.rejected]
    print(f"{'undefined behaviour (first met)':34} unreconditioned programs")
    for category, count in before.most_common():
        print(f"{category:34} {count:6d} {count / len(outcomes):7.1%}")
    print(f"{'none':34} {len(outcomes) - before.total():6d}")
    for outcome in after[:10]:
        print(f"UB AFTER RECONDITIONING seed {outcome.seed}: {outcome.ub_after_detail}")
    for outcome in rejected[:10]:
        print(f"glslang rejected reconditioned seed {outcome.seed}: {outcome.rejected}")
    lines_ratio = statistics.median(o.lines_ratio for o in outcomes)
    bytes_ratio = statistics.median(o.bytes_ratio for o in outcomes)
    median_ms = statistics.median(o.recondition_ms for o in outcomes)
    print(
        f"median size ratio reconditioned/original: lines {lines_ratio:.2f}, "
        f"bytes {bytes_ratio:.2f}"
    )
    print(f"median recondition time {median_ms:.2f} ms")
    aliasing_before = sum(o.aliasing_before for o in outcomes)
    aliasing_after = sum(o.aliasing_after for o in outcomes)
    print(
        f"calls with aliasing out arguments: {aliasing_before} generated, "
        f"{aliasing_after} reconditioned"
    )
    print(
        json.dumps(
            {
                "programs": len(outcomes),
                "ub_after": len(after),
                "ub_before_rate": round(before.total() / len(outcomes), 4),
                "ub_before": dict(before),
                "size_ratio": round(lines_ratio, 3),
                "size_ratio_bytes": round(bytes_ratio, 3),
                "median_ms": round(median_ms, 3),
                "glslang_rejected": len(rejected),
                "aliasing_calls_before": aliasing_before,
                "aliasing_calls_after": aliasing_after,
            }
        )
    )


if __name__ == "__main__":
    main()
