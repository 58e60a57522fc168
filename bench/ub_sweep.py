"""Undefined behaviour left after reconditioning, over many programs with every feature on
(issue 36's must-show: 0 in 10,000).

    .venv/bin/python bench/ub_sweep.py [--count 10000] [--first-seed 0] [--jobs 2]
        [--options every|defaults] [--languages glsl,wgsl]

Each seed's program is generated with generate/presets.EVERY_FEATURE (or the fuzz
command's defaults), made as a campaign makes it (trial.prepare_generated: reconditioned,
emitted; GLSL and WGSL alternate by seed when both are asked for), then run by the
reference interpreter's sanitizer as the campaign's reference runs it
(interp/defined.check_defined: the whole dispatch of a compute shader, the sampled
fragments of a fragment shader fed by its vertex shader). Counted: programs free of
undefined behaviour, programs with some (each printed: a defect of the reconditioner or
the generator), and programs the interpreter does not run (by reason: those are not
judged by a campaign either). Also, per feature of the language table that the programs
use, how many used it, so the sweep shows it reached the new features. The last line is
one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.cli.fuzz import FUZZ_GENERATOR_DEFAULTS
from shadersmith.config.language_features import FEATURES
from shadersmith.generate.presets import EVERY_FEATURE, options_with
from shadersmith.generate.smith import generate
from shadersmith.interp import InterpreterError, UndefinedBehaviour
from shadersmith.interp.defined import check_defined
from shadersmith.interp.semantics import Language
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.profile import WGSL as WGSL_PROFILE
from shadersmith.trial import prepare_generated

STEP_BUDGET = 2_000_000  # reduce/interesting.INTERP_STEP_BUDGET, the campaign's budget


@dataclass(frozen=True)
class Outcome:
    seed: int
    language: str
    ub: str | None  # "category at location: message"
    refused: str | None  # why the interpreter does not run it
    features: tuple[str, ...]
    ms: float


def check_seed(seed: int, settings: dict[str, float], language: str) -> Outcome:
    start = time.perf_counter()
    profile = WGSL_PROFILE if language == "wgsl" else GLSL450
    generated = generate(seed, options_with(settings), profile)
    trial = prepare_generated(generated, profile)
    assert trial.program is not None and trial.values is not None
    text = trial.source
    used = tuple(f.name for f in FEATURES if f.language == language and f.found_in(text))
    ub = refused = None
    try:
        check_defined(
            trial.program,
            trial.values,
            workgroups=generated.workgroups,
            framebuffer=generated.framebuffer,
            step_budget=STEP_BUDGET,
            language=Language.WGSL if language == "wgsl" else Language.GLSL,
            vertex=trial.vertex,
        )
    except UndefinedBehaviour as error:
        ub = f"{error.category.value} at {error.location}: {error.message}"
    except InterpreterError as error:
        refused = " ".join(str(error).split()[:6])
    return Outcome(seed, language, ub, refused, used, (time.perf_counter() - start) * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--options", choices=("every", "defaults"), default="every")
    parser.add_argument("--languages", default="glsl,wgsl")
    args = parser.parse_args()
    languages = args.languages.split(",")
    if not languages or any(lang not in ("glsl", "wgsl") for lang in languages):
        parser.error("--languages: glsl, wgsl or both, comma-separated")
    settings = dict(EVERY_FEATURE) if args.options == "every" else dict(FUZZ_GENERATOR_DEFAULTS)
    seeds = list(range(args.first_seed, args.first_seed + args.count))
    chosen = [languages[seed % len(languages)] for seed in seeds]
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    # Each program's undefined behaviour is printed as it is met, and a count every 500
    # programs, so a sweep cut short (a time limit) still says what it found.
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for outcome in pool.map(check_seed, seeds, [settings] * len(seeds), chosen, chunksize=8):
            outcomes.append(outcome)
            if outcome.ub:
                print(f"UNDEFINED BEHAVIOUR seed {outcome.seed} ({outcome.language}): {outcome.ub}")
            if len(outcomes) % 500 == 0:
                found = sum(1 for o in outcomes if o.ub)
                print(f"{len(outcomes)} programs, {found} with undefined behaviour", flush=True)
    wall = time.perf_counter() - start
    with_ub = [o for o in outcomes if o.ub]
    refused = Counter(o.refused for o in outcomes if o.refused)
    print(f"{len(outcomes)} programs ({args.options}), {Counter(chosen)}")
    print(f"free of undefined behaviour: {len(outcomes) - len(with_ub) - refused.total()}")
    print(f"undefined behaviour after reconditioning: {len(with_ub)}")
    print(f"not run by the interpreter: {refused.total()}")
    for reason, count in refused.most_common(10):
        print(f"  {count:6d}  {reason}")
    usage = Counter(name for o in outcomes for name in set(o.features))
    print("feature use (programs):")
    for name, count in sorted(usage.items(), key=lambda item: -item[1]):
        print(f"  {count:6d}  {name}")
    print(f"{wall:.0f} s wall, {sum(o.ms for o in outcomes) / len(outcomes):.0f} ms per program")
    print(
        json.dumps(
            {
                "programs": len(outcomes),
                "options": args.options,
                "ub_after": len(with_ub),
                "refused": refused.total(),
                "ub_seeds": [o.seed for o in with_ub][:50],
            }
        )
    )


if __name__ == "__main__":
    main()
