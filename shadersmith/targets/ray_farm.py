"""A farm on Ray: a session whose targets run on the nodes of a Ray cluster.

Each node says which targets it runs as Ray custom resources, `target:<name>: n` (n
workers of that target on that node; `node_resources` probes a machine and says what it
can offer), so a GPU target (gl-nvidia, vk-nvidia) runs only where a node offers it. The
campaign's process (the head) starts one actor per (node, target), pinned to that node
and holding the node's n units of the target's resource; the actor builds n persistent
workers there (engine.Worker: the same watchdog, caps and crash isolation as a local
run). `RayTargetSession` is a TargetSession whose pools hold `RemoteWorker`s, whose
`run(job)` goes to an actor: `stream`, `run_many`, crash re-runs, blame refinements and
reductions work unchanged, and every result comes back to the head, which alone judges
and records it in the one store.

A node lost mid-campaign loses only its jobs in flight: the call fails with Ray's
actor-lost error (or does not answer within the watchdog's own bounds), and the job runs
again on another live actor of its target, waiting, up to `node_wait_s`, for a node to
(re)join when none is left. A job is recorded only when its result reaches the head, so
a lost job is run again, never recorded twice.

Ray is imported only here, and only when a session starts: a local campaign does not pay
for it (importing it takes ~0.3 s and ~100 MB).
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import queue
import re
import socket
import threading
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from shadersmith.targets.catalogue.registry import Discovery, discover, spec_for
from shadersmith.targets.engine import (
    MemoryCap,
    TargetSpec,
    TargetUnavailable,
    Worker,
    memory_cap_for,
    own_time_limit_s,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

RESOURCE_PREFIX = "target:"
# A pinned actor that is not up by then never will be: its node is busy (another
# campaign holds the node's units of the target) or gone.
ACTOR_START_TIMEOUT_S = 180.0
# A worker answers within its watchdog's deadline, or its own time limit, plus a restart
# (engine.Worker's start timeout); an actor silent past that is cut off like a lost node.
WORKER_RESTART_S = 120.0
ANSWER_GRACE_S = 60.0
# How often a job whose target has no live actor looks for a node that (re)joined.
REVIVE_INTERVAL_S = 1.0
DEFAULT_NODE_WAIT_S = 600.0
MAX_LOSSES_PER_JOB = 3
CLOSE_TIMEOUT_S = 10.0
CONNECT_TIMEOUT_S = 10.0
# How long a listener at the cluster's address may take to answer as a Ray head.
ANSWER_TIMEOUT_S = 5.0
# HTTP/2's connection preface and an empty SETTINGS frame (RFC 9113, 3.4): what a gRPC
# client sends first; the server's first frame answers with its own SETTINGS (type 4).
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_SETTINGS_FRAME = 4
# A DNS name, an IPv4 address or an IPv6 address (its brackets stripped).
_HOST = re.compile(r"[A-Za-z0-9._:-]+")


def resource_for(target: str) -> str:
    """The Ray custom resource a node offers to run `target`."""
    return RESOURCE_PREFIX + target


def node_resources(
    names: Iterable[str], workers: int | None = None
) -> tuple[dict[str, int], list[Discovery]]:
    """What this machine can offer a cluster: `target:<name>: n` for each of `names` that
    starts here, with n workers each (default: this machine's CPUs shared by the present
    targets, at least one), and the probe of every name (why one is missing)."""
    found = discover(names)
    present = [probe.name for probe in found if probe.present]
    cpus = len(os.sched_getaffinity(0))
    each = workers or max(1, math.ceil(cpus / max(1, len(present))))
    return {resource_for(name): each for name in present}, found


def _ray() -> Any:
    import ray

    return ray


def _lost_errors() -> tuple[type[BaseException], ...]:
    """Ray's errors that mean the actor, its node or the result is gone (the job may run
    again elsewhere); any other error from a call is a defect of ours, and raises."""
    exceptions = _ray().exceptions
    return (
        exceptions.RayActorError,  # ActorDiedError, ActorUnavailableError
        exceptions.GetTimeoutError,
        exceptions.ObjectLostError,  # a large result on a node that went
        exceptions.NodeDiedError,
        exceptions.WorkerCrashedError,
    )


class ClusterUnavailable(RuntimeError):
    """No Ray cluster answers at the address given."""


class NoNodeLeft(RuntimeError):
    """No node of the cluster runs a target any longer, and none came back in time."""


# --------------------------------------------------------------------- node side


class TargetActor:
    """The workers of one target on one node; runs as a Ray actor there.

    A plain class (made a Ray actor by `_actor_class`), so that importing this module
    needs no Ray. Its calls run on up to `workers` threads (max_concurrency), each taking
    a free worker."""

    def __init__(
        self,
        spec: TargetSpec,
        workers: int,
        timeout_s: float,
        memory_cap_mb: int,
        node_workers: int,
    ) -> None:
        # The node's memory is shared by every worker it offers, of all targets.
        cap = memory_cap_for(node_workers, memory_cap_mb)
        self._free: queue.SimpleQueue[Worker] = queue.SimpleQueue()
        self._workers: list[Worker] = []
        self._error: str | None = None

        def start() -> Worker:
            return Worker(spec, timeout_s, cap.mb, memory_cap_reason=cap.reason)

        with ThreadPoolExecutor(max_workers=workers) as threads:
            starting = [threads.submit(start) for _ in range(workers)]
        for future in starting:
            # Errors are kept, not raised: a failed actor start reaches the head as a
            # whole traceback, where one line saying why the target is missing is wanted.
            try:
                self._workers.append(future.result())
            except TargetUnavailable as error:
                self._error = str(error)
        if self._error is not None:
            self.close()
        for worker in self._workers:
            self._free.put(worker)

    def describe(self) -> tuple[str | None, dict[str, str], list[str]]:
        """(why it failed to start or None, the target's versions, its components)."""
        if self._error is not None or not self._workers:
            return self._error or "no worker started", {}, []
        return None, self._workers[0].versions, self._workers[0].components

    def run(self, job: Job) -> tuple[RunResult, int]:
        """A job's result, and how many times its worker restarted running it."""
        worker = self._free.get()
        try:
            restarts = worker.restarts
            result = worker.run(job)
            return result, worker.restarts - restarts
        finally:
            self._free.put(worker)

    def renew(self) -> None:
        """Every worker a fresh process (engine.Worker.renew), each once it is free."""
        taken = [self._free.get() for _ in self._workers]
        try:
            for worker in taken:
                worker.renew()
        finally:
            for worker in taken:
                self._free.put(worker)

    def close(self) -> None:
        """Ends the workers and removes their logs (a killed actor's workers die with it,
        but leave their log folders behind)."""
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.close()


_ACTOR_CLASS: Any = None


def _actor_class() -> Any:
    global _ACTOR_CLASS
    if _ACTOR_CLASS is None:
        # No CPU asked of Ray: a node's `target:` resources are its capacity (a node
        # started with few CPUs still runs every target it offers). No restarts by Ray: a
        # restarted actor would take new jobs under an old handle while the pool sends
        # the lost ones elsewhere (RemoteWorker.run).
        _ACTOR_CLASS = _ray().remote(num_cpus=0, max_restarts=0)(TargetActor)
    return _ACTOR_CLASS


# --------------------------------------------------------------------- head side


@dataclass(frozen=True)
class Node:
    id: str
    address: str
    offers: dict[str, float]  # the node's `target:` resources
    head: bool

    @property
    def label(self) -> str:
        return f"{self.address} ({self.id[:8]})"

    def workers_of(self, targets: Iterable[str]) -> int:
        """The workers a session of `targets` starts on this node (they share its
        memory); a node may offer more targets than a campaign runs."""
        return max(1, sum(self.units_of(name) for name in set(targets)))

    def units_of(self, target: str) -> int:
        return int(self.offers.get(resource_for(target), 0))


def _live_nodes() -> list[Node]:
    """The cluster's live nodes, the head's first (a tie among disagreeing nodes keeps
    the head's versions)."""
    nodes = [
        Node(
            str(entry["NodeID"]),
            str(entry.get("NodeManagerAddress", "?")),
            {
                name: float(units)
                for name, units in entry.get("Resources", {}).items()
                if name.startswith(RESOURCE_PREFIX)
            },
            "node:__internal_head__" in entry.get("Resources", {}),
        )
        for entry in _ray().nodes()
        if entry.get("Alive")
    ]
    return sorted(nodes, key=lambda node: (not node.head, node.id))


@dataclass(frozen=True)
class FarmSettings:
    """What every actor of a session is started with."""

    timeout_s: float
    memory_cap_mb: int
    node_wait_s: float
    targets: tuple[str, ...]  # the session's (their workers share a node's memory)

    @property
    def answer_timeout_s(self) -> float:
        return own_time_limit_s(self.timeout_s) + WORKER_RESTART_S + ANSWER_GRACE_S


@dataclass
class _Started:
    node: Node
    actor: Any
    ready: Any  # the actor's `describe` call


def _start_actor(spec: TargetSpec, node: Node, settings: FarmSettings) -> _Started:
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    units = node.units_of(spec.name)
    actor = (
        _actor_class()
        .options(
            # All of the node's units of the target, on that node: one actor per (node,
            # target), however often a pool revives.
            resources={resource_for(spec.name): units},
            scheduling_strategy=NodeAffinitySchedulingStrategy(node.id, soft=False),
            max_concurrency=units,
        )
        .remote(
            spec,
            units,
            settings.timeout_s,
            settings.memory_cap_mb,
            node.workers_of(settings.targets),
        )
    )
    return _Started(node, actor, actor.describe.remote())


def _await_actor(
    started: _Started, deadline: float
) -> tuple[str | None, dict[str, str], list[str]]:
    """The started actor's description, or why it is not to be used."""
    ray = _ray()
    try:
        why, versions, components = ray.get(
            started.ready, timeout=max(0.0, deadline - time.monotonic())
        )
    except ray.exceptions.GetTimeoutError:
        why, versions, components = "its actor did not start in time (node busy?)", {}, []
    except _lost_errors() as error:
        why, versions, components = f"its actor died while starting: {_first_line(error)}", {}, []
    return why, versions, components


def _check_answers(address: str) -> None:
    """A one-line error at once where no Ray head answers at `address` (host:port): Ray
    itself retries for minutes before it gives up, and waited forever on a listener that
    was not Ray (a silent one, an HTTP server) or on `localhost:-1` (issue 34). A Ray
    head's GCS speaks gRPC: to HTTP/2's connection preface it answers with a SETTINGS
    frame, which is all that is asked of it here."""
    if address == "auto":
        return
    host, port = _host_and_port(address)
    try:
        with socket.create_connection((host, port), CONNECT_TIMEOUT_S) as connection:
            connection.settimeout(ANSWER_TIMEOUT_S)
            connection.sendall(_HTTP2_PREFACE)
            answer = connection.recv(64)
    except TimeoutError:
        raise ClusterUnavailable(
            f"no Ray cluster at {address}: it accepted the connection but did not answer "
            f"as a Ray head within {ANSWER_TIMEOUT_S:g} s"
        ) from None
    except (OSError, UnicodeError) as error:  # UnicodeError: a host name IDNA refuses
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ClusterUnavailable(f"no Ray cluster at {address}: {reason}") from None
    if len(answer) < 9 or answer[3] != _SETTINGS_FRAME:
        first = answer.split(b"\n", 1)[0][:60].decode("ascii", "backslashreplace")
        raise ClusterUnavailable(
            f"no Ray cluster at {address}: something else answered there ({first!r}), "
            "not a Ray head's gRPC"
        )


def _check_dialled_address_answers(address: str) -> None:
    """A one-line error at once where the address Ray will dial does not answer. Ray
    replaces a loopback host with this machine's outward address (so that other nodes can
    reach the head); on a machine whose outward address is firewalled, or a head started
    with `--node-ip-address 127.0.0.1`, that address does not answer and Ray retried for
    ten minutes before it gave up (seen in CI)."""
    if address == "auto":
        return
    from ray._private.services import canonicalize_bootstrap_address  # pinned Ray

    dialled = canonicalize_bootstrap_address(address)
    if dialled is None or dialled == address:
        return
    try:
        _check_answers(dialled)
    except ClusterUnavailable as error:
        raise ClusterUnavailable(
            f"no Ray cluster at {address}: Ray dials a loopback address as this machine's "
            f"outward address {dialled}, and {str(error).partition(': ')[2]}; give the "
            "head's outward address, or start the head with that node IP address"
        ) from None


def _host_and_port(address: str) -> tuple[str, int]:
    """`address`'s host and port, or ClusterUnavailable saying what is wrong with it."""
    host, colon, port = address.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterUnavailable(
            f"{address[:80]!r} is not an address of a Ray head: give host:port (port "
            "1-65535), or auto"
        )
    if len(host) > 253 or not _HOST.fullmatch(host):
        raise ClusterUnavailable(f"{host[:80]!r} is not a host name or IP address")
    return host, int(port)


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0][:200] if lines else type(error).__name__


