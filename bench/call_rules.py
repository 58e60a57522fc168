"""The call rules of GLSL sections 4.10 and 6.1 over generated programs (issue 30, item 2).

    .venv/bin/python bench/call_rules.py [--count 1000] [--jobs 1] [--first-seed N]
        [--set OPTION=VALUE ...]

For each stage (compute, then fragment: `fragment_probability` 0 and 1), `--count` GLSL
programs are generated with every construct the generator has turned on
(generate/presets.DEEPER_CONSTRUCTS, `--set` changes any SmithOptions field) and
reconditioned as a campaign reconditions them (trial.prepare_generated). Every argument of
every call is checked by analysis/call_rules.call_violations, in the program the
generator made, in it reconditioned without the copies of qualified arguments (the
reconditioner of before: ReconditionOptions.qualified_copies off) and in the program the
targets get (reconditioned; a fragment test's vertex shader included). Printed per stage
and rule: the arguments that break it, and the programs with one. What the targets get
must break none: above all no call may drop a memory qualifier (`coherent`, `volatile`,
`readonly`, `writeonly`), which NVIDIA's GL compiler refuses. The middle column shows
what the copies remove: the reconditioner's own wrappers, user functions, add most of the
drops. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.analysis.call_rules import CallRule, call_violations
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, options_with, parse_settings
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import GLSL450
from shadersmith.recondition import recondition
from shadersmith.recondition.pipeline import ReconditionOptions
from shadersmith.trial import prepare_generated

STAGES = {"compute": 0.0, "fragment": 1.0}


Counts = tuple[int, Counter[str], Counter[str], Counter[str]]


def check_seed(seed: int, settings: dict[str, Any]) -> Counts:
    """(seed, violations by rule in the generated program, in it reconditioned without
    the copies (ReconditionOptions.qualified_copies off: the reconditioner of before),
    and in what the targets get)."""
    generated = generate(seed, options_with(settings), GLSL450)
    before = Counter(v.rule.value for v in call_violations(generated.program))
    without = recondition(
        generated.program,
        generated.buffer_values,
        ReconditionOptions(index_clamping=generated.index_clamping, qualified_copies=False),
    )
    uncopied = Counter(v.rule.value for v in call_violations(without.program))
    prepared = prepare_generated(generated, GLSL450)
    after: Counter[str] = Counter()
    for program in (prepared.program, prepared.vertex):
        if program is not None:
            after.update(v.rule.value for v in call_violations(program))
    return seed, before, uncopied, after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    args = parser.parse_args()
    try:
        base = parse_settings(args.set, DEEPER_CONSTRUCTS)
        options_with(base)
    except ValueError as error:
        parser.error(f"--set {error}")
    seeds = range(args.first_seed, args.first_seed + args.count)
    report: dict[str, Any] = {"programs_per_stage": args.count, "options": base}
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for stage, fragment in STAGES.items():
            settings = {**base, "fragment_probability": fragment}
            check = functools.partial(check_seed, settings=settings)
            before: Counter[str] = Counter()
            uncopied: Counter[str] = Counter()
            after: Counter[str] = Counter()
            programs_before: Counter[str] = Counter()
            programs_uncopied: Counter[str] = Counter()
            programs_after: Counter[str] = Counter()
            failing: dict[str, list[int]] = {}
            for seed, made, plain, runs in pool.imap(check, seeds, chunksize=8):
                before.update(made)
                uncopied.update(plain)
                after.update(runs)
                programs_before.update(made.keys())
                programs_uncopied.update(plain.keys())
                programs_after.update(runs.keys())
                for broken_rule in runs:
                    failing.setdefault(broken_rule, []).append(seed)
            print(f"{args.count} GLSL {stage} programs, every construct on")
            print("arguments breaking each rule, in how many programs:")
            print(f"{'rule':26} {'generated':>16} {'no copies':>16} {'reconditioned':>16}")
            for rule in CallRule:
                name = rule.value
                cells = (
                    f"{before[name]} in {programs_before[name]}",
                    f"{uncopied[name]} in {programs_uncopied[name]}",
                    f"{after[name]} in {programs_after[name]}",
                )
                print(f"{name:26} {cells[0]:>16} {cells[1]:>16} {cells[2]:>16}")
            for broken, bad in sorted(failing.items()):
                print(f"  reconditioned programs breaking {broken}: seeds {bad[:10]}")
            report[stage] = {
                "generated": {r.value: before[r.value] for r in CallRule},
                "reconditioned_without_copies": {r.value: uncopied[r.value] for r in CallRule},
                "reconditioned": {r.value: after[r.value] for r in CallRule},
                "failing_seeds": {r: s[:10] for r, s in failing.items()},
            }
    dropped = sum(report[s]["reconditioned"]["dropped-memory-qualifier"] for s in STAGES)
    print(f"calls dropping a memory qualifier in what the targets get: {dropped} (must be 0)")
    report["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
