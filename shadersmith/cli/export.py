"""`shadersmith export` and `bug-report`: a test in another test format (a piglit
shader_test, an Amber script), and the upstream bug report of the finding a test records,
its reproducer derived from the test and run before anything is written
(export/bug_report.py)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from shadersmith.cli.options import FiniteRange
from shadersmith.cli.shared import fail, printable

_VERDICT = {True: "reproduces", False: "DOES NOT REPRODUCE", None: "not checked here"}


@click.command(name="export")
@click.argument("test_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--format",
    "form",
    type=click.Choice(["piglit", "amber"]),
    default="piglit",
    show_default=True,
    help="piglit: a shader_test for Mesa's shader_runner; amber: an Amber script for "
    "Vulkan (compute and fragment tests).",
)
@click.option(
    "--target",
    "target",
    default=None,
    help="amber: the Vulkan target whose recorded SPIR-V to ship (default: the finding's "
    "failing Vulkan target, else the first recorded one, else glslang's module made now).",
)
@click.option(
    "--name",
    "style",
    # export.names.NAME_STYLES, spelled out: the CLI imports the library only when it runs.
    type=click.Choice(["descriptive", "cts", "test"]),
    default="descriptive",
    show_default=True,
    help="The file's name in TEST_DIR: descriptive, <signature-slug>-<seed>.amber; cts, "
    "the slug alone in VK-GL-CTS's characters; test, test.amber.",
)
def export_command(test_dir: Path, form: str, target: str | None, style: str) -> None:
    """Write TEST_DIR's test in another test format, checking the reference output."""
    from shadersmith.case import TestCaseError
    from shadersmith.case.time_cap import time_cap
    from shadersmith.export.amber import unshown_finding, write_amber
    from shadersmith.export.common import ExportError
    from shadersmith.export.names import export_file_name
    from shadersmith.export.piglit import write_shader_test
    from shadersmith.rebuild.admission import load_admitted

    if target is not None and form != "amber":
        fail("--target applies to --format amber only")
    try:
        with time_cap(f"exporting {test_dir}"):  # the reference interpreter runs here
            test = load_admitted(test_dir)
            if form == "piglit":
                name = export_file_name(test, "shader_test", style)
                path = write_shader_test(test, test_dir, name)
            else:
                path = write_amber(test, test_dir, target, export_file_name(test, "amber", style))
    except (TestCaseError, ExportError) as error:
        fail(str(error))
    click.echo(printable(f"wrote {path}"))
    unshown = unshown_finding(test) if form == "amber" else None
    if unshown is not None:
        click.echo(printable(f"warning: {unshown}"), err=True)
    # A command line to paste: the path quoted for the shell (a folder may be named
    # `r$(touch PWNED)`), shown with its control characters escaped.
    if form == "piglit":
        runner = "/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner"
        argv = ["PIGLIT_PLATFORM=surfaceless_egl", runner, str(path), "-auto", "-fbo"]
    else:
        # -d: no Vulkan validation layers, which a driver's machine rarely has installed.
        argv = ["amber", "-d", str(path)]
    click.echo(printable(f"run: {shlex.join(argv)}"))


@click.command(name="bug-report")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the Markdown to this file instead of printing it.",
)
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="TEST_DIR is a folder of tests (e.g. findings/): write each test's report as "
    "bug-report.md, and a summary as bug-report.json, beside its test.json (tests "
    "without a finding to file are listed and skipped).",
)
@click.option(
    "--newest/--no-newest",
    default=True,
    show_default=True,
    help="Also check whether the newest releases here still have the bug.",
)
@click.option("--timeout", type=FiniteRange(1), default=60.0, show_default=True)
@click.option("--force", is_flag=True, help="Overwrite a report that is there already.")
def bug_report_command(
    test_dir: Path, out: Path | None, every: bool, newest: bool, timeout: float, force: bool
) -> None:
    """Print the upstream bug report of the finding TEST_DIR records, in Markdown.

    The report names the component and project, the versions the test recorded, the
    shortest reproducer in the project's own format (a piglit shader_test for Mesa's
    and NVIDIA's GL drivers, an Amber script for Vulkan drivers, the shader and command
    lines for glslang, spirv-opt and spirv-cross, the WGSL and naga command for naga;
    for a SPIR-V metamorphic test both modules, their command lines and Amber script),
    the expected and actual values, whether the newest release here still has it, and
    how the expected values were obtained. Before writing, the reproducer is checked:
    the interpreter's sanitizer, the failing and the right targets, shader_runner for a
    piglit test, the tools' own command lines; the report says what ran and what it
    showed.

    \b
    Exit status:
      0  written; the reproducer shows the bug (or its driver is not here to check)
      1  written, but the reproducer does NOT reproduce as recorded (the report says so)
      2  bad input: not a test directory, no finding to report, an existing --out ...
    """
    from shadersmith.case import TestCaseError
    from shadersmith.export.bug_report import BugReportError, bug_report, write_report

    if every:
        if out is not None:
            fail("--out applies to one test; --all writes bug-report.md beside each test")
        sys.exit(_every(test_dir, newest, timeout, force))
    try:
        if out is not None and out.exists() and not force:
            raise BugReportError(f"{out} exists; use --force to overwrite it")
        report = bug_report(test_dir, check_newest=newest, timeout_s=timeout)
        if out is not None:
            written = write_report(report, out, force)
            click.echo(f"wrote {written} ({_VERDICT[report.reproduces]})", err=True)
        else:
            click.echo(report.markdown())
    except (TestCaseError, BugReportError) as error:
        fail(str(error))
    sys.exit(1 if report.reproduces is False else 0)


def _every(folder: Path, newest: bool, timeout: float, force: bool) -> int:
    """Each test directory of `folder`: its report written beside it; a line each."""
    from shadersmith.case import TestCaseError
    from shadersmith.export.bug_report import BugReportError, bug_report, write_into_test
    from shadersmith.files import safe_files

    if not folder.is_dir():
        fail(f"{folder}: not a folder of tests")
    tests = sorted(p for p in folder.iterdir() if p.is_dir() and safe_files.is_test_directory(p))
    if not tests:
        fail(f"{folder}: holds no test directory")
    failed = False
    for test in tests:
        try:
            report = bug_report(test, check_newest=newest, timeout_s=timeout)
            write_into_test(report, force)
        except (TestCaseError, BugReportError) as error:
            click.echo(f"{test.name}: skipped: {error}")
            continue
        failed = failed or report.reproduces is False
        click.echo(
            f"{test.name}: {_VERDICT[report.reproduces]}; newest: {report.newest_status}; "
            f"{report.reproducer.format}"
        )
    return 1 if failed else 0
