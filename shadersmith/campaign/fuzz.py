"""The push-button differential campaign (gfauto's loop, seed 002 section 4, for the
GLSLsmith generator, seed 004 section 4.4).

generate -> recondition -> run on every target -> classify -> sign -> bucket -> store,
until the count or the time is reached or the user stops it. Test `i` of a campaign uses
seed `seed_base + i`, so a resumed campaign runs exactly the indices it has not
recorded, and re-running a killed campaign's command continues it. A campaign may start
with a corpus of stored tests (test directories, run as their text says): they are its
first indices, and the generated programs follow.

Every CPU works (`jobs`, default: all this process may use): tests are prepared ahead in
worker processes (preparation.py) and each target runs in as many workers as keep the
CPUs busy; the campaign's own process hands tests on, judges and records them.
"""

from __future__ import annotations

import functools
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from shadersmith.campaign.findings import reproduce_crashes
from shadersmith.campaign.preparation import CpuShare, Preparation
from shadersmith.campaign.reduction import reduce_new_buckets
from shadersmith.campaign.store import Bucket, CampaignStore
from shadersmith.case import Kind, Provenance, TestCase, load_test, write_test
from shadersmith.generate.smith import SmithOptions, generate, options_to_dict
from shadersmith.ir.profile import LanguageProfile
from shadersmith.oracle.blame import witnesses_for
from shadersmith.oracle.differential import REFERENCE, output_digest
from shadersmith.oracle.evidence import complete
from shadersmith.targets.chains import Job
from shadersmith.targets.jobs import job_language
from shadersmith.targets.ray_farm import session_for
from shadersmith.targets.registry import reads_language
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.targets.spirv_passes import choose_pass_list
from shadersmith.trial import PreparedTrial, judge, prepare_generated, prepare_loaded


@dataclass
class CampaignOptions:
    targets: list[str]
    profile: LanguageProfile
    count: int | None = None  # stop after this many tests (recorded ones included)
    time_s: float | None = None  # stop after this many seconds of this run
    jobs: int | None = None  # CPUs to keep busy; None: all this process may use
    workers_per_target: int | None = None  # None: enough to keep `jobs` CPUs busy
    seed_base: int = 0
    timeout_s: float = 60.0
    keep_per_bucket: int = 3
    ignore: frozenset[str] = frozenset()
    generator: SmithOptions = field(default_factory=SmithOptions)
    reduce: bool = True  # reduce each new bucket's first test
    reduce_time_s: float = 120.0  # per bucket
    # Test directories run as tests 0, 1, ... before the generated programs: a program
    # known to show a driver bug, which no seed keeps making once the generator changes.
    corpus: tuple[Path, ...] = ()
    # A Ray cluster's address: its nodes run the targets (targets/ray_farm.py), this
    # process prepares, judges and records. Not a setting: a campaign may resume anywhere.
    cluster: str | None = None

    def settings(self) -> dict[str, object]:
        """What must not change when a campaign is resumed."""
        return {
            "seed_base": self.seed_base,
            "profile": self.profile.name,
            "generator": options_to_dict(self.generator),
            "corpus": [str(path) for path in self.corpus],
        }

    def cpu_share(self) -> CpuShare:
        # One process preparing per 8 CPUs: preparing a test takes ~12 ms of CPU,
        # running it on the default targets ~400 ms.
        return CpuShare(self.jobs, len(self.targets), cpus_per_preparer=8)

    def target_workers(self) -> int:
        """Workers per target: one, unless there are more CPUs than targets."""
        return self.workers_per_target or self.cpu_share().workers_per_target()

    def preparation_workers(self) -> int:
        return self.cpu_share().preparers()


