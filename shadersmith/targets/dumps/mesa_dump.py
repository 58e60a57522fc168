"""What Mesa's GLSL front-end makes of a shader: its GLSL IR and NIR, as MESA_GLSL=dump
prints them (oracle/front_end_state.py reads them).

The shader is compiled and linked only, never dispatched or drawn: llvmpipe generates
machine code at the first dispatch, so a back-end crash cannot cut the dump short. Mesa
reads MESA_GLSL once, when it loads, so the dumps run in a worker process of their own
(engine.py: crash-isolated, under a time limit and a memory cap) that starts with it set,
at the first dump, and is kept: a fresh process per dump cost ~0.35 s of CPU, most of it
starting Python and the GL context, and a campaign on the default targets dumps for one
test in a dozen (every wrong result on a GL chain).
"""

from __future__ import annotations

import ctypes
import os
import threading
from dataclasses import dataclass

from shadersmith.targets.engine import TargetSpec, TargetUnavailable, Worker
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.runners.fullscreen import gl_vertex_shader
from shadersmith.targets.runners.gl_runner import GLRunner

DUMP_TIMEOUT_S = 60.0
NAME = "mesa-dump"
_SPEC = TargetSpec(
    NAME,
    "shadersmith.targets.dumps.mesa_dump:dump_target",
    environment="shadersmith.targets.dumps.mesa_dump:dump_environment",
)


@dataclass(frozen=True)
class DumpJob:
    source: str
    stage: str  # "compute" or "fragment"


_lock = threading.Lock()  # one dump at a time, from whichever thread asks
_workers: dict[float, Worker] = {}  # by time limit


def front_end_dump(source: str, stage: str, timeout_s: float = DUMP_TIMEOUT_S) -> str:
    """Everything Mesa printed while compiling and linking `source`; "" if it could not."""
    with _lock:
        worker = _workers.get(timeout_s)
        if worker is None:
            try:
                worker = _workers[timeout_s] = Worker(_SPEC, timeout_s)
            except TargetUnavailable:
                return ""
        result = worker.run(DumpJob(source, stage))
    # A crash (Mesa's front-end on this shader) keeps what it printed before it.
    return "" if result.status is RunStatus.TIMEOUT else result.log


def dump_environment() -> dict[str, str]:
    return {"MESA_GLSL": "dump", "MESA_SHADER_CACHE_DISABLE": "true"}


class _Dumper:
    """Inside the worker: compiles and links, and answers with what Mesa printed (the
    engine sends the worker's standard output and error to its log file)."""

    name = NAME

    def __init__(self) -> None:

        self.runner = GLRunner("llvmpipe")
        self.libc = ctypes.CDLL(None)
        self.libc.fflush(None)
        os.ftruncate(1, 0)  # what starting printed is no dump's

    def versions(self) -> dict[str, str]:
        return {}

    def execute(self, job: DumpJob) -> RunResult:

        failure = ""
        try:
            if job.stage == "compute":
                self.runner.context.compute_shader(job.source)
            else:
                vertex = gl_vertex_shader(job.source)
                self.runner.context.program(vertex_shader=vertex, fragment_shader=job.source)
        except Exception as error:  # a rejected shader: the dump up to the error stands
            failure = f"{type(error).__name__}: {error}\n"
        self.libc.fflush(None)  # Mesa prints through C's buffered stdout
        with open("/proc/self/fd/1", "rb") as log:
            printed = log.read().decode("utf-8", "replace")
        # Emptied after each dump: the engine reads a crash's output from where the job
        # began, which is then the start.
        os.ftruncate(1, 0)
        return RunResult(RunStatus.OK, log=printed + failure)


def dump_target() -> _Dumper:
    return _Dumper()
