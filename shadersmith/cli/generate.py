"""`shadersmith generate`, `validate` and `recondition`: one program made, a batch of them
checked by glslang, a test made free of undefined behaviour."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from shadersmith.cli.options import FORCE_OPTION, GENERATE_PROFILE_CHOICE, PROFILE_CHOICE
from shadersmith.cli.shared import beside, err_console, fail
from shadersmith.ir.profile import PROFILES


@click.command()
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), required=True, help="Generator seed.")
@click.option(
    "--profile",
    type=GENERATE_PROFILE_CHOICE,
    default="glsl450",
    show_default=True,
    help="Language.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write a self-contained test directory here instead of printing the shader.",
)
@click.option(
    "--stage",
    type=click.Choice(["compute", "fragment"]),
    default="compute",
    show_default=True,
    help="A compute shader, or a fragment shader drawn over a 64x64 target.",
)
@FORCE_OPTION
def generate(seed: int, profile: str, out: Path | None, stage: str, force: bool) -> None:
    """Generate one random shader (GLSLsmith generator, ShaDiv's divergence)."""
    from shadersmith.case import write_test
    from shadersmith.emit import emit
    from shadersmith.files import safe_files
    from shadersmith.generate.smith import SmithOptions
    from shadersmith.generate.smith import generate as generate_program
    from shadersmith.ir.profile import profile_named
    from shadersmith.rebuild.build import testcase_from_generated

    language = profile_named(profile)
    if out is not None:
        safe_files.check_test_output(out, force)  # before the work, not after it
    options = SmithOptions(fragment_probability=1.0 if stage == "fragment" else 0.0)
    generated = generate_program(seed, options, language)
    if out is None:
        sys.stdout.write(emit(generated.program, language))
        if generated.workgroups != (1, 1, 1):  # what the text cannot say
            x, y, z = generated.workgroups
            click.echo(f"dispatch: {x}x{y}x{z} work groups", err=True)
        return
    path = write_test(testcase_from_generated(generated, language), out, force=force)
    click.echo(f"wrote {path}")


@click.command()
@click.option("--count", type=click.IntRange(1), default=200, show_default=True)
@click.option("--first-seed", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--profile",
    "profiles",
    type=PROFILE_CHOICE,
    multiple=True,
    help="Language profile(s); default: all.",
)
@click.option("--jobs", type=click.IntRange(1), default=os.cpu_count() or 1, show_default="cores")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out/validate"),
    show_default=True,
    help="Where rejected programs are saved as test directories.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
def validate(
    count: int, first_seed: int, profiles: tuple[str, ...], jobs: int, out: Path, as_json: bool
) -> None:
    """Generate a batch of programs and validate each with glslang (GL and Vulkan).

    A rejected program is a defect of the generator; it is saved under --out.
    """
    from shadersmith.campaign.validation_batch import run_batch
    from shadersmith.generate.smith import SmithOptions
    from shadersmith.targets.tools.glslang import ToolMissing, glslang_path

    try:
        glslang_path()
    except ToolMissing as error:
        fail(str(error))
    chosen = list(profiles) or sorted(PROFILES)
    seeds = range(first_seed, first_seed + count)
    accepted: Counter[str] = Counter()
    rejected: list[tuple[str, int, str, str | None]] = []
    lines: list[int] = []
    total = count * len(chosen)
    with Progress(
        TextColumn("[bold]validating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    ) as progress:
        task = progress.add_task("", total=total, status="")
        for outcome in run_batch(seeds, chosen, SmithOptions(), jobs, out):
            lines.append(outcome.lines)
            if outcome.accepted:
                accepted[outcome.profile] += 1
            else:
                rejected.append(
                    (outcome.profile, outcome.seed, outcome.rejections[0], outcome.saved)
                )
            progress.update(task, advance=1, status=f"{len(rejected)} rejected")
    summary = {
        "programs": total,
        "accepted": sum(accepted.values()),
        "rejected": len(rejected),
        "valid_rate": sum(accepted.values()) / total,
        "median_lines": sorted(lines)[len(lines) // 2],
    }
    if as_json:
        click.echo(json.dumps(summary))
    else:
        table = Table(title=f"seeds {first_seed}..{first_seed + count - 1}")
        table.add_column("profile")
        table.add_column("accepted", justify="right")
        table.add_column("rejected", justify="right")
        for name in chosen:
            bad = sum(1 for r in rejected if r[0] == name)
            table.add_row(name, str(accepted[name]), str(bad))
        Console().print(table)
        for profile, seed, message, saved in rejected[:20]:
            click.echo(f"rejected {profile} seed {seed}: {message}  [{saved}]")
        click.echo(
            f"{summary['accepted']}/{total} accepted ({summary['valid_rate']:.1%}), "
            f"median {summary['median_lines']} lines"
        )
    if rejected:
        sys.exit(1)


@click.command(name="recondition")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the reconditioned test; default: TEST_DIR-reconditioned beside it.",
)
@click.option(
    "--prune",
    is_flag=True,
    help="Keep only the wrappers whose unsafe path the inputs take (run in the interpreter).",
)
@FORCE_OPTION
def recondition_command(test_dir: Path, out: Path | None, prune: bool, force: bool) -> None:
    """Write an undefined-behaviour-free version of a test beside the original."""
    from shadersmith.case import TestCaseError, write_test
    from shadersmith.case.time_cap import time_cap
    from shadersmith.files import safe_files
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.rebuild.reconditioned_test import reconditioned_test

    destination = out or beside(test_dir, "reconditioned")
    try:
        safe_files.check_outside(destination, test_dir)
        safe_files.check_test_output(destination, force)
        test = load_admitted(test_dir)
        with time_cap(f"reconditioning {test_dir}"):  # --prune runs the interpreter
            result = reconditioned_test(test, prune=prune)
        click.echo(f"wrote {write_test(result, destination, force=force)}")
    except TestCaseError as error:
        fail(str(error))
