"""One long campaign run behind a live progress table, for every campaign command
(`fuzz`, `metamorphic`, `fuse`).

The campaign runs in a thread while the main thread draws its progress and waits for
Ctrl-C: the first stops it after the work in flight (everything recorded is kept), the
second exits at once. A campaign's own expected failures come back as a one-line error;
anything else is a defect of ours, printed with its traceback and reported the same way.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console, RenderableType
from rich.live import Live

P = TypeVar("P")
R = TypeVar("R")


class CampaignFailed(Exception):
    """The campaign stopped on an error; the message is one line for the user."""


def run_with_live_progress(
    run: Callable[[threading.Event, Callable[[P], None]], R],
    first: P,
    render: Callable[[P], RenderableType],
    console: Console,
    expected: tuple[type[Exception], ...] = (RuntimeError,),
    in_flight: str = "the tests in flight",
) -> R:
    """`run(stop, on_progress)` in a thread, `render(progress)` drawn live; its result,
    or CampaignFailed."""
    stop = threading.Event()
    # Set by the campaign's thread as it ends. Waited on instead of Thread.join: a
    # KeyboardInterrupt inside join() can leave is_alive() False while the thread still
    # runs (CPython), and Ctrl-C then returned before the campaign had stopped.
    finished = threading.Event()
    outcome: dict[str, object] = {}
    with Live(render(first), console=console, transient=True) as live:

        def work() -> None:
            try:
                outcome["result"] = run(stop, lambda progress: live.update(render(progress)))
            except expected as error:
                outcome["error"] = str(error)
            except Exception as error:  # a defect of ours: say so, keep what is recorded
                traceback.print_exc()
                outcome["error"] = (
                    f"campaign stopped by an internal error ({type(error).__name__}: {error}); "
                    "everything recorded is kept: rerun the same command to resume"
                )
            finally:
                finished.set()

        thread = threading.Thread(target=work, daemon=True)
        thread.start()
        try:
            while not finished.wait(0.2):
                pass
        except KeyboardInterrupt:
            stop.set()
            console.print(f"stopping after {in_flight} (Ctrl-C again: now)")
            try:
                while not finished.wait(0.2):
                    pass
            except KeyboardInterrupt:
                console.print("stopped; rerun the same command to resume")
                sys.exit(130)
    if "error" in outcome:
        raise CampaignFailed(str(outcome["error"]))
    return outcome["result"]  # type: ignore[return-value]
