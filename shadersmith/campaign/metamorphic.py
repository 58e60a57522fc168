"""The push-button metamorphic campaign (GraphicsFuzz / gfauto, seed 002) on each target
alone: no second compiler is compared.

Test `i` uses seed `seed_base + i`: the generator's program, reconditioned, is the
reference; the variant is the reference after the transformations its plan lists
(mutate/metamorphic.py). Both run on every target and on the reference interpreter, the
oracle (oracle/metamorphic.py) compares each target's two outputs, and findings are
bucketed and stored like a differential campaign's (campaign/store.py: every test
committed on its own, so a killed campaign resumes where it stopped). Each new bucket's
first test is reduced: its transformation list first (reduce/steps.py), with the
reference fixed.

Every CPU works (`jobs`, as fuzz's): pairs are prepared ahead in worker processes
(preparation.py; generating, reconditioning and transforming, donors included, is the
campaign's Python work) and stream through the targets' workers; the campaign's own
process judges and records each pair, in index order.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shadersmith.campaign.findings import reproduce_crashes
from shadersmith.campaign.preparation import CpuShare, Preparation
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import Finding, Kind, TestCaseError, write_test
from shadersmith.case.codec import step_to_json
from shadersmith.generate.smith import SmithOptions, options_to_dict
from shadersmith.ir.profile import GLSL450, LanguageProfile
from shadersmith.mutate.metamorphic import DEFAULT_STEPS, plan_variant
from shadersmith.mutate.transforms import FAMILIES
from shadersmith.oracle.differential import REFERENCE, output_digest
from shadersmith.oracle.metamorphic import MetamorphicJudgement, judge_metamorphic, same_output
from shadersmith.pair import Pair, pair_results, prepare_pair, recorded_pair
from shadersmith.targets.chains import Job
from shadersmith.targets.ray_farm import session_for
from shadersmith.targets.results import RunResult

DEFAULT_TARGETS = ("gl-llvmpipe", "vk-lavapipe")

VARIANTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS variants (
    idx INTEGER PRIMARY KEY,
    stage TEXT NOT NULL,
    steps TEXT NOT NULL,
    transform_ms REAL NOT NULL,
    outcomes TEXT NOT NULL,
    ours TEXT
);
"""


@dataclass
class MetamorphicOptions:
    targets: list[str] = field(default_factory=lambda: list(DEFAULT_TARGETS))
    count: int | None = None
    time_s: float | None = None
    seed_base: int = 0
    timeout_s: float = 60.0
    keep_per_bucket: int = 3
    generator: SmithOptions = field(default_factory=SmithOptions)
    families: tuple[str, ...] = FAMILIES
    steps: tuple[int, int] = DEFAULT_STEPS
    reduce: bool = True
    reduce_time_s: float = 120.0
    profile: LanguageProfile = GLSL450
    cluster: str | None = None  # a Ray cluster's address (targets/ray_farm.py)
    jobs: int | None = None  # CPUs to keep busy; None: all this process may use

    def settings(self) -> dict[str, object]:
        return {
            "oracle": "metamorphic",
            "seed_base": self.seed_base,
            "profile": self.profile.name,
            "generator": options_to_dict(self.generator),
            "families": list(self.families),
            "steps": list(self.steps),
        }

    def cpu_share(self) -> CpuShare:
        # One process preparing per 8 CPUs: a pair takes ~50 ms of CPU to prepare, its
        # two programs ~1 s on the default targets and the interpreter.
        return CpuShare(self.jobs, len(self.targets) + 1, cpus_per_preparer=8)


