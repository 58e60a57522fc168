"""One campaign run, measured from inside: `shadersmith fuzz` as the user runs it, in the
tree given (this checkout, or an older one unpacked for a before/after comparison),
pinned to the first `cores` CPUs that this process may use.

    python bench/campaign_probe.py TREE CORES RESULT.json fuzz --count 60 --no-reduce ...

(or `metamorphic ...`, `fuse ...`: any campaign that runs its targets in a TargetSession)

Measured between the first time the campaign's TargetSession streams (its workers are
started by then) and its close:
- `wall_s`, `tests` (recorded in this run);
- `cpu_s`: all CPU time of the campaign's process tree (its process with its threads,
  every worker, the preparation pool, the tools it ran), workers' start-up left out;
- `campaign_cpu_s`: the campaign's own process (generation and judging where they run
  there, pickling, the store);
- `target_cpu_s`: the target workers alone (drivers, tools in them, the interpreter,
  witnesses): the work that has to be done, so `cores` x 3600 / (target_cpu_s / tests)
  tests an hour is the limit of the machine;
- `restarts`: workers restarted after a crash or a timeout (a restarted worker's start
  is target work too; the last tenth of a second before a crash may be missed);
- `per_target_cpu_s`: `target_cpu_s` by target;
- `helper_cpu_s`: the campaign's other long-lived processes (the processes preparing
  tests); the rest of `cpu_s` is its own process and the short-lived ones it ran (Mesa's
  front-end dumps for findings, spirv-dis for kept tests);
- `others_cpu_s`: what the rest of the machine ran meanwhile (other users' tests) on the
  CPUs the campaign had: their busy time less `cpu_s`.
bench/throughput.py --session --campaign runs it and prints the figures.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Any

TICKS = os.sysconf("SC_CLK_TCK")
SAMPLE_S = 0.1


def process_cpu(pid: int) -> float:
    """CPU seconds of `pid` and of the children it has waited for; 0 once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()
    # utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name.
    return sum(int(value) for value in fields[11:15]) / TICKS


def descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:
            continue
        parents[int(entry.name)] = int(text.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


def machine_busy(cpus: set[int]) -> float:
    """CPU seconds that CPUs `cpus` have been busy, from /proc/stat."""
    busy = 0
    for line in Path("/proc/stat").read_text().splitlines():
        name, *fields = line.split()
        if not name.startswith("cpu") or name == "cpu" or int(name[3:]) not in cpus:
            continue
        values = [int(v) for v in fields[:8]]
        busy += sum(values) - values[3] - values[4]  # less idle and iowait
    return busy / TICKS


def own_cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def tree_cpu() -> tuple[float, float, dict[int, float]]:
    """This process's CPU, its waited-for children's, and each live descendant's."""
    live = {pid: process_cpu(pid) for pid in descendants(os.getpid())}
    return own_cpu(resource.RUSAGE_SELF), own_cpu(resource.RUSAGE_CHILDREN), live


def worker_cpu(session: Any) -> dict[int, tuple[str, float]]:
    found = {}
    for name, pool in session.pools.items():
        for worker in pool.workers:
            process = worker._process  # None while a worker restarts
            if process is not None:
                found[process.pid] = (name, process_cpu(process.pid))
    return found


def probe(tree: str, cores: int, result_path: str, arguments: list[str]) -> None:
    sys.path.insert(0, tree)
    cpus = set(sorted(os.sched_getaffinity(0))[:cores])
    os.sched_setaffinity(0, cpus)
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

    from shadersmith.cli import main
    from shadersmith.targets.session import TargetSession

    marks: dict[str, Any] = {}
    stream, close = TargetSession.stream, TargetSession.close

    seen: dict[int, tuple[str, float]] = {}  # every target worker's last CPU time
    done = threading.Event()

    def look(session: Any) -> None:
        for pid, (name, seconds) in worker_cpu(session).items():
            # A worker gone between two reads reads 0: keep what it had.
            seen[pid] = (name, max(seconds, seen.get(pid, ("", 0.0))[1]))

    def sample(session: Any) -> None:
        # Often enough that a worker killed after a crash keeps nearly all its time.
        while not done.wait(SAMPLE_S):
            look(session)

    def measured_stream(self: Any, *args: Any, **kwargs: Any) -> Any:
        if "start" not in marks:
            marks["start"] = time.perf_counter()
            marks["tree"] = tree_cpu()
            marks["workers"] = worker_cpu(self)
            marks["machine"] = machine_busy(cpus)
            threading.Thread(target=sample, args=(self,), daemon=True).start()
        return stream(self, *args, **kwargs)

    def measured_close(self: Any) -> None:
        if "start" in marks and "end" not in marks:
            marks["end"] = time.perf_counter()
            marks["tree_end"] = tree_cpu()
            done.set()
            look(self)
            marks["workers_end"] = dict(seen)
            marks["workers_descendants"] = [
                child for pid in marks["workers_end"] for child in descendants(pid)
            ]
            marks["machine_end"] = machine_busy(cpus)
            marks["restarts"] = sum(self.restarts().values())
        close(self)

    TargetSession.stream = measured_stream  # type: ignore[method-assign]
    TargetSession.close = measured_close  # type: ignore[method-assign]
    main(arguments, standalone_mode=False)

    self_0, children_0, live_0 = marks["tree"]
    self_1, children_1, live_1 = marks["tree_end"]
    workers_0, workers_1 = marks["workers"], marks["workers_end"]
    helpers = set(live_1) - set(workers_1) - set(marks["workers_descendants"])
    out = arguments[arguments.index("--out") + 1]
    import sqlite3

    with sqlite3.connect(Path(out) / "campaign.db") as db:
        # A fusion campaign records the plans that could not be fused too: no test ran.
        query = "SELECT COUNT(*) FROM tests WHERE verdict != 'not-fusable'"
        tests = int(db.execute(query).fetchone()[0])
    cpu = (self_1 - self_0) + (children_1 - children_0) + sum(live_1.values())
    cpu -= sum(live_0.values())
    per_target: dict[str, float] = {}
    for pid, (name, seconds) in workers_1.items():
        per_target[name] = per_target.get(name, 0.0) + seconds - workers_0.get(pid, ("", 0.0))[1]
    figures = {
        "cores": cores,
        "tests": tests,
        "wall_s": marks["end"] - marks["start"],
        "cpu_s": cpu,
        "campaign_cpu_s": self_1 - self_0,
        "target_cpu_s": sum(per_target.values()),
        "per_target_cpu_s": per_target,
        "helper_cpu_s": sum(live_1[pid] - live_0.get(pid, 0.0) for pid in helpers),
        "restarts": marks["restarts"],
        "others_cpu_s": marks["machine_end"] - marks["machine"] - cpu,
    }
    Path(result_path).write_text(json.dumps(figures))


if __name__ == "__main__":
    probe(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:])
