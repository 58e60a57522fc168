"""Which component of a wgpu chain panicked, from the panic message in a worker's log.

naga and wgpu are Rust: a bug there is a panic, which cannot unwind through wgpu-native's
C interface, so the process aborts ("failed to initiate panic, error 5, aborting") and
the worker layer records a crash with the log. A crash without a named component is
blamed on the chain's driver (oracle/components.py), which for a panic is wrong: the
panic's source path names the crate, e.g.

    thread '<unnamed>' (17219) panicked at /root/.cargo/registry/src/index.crates.io-
    1949cf8c6b5b557f/naga-29.0.3/src/back/spv/block.rs:3839:56:
    internal error: entered unreachable code: Expression [266] is not cached!

`panic_cause` turns that into a cause (component, detail) for RunResult.cause: the
detail keeps the file and the message, not the line (it moves between releases) nor the
numbers in the message (normalised), so one bug makes one bucket.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shadersmith.oracle.normalise import normalise

_PANIC = re.compile(r"panicked at (?P<path>\S+?):\d+:\d+:\s*\n(?P<message>[^\n]*)")
# What Rust's `unreachable!()` and `assert!` put first: signatures are bounded (80
# characters), and the words after this name the bug.
_BOILERPLATE = re.compile(r"^(?:internal error: entered unreachable code: |assertion failed: )")
_CRATE_SOURCE = re.compile(
    r"(?:^|/)(?P<crate>[A-Za-z0-9_-]+?)-\d+\.\d+\.\d+[^/]*/src/(?P<file>.+)$"
)


def panic_cause(log: str, chain: Sequence[str]) -> tuple[str, str] | None:
    """(component of `chain`, "panic <file>: <message>") for the first Rust panic in
    `log` whose crate the chain holds; None when there is none."""
    match = _PANIC.search(log)
    if match is None:
        return None
    source = _CRATE_SOURCE.search(match["path"])
    if source is None:
        return None
    component = _component(source["crate"], source["file"], chain)
    if component is None:
        return None
    message = _BOILERPLATE.sub("", match["message"])
    return component, f"panic {source['file']}: {normalise(message)}"


def _component(crate: str, file: str, chain: Sequence[str]) -> str | None:
    if crate == "naga":
        # naga's GLSL front-end is a component of its own where a chain reads GLSL.
        if file.startswith("front/glsl/") and "naga-glsl-in" in chain:
            return "naga-glsl-in"
        return "naga" if "naga" in chain else None
    if crate.startswith("wgpu"):
        # wgpu-core, wgpu-hal, wgpu-types, wgpu-native: wgpu's own code, which the chain
        # names by its back-end (wgpu-hal-vulkan, wgpu-hal-gles).
        hal = [name for name in chain if name.startswith("wgpu-hal")]
        return hal[0] if hal else None
    return None
