"""Crash-isolated execution: persistent worker processes under a watchdog.

Drivers crash, hang and eat memory. Each worker is a separate process that builds its
target once (GL contexts and Vulkan devices are expensive) and then runs many jobs. The
parent side of each worker is a watchdog: it waits for the answer with a deadline and
polls the worker's resident memory; a worker that dies (signal, abort), overruns its
deadline or its memory cap is killed, the job is recorded as crash, timeout or
out-of-memory with the tail of what the worker printed, and a fresh worker takes its
place. No result already returned is ever lost: results are handed back one by one.

Workers start with the "spawn" method: forking a process that holds a driver context
(or a half-initialised one) is undefined behaviour of its own.

Workers die with their parent and carry their own limits, because a parent killed with
`kill -9` takes its watchdog with it (issue 23: a worker compiling a macro bomb grew from
3.7 to 9.6 GB in 30 s after its campaign died). Each worker asks the kernel for SIGKILL
when its parent goes (lifetime.py), keeps an address-space limit, and sets a time limit
of its own per job (SIGALRM, whose default action ends it even inside a driver call) for
a parent that is alive but not watching (stopped with Ctrl-Z). The resident caps of a
session's workers add up to a share of the machine's memory (`memory_cap_for`).
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import multiprocessing.connection
import os
import queue
import resource
import signal
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from shadersmith.targets import crash_backtrace, lifetime
from shadersmith.targets.results import DEVICE_LOST, RunResult, RunStatus
from shadersmith.targets.symbolize import symbolized
from shadersmith.targets.tools import in_process

DEFAULT_TIMEOUT_S = 60.0
DEFAULT_MEMORY_CAP_MB = 4096
# A session's workers share this part of the machine's memory; the rest is for the
# campaign's own process, a reducer and the system. Two Mesa GL workers growing past
# 10 GB each once brought the 24 GB machine to its out-of-memory killer; nine workers at
# the default cap would promise 36 GB of it.
WORKERS_SHARE_OF_MEMORY = 0.75
# Below this a worker cannot hold its driver (idle llvmpipe, lavapipe and softpipe
# workers are 140-280 MB resident): more workers than the share allows get this, and the
# cap's reason says that they overcommit.
MIN_MEMORY_CAP_MB = 512
# Address space limit as a backstop behind the resident-memory watchdog: drivers reserve
# far more virtual memory than they touch (thread stacks, LLVM's allocators), so the
# limit on address space is set well above the resident cap, and never below what idle
# workers reserve (VmPeak up to 1.2 GB on the 2-core machine, more with more cores).
ADDRESS_SPACE_FACTOR = 4
MIN_ADDRESS_SPACE_MB = 4096
# A worker's own time limit per job, well after the watchdog's deadline, which normally
# comes first (a timeout is then recorded as such, not as the worker's death).
OWN_TIME_LIMIT_FACTOR = 2
OWN_TIME_LIMIT_GRACE_S = 10.0
POLL_INTERVAL_S = 0.05
# The log of a job dropped because its worker was abandoned (never recorded).
ABANDONED = "abandoned: the campaign stopped"
# A run whose driver lost its Vulkan device (VK_ERROR_DEVICE_LOST: a GPU fault, a hang the
# kernel reset, another process's fault on the same GPU): the driver's crash, not ours, and
# the worker's device is gone for good, so the parent replaces the worker before its next
# job. The campaign's crash re-runs (campaign/findings.py) then tell a device this program
# loses from one lost beside it: the re-runs run on fresh devices.
_RESULT_THEN_RESTART = "result, then restart"
# Waits before the further tries to start a worker again after it died: a GPU driver that
# lost its device refused a new one for a few seconds (VkErrorInitializationFailed on the
# H200, right after a VK_ERROR_DEVICE_LOST), which ended a whole campaign.
RESTART_WAITS_S = (1.0, 4.0, 15.0)
# A worker that still could not start is lost: its jobs answer `unsupported` (so nothing
# is judged on it) without waiting, and it is tried again at most this often.
LOST_RETRY_INTERVAL_S = 60.0
TARGET_LOST = "target lost: its worker could not be started again"
LOG_TAIL_BYTES = 4000


class Target(Protocol):
    """A named chain of components that can run jobs; built inside a worker process."""

    name: str

    def versions(self) -> dict[str, str]: ...

    def execute(self, job: Any) -> RunResult: ...


@dataclass(frozen=True)
class TargetSpec:
    """How a worker builds its target: `module:function` called with `kwargs`.

    A spec rather than a target object crosses the process boundary, because targets
    hold driver handles that cannot be pickled.
    """

    name: str
    factory: str
    kwargs: tuple[tuple[str, Any], ...] = ()
    # `module:function` giving environment variables the worker must have from its start
    # (the dynamic loader reads LD_LIBRARY_PATH only then): a target on libraries outside
    # the system's folders (newest.py). Called in the parent; None: the parent's own.
    environment: str | None = None
    # Variables given as they are (a user-declared target's: user_targets.py), after
    # `environment`'s.
    fixed_environment: tuple[tuple[str, str], ...] = ()

    def process_environment(self) -> dict[str, str]:
        variables: dict[str, str] = {}
        if self.environment is not None:
            module_name, function_name = self.environment.split(":")
            function: Callable[[], dict[str, str]] = getattr(
                importlib.import_module(module_name), function_name
            )
            variables = function()
        return variables | dict(self.fixed_environment)

    def build(self) -> Target:
        module_name, function_name = self.factory.split(":")
        function: Callable[..., Target] = getattr(
            importlib.import_module(module_name), function_name
        )
        return function(**dict(self.kwargs))


@dataclass(frozen=True)
class MemoryCap:
    """Each worker's resident-memory cap, and how it was chosen (said with an OOM)."""

    mb: int
    reason: str