@dataclass
class MetamorphicProgress:
    tests: int = 0
    resumed_from: int = 0
    findings: int = 0
    ours: int = 0
    buckets: int = 0
    reduced: int = 0
    reducing: str | None = None
    started: float = field(default_factory=time.perf_counter)

    @property
    def tests_per_second(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.tests / elapsed if elapsed > 0 else 0.0


class MetamorphicCampaign:
    def __init__(
        self,
        directory: Path,
        options: MetamorphicOptions,
        stop: threading.Event | None = None,
        on_progress: Callable[[MetamorphicProgress], None] | None = None,
    ) -> None:
        self.directory = directory
        self.options = options
        self.stop = stop or threading.Event()
        self.on_progress = on_progress
        self.store = CampaignStore(directory, options.keep_per_bucket)
        self.store.db.executescript(VARIANTS_SCHEMA)

    def run(self) -> MetamorphicProgress:
        options = self.options
        try:
            self.store.check_or_save_settings(options.settings())
            done = self.store.done_indices()
            progress = MetamorphicProgress(
                resumed_from=len(done), buckets=len(self.store.buckets())
            )
            names = [*options.targets, REFERENCE]
            share = options.cpu_share()
            prepare = functools.partial(prepare_pair_at, options=options)
            with (
                Preparation(prepare, self._pending(done), share.preparers()) as pairs,
                session_for(
                    names, share.workers_per_target(), options.timeout_s, options.cluster
                ) as session,
            ):
                absent = [t for t in options.targets if t not in session.present]
                if absent:
                    reasons = "; ".join(
                        f"{t}: {session.missing.get(t, 'absent').splitlines()[0][:160]}"
                        for t in absent
                    )
                    raise RuntimeError(f"target(s) not available: {reasons}")
                self.session = session
                deadline = None if options.time_s is None else time.perf_counter() + options.time_s
                while not self.stop.is_set():
                    if deadline is not None and time.perf_counter() > deadline:
                        break
                    if self._stream(pairs, progress, deadline) == 0:
                        break  # nothing was left to run
                    if options.reduce:
                        self._reduce(progress, deadline)
                if options.reduce:
                    self._reduce(progress, deadline)
            return progress
        finally:
            self.store.close()

    def _pending(self, done: set[int]) -> Iterator[int]:
        for index in itertools.count():
            if self.options.count is not None and index >= self.options.count:
                return
            if index not in done:
                yield index

    def _stream(
        self, pairs: Iterator[Pair], progress: MetamorphicProgress, deadline: float | None
    ) -> int:
        """Stream pairs through the targets (session.stream: no target waits for the
        slowest of a batch), each pair judged and recorded once both its runs are in, in
        the order of the pairs (the same tests are kept whatever the timing); ends when
        the pairs do, at the deadline, on `stop`, or once a new bucket waits for its
        reduction. Returns how many pairs it ran."""
        opened_before = progress.buckets

        def more() -> bool:
            if self.stop.is_set() or (deadline is not None and time.perf_counter() > deadline):
                return False
            return not (self.options.reduce and progress.buckets > opened_before)

        jobs = _PairJobs(pairs, more)
        answers: dict[int, dict[str, RunResult]] = {}
        handled = 0
        lead = self.options.cpu_share().stream_lead()
        for position, answer in self.session.stream(jobs, lead=lead):
            answers[position] = answer
            while 2 * handled + 1 in answers and 2 * handled in answers:
                reference = answers.pop(2 * handled)
                variant = answers.pop(2 * handled + 1)
                self._handle(jobs.pairs.pop(handled), reference, variant, progress)
                handled += 1
                if self.on_progress:
                    self.on_progress(progress)
        return handled

    def _handle(
        self,
        pair: Pair,
        reference: dict[str, RunResult],
        variant: dict[str, RunResult],
        progress: MetamorphicProgress,
    ) -> None:
        started = time.perf_counter()
        session = self.session
        components = session.components()
        judged = judge_metamorphic(reference, variant, self.options.targets, components)
        findings = reproduce_crashes(judged.findings, pair.variant.job, session, variant)
        findings = [self._confirm_wrong(f, pair) for f in findings]
        store = self.store
        directories: dict[str, str] = {}
        for finding in findings:
            if store.kept_directories(finding.signature) >= self.options.keep_per_bucket:
                continue
            test = recorded_pair(pair, reference, variant, finding, session.versions())
            path = store.test_directory(finding, pair.seed)
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
            for name, r in pair_results(reference, variant).items()
        ]
        with store.db:
            store.db.execute(
                "INSERT OR REPLACE INTO variants VALUES (?, ?, ?, ?, ?, ?)",
                (
                    pair.index,
                    pair.variant.test.stage,
                    json.dumps([step_to_json(s) for s in pair.variant.test.provenance.steps[1:]]),
                    pair.transform_ms,
                    json.dumps({t: o.value for t, o in judged.outcomes.items()}),
                    judged.ours,
                ),
            )
        headline = _headline(judged, findings)
        opened = store.record(
            pair.index,
            pair.seed,
            headline,
            findings,
            rows,
            directories,
            time.perf_counter() - started,
        )
        progress.tests += 1
        progress.findings += len(findings)
        progress.ours += judged.ours is not None
        progress.buckets += len(opened)

    def _confirm_wrong(self, finding: Finding, pair: Pair) -> Finding:
        """Run a wrong result's pair once more on its target: an output that changes from
        run to run is marked flaky, not trusted."""
        if finding.kind is not Kind.ODD_ONE_OUT:
            return finding
        worker = self.session.pools[finding.targets[0]].workers[0]
        again_reference = worker.run(pair.reference.job)
        again_variant = worker.run(pair.variant.job)
        stable = again_reference.ok and again_variant.ok
        stable = stable and not same_output(again_reference, again_variant)
        return finding if stable else dataclasses.replace(finding, flaky=True)

    def _reduce(self, progress: MetamorphicProgress, deadline: float | None) -> None:
        from shadersmith.reduce.steps import reduce_metamorphic_bucket

        for bucket in self.store.unreduced_buckets():
            if self.stop.is_set() or (deadline is not None and time.perf_counter() > deadline):
                return
            progress.reducing = bucket.signature
            if self.on_progress:
                self.on_progress(progress)
            try:
                outcome, cause = reduce_metamorphic_bucket(
                    self.store.example_directory(bucket),
                    bucket.signature,
                    self.session,
                    self.options.reduce_time_s,
                )
            except TestCaseError as error:  # a link planted in a shared campaign, ...
                outcome, cause = f"failed: {error}", None
            self.store.set_reduced(bucket.signature, outcome, cause)
            progress.reduced += 1
        progress.reducing = None


