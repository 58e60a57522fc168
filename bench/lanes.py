"""Lane interpreter benchmark: 4096 invocations at once against one scalar invocation.

    .venv/bin/python bench/lanes.py [--count 100] [--stage fragment|compute] [--check 4]

For each seed, a generated and reconditioned program is timed two ways:
- scalar: compiling it with the scalar interpreter and running ONE invocation (one
  fragment, or one compute invocation on the reconditioned inputs), the cost that running
  a whole image that way multiplies by 4096;
- lanes: `run_fragment_lanes` over a 64x64 target (or `run_compute_lanes` on 4096 lanes of
  redrawn inputs), compile, input conversion and read-back included.
The ratio lanes / scalar is the figure of merit (goal: median at most 20). The scalar
baseline runs without its sanitizer, its fastest mode (the ratio against the sanitized
run, the usual mode, is printed too and is lower). Each time is the best of `--repeat`.
`--check N` compares N sampled fragments (or lanes) with the scalar interpreter, untimed.
Per-program lines, then the ratio's median and mean; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import compile_program
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.interp.lanes import run_compute_lanes, run_fragment_lanes
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Program
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value
from shadersmith.recondition import recondition

LANES = 4096
SIZE = 64


def _best_ms(action: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _draw(rng: random.Random, type_: Type) -> Value:
    """Inputs that differ per lane: any 32-bit int, small exact non-zero floats."""
    if isinstance(type_, ScalarType):
        if type_.kind is ScalarKind.BOOL:
            return rng.random() < 0.5
        if type_.kind is ScalarKind.FLOAT:
            return float(rng.choice((1, -1)) * rng.randint(1, 64))
        if type_.kind is ScalarKind.INT:
            return rng.choice((rng.randint(-8, 8), rng.randint(-(2**31), 2**31 - 1)))
        return rng.choice((rng.randint(0, 8), rng.randint(0, 2**32 - 1)))
    if isinstance(type_, VectorType):
        return tuple(_draw(rng, type_.component) for _ in range(type_.size))
    if isinstance(type_, MatrixType):
        return tuple(_draw(rng, type_.column_type) for _ in range(type_.columns))
    if isinstance(type_, ArrayType):
        return tuple(_draw(rng, type_.element) for _ in range(type_.length or 0))
    if isinstance(type_, StructType):
        return tuple(_draw(rng, f.type) for f in type_.fields)
    raise TypeError(type_)


def _redrawn(program: Program, rng: random.Random) -> BufferValues:
    return {b.block_name: {f.name: _draw(rng, f.type) for f in b.fields} for b in program.buffers}


def fragment_case(seed: int, repeat: int, check: int) -> dict[str, Any]:
    generated = generate(seed, SmithOptions(fragment_probability=1.0), GLSL450)
    reconditioned = recondition(generated.program, generated.buffer_values)
    program, values = reconditioned.program, reconditioned.buffer_values

    def scalar(sanitize: bool) -> Callable[[], Any]:
        return lambda: FragmentInterpreter(program, sanitize=sanitize).run(values, 32, 32)

    scalar_ms = _best_ms(scalar(False), repeat)
    sanitized_ms = _best_ms(scalar(True), repeat)
    image: list[Any] = []
    lanes_ms = _best_ms(
        lambda: image.append(run_fragment_lanes(program, values, SIZE, SIZE)), repeat
    )
    mismatches = 0
    if check:
        reference = FragmentInterpreter(program)
        rng = random.Random(seed)
        for _ in range(check):
            x, y = rng.randrange(SIZE), rng.randrange(SIZE)
            want = reference.run(values, x, y).values["_color"]
            mismatches += tuple(image[-1][y, x].tolist()) != want
    return {
        "seed": seed,
        "scalar_ms": scalar_ms,
        "sanitized_ms": sanitized_ms,
        "lanes_ms": lanes_ms,
        "mismatches": mismatches,
    }


def compute_case(seed: int, repeat: int, check: int) -> dict[str, Any]:
    generated = generate(seed, SmithOptions(multi_invocation_probability=0.0), GLSL450)
    reconditioned = recondition(generated.program, generated.buffer_values)
    program, values = reconditioned.program, reconditioned.buffer_values
    rng = random.Random(seed)
    lanes = [values] + [_redrawn(program, rng) for _ in range(LANES - 1)]

    def scalar(sanitize: bool) -> Callable[[], Any]:
        return lambda: compile_program(program, sanitize=sanitize).run(values)

    scalar_ms = _best_ms(scalar(False), repeat)
    sanitized_ms = _best_ms(scalar(True), repeat)
    results: list[Any] = []
    lanes_ms = _best_ms(lambda: results.append(run_compute_lanes(program, lanes)), repeat)
    mismatches = 0
    if check:
        reference = compile_program(program, sanitize=False)
        for lane in random.Random(seed).sample(range(LANES), check):
            mismatches += results[-1][lane] != reference.run(lanes[lane]).buffers
    return {
        "seed": seed,
        "scalar_ms": scalar_ms,
        "sanitized_ms": sanitized_ms,
        "lanes_ms": lanes_ms,
        "mismatches": mismatches,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--stage", choices=("fragment", "compute"), default="fragment")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--check", type=int, default=4)
    args = parser.parse_args()
    case = fragment_case if args.stage == "fragment" else compute_case
    rows = []
    for seed in range(args.first_seed, args.first_seed + args.count):
        row = case(seed, args.repeat, args.check)
        row["ratio"] = row["lanes_ms"] / row["scalar_ms"]
        row["ratio_sanitized"] = row["lanes_ms"] / row["sanitized_ms"]
        rows.append(row)
        print(
            f"seed {seed:4d}  scalar {row['scalar_ms']:7.1f} ms"
            f"  (sanitized {row['sanitized_ms']:7.1f} ms)"
            f"  {LANES} lanes {row['lanes_ms']:8.1f} ms  ratio {row['ratio']:5.1f}"
            + (f"  MISMATCHES {row['mismatches']}" if row["mismatches"] else ""),
            flush=True,
        )
    ratios = [r["ratio"] for r in rows]
    sanitized = [r["ratio_sanitized"] for r in rows]
    summary = {
        "stage": args.stage,
        "programs": len(rows),
        "lanes": LANES,
        "ratio_median": statistics.median(ratios),
        "ratio_mean": statistics.mean(ratios),
        "ratio_max": max(ratios),
        "ratio_sanitized_median": statistics.median(sanitized),
        "scalar_ms_median": statistics.median(r["scalar_ms"] for r in rows),
        "lanes_ms_median": statistics.median(r["lanes_ms"] for r in rows),
        "lanes_ms_max": max(r["lanes_ms"] for r in rows),
        "checked": args.check * len(rows),
        "mismatches": sum(r["mismatches"] for r in rows),
        "goal_met": statistics.median(ratios) <= 20,
    }
    print(f"ratio median {summary['ratio_median']:.2f}  mean {summary['ratio_mean']:.2f}")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
