"""`shadersmith run`, `replay` and `targets`: one test run on targets and judged, a saved
test run again to see whether its finding reproduces (differential, metamorphic and
fusion tests alike), and the targets this machine has."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from shadersmith.cli.options import FiniteRange
from shadersmith.cli.shared import err_console, fail, printable

if TYPE_CHECKING:
    from shadersmith.targets.catalogue.registry import Discovery


@click.command(name="targets")
@click.argument("name", required=False)
@click.option("--all", "show_all", is_flag=True, help="Probe the GPU targets too.")
def targets_command(name: str | None, show_all: bool) -> None:
    """List the targets present on this machine with their component versions (each
    target's declared chain and stages for one that is missing), and the file and
    spirv-opt passes of each target a --targets-file declares.

    \b
    With NAME, probe that target alone: start it, print its components' versions or why
    it is not available. Exit status 0: available; 1: not available.
    """
    from shadersmith.ir.profile import Language
    from shadersmith.targets.catalogue.registry import (
        UnknownTarget,
        chain_of,
        default_targets,
        discover,
        every_target,
        listed_targets,
    )
    from shadersmith.targets.catalogue.user_targets import declaration

    if name is not None:
        try:
            chain_of(name)
        except UnknownTarget as error:
            fail(str(error))
        with err_console.status(f"probing {name}"):
            (found,) = discover([name])
        if found.present:
            click.echo(printable(f"{name}: available: {_present_detail(found)}"))
        else:
            reason = " ".join(found.reason.split())  # one line, whatever the driver said
            click.echo(printable(f"{name}: not available: {reason} ({chain_of(name).text()})"))
        declared = declaration(name)
        if declared is not None:
            click.echo(printable(declared))
        sys.exit(0 if found.present else 1)
    # Planted-bug targets are test aids, not compilers: never listed.
    names = every_target() if show_all else listed_targets()
    table = Table()
    table.add_column("target")
    table.add_column("present")
    table.add_column("components / why missing")
    # Probing starts each target's worker (tens of seconds in all): say so meanwhile.
    with err_console.status(f"probing {len(names)} targets"):
        discovered = discover(names)
    for found in discovered:
        if found.present:
            table.add_row(found.name, "yes", _present_detail(found))
        else:
            table.add_row(found.name, "[red]no", f"{chain_of(found.name).text()}: {found.reason}")
    Console(width=160).print(table)
    declarations = [d for found in discovered if (d := declaration(found.name)) is not None]
    for line in declarations:
        click.echo(printable(line))
    present = {found.name for found in discovered if found.present}
    defaults = [name for name in default_targets(Language.GLSL) if name in present]
    click.echo(f"fuzz runs by default (GLSL): {','.join(defaults) or 'none present here'}")


def _present_detail(found: Discovery) -> str:
    """A present target's chain with each component's version, its stages and what else
    it reports that `targets` shows."""
    from shadersmith.targets.catalogue.registry import chain_of, component_names

    chain = chain_of(found.name)
    versions = found.versions
    detail = " -> ".join(
        f"{name} {versions[name]}" if name in versions else name for name in chain.components
    )
    shown = component_names() | _SHOWN_BESIDES_COMPONENTS
    extra = [f"{k} {v}" for k, v in versions.items() if k in shown]
    extra = [e for e in extra if e.split(" ")[0] not in chain.components]
    stages = "+".join(sorted(chain.stages))
    return f"{detail} ({stages})" + (f"; {', '.join(extra)}" if extra else "")


# Versions a worker reports beyond its chain's components that `targets` shows too.
_SHOWN_BESIDES_COMPONENTS = {
    "spirv-val",
    "device",
    "generation",  # a compile-only RADV target's AMD generation
    "spirv_dump",  # wgpu's Vulkan chains: whether naga's SPIR-V reaches spirv-val
}


@click.command(name="run")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option("--targets", "target_list", help="Comma-separated targets; default: CPU targets.")
@click.option("--timeout", type=FiniteRange(1), default=60.0, show_default=True)
@click.option("--save/--no-save", default=True, help="Record the results in test.json.")
def run_command(test_dir: Path, target_list: str | None, timeout: float, save: bool) -> None:
    """Run a test on each target and say whether the outputs agree."""
    from shadersmith.case import TestCaseError, write_test
    from shadersmith.oracle.differential import output_digest
    from shadersmith.oracle.signature import describe
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list
    from shadersmith.trial import run_on_targets

    try:
        names = parse_target_list(target_list)
        test = load_admitted(test_dir)
    except (TestCaseError, UnknownTarget) as error:
        fail(str(error))
    outcome = run_on_targets(test, names, timeout, warn_missing=_warn_missing)
    judged = outcome.judged
    table = Table()
    for column in ("target", "status", "output", "compile ms", "run ms", "component"):
        table.add_column(column)
    for name, result in judged.results.items():
        digest = output_digest(result) if result.ok else ""
        table.add_row(
            name,
            result.status.value,
            digest,
            f"{result.compile_ms + result.tools_ms:.0f}",
            f"{result.run_ms:.0f}",
            result.failed_component or "",
        )
    Console().print(table)
    for name, result in judged.results.items():
        if not result.ok and result.log:
            # What the signature rules read in the log (a message, the top stack frame,
            # the signal), not its last line, which a backtrace makes useless.
            rule, detail = describe(result.log)
            shown = detail if rule != "none" else result.log.strip().splitlines()[-1]
            click.echo(printable(f"{name}: {shown[:200]}"))
    if judged.interval_verdict is not None:
        # An interval-mode test is judged by intervals, not by equal bits.
        refused = f": {judged.refused}" if judged.refused else ""
        click.echo(printable(f"verdict (interval oracle): {judged.interval_verdict}{refused}"))
    else:
        suspects = judged.comparison.suspects
        click.echo(
            f"verdict: {judged.verdict.value}"
            + (f" (suspects: {', '.join(suspects)})" if suspects else "")
        )
    for finding in judged.findings:
        click.echo(
            printable(f"finding: {finding.signature} (targets: {', '.join(finding.targets)})")
        )
    if save:  # in place: files the record does not list are left alone (safe_files)
        try:
            write_test(judged.recorded_in(test, versions=outcome.versions), test_dir)
        except TestCaseError as error:
            fail(str(error))


@click.command(name="replay")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option("--targets", "target_list", help="Default: the targets recorded in the test.")
@click.option("--timeout", type=FiniteRange(1), default=60.0, show_default=True)
@click.option(
    "--newest",
    is_flag=True,
    help="Run each target's twin on the newest releases (its -newest target: newest "
    "glslang, spirv-opt, spirv-val and Mesa); a target without one runs as it is.",
)
def replay_command(test_dir: Path, target_list: str | None, timeout: float, newest: bool) -> None:
    """Re-run one saved test and say whether its recorded finding reproduces.

    Prints each target's status and output values (only the fields the targets disagree
    on, when they do), the expected values (the reference interpreter's), and a last
    line `REPRODUCES: SIGNATURE` or `DOES NOT REPRODUCE: recorded SIGNATURE, now ...`.

    Differential, metamorphic and fusion tests alike (the test's oracle says which).

    \b
    Exit status:
      0  the recorded finding reproduces (its signature is among today's findings);
         for a test that records no finding: no finding now (the targets agree)
      1  it does not reproduce; for a test that records no finding: a finding now
      2  undecided: a recorded target is missing on this machine (named), and the
         finding did not reproduce without it
    A test directory that cannot be read is a one-line error with status 2.
    """
    from shadersmith.case import TestCaseError
    from shadersmith.kinds import KindError, ReplayRequest, kind_of
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list

    try:
        test = load_admitted(test_dir)
        chosen = parse_target_list(target_list) if target_list else None
    except (TestCaseError, UnknownTarget) as error:
        fail(str(error))
    # The test's kind says how it is replayed (kinds/); the exit policy is one for all
    # (oracle/reproduction.py).
    try:
        status = kind_of(test).replay(
            test, test_dir, ReplayRequest(chosen, timeout, newest), _echo_printable
        )
    except KindError as error:
        fail(str(error))
    sys.exit(status)


def _echo_printable(line: str) -> None:
    click.echo(printable(line))  # what a test holds (logs, names) may hold ESC sequences


def _warn_missing(name: str, reason: str) -> None:
    err_console.print(f"[yellow]{name}: missing ({reason})")
