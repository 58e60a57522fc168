"""C-Reduce on the GLSL text of the unreconditioned program.

creduce runs an interestingness *script* in fresh temporary directories, several at
once with `--n`. Starting the targets in every script would cost seconds per candidate,
so the reducing process serves the judging itself: a Unix socket in the work directory,
a thread per connection, and behind them one `BatchingJudge` that runs candidates which
arrive together as one parallel batch on the session's workers. The script creduce calls
is a tiny client: it sends `shader.comp` to the socket and exits 0 if the answer is
"interesting", 1 if not.

    work/shader.comp      the file creduce reduces in place
    work/interesting.sh   the script creduce runs (sh -> python -S client.py)
    work/client.py
    work/judge.sock
    work/creduce.log      creduce's chatter (its last lines go into errors)
    work/tmp/             TMPDIR for creduce's own directories, removed with `work`

creduce runs under a watcher (targets/lifetime.py) that ends it, and every process it
forked, when we close the watcher's standard input or die: creduce's forks leave its
process group (setpgrp), so killing the group alone leaves them running, and a reducing
process killed with `kill -9` (or by a time limit's SIGTERM, which runs no `finally`)
once left creduce running for 44 minutes (issue 23).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from shadersmith.reduce.interesting import Interestingness, Prepared
from shadersmith.reduce.internal import ProgressCallback
from shadersmith.reduce.run import ReductionError
from shadersmith.reduce.text_judge import BatchingJudge, TextJudge
from shadersmith.targets import lifetime

FILE_NAME = "shader.comp"
POLL_S = 0.5  # how often the driver checks the budget and reports progress
STOP_WAIT_S = 5.0  # for the watcher to end creduce's processes, before we kill its group
LOG_TAIL_LINES = 15
# Unix socket paths are limited to 108 bytes on Linux.
_MAX_SOCKET_PATH = 100

_CLIENT = """\
import socket
import sys

with open({file_name!r}, "rb") as shader:
    data = shader.read()
connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    connection.connect({socket_path!r})
    connection.sendall(data)
    connection.shutdown(socket.SHUT_WR)
    answer = connection.recv(1)
except OSError:
    sys.exit(2)
sys.exit(0 if answer == b"1" else 1)
"""

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
        socket_path = work / "judge.sock"
        if len(str(socket_path)) > _MAX_SOCKET_PATH:
            raise ReductionError(f"temporary directory path too long for a socket: {work}")
        (work / FILE_NAME).write_text(judge.start_text)
        script = _write_script(work, socket_path)
        (work / "tmp").mkdir()
        batching = BatchingJudge(judge, self.parallel)
        server = _JudgeServer(socket_path, batching)
        try:
            returncode, killed = self._drive(executable, work, script, judge)
        finally:
            server.close()
            batching.close()
        if batching.error is not None:
            raise batching.error
        if returncode != 0 and not killed:
            tail = _log_tail(work / "creduce.log", LOG_TAIL_LINES)
            raise ReductionError(f"creduce failed (exit status {returncode}); it said:\n{tail}")
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
        with log.open("wb") as output:
            process = subprocess.Popen(
                lifetime.lifeline_command(command),
                cwd=work,
                env=environment,
                stdin=subprocess.PIPE,  # the lifeline: closed by _stop, or by our death
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: a last resort for _stop
            )
            reported = judge.improvements
            try:
                while True:
                    try:
                        return process.wait(timeout=POLL_S), False
                    except subprocess.TimeoutExpired:
                        pass
                    if judge.out_of_time():
                        _stop(process)
                        return process.returncode, True
                    if judge.improvements != reported:
                        reported = judge.improvements
                        judge.report(_current_pass(log))
            except BaseException:
                _stop(process)
                raise
            finally:
                if process.stdin is not None:
                    process.stdin.close()


class _JudgeServer:
    """A thread per connection: read a candidate's text, answer b"1" or b"0"."""

    def __init__(self, path: Path, batching: BatchingJudge) -> None:
        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                connection: socket.socket = self.request
                chunks: list[bytes] = []
                while chunk := connection.recv(1 << 16):
                    chunks.append(chunk)
                text = b"".join(chunks).decode("utf-8", errors="replace")
                answer = batching.ask(text)
                # creduce kills the scripts it no longer needs: nobody may be listening.
                with contextlib.suppress(OSError):
                    connection.sendall(b"1" if answer else b"0")

        self._server = socketserver.ThreadingUnixStreamServer(str(path), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


def _write_script(work: Path, socket_path: Path) -> Path:
    client = work / "client.py"
    client.write_text(_CLIENT.format(file_name=FILE_NAME, socket_path=str(socket_path)))
    script = work / "interesting.sh"
    # sh, then Python without site-packages (-S): a fast start, whatever the path's length.
    script.write_text(
        f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -S {shlex.quote(str(client))}\n"
    )
    script.chmod(0o755)
    return script


def _stop(process: subprocess.Popen[bytes]) -> None:
    """creduce, its forked workers and the scripts they run: the watcher ends them all
    once its lifeline closes; its process group is killed if it does not end in time."""
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    try:
        process.wait(timeout=STOP_WAIT_S)
    except subprocess.TimeoutExpired:
        # The watcher hung: whatever is in its group, the watcher included.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _current_pass(log: Path) -> str:
    """The pass creduce announced last (`===< pass_lines :: 0 >===`)."""
    passes = [name for name in _PASS_LINE.findall(_read_tail(log)) if not name.isdigit()]
    return passes[-1] if passes else "creduce"


def _log_tail(log: Path, lines: int) -> str:
    return "\n".join(_read_tail(log).splitlines()[-lines:]) or "(no output)"


def _read_tail(log: Path, size: int = 8192) -> str:
    try:
        with log.open("rb") as handle:
            handle.seek(max(0, log.stat().st_size - size))
            return handle.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
