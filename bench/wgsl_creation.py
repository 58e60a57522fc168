"""WGSL shader-creation errors in generated, reconditioned programs (issue 22).

    .venv/bin/python bench/wgsl_creation.py [--count 2000] [--seed-base 0] [--jobs 2]
        [--naga 100] [--before]

For each seed, as `fuzz --profile wgsl` does: generate with the WGSL profile, recondition
by WGSL's rules, and count the shader-creation errors of analysis/wgsl_constants.py in
the program that runs (by rule). With `--naga N`, the first N programs' WGSL also goes to
naga (wgpu's shader-module creation) and its rejections are counted; naga checks some of
these errors, not all. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.analysis.wgsl_constants import creation_errors
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import WGSL
from shadersmith.trial import prepare_generated


def _without_validity_pass() -> None:
    """The reconditioner as it was before issue 22 (the `before` count)."""
    from shadersmith.recondition import pipeline

    vars(pipeline)["wgsl_validity_rewrite"] = lambda program: lambda expr: expr


def _one(seed: int) -> tuple[int, list[str], str]:
    trial = prepare_generated(generate(seed, SmithOptions(), WGSL), WGSL)
    assert trial.program is not None
    return seed, [e.rule for e in creation_errors(trial.program)], trial.source


_NAGA = """
import sys, wgpu
device = wgpu.utils.get_default_device()
try:
    device.create_shader_module(code=sys.stdin.read())
except Exception as error:
    print(str(error).splitlines()[0])
"""


def _naga_rejects(source: str) -> str | None:
    """naga's first line of rejection, in a child process (naga panics abort it)."""
    run = subprocess.run(
        [sys.executable, "-c", _NAGA], input=source, capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        return f"exit {run.returncode}: {run.stderr.strip().splitlines()[-1:]}"
    return run.stdout.strip() or None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--naga", type=int, default=0)
    parser.add_argument("--before", action="store_true", help="without the wgsl_validity pass")
    args = parser.parse_args()
    seeds = range(args.seed_base, args.seed_base + args.count)
    rules: Counter[str] = Counter()
    programs_with_errors: list[int] = []
    sources: list[tuple[int, str]] = []
    initializer = _without_validity_pass if args.before else None
    with ProcessPoolExecutor(args.jobs, initializer=initializer) as pool:
        for seed, errors, source in pool.map(_one, seeds, chunksize=16):
            rules.update(errors)
            if errors:
                programs_with_errors.append(seed)
            if len(sources) < args.naga:
                sources.append((seed, source))
    rejected = {}
    for seed, source in sources:
        message = _naga_rejects(source)
        if message is not None:
            rejected[seed] = message
    summary = {
        "programs": args.count,
        "programs_with_creation_errors": len(programs_with_errors),
        "errors_by_rule": dict(rules),
        "first_seeds": programs_with_errors[:10],
        "naga_checked": len(sources),
        "naga_rejected": rejected,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
