"""`shadersmith reduce`: a test shrunk while its finding's signature holds, every
candidate reconditioned, the first Ctrl-C keeping the smallest test so far."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from shadersmith.cli.options import FORCE_OPTION, FiniteRange, duration
from shadersmith.cli.shared import beside, err_console, fail


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
    read) beside the original and prints both programs' sizes.
    """
    import signal
    import threading

    from rich.live import Live

    from shadersmith.case import TestCaseError
    from shadersmith.files import safe_files
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.reduce import (
        ReductionError,
        reduce_subject,
        subject_from_test,
        write_reduced,
    )
    from shadersmith.reduce.internal import ReductionProgress
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list
    from shadersmith.targets.session import TargetSession

    budget = duration(time_text) or 600.0
    destination = out or beside(test_dir, "reduced")
    try:
        # Where the result goes is checked first: a reduction is too dear to lose at the end.
        safe_files.check_outside(destination, test_dir)
        safe_files.check_test_output(destination, force)
        test = load_admitted(test_dir)
        targets = tuple(parse_target_list(target_list)) if target_list else None
        subject = subject_from_test(test, signature=signature, targets=targets)
    except (TestCaseError, UnknownTarget) as error:
        fail(str(error))

    def line(progress: ReductionProgress) -> str:
        return (
            f"{progress.reducer}: {progress.pass_name}: {progress.lines} lines "
            f"(from {progress.original_lines}), {progress.calls} candidates, "
            f"{progress.elapsed_s:.0f} s"
        )

    # The first Ctrl-C ends the reduction with the smallest interesting test found so
    # far, which is still verified and written; a second one stops at once.
    interrupted = threading.Event()

    def on_interrupt(signum: int, frame: object) -> None:
        if interrupted.is_set():
            raise KeyboardInterrupt
        interrupted.set()
        err_console.print("stopping: keeping the smallest test so far (Ctrl-C again: now)")

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        with (
            TargetSession(list(subject.targets), jobs, timeout_s=timeout) as session,
            Live("starting the targets", console=err_console, transient=True) as live,
        ):
            result = reduce_subject(
                subject,
                session,
                reducer,
                parallel=jobs,
                time_budget_s=budget,
                on_progress=lambda p: live.update(line(p)),
                should_stop=interrupted.is_set,
            )
    except ReductionError as error:
        fail(str(error))
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        written = write_reduced(result, destination, force=force)
    except TestCaseError as error:
        fail(str(error))
    counters = result.counters
    click.echo(
        f"{result.original_lines} -> {result.reduced_lines} lines unreconditioned "
        f"({result.reconditioned_lines} reconditioned) in {result.seconds:.1f} s, "
        f"{counters.calls} candidates ({counters.full_runs} run on every target)"
    )
    kept = "kept" if result.signature_kept else "NOT kept on the final run"
    click.echo(f"signature {subject.signature}: {kept}")
    if result.pass_list is not None:
        lists = result.pass_list
        click.echo(
            f"spirv-opt pass list: {len(lists.original)} -> {len(lists.reduced)} passes "
            f"({' '.join(lists.reduced)}); first bad pass: {lists.first_bad_pass or 'none named'}"
        )
    if result.ub_in_reduced:
        click.echo("warning: the sanitizer found undefined behaviour in the reduced program")
    click.echo(f"reduced test: {written}")
    if not result.signature_kept:
        sys.exit(1)
