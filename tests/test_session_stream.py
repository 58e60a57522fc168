"""TargetSession.stream on real targets: every job answered once by every target, the
same results as run_many, stages a target does not run answered as unsupported, and a
caller that stops early stops the stream without hanging."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from shadersmith.oracle.differential import output_digest
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.glslang_library import workers_run_in_process
from shadersmith.targets.tools.spirv_tools import DEBIAN
from tests.programs import reconditioned_job

TARGETS = ["gl-llvmpipe", "gl-softpipe", "vk-lavapipe", "interp"]


def make_jobs(count: int) -> list[Job]:
    return [reconditioned_job(4100 + seed, fragment=seed % 3 == 0) for seed in range(count)]


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession(TARGETS, timeout_s=120) as started:
        assert not started.missing, started.missing
        yield started


def test_stream_answers_every_job_once_as_run_many_does(session: TargetSession) -> None:
    jobs = make_jobs(7)
    read: list[int] = []

    def lazily() -> Iterator[Job]:
        for index, job in enumerate(jobs):
            read.append(index)
            yield job

    streamed = dict(session.stream(lazily(), lead=2))
    assert sorted(streamed) == list(range(len(jobs))) and read == list(range(len(jobs)))
    batched = dict(session.run_many(jobs))
    for index, job in enumerate(jobs):
        assert set(streamed[index]) == set(TARGETS)
        for name in TARGETS:
            mine, theirs = streamed[index][name], batched[index][name]
            assert mine.status is theirs.status, (index, name, mine.log)
            if mine.ok:
                assert output_digest(mine) == output_digest(theirs), (index, name)
        if job.stage == "compute":  # softpipe's GL 3.3 has no compute shaders
            assert streamed[index]["gl-softpipe"].status is RunStatus.UNSUPPORTED
        else:
            assert streamed[index]["gl-softpipe"].ok


def test_a_caller_that_stops_early_stops_the_stream(session: TargetSession) -> None:
    def endless() -> Iterator[Job]:
        job = make_jobs(1)[0]
        while True:
            yield job

    stream = session.stream(endless(), lead=2)
    first = next(stream)
    stream.close()  # returns once the jobs in flight are done
    assert first[0] == 0
    assert session.run(make_jobs(1)[0])["interp"].ok  # the session still works


def test_no_module_compiled_ahead_where_workers_have_glslang_in_process() -> None:
    # The set-up builds Debian's glslang library (scripts/build-glslang-library.sh).
    assert workers_run_in_process(DEBIAN)
    with TargetSession(["vk-lavapipe", "vk-lavapipe-opt"]) as both:
        assert both._sharing(both.pools) == set()
        both.precompile = True
        assert both._sharing(both.pools) == {"vk-lavapipe", "vk-lavapipe-opt"}


def test_an_error_of_the_jobs_iterator_reaches_the_caller(session: TargetSession) -> None:
    # A campaign generates programs inside the targets' threads; a generator bug must
    # still stop the campaign with its error, not end it quietly.
    def failing() -> Iterator[Job]:
        yield make_jobs(1)[0]
        raise RuntimeError("generator bug")

    answered = []
    with pytest.raises(RuntimeError, match="generator bug"):
        for index, _ in session.stream(failing()):
            answered.append(index)
    assert answered == [0]


def test_two_workers_whose_jobs_finish_out_of_order_do_not_deadlock() -> None:
    # The interpreter draws a fragment image far slower than it runs a compute job, so
    # with two workers the second job finishes first. A pool-wide loop that pulled its
    # next job (and waited for the window there) before collecting the first job's
    # result deadlocked here: the reducer's run_many with two workers a target hung.
    slow, fast = reconditioned_job(4100, fragment=True), reconditioned_job(4101, fragment=False)
    answered: list[int] = []
    with TargetSession(["interp"], workers_per_target=2, timeout_s=120) as two:

        def run() -> None:
            answered.extend(index for index, _ in two.run_many([slow, fast]))
            answered.extend(index for index, _ in two.stream(iter([slow, fast, fast]), lead=1))

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(240)
        assert not thread.is_alive(), f"stream hung after answering {answered}"
    assert sorted(answered[:2]) == [0, 1] and sorted(answered[2:]) == [0, 1, 2]
