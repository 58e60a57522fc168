"""Reduction of a metamorphic finding (gfauto's order, seed 002): the transformation
list first, with the reference fixed, then the program.

1. Delta debugging (ddmin) over the variant's plan: a sub-list is kept when the pair
   (the same reference, the variant made by the sub-list) still shows the finding's
   signature on its target. Every sub-list of a plan is itself semantics-preserving, so
   each candidate is a valid metamorphic test; the result is 1-minimal (removing any
   one remaining transformation loses the bug).
2. The program: whichever of the two programs the target computes wrongly (by the
   interpreter, which confirmed they are equivalent) is a differential test on its own
   (target against interpreter), reduced by the ordinary reducer. Crashes and
   rejections reduce the variant the same way.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from shadersmith.case import StepRecord, TestCase, TestCaseError, write_test
from shadersmith.ir.profile import profile_named
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.metamorphic import judge_metamorphic
from shadersmith.oracle.signature import shows_signature
from shadersmith.pair import Pair, pair_of_test, plan_of_test, recorded_pair
from shadersmith.rebuild.admission import load_admitted
from shadersmith.recondition import ReconditionOptions
from shadersmith.reduce.ddmin import ddmin, one_at_a_time
from shadersmith.reduce.output import reduced_directory, write_reduced
from shadersmith.reduce.run import ReductionError, reduce_subject
from shadersmith.reduce.subject import Subject
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.trial import PreparedTrial, judge


@dataclasses.dataclass
class StepReduction:
    plan: list[StepRecord]
    original: int
    runs: int
    seconds: float
    targets: list[str]  # the finding's
    pair: Pair  # the pair the reduced plan makes
    reference: dict[str, RunResult]  # its results on the finding's target and interp
    variant: dict[str, RunResult]


def reduce_plan(
    test: TestCase, signature: str, session: TargetSession, time_budget_s: float
) -> StepReduction:
    """ddmin over the plan of metamorphic `test`, the reference fixed."""
    plan = plan_of_test(test)
    finding = test.results.finding
    targets = list(finding.targets) if finding else []
    if not targets:
        raise TestCaseError("the test records no finding target")
    started = time.perf_counter()
    runs = 0
    last: dict[tuple[int, ...], tuple[Pair, dict[str, RunResult], dict[str, RunResult]]] = {}

    def run(candidate: list[StepRecord]) -> bool:
        nonlocal runs
        runs += 1
        pair = pair_of_test(test, candidate)
        jobs = [pair.reference.job, pair.variant.job]
        answers = dict(session.run_many(jobs, only=[*targets, REFERENCE]))
        judged = judge_metamorphic(answers[0], answers[1], targets, session.components())
        kept = judged.ours is None and any(
            shows_signature(signature, f.signature) for f in judged.findings
        )
        if kept:
            last[tuple(id(s) for s in candidate)] = (pair, answers[0], answers[1])
        return kept

    def spent() -> bool:
        return time.perf_counter() - started >= time_budget_s

    # By index: a step's record holds a dict, and ddmin remembers candidates by their items.
    kept = ddmin(range(len(plan)), one_at_a_time(lambda c: run([plan[i] for i in c])), 1, spent)
    minimal = [plan[i] for i in kept]
    if not run(minimal):
        raise ReductionError("the reduced transformation list does not keep the signature")
    pair, reference, variant = last[tuple(id(s) for s in minimal)]
    seconds = time.perf_counter() - started
    return StepReduction(minimal, len(plan), runs, seconds, targets, pair, reference, variant)


def reduce_metamorphic_bucket(
    example: Path, signature: str, session: TargetSession, time_budget_s: float
) -> tuple[str, str | None]:
    """Reduce a campaign bucket's example: (the reduced test's path relative to the
    campaign, or `failed: why`; the root cause, named by the transformations left). The
    program reduction's outcome is in the reduced test's `provenance.reduction`."""
    try:
        test = load_admitted(example)  # what the targets run: anyone's edit is refused
        reduction = reduce_plan(test, signature, session, time_budget_s / 2)
    except (ReductionError, TestCaseError) as error:
        return f"failed: {error}", None
    pair = reduction.pair
    judged = judge_metamorphic(
        reduction.reference,
        reduction.variant,
        list(reduction.targets),
        session.components(),
    )
    finding = next((f for f in judged.findings if shows_signature(signature, f.signature)), None)
    reduced = recorded_pair(
        pair, reduction.reference, reduction.variant, finding, session.versions()
    )
    destination = reduced_directory(example)
    program = reduce_program(reduction, signature, session, time_budget_s / 2, destination)
    report = {
        "steps_before": reduction.original,
        "steps_after": len(reduction.plan),
        "runs": reduction.runs,
        "seconds": round(reduction.seconds, 1),
        # Phase 2: the directory of the reduced program (beside this one) and its
        # signature, or why there is none.
        "program": program or "not reduced: neither program alone shows a finding",
    }
    reduced = dataclasses.replace(
        reduced, provenance=dataclasses.replace(reduced.provenance, reduction=report)
    )
    written = write_test(reduced, destination)
    cause = "+".join(sorted({s.name for s in reduction.plan})) or "no transformation"
    return str(Path(*example.parts[-3:-1]) / written.name), cause


def reduce_program(
    reduction: StepReduction,
    signature: str,
    session: TargetSession,
    time_budget_s: float,
    written: Path,
) -> str | None:
    """Phase 2: of the two programs, the one the target computes wrongly (against the
    interpreter, which found them equivalent; the variant first, and for a crash or a
    rejection the variant alone), as a differential test of its own, reduced by the
    ordinary reducer. The reduced directory and its signature, or None."""
    target = signature.split(":", 1)[1] if signature.startswith("metamorphic:") else None
    candidates: list[tuple[str, PreparedTrial, dict[str, RunResult]]] = [
        ("variant", reduction.pair.variant, reduction.variant)
    ]
    if target is not None:
        candidates.append(("reference", reduction.pair.reference, reduction.reference))
    for label, trial, results in candidates:
        names = [target] if target is not None else [n for n in results if n != REFERENCE]
        judged = judge(
            {n: results[n] for n in (*names, REFERENCE) if n in results}, session.components()
        )
        finding = next(
            (f for f in judged.findings if not f.ours and set(f.targets) & set(names)), None
        )
        if finding is None or trial.program is None or trial.values is None:
            continue
        subject = Subject(
            program=trial.program,
            buffer_values=trial.values,
            profile=profile_named(trial.test.profile),
            recondition_options=ReconditionOptions(),
            spirv_passes=None,
            signature=finding.signature,
            finding_targets=finding.targets,
            targets=(*names, REFERENCE),
            stage=trial.test.stage,
            origin=trial.test.provenance,
            dispatch=trial.test.inputs.dispatch,
            framebuffer=trial.test.inputs.framebuffer,
            subgroup_size=trial.test.inputs.subgroup_size,
            kind=finding.kind,
        )
        try:
            result = reduce_subject(subject, session, parallel=1, time_budget_s=time_budget_s)
        except ReductionError as error:
            return f"failed ({error})"
        destination = written.with_name(f"{written.name}-{label}-program")
        write_reduced(result, destination)
        kept = "" if result.signature_kept else " (signature not kept on the final run)"
        return f"{destination.name} [{finding.signature}]{kept}"
    return None
