"""The push-button differential campaign (gfauto's loop, seed 002 section 4, for the
GLSLsmith generator, seed 004 section 4.4), and its crash-only mode.

generate -> recondition -> run on every target -> classify -> sign -> bucket -> store,
until the count or the time is reached or the user stops it. With the crash oracle
(`oracle`: case.oracle.Crash; GLSLsmith without reconditioning, GraphicsFuzz's crash
hunting) the programs are not reconditioned and run on compile-only targets alone, no
interpreter: only crashes, validator rejections and timeouts are findings, and a
rejected program is counted (oracle/crash.py). Test `i` of a campaign uses
seed `seed_base + i`, so a resumed campaign runs exactly the indices it has not
recorded, and re-running a killed campaign's command continues it. A campaign may start
with a corpus of stored tests (test directories, run as their text says): they are its
first indices, and the generated programs follow.

Every CPU works (`jobs`, default: all this process may use): tests are prepared ahead in
worker processes (preparation.py) and each target runs in as many workers as keep the
CPUs busy; the campaign's own process hands tests on, judges and records them.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shadersmith.campaign import loop
from shadersmith.campaign.findings import reproduce_crashes, reproduce_wrong_results
from shadersmith.campaign.interval_tally import IntervalNote
from shadersmith.campaign.loop import Context, Progress, Recorded, Unit
from shadersmith.campaign.preparation import CpuShare
from shadersmith.campaign.reduction import reduce_bucket
from shadersmith.campaign.store import Bucket, CampaignStore
from shadersmith.case import Kind, Provenance, TestCase, TestCaseError
from shadersmith.case.oracle import Crash, Differential
from shadersmith.config.spirv_passes import choose_pass_list
from shadersmith.evidence import (
    attach_front_end_causes,
    attach_panic_causes,
    complete,
    could_change,
)
from shadersmith.generate.smith import SmithOptions, generate, options_to_dict
from shadersmith.ir.profile import LanguageProfile
from shadersmith.oracle.blame import witnesses_for
from shadersmith.oracle.differential import REFERENCE
from shadersmith.rebuild.admission import load_admitted
from shadersmith.targets.catalogue.registry import reads_language
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.trial import (
    REJECTED,
    Judged,
    PreparedTrial,
    judge_by,
    prepare_generated,
    prepare_loaded,
)


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
    allow_new_targets: bool = False  # loop.Limits.allow_new_targets
    # Differential, or the crash oracle (compile-only targets, programs not reconditioned).
    oracle: Differential | Crash = field(default_factory=Differential)
    # Gather evidence for every test with a finding, as before tests beyond a bucket's
    # kept ones were only counted (_handle): the full path, which tests compare with.
    evidence_for_every_test: bool = False

    def settings(self) -> dict[str, object]:
        """What must not change when a campaign is resumed."""
        return {
            # Another oracle judges other programs (reconditioned or not) by other rules.
            "oracle": self.oracle.kind,
            "seed_base": self.seed_base,
            "profile": self.profile.name,
            "generator": options_to_dict(self.generator),
            "corpus": [str(path) for path in self.corpus],
            # The compilers compared: a resume on others would judge other chains.
            "targets": list(self.targets),
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
class PreparedTest:
    index: int
    seed: int  # the program's generator seed (-1: a stored test that names none)
    trial: PreparedTrial
    name: str = ""  # of its kept directories in a bucket; default: the seed
    # Set by DifferentialKind.gather once the targets answered: whether its results were
    # completed with evidence, and if not, how they are judged without it.
    evidence_gathered: bool = False
    judged_without_evidence: Judged | None = None
    gathering_s: float = 0.0  # spent in the gathering thread (the test's recorded seconds)

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
        # Admitted again: what the campaign checked at its start may have changed since.
        test = load_admitted(options.corpus[index])
        seed = _origin_seed(test.provenance)
        loaded = prepare_loaded(test)
        if isinstance(options.oracle, Crash):  # what it keeps is a crash test now
            loaded = dataclasses.replace(
                loaded, test=dataclasses.replace(loaded.test, oracle=options.oracle)
            )
        return PreparedTest(index, seed, loaded, f"corpus-{index}")
    seed = options.seed_base + index
    generated = generate(seed, options.generator, options.profile)
    passes = tuple(choose_pass_list(random.Random(seed)))
    trial = prepare_generated(generated, options.profile, passes, oracle=options.oracle)
    return PreparedTest(index, seed, trial)


def _origin_seed(provenance: Provenance) -> int:
    """The seed of the generated program a stored test comes from, reduced or not."""
    while provenance.seed is None and provenance.reduced_from is not None:
        provenance = provenance.reduced_from
    return -1 if provenance.seed is None else provenance.seed


def _pending_indices(options: CampaignOptions, done: set[int]) -> Iterator[int]:
    index = 0
    while options.count is None or index < options.count:
        if index not in done:
            yield index
        index += 1


class DifferentialKind(loop.KindDefaults):
    """The differential campaign as the campaign loop (loop.py) runs it: a unit is one
    test (one job), run on every target; findings are re-run (crashes) and completed with
    evidence (witnesses, front-end dumps: `gather`, beside the loop) before they are
    recorded; a test beyond its buckets' kept tests is only counted, without evidence
    where none could change its findings (`_handle`)."""

    def __init__(self, options: CampaignOptions) -> None:
        self.options = options
        self.witnesses = witnesses_for(options.targets)  # run only for tests with a finding

    def settings(self) -> dict[str, object]:
        return self.options.settings()

    def session_targets(self) -> list[str]:
        return self.options.targets + self.witnesses

    def streamed_targets(self) -> list[str] | None:
        return self.options.targets

    def on_demand_targets(self) -> list[str]:
        return self.witnesses

    def cpu_share(self) -> CpuShare:
        return self.options.cpu_share()

    def workers_per_target(self) -> int:
        return self.options.target_workers()

    def check_session(self, session: TargetSession) -> None:
        if isinstance(self.options.oracle, Crash):
            _check_any_target(self.options.targets, session, self.options.profile)
        else:
            _check_enough_targets(self.options.targets, session, self.options.profile)

    def units(self, store: CampaignStore) -> Iterator[Unit[int]]:
        for index in _pending_indices(self.options, store.done_indices()):
            yield Unit(index, (index,))

    @property
    def prepare(self) -> Callable[[int], PreparedTest]:
        return functools.partial(prepare_test, options=self.options)

    def jobs(self, piece: PreparedTest) -> Sequence[Job]:
        return (piece.job,)

    def gather(
        self,
        pieces: Sequence[PreparedTest],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> None:
        _gather(pieces[0], answers[0][0], context, self.options)

    def record(
        self,
        unit: Unit[int],
        pieces: Sequence[PreparedTest],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> Recorded:
        return _handle(pieces[0], answers[0][0], context, self.options)

    def reduce_bucket(
        self,
        bucket: Bucket,
        example: Path,
        session: TargetSession,
        time_s: float,
        interrupted: Callable[[], bool],
    ) -> tuple[str, str | None] | None:
        return reduce_bucket(
            bucket, example, session, self.options.target_workers(), time_s, interrupted
        )


def run_campaign(
    directory: Path,
    options: CampaignOptions,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Progress:
    """Run (or resume) the campaign in `directory` until done, timed out or `stop` set.
    A corpus test that is not admitted (rebuild/admission.py) refuses the campaign with
    a one-line RuntimeError before anything runs."""
    for test in options.corpus:
        try:
            load_admitted(test)
        except TestCaseError as error:
            raise RuntimeError(f"--corpus {error}") from None
    return loop.run_with(directory, DifferentialKind(options), options, stop, on_progress)


# A differential campaign compares compilers; the interpreter alone finds nothing.
MIN_REAL_TARGETS = 2


def _check_enough_targets(
    requested: list[str], session: TargetSession, profile: LanguageProfile
) -> None:
    """Refuse a campaign with fewer than two real targets (besides the interpreter)
    present that read its language: it would run thousands of tests and find nothing."""
    language = profile.language.family
    real = [name for name in requested if name in session.present and name != REFERENCE]
    readers = [name for name in real if reads_language(name, language)]
    if len(readers) >= MIN_REAL_TARGETS:
        return
    if len(real) >= MIN_REAL_TARGETS:
        raise RuntimeError(
            f"fewer than {MIN_REAL_TARGETS} of the targets read {language.value.upper()} "
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


def _check_any_target(
    requested: list[str], session: TargetSession, profile: LanguageProfile
) -> None:
    """Refuse a crash campaign none of whose compile-only targets started, or none of
    whose started ones reads its language (every compile-only target reads GLSL)."""
    present = [name for name in requested if name in session.present]
    language = profile.language.family
    if present and not any(reads_language(name, language) for name in present):
        raise RuntimeError(
            f"none of the compile-only targets {', '.join(present)} reads {language.value.upper()}"
        )
    if present:
        return
    missing = "; ".join(
        f"{name}: {session.missing[name].splitlines()[0].removeprefix(name + ': ')[:160]}"
        for name in requested
        if name in session.missing
    )
    raise RuntimeError(f"none of the compile-only targets is present (missing: {missing})")


def _gather(
    item: PreparedTest,
    results: dict[str, RunResult],
    context: Context,
    options: CampaignOptions,
) -> None:
    """Complete `results` with the evidence they need (in the loop's gathering thread,
    as soon as the targets answered): a crash test, what names its crashes' components;
    a differential test, the witnesses and front-end dumps evidence.py runs,
    unless none of them could change its signatures or blame (evidence.could_change):
    then it is judged without them, once, and `_handle` gathers them only if the test is
    kept in a bucket after all (the kept test records them)."""
    started = time.perf_counter()
    try:
        _gather_evidence(item, results, context, options)
    finally:
        item.gathering_s = time.perf_counter() - started


def _gather_evidence(
    item: PreparedTest,
    results: dict[str, RunResult],
    context: Context,
    options: CampaignOptions,
) -> None:
    components = context.components
    if isinstance(options.oracle, Crash):
        # No witnesses: a crash is a crash whatever another chain makes of the program;
        # only what names its component (a Rust panic, ACO's message).
        attach_front_end_causes(results, item.job, components)
        item.evidence_gathered = True
        return
    if not options.evidence_for_every_test:
        attach_panic_causes(results, components)  # the logs name them; complete does too
        judged = judge_by(options.oracle, results, components, options.ignore, item.job.floats)
        if not could_change(judged.findings, results, components, context.session.pools):
            item.judged_without_evidence = judged
            return
    complete(results, item.job, context.session, components)
    item.evidence_gathered = True


def _handle(
    item: PreparedTest,
    results: dict[str, RunResult],
    context: Context,
    options: CampaignOptions,
) -> Recorded:
    """Judge and record one test, its evidence gathered (`_gather`). A test whose
    evidence could not change its findings, all of whose buckets hold their kept tests
    already (or that has none), is only counted: judged once, nothing run, nothing
    written, as cheap as a passing test."""
    started = time.perf_counter()
    session, store = context.session, context.store
    judged = item.judged_without_evidence
    if judged is not None and any(
        store.kept_directories(finding.signature) < context.keep_per_bucket
        for finding in judged.findings
    ):
        # Kept: the test directory records the evidence too.
        complete(results, item.job, session, context.components)
        judged = None
    if judged is None:
        judged = judge_by(
            options.oracle, results, context.components, options.ignore, item.job.floats
        )
    findings = reproduce_crashes(judged.findings, results)
    findings = reproduce_wrong_results(
        findings,
        results,
        item.job,
        session,
        lambda finding: store.kept_directories(finding.signature) < context.keep_per_bucket,
    )
    judged = judged.with_findings(findings)
    directories: dict[str, str] = {}
    if findings:
        versions = session.versions()
        directories = store.keep_tests(
            findings,
            item.name,
            lambda finding: judged.recorded_in(item.test, finding, versions),
            context.keep_per_bucket,
        )
    opened = store.record(
        item.index,
        item.seed,
        judged.headline,
        findings,
        store.result_rows(results),
        directories,
        item.gathering_s + time.perf_counter() - started,
        intervals=_interval_note(judged),
    )
    # A defect of ours found by the oracle is counted once per test, as its own kind.
    ours = sum(1 for f in findings if f.ours and f.kind not in _COUNTED_KINDS)
    rejected = int(judged.headline == REJECTED)
    counted = [f for f in findings if f.kind in _COUNTED_KINDS]
    return Recorded(1, counted, ours, len(opened), rejected)


def _interval_note(judged: Judged) -> IntervalNote | None:
    """What an interval-mode test counts: its outputs constrained, or its refusal."""
    intervals = judged.intervals
    if intervals is None:
        return None
    return IntervalNote(intervals.floats, intervals.constrained, intervals.refused)


_COUNTED_KINDS = frozenset(
    {Kind.CRASH, Kind.TIMEOUT, Kind.ODD_ONE_OUT, Kind.DISAGREE, Kind.COMPILE_FAILURE}
)
