"""Fusion tests (FShader): a fused program's image against what its relation predicts
from its parts' images, on each target, with the reference interpreter's guard."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shadersmith.campaign.fusion_reduction import reduce_fusion_bucket
from shadersmith.campaign.fusion_tests import replay_fusion_test
from shadersmith.case import TestCase, TestCaseError
from shadersmith.kinds.verbs import (
    Echo,
    KindError,
    Reduced,
    ReduceRequest,
    ReplayRequest,
    refuse_program_reducer_options,
)
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.reproduction import replay_verdict
from shadersmith.reduce.output import reduced_directory
from shadersmith.targets.session import TargetSession


@dataclass(frozen=True)
class FusionTests:
    name: str = "fusion"

    def replay(self, test: TestCase, directory: Path, request: ReplayRequest, echo: Echo) -> int:
        """Parts and fused program rebuilt from their provenance, run on the recorded
        targets (or those asked for), judged again with the interpreter's guard."""
        try:
            replay = replay_fusion_test(directory, request.targets, request.timeout_s)
        except TestCaseError as error:
            raise KindError(str(error)) from None
        outcome = replay.outcome
        plan = outcome.plan
        relations = " then ".join(r.value for r in plan.relations)
        strategies = ", ".join(s.value for s in plan.strategies)
        echo(f"recorded: {replay.recorded}")
        echo(f"fusion of seeds {list(plan.seeds)}: {relations} ({strategies})")
        width = max((len(t) for t in outcome.verdicts), default=0)
        for target, verdict in outcome.verdicts.items():
            detail = verdict.check.summary() if verdict.check is not None else verdict.detail
            echo(f"  {target:<{width}}  {verdict.status:<11}  {detail}")
        if outcome.interp_check is not None:
            state = "breaks" if not outcome.interp_check.holds else "keeps"
            echo(f"  interp {state} the relation: {outcome.interp_check.summary()}")
        else:
            errors = [i.error for i in (outcome.interp, *outcome.interp_parts) if i.error]
            echo(f"  interp: no image ({errors[0] if errors else 'unknown'})")
        replayed = replay_verdict(
            replay.recorded, replay.now, list(replay.missing), "every relation holds"
        )
        echo(replayed.line)
        return int(replayed.reproduction)

    def reduce(self, test: TestCase, directory: Path, request: ReduceRequest) -> Reduced:
        """The parts by delta debugging, then the fused program with the fewest partners
        by the program reducer: as a fusion campaign reduces a bucket."""
        written = reduced_directory(directory.absolute())
        refuse_program_reducer_options(request, self.name, written)
        finding = test.results.finding
        signature = request.signature or (finding.signature if finding else None)
        if signature is None or finding is None:
            raise KindError("the test records no finding to reduce")
        targets = list(request.targets or finding.targets)
        request.on_progress(f"reducing the {len(test.provenance.steps)} steps of a fusion")
        with TargetSession(
            [*dict.fromkeys([*targets, REFERENCE])], request.workers_per_target,
            request.timeout_s,
        ) as session:  # fmt: skip
            outcome, cause = reduce_fusion_bucket(
                directory, signature, session, request.time_s, request.should_stop
            )
        if outcome.startswith("failed: "):
            raise KindError(outcome.removeprefix("failed: "))
        reduced = directory.absolute().parent / Path(outcome).name
        kept = reduced == written  # else the fusion test with the fewest partners
        lines = (f"reduced: {reduced}", f"root cause: {cause or 'unknown'}")
        return Reduced(reduced, lines, kept)


FUSION = FusionTests()
