"""Planted targets for the engine's robustness tests.

These are not compilers: they stand in for a driver that aborts, hangs or allocates
without bound, so the watchdog can be checked deterministically. The same behaviours
from a real driver (an endless shader loop on llvmpipe) are tested in test_engine.py too.
"""

from __future__ import annotations

import os
import time
from typing import Any

from shadersmith.targets.results import RunResult, RunStatus


class PlantedMisbehaviour:
    """Job "ok" answers; "abort" kills its own process; "hang" never answers;
    "allocate" grows memory without bound; "print-abort" prints and then aborts;
    "abort-in-glslang" and "hang-in-glslang" do so inside an in-process glslang step."""

    name = "planted-misbehaviour"

    def versions(self) -> dict[str, str]:
        return {"planted": "1"}

    def execute(self, job: Any) -> RunResult:
        if job == "abort":
            os.abort()
        if job == "print-abort":
            print("driver: assertion `x != 0' failed", flush=True)
            os.abort()
        if job == "hang":
            while True:
                time.sleep(1)
        if job in ("abort-in-glslang", "hang-in-glslang"):
            # As if glslang, loaded in-process (glslang_library.py), crashed or hung.
            from shadersmith.targets import glslang_library

            glslang_library._mark(glslang_library.STARTED)
            if job == "abort-in-glslang":
                os.abort()
            while True:
                time.sleep(1)
        if job == "allocate":
            hoard = []
            while True:
                hoard.append(bytearray(16 * 2**20))
                hoard[-1][::4096] = b"x" * len(hoard[-1][::4096])  # touch the pages
        return RunResult(RunStatus.OK, log=job)


def make_planted_misbehaviour() -> PlantedMisbehaviour:
    return PlantedMisbehaviour()


def make_failing_target() -> PlantedMisbehaviour:
    raise RuntimeError("no such device")
