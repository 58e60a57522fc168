"""Workers and reducers die with the process that started them (issue 23, item 5).

A campaign killed with `kill -9` runs no clean-up: its workers must end by themselves (a
worker compiling a macro bomb once grew from 3.7 to 9.6 GB in 30 s after its campaign
died), and so must creduce and all it forked (one ran on for 44 minutes after its
reducer was stopped by a time limit). Each test starts a child process
(tests/hostile_child.py) on real drivers, waits until its worker or creduce is busy,
kills the child, and counts what is left of its tree.

While a test runs, the test process is a subreaper: whatever the killed child started
becomes the test's child once orphaned, so nothing escapes the count.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shadersmith.oracle.blame import witnesses_for
from shadersmith.targets import lifetime
from shadersmith.targets.catalogue.registry import CPU_TARGETS
from shadersmith.targets.engine import (
    DEFAULT_MEMORY_CAP_MB,
    MIN_MEMORY_CAP_MB,
    Worker,
    memory_cap_for,
    own_time_limit_s,
)
from shadersmith.targets.session import TargetSession

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "hostile"
GONE_WITHIN_S = 5.0
START_S = 180.0  # a session's start on a busy two-core machine

needs_creduce = pytest.mark.skipif(
    shutil.which("creduce") is None, reason="creduce is not installed (Debian package creduce)"
)


class Child:
    """tests/hostile_child.py running in its own process, its lines read as they come."""

    def __init__(self, *arguments: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.hostile_child", *arguments],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.pid = self.process.pid
        self.output: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def expect(self, word: str, timeout_s: float = START_S) -> str:
        """The first line that starts with `word`; fails with what the child said."""
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                tail = "\n".join(self.output[-30:])
                pytest.fail(f"the child never said {word!r}; it said:\n{tail}")
            self.output.append(line)
            if line.startswith(word):
                return line

    def announced(self) -> dict[str, Any]:
        """The child's JSON line about its session: worker ids, missing targets, cap."""
        facts: dict[str, Any] = json.loads(self.expect('{"workers"'))
        assert not facts["missing"], facts["missing"]
        return facts


@pytest.fixture
def adopting() -> Iterator[set[int]]:
    """This process as the subreaper of what its children leave; yields the processes
    that were below it before (left alone), and kills whatever a failed test left."""
    before = lifetime.descendants(os.getpid())
    lifetime.become_subreaper()
    try:
        yield before
    finally:
        lifetime.stop_being_subreaper()
        for pid in lifetime.descendants(os.getpid()) - before:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _reap_orphans(before)


