"""C-Reduce on the GLSL text of the unreconditioned program.

creduce runs an interestingness *script* in fresh temporary directories, several at
once with `--n`; the reducing process answers it over a socket (judge_script.py), behind
which one `BatchingJudge` runs candidates that arrive together as one parallel batch on
the session's workers. The script sends `shader.comp` from its working directory.

    work/shader.comp      the file creduce reduces in place
    work/interesting.sh   the script creduce runs (sh -> python -S client.py)
    work/client.py
    work/judge.sock
    work/creduce.log      creduce's chatter (its last lines go into errors)
    work/tmp/             TMPDIR for creduce's own directories, removed with `work`

creduce runs under the watcher of targets/lifetime.py (judge_script.run_watched), so a
reducing process killed with `kill -9` leaves no creduce behind (issue 23).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from shadersmith.reduce.interesting import Interestingness, Prepared
from shadersmith.reduce.internal import ProgressCallback
from shadersmith.reduce.judge_script import (
    JudgeServer,
    check_ended_well,
    read_tail,
    run_watched,
    socket_path,
    write_script,
)
from shadersmith.reduce.run import ReductionError
from shadersmith.reduce.text_judge import BatchingJudge, TextJudge

FILE_NAME = "shader.comp"

_PASS_LINE = re.compile(r"^===< (.+?) >===$", re.MULTILINE)


class CReduceReducer:
    name = "creduce"

    def __init__(
        self,
        interestingness: Interestingness,
        parallel: int = 2,
        time_budget_s: float = 600.0,
        on_progress: ProgressCallback | None = None,
        executable: str | None = None,
    ) -> None:
        self.interestingness = interestingness
        self.parallel = max(1, parallel)
        self.time_budget_s = time_budget_s
        self.on_progress = on_progress
        self.executable = executable

    def reduce(self, start: Prepared) -> Prepared:
        executable = self.executable or shutil.which("creduce")
        if executable is None:
            raise ReductionError("creduce is not installed (Debian package `creduce`)")
        judge = TextJudge(
            self.name, self.interestingness, start, self.time_budget_s, self.on_progress
        )
        judge.report("start")
        with tempfile.TemporaryDirectory(prefix="shadersmith-creduce-") as directory:
            work = Path(directory)
            final_text = self._run(executable, work, judge)
        result = judge.result(final_text)
        judge.report("done")
        return result

    def _run(self, executable: str, work: Path, judge: TextJudge) -> str | None:
        judge_socket = socket_path(work)
        (work / FILE_NAME).write_text(judge.start_text)
        script = write_script(work, judge_socket, FILE_NAME)
        (work / "tmp").mkdir()
        batching = BatchingJudge(judge, self.parallel)

        def answer(data: bytes) -> bool:
            return batching.ask(data.decode("utf-8", errors="replace"))

        try:
            with JudgeServer(judge_socket, answer):
                returncode, killed = self._drive(executable, work, script, judge)
        finally:
            batching.close()
        if batching.error is not None:
            raise batching.error
        check_ended_well(self.name, returncode, killed, work / "creduce.log")
        reduced = work / FILE_NAME
        return reduced.read_text(errors="replace") if reduced.exists() else None

    def _drive(
        self, executable: str, work: Path, script: Path, judge: TextJudge
    ) -> tuple[int, bool]:
        """Run creduce to the end or to the budget; (exit status, whether we killed it)."""
        command = [
            executable,
            "--n", str(self.parallel),
            "--tidy",  # no shader.comp.orig: the start is ours to keep
            "--not-c",  # GLSL: skip the clang_delta passes, which cannot parse it
            str(script),
            FILE_NAME,
        ]  # fmt: skip
        environment = {**os.environ, "TMPDIR": str(work / "tmp")}
        log = work / "creduce.log"
        reported = judge.improvements

        def should_stop() -> bool:
            nonlocal reported
            if judge.out_of_time():
                return True
            if judge.improvements != reported:
                reported = judge.improvements
                judge.report(_current_pass(log))
            return False

        return run_watched(command, work, environment, log, should_stop)


def _current_pass(log: Path) -> str:
    """The pass creduce announced last (`===< pass_lines :: 0 >===`)."""
    passes = [name for name in _PASS_LINE.findall(read_tail(log)) if not name.isdigit()]
    return passes[-1] if passes else "creduce"
