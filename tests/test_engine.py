"""The worker engine: crashes, hangs and memory blow-ups become results; nothing is lost."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from shadersmith.targets.engine import TargetSpec, TargetUnavailable, Worker, WorkerPool
from shadersmith.targets.results import RunStatus as Status

PLANTED = TargetSpec("planted", "tests.planted_targets:make_planted_misbehaviour")


def test_planted_abort_hang_and_allocation_are_recorded_and_engine_carries_on() -> None:
    jobs = ["ok-1", "abort", "ok-2", "hang", "ok-3", "allocate", "ok-4", "print-abort", "ok-5"]
    with WorkerPool(PLANTED, workers=2, timeout_s=3, memory_cap_mb=300) as pool:
        results = {i: pool.workers[i % 2].run(job) for i, job in enumerate(jobs)}
        restarts = sum(w.restarts for w in pool.workers)
    statuses = [results[i].status for i in range(len(jobs))]
    assert statuses == [
        Status.OK,
        Status.CRASH,
        Status.OK,
        Status.TIMEOUT,
        Status.OK,
        Status.OOM,
        Status.OK,
        Status.CRASH,
        Status.OK,
    ]
    assert [results[i].log for i in (0, 2, 4, 6, 8)] == ["ok-1", "ok-2", "ok-3", "ok-4", "ok-5"]
    assert "signal 6" in results[1].log
    assert "assertion `x != 0' failed" in results[7].log
    assert restarts == 4


def test_target_that_cannot_start_is_reported() -> None:
    spec = TargetSpec("broken", "tests.planted_targets:make_failing_target")
    with pytest.raises(TargetUnavailable, match="no such device"):
        Worker(spec)


def test_worker_reports_versions() -> None:
    with Worker(PLANTED) as worker:
        assert worker.versions == {"planted": "1"}
        assert worker.run("ok").status is Status.OK


def test_a_renewed_worker_is_a_new_process_and_no_restart() -> None:
    with Worker(PLANTED) as worker:
        before = worker.pid
        worker.renew()
        assert worker.pid not in (None, before)
        assert worker.restarts == 0 and worker.lost is None
        assert worker.run("ok").status is Status.OK


ENDLESS_FRAGMENT = """#version 330
out vec4 color;
void main() {
    int i = int(gl_FragCoord.x);
    while (i >= 0) { i = (i + 1) & 0x7fffffff; }
    color = vec4(float(i));
}
"""
FINITE_FRAGMENT = """#version 330
out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); }
"""


def test_real_driver_endless_loop_times_out_and_the_next_test_still_runs() -> None:
    """A loop without a limiter never ends on softpipe (llvmpipe would not do: it cuts
    every invocation at 65,535 loop iterations in all). The watchdog kills the worker,
    records a timeout, and a fresh worker runs the next job."""
    from shadersmith.targets.catalogue.registry import spec_for
    from shadersmith.targets.job import Job

    finite = Job("fragment", FINITE_FRAGMENT, width=4, height=4)
    endless = Job("fragment", ENDLESS_FRAGMENT, width=4, height=4)
    with WorkerPool(spec_for("gl-softpipe"), workers=1, timeout_s=4) as pool:
        results = dict(enumerate(pool.workers[0].run(job) for job in (finite, endless, finite)))
        assert pool.workers[0].restarts == 1
    assert results[0].ok
    assert results[0].image is not None
    assert results[0].image[0, 0].tolist() == [255, 0, 0, 255]
    assert results[1].status is Status.TIMEOUT
    assert "no answer after" in results[1].log
    assert results[2].ok


def test_a_timeout_is_run_once_more_and_a_crash_until_it_crashes_again(tmp_path: Path) -> None:
    """A campaign trusts a timeout only if its one re-run times out too (a busy machine
    made a 60 s timeout of a test zink runs in 6 s); a crash gets up to `reruns`."""
    from shadersmith.campaign.findings import reproduce_crashes
    from shadersmith.case import Finding, Kind
    from shadersmith.targets.job import Job
    from shadersmith.targets.session import _run_with_reruns

    with Worker(PLANTED, timeout_s=2) as worker:
        # The planted worker's jobs are plain values, not chain jobs.
        once = _run_with_reruns(worker, cast(Job, ("hang-once", str(tmp_path / "mark"))), 5)
        always = _run_with_reruns(worker, cast(Job, "hang"), 5)
    assert once.status is Status.TIMEOUT
    assert [r.status for r in once.reruns] == [Status.OK]
    assert [r.status for r in always.reruns] == [Status.TIMEOUT], "one re-run, not five"

    def timeout_on(target: str) -> Finding:
        return Finding(Kind.TIMEOUT, (target,), signature="timeout:planted", blamed="planted")

    (busy,) = reproduce_crashes([timeout_on("a")], {"a": once})
    (hung,) = reproduce_crashes([timeout_on("b")], {"b": always})
    assert busy.flaky and not hung.flaky


def test_the_reference_interpreters_timeout_is_not_run_again() -> None:
    # Ours, judged by no one: a re-run would hold every target's stream for the limit again.
    from shadersmith.targets.session import reruns_for

    assert reruns_for("interp", 5) == 0
    assert reruns_for("gl-llvmpipe", 5) == 5


def test_planted_device_loss_is_the_drivers_crash_and_a_refused_restart_loses_no_campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the H200 a VK_ERROR_DEVICE_LOST was signed as a defect of ours (a harness
    exception) and kept failing every later job of that worker; then the driver refused
    a new device for a moment (VkErrorInitializationFailed), the restart raised and the
    whole campaign stopped. Now the loss is the driver's crash, signed `device lost`,
    the worker starts afresh, tried again after waits; one that still cannot start is
    lost: its runs answer `unsupported` and it is tried again later."""
    from shadersmith.oracle.signature import describe
    from shadersmith.targets import engine

    monkeypatch.setattr(engine, "RESTART_WAITS_S", (0.1, 0.1))
    refusals = tmp_path / "refusals"
    spec = TargetSpec(
        "planted-gpu",
        "tests.planted_targets:make_device_losing_target",
        (("refusals", str(refusals)),),
    )
    with Worker(spec) as worker:
        lost = worker.run(("lose-device", 2))  # two refused starts, the third works
        assert lost.status is Status.CRASH
        assert describe(lost.log) == ("device_lost", "device lost")
        assert worker.lost is None
        assert worker.restarts == 1
        assert worker.run("after").log == "after"

        worker.run(("lose-device", 100))  # the driver refuses every start
        assert worker.lost is not None and "VkErrorInitializationFailed" in worker.lost
        refused = worker.run("while lost")
        assert refused.status is Status.UNSUPPORTED
        assert refused.log.startswith(engine.TARGET_LOST)

        refusals.write_text("0")  # the driver recovers
        monkeypatch.setattr(engine, "LOST_RETRY_INTERVAL_S", 0.0)
        assert worker.run("back").log == "back"
        assert worker.lost is None