def memory_cap_for(workers: int, ceiling_mb: int = DEFAULT_MEMORY_CAP_MB) -> MemoryCap:
    """The cap for each of `workers` workers running at once: at most `ceiling_mb`, and
    together at most WORKERS_SHARE_OF_MEMORY of the machine's memory."""
    workers = max(1, workers)
    total = lifetime.memory_total_bytes()
    if total <= 0:  # nothing to share out: the caller's cap
        return MemoryCap(ceiling_mb, f"{ceiling_mb} MB per worker (machine memory unknown)")
    share_mb = int(total * WORKERS_SHARE_OF_MEMORY / workers) // 2**20
    machine = f"{WORKERS_SHARE_OF_MEMORY:.0%} of this machine's {total / 2**30:.1f} GiB"
    if ceiling_mb <= share_mb:
        return MemoryCap(ceiling_mb, f"{ceiling_mb} MB per worker; {workers} fit {machine}")
    if share_mb >= MIN_MEMORY_CAP_MB:
        return MemoryCap(share_mb, f"{machine} shared by {workers} workers")
    return MemoryCap(
        MIN_MEMORY_CAP_MB,
        f"the least a worker needs; {workers} workers overcommit {machine}",
    )


def address_space_limit_bytes(memory_cap_mb: int) -> int:
    return max(memory_cap_mb * ADDRESS_SPACE_FACTOR, MIN_ADDRESS_SPACE_MB) * 2**20


def own_time_limit_s(timeout_s: float) -> float:
    return timeout_s * OWN_TIME_LIMIT_FACTOR + OWN_TIME_LIMIT_GRACE_S


# --------------------------------------------------------------------- worker side


def _worker_main(
    spec: TargetSpec,
    connection: multiprocessing.connection.Connection,
    log_path: str,
    address_space_bytes: int,
    parent_pid: int,
    time_limit_s: float,
) -> None:
    # First: a worker outlives no campaign. The kernel ends it when its parent goes,
    # even while a driver call holds the GIL (no thread of ours could run then).
    lifetime.die_with_parent(parent_pid)
    # Everything the driver prints goes to a file the watchdog can read after a crash.
    log_fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    # A crash leaves its native stack in that log: signatures name the top frame.
    crash_backtrace.install()
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    if address_space_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (address_space_bytes, address_space_bytes))
    # A hung driver is killed by the watchdog; Ctrl-C belongs to the parent.
    lifetime.ignore_ctrl_c()
    # The own time limit: SIGALRM's default action, no Python handler (it would wait for
    # the driver call to return).
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    # This process is isolated: the tools may run in it (a crash is recorded, not fatal).
    in_process.allow()
    try:
        target = spec.build()
        components = [name for name, _ in getattr(target, "components", [])]
        connection.send(("ready", (target.versions(), components)))
    except BaseException as error:  # report any start failure, then stop
        connection.send(("failed", f"{type(error).__name__}: {error}"))
        return
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        if job is None:
            return
        signal.setitimer(signal.ITIMER_REAL, time_limit_s)
        reply = "result"
        try:
            result = target.execute(job)
        except MemoryError:
            result = RunResult(RunStatus.OOM, log="MemoryError in the worker")
        except Exception as error:
            if _device_lost(error):
                log = f"{DEVICE_LOST}: {type(error).__name__}\n{traceback.format_exc()}"
                result = RunResult(RunStatus.CRASH, log=log)
                reply = _RESULT_THEN_RESTART
            else:
                # A defect of ours or of a binding, not of the driver: say so plainly.
                log = "harness exception:\n" + traceback.format_exc()
                result = RunResult(RunStatus.CRASH, log=log)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if result.ok:
            result.output_digest()  # here, not in the campaign's process (results.py)
        connection.send((reply, result))


