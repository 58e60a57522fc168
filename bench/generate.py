"""Generator benchmark: validity, construct coverage and speed over consecutive seeds.

    .venv/bin/python bench/generate.py [--count 1000] [--jobs 2]

Prints, over `--count` seeds: the share of programs glslang accepts in each profile
(GLSL 450 in GL and Vulkan semantics, ESSL 310 in GL semantics), the share of programs
containing each construct the generator must cover, and the median milliseconds to
generate and emit one default-size program. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.analysis.builtins import EXACT_BY_NAME
from shadersmith.analysis.constructs import constructs
from shadersmith.campaign.validation_batch import run_batch
from shadersmith.emit import emit
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.profile import GLSL450, PROFILES

# Every construct item 4 of the foundation issue lists, as `constructs()` labels or as
# generator choice labels (prefixed "choice:"), which record what the IR cannot show
# (which value generator made a literal, whether a switch was guided).
REQUIRED: tuple[str, ...] = (
    *(f"binary:{op.value}" for op in BinaryOp),
    *(f"unary:{op.value}" for op in UnaryOp),
    *(f"incdec:{op.value}" for op in IncDecOp),
    *(f"assign:{op.value}" for op in AssignOp),
    *(f"builtin:{name}" for name in sorted(EXACT_BY_NAME)),
    *(f"float:{op}" for op in ("+", "-", "*")),
    "ternary",
    "binary:vector",
    "construct:vector",
    "swizzle:repeated",
    "swizzle:widening",
    "swizzle:chained",
    "swizzle:written",
    "index:expression",
    "conversion:int",
    "conversion:uint",
    "conversion:float",
    "conversion:bool",
    "side-effect:nested",
    "side-effect:nested-compound",
    "stmt:if",
    "stmt:if-else",
    "stmt:switch",
    "switch:empty",
    "switch:fallthrough",
    "switch:default",
    "stmt:for",
    "for:infinite",
    "stmt:while",
    "stmt:do-while",
    "stmt:break",
    "stmt:continue",
    "stmt:return",
    "stmt:return-main",
    "function:user",
    "param:in",
    "param:out",
    "param:inout",
    "decl:const",
    "decl:uninitialised",
    "choice:switch:guided",
    "choice:for:guided",
    "choice:value:full",
    "choice:value:special",
    "choice:value:small",
    "choice:value:large",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timing-seeds", type=int, default=300)
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.count)
    options = SmithOptions()

    # Speed: generate + emit, in this process, one program at a time.
    timings = []
    for seed in seeds[: args.timing_seeds]:
        start = time.perf_counter()
        emit(generate(seed, options, GLSL450).program, GLSL450)
        timings.append((time.perf_counter() - start) * 1000)
    median_ms = statistics.median(timings)

    # Coverage: share of programs containing each construct.
    present: Counter[str] = Counter()
    lines = []
    for seed in seeds:
        generated = generate(seed, options, GLSL450)
        labels = constructs(generated.program) | {f"choice:{c}" for c in generated.choices}
        present.update(labels)
        lines.append(emit(generated.program, GLSL450).count("\n"))
    rates = {label: present[label] / args.count for label in REQUIRED}

    # Validity: every seed in every profile through glslang.
    accepted: Counter[str] = Counter()
    rejections = []
    for outcome in run_batch(seeds, sorted(PROFILES), options, args.jobs, None):
        if outcome.accepted:
            accepted[outcome.profile] += 1
        else:
            rejections.append(f"{outcome.profile} seed {outcome.seed}: {outcome.rejections[0]}")

    print(f"{'construct':34} programs")
    for label in REQUIRED:
        flag = "" if rates[label] >= 0.01 else "   <-- below 1%"
        print(f"{label:34} {rates[label]:7.1%}{flag}")
    for profile in sorted(PROFILES):
        print(f"valid {profile}: {accepted[profile]}/{args.count}")
    for rejection in rejections[:10]:
        print("rejected", rejection)
    print(f"median lines {statistics.median(lines)}, median generate+emit {median_ms:.2f} ms")
    valid_rate = sum(accepted.values()) / (args.count * len(PROFILES))
    print(
        json.dumps(
            {
                "programs": args.count,
                "valid_rate": valid_rate,
                "median_ms": round(median_ms, 3),
                "min_construct_rate": min(rates.values()),
                "min_construct": min(rates, key=lambda k: rates[k]),
                "median_lines": statistics.median(lines),
            }
        )
    )


if __name__ == "__main__":
    main()
