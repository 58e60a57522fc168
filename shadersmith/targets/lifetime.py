"""Processes we start end with the process that started them.

A campaign killed with `kill -9` runs no `finally`: whatever it started must notice by
itself. Two mechanisms, each where the other falls short:

- The kernel's parent-death signal (prctl(2) PR_SET_PDEATHSIG) for a worker process: it
  fires even while the worker is stuck inside a driver call that holds Python's GIL (a
  watcher thread in the worker would never run then). It covers only the direct child,
  and fires when the *thread* that started the child ends, not the process: the engine
  starts every worker from one thread that lives as long as the process (engine.py).
- A lifeline for an external program that forks its own children (creduce, whose forks
  leave its process group with setpgrp): this module, run as a script, is a watcher that
  starts the program, becomes the subreaper of everything below it, and kills all of it
  when its standard input (a pipe whose other end only the starting process holds) ends,
  when it is told to stop (SIGTERM), or when the program ends.

    python -S lifetime.py -- PROGRAM ARGS...

Only the standard library is imported, so the watcher starts as a plain script.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_WATCH_POLL_S = 0.2


def _prctl(option: int, value: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(option, value, 0, 0, 0) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"prctl({option}): {os.strerror(error)}")


def die_with_parent(parent_pid: int) -> None:
    """Have the kernel kill this process (SIGKILL) when its parent ends. Call it first
    thing in the child; if the parent has already gone (it died before the call), exit."""
    _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:
        os._exit(1)


def tied_to_this_process() -> Callable[[], None]:
    """A `preexec_fn` for a tool run with subprocess: the tool gets SIGKILL when the
    thread that started it ends (it waits for the tool, so: when this process dies), and
    a glslang or spirv-opt on a runaway input does not outlive a killed worker.

    libc's prctl is looked up here, in the parent: the child, forked from a process
    that may hold driver threads, only makes the one call."""
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    parent = os.getpid()

    def in_child() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(1)

    return in_child


def become_subreaper() -> None:
    """Orphans among this process's descendants become its children, not init's: it can
    find them (and end them) after their own parents died."""
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def stop_being_subreaper() -> None:
    _prctl(_PR_SET_CHILD_SUBREAPER, 0)


def memory_total_bytes() -> int:
    """The memory this machine gives us: MemTotal, or the cgroup's limit where lower (a
    container's memory is its cgroup's, whatever /proc/meminfo says)."""
    total = 0
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemTotal:"):
                total = int(line.split()[1]) * 1024
                break
    limits = [limit for limit in _cgroup_memory_limits() if limit > 0]
    return min([total, *limits]) if total else min(limits, default=0)


def _cgroup_memory_limits() -> list[int]:
    """cgroup v2 `memory.max` of this process's cgroup and each cgroup above it."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return []
    paths = [line.split(":", 2)[2] for line in lines if line.startswith("0::")]
    limits = []
    for path in paths:
        folder = Path("/sys/fs/cgroup") / path.lstrip("/")
        for candidate in (folder, *folder.parents):
            try:
                text = (candidate / "memory.max").read_text().strip()
            except OSError:
                text = "max"
            if text != "max":
                limits.append(int(text))
            if candidate == Path("/sys/fs/cgroup"):
                break
    return limits


def _process_table() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, state letter) of every process we can see."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue  # gone meanwhile
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        fields = text[text.rindex(")") + 2 :].split()
        table[int(entry)] = (int(fields[1]), fields[0])
    return table


def descendants(pid: int) -> set[int]:
    """Every living process below `pid` (zombies, dead and awaiting their parent's wait,
    left out)."""
    table = _process_table()
    children: dict[int, list[int]] = {}
    for child, (parent, _) in table.items():
        children.setdefault(parent, []).append(child)
    found: set[int] = set()
    pending = list(children.get(pid, []))
    while pending:
        current = pending.pop()
        if current in found:
            continue
        found.add(current)
        pending.extend(children.get(current, []))
    return {p for p in found if table.get(p, (0, "Z"))[1] not in ("Z", "X")}


def lifeline_command(command: Sequence[str]) -> list[str]:
    """`command` run under the watcher: start it with its standard input a pipe that this
    process keeps open (and in a new session, so that a last-resort killpg reaches both);
    closing the pipe, or this process's death, ends the program and all it started."""
    return [sys.executable, "-S", str(Path(__file__).resolve()), "--", *command]


@contextlib.contextmanager
def born_deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started inside are born with SIGINT blocked (a thread's signal mask is
    inherited across fork and exec). Ctrl-C reaches the whole process group: a worker
    still importing got a KeyboardInterrupt traceback each (a dozen on the terminal) and
    died, and the campaign then said "fewer than 2 real targets" instead of stopping.
    Blocked, the signal waits in the worker until its start-up ignores SIGINT
    (`ignore_ctrl_c`), which discards it. Any thread may call this."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def ignore_ctrl_c() -> None:
    """A worker's first step: Ctrl-C belongs to the campaign's process, which decides what
    it means; one that came while this process started is discarded here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def exit_on_sigterm() -> None:
    """A SIGTERM (a time limit's `timeout`, a batch system) runs the program's `finally`
    clauses, as Ctrl-C does, instead of killing it on the spot: what it started is closed
    the ordinary way. Call from the main thread."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, handler)


def _end_descendants(program: subprocess.Popen[bytes] | None) -> None:
    """Kill everything below this (subreaper) process and reap it, until nothing is left:
    each death orphans that process's children, who then become ours."""
    while True:
        alive = descendants(os.getpid())
        for pid in alive:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if program is not None and program.returncode is None:
            program.wait()  # dead now (killed above, or a zombie): its own status
        while True:
            try:
                reaped, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if reaped == 0:
                break
        if not alive:
            return
        time.sleep(0.01)


def _watch(command: list[str]) -> int:
    become_subreaper()
    exit_on_sigterm()
    lifeline = sys.stdin.fileno()
    program: subprocess.Popen[bytes] | None = None
    try:
        program = subprocess.Popen(command, stdin=subprocess.DEVNULL)
        while program.poll() is None:
            readable, _, _ = select.select([lifeline], [], [], _WATCH_POLL_S)
            if readable and not os.read(lifeline, 4096):
                break  # the starting process closed the pipe, or died
    finally:
        _end_descendants(program)
    code = program.returncode
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--"]:
        arguments = arguments[1:]
    if not arguments:
        sys.exit("usage: lifetime.py -- PROGRAM [ARGS...]")
    sys.exit(_watch(arguments))
