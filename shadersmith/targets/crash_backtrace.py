"""A native backtrace in a worker's log when it dies of a fatal signal.

scripts/build-crash-backtrace.sh builds `.venv/native/libshadersmith-backtrace.so` from
scripts/crash-backtrace.c; loading it installs a handler for SIGSEGV, SIGBUS, SIGILL,
SIGFPE, SIGABRT and SIGTRAP that writes the stack to standard error (the worker's log,
engine.py) and then dies of the same signal. The signature rules then name a crash by
its top frame (oracle/frames.py: `crash:lavapipe:libvulkan_lvp.so+0x110f35`, or the
function where the library exports it), as gfauto did, not by the signal alone, which
put every segfault of a driver in one bucket.

Without the library (not built, another system) crashes are signed by their signal, as
before: nothing else depends on it.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

LIBRARY = Path(__file__).resolve().parents[2] / ".venv" / "native" / "libshadersmith-backtrace.so"
# The line the handler writes before the frames (scripts/crash-backtrace.c).
HEADING = "shadersmith: native backtrace at signal"

_loaded: list[ctypes.CDLL] = []  # kept, so the library (and its handler) stays mapped


def install(library: Path = LIBRARY) -> bool:
    """Load the handler into this process (its constructor installs it); whether it is
    installed. Call after standard error is the log it should write to."""
    if _loaded:
        return True
    if not library.is_file():
        return False
    try:
        _loaded.append(ctypes.CDLL(str(library)))
    except OSError:
        return False
    return True
