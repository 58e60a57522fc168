"""Run jobs on several targets at once, each target in its own pool of workers.

A session starts the workers of every requested target once; missing targets are
reported, not faked, and left out. Jobs run on all targets concurrently (threads drive
the worker processes, which do the work), and results come back per job as a mapping
from target name to result.

Where two or more of the targets start with Debian's glslang (the Vulkan chains), the
session runs glslang once per job, ahead, and those targets share its module
(precompile.py); `precompile=False` lets each chain run its own, as before.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from shadersmith.targets.chains import Job
from shadersmith.targets.engine import (
    DEFAULT_MEMORY_CAP_MB,
    DEFAULT_TIMEOUT_S,
    TargetUnavailable,
    WorkerPool,
)
from shadersmith.targets.precompile import PrecompiledJobs, needs_debian_spirv
from shadersmith.targets.registry import spec_for
from shadersmith.targets.results import RunResult, RunStatus


@dataclass
class TargetSession:
    names: list[str]
    workers_per_target: int = 1
    timeout_s: float = DEFAULT_TIMEOUT_S
    memory_cap_mb: int = DEFAULT_MEMORY_CAP_MB
    precompile: bool = True
    pools: dict[str, WorkerPool] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        def start(name: str) -> None:
            try:
                self.pools[name] = WorkerPool(
                    spec_for(name), self.workers_per_target, self.timeout_s, self.memory_cap_mb
                )
            except TargetUnavailable as error:
                self.missing[name] = str(error)

        threads = [threading.Thread(target=start, args=(name,)) for name in self.names]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # Keep the order the user gave.
        self.pools = {name: self.pools[name] for name in self.names if name in self.pools}

    @property
    def present(self) -> list[str]:
        return list(self.pools)

    def versions(self) -> dict[str, dict[str, str]]:
        return {name: pool.versions for name, pool in self.pools.items()}

    def components(self) -> dict[str, list[str]]:
        return {name: pool.components for name, pool in self.pools.items()}

    def restarts(self) -> dict[str, int]:
        return {name: sum(w.restarts for w in pool.workers) for name, pool in self.pools.items()}

    def run_many(
        self, jobs: Iterable[Job], only: Iterable[str] | None = None
    ) -> Iterator[tuple[int, dict[str, RunResult]]]:
        """Yield (job index, results by target) as soon as every target has answered.

        `only`: run on these of the session's targets (a reducer's cheap first check)."""
        job_list = list(jobs)
        chosen = set(self.pools) if only is None else set(only) & set(self.pools)
        pools = {name: pool for name, pool in self.pools.items() if name in chosen}
        answers: queue.Queue[tuple[str, int, RunResult]] = queue.Queue()

        sharing = {name for name, pool in pools.items() if needs_debian_spirv(pool.spec)}
        shared = None
        if self.precompile and len(sharing) >= 2:  # one chain alone has nothing to share
            shared = PrecompiledJobs(job_list, self.timeout_s)

        def drive(name: str, pool: WorkerPool) -> None:
            stages = _declared_stages(name)
            if stages is not None and name not in sharing:
                # A stage the chain does not run (declared.py) costs no worker a job.
                kept = [i for i, job in enumerate(job_list) if job.stage in stages]
                for i, job in enumerate(job_list):
                    if job.stage not in stages:
                        log = f"{name} does not run {job.stage} shaders"
                        answers.put((name, i, RunResult(RunStatus.UNSUPPORTED, log=log)))
                for index, result in pool.map([job_list[i] for i in kept]):
                    answers.put((name, kept[index], result))
                return
            feed = shared if shared is not None and name in sharing else job_list
            for index, result in pool.map(feed):
                answers.put((name, index, result))

        threads = [
            threading.Thread(target=drive, args=(name, pool), daemon=True)
            for name, pool in pools.items()
        ]
        for thread in threads:
            thread.start()
        collected: dict[int, dict[str, RunResult]] = {}
        expected = len(pools)
        try:
            for _ in range(len(job_list) * expected):
                name, index, result = answers.get()
                per_job = collected.setdefault(index, {})
                per_job[name] = result
                if len(per_job) == expected:
                    yield index, {n: per_job[n] for n in pools}
                    del collected[index]
            for thread in threads:
                thread.join()
        finally:  # also when the caller stops early (run() takes one job's results)
            if shared is not None:
                shared.close()

    def run(self, job: Job) -> dict[str, RunResult]:
        for _, results in self.run_many([job]):
            return results
        return {}

    def close(self) -> None:
        for pool in self.pools.values():
            pool.close()

    def __enter__(self) -> TargetSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _declared_stages(name: str) -> frozenset[str] | None:
    """The stages target `name` declares (declared.py), or None when it declares none."""
    from shadersmith.targets.registry import chain_of

    try:
        return chain_of(name).stages
    except (KeyError, ValueError):
        return None
