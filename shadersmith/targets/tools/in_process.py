"""Tools run in-process inside a target's worker, and the marker lines that blame them.

A tool loaded as a library (glslang_library.py, spirv_tools_library.py) runs in the
worker's own process: a crash of the tool takes the process with it, which a worker
survives (engine.py restarts it and records the crash) and a campaign would not. So only
a worker calls `allow`, and each in-process step is bracketed by marker lines on the
worker's log (its stderr, fd 2): `shadersmith: <step> in-process: started` before and
`... finished` after. When the worker dies or is killed, engine.py reads the last marker
(`open_step`): a step left open names the component that crashed or hung, in place of
the driver. The step is named as the chains name the component a failure of that tool
points at (oracle/components.failing_component resolves it).
"""

from __future__ import annotations

import os
import re

_MARKER = re.compile(r"^shadersmith: (?P<step>\S.*?) in-process: (?P<what>started|finished)$", re.M)

_allowed = False


def allow() -> None:
    """Called by a worker process (engine.py): its crashes are isolated, so it may load
    the tools' libraries."""
    global _allowed
    _allowed = True


def allowed() -> bool:
    return _allowed


def started(step: str) -> str:
    return f"shadersmith: {step} in-process: started"


def finished(step: str) -> str:
    return f"shadersmith: {step} in-process: finished"


def mark(line: str) -> None:
    """Write a marker line on the worker's log (nothing outside a worker)."""
    if _allowed:
        os.write(2, f"{line}\n".encode())


def open_step(log: str) -> str | None:
    """The in-process step a dead or killed worker was in: the step of the last marker on
    its log when that marker says `started` (None when the worker was not inside one)."""
    last = None
    for match in _MARKER.finditer(log):
        last = match
    return last["step"] if last is not None and last["what"] == "started" else None
