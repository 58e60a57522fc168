"""Reduction of a fusion finding (FShader, seed 001): the parts first, then the program.

1. The parts: delta debugging (reduce/ddmin.py) over the fused program's `fuse`
   steps, each of which names a partner; the base (part 1) stays. A sub-list is kept when
   the fused program it makes still shows the finding on its target, judged exactly as
   the campaign judged it (campaign/fusion.judge, the recorded relation and tolerance,
   the parts' images on the same target and the interpreter's guard): the same relation
   violated while the interpreter keeps it, or the same crash, timeout or rejection of
   the fused program. Every sub-list is itself a fusion of the same relation, so each
   candidate is a valid fusion test; the parts alone are run once.
2. The program: the fused program with the fewest partners is an ordinary test on its
   own. A violation means the interpreter's image of it is what the relation predicts
   and the target's is not, so the target disagrees with the interpreter on it
   (`wrong:<blamed component>`); a crash keeps its crash signature. As a differential
   test on (target, interp) it is reduced by the ordinary reducer. Its candidates are
   reconditioned as the fused program's parts were, but for exact floats: the program's
   floats are exact already (its parts were reconditioned), except the colour mix's,
   whose rounding is the point (interp/fragment_image.colour_rounding_functions), and
   which that pass would replace. In the interval float mode the fused program is an
   interval-mode fragment test: judged by the interval oracle on images (the interp
   target's colour intervals at the sampled pixels, oracle/image_intervals.py), its
   candidates reconditioned in that mode, whose float pass keeps every float where the
   precision table applies (the mix's arithmetic included).

Beside the example `<name>/` this writes `<name>-reduced-parts/`, the fusion test with the
fewest partners (replayable as a fusion test, with its parts and images), and
`<name>-reduced/`, the reduced program (a differential test that `run` and `replay`
take), whose provenance says it was reduced from the fused program.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shadersmith.campaign.fusion import (
    FusedOutcome,
    FusedPlan,
    FusionOptions,
    interp_image,
    judge,
)
from shadersmith.campaign.fusion_tests import write_fusion_test
from shadersmith.case import StepRecord, TestCase, TestCaseError, load_test, write_test
from shadersmith.case.oracle import Fusion
from shadersmith.corpus.prepare import prepare_corpus
from shadersmith.files import safe_files
from shadersmith.front.corpus_record import program_of_record, record_of
from shadersmith.generate.smith import generate, options_from_dict
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import profile_named
from shadersmith.mutate.fusion import FUSE, Relation
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.root_cause import root_cause
from shadersmith.oracle.signature import shows_signature
from shadersmith.rebuild.admission import load_admitted
from shadersmith.rebuild.build import generator_provenance
from shadersmith.recondition import ReconditionOptions
from shadersmith.recondition.step import RECONDITION, ReconditionParams
from shadersmith.reduce.ddmin import ddmin, one_at_a_time
from shadersmith.reduce.output import reduced_directory, reduced_test
from shadersmith.reduce.run import ReductionError, ReductionResult, reduce_subject
from shadersmith.reduce.subject import Subject
from shadersmith.steps.registry import StepError
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.trial import PreparedTrial, prepare_loaded, prepare_program
from shadersmith.trial import judge as judge_differential

# The share of the time budget the parts may take; the program gets the rest.
PARTS_SHARE = 0.5


@dataclass(frozen=True)
class FusionTest:
    """A saved fusion finding, ready to fuse again with fewer partners."""

    test: TestCase
    oracle: Fusion
    target: str  # the finding's
    base: tuple[StepRecord, ...]  # the base's steps before the first fusion
    steps: tuple[StepRecord, ...]  # the `fuse` steps: step k fuses partner k (part k + 2)
    parts: tuple[PreparedTrial, ...]  # part 1 (the base) and each partner, drawn alone

    def plan(self, partners: Sequence[int]) -> FusedPlan:
        """The plan fusing the base with `partners` (indices of the test's steps)."""
        steps = tuple(self.steps[k] for k in partners)
        seeds = (self.test.provenance.seed or 0, *(_partner_seed(s) for s in steps))
        return FusedPlan(0, Relation(self.oracle.relation), seeds, steps)

    def fuse(self, partners: Sequence[int]) -> PreparedTrial:
        """The base fused with `partners`, rebuilt from the provenance (the generator's
        seed, or the base's corpus record)."""
        provenance = self.test.provenance
        steps = [*self.base, *(self.steps[k] for k in partners)]
        record = record_of(provenance)
        if record is not None:
            shader = program_of_record(record, "test.json: provenance.corpus")
            return prepare_corpus(shader, steps)
        assert provenance.seed is not None and provenance.profile is not None
        profile = profile_named(provenance.profile)
        generated = generate(provenance.seed, options_from_dict(dict(provenance.options)), profile)
        return prepare_program(
            generated.program,
            generated.buffer_values,
            profile,
            generator_provenance(generated, profile),
            steps,
            None,
            generated.workgroups,
            generated.framebuffer,
        )


def _partner_seed(step: StepRecord) -> int:
    return int(step.params["partner"]["seed"])


def load_fusion_test(directory: Path) -> FusionTest:
    """The fused program's test and its parts (the oracle's part folders, inside the
    test); raises TestCaseError with a one-line reason."""
    test = load_test(directory)
    oracle = test.oracle
    if not isinstance(oracle, Fusion):
        raise TestCaseError(f"{directory}: not a fusion test (its oracle is not fusion)")
    finding = test.results.finding
    if finding is None or not finding.targets:
        raise TestCaseError(f"{directory}: the test records no finding target")
    provenance = test.provenance
    if provenance.seed is None or provenance.profile is None:
        raise TestCaseError(f"{directory}: the provenance names no seed or profile")
    cut = next((i for i, s in enumerate(provenance.steps) if s.name == FUSE), None)
    if cut is None:
        raise TestCaseError(f"{directory}: the fused program records no fuse step")
    requests = [StepRecord(s.name, dict(s.params)) for s in provenance.steps]
    base, steps = tuple(requests[:cut]), tuple(requests[cut:])
    if any(s.name != FUSE for s in steps) or len(oracle.parts) != len(steps) + 1:
        raise TestCaseError(f"{directory}: its parts and fuse steps do not match")
    parts = []
    for name in oracle.parts:
        # Each part runs on the targets as a test of its own: admitted as one.
        part = prepare_loaded(load_admitted(safe_files.inside(directory, name)))
        if part.program is None:
            raise TestCaseError(f"{directory / name}: no longer what its provenance rebuilds")
        parts.append(part)
    try:
        seeds = [_partner_seed(s) for s in steps]
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"{directory}: a fuse step names no partner ({error})") from None
    if [p.test.provenance.seed for p in parts] != [provenance.seed, *seeds]:
        raise TestCaseError(f"{directory}: its parts are not the programs its steps fuse")
    loaded = FusionTest(test, oracle, finding.targets[0], base, steps, tuple(parts))
    try:
        rebuilt = loaded.fuse(range(len(steps)))
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"{directory}: its steps do not replay ({error})") from None
    if rebuilt.source != test.main_shader:
        raise TestCaseError(f"{directory}: the shader differs from what its provenance rebuilds")
    return loaded


