"""FShader's campaign (seed 001, section V): sequences of generated fragment programs,
fused under each relation, run on the targets, judged by the fusion oracle.

Sequence i holds the n programs of seeds `seed_base + n*i` .. `seed_base + n*i + n - 1`
(n = 4 as in the paper): the generator's, or with `parts_from` the real-world fragment
shaders those seeds pick from a corpus (corpus/, inputs drawn from the seed). Each part
is reconditioned and drawn alone in RGBA8 (the `float-colour` step); then, per
relation, MR+, MR- and MR_l fuse iteratively, ((1, 2), 3), 4, and MR_o pairwise,
(1, 2), (2, 3), (3, 4): n - 1 fused programs each, every one described by its base's
seed and its steps (reconditioning, then `fuse` steps naming their partners), so
provenance rebuilds it. Each fusion step draws its strategy
(side by side, inline, inline + variable reuse) from the sequence's own stream.

For every fused program and target (oracle/fusion.py):

- holds: the fused image is what the relation predicts from the same target's images of
  the parts;
- violated: it is not, and the reference interpreter's images of the same programs keep
  the relation (a finding `fusion:<relation>:<target>`);
- failed: the fused program crashed, timed out or was rejected while every part alone
  rendered (a finding signed as the differential campaign signs failures);
- part failed: a part alone did not render there: nothing to compare (the differential
  campaign is where a part's own failure belongs).

The interpreter breaking a relation, or meeting undefined behaviour in a fused program,
is a defect of ours (`ours:fusion:<relation>`, `ours:ub:<category>`), recorded as such
and never blamed on a target.

In the interval float mode (`generator.float_mode` "interval", issue 37) the parts are
interval-mode programs, reconditioned in that mode, whose float colours the fused program
combines (mutate/fusion/form.py), and each fused image is judged instead by byte ranges:
the interval interpreter's colours of the parts, mapped by the relation, at the sampled
pixels (oracle/fusion_intervals.py; no EMD). A fused program whose reference refuses
(rounding decides a branch) is counted in the store's interval tally, not judged.

Every CPU works (`jobs`, as fuzz's): the programs and the interpreter's images of them,
two thirds of a sequence's CPU time, are made in worker processes (campaign/
preparation.py), the next sequence's while this one runs on the targets; the campaign's
own process runs, judges and records.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import random
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from shadersmith.campaign import loop
from shadersmith.campaign.interval_tally import IntervalNote
from shadersmith.campaign.loop import Context, Progress, Recorded, Unit
from shadersmith.campaign.preparation import CpuShare
from shadersmith.campaign.store import Bucket, CampaignStore, Comparison, ProgramNote
from shadersmith.case import Finding, Kind, StepRecord
from shadersmith.case.finding import kind_of_signature
from shadersmith.corpus import Corpus, Purpose, pick
from shadersmith.corpus.prepare import prepare_corpus
from shadersmith.files import safe_files
from shadersmith.front.corpus_record import PROFILE as CORPUS_PROFILE
from shadersmith.generate.smith import SmithOptions, generate, options_to_dict
from shadersmith.interp.errors import InterpreterError, UndefinedBehaviour
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.fragment_image import expected_unorm_image
from shadersmith.ir.profile import GLSL450, LanguageProfile
from shadersmith.ir.program import Stage
from shadersmith.mutate.fusion import (
    FLOAT_COLOUR_STEP,
    FUSE_STEP,
    MIX_FUNCTION,
    FuseParams,
    PartnerSpec,
    Relation,
    Strategy,
)
from shadersmith.oracle.fusion import (
    FAILED,
    HOLDS,
    INTERP,
    OURS,
    PART_FAILED,
    REFUSED,
    VIOLATED,
    InterpImage,
    RelationCheck,
    TargetVerdict,
    check_relation,
    target_verdicts,
)
from shadersmith.oracle.fusion_intervals import (
    FusedIntervals,
    fused_reference,
    interval_image,
    interval_verdicts,
)
from shadersmith.oracle.image import DEFAULT_EMD_TOLERANCE
from shadersmith.oracle.known import is_ignored
from shadersmith.oracle.normalise import normalise
from shadersmith.rebuild.build import generator_provenance
from shadersmith.recondition import ReconditionOptions
from shadersmith.steps.registry import NoParameters, StepError
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.trial import PreparedTrial, prepare_program, reconditioning

DEFAULT_TARGETS = ("gl-llvmpipe", "vk-lavapipe")
FRAGMENT_ONLY = SmithOptions(fragment_probability=1.0)
_REJECTED = {RunStatus.COMPILE_ERROR, RunStatus.LINK_ERROR, RunStatus.VALIDATION_ERROR}


@dataclass(frozen=True)
class FusionOptions:
    targets: tuple[str, ...] = DEFAULT_TARGETS
    seed_base: int = 0
    sequences: int | None = None  # stop after this many sequences
    time_s: float | None = None  # or after this long (the sequence in flight finishes)
    parts: int = 4  # n, programs per sequence
    relations: tuple[Relation, ...] = tuple(Relation)
    strategies: tuple[Strategy, ...] = tuple(Strategy)
    tolerance: float = DEFAULT_EMD_TOLERANCE
    timeout_s: float = 60.0
    keep_per_bucket: int = 3
    profile: LanguageProfile = GLSL450
    generator: SmithOptions = FRAGMENT_ONLY
    ignore: frozenset[str] = frozenset()  # known signatures: counted, not kept
    jobs: int | None = None  # CPUs to keep busy; None: all this process may use
    reduce: bool = True  # reduce each new bucket's first test: its parts, then the program
    reduce_time_s: float = 120.0  # per bucket
    cluster: str | None = None  # a Ray cluster's address (targets/ray_farm.py)
    allow_new_targets: bool = False  # loop.Limits.allow_new_targets
    # Parts from a corpus of real-world shaders (issue 20, part 3) instead of the
    # generator: part seed s is the fragment shader that seed picks (corpus/programs.py).
    parts_from: Corpus | None = None

    @property
    def floats(self) -> FloatMode:
        """The parts' float mode: the generator's (recorded in its options)."""
        return FloatMode(self.generator.float_mode)

    def reconditioning(self) -> StepRecord:
        """Every part's recondition step, in the parts' float mode."""
        if self.floats is FloatMode.EXACT:
            return reconditioning()  # as recorded before the interval mode existed
        return reconditioning(ReconditionOptions(floats=self.floats))

    def cpu_share(self) -> CpuShare:
        # One process preparing per CPU: building a fused program and the interpreter's
        # image of it take ~800 ms of CPU, its runs on the default targets ~430 ms
        # (bench/throughput.py --session --campaign --kind fuse), so the preparing
        # processes and the targets' workers share the CPUs.
        return CpuShare(self.jobs, len(self.targets), cpus_per_preparer=1)


# ---------------------------------------------------------------------------- plans


@dataclass(frozen=True)
class FusedPlan:
    """One fused program: its parts' seeds in order (the base first) and the steps
    after the base's reconditioning."""

    sequence: int
    relation: Relation
    seeds: tuple[int, ...]
    steps: tuple[StepRecord, ...]

    @property
    def relations(self) -> tuple[Relation, ...]:
        return tuple(Relation(step.params["relation"]) for step in self.steps)

    @property
    def strategies(self) -> tuple[Strategy, ...]:
        return tuple(Strategy(step.params["strategy"]) for step in self.steps)

    @property
    def name(self) -> str:
        return f"s{self.sequence:06d}-{self.relation.value}-{'-'.join(map(str, self.seeds))}"