def _kill(actor: Any) -> None:
    with contextlib.suppress(Exception):  # already gone with its node
        _ray().kill(actor, no_restart=True)


def _retire(actors: Sequence[Any]) -> None:
    """End live actors: their workers first (which removes their logs on the node),
    then the actors; an actor that does not answer in time is killed all the same."""
    if not actors:
        return
    ray = _ray()
    with contextlib.suppress(Exception):
        closing = [actor.close.remote() for actor in actors]
        ray.wait(closing, num_returns=len(closing), timeout=CLOSE_TIMEOUT_S)
    for actor in actors:
        _kill(actor)


class RemoteWorker:
    """A worker slot of a target on the cluster: `run` sends the job to an actor of the
    target, the one on its own node while that lives, else another, and runs it again
    elsewhere when the actor is lost on the way."""

    def __init__(self, pool: RayPool, node: str) -> None:
        self.pool = pool
        self.node = node
        self.restarts = 0  # of the remote workers, while running this slot's jobs
        self.reruns = 0  # jobs run again because their node was lost
        self.lost: str | None = None  # a lost worker's runs answer `unsupported` on its node

    @property
    def spec(self) -> TargetSpec:
        return self.pool.spec

    def renew(self) -> None:
        """Fresh processes for the workers of this slot's actor (engine.Worker.renew); a
        lost actor is renewed by being replaced, so nothing is left to do then."""
        self.node, actor = self.pool.actor_for(self.node)
        with contextlib.suppress(*_lost_errors()):
            _ray().get(actor.renew.remote(), timeout=self.pool.settings.answer_timeout_s)

    def run(self, job: Job) -> RunResult:
        ray = _ray()
        lost = _lost_errors()
        for _ in range(MAX_LOSSES_PER_JOB):
            self.node, actor = self.pool.actor_for(self.node)
            try:
                result, restarts = ray.get(
                    actor.run.remote(job), timeout=self.pool.settings.answer_timeout_s
                )
            except lost as error:
                self.pool.lost(self.node, actor, error)
                self.reruns += 1
                continue
            self.restarts += restarts
            return result  # type: ignore[no-any-return]
        # Workers isolate the drivers' crashes: an actor dies with its node, or when Ray
        # kills it for the node's memory. A job that several took with them is not
        # passed on to take the rest.
        raise NoNodeLeft(
            f"{self.spec.name}: a test was lost with {MAX_LOSSES_PER_JOB} actors in a row "
            f"(last: {self.pool.lost_nodes[-1] if self.pool.lost_nodes else '?'}); it is "
            "not recorded"
        )