def _device_lost(error: BaseException) -> bool:
    """Whether `error`, or an error it was raised from, is the `vulkan` binding's
    VK_ERROR_DEVICE_LOST. By the class's name: a GL target's worker loads no Vulkan."""
    seen: BaseException | None = error
    while seen is not None:
        if type(seen).__name__ == "VkErrorDeviceLost":
            return True
        seen = seen.__cause__ or seen.__context__
    return False


# --------------------------------------------------------------------- parent side


class TargetUnavailable(Exception):
    """The worker could not build its target (driver missing, no device...)."""


# A spawned process inherits the parent's environment as it is when the process starts.
# Every worker start holds this lock, so one worker's variables never reach another.
_SPAWN_LOCK = threading.Lock()


@contextlib.contextmanager
def _environment_for_spawn(variables: dict[str, str]) -> Iterator[None]:
    with _SPAWN_LOCK:
        saved = {name: os.environ.get(name) for name in variables}
        os.environ.update(variables)
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


class _Spawner:
    """Starts every worker from one thread that lives as long as this process.

    The parent-death signal fires when the *thread* that started a child ends, not the
    process (prctl(2)); workers start and restart from short-lived threads (a session's
    start-up threads, a stream's serving threads), whose end would kill them."""

    def __init__(self) -> None:
        self._requests: queue.Queue[tuple[Callable[[], None], Future[None]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def run(self, start: Callable[[], None]) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._serve, name="shadersmith-spawner", daemon=True
                )
                self._thread.start()
        done: Future[None] = Future()
        self._requests.put((start, done))
        done.result()

    def _serve(self) -> None:
        while True:
            start, done = self._requests.get()
            try:
                start()
            except BaseException as error:  # the caller's to handle
                done.set_exception(error)
            else:
                done.set_result(None)


_SPAWNER = _Spawner()


def _resident_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _tail(path: Path, size: int = LOG_TAIL_BYTES) -> str:
    try:
        with path.open("rb") as log:
            log.seek(0, os.SEEK_END)
            log.seek(max(0, log.tell() - size))
            return log.read().decode("utf-8", "replace")
    except OSError:
        return ""


class Worker:
    """One worker process and its watchdog."""

    def __init__(
        self,
        spec: TargetSpec,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        memory_cap_mb: int = DEFAULT_MEMORY_CAP_MB,
        start_timeout_s: float = 120.0,
        memory_cap_reason: str = "",
    ) -> None:
        self.spec = spec
        self.timeout_s = timeout_s
        self.memory_cap_bytes = memory_cap_mb * 1024 * 1024
        self.memory_cap_reason = memory_cap_reason  # how the cap was chosen (MemoryCap)
        self.start_timeout_s = start_timeout_s
        self.versions: dict[str, str] = {}
        self.components: list[str] = []  # the chain's component names, in order
        self.restarts = 0
        # Why the worker could not be started again after it died (None while it runs).
        self.lost: str | None = None
        self._lost_at = 0.0
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._connection: multiprocessing.connection.Connection | None = None
        # One job at a time: a pool's thread and a campaign's crash re-run may both ask.
        self._lock = threading.Lock()
        # Set by `abandon` (a campaign stopping now): the job in flight is dropped and the
        # worker is not started again.
        self._abandoned = threading.Event()
        self._log_dir = Path(tempfile.mkdtemp(prefix=f"shadersmith-{spec.name}-"))
        self._log_path = self._log_dir / "worker.log"
        self._start()

    # The process handle type differs per start method; Any keeps mypy out of it.
    def _start(self) -> None:
        self._log_path.write_bytes(b"")
        parent, child = self._context.Pipe()
        self._process = self._context.Process(
            target=_worker_main,
            args=(
                self.spec,
                child,
                str(self._log_path),
                address_space_limit_bytes(self.memory_cap_bytes // 2**20),
                os.getpid(),
                own_time_limit_s(self.timeout_s),
            ),
            daemon=True,
            name=f"shadersmith-worker-{self.spec.name}",
        )
        environment = self.spec.process_environment()

        def start() -> None:
            with _environment_for_spawn(environment), lifetime.born_deaf_to_ctrl_c():
                self._process.start()

        _SPAWNER.run(start)
        child.close()
        self._connection = parent
        if not parent.poll(self.start_timeout_s):
            self._kill()
            raise TargetUnavailable(f"{self.spec.name}: worker did not start in time")
        try:
            kind, payload = parent.recv()
        except EOFError:
            tail = _tail(self._log_path).strip().splitlines()
            self._kill()
            reason = tail[-1] if tail else "worker died while starting"
            raise TargetUnavailable(f"{self.spec.name}: {reason}") from None
        if kind != "ready":
            self._kill()
            raise TargetUnavailable(f"{self.spec.name}: {payload}")
        self.versions, self.components = payload

    @property
    def pid(self) -> int | None:
        """The worker process's id (None between a kill and its restart)."""
        return None if self._process is None else int(self._process.pid)

    def _kill(self) -> None:
        if self._process is not None and self._process.is_alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._process.pid, signal.SIGKILL)
            self._process.join(5)
        if self._connection is not None:
            self._connection.close()
        self._process = None
        self._connection = None

    def _restart(self, counted: bool = True) -> None:
        """A new worker process, tried again after each of RESTART_WAITS_S; one that
        still does not start leaves the worker lost (`lost` says why), never raises.
        `counted`: a restart after a death (`restarts`), not a renewal."""
        self._kill()
        if self._abandoned.is_set():
            return
        self.restarts += 1 if counted else 0
        for wait in (0.0, *RESTART_WAITS_S):
            if wait and self._abandoned.wait(wait):
                return
            try:
                self._start()
            except TargetUnavailable as error:
                self.lost = str(error)
                continue
            self.lost = None
            return
        self._lost_at = time.monotonic()

    def renew(self) -> None:
        """A fresh process in place of a healthy one, not counted as a restart: a job
        then runs with no state left by the jobs before it (a driver that keeps state
        between draws makes a finding depend on them; reduce/run.py confirms a reduced
        test this way). One that does not start leaves the worker `lost`, as a restart."""
        with self._lock:
            self._restart(counted=False)

    def abandon(self) -> None:
        """Stop now, from any thread: the process is killed in the middle of its job, whose
        result is dropped (a campaign stopping for Ctrl-C, SIGTERM or its time limit runs
        that job again when it resumes); later jobs are not run."""
        self._abandoned.set()
        process = self._process
        if process is not None and process.is_alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)

    def run(self, job: Any) -> RunResult:
        """Run one job; crashes, hangs and blow-ups come back as results, never raise."""
        with self._lock:
            if self._abandoned.is_set():
                return RunResult(RunStatus.UNSUPPORTED, log=ABANDONED)
            return self._run(job)

    def _lost_result(self) -> RunResult:
        return RunResult(RunStatus.UNSUPPORTED, log=f"{TARGET_LOST}: {self.lost}")

    def _run(self, job: Any) -> RunResult:
        if self.lost is not None:
            if time.monotonic() - self._lost_at < LOST_RETRY_INTERVAL_S:
                return self._lost_result()
            self._restart()
            if self.lost is not None:
                return self._lost_result()
        assert self._connection is not None and self._process is not None
        log_offset = self._log_path.stat().st_size
        start = time.perf_counter()
        try:
            self._connection.send(job)
        except (BrokenPipeError, OSError):
            self._restart()
            if self.lost is not None:
                return self._lost_result()
            assert self._connection is not None
            self._connection.send(job)
        deadline = start + self.timeout_s
        while True:
            if self._connection.poll(POLL_INTERVAL_S):
                try:
                    kind, payload = self._connection.recv()
                except (EOFError, OSError):
                    return self._died(start, log_offset)
                assert kind in ("result", _RESULT_THEN_RESTART)
                result: RunResult = payload
                result.wall_ms = (time.perf_counter() - start) * 1000
                if kind == _RESULT_THEN_RESTART:
                    self._restart()
                return result
            if not self._process.is_alive():
                return self._died(start, log_offset)
            if _resident_bytes(self._process.pid) > self.memory_cap_bytes:
                return self._killed(RunStatus.OOM, start, log_offset)
            if time.perf_counter() > deadline:
                return self._killed(RunStatus.TIMEOUT, start, log_offset)

    def _log_since(self, offset: int) -> str:
        """What the worker printed while running the current job: its head (where an
        assertion or the top of a backtrace is) and its tail, a few KB of each."""
        try:
            with self._log_path.open("rb") as log:
                size = log.seek(0, os.SEEK_END)
                log.seek(offset)
                if size - offset <= 2 * LOG_TAIL_BYTES:
                    return log.read().decode("utf-8", "replace")
                head = log.read(LOG_TAIL_BYTES)
                log.seek(size - LOG_TAIL_BYTES)
                tail = log.read()
        except OSError:
            return ""
        return (head + b"\n[...]\n" + tail).decode("utf-8", "replace")

    def _died(self, start: float, log_offset: int) -> RunResult:
        assert self._process is not None
        if self._abandoned.is_set():
            self._kill()
            return RunResult(RunStatus.UNSUPPORTED, log=ABANDONED)
        self._process.join(5)
        code = self._process.exitcode
        log = self._log_since(log_offset)
        if crash_backtrace.HEADING in log:
            log = symbolized(log)  # frames in our own libraries' hidden functions named
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit {code}"
        status = RunStatus.OOM if _looks_out_of_memory(log) else RunStatus.CRASH
        if code == -signal.SIGALRM:  # its own time limit, the watchdog not answering
            how = f"stopped by its own time limit ({own_time_limit_s(self.timeout_s):g} s)"
            status = RunStatus.TIMEOUT
        # Inside an in-process tool (in_process.py), the tool crashed, not the driver.
        step = in_process.open_step(log)
        result = RunResult(status, log=f"worker {how}\n{log}", failed_component=step)
        result.wall_ms = (time.perf_counter() - start) * 1000
        self._restart()
        return result

    def _killed(self, status: RunStatus, start: float, log_offset: int) -> RunResult:
        log = self._log_since(log_offset)
        elapsed = time.perf_counter() - start
        if status is RunStatus.TIMEOUT:
            why = f"no answer after {elapsed:.1f} s (limit {self.timeout_s:g} s)"
        else:
            why = f"resident memory over {self.memory_cap_bytes // 2**20} MB"
            if self.memory_cap_reason:
                why += f" ({self.memory_cap_reason})"
        step = in_process.open_step(log) or "driver"
        result = RunResult(status, log=f"{why}; worker killed\n{log}", failed_component=step)
        result.wall_ms = elapsed * 1000
        self._restart()
        return result

    def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(OSError):
                self._connection.send(None)
        if self._process is not None:
            self._process.join(2)
        self._kill()
        with contextlib.suppress(OSError):
            self._log_path.unlink()
            self._log_dir.rmdir()

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_OUT_OF_MEMORY_MARKERS = (
    "out of memory",
    "std::bad_alloc",
    "cannot allocate memory",
    "memoryerror",
    "llvm error: out of memory",
)


def _looks_out_of_memory(log: str) -> bool:
    lowered = log.lower()
    return any(marker in lowered for marker in _OUT_OF_MEMORY_MARKERS)


class WorkerPool:
    """Several workers of one target; a session drives each from a thread of its own
    (session.py)."""

    def __init__(
        self,
        spec: TargetSpec,
        workers: int = 1,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        memory_cap_mb: int = DEFAULT_MEMORY_CAP_MB,
        memory_cap_reason: str = "",
    ) -> None:
        self.spec = spec
        self.workers = [
            Worker(spec, timeout_s, memory_cap_mb, memory_cap_reason=memory_cap_reason)
            for _ in range(workers)
        ]

    @property
    def versions(self) -> dict[str, str]:
        return self.workers[0].versions

    @property
    def components(self) -> list[str]:
        return self.workers[0].components

    def close(self) -> None:
        for worker in self.workers:
            worker.close()

    def abandon(self) -> None:
        for worker in self.workers:
            worker.abandon()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
