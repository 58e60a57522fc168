"""One long campaign run behind a live progress table, for every campaign command
(`fuzz`, `metamorphic`, `fuse`).

The campaign runs in a thread while the main thread draws its progress and waits for
Ctrl-C or SIGTERM: the first stops it within a second or two, dropping the work in flight
(everything recorded is kept; a resume runs what was dropped), and the command exits 130
(143 after SIGTERM) once it has printed what was found; a second exits at once. A
campaign's own expected failures come back as a one-line error;
anything else is a defect of ours, printed with its traceback and reported the same way.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.console import Console, RenderableType
from rich.live import Live
from rich.table import Table

from shadersmith.case import Kind
from shadersmith.cli.shared import stopped_by_signal
from shadersmith.files import safe_files

if TYPE_CHECKING:  # the loop starts targets: not imported for `--help`
    from shadersmith.campaign.loop import Progress
    from shadersmith.config.generator_options import SmithOptions

R = TypeVar("R")


class CampaignFailed(Exception):
    """The campaign stopped on an error; the message is one line for the user."""


def recorded_targets(out: Path) -> list[str] | None:
    """The targets the campaign in `out` was started on, for a resume that names none:
    a campaign keeps its targets (None for a new campaign, or one started before they
    were recorded). CampaignFailed, one line, for a campaign.db we cannot read."""
    from shadersmith.campaign.store import StoreError, saved_settings

    try:
        targets = saved_settings(out).get("targets")
    except StoreError as error:
        raise CampaignFailed(str(error)) from None
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        return None
    return targets or None


def recorded_generator(out: Path) -> SmithOptions | None:
    """The generator options the campaign in `out` was started with: None for a new
    campaign, a record that is not one, or a campaign.db we cannot read (which the
    campaign then refuses in one line, after checking the directory is a campaign's)."""
    from shadersmith.campaign.store import StoreError, saved_settings
    from shadersmith.config.generator_options import options_from_dict

    try:
        recorded = saved_settings(out).get("generator")
    except (StoreError, safe_files.UnsafePathError):
        return None
    if not isinstance(recorded, dict):
        return None
    try:
        return options_from_dict(recorded)
    except (ValueError, TypeError):
        return None  # the resume then refuses it in one line, naming the setting


def run_with_live_progress(
    campaign: Path,
    force: bool,
    run: Callable[[threading.Event, Callable[[Progress], None]], R],
    first: Progress,
    render: Callable[[Progress], RenderableType],
    console: Console,
    expected: tuple[type[Exception], ...] = (RuntimeError,),
    in_flight: str = "the tests in flight",
) -> R:
    """`run(stop, on_progress)` in a thread on the campaign directory `campaign` (checked
    to be a campaign's, or new, or empty, or `force`d; locked for the run, so that a
    second campaign there is refused), `render(progress)` drawn live; its result, or
    CampaignFailed."""
    try:
        safe_files.check_campaign_output(campaign, force)
        with safe_files.campaign_lock(campaign):
            return _run_live(run, first, render, console, expected, in_flight)
    except safe_files.UnsafePathError as error:
        raise CampaignFailed(str(error)) from None


def _run_live(
    run: Callable[[threading.Event, Callable[[Progress], None]], R],
    first: Progress,
    render: Callable[[Progress], RenderableType],
    console: Console,
    expected: tuple[type[Exception], ...],
    in_flight: str,
) -> R:
    stop = threading.Event()
    # Set by the campaign's thread as it ends. Waited on instead of Thread.join: a
    # KeyboardInterrupt inside join() can leave is_alive() False while the thread still
    # runs (CPython), and Ctrl-C then returned before the campaign had stopped.
    finished = threading.Event()
    outcome: dict[str, object] = {}
    latest = [first]
    known: tuple[type[Exception], ...] = (*expected, safe_files.UnsafePathError)
    # Without a terminal (CI, nohup, tee, ssh) no live table can be drawn: a plain line
    # every PLAIN_INTERVAL_S instead, and one at the end.
    live = Live(render(first), console=console, transient=True) if console.is_terminal else None

    def on_progress(progress: Progress) -> None:
        latest[0] = progress
        if live is not None:
            live.update(render(progress))

    def work() -> None:
        try:
            outcome["result"] = run(stop, on_progress)
        except known as error:
            outcome["error"] = str(error)
        except Exception as error:  # a defect of ours: say so, keep what is recorded
            traceback.print_exc()
            outcome["error"] = (
                f"campaign stopped by an internal error ({type(error).__name__}: {error}); "
                "everything recorded is kept: rerun the same command to resume"
            )
        finally:
            finished.set()

    def wait() -> None:
        printed = time.monotonic()
        while not finished.wait(0.2):
            if live is None and time.monotonic() - printed >= PLAIN_INTERVAL_S:
                console.print(plain_line(latest[0]), highlight=False)
                printed = time.monotonic()

    with live if live is not None else contextlib.nullcontext():
        thread = threading.Thread(target=work, daemon=True)
        thread.start()
        try:
            wait()
        except (KeyboardInterrupt, SystemExit) as signalled:
            # Ctrl-C, or SIGTERM (targets/lifetime.exit_on_sigterm raises SystemExit(143)):
            # the campaign drops {in_flight} and stops within a second or two; the command
            # still prints what was found, then exits 130 or 143.
            code = signalled.code if isinstance(signalled, SystemExit) else 130
            stopped_by_signal.append(code if isinstance(code, int) else 1)
            stop.set()
            console.print(
                f"stopping now, dropping {in_flight} (a resume runs it again; "
                "Ctrl-C again: at once)"
            )
            try:
                wait()
            except (KeyboardInterrupt, SystemExit):
                console.print("stopped; rerun the same command to resume")
                sys.exit(stopped_by_signal[-1])
    if "error" in outcome:  # one line, nothing before it
        raise CampaignFailed(str(outcome["error"]))
    if live is None:
        console.print(plain_line(latest[0]), highlight=False)
    return outcome["result"]  # type: ignore[return-value]


PLAIN_INTERVAL_S = 30.0


def plain_line(progress: Progress) -> str:
    """A campaign's progress on one line, for a log without a terminal."""
    elapsed = time.perf_counter() - progress.started
    minutes, seconds = divmod(int(elapsed), 60)
    line = (
        f"[{minutes:d}:{seconds:02d}] {progress.tests} tests ({progress.tests_per_second:.2f}/s"
        f"{f', +{progress.resumed_from} resumed' if progress.resumed_from else ''}), "
        f"{progress.findings} findings, {progress.ours} defects of ours, "
        f"{progress.buckets} buckets, {progress.reduced} reduced"
    )
    return line + (f", reducing {progress.reducing}" if progress.reducing else "")


# The finding kinds a progress display names, in this order; the rest count as findings.
_SHOWN_KINDS = (
    ("crashes", Kind.CRASH),
    ("timeouts", Kind.TIMEOUT),
    ("wrong results", Kind.ODD_ONE_OUT),
    ("disagreements", Kind.DISAGREE),
    ("compile failures", Kind.COMPILE_FAILURE),
)


def progress_table(
    title: str,
    progress: Progress,
    tests: str = "tests",
    more: Callable[[Progress], list[tuple[str, str]]] | None = None,
) -> Table:
    """Every campaign's live progress, the same table for every kind (loop.Progress):
    `tests` names its tests (pairs, fused programs), `more` adds the kind's own rows."""
    table = Table(title=title, show_header=False)
    resumed = f" (+{progress.resumed_from} resumed)" if progress.resumed_from else ""
    table.add_row(tests, f"{progress.tests}{resumed}")
    table.add_row(f"{tests}/s", f"{progress.tests_per_second:.2f}")
    shown = 0
    for label, kind in _SHOWN_KINDS:
        table.add_row(label, str(progress.found[kind]))
        shown += progress.found[kind]
    if progress.findings > shown:
        table.add_row("other findings", str(progress.findings - shown))
    table.add_row("defects of ours", str(progress.ours))
    table.add_row("buckets", str(progress.buckets))
    for label, value in more(progress) if more else []:
        table.add_row(label, value)
    table.add_row("reduced", str(progress.reduced))
    if progress.reducing:
        table.add_row("reducing", progress.reducing)
    return table