def sequence_seeds(index: int, options: FusionOptions) -> tuple[int, ...]:
    first = options.seed_base + options.parts * index
    return tuple(range(first, first + options.parts))


def plan_sequence(index: int, options: FusionOptions) -> list[FusedPlan]:
    """The fused programs of sequence `index` (see the module docstring)."""
    seeds = sequence_seeds(index, options)
    plans: list[FusedPlan] = []
    for relation in options.relations:
        rng = random.Random(f"fusion-{seeds[0]}-{options.parts}-{relation.value}")
        if relation is Relation.OCCLUDE:
            for front, back in itertools.pairwise(seeds):
                step = _fuse_step(back, relation, rng, options)
                plans.append(FusedPlan(index, relation, (front, back), (step,)))
            continue
        steps: list[StepRecord] = []
        for count, partner in enumerate(seeds[1:], start=2):
            steps.append(_fuse_step(partner, relation, rng, options))
            plans.append(FusedPlan(index, relation, seeds[:count], tuple(steps)))
    return plans


def _fuse_step(
    partner: int, relation: Relation, rng: random.Random, options: FusionOptions
) -> StepRecord:
    if options.parts_from is not None:
        record = pick(options.parts_from, partner, Stage.FRAGMENT, Purpose.PART).record()
        spec = PartnerSpec(partner, {}, CORPUS_PROFILE.name, (reconditioning(),), record)
    else:
        generator = options_to_dict(options.generator)
        steps = (options.reconditioning(),)
        spec = PartnerSpec(partner, generator, options.profile.name, steps)
    strategy = rng.choice(options.strategies)
    return FUSE_STEP.request(FuseParams(spec, relation, strategy, rng.randrange(2**31)))