def _reap_orphans(before: set[int]) -> None:
    """Collect the exit status of every child of ours that died (orphans we adopted)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) not in before:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(int(entry), os.WNOHANG)


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_busy(pid: int, cpu_s: float, timeout_s: float = 60.0) -> None:
    """Until worker `pid` has spent `cpu_s` more seconds on the CPU: its job is in flight."""
    start = _cpu_seconds(pid)
    deadline = time.monotonic() + timeout_s
    while _cpu_seconds(pid) - start < cpu_s:
        assert time.monotonic() < deadline, f"worker {pid} never got busy"
        time.sleep(0.02)


def _cmdline(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return [part.decode(errors="replace") for part in cmdline.read().split(b"\0")]
    except OSError:
        return []


def _kill_and_count(child: Child, signal_number: int, before: set[int]) -> tuple[float, set[int]]:
    """Send `signal_number` to the child; (seconds until nothing of its tree was left, or
    GONE_WITHIN_S, what was left then)."""
    started = time.monotonic()
    os.kill(child.pid, signal_number)
    while True:
        left = lifetime.descendants(os.getpid()) - before - {child.pid}
        if child.process.poll() is None:
            left.add(child.pid)
        elapsed = time.monotonic() - started
        if not left or elapsed > GONE_WITHIN_S:
            return elapsed, left
        time.sleep(0.02)


def _described(pids: set[int]) -> str:
    return "; ".join(f"{pid}: {' '.join(_cmdline(pid))[:120]}" for pid in sorted(pids))


@pytest.mark.parametrize(
    ("target", "shader", "stage"),
    [
        # Compiling: Mesa's GLSL preprocessor grows while it expands the bomb (~1 GB/s).
        ("gl-llvmpipe", "macro_bomb.comp", "compute"),
        # Running: a loop without a limiter, for ever on softpipe.
        ("gl-softpipe", "endless_loop.frag", "fragment"),
    ],
)
def test_kill_9_with_a_worker_in_flight_leaves_no_process_within_5_s(
    adopting: set[int], target: str, shader: str, stage: str
) -> None:
    child = Child("run", target, str(DATA / shader), stage)
    workers = child.announced()["workers"]
    child.expect("running")
    _wait_busy(workers[0], cpu_s=0.3)
    tree = lifetime.descendants(child.pid)
    assert set(workers) <= tree
    resident_mb = int(Path(f"/proc/{workers[0]}/statm").read_text().split()[1]) * 4096 >> 20
    seconds, left = _kill_and_count(child, signal.SIGKILL, adopting)
    print(
        f"{target}: kill -9 with the worker in flight ({resident_mb} MB resident): "
        f"{len(tree) + 1} processes gone after {seconds:.2f} s"
    )
    assert not left, f"still running after {seconds:.1f} s: {_described(left)}"


def test_a_worker_whose_parent_stops_watching_ends_by_its_own_time_limit(
    adopting: set[int],
) -> None:
    """A campaign stopped (Ctrl-Z, SIGSTOP) keeps its pipes open and its watchdog still:
    the worker's own time limit ends an endless job."""
    timeout_s = 3.0
    child = Child("run", "gl-softpipe", str(DATA / "endless_loop.frag"), "fragment", "3")
    worker = child.announced()["workers"][0]
    child.expect("running")
    sent = time.monotonic()
    _wait_busy(worker, cpu_s=0.1)
    os.kill(child.pid, signal.SIGSTOP)
    stopped_after = time.monotonic() - sent
    assert stopped_after < timeout_s, "the watchdog's deadline passed before the stop"
    limit = own_time_limit_s(timeout_s)
    deadline = sent + limit + 10
    while worker in lifetime.descendants(child.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    ended_after = time.monotonic() - sent
    alive = worker in lifetime.descendants(child.pid)
    os.kill(child.pid, signal.SIGKILL)
    child.process.wait()
    assert not alive, f"the worker still ran {ended_after:.0f} s after its job was sent"
    assert ended_after >= limit - 1, "the worker ended before its own time limit"
    print(f"worker ended {ended_after:.1f} s after its job (own limit {limit:g} s)")


def _creduce_with_forks(child: Child, timeout_s: float = 120.0) -> int:
    """creduce's process id, once it runs interestingness tests in forks of its own (its
    passes, after the first check of the whole file, which it runs itself: killed during
    that check, it ends by itself, the check having failed)."""
    executable = shutil.which("creduce")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        tree = lifetime.descendants(child.pid)
        commands = {pid: _cmdline(pid) for pid in tree}
        for pid, command in commands.items():
            is_creduce = executable in command[:2] and not any(
                part.endswith("lifetime.py") for part in command
            )
            forks = [p for p in lifetime.descendants(pid) if commands.get(p) == command]
            if is_creduce and forks:
                return pid
        time.sleep(0.05)
    tail = "\n".join(child.output[-30:])
    pytest.fail(f"creduce never forked a test; the child said:\n{tail}")


@needs_creduce
@pytest.mark.parametrize(
    "signal_number", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"]
)
def test_killing_a_creduce_reduction_leaves_no_creduce_within_5_s(
    adopting: set[int], signal_number: int
) -> None:
    child = Child("creduce", str(DATA / "subtraction"))
    workers = child.announced()["workers"]
    child.expect("reducing")
    creduce = _creduce_with_forks(child)
    tree = lifetime.descendants(child.pid)
    assert set(workers) <= tree
    seconds, left = _kill_and_count(child, signal_number, adopting)
    name = signal.Signals(signal_number).name
    print(
        f"{name} of a creduce reduction: {len(tree) + 1} processes (creduce {creduce}, "
        f"{len(workers)} workers) gone after {seconds:.2f} s"
    )
    assert not left, f"still running after {seconds:.1f} s: {_described(left)}"


def test_killing_the_process_that_runs_glslang_ends_glslang_within_5_s(
    adopting: set[int],
) -> None:
    """A tool run as a process (glslang, spirv-opt, spirv-cross, Mesa's dump) is tied to
    the process that waits for it (lifetime.tied_to_this_process)."""
    child = Child("glslang", str(DATA / "macro_bomb.comp"), "compute")
    child.expect("compiling")
    deadline = time.monotonic() + 60
    while not any("glslang" in " ".join(_cmdline(p)) for p in lifetime.descendants(child.pid)):
        assert time.monotonic() < deadline, "glslang never started"
        time.sleep(0.02)
    elapsed, left = _kill_and_count(child, signal.SIGKILL, adopting)
    assert not left, f"left after {elapsed:.1f} s: {_described(left)}"


def test_the_workers_memory_caps_add_up_to_at_most_the_machine() -> None:
    total = lifetime.memory_total_bytes()
    default_workers = len(CPU_TARGETS) + len(witnesses_for(CPU_TARGETS))  # a campaign's
    for workers in (1, default_workers, 2 * default_workers, 4 * default_workers):
        cap = memory_cap_for(workers)
        assert cap.mb <= DEFAULT_MEMORY_CAP_MB
        if cap.mb > MIN_MEMORY_CAP_MB:
            assert workers * cap.mb * 2**20 <= total, cap.reason
        else:  # more workers than the machine holds: said, not hidden
            assert "overcommit" in cap.reason or workers * cap.mb * 2**20 <= total
    cap = memory_cap_for(default_workers)
    print(f"{default_workers} workers, {total / 2**30:.1f} GiB: {cap.mb} MB each ({cap.reason})")
    with TargetSession(["interp"], workers_per_target=2) as session:
        assert session.memory_cap == memory_cap_for(2)
        local = [w for w in session.pools["interp"].workers if isinstance(w, Worker)]
        caps = {worker.memory_cap_bytes for worker in local}
        assert caps == {session.memory_cap.mb * 2**20}
