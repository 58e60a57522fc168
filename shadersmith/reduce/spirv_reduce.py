"""spirv-reduce (SPIRV-Tools' reducer) on a SPIR-V module, with our interestingness
(issue 35, item 4): the second reduction of a SPIR-V finding, after the transformation
list (spirv_list.py).

spirv-reduce runs an interestingness script per candidate, one at a time, with the
candidate's path as its last argument; the script is judge_script.py's client, so the
caller's `interesting(module)` runs here, in this process, on the server's thread.

    work/original.spv     the start
    work/reduced.spv      spirv-reduce's -o: written only when it ends by itself
    work/steps/step_N.spv its candidates (--temp-file-prefix), removed by the script once read
    work/interesting.sh, client.py, judge.sock, spirv-reduce.log

spirv-reduce has no time limit, so the budget (and `should_stop`, through which a
campaign's Ctrl-C arrives) ends it through the watcher, and the server keeps the smallest
interesting candidate it has judged (by size in bytes): that is the answer when it was
stopped. spirv-reduce has no --target-env either: it checks its candidates under its own
default environment (a universal one) and passes on only valid ones; the caller's
`interesting` judges each under the module's own (spirv_tools.target_env_of_module).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from shadersmith.reduce.judge_script import (
    JudgeServer,
    check_ended_well,
    run_watched,
    socket_path,
    write_script,
)
from shadersmith.reduce.run import ReductionError
from shadersmith.targets.tools.glslang import ToolMissing
from shadersmith.targets.tools.spirv_tools import DEBIAN, Toolset

# spirv-reduce's own default (2,500 steps) ends a large module's reduction early: the
# time budget is the limit that matters, so the step limit is high.
DEFAULT_STEP_LIMIT = 1_000_000
INPUT = "original.spv"
OUTPUT = "reduced.spv"
LOG = "spirv-reduce.log"


@dataclass(frozen=True)
class SpirvReduction:
    module: bytes  # the smallest module judged interesting
    original_size: int  # bytes
    candidates: int  # modules `interesting` judged, the start included
    seconds: float
    version: str  # spirv-reduce's (`v2023.1`)
    finished: bool  # spirv-reduce ended by itself; False: the budget or should_stop ended it


class _Smallest:
    """The server's side: each distinct candidate judged once, the smallest interesting one
    kept. Judges one candidate at a time (spirv-reduce asks one at a time anyway); after
    `close`, none: the caller's `interesting` never runs once the reduction returned."""

    def __init__(self, start: bytes, interesting: Callable[[bytes], bool]) -> None:
        self.best = start
        self.judged = 1  # the start, judged by run_spirv_reduce
        self.error: Exception | None = None
        self._interesting = interesting
        self._verdicts: dict[bytes, bool] = {_digest(start): True}
        self._lock = threading.Lock()
        self._closed = False

    def answer(self, candidate: bytes) -> bool:
        with self._lock:
            if self._closed or self.error is not None:
                return False
            digest = _digest(candidate)
            known = self._verdicts.get(digest)
            if known is not None:
                return known
            try:
                verdict = bool(self._interesting(candidate))
            except Exception as error:  # raised again in the caller's thread (run_spirv_reduce)
                self.error = error
                return False
            self.judged += 1
            self._verdicts[digest] = verdict
            # Equal sizes: the later one is where spirv-reduce has got to.
            if verdict and len(candidate) <= len(self.best):
                self.best = candidate
            return verdict

    def close(self) -> None:
        """Wait for the candidate being judged, if any; judge no more."""
        with self._lock:
            self._closed = True

    def result(self, final: bytes | None) -> bytes:
        """spirv-reduce's own output where it judged that interesting and it is no larger
        than the smallest kept; the smallest kept otherwise."""
        if (
            final is not None
            and self._verdicts.get(_digest(final))
            and len(final) <= len(self.best)
        ):
            return final
        return self.best


def run_spirv_reduce(
    module: bytes,
    interesting: Callable[[bytes], bool],
    time_s: float,
    toolset: Toolset = DEBIAN,
    should_stop: Callable[[], bool] = lambda: False,
    step_limit: int = DEFAULT_STEP_LIMIT,
    fail_on_validation_error: bool = False,
) -> SpirvReduction:
    """Reduce `module` with `toolset`'s spirv-reduce (Debian's, or the newest:
    newest.newest_toolset) while `interesting` holds, for at most `time_s` seconds or until
    `should_stop()`; the smallest interesting module. `fail_on_validation_error`: end with
    an error when a step of spirv-reduce makes an invalid module (its own bug), instead of
    skipping that step. ReductionError when spirv-reduce is missing or fails, or when
    `module` itself is not interesting; an exception from `interesting` is raised here."""
    started = time.perf_counter()
    try:
        executable = toolset.spirv_reduce_path()
    except ToolMissing as missing:
        raise ReductionError(str(missing)) from None
    version = toolset.spirv_reduce_version()
    if not interesting(module):
        raise ReductionError("the module is not interesting at the start: nothing to reduce")
    smallest = _Smallest(module, interesting)

    def spent() -> bool:
        out_of_time = time.perf_counter() - started >= time_s
        return smallest.error is not None or out_of_time or should_stop()

    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-reduce-") as directory:
        work = Path(directory)
        judge_socket = socket_path(work)
        (work / INPUT).write_bytes(module)
        (work / "steps").mkdir()
        script = write_script(work, judge_socket, INPUT, remove_given=True)
        command = [
            executable,
            f"--step-limit={step_limit}",
            f"--temp-file-prefix={work / 'steps' / 'step_'}",
            *(["--fail-on-validation-error"] if fail_on_validation_error else []),
            INPUT,
            "-o", OUTPUT,
            "--", str(script),
        ]  # fmt: skip
        environment = {**os.environ, **dict(toolset.env)}
        try:
            with JudgeServer(judge_socket, smallest.answer):
                returncode, stopped = run_watched(command, work, environment, work / LOG, spent)
        finally:
            smallest.close()
        if smallest.error is not None:
            raise smallest.error
        check_ended_well("spirv-reduce", returncode, stopped, work / LOG)
        output = work / OUTPUT
        final = output.read_bytes() if not stopped and output.exists() else None
    return SpirvReduction(
        module=smallest.result(final),
        original_size=len(module),
        candidates=smallest.judged,
        seconds=time.perf_counter() - started,
        version=version,
        finished=not stopped,
    )


def _digest(module: bytes) -> bytes:
    return hashlib.sha256(module).digest()
