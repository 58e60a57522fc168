"""An external reducer (creduce, spirv-reduce) judged in our own process.

Such a reducer runs an interestingness *script* per candidate. Starting the targets in
every script would cost seconds per candidate, so the reducing process serves the
judging itself: a Unix socket in the reducer's work directory, a thread per connection,
and the script the reducer calls is a tiny client that sends the candidate file and
exits 0 if the answer is "interesting", 1 if not. The candidate is the file the script
is given as its last argument (spirv-reduce), or a fixed file in its working directory
when it is given none (creduce).

The reducer runs under a watcher (targets/lifetime.py) that ends it, and every process it
forked, when we close the watcher's standard input or die: creduce's forks leave its
process group (setpgrp), so killing the group alone leaves them running, and a reducing
process killed with `kill -9` (or by a time limit's SIGTERM, which runs no `finally`)
once left creduce running for 44 minutes (issue 23).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import socket
import socketserver
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from shadersmith.reduce.run import ReductionError
from shadersmith.targets import lifetime

SOCKET_NAME = "judge.sock"
SCRIPT_NAME = "interesting.sh"
POLL_S = 0.5  # how often `run_watched` asks whether to stop
STOP_WAIT_S = 5.0  # for the watcher to end the reducer's processes, before we kill its group
LOG_TAIL_LINES = 15  # of a failed reducer's log, in the error
# Unix socket paths are limited to 108 bytes on Linux.
_MAX_SOCKET_PATH = 100

_CLIENT = """\
import os
import socket
import sys

given = len(sys.argv) > 1
with open(sys.argv[-1] if given else {file_name!r}, "rb") as candidate:
    data = candidate.read()
if given and {remove_given}:
    os.remove(sys.argv[-1])
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


class JudgeServer:
    """A thread per connection: read a candidate's bytes, answer b"1" or b"0" as `answer`
    says. `answer` runs on the connection's thread."""

    def __init__(self, path: Path, answer: Callable[[bytes], bool]) -> None:
        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                connection: socket.socket = self.request
                chunks: list[bytes] = []
                while chunk := connection.recv(1 << 16):
                    chunks.append(chunk)
                verdict = answer(b"".join(chunks))
                # A reducer kills the scripts it no longer needs: nobody may be listening.
                with contextlib.suppress(OSError):
                    connection.sendall(b"1" if verdict else b"0")

        self._server = socketserver.ThreadingUnixStreamServer(str(path), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
        )
        self._thread.start()

    def __enter__(self) -> JudgeServer:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


def socket_path(work: Path) -> Path:
    path = work / SOCKET_NAME
    if len(str(path)) > _MAX_SOCKET_PATH:
        raise ReductionError(f"temporary directory path too long for a socket: {work}")
    return path


def write_script(work: Path, socket: Path, file_name: str, remove_given: bool = False) -> Path:
    """The interestingness script in `work`: it sends its last argument's file, or
    `file_name` in its working directory, to the server at `socket`. `remove_given`: it
    removes the file it was given once read (spirv-reduce writes a new file for every
    step and never reads one back: a long reduction would fill the disk)."""
    client = work / "client.py"
    client.write_text(
        _CLIENT.format(file_name=file_name, socket_path=str(socket), remove_given=remove_given)
    )
    script = work / SCRIPT_NAME
    # sh, then Python without site-packages (-S): a fast start, whatever the path's length.
    script.write_text(
        f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -S {shlex.quote(str(client))} "$@"\n'
    )
    script.chmod(0o755)
    return script


def run_watched(
    command: Sequence[str],
    work: Path,
    environment: Mapping[str, str] | None,
    log: Path,
    should_stop: Callable[[], bool],
) -> tuple[int, bool]:
    """Run `command` in `work` under the watcher, its output into `log`, to its end or
    until `should_stop()` (asked every POLL_S) says so: (exit status, whether we stopped
    it). An exception (Ctrl-C) stops it too, then propagates."""
    with log.open("wb") as output:
        process = subprocess.Popen(
            lifetime.lifeline_command(list(command)),
            cwd=work,
            env=dict(environment) if environment is not None else None,
            stdin=subprocess.PIPE,  # the lifeline: closed by _stop, or by our death
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a last resort for _stop
        )
        try:
            while True:
                try:
                    return process.wait(timeout=POLL_S), False
                except subprocess.TimeoutExpired:
                    pass
                if should_stop():
                    _stop(process)
                    return process.returncode, True
        except BaseException:
            _stop(process)
            raise
        finally:
            if process.stdin is not None:
                process.stdin.close()


def _stop(process: subprocess.Popen[bytes]) -> None:
    """The reducer, its forked workers and the scripts they run: the watcher ends them all
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


def check_ended_well(reducer: str, returncode: int, stopped: bool, log: Path) -> None:
    """ReductionError with the last lines of its `log` where the reducer failed by itself
    (an exit status other than 0 that we did not cause by stopping it)."""
    if returncode != 0 and not stopped:
        tail = log_tail(log, LOG_TAIL_LINES)
        raise ReductionError(f"{reducer} failed (exit status {returncode}); it said:\n{tail}")


def log_tail(log: Path, lines: int) -> str:
    return "\n".join(read_tail(log).splitlines()[-lines:]) or "(no output)"


def read_tail(log: Path, size: int = 8192) -> str:
    try:
        with log.open("rb") as handle:
            handle.seek(max(0, log.stat().st_size - size))
            return handle.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
