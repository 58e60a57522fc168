"""The push-button metamorphic campaign (GraphicsFuzz / gfauto, seed 002) on each target
alone: no second compiler is compared.

Test `i` uses seed `seed_base + i`: the generator's program, reconditioned, is the
reference (or, with `references`, a real-world shader that seed picks from a corpus,
its inputs drawn from the seed: corpus/); the variant is the reference after the
transformations its plan lists (mutate/metamorphic.py; with `donors`, dead and live code
from a corpus). Both run on every target and on the reference interpreter, the
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
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shadersmith.campaign import loop
from shadersmith.campaign.findings import reproduce_crashes
from shadersmith.campaign.loop import Context, Progress, Recorded, Unit
from shadersmith.campaign.preparation import CpuShare
from shadersmith.campaign.store import VARIANTS_SCHEMA, Bucket, CampaignStore
from shadersmith.case import Finding, Kind, StepRecord
from shadersmith.case.codec import step_to_json
from shadersmith.corpus import Corpus, pick
from shadersmith.corpus.programs import donor_record, reference_stage
from shadersmith.generate.smith import SmithOptions, generate, options_to_dict
from shadersmith.ir.profile import GLSL450, LanguageProfile
from shadersmith.ir.program import Stage
from shadersmith.mutate.metamorphic import DEFAULT_STEPS, plan_variant
from shadersmith.mutate.transforms import FAMILIES
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.metamorphic import MetamorphicJudgement, judge_metamorphic, same_output
from shadersmith.pair import (
    Pair,
    pair_results,
    prepare_corpus_pair,
    prepare_generated_pair,
    recorded_pair,
)
from shadersmith.reduce.steps import reduce_metamorphic_bucket
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

DEFAULT_TARGETS = ("gl-llvmpipe", "vk-lavapipe")


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
    allow_new_targets: bool = False  # loop.Limits.allow_new_targets
    jobs: int | None = None  # CPUs to keep busy; None: all this process may use
    # Real-world shaders (issue 20, part 3): references from a corpus instead of the
    # generator, and dead-code/live-code donors from a corpus.
    references: Corpus | None = None
    donors: Corpus | None = None

    def settings(self) -> dict[str, object]:
        settings: dict[str, object] = {
            "oracle": "metamorphic",
            "seed_base": self.seed_base,
            "profile": self.profile.name,
            "generator": options_to_dict(self.generator),
            "families": list(self.families),
            "steps": list(self.steps),
            "targets": list(self.targets),
        }
        # Named only when used, so that a campaign started before they existed resumes.
        if self.references is not None:
            settings["references"] = self.references.name
        if self.donors is not None:
            settings["donors"] = self.donors.name
        return settings

    def cpu_share(self) -> CpuShare:
        # One process preparing per 8 CPUs: a pair takes ~50 ms of CPU to prepare, its
        # two programs ~1 s on the default targets and the interpreter.
        return CpuShare(self.jobs, len(self.targets) + 1, cpus_per_preparer=8)


class MetamorphicKind(loop.KindDefaults):
    """The metamorphic campaign as the campaign loop (loop.py) runs it: a unit is one
    pair, whose two jobs (reference, variant) run on every target and the interpreter."""

    def __init__(self, options: MetamorphicOptions) -> None:
        self.options = options

    def settings(self) -> dict[str, object]:
        return self.options.settings()

    def open(self, store: CampaignStore) -> None:
        store.db.executescript(VARIANTS_SCHEMA)

    def session_targets(self) -> list[str]:
        return [*self.options.targets, REFERENCE]

    def cpu_share(self) -> CpuShare:
        return self.options.cpu_share()

    def check_session(self, session: TargetSession) -> None:
        loop.require_present(session, self.options.targets)

    def units(self, store: CampaignStore) -> Iterator[Unit[int]]:
        return loop.units_by_index(store, self.options.count)

    @property
    def prepare(self) -> Callable[[int], Pair]:
        return functools.partial(prepare_pair_at, options=self.options)

    def jobs(self, piece: Pair) -> Sequence[Job]:
        return (piece.reference.job, piece.variant.job)

    def record(
        self,
        unit: Unit[int],
        pieces: Sequence[Pair],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> Recorded:
        reference, variant = answers[0]
        return _record_pair(pieces[0], reference, variant, context, self.options)

    def reduce_bucket(
        self,
        bucket: Bucket,
        example: Path,
        session: TargetSession,
        time_s: float,
        interrupted: Callable[[], bool],
    ) -> tuple[str, str | None] | None:

        return reduce_metamorphic_bucket(example, bucket.signature, session, time_s)


def run_metamorphic_campaign(
    directory: Path,
    options: MetamorphicOptions,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Progress:
    """Run (or resume) the metamorphic campaign in `directory`."""
    return loop.run_with(directory, MetamorphicKind(options), options, stop, on_progress)


def _record_pair(
    pair: Pair,
    reference: dict[str, RunResult],
    variant: dict[str, RunResult],
    context: Context,
    options: MetamorphicOptions,
) -> Recorded:
    started = time.perf_counter()
    session, store = context.session, context.store
    judged = judge_metamorphic(reference, variant, options.targets, context.components)
    findings = reproduce_crashes(judged.findings, variant)
    jobs = (pair.reference.job, pair.variant.job)
    findings = [confirm_wrong(f, jobs, session) for f in findings]
    versions = session.versions()
    directories = store.keep_tests(
        findings,
        pair.seed,
        lambda finding: recorded_pair(pair, reference, variant, finding, versions),
        context.keep_per_bucket,
    )
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
    opened = store.record(
        pair.index,
        pair.seed,
        headline(judged, findings),
        findings,
        store.result_rows(pair_results(reference, variant)),
        directories,
        time.perf_counter() - started,
    )
    counted = [f for f in findings if f.kind is not Kind.UNCONFIRMED]  # not a finding
    return Recorded(1, counted, int(judged.ours is not None), len(opened))


def confirm_wrong(finding: Finding, jobs: tuple[Job, Job], session: TargetSession) -> Finding:
    """Run a wrong result's pair (its reference's job, its variant's) once more on its
    target: an output that changes from run to run is marked flaky, not trusted."""
    if finding.kind is not Kind.ODD_ONE_OUT:
        return finding
    worker = session.pools[finding.targets[0]].workers[0]
    again_reference = worker.run(jobs[0])
    again_variant = worker.run(jobs[1])
    stable = again_reference.ok and again_variant.ok
    stable = stable and not same_output(again_reference, again_variant)
    return finding if stable else dataclasses.replace(finding, flaky=True)


def prepare_pair_at(index: int, options: MetamorphicOptions) -> Pair:
    """Pair `index` of a campaign (run in a preparing process: it must pickle): its
    reference is the generator's program for its seed, or the corpus program that seed
    picks (corpus/programs.py)."""
    seed = options.seed_base + index
    if options.references is not None:
        stage = reference_stage(seed, options.generator.fragment_probability)
        shader = pick(options.references, seed, stage)
        plan = _plan(seed, shader.stage, options)
        return prepare_corpus_pair(shader, plan, index)
    generated = generate(seed, options.generator, options.profile)
    plan = _plan(seed, generated.program.stage, options)
    return prepare_generated_pair(generated, plan, options.profile, index)


def _plan(seed: int, stage: Stage, options: MetamorphicOptions) -> list[StepRecord]:
    donors = None
    if options.donors is not None:
        donors = functools.partial(donor_record, options.donors, stage)
    return plan_variant(seed, options.families, options.steps, donors)


def headline(judged: MetamorphicJudgement, findings: Sequence[Finding]) -> str:
    """One word for a pair: its most severe finding's kind, `ours`, `unchecked` or
    `agree`."""
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