class RayPool:
    """A target's actors on the cluster, one per node that offers it, and the worker
    slots a session drives (session.Pool)."""

    def __init__(
        self,
        spec: TargetSpec,
        actors: dict[str, tuple[Node, Any]],
        versions: dict[str, str],
        components: list[str],
        settings: FarmSettings,
    ) -> None:
        self.spec = spec
        self.versions = versions
        self.components = components
        self.settings = settings
        self._actors = {node_id: actor for node_id, (_, actor) in actors.items()}
        self._capacity = {
            node_id: node.units_of(spec.name) for node_id, (node, _) in actors.items()
        }
        self._bound = dict.fromkeys(self._capacity, 0)
        self.workers = [
            RemoteWorker(self, node_id)
            for node_id, units in self._capacity.items()
            for _ in range(units)
        ]
        for worker in self.workers:
            self._bound[worker.node] += 1
        self.left_out: dict[str, str] = {}  # node label -> why it runs none of this target
        self.lost_nodes: list[str] = []
        self._refused: set[str] = set()  # node ids not to try again
        self._condition = threading.Condition()
        self._reviving = threading.Lock()
        self._closed = False

    @property
    def live_nodes(self) -> int:
        with self._condition:
            return len(self._actors)

    def actor_for(self, node: str) -> tuple[str, Any]:
        """The live actor on `node`, else the least bound live one; waits (up to
        `node_wait_s`) for a node to (re)join where none is left."""
        deadline = time.monotonic() + self.settings.node_wait_s
        while True:
            with self._condition:
                if self._closed:
                    raise NoNodeLeft(f"{self.spec.name}: the session is closed")
                if node in self._actors:
                    return node, self._actors[node]
                if self._actors:
                    chosen = min(self._actors, key=lambda n: self._bound[n] / self._capacity[n])
                    self._bound[node] = self._bound.get(node, 1) - 1
                    self._bound[chosen] += 1
                    return chosen, self._actors[chosen]
                if time.monotonic() > deadline:
                    waited = self.settings.node_wait_s
                    raise NoNodeLeft(
                        f"{self.spec.name}: no live node of the cluster offers "
                        f"{resource_for(self.spec.name)} (waited {waited:g} s); the tests "
                        "in flight are not recorded and run when the campaign resumes"
                    )
            self._revive()
            with self._condition:
                if not self._actors and not self._closed:
                    self._condition.wait(REVIVE_INTERVAL_S)

    def lost(self, node: str, actor: Any, error: BaseException) -> None:
        """The actor on `node` did not answer: no job goes there again."""
        with self._condition:
            if self._actors.get(node) is not actor:
                return  # another slot saw it first
            del self._actors[node]
            self._refused.add(node)
            self.lost_nodes.append(f"{node[:8]}: {_first_line(error)}")
        _kill(actor)

    def _revive(self) -> None:
        """Start actors on live nodes that offer the target and have none of ours (a
        node that joined, or came back under a new id). One thread at a time."""
        if not self._reviving.acquire(blocking=False):
            return
        try:
            with self._condition:
                known = set(self._actors) | self._refused
            candidates = [
                node
                for node in _live_nodes()
                if node.id not in known and node.units_of(self.spec.name) >= 1
            ]
            started = [_start_actor(self.spec, node, self.settings) for node in candidates]
            deadline = time.monotonic() + ACTOR_START_TIMEOUT_S
            for each in started:
                why, versions, components = _await_actor(each, deadline)
                if why is None and (versions, components) != (self.versions, self.components):
                    why = f"other versions than the campaign's: {versions}"
                with self._condition:
                    if why is None and not self._closed:
                        self._actors[each.node.id] = each.actor
                        self._capacity[each.node.id] = each.node.units_of(self.spec.name)
                        self._bound.setdefault(each.node.id, 0)
                        self._condition.notify_all()
                        continue
                    self._refused.add(each.node.id)
                    self.left_out[each.node.label] = why or "the session is closed"
                _retire([each.actor])
        finally:
            self._reviving.release()

    def abandon(self) -> None:
        """The jobs in flight on the cluster are left to finish there (their results are
        dropped by the stream that stopped waiting); nothing more is sent."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()

    def close(self) -> None:
        with self._condition:
            self._closed = True
            actors = list(self._actors.values())
            self._actors.clear()
            self._condition.notify_all()
        _retire(actors)


@dataclass
class RayTargetSession(TargetSession):
    """A TargetSession on a Ray cluster (`address`: host:port of its head, or "auto").

    `workers_per_target` is not used: each node's resources say how many workers it runs.
    `memory_cap_mb` bounds every worker; each node shares its own memory among the
    workers it offers."""

    address: str = "auto"
    node_wait_s: float = DEFAULT_NODE_WAIT_S
    # target -> node -> why that node runs none of it (failed to start, other versions)
    left_out: dict[str, dict[str, str]] = field(default_factory=dict)
    _connected_here: bool = field(default=False, init=False, repr=False)
    _settings: FarmSettings = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.memory_cap = MemoryCap(
            self.memory_cap_mb,
            f"{self.memory_cap_mb} MB per worker at most; each node shares its own memory",
        )
        self._settings = FarmSettings(
            self.timeout_s, self.memory_cap_mb, self.node_wait_s, tuple(self.names)
        )
        self._connect()
        try:
            self._start()
        except BaseException:  # Ctrl-C while actors start: none is left behind
            self.close()
            raise

    def _start(self) -> None:
        settings = self._settings
        nodes = _live_nodes()
        started: dict[str, list[_Started]] = {}
        for name in dict.fromkeys(self.names):
            spec = spec_for(name)
            offering = [node for node in nodes if node.units_of(name) >= 1]
            if not offering:
                self.missing[name] = (
                    f"{name}: no node of the cluster at {self.address} offers "
                    f"{resource_for(name)} (`shadersmith cluster-resources` prints what a "
                    "machine can offer to `ray start --resources`)"
                )
                continue
            started[name] = [_start_actor(spec, node, settings) for node in offering]
        deadline = time.monotonic() + ACTOR_START_TIMEOUT_S
        for name, actors in started.items():
            self._open_pool(name, actors, deadline)
        # Keep the order the user gave.
        self.pools = {name: self.pools[name] for name in self.names if name in self.pools}

    def _connect(self) -> None:
        ray = _ray()
        if ray.is_initialized():
            return
        _check_answers(self.address)
        _check_dialled_address_answers(self.address)
        # Nothing leaves the cluster: no usage report.
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        try:
            ray.init(
                address=self.address,
                namespace="shadersmith",
                logging_level=logging.ERROR,  # not "no SIGTERM handler" from a thread
                log_to_driver=False,  # the workers' output is in their logs and results
            )
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise ClusterUnavailable(
                f"no Ray cluster at {self.address}: {_first_line(error)}"
            ) from None
        self._connected_here = True

    def _open_pool(self, name: str, started: list[_Started], deadline: float) -> None:
        """A pool of the actors that started and agree on the target's versions (the
        most nodes' versions; a tie keeps the head's): results of different driver
        versions are not one target's."""
        ready: dict[str, tuple[Node, Any]] = {}
        described: dict[str, tuple[dict[str, str], list[str]]] = {}
        left_out: dict[str, str] = {}
        for each in started:
            why, versions, components = _await_actor(each, deadline)
            if why is None:
                ready[each.node.id] = (each.node, each.actor)
                described[each.node.id] = (versions, components)
            else:
                left_out[each.node.label] = why
                _retire([each.actor])
        if not ready:
            self.missing[name] = f"{name}: " + "; ".join(
                f"{label}: {why}" for label, why in left_out.items()
            )
            return
        groups: dict[str, list[str]] = {}
        for node_id, (versions, components) in described.items():
            groups.setdefault(repr((sorted(versions.items()), components)), []).append(node_id)
        kept = max(groups.values(), key=len)  # first of equals: the head's (_live_nodes)
        versions, components = described[kept[0]]
        for node_id in [n for n in ready if n not in kept]:
            node, actor = ready.pop(node_id)
            left_out[node.label] = f"other versions than the campaign's: {described[node_id][0]}"
            _retire([actor])
        pool = RayPool(spec_for(name), ready, versions, components, self._settings)
        pool.left_out.update(left_out)
        self.pools[name] = pool
        if left_out:
            self.left_out[name] = left_out

    def reruns(self) -> dict[str, int]:
        """Per target, the jobs run again because their node was lost."""
        return {
            name: sum(getattr(worker, "reruns", 0) for worker in pool.workers)
            for name, pool in self.pools.items()
        }

    def nodes(self) -> dict[str, int]:
        """Per target, the nodes whose actors run it now."""
        return {
            name: pool.live_nodes if isinstance(pool, RayPool) else 0
            for name, pool in self.pools.items()
        }

    def close(self) -> None:
        super().close()
        if self._connected_here:
            self._connected_here = False
            _ray().shutdown()


def session_for(
    names: Sequence[str],
    workers_per_target: int,
    timeout_s: float,
    cluster: str | None = None,
    on_demand: Sequence[str] = (),
) -> TargetSession:
    """A session of `names`: local worker processes, or the actors of the Ray cluster at
    `cluster`. Locally those of `on_demand` start at their first job; a cluster starts
    every actor at once."""
    if cluster is None:
        return TargetSession(list(names), workers_per_target, timeout_s, on_demand=on_demand)
    return RayTargetSession(list(names), workers_per_target, timeout_s, address=cluster)