@dataclass
class Progress:
    tests: int = 0  # recorded in this run
    resumed_from: int = 0  # recorded before this run
    crashes: int = 0
    timeouts: int = 0
    mismatches: int = 0
    compile_failures: int = 0
    ours: int = 0
    buckets: int = 0
    reduced: int = 0
    reducing: str | None = None  # the bucket being reduced now
    started: float = field(default_factory=time.perf_counter)

    @property
    def tests_per_second(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.tests / elapsed if elapsed > 0 else 0.0


@dataclass
class PreparedTest:
    index: int
    seed: int  # the program's generator seed (-1: a stored test that names none)
    trial: PreparedTrial
    name: str = ""  # of its kept directories in a bucket; default: the seed

    def __post_init__(self) -> None:
        self.name = self.name or str(self.seed)

    @property
    def job(self) -> Job:
        return self.trial.job

    @property
    def test(self) -> TestCase:
        return self.trial.test


def prepare_test(index: int, options: CampaignOptions) -> PreparedTest:
    if index < len(options.corpus):
        test = load_test(options.corpus[index])
        seed = _origin_seed(test.provenance)
        return PreparedTest(index, seed, prepare_loaded(test), f"corpus-{index}")
    seed = options.seed_base + index
    generated = generate(seed, options.generator, options.profile)
    passes = tuple(choose_pass_list(random.Random(seed)))
    return PreparedTest(index, seed, prepare_generated(generated, options.profile, passes))


def _origin_seed(provenance: Provenance) -> int:
    """The seed of the generated program a stored test comes from, reduced or not."""
    while provenance.seed is None and provenance.reduced_from is not None:
        provenance = provenance.reduced_from
    return -1 if provenance.seed is None else provenance.seed


class _JobStream:
    """The jobs of one stream (TargetSession.stream), handed over as the targets ask for
    them: position `k` of the stream is `prepared[k]`. Ends when the tests do or when
    `more()` says stop (time, Ctrl-C, a new bucket to reduce); the tests prepared ahead
    then wait for the next stream."""

    def __init__(
        self,
        tests: Iterator[PreparedTest],
        prepared: dict[int, PreparedTest],
        more: Callable[[], bool],
    ) -> None:
        self.tests = tests
        self.prepared = prepared
        self.more = more
        self.produced = 0

    def __iter__(self) -> Iterator[Job]:
        return self

    def __next__(self) -> Job:
        if self.produced and not self.more():
            raise StopIteration
        item = next(self.tests)
        self.prepared[self.produced] = item
        self.produced += 1
        return item.job


def _pending_indices(options: CampaignOptions, done: set[int]) -> Iterator[int]:
    index = 0
    while options.count is None or index < options.count:
        if index not in done:
            yield index
        index += 1


def run_campaign(
    directory: Path,
    options: CampaignOptions,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Progress:
    """Run (or resume) the campaign in `directory` until done, timed out or `stop` set."""
    stop = stop or threading.Event()
    store = CampaignStore(directory, options.keep_per_bucket)
    try:
        store.check_or_save_settings(options.settings())
        done = store.done_indices()
        progress = Progress(resumed_from=len(done), buckets=len(store.buckets()))
        # Witnesses start with the session but run only for tests with a finding.
        witnesses = witnesses_for(options.targets)
        pending = _pending_indices(options, done)
        prepare = functools.partial(prepare_test, options=options)
        with (
            Preparation(prepare, pending, options.preparation_workers()) as tests,
            session_for(
                options.targets + witnesses,
                options.target_workers(),
                options.timeout_s,
                options.cluster,
            ) as session,
        ):
            _check_enough_targets(options.targets, session, options.profile)
            components = session.components()
            deadline = None if options.time_s is None else time.perf_counter() + options.time_s
            # Tests stream through the targets (session.stream: no target waits for the
            # slowest of a batch); a new bucket ends the stream after the tests in
            # flight, so that its reduction has the workers to itself.
            while not stop.is_set():
                if deadline is not None and time.perf_counter() > deadline:
                    break
                opened_before = progress.buckets
                prepared: dict[int, PreparedTest] = {}

                def more(opened_before: int = opened_before) -> bool:
                    if stop.is_set() or (deadline is not None and time.perf_counter() > deadline):
                        return False
                    return not (options.reduce and progress.buckets > opened_before)

                jobs = _JobStream(tests, prepared, more)
                lead = options.cpu_share().stream_lead(options.target_workers())
                for position, results in session.stream(jobs, only=options.targets, lead=lead):
                    item = prepared.pop(position)
                    _handle(item, results, session, store, components, options, progress)
                    if on_progress:
                        on_progress(progress)
                if jobs.produced == 0:
                    break  # nothing was left to run
                if options.reduce:
                    _reduce_buckets(store, session, options, progress, stop, deadline, on_progress)
            if options.reduce:  # a resumed, finished campaign may still have some to reduce
                _reduce_buckets(store, session, options, progress, stop, deadline, on_progress)
        return progress
    finally:
        store.close()


# A differential campaign compares compilers; the interpreter alone finds nothing.
MIN_REAL_TARGETS = 2


def _check_enough_targets(
    requested: list[str], session: TargetSession, profile: LanguageProfile
) -> None:
    """Refuse a campaign with fewer than two real targets (besides the interpreter)
    present that read its language: it would run thousands of tests and find nothing."""
    language = job_language(profile)
    real = [name for name in requested if name in session.present and name != REFERENCE]
    readers = [name for name in real if reads_language(name, language)]
    if len(readers) >= MIN_REAL_TARGETS:
        return
    if len(real) >= MIN_REAL_TARGETS:
        raise RuntimeError(
            f"fewer than {MIN_REAL_TARGETS} of the targets read {language.upper()} "
            f"(present: {', '.join(real)}; reading it: {', '.join(readers) or 'none'})"
        )
    missing = "; ".join(
        f"{name}: {session.missing[name].splitlines()[0].removeprefix(name + ': ')[:160]}"
        for name in requested
        if name in session.missing
    )
    raise RuntimeError(
        f"fewer than {MIN_REAL_TARGETS} real targets to compare besides {REFERENCE} "
        f"(present: {', '.join(real) or 'none'})" + (f"; missing: {missing}" if missing else "")
    )


def _reduce_buckets(
    store: CampaignStore,
    session: TargetSession,
    options: CampaignOptions,
    progress: Progress,
    stop: threading.Event,
    deadline: float | None,
    on_progress: Callable[[Progress], None] | None,
) -> None:
    def may_start() -> bool:
        return deadline is None or time.perf_counter() < deadline

    def on_bucket(bucket: Bucket | None) -> None:
        progress.reducing = None if bucket is None else bucket.signature
        if on_progress:
            on_progress(progress)

    progress.reduced += reduce_new_buckets(
        store,
        session,
        options.target_workers(),
        options.reduce_time_s,
        stop.is_set,
        may_start,
        on_bucket,
    )


def _handle(
    item: PreparedTest,
    results: dict[str, RunResult],
    session: TargetSession,
    store: CampaignStore,
    components: dict[str, list[str]],
    options: CampaignOptions,
    progress: Progress,
) -> None:
    started = time.perf_counter()
    results = complete(results, item.job, session, components)
    judged = judge(results, components, options.ignore)
    findings = reproduce_crashes(judged.findings, item.job, session, results)
    judged = judged.with_findings(findings)
    directories: dict[str, str] = {}
    for finding in findings:
        if store.kept_directories(finding.signature) >= options.keep_per_bucket:
            continue  # counted, not kept: no reduction wasted on duplicates
        test = judged.recorded_in(item.test, finding, session.versions())
        path = store.test_directory(finding, item.name)
        write_test(test, path, root=store.directory)
        directories[finding.signature] = str(path.relative_to(store.directory))
    rows = [
        (
            name,
            r.status.value,
            output_digest(r) if r.ok else None,
            r.compile_ms + r.tools_ms,
            r.run_ms,
        )
        for name, r in results.items()
    ]
    opened = store.record(
        item.index,
        item.seed,
        judged.headline,
        findings,
        rows,
        directories,
        time.perf_counter() - started,
    )
    progress.tests += 1
    for finding in findings:
        if finding.kind is Kind.CRASH:
            progress.crashes += 1
        elif finding.kind is Kind.TIMEOUT:
            progress.timeouts += 1
        elif finding.kind in (Kind.ODD_ONE_OUT, Kind.DISAGREE):
            progress.mismatches += 1
        elif finding.kind is Kind.COMPILE_FAILURE:
            progress.compile_failures += 1
        elif finding.ours:
            progress.ours += 1
    progress.buckets += len(opened)