def prepare_pair_at(index: int, options: MetamorphicOptions) -> Pair:
    """Pair `index` of a campaign (run in a preparing process: it must pickle)."""
    seed = options.seed_base + index
    plan = plan_variant(seed, options.families, options.steps)
    return prepare_pair(seed, options.generator, plan, options.profile, index)


class _PairJobs:
    """The jobs of one stream: pair k's reference at position 2k, its variant at 2k + 1,
    taken from the preparation as the targets ask for them. `more()` is asked before a
    pair, never between its two jobs."""

    def __init__(self, pairs: Iterator[Pair], more: Callable[[], bool]) -> None:
        self.source = pairs
        self.more = more
        self.pairs: dict[int, Pair] = {}
        self.produced = 0  # jobs
        self.variant: Job | None = None

    def __iter__(self) -> Iterator[Job]:
        return self

    def __next__(self) -> Job:
        if self.variant is not None:
            job, self.variant = self.variant, None
        else:
            if self.produced and not self.more():
                raise StopIteration
            pair = next(self.source)
            self.pairs[self.produced // 2] = pair
            job, self.variant = pair.reference.job, pair.variant.job
        self.produced += 1
        return job


def _headline(judged: MetamorphicJudgement, findings: Sequence[Finding]) -> str:
    if findings:
        return findings[0].kind.value
    if judged.ours:
        return "ours"
    if any(o.value == "unchecked" for o in judged.outcomes.values()):
        return "unchecked"
    return "agree"


def variant_statistics(store: CampaignStore, targets: Sequence[str]) -> dict[str, Any]:
    """Per transformation family: how many variants used it (applied, not just planned),
    and the share of those that compiled and rendered on each target; the mean time to
    make a variant and to run it."""
    rows = store.db.execute(
        "SELECT v.idx, v.steps, v.transform_ms, v.ours "
        "FROM variants v JOIN tests t ON t.idx = v.idx"
    ).fetchall()
    statuses: dict[tuple[int, str], str] = {
        (idx, target): status
        for idx, target, status in store.db.execute("SELECT idx, target, status FROM results")
    }
    run_ms: dict[str, list[float]] = {t: [] for t in targets}
    for target, compile_ms, ms in store.db.execute(
        "SELECT target, compile_ms, run_ms FROM results WHERE target LIKE '%.variant'"
    ):
        base = target.rsplit(".", 1)[0]
        if base in run_ms:
            run_ms[base].append((compile_ms or 0) + (ms or 0))
    families: dict[str, dict[str, Any]] = {}
    transform_ms: list[float] = []
    for idx, steps_json, ms, ours in rows:
        transform_ms.append(ms)
        used = {s["name"] for s in json.loads(steps_json) if s.get("report", {}).get("applied")}
        for name in used:
            entry = families.setdefault(name, {"variants": 0, "ours": 0})
            entry["variants"] += 1
            entry["ours"] += ours is not None
            for target in targets:
                ok = statuses.get((idx, f"{target}.variant")) == "ok"
                ran = statuses.get((idx, f"{target}.reference")) == "ok"
                if ran:
                    entry[f"{target}:compared"] = entry.get(f"{target}:compared", 0) + 1
                    entry[f"{target}:rendered"] = entry.get(f"{target}:rendered", 0) + ok
    return {
        "variants": len(rows),
        "transform_ms_mean": sum(transform_ms) / len(transform_ms) if transform_ms else 0.0,
        "variant_run_ms_mean": {t: (sum(v) / len(v) if v else 0.0) for t, v in run_ms.items()},
        "families": families,
    }
