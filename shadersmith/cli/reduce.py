"""`shadersmith reduce`: a test shrunk while its finding's signature holds, every
candidate reconditioned, the first Ctrl-C keeping the smallest test so far."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import click

from shadersmith.cli.options import FORCE_OPTION, FiniteRange, duration
from shadersmith.cli.shared import err_console, fail, printable

if TYPE_CHECKING:  # the kinds load the whole library: not imported for `--help`
    from shadersmith.kinds import Reduced


@click.command(name="reduce")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option(
    "--reducer",
    # reduce.REDUCERS, spelled out: the CLI imports the reducers only when one runs.
    type=click.Choice(["internal", "creduce", "picire"]),
    default="internal",
    show_default=True,
    help="The IR reducer, or a text reducer through the GLSL front-end.",
)
@click.option("--targets", "target_list", help="Default: the targets recorded in the test.")
@click.option("--signature", help="The signature to keep; default: the test's recorded finding.")
@click.option("--time", "time_text", default="10m", show_default=True, help="Time budget.")
@click.option(
    "--jobs", type=click.IntRange(1), default=2, show_default=True, help="Workers per target."
)
@click.option(
    "--timeout",
    type=FiniteRange(1),
    default=30.0,
    show_default=True,
    help="Seconds before a candidate's run counts as a timeout.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the reduced test; default: TEST_DIR-reduced beside it.",
)
@FORCE_OPTION
def reduce_command(
    test_dir: Path,
    reducer: str,
    target_list: str | None,
    signature: str | None,
    time_text: str,
    jobs: int,
    timeout: float,
    out: Path | None,
    force: bool,
) -> None:
    """Shrink a test while its finding's signature holds, reconditioning every candidate.

    Writes the reduced test (shader.comp reconditioned, to file; unreconditioned.comp, to
    read) beside the original and prints both programs' sizes. A metamorphic or fusion
    test is reduced as its campaign reduces a bucket: its transformations or its parts
    first, then the program that shows the finding (written beside it).
    """
    import signal
    import threading

    # The first Ctrl-C ends the reduction with the smallest interesting test found so
    # far, which is still verified and written; a second one stops at once. Caught from
    # the start: one that comes while the library loads ends the reduction before it
    # begins, rather than with click's "Aborted!".
    interrupted = threading.Event()

    def on_interrupt(signum: int, frame: object) -> None:
        if interrupted.is_set():
            raise KeyboardInterrupt
        interrupted.set()
        err_console.print("stopping: keeping the smallest test so far (Ctrl-C again: now)")

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        reduced = _reduce(
            test_dir, reducer, target_list, signature, time_text, jobs, timeout, out, force,
            interrupted,
        )  # fmt: skip
    finally:
        signal.signal(signal.SIGINT, previous)
    for line in reduced.lines:
        click.echo(printable(line))  # signatures come from the test (anyone's)
    click.echo(f"reduced test: {reduced.directory}")
    if not reduced.kept:
        sys.exit(1)


def _reduce(
    test_dir: Path,
    reducer: str,
    target_list: str | None,
    signature: str | None,
    time_text: str,
    jobs: int,
    timeout: float,
    out: Path | None,
    force: bool,
    interrupted: threading.Event,
) -> Reduced:
    from rich.live import Live

    from shadersmith.case import TestCaseError
    from shadersmith.kinds import KindError, ReduceRequest, kind_of
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list

    budget = duration(time_text) or 600.0
    try:
        test = load_admitted(test_dir)
        targets = tuple(parse_target_list(target_list)) if target_list else None
    except (TestCaseError, UnknownTarget) as error:
        fail(str(error))
    try:
        with Live("starting the targets", console=err_console, transient=True) as live:
            request = ReduceRequest(
                signature=signature,
                targets=targets,
                reducer=reducer,
                time_s=budget,
                workers_per_target=jobs,
                timeout_s=timeout,
                destination=out,
                force=force,
                on_progress=live.update,
                should_stop=interrupted.is_set,
            )
            # The test's kind says how it is reduced (kinds/): a program by the reducer
            # chosen, a metamorphic or fusion test as its campaign reduces a bucket.
            return kind_of(test).reduce(test, test_dir, request)
    except KindError as error:
        fail(str(error))