# ---------------------------------------------------------------------------- the parts


@dataclass
class PartsReduction:
    partners: list[int]  # the partners kept (indices of the test's fuse steps)
    original: int  # partners before
    runs: int  # fused programs run
    seconds: float
    outcome: FusedOutcome  # the fused program of the kept steps, judged


def reduce_parts(
    fusion: FusionTest,
    signature: str,
    session: TargetSession,
    time_budget_s: float,
    should_stop: Callable[[], bool] | None = None,
) -> PartsReduction:
    """ddmin over the fusion's partners (see the module docstring), until the budget is
    spent or `should_stop` says so; raises ReductionError when the test no longer shows
    `signature` here."""
    target = fusion.target
    if target not in session.present:
        raise ReductionError(f"target not present here: {target}")
    started = time.perf_counter()
    components = session.components()
    # The parts alone, once: every candidate fuses some of them.
    runs = dict(session.run_many([p.job for p in fusion.parts], only=[target]))
    part_results = [runs[i] for i in range(len(fusion.parts))]
    part_images = [interp_image(p) for p in fusion.parts]
    judged: dict[tuple[int, ...], FusedOutcome | None] = {}
    count = 0

    def outcome_of(partners: list[int]) -> FusedOutcome | None:
        nonlocal count
        key = tuple(partners)
        if key in judged:
            return judged[key]
        chosen = [0, *(k + 1 for k in partners)]
        try:
            trial = fusion.fuse(partners)
        except StepError:  # these partners do not fuse so (e.g. too many blocks)
            judged[key] = None
            return None
        count += 1
        results = dict(session.run_many([trial.job], only=[target]))[0]
        outcome = judge(
            fusion.plan(partners),
            trial,
            [fusion.parts[i] for i in chosen],
            results,
            [part_results[i] for i in chosen],
            interp_image(trial),
            [part_images[i] for i in chosen],
            components,
            fusion.oracle.tolerance,
        )
        judged[key] = outcome
        return outcome

    def interesting(partners: list[int]) -> bool:
        if not partners:  # a fusion needs a partner
            return False
        outcome = outcome_of(partners)
        if outcome is None or outcome.ours:
            return False
        verdict = outcome.verdicts.get(target)
        return verdict is not None and shows_signature(signature, verdict.signature)

    def spent() -> bool:
        stopped = should_stop is not None and should_stop()
        return stopped or time.perf_counter() - started >= time_budget_s

    everything = list(range(len(fusion.steps)))
    if not interesting(everything):
        outcome = outcome_of(everything)
        now = [s for s, _ in outcome.findings()] if outcome is not None else []
        raise ReductionError(
            f"the fused program does not show {signature} here "
            f"(it shows: {', '.join(now) or 'nothing'}); nothing to reduce"
        )
    minimal = list(ddmin(everything, one_at_a_time(interesting), 1, spent))
    outcome = outcome_of(minimal)
    assert outcome is not None  # ddmin keeps only interesting lists
    return PartsReduction(minimal, len(everything), count, time.perf_counter() - started, outcome)


