"""spirv-val and spirv-opt in-process (targets/tools/spirv_tools_library.py) against the command
lines: milliseconds per call, and whether each answer is the same (the same verdict and
log, the same module byte for byte).

    .venv/bin/python bench/spirv_tools_library.py [--count 20] [--random-lists 3]

On `--count` generated, reconditioned programs (compute and fragment alternately),
compiled by each toolset's glslangValidator: every validator of the toolset, and
spirv-opt with -O, -Os and `--random-lists` lists drawn as the -opt chains draw them.
The command line runs as spirv_tools.py runs it (scratch files, a subprocess); a case
where it crashes or hangs is not given to the library (it would take this process). The
last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.config.spirv_passes import PRESETS, random_pass_list
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.newest import newest_toolset
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    SpirvOptError,
    SpirvValError,
    ToolError,
    ToolOutcome,
)
from shadersmith.targets.tools.spirv_tools_library import (
    SpirvToolsLibrary,
    optimizer_file,
    validator_file,
)

ENV = "vulkan1.0"


def programs(count: int, first_seed: int) -> list[tuple[str, str]]:
    made = []
    for seed in range(first_seed, first_seed + count):
        options = SmithOptions(fragment_probability=1.0 if seed % 2 else 0.0)
        generated = generate(seed, options, GLSL450)
        fixed = recondition(generated.program, generated.buffer_values)
        job = job_from_program(fixed.program, fixed.buffer_values, GLSL450)
        made.append((job.source, job.stage))
    return made


def timed(error: type[ToolError], call: Callable[..., Any], *arguments: Any) -> tuple[Any, float]:
    """(("ok", what `call` returned) or (its outcome, the log), milliseconds)."""
    started = time.perf_counter()
    try:
        answer = ("ok", call(*arguments))
    except error as failed:
        answer = (failed.outcome.value, failed.log)
    return answer, (time.perf_counter() - started) * 1000


def cli_validate(path: str, spirv: bytes) -> None:
    """One spirv-val as validate_spirv runs it."""
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given = Path(scratch) / "in.spv"
        given.write_bytes(spirv)
        command = [path, "--target-env", ENV, str(given)]
        spirv_tools._run(SpirvValError, command, scratch, 60.0)


def record(times: dict[str, list[float]], kind: str, cli_ms: float, library_ms: float) -> None:
    times.setdefault(f"{kind} cli", []).append(cli_ms)
    times.setdefault(f"{kind} library", []).append(library_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--random-lists", type=int, default=3)
    parser.add_argument("--first-seed", type=int, default=4000)
    args = parser.parse_args()

    sources = programs(args.count, args.first_seed)
    rng = random.Random(args.first_seed)
    summary: dict[str, Any] = {"programs": len(sources)}
    for toolset in (DEBIAN, newest_toolset()):
        modules = [
            spirv_tools.compile_glsl_to_spirv(source, stage, toolset=toolset)
            for source, stage in sources
        ]
        times: dict[str, list[float]] = {}
        counts = {"same": 0, "different": 0, "cli crashed": 0}
        differences: list[str] = []

        for path in toolset.validator_paths():
            file = validator_file(path)
            assert file is not None, f"no library for {path}: scripts/setup.sh"
            library = SpirvToolsLibrary(file)
            for module in modules:
                expected, cli_ms = timed(SpirvValError, cli_validate, path, module)
                if expected[0] not in ("ok", ToolOutcome.REJECTED.value):
                    counts["cli crashed"] += 1
                    continue
                given, library_ms = timed(SpirvValError, library.validate, module, ENV)
                record(times, "validate", cli_ms, library_ms)
                same = given == expected
                counts["same" if same else "different"] += 1
                if not same:
                    differences.append(f"spirv-val {path}: {expected} / {given}")

        file = optimizer_file(toolset)
        assert file is not None, f"no {toolset.name} spirv-opt library: scripts/setup.sh"
        optimizer = SpirvToolsLibrary(file)
        for module in modules:
            lists = [*PRESETS.values(), *(random_pass_list(rng) for _ in range(args.random_lists))]
            for passes in lists:
                expected, cli_ms = timed(
                    SpirvOptError, spirv_tools.optimize, module, passes, ENV, 60.0, toolset
                )
                if expected[0] not in ("ok", ToolOutcome.REJECTED.value):
                    counts["cli crashed"] += 1
                    continue
                given, library_ms = timed(SpirvOptError, optimizer.optimize, module, passes, ENV)
                kind = "optimize " + ("preset" if passes in PRESETS.values() else "random")
                record(times, kind, cli_ms, library_ms)
                same = given == expected
                counts["same" if same else "different"] += 1
                if not same:
                    differences.append(f"spirv-opt {' '.join(passes)}: {expected[0]}/{given[0]}")

        figures = {
            kind: {"median_ms": round(statistics.median(values), 2), "calls": len(values)}
            for kind, values in sorted(times.items())
        }
        summary[toolset.name] = {**counts, "ms": figures, "differences": differences[:10]}
        print(json.dumps({toolset.name: summary[toolset.name]}), flush=True)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
