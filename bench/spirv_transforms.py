"""Per SPIR-V transformation (issue 35, item 6): of `--count` generated, reconditioned
programs (compute and fragment alternately) compiled by Debian's glslang, the share of
modules where it applies (its finder found parameters and the precondition held), where
its output stays valid (Debian's spirv-val accepts it) and where it keeps the output
(the variant, one transformation applied, gives the original's buffers and image on
vk-lavapipe; one of table.ENABLERS is measured after a few of its enabler's steps, whose
variant has those too); the milliseconds per variant of `fuzz_module` with 10 and 30
transformations (the model only: compiling, validating and running are not timed); and
a whole-list row, `fuzz_module` with 20 transformations: valid share, output kept share.

    .venv/bin/python bench/spirv_transforms.py [--count 100] [--first-seed 0]

A variant that spirv-val rejects or whose output differs is named on a line of its own
(a bug in the transformation); the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console
from rich.table import Table

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.oracle.metamorphic import same_output as on_reference_bindings
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.spirv.module import Module, read_module
from shadersmith.spirv.transforms.driver import enabled, fuzz_module
from shadersmith.spirv.transforms.table import ENABLERS, TRANSFORMATIONS
from shadersmith.spirv_pair import opaque_input
from shadersmith.targets.job import Job, PrecompiledSpirv
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.precompile import source_digest
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    ToolError,
    compile_glsl_to_spirv,
    target_env_of_module,
)

TARGET = "vk-lavapipe"
WHOLE_LIST = "whole list (20 steps)"


def job_of(seed: int) -> Job:
    """Generated program `seed` (odd seeds: a fragment shader), reconditioned, as a job."""
    options = SmithOptions(fragment_probability=1.0 if seed % 2 else 0.0)
    generated = generate(seed, options, GLSL450)
    fixed = recondition(generated.program, generated.buffer_values)
    return job_from_program(
        fixed.program, fixed.buffer_values, GLSL450, groups=generated.workgroups
    )


def accepted(module: bytes, scratch: Path) -> str:
    """ "" where Debian's spirv-val accepts `module`, else its message."""
    path = scratch / "variant.spv"
    path.write_bytes(module)
    command = ["spirv-val", "--target-env", target_env_of_module(module), str(path)]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    return "" if run.returncode == 0 else (run.stdout + run.stderr).strip()


def same_output(original: RunResult, variant: RunResult) -> bool:
    """The same image, or the same buffers on the original's bindings (a variant binds
    its opaque block too)."""
    return variant.ok and on_reference_bindings(original, variant)


@dataclass
class Row:
    """One transformation's counts over the modules."""

    applies: int = 0
    valid: int = 0
    ran: int = 0  # valid variants of modules whose original ran
    kept: int = 0


class Bench:
    """The session, the scratch folder and the counts of one run of the bench."""

    def __init__(self, session: TargetSession, scratch: Path) -> None:
        self.session = session
        self.scratch = scratch
        self.version = DEBIAN.glslang_version()
        self.rows = {name: Row() for name in [t.name for t in TRANSFORMATIONS] + [WHOLE_LIST]}
        self.seconds = {10: 0.0, 30: 0.0}
        self.variants = {10: 0, 30: 0}

    def check(
        self, name: str, seed: int, job: Job, original: RunResult | None, variant: Module
    ) -> None:
        """Count `variant` (of program `seed`) as valid and output-keeping, or name it."""
        row = self.rows[name]
        written = variant.to_bytes()
        message = accepted(written, self.scratch)
        if message:
            print(f"seed {seed}: {name}: spirv-val rejects it: {message[:300]}", flush=True)
            return
        row.valid += 1
        if original is None:
            return
        made = PrecompiledSpirv(
            source_digest(job.source), job.stage, DEBIAN, self.version, written, (), 0.0
        )
        # The variant's opaque block, where it declares one, bound as the campaign binds it.
        opaque = opaque_input(written, job.stage)
        buffers = job.buffers if opaque is None else (*job.buffers, opaque)
        result = self.session.run(dataclasses.replace(job, spirv=made, buffers=buffers))[TARGET]
        row.ran += 1
        if same_output(original, result):
            row.kept += 1
        else:
            print(f"seed {seed}: {name}: the output differs ({result.status.name})", flush=True)

    def module(self, seed: int) -> None:
        job = job_of(seed)
        try:
            spirv = compile_glsl_to_spirv(job.source, job.stage)
        except ToolError as error:
            print(f"seed {seed}: glslang refused it ({error.outcome.name})", flush=True)
            return
        answer = self.session.run(job)[TARGET]
        original = answer if answer.ok else None
        if original is None:
            print(f"seed {seed}: the original does not run ({answer.status.name})", flush=True)
        model = read_module(spirv)
        for transformation in TRANSFORMATIONS:
            enabler = ENABLERS.get(transformation.name)
            given = enabled(model, enabler, seed) if enabler else model
            params = transformation.find(given, random.Random(seed))
            if params is None or not transformation.applies(given, params):
                continue
            self.rows[transformation.name].applies += 1
            self.check(
                transformation.name, seed, job, original, transformation.apply(given, params)
            )
        for count in self.seconds:
            start = time.perf_counter()
            fuzz_module(model, seed, count)
            self.seconds[count] += time.perf_counter() - start
            self.variants[count] += 1
        variant, _ = fuzz_module(model, seed, 20)
        self.rows[WHOLE_LIST].applies += 1
        self.check(WHOLE_LIST, seed, job, original, variant)


def share(part: int, whole: int) -> str:
    return f"{part}/{whole}" if whole else "-"


def print_table(rows: dict[str, Row], modules: int) -> None:
    table = Table(title=f"SPIR-V transformations on {modules} modules ({TARGET})")
    for heading in ("transformation", "applies", "valid", "keeps output"):
        table.add_column(heading, justify="left" if heading == "transformation" else "right")
    for name, row in rows.items():
        table.add_row(
            name,
            share(row.applies, modules),
            share(row.valid, row.applies),
            share(row.kept, row.ran),
        )
    Console(width=100).print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    arguments = parser.parse_args()
    seeds = range(arguments.first_seed, arguments.first_seed + arguments.count)
    with (
        tempfile.TemporaryDirectory(prefix="shadersmith-spirv-transforms-") as scratch,
        TargetSession([TARGET]) as session,
    ):
        bench = Bench(session, Path(scratch))
        for seed in seeds:
            bench.module(seed)
    modules = bench.rows[WHOLE_LIST].applies
    print_table(bench.rows, modules)

    def ms(count: int) -> float:
        return round(1000 * bench.seconds[count] / max(bench.variants[count], 1), 1)

    print(f"ms per variant: {ms(10)} with 10 transformations, {ms(30)} with 30")
    summary = {
        "programs": arguments.count,
        "modules": modules,
        "transformations": {
            name: dataclasses.asdict(row) for name, row in bench.rows.items() if name != WHOLE_LIST
        },
        "whole_list": dataclasses.asdict(bench.rows[WHOLE_LIST]),
        "ms_per_variant": {"10": ms(10), "30": ms(30)},
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
