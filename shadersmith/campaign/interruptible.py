"""Ctrl-C and SIGTERM during a long SQLite query (a 1 GB campaign.db under `report`).

SQLite runs a query in C, and Python runs its signal handlers only between bytecodes: a
Ctrl-C waited for the query to end (13 minutes of `buckets` on a crafted campaign, issue
34). A progress handler brings the query back to Python every few thousand steps, where
the handler runs; the exception it raises (KeyboardInterrupt, or SystemExit(143) from
targets/lifetime.exit_on_sigterm) aborts the query, but sqlite3 does not raise it: it
raises OperationalError('interrupted') and hands the exception only to sys.unraisablehook.
We keep it there, and `raise_pending_signal` (the command group, on any exception) raises
it again, so the command ends as the signal asks (exit 130 or 143), not as an error.

Only read-only stores (buckets, report, replay's reads: one thread each) get the handler.
A campaign's store is written from several threads: a handler needing the GIL inside a
query, which holds the connection's mutex, would deadlock with a thread holding the GIL
and waiting for that mutex.
"""

from __future__ import annotations

import sqlite3
import sys
from typing import Any

# Virtual-machine steps between two visits to Python: ~1 ms of a full-table scan, so a
# signal is answered at once and queries are not measurably slower.
_STEPS = 20_000

_pending: list[BaseException] = []
_previous_hook: Any = None


def _let_python_run() -> int:
    """The progress handler: does nothing itself; calling it lets pending signal handlers
    run (0: go on)."""
    return 0


def _keep_signal_exceptions(unraisable: Any) -> None:
    if unraisable.object is _let_python_run and isinstance(
        unraisable.exc_value, KeyboardInterrupt | SystemExit
    ):
        _pending.append(unraisable.exc_value)
        return
    _previous_hook(unraisable)


def let_signals_in(db: sqlite3.Connection) -> None:
    """Make `db`'s queries stop for Ctrl-C and SIGTERM."""
    global _previous_hook
    # Without callback tracebacks sqlite3 clears the handler's exception unseen.
    sqlite3.enable_callback_tracebacks(True)
    if sys.unraisablehook is not _keep_signal_exceptions:
        _previous_hook = sys.unraisablehook
        sys.unraisablehook = _keep_signal_exceptions
    db.set_progress_handler(_let_python_run, _STEPS)


def raise_pending_signal() -> None:
    """Raise the KeyboardInterrupt or SystemExit that aborted a query, if one did."""
    if _pending:
        signalled = _pending[-1]
        _pending.clear()
        raise signalled
