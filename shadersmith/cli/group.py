"""The `shadersmith` group: its global options, and every command, registered here and
nowhere else. Only the package (the entry point) and tests import this module; the
commands' modules import the shared ones (shared.py, options.py, ...), never this one nor
each other."""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any

import click

from shadersmith.cli.campaign_views import buckets_command, report_command
from shadersmith.cli.cluster import cluster_resources_command
from shadersmith.cli.export import bug_report_command, export_command
from shadersmith.cli.fusion import fuse_command
from shadersmith.cli.fuzz import fuzz_command
from shadersmith.cli.generate import generate, recondition_command, validate
from shadersmith.cli.interesting import interesting_command
from shadersmith.cli.metamorphic import metamorphic_command
from shadersmith.cli.reduce import reduce_command
from shadersmith.cli.run import replay_command, run_command, targets_command
from shadersmith.cli.shared import err_console, fail, stopped_by_signal
from shadersmith.cli.spirv_fuzz import spirv_fuzz_command


class _Commands(click.Group):
    """The command group; a file-system error no command foresaw (disk full, a folder
    made read-only under a running command) is still one line, never a traceback."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, targets_file_first(args))

    def invoke(self, ctx: click.Context) -> Any:
        import threading

        from shadersmith.campaign.interruptible import raise_pending_signal
        from shadersmith.case import TestCaseError
        from shadersmith.targets.lifetime import exit_on_sigterm

        main_thread = threading.current_thread() is threading.main_thread()
        if main_thread:
            exit_on_sigterm()  # a time limit's SIGTERM closes workers and files as Ctrl-C does
        try:
            try:
                value = super().invoke(ctx)
            except Exception:
                raise_pending_signal()  # a signal that aborted a query ends the command
                raise
            if stopped_by_signal:  # a campaign stopped by Ctrl-C or SIGTERM, its findings shown
                sys.exit(stopped_by_signal.pop())
            return value
        except KeyboardInterrupt:
            # As a shell reports it (and as a campaign stopped by Ctrl-C exits), not click's
            # "Aborted!" with status 1.
            err_console.print("interrupted")
            sys.exit(130)
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            fail(f"{where}{error.strerror or error}")
        except TestCaseError as error:  # e.g. refused paths (files/safe_files.py)
            fail(str(error))
        finally:
            if main_thread:  # a SIGTERM while Python shuts down ends it, without a traceback
                signal.signal(signal.SIGTERM, signal.SIG_DFL)


def targets_file_first(args: list[str]) -> list[str]:
    """`--targets-file F` given after the command (`shadersmith targets --targets-file F`)
    moved before it, where the group reads it: every command that takes targets then
    accepts it, in either place."""
    moved: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":  # what follows is the command's own
            rest += args[index:]
            break
        if arg == TARGETS_FILE and index + 1 < len(args):
            moved += args[index : index + 2]
            index += 2
            continue
        if arg.startswith(f"{TARGETS_FILE}="):
            moved.append(arg)
        else:
            rest.append(arg)
        index += 1
    return moved + rest


TARGETS_FILE = "--targets-file"


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="shadersmith")
@click.option(
    TARGETS_FILE,
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="SHADERSMITH_TARGETS_FILE",
    help="A TOML file declaring your own targets (a Mesa build, a spirv-opt of your tree): "
    "every command then knows them by name (docs/targets.md: Targets you declare). Also read from "
    "$SHADERSMITH_TARGETS_FILE.",
)
def main(targets_file: Path | None) -> None:
    """Find and shrink bugs in shader compilers.

    \b
    Where to start:
      shadersmith targets                 what this machine can test
      shadersmith fuzz --time 10m         a campaign (Ctrl-C stops; rerun to resume)
      shadersmith buckets CAMPAIGN        what it found, new or known
      shadersmith report CAMPAIGN         the same as an HTML report
      shadersmith bug-report TEST         an upstream report for a reduced test
    """
    if targets_file is not None:
        from shadersmith.targets.catalogue.user_targets import TargetsFileError, register_file

        try:
            register_file(targets_file)
        except TargetsFileError as error:
            fail(str(error))


# Every command, by module; `--help` lists them by name.
COMMANDS: tuple[click.Command, ...] = (
    generate,
    validate,
    recondition_command,
    run_command,
    replay_command,
    targets_command,
    fuzz_command,
    metamorphic_command,
    spirv_fuzz_command,
    fuse_command,
    buckets_command,
    report_command,
    reduce_command,
    interesting_command,
    export_command,
    bug_report_command,
    cluster_resources_command,
)
for command in COMMANDS:
    main.add_command(command)