def prepare(seed: int, steps: Sequence[StepRecord], options: FusionOptions) -> PreparedTrial:
    """Generated program `seed` (or the corpus program it picks), reconditioned, then
    `steps`."""
    if options.parts_from is not None:
        shader = pick(options.parts_from, seed, Stage.FRAGMENT, Purpose.PART)
        return prepare_corpus(shader, [reconditioning(), *steps])
    # A fused program mixes one colour per part: its parts keep one colour output.
    generator = dataclasses.replace(options.generator, fragment_output_probability=0.0)
    generated = generate(seed, generator, options.profile)
    return prepare_program(
        generated.program,
        generated.buffer_values,
        options.profile,
        generator_provenance(generated, options.profile),
        [options.reconditioning(), *steps],
        None,
        generated.workgroups,
        generated.framebuffer,
    )


def prepare_part(seed: int, options: FusionOptions) -> PreparedTrial:
    return prepare(seed, [FLOAT_COLOUR_STEP.request(NoParameters())], options)


# ---------------------------------------------------------------------------- judging


def interp_image(trial: PreparedTrial) -> InterpImage:
    """The interpreter's RGBA8 image of a part or fused program; in the interval float
    mode its colour intervals at the sampled pixels."""
    job = trial.job
    if trial.program is None or trial.values is None:
        return InterpImage(None, "no IR")
    if job.floats is FloatMode.INTERVAL:
        return interval_image(trial.program, trial.values, job)
    try:
        image = expected_unorm_image(
            trial.program, trial.values, job.width, job.height, frozenset({MIX_FUNCTION})
        )
    except UndefinedBehaviour as ub:
        return InterpImage(None, f"{ub.category.value}: {ub.location}: {ub.message}", True)
    except InterpreterError as error:
        return InterpImage(None, str(error))
    return InterpImage(image)


@dataclass
class FusedOutcome:
    """Everything one fused program gave: its runs, the parts' runs, the interpreter's
    images, and a verdict per target."""

    plan: FusedPlan
    trial: PreparedTrial
    parts: list[PreparedTrial]
    results: dict[str, RunResult]  # target -> the fused program's run
    part_results: list[dict[str, RunResult]]  # per part: target -> run
    interp: InterpImage
    interp_parts: list[InterpImage]
    interp_check: RelationCheck | None
    verdicts: dict[str, TargetVerdict] = field(default_factory=dict)
    ours: str = ""  # the signature of a defect of ours, if any
    intervals: FusedIntervals | None = None  # the interval mode's reference

    def interval_note(self) -> IntervalNote | None:
        """What the store's interval tally counts of it (None in the exact mode, or where
        undefined behaviour left no reference: a defect of ours, not a refusal)."""
        reference = self.intervals
        if reference is None:
            return None
        if reference.refused:
            return IntervalNote(0, 0, reference.refused)
        return IntervalNote(reference.floats, reference.constrained, None)

    def findings(self) -> list[tuple[str, str]]:
        """(signature, target) of every finding; a defect of ours names INTERP."""
        found = [(v.signature, t) for t, v in self.verdicts.items() if v.signature]
        if self.ours:
            found.insert(0, (self.ours, INTERP))
        return found


def judge(
    plan: FusedPlan,
    trial: PreparedTrial,
    parts: Sequence[PreparedTrial],
    results: Mapping[str, RunResult],
    part_results: Sequence[Mapping[str, RunResult]],
    interp: InterpImage,
    interp_parts: Sequence[InterpImage],
    components: Mapping[str, Sequence[str]],
    tolerance: float,
) -> FusedOutcome:
    """The verdicts of one fused program (see the module docstring)."""
    relations = plan.relations
    interp_check = None
    reference = None
    ours = ""
    interval = trial.job.floats is FloatMode.INTERVAL
    if interp.undefined or any(p.undefined for p in interp_parts):
        first = next(i for i in (interp, *interp_parts) if i.undefined)
        ours = f"ours:ub:{normalise(first.error.split(':', 1)[0])}"
    elif interval:
        reference = fused_reference(relations, interp, interp_parts)
        if reference.escaped:
            ours = f"ours:fusion:{plan.relation.value}"
    elif interp.image is not None and all(p.image is not None for p in interp_parts):
        images = [p.image for p in interp_parts if p.image is not None]
        interp_check = check_relation(relations, images, interp.image, tolerance)
        if not interp_check.holds:
            ours = f"ours:fusion:{plan.relation.value}"
    outcome = FusedOutcome(
        plan,
        trial,
        list(parts),
        dict(results),
        [dict(r) for r in part_results],
        interp,
        list(interp_parts),
        interp_check,
        ours=ours,
        intervals=reference,
    )
    if interval:
        # Undefined behaviour leaves no reference: every rendered image unjudged, ours.
        judged = reference or FusedIntervals(refused=ours)
        verdicts = interval_verdicts(plan.relation, results, part_results, ours, components, judged)
    else:
        verdicts = target_verdicts(
            relations, plan.relation, results, part_results, ours, components, tolerance
        )
    outcome.verdicts.update(verdicts)
    return outcome