# ---------------------------------------------------------------------------- the program


def reduce_program(
    fusion: FusionTest,
    outcome: FusedOutcome,
    signature: str,
    session: TargetSession,
    time_budget_s: float,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[ReductionResult | None, str]:
    """Phase 2: the reduced program and its signature (with ", not kept on the final
    run" where the last run lost it), or None and why it was not reduced."""
    needed = [fusion.target, REFERENCE]
    if all(name in session.present for name in needed):
        return _reduce_program(fusion, outcome, signature, session, time_budget_s, should_stop)
    # A fusion campaign's session holds its targets alone: the program's reduction starts
    # the interpreter's worker (and the target's again) for itself.
    with TargetSession(needed, timeout_s=session.timeout_s) as own:
        return _reduce_program(fusion, outcome, signature, own, time_budget_s, should_stop)


def _reduce_program(
    fusion: FusionTest,
    outcome: FusedOutcome,
    signature: str,
    session: TargetSession,
    time_budget_s: float,
    should_stop: Callable[[], bool] | None,
) -> tuple[ReductionResult | None, str]:
    try:
        subject = program_subject(fusion, outcome, signature, session)
        program = reduce_subject(
            subject, session, parallel=1, time_budget_s=time_budget_s, should_stop=should_stop
        )
    except (ReductionError, TestCaseError) as error:
        return None, f"not reduced: {error}"
    kept = "" if program.signature_kept else ", not kept on the final run"
    return program, f"{subject.signature}{kept}"


def program_subject(
    fusion: FusionTest, outcome: FusedOutcome, signature: str, session: TargetSession
) -> Subject:
    """The fused program of `outcome` as a differential test on (target, interp), keeping
    what the target shows against the interpreter there: the fusion signature itself for
    a crash, timeout or rejection, else the wrong result's signature. Raises
    ReductionError when it shows nothing (a violation within the tolerance of a
    difference the oracle allows, e.g. pixels swapped)."""
    target = fusion.target
    missing = [name for name in (target, REFERENCE) if name not in session.present]
    if missing:
        raise ReductionError(f"target(s) not present here: {', '.join(missing)}")
    trial = outcome.trial
    assert trial.program is not None and trial.values is not None
    results = dict(session.run_many([trial.job], only=[target, REFERENCE]))[0]
    floats = trial.job.floats
    findings = [
        f
        for f in judge_differential(results, session.components(), floats=floats).findings
        if not f.ours and target in f.targets
    ]
    finding = next((f for f in findings if shows_signature(signature, f.signature)), None)
    finding = finding or next(iter(findings), None)
    if finding is None:
        now = _statuses(results)
        raise ReductionError(f"the fused program alone shows no finding against interp ({now})")
    step = fusion.test.provenance.step_named(RECONDITION)
    options = ReconditionOptions()
    if step is not None:
        try:
            options = ReconditionParams.from_json(step.params).options
        except (TypeError, StepError) as error:
            raise TestCaseError(f"test.json: bad recondition options ({error})") from None
    return Subject(
        program=trial.program,
        buffer_values=trial.values,
        profile=profile_named(trial.test.profile),
        # The exact mode's colour mix rounds on purpose: its float pass is off. The
        # interval mode's pass keeps the candidates' floats in the table's ranges.
        recondition_options=dataclasses.replace(
            options, exact_floats=options.floats is FloatMode.INTERVAL
        ),
        spirv_passes=None,
        signature=finding.signature,
        finding_targets=finding.targets,
        targets=(target, REFERENCE),
        stage=trial.test.stage,
        origin=trial.test.provenance,
        dispatch=trial.test.inputs.dispatch,
        framebuffer=trial.test.inputs.framebuffer,
        kind=finding.kind,
    )


def _statuses(results: dict[str, RunResult]) -> str:
    return ", ".join(f"{name} {result.status.value}" for name, result in results.items())


# ---------------------------------------------------------------------------- the bucket


@dataclass
class FusionReduction:
    parts: PartsReduction
    lines_before: int  # the fused program's, as the campaign saved it
    lines_fewest_parts: int  # the fused program's with the fewest partners
    program: ReductionResult | None  # None: not reduced (see `program_note`)
    program_note: str  # why not, or the reduced program's signature
    parts_directory: Path
    directory: Path | None  # the reduced program's
    seconds: float

    @property
    def lines_after(self) -> int:
        return self.program.reduced_lines if self.program else self.lines_fewest_parts

    def summary(self) -> str:
        """One line: `3 -> 1 partners, 212 -> 14 lines (wrong:gl-llvmpipe)`."""
        partners = f"{self.parts.original} -> {len(self.parts.partners)} partners"
        return f"{partners}, {self.lines_before} -> {self.lines_after} lines ({self.program_note})"

    def report(self) -> dict[str, Any]:
        return {
            "partners_before": self.parts.original,
            "partners_after": len(self.parts.partners),
            "fused_programs_run": self.parts.runs,
            "parts_seconds": round(self.parts.seconds, 1),
            "lines_before": self.lines_before,
            "lines_fewest_parts": self.lines_fewest_parts,
            "lines_after": self.lines_after,
            # Phase 2: the directory of the reduced program (beside this one) and its
            # signature, or why there is none.
            "program": self.program_note
            if self.directory is None
            else f"{self.directory.name} [{self.program_note}]",
            "seconds": round(self.seconds, 1),
            "summary": self.summary(),
        }


def reduce_fusion_test(
    example: Path,
    signature: str,
    session: TargetSession,
    time_s: float,
    should_stop: Callable[[], bool] | None = None,
) -> FusionReduction:
    """Both phases (see the module docstring), the results written beside `example`;
    `should_stop` (Ctrl-C) ends each phase early with the smallest test so far. Raises
    ReductionError or TestCaseError when the parts cannot be reduced; a program that
    cannot be reduced is said in the report (`program_note`)."""
    started = time.perf_counter()
    fusion = load_fusion_test(example)
    parts = reduce_parts(fusion, signature, session, time_s * PARTS_SHARE, should_stop)
    outcome = parts.outcome
    left = max(1.0, time_s - (time.perf_counter() - started))
    program, note = reduce_program(fusion, outcome, signature, session, left, should_stop)
    reduction = FusionReduction(
        parts,
        fusion.test.main_shader.count("\n"),
        outcome.trial.source.count("\n"),
        program,
        note,
        example.with_name(f"{example.name}-reduced-parts"),
        reduced_directory(example) if program is not None else None,
        time.perf_counter() - started,
    )
    if program is not None and reduction.directory is not None:
        reduced = reduced_test(program)
        provenance = reduced.provenance
        origin = _origin(example, fusion, signature, reduction)
        report = {**(provenance.reduction or {}), "fusion": origin}
        reduced = dataclasses.replace(
            reduced, provenance=dataclasses.replace(provenance, reduction=report)
        )
        write_test(reduced, reduction.directory)
    _write_parts(reduction, fusion, signature, session)
    return reduction


def _origin(
    example: Path, fusion: FusionTest, signature: str, reduction: FusionReduction
) -> dict[str, Any]:
    """What the reduced program's provenance says of the fusion test it comes from (its
    `reduced_from` is the fused program's, fewest partners, which rebuilds it)."""
    return {
        "test": example.name,
        "relation": fusion.oracle.relation,
        "signature": signature,
        "target": fusion.target,
        "partners": list(reduction.parts.outcome.plan.seeds[1:]),
        "parts_directory": reduction.parts_directory.name,
        **reduction.report(),
    }


def _write_parts(
    reduction: FusionReduction, fusion: FusionTest, signature: str, session: TargetSession
) -> None:
    outcome = reduction.parts.outcome
    test = outcome.trial.test
    provenance = dataclasses.replace(test.provenance, reduction=reduction.report())
    trial = dataclasses.replace(
        outcome.trial, test=dataclasses.replace(test, provenance=provenance)
    )
    options = FusionOptions(targets=(fusion.target,), tolerance=fusion.oracle.tolerance)
    write_fusion_test(
        reduction.parts_directory,
        dataclasses.replace(outcome, trial=trial),
        signature,
        fusion.target,
        options,
        session.versions(),
    )


def reduce_fusion_bucket(
    example: Path,
    signature: str,
    session: TargetSession,
    time_s: float,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[str, str | None]:
    """Reduce a fusion bucket's example (`<campaign>/buckets/<bucket>/<name>`): (the reduced
    test's path relative to the campaign, the reduced program's where there is one, else
    the fusion test with the fewest partners; or `failed: why`), and the root cause: the
    reduced program's (oracle/root_cause.py, so that a fusion finding and a differential
    one of the same bug meet), else the relation and strategies left. The session must
    hold the finding's target; where it lacks `interp`, the program's reduction starts its
    own. The outcome of both phases is in the reduced tests' `provenance.reduction`;
    `should_stop` (Ctrl-C) ends each phase early, keeping the smallest test so far."""
    try:
        reduction = reduce_fusion_test(example, signature, session, time_s, should_stop)
    except (ReductionError, TestCaseError) as error:
        return f"failed: {error}", None
    program = reduction.program
    kept = program is not None and program.signature_kept
    # A program whose final run lost the signature is not the bucket's reduced test: the
    # fusion test with the fewest partners is (its report says why).
    written = reduction.directory if kept and reduction.directory else reduction.parts_directory
    relative = str(Path(*example.parts[-3:-1]) / written.name)
    if kept and program is not None:
        finding = next(
            (
                f
                for f in program.final.findings
                if shows_signature(program.subject.signature, f.signature)
            ),
            None,
        )
        blamed = finding.blamed if finding is not None and finding.blamed else ""
        return relative, root_cause(blamed, program.reduced.candidate.program)
    plan = reduction.parts.outcome.plan
    strategies = "+".join(sorted({s.value for s in plan.strategies}))
    return relative, f"fusion|{plan.relation.value}:{strategies}"
