"""The SPIR-V model's round-trip figure (issue 35, item 1): of `--count` generated,
reconditioned programs (compute and fragment alternately) compiled by Debian's glslang,
how many modules read and write back byte for byte through shadersmith/spirv, how many
Debian's spirv-val accepts once written, and the milliseconds per read+write (the model
only: compiling and validating are not timed).

    .venv/bin/python bench/spirv_round_trip.py [--count 1000] [--first-seed 0]

A module that differs or is refused is named on a line of its own; the last line is one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.spirv.binary import MalformedSpirv
from shadersmith.spirv.module import read_module
from shadersmith.targets.tools.spirv_tools import (
    ToolError,
    compile_glsl_to_spirv,
    target_env_of_module,
)


def module_of(seed: int) -> bytes:
    """glslang's module for generated program `seed` (odd seeds: a fragment shader)."""
    options = SmithOptions(fragment_probability=1.0 if seed % 2 else 0.0)
    generated = generate(seed, options, GLSL450)
    fixed = recondition(generated.program, generated.buffer_values)
    job = job_from_program(fixed.program, fixed.buffer_values, GLSL450)
    return compile_glsl_to_spirv(job.source, job.stage)


def accepted(module: bytes, scratch: Path) -> bool:
    path = scratch / "written.spv"
    path.write_bytes(module)
    command = ["spirv-val", "--target-env", target_env_of_module(module), str(path)]
    return subprocess.run(command, capture_output=True, check=False).returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    arguments = parser.parse_args()
    compiled = identical = valid = 0
    model_seconds = 0.0
    with tempfile.TemporaryDirectory(prefix="shadersmith-round-trip-") as scratch:
        for seed in range(arguments.first_seed, arguments.first_seed + arguments.count):
            try:
                spirv = module_of(seed)
            except ToolError as error:
                print(f"seed {seed}: glslang refused it ({error.outcome.name})", flush=True)
                continue
            compiled += 1
            start = time.perf_counter()
            try:
                written = read_module(spirv).to_bytes()
            except MalformedSpirv as error:
                print(f"seed {seed}: refused by the model: {error}", flush=True)
                continue
            finally:
                model_seconds += time.perf_counter() - start
            if written == spirv:
                identical += 1
            else:
                print(f"seed {seed}: written back with different bytes", flush=True)
            if accepted(written, Path(scratch)):
                valid += 1
            else:
                print(f"seed {seed}: spirv-val rejects the written module", flush=True)
    summary = {
        "programs": arguments.count,
        "compiled": compiled,
        "byte_identical": identical,
        "spirv_val_accepts": valid,
        "ms_per_read_write": round(1000 * model_seconds / max(compiled, 1), 3),
    }
    print(
        f"{identical}/{compiled} modules round-trip byte for byte, spirv-val accepts"
        f" {valid}/{compiled} written; {summary['ms_per_read_write']} ms per read+write"
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