# ---------------------------------------------------------------------------- running


@dataclass
class RelationCounts:
    """Per relation: fused programs built or not, and per (fused program, target) run
    whether it compiled (was not rejected), rendered, broke the relation."""

    built: int = 0
    not_fusable: int = 0  # e.g. MR_o without an `if` in part 1
    runs: int = 0
    compiled: int = 0
    rendered: int = 0
    compared: int = 0  # rendered, and so were the parts
    violated: int = 0
    failed: int = 0
    ours: int = 0
    target_ms: float = 0.0  # compile + run + tools, summed over runs
    emd: list[float] = field(default_factory=list)  # of every comparison made

    def to_json(self, emd: bool = False) -> dict[str, Any]:
        """The counts, EMD's largest and mean value, and with `emd` every value."""
        data: dict[str, Any] = {k: v for k, v in self.__dict__.items() if k != "emd"}
        data["target_ms"] = round(self.target_ms, 1)
        data["emd_max"] = max(self.emd, default=0.0)
        data["emd_mean"] = sum(self.emd) / len(self.emd) if self.emd else 0.0
        if emd:
            data["emd"] = list(self.emd)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> RelationCounts:
        counts = RelationCounts(emd=[float(e) for e in data.get("emd", [])])
        for name in ("built", "not_fusable", "runs", "compiled", "rendered", "compared"):
            setattr(counts, name, int(data[name]))
        for name in ("violated", "failed", "ours"):
            setattr(counts, name, int(data[name]))
        counts.target_ms = float(data["target_ms"])
        return counts


