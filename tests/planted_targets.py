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
    "abort-in-STEP" and "hang-in-STEP" do so inside the in-process step STEP (glslang,
    spirv-opt, "spirv-val after glslang"; in_process.py); ("spirv-tools", passes) says
    which SPIRV-Tools calls would run in-process here; ("validate", spirv) and
    ("optimize", spirv, passes) run Debian's spirv-val and spirv-opt as the chains do
    (spirv_tools.py), the verdict in the log, the optimised module as artefact "spv"."""

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
        if isinstance(job, tuple) and job[0] == "hang-once":
            # The first run leaves a mark and hangs; a run after it answers: a timeout a
            # busy machine caused, not the shader.
            mark = job[1]
            if not os.path.exists(mark):
                open(mark, "w").close()
                while True:
                    time.sleep(1)
            return RunResult(RunStatus.OK, log="answered")
        if isinstance(job, str) and job.startswith(("abort-in-", "hang-in-")):
            # As if a tool loaded in-process (glslang_library.py, spirv_tools_library.py)
            # crashed or hung.
            from shadersmith.targets.tools import in_process

            in_process.mark(in_process.started(job.split("-in-", 1)[1]))
            if job.startswith("abort-in-"):
                os.abort()
            while True:
                time.sleep(1)
        if isinstance(job, tuple) and job[0] == "spirv-tools":
            return RunResult(RunStatus.OK, log=_spirv_tools_in_process(job[1]))
        if isinstance(job, tuple) and job[0] in ("validate", "optimize"):
            return _spirv_tools_job(job)
        if job == "allocate":
            hoard = []
            while True:
                hoard.append(bytearray(16 * 2**20))
                hoard[-1][::4096] = b"x" * len(hoard[-1][::4096])  # touch the pages
        return RunResult(RunStatus.OK, log=job)


def _spirv_tools_in_process(passes: list[str]) -> str:
    """One line per toolset: which of its validators and its spirv-opt run in-process."""
    from shadersmith.targets.tools import spirv_tools_library
    from shadersmith.targets.tools.newest import newest_toolset
    from shadersmith.targets.tools.spirv_tools import DEBIAN

    lines = []
    for toolset in (DEBIAN, newest_toolset()):
        validators = [
            spirv_tools_library.validator_for(path) is not None
            for path in toolset.validator_paths()
        ]
        optimizer = spirv_tools_library.optimizer_for(toolset, passes) is not None
        lines.append(f"{toolset.name} validators={validators} optimizer={optimizer}")
    return "\n".join(lines)


def _spirv_tools_job(job: tuple[Any, ...]) -> RunResult:
    from shadersmith.targets.tools import spirv_tools

    try:
        if job[0] == "validate":
            return RunResult(RunStatus.OK, log=f"accepted: {spirv_tools.validate_spirv(job[1])}")
        result = RunResult(RunStatus.OK, log="optimised")
        result.artefacts["spv"] = spirv_tools.optimize(job[1], job[2])
        return result
    except spirv_tools.ToolError as error:
        return RunResult(RunStatus.OK, log=f"{error.outcome.value}: {error.log}")


def make_planted_misbehaviour() -> PlantedMisbehaviour:
    return PlantedMisbehaviour()


def make_failing_target() -> PlantedMisbehaviour:
    raise RuntimeError("no such device")


class PlantedDeviceLoss:
    """A GPU driver that loses its device, as NVIDIA's did on the H200: job
    ("lose-device", n) raises the `vulkan` binding's own VK_ERROR_DEVICE_LOST error and
    makes the next n starts of a worker fail as a driver refuses a new device for a
    while; "ok" answers. The count of refusals left is kept in the file `refusals`."""

    name = "planted-device-loss"

    def __init__(self, refusals: str) -> None:
        self.refusals = refusals

    def versions(self) -> dict[str, str]:
        return {"planted": "1"}

    def execute(self, job: Any) -> RunResult:
        if isinstance(job, tuple) and job[0] == "lose-device":
            import vulkan

            with open(self.refusals, "w") as count:
                count.write(str(job[1]))
            raise vulkan.VkErrorDeviceLost()
        return RunResult(RunStatus.OK, log=str(job))


def make_device_losing_target(refusals: str) -> PlantedDeviceLoss:
    left = 0
    if os.path.exists(refusals):
        with open(refusals) as count:
            left = int(count.read() or 0)
    if left > 0:
        with open(refusals, "w") as count:
            count.write(str(left - 1))
        raise RuntimeError("VkErrorInitializationFailed")
    return PlantedDeviceLoss(refusals)