@dataclass
class FusionProgress:
    sequences: int = 0
    fused: int = 0
    findings: int = 0
    ours: int = 0
    saved: int = 0
    elapsed_s: float = 0.0  # every run of the campaign
    buckets: dict[str, int] = field(default_factory=dict)
    per_relation: dict[str, RelationCounts] = field(default_factory=dict)
    resumed_from: int = 0  # sequences recorded before this run
    this_run_s: float = 0.0

    @property
    def ms_per_fused(self) -> float:
        return 1000 * self.elapsed_s / self.fused if self.fused else 0.0

    def counts(self, relation: Relation) -> RelationCounts:
        return self.per_relation.setdefault(relation.value, RelationCounts())

    def to_json(self, emd: bool = False) -> dict[str, Any]:
        return {
            "sequences": self.sequences,
            "fused": self.fused,
            "findings": self.findings,
            "ours": self.ours,
            "saved": self.saved,
            "elapsed_s": round(self.elapsed_s, 3),
            "ms_per_fused": round(self.ms_per_fused, 1),
            "buckets": dict(sorted(self.buckets.items())),
            "per_relation": {k: v.to_json(emd) for k, v in self.per_relation.items()},
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> FusionProgress:
        """`to_json(emd=True)`'s progress back (a resumed campaign's counts)."""
        progress = FusionProgress(
            sequences=int(data["sequences"]),
            fused=int(data["fused"]),
            findings=int(data["findings"]),
            ours=int(data["ours"]),
            saved=int(data["saved"]),
            elapsed_s=float(data["elapsed_s"]),
            buckets={str(k): int(v) for k, v in data["buckets"].items()},
        )
        for name, counts in data["per_relation"].items():
            progress.per_relation[str(name)] = RelationCounts.from_json(counts)
        return progress


@dataclass(frozen=True)
class ProgramKey:
    """One program of a sequence, as a preparing process is asked for it: part `part`
    (its place among the sequence's seeds) or fused program `plan` (its place in
    plan_sequence's order)."""

    sequence: int
    part: int | None = None
    plan: int | None = None


@dataclass(frozen=True)
class PreparedProgram:
    key: ProgramKey
    trial: PreparedTrial | None  # None: it cannot be a part, or cannot be fused
    interp: InterpImage | None = None  # None: not computed yet


def sequence_programs(
    index: int, options: FusionOptions, only: Collection[int] | None = None
) -> list[ProgramKey]:
    """Sequence `index`'s parts, then its fused programs (those of `only`, if given)."""
    parts = [ProgramKey(index, part=k) for k in range(options.parts)]
    count = plans_per_sequence(options)
    plans = [ProgramKey(index, plan=k) for k in range(count) if only is None or k in only]
    return parts + plans


def build_program(key: ProgramKey, options: FusionOptions) -> PreparedTrial | None:
    """The program `key` names, or None where it cannot be a part (fusion/form.py says
    why) or its plan cannot be fused (e.g. MR_o without an `if` in part 1)."""
    try:
        if key.part is not None:
            return prepare_part(sequence_seeds(key.sequence, options)[key.part], options)
        assert key.plan is not None
        plan = plan_sequence(key.sequence, options)[key.plan]
        return prepare(plan.seeds[0], plan.steps, options)
    except StepError:
        return None


def prepare_fusion_program(key: ProgramKey, options: FusionOptions) -> PreparedProgram:
    """The program `key` names and the interpreter's image of it: a preparing process's
    work (campaign/preparation.py), the slow half of a sequence."""
    trial = build_program(key, options)
    return PreparedProgram(key, trial, None if trial is None else interp_image(trial))


def run_sequence(
    session: TargetSession,
    index: int,
    options: FusionOptions,
    timings: dict[str, float] | None = None,
    only: Collection[int] | None = None,
) -> tuple[list[FusedOutcome], list[FusedPlan]]:
    """Run sequence `index`, built here: its outcomes, and the plans that could not be
    fused. `timings`, if given, gathers the seconds spent building programs (`build`),
    on the targets (`targets`) and in the interpreter (`interp`); `only`: the plans to
    run, by their place in plan_sequence's order (a resumed sequence's rest)."""
    clock = _Clock(timings)
    keys = sequence_programs(index, options, only)
    programs = [PreparedProgram(k, build_program(k, options)) for k in keys if k.part is not None]
    seeds, plans = sequence_seeds(index, options), plan_sequence(index, options)
    drawn = {seeds[p.key.part] for p in programs if p.trial is not None and p.key.part is not None}
    for key in keys:
        if key.plan is not None:
            # A plan with a part that cannot be drawn alone is not even built here.
            ready = set(plans[key.plan].seeds) <= drawn
            programs.append(PreparedProgram(key, build_program(key, options) if ready else None))
    clock.lap("build")
    return run_prepared_sequence(session, index, options, programs, clock)


def run_prepared_sequence(
    session: TargetSession,
    index: int,
    options: FusionOptions,
    programs: Sequence[PreparedProgram],
    clock: _Clock | None = None,
) -> tuple[list[FusedOutcome], list[FusedPlan]]:
    """Run sequence `index`'s `programs` (sequence_programs' keys, prepared; the
    interpreter's images computed here where they are not yet) on the targets and judge
    each fused program; returns the outcomes and the plans that could not be fused."""
    clock = clock or _Clock(None)
    built = [k for k, program in enumerate(programs) if program.trial is not None]
    jobs = [cast(PreparedTrial, programs[k].trial).job for k in built]
    answered = dict(session.run_many(jobs))
    results: list[dict[str, RunResult] | None] = [None] * len(programs)
    for position, k in enumerate(built):
        results[k] = answered[position]
    clock.lap("targets")
    return judge_sequence(index, options, programs, results, session.components(), clock)


def judge_sequence(
    index: int,
    options: FusionOptions,
    programs: Sequence[PreparedProgram],
    results: Sequence[dict[str, RunResult] | None],
    components: dict[str, list[str]],
    clock: _Clock | None = None,
) -> tuple[list[FusedOutcome], list[FusedPlan]]:
    """Judge each fused program of sequence `index` from its and its parts' results
    (`results[k]`: programs[k]'s, None where it was not built); returns the outcomes and
    the plans that could not be fused (not built, or a part not drawn alone)."""
    clock = clock or _Clock(None)
    seeds = sequence_seeds(index, options)
    plans = plan_sequence(index, options)
    parts: dict[int, tuple[PreparedProgram, dict[str, RunResult]]] = {}
    planned: list[tuple[FusedPlan, PreparedProgram, dict[str, RunResult]]] = []
    not_fusable: list[FusedPlan] = []
    for program, result in zip(programs, results, strict=True):
        key = program.key
        if key.part is not None:
            if program.trial is not None and result is not None:
                parts[seeds[key.part]] = (program, result)
            continue
        assert key.plan is not None
        plan = plans[key.plan]
        if program.trial is None or result is None or not set(plan.seeds) <= set(parts):
            not_fusable.append(plan)
        else:
            planned.append((plan, program, result))
    interp: dict[int, InterpImage] = {}

    def image_of(program: PreparedProgram) -> InterpImage:
        if program.interp is not None:
            return program.interp
        if id(program) not in interp:
            interp[id(program)] = interp_image(cast(PreparedTrial, program.trial))
        return interp[id(program)]

    outcomes = []
    for plan, program, result in planned:
        chosen = [parts[seed] for seed in plan.seeds]
        outcomes.append(
            judge(
                plan,
                cast(PreparedTrial, program.trial),
                [cast(PreparedTrial, part.trial) for part, _ in chosen],
                result,
                [part_result for _, part_result in chosen],
                image_of(program),
                [image_of(part) for part, _ in chosen],
                components,
                options.tolerance,
            )
        )
    clock.lap("interp")
    return outcomes, not_fusable


class _Clock:
    def __init__(self, into: dict[str, float] | None) -> None:
        self.into = into
        self.last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        if self.into is not None:
            self.into[name] = self.into.get(name, 0.0) + now - self.last
        self.last = now


def count(progress: FusionProgress, outcome: FusedOutcome) -> None:
    counts = progress.counts(outcome.plan.relation)
    counts.built += 1
    progress.fused += 1
    if outcome.ours:
        counts.ours += 1
        progress.ours += 1
    for target, verdict in outcome.verdicts.items():
        result = outcome.results[target]
        counts.runs += 1
        counts.compiled += result.status not in _REJECTED
        counts.rendered += result.ok
        counts.target_ms += result.compile_ms + result.run_ms + result.tools_ms
        counts.compared += verdict.compared
        if verdict.check is not None:
            counts.emd.append(verdict.check.comparison.emd)
        counts.violated += verdict.status == VIOLATED
        counts.failed += verdict.status == FAILED
    progress.findings += sum(1 for _ in outcome.findings())


def settings(options: FusionOptions) -> dict[str, Any]:
    """What must not change when a campaign is resumed: what sequence i holds."""
    # The corpus is named only when used, so that a campaign started before resumes.
    corpus = {} if options.parts_from is None else {"parts_from": options.parts_from.name}
    return corpus | {
        "oracle": "fusion",
        "seed_base": options.seed_base,
        "parts": options.parts,
        "relations": [r.value for r in options.relations],
        "strategies": [s.value for s in options.strategies],
        "profile": options.profile.name,
        "generator": options_to_dict(options.generator),
        "targets": list(options.targets),
        "tolerance": options.tolerance,
    }


def plans_per_sequence(options: FusionOptions) -> int:
    """Every relation makes n - 1 fused programs of a sequence (iteratively or pairwise)."""
    return len(options.relations) * (options.parts - 1)


def test_index(sequence: int, position: int, options: FusionOptions) -> int:
    """A fused program's index in the campaign's store: its sequence's block, then its
    place among the sequence's plans (plan_sequence's order, which the settings fix)."""
    return sequence * plans_per_sequence(options) + position


# A campaign of an older version kept its counts here, outside the store.
OLDER_STATE_FILE = "state.json"


def run_fusion_campaign(
    out: Path,
    options: FusionOptions,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> FusionProgress:
    """Run sequences until the count or time is reached (or `stop` is set), through the
    campaign loop (loop.py). Every fused program is a test of the campaign's store
    (campaign/store.py, like a differential or metamorphic campaign's: buckets,
    `--ignore`, resume after kill -9, reduction of each new bucket), its findings saved
    as test directories under `out/buckets/<bucket>/` as it is judged; a resumed campaign
    runs what the store does not hold yet, and its counts are the store's. Raises
    RuntimeError with a one-line reason (no target started, a resumed campaign with
    other settings). `on_progress` gets the loop's counts, with this campaign's
    (FusionProgress) as their `detail`."""
    if safe_files.is_plain_file(out, OLDER_STATE_FILE) and not (out / "campaign.db").exists():
        raise RuntimeError(
            f"{out} holds a fusion campaign of an older shadersmith ({OLDER_STATE_FILE}); "
            "use another --out"
        )
    progress = loop.run_with(out, FusionKind(options), options, stop, on_progress)
    return cast(FusionProgress, progress.detail)


class FusionKind(loop.KindDefaults):
    """The fusion campaign as the campaign loop (loop.py) runs it: a unit is a sequence;
    its pieces are its parts and fused programs (with the interpreter's images, made in
    the preparing processes), one job each; recording judges each fused program against
    its parts' images and records it as a test."""

    def __init__(self, options: FusionOptions) -> None:
        self.options = options
        self.started = time.perf_counter()
        self.resumed_from = 0  # sequences
        # When the last sequence was recorded: its successor's wall time runs from there.
        self.last_recorded = self.started

    def settings(self) -> dict[str, object]:
        return settings(self.options)

    def open(self, store: CampaignStore) -> None:
        self.resumed_from = progress_of(store, self.options).sequences

    def session_targets(self) -> list[str]:
        return list(self.options.targets)

    def cpu_share(self) -> CpuShare:
        return self.options.cpu_share()

    def prepare_ahead(self) -> int | None:
        # The next sequence's programs are prepared while this one runs on the targets.
        return 2 * len(sequence_programs(0, self.options))

    def check_session(self, session: TargetSession) -> None:
        if not session.present:
            missing = "; ".join(session.missing.values())
            raise RuntimeError(f"no target started ({missing})")

    def units(self, store: CampaignStore) -> Iterator[Unit[ProgramKey]]:
        first = progress_of(store, self.options).sequences
        for sequence, keys in _pending_sequences(first, store, self.options):
            yield Unit(sequence, tuple(keys))

    @property
    def prepare(self) -> Callable[[ProgramKey], PreparedProgram]:
        return functools.partial(prepare_fusion_program, options=self.options)

    def jobs(self, piece: PreparedProgram) -> Sequence[Job]:
        return () if piece.trial is None else (piece.trial.job,)

    def record(
        self,
        unit: Unit[ProgramKey],
        pieces: Sequence[PreparedProgram],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> Recorded:
        results = [answer[0] if answer else None for answer in answers]
        now = time.perf_counter()
        wall_s, self.last_recorded = now - self.last_recorded, now
        return _record_sequence(context, unit.index, self.options, pieces, results, wall_s)

    def reduce_bucket(
        self,
        bucket: Bucket,
        example: Path,
        session: TargetSession,
        time_s: float,
        interrupted: Callable[[], bool],
    ) -> tuple[str, str | None] | None:
        # Imported here: fusion_reduction.py imports this module (the plan, the judge).
        from shadersmith.campaign.fusion_reduction import reduce_fusion_bucket

        return reduce_fusion_bucket(example, bucket.signature, session, time_s, interrupted)

    def detail(self, store: CampaignStore, progress: Progress) -> FusionProgress:
        store.commit()  # the counts are the store's
        fusion = progress_of(store, self.options)
        fusion.resumed_from = self.resumed_from
        fusion.this_run_s = time.perf_counter() - self.started
        return fusion


def _pending_sequences(
    first: int, store: CampaignStore, options: FusionOptions
) -> Iterator[tuple[int, list[ProgramKey]]]:
    """Each sequence from `first` on (up to the count) with the programs it still has to
    run: its parts, and the plans the store does not hold yet (a resumed sequence's rest)."""
    done = store.done_indices()
    for sequence in itertools.count(first):
        if options.sequences is not None and sequence >= options.sequences:
            return
        count = plans_per_sequence(options)
        wanted = {k for k in range(count) if test_index(sequence, k, options) not in done}
        if wanted:
            yield sequence, sequence_programs(sequence, options, wanted)


def _record_sequence(
    context: Context,
    sequence: int,
    options: FusionOptions,
    programs: Sequence[PreparedProgram],
    results: Sequence[dict[str, RunResult] | None],
    wall_s: float,
) -> Recorded:
    """Judge `sequence`'s prepared `programs` (those _pending_sequences names) from their
    results, and record each fused program as a test, with its share of `wall_s` (the
    sequence's wall time: since the previous one was recorded)."""
    # Imported here, not at the top: fusion_tests.py imports this module (the plan and the outcome).
    from shadersmith.campaign.fusion_tests import save_findings

    store = context.store
    positions = {plan.name: k for k, plan in enumerate(plan_sequence(sequence, options))}
    outcomes, not_fusable = judge_sequence(sequence, options, programs, results, context.components)
    # Each fused program's share of the sequence's wall time (the judging alone, ~4 ms,
    # was recorded before: `fuse` then reported 4 ms a program for ~9.7 s).
    seconds = wall_s / max(1, len(outcomes))
    versions = context.session.versions()
    for plan in not_fusable:
        index = test_index(sequence, positions[plan.name], options)
        note = ProgramNote(sequence, plan.relation.value, plan.name)
        store.record(index, plan.seeds[0], NOT_FUSABLE, [], [], {}, 0.0, program=note)
    all_findings: list[Finding] = []
    opened = ours = 0
    for outcome in outcomes:
        plan = outcome.plan
        index = test_index(sequence, positions[plan.name], options)
        findings = [
            _reproduced(fusion_finding(sign, target, options), outcome)
            for sign, target in outcome.findings()
        ]
        directories = save_findings(store, outcome, findings, options, versions)
        opened += len(
            store.record(
                index,
                plan.seeds[0],
                _headline(outcome),
                findings,
                [
                    (name, r.status.value, None, r.compile_ms + r.tools_ms, r.run_ms)
                    for name, r in outcome.results.items()
                ],
                directories,
                seconds,
                comparisons=[
                    Comparison(
                        target,
                        verdict.status,
                        verdict.check.comparison.emd if verdict.check is not None else None,
                    )
                    for target, verdict in outcome.verdicts.items()
                ],
                program=ProgramNote(sequence, plan.relation.value, plan.name),
                intervals=outcome.interval_note(),
            )
        )
        all_findings += findings
        ours += bool(outcome.ours)
    return Recorded(len(outcomes) + len(not_fusable), all_findings, ours, opened)


NOT_FUSABLE = "not-fusable"
# A fused program's headline verdict: its most telling target verdict.
_HEADLINE_ORDER = (OURS, VIOLATED, FAILED, PART_FAILED, REFUSED, HOLDS)
_COMPARED = (HOLDS, VIOLATED, OURS)


def _headline(outcome: FusedOutcome) -> str:
    if outcome.ours:
        return OURS
    statuses = {v.status for v in outcome.verdicts.values()}
    return next((status for status in _HEADLINE_ORDER if status in statuses), HOLDS)


def _reproduced(finding: Finding, outcome: FusedOutcome) -> Finding:
    """A crash of the fused program is trusted once one of its re-runs (made as it
    arrived: campaign/findings.py) crashed again; else it is kept, marked flaky."""
    result = outcome.results.get(finding.targets[0])
    if finding.kind is not Kind.CRASH or result is None:
        return finding
    again = any(rerun.status is result.status for rerun in result.reruns)
    return finding if again else dataclasses.replace(finding, flaky=True)


def fusion_finding(sign: str, target: str, options: FusionOptions) -> Finding:
    kind = kind_of_signature(sign) or Kind.DISAGREE
    return Finding(kind, (target,), signature=sign, ignored=is_ignored(sign, options.ignore))


def progress_of(store: CampaignStore, options: FusionOptions) -> FusionProgress:
    """The campaign's counts, as its store holds them (nothing else is kept)."""
    progress = FusionProgress()
    db = store.db
    per_sequence = dict(db.execute("SELECT grouping, COUNT(*) FROM programs GROUP BY grouping"))
    complete = {g for g, n in per_sequence.items() if n >= plans_per_sequence(options)}
    progress.sequences = next(i for i in itertools.count() if i not in complete)
    _add_programs(progress, store)
    for family, counts in relation_runs(store).items():
        mine = progress.per_relation.setdefault(family, RelationCounts())
        for name in ("runs", "compiled", "rendered", "compared", "violated", "failed"):
            setattr(mine, name, getattr(counts, name))
        mine.target_ms, mine.emd = counts.target_ms, counts.emd
    progress.buckets = {b.signature: b.count for b in store.buckets()}
    progress.saved = int(
        db.execute("SELECT COUNT(*) FROM bucket_tests WHERE directory IS NOT NULL").fetchone()[0]
    )
    return progress


def _add_programs(progress: FusionProgress, store: CampaignStore) -> None:
    """Fused programs built or not, findings, defects of ours, time: from the tests."""
    rows = store.db.execute(
        "SELECT p.family, t.verdict, t.findings, t.seconds FROM programs p "
        "JOIN tests t ON t.idx = p.idx"
    ).fetchall()
    for family, verdict, findings, seconds in rows:
        counts = progress.per_relation.setdefault(family, RelationCounts())
        if verdict == NOT_FUSABLE:
            counts.not_fusable += 1
            continue
        counts.built += 1
        progress.fused += 1
        progress.elapsed_s += seconds
        found = json.loads(findings)
        progress.findings += len(found)
        if verdict == OURS:
            counts.ours += 1
            progress.ours += 1


def relation_runs(store: CampaignStore) -> dict[str, RelationCounts]:
    """Per relation, the runs of its fused programs (one per program and target): how
    many compiled, rendered, were compared, broke the relation; their time and EMD. The
    rest of RelationCounts (built, not fusable, ours) is left at 0."""
    per_relation: dict[str, RelationCounts] = {}
    runs = store.db.execute(
        "SELECT p.family, r.status, r.compile_ms + r.run_ms, c.verdict, c.distance "
        "FROM programs p JOIN results r ON r.idx = p.idx "
        "LEFT JOIN comparisons c ON c.idx = r.idx AND c.target = r.target"
    ).fetchall()
    rejected = {status.value for status in _REJECTED}
    for family, status, milliseconds, verdict, distance in runs:
        counts = per_relation.setdefault(family, RelationCounts())
        counts.runs += 1
        counts.compiled += status not in rejected
        counts.rendered += status == RunStatus.OK.value
        counts.target_ms += milliseconds or 0.0
        # An interval judgement has no distance (no EMD): compared by its verdict.
        counts.compared += verdict in _COMPARED
        if distance is not None:
            counts.emd.append(float(distance))
        counts.violated += verdict == VIOLATED
        counts.failed += verdict == FAILED
    return per_relation
