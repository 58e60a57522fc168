"""Metamorphic tests (GraphicsFuzz): a reference and its variant, made by a recorded plan
of semantics-preserving transformations, must compute the same on each target alone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shadersmith.case import TestCase, TestCaseError, load_test
from shadersmith.kinds.verbs import (
    Echo,
    KindError,
    Reduced,
    ReduceRequest,
    ReplayRequest,
    echo_pair_replay,
    refuse_program_reducer_options,
)
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.metamorphic import (
    judge_metamorphic,
)
from shadersmith.pair import pair_of_test
from shadersmith.reduce.output import reduced_directory
from shadersmith.reduce.steps import reduce_metamorphic_bucket
from shadersmith.targets.session import TargetSession


def plain_targets(test: TestCase) -> list[str]:
    """The targets a metamorphic test recorded (its runs are `<target>.reference` and
    `<target>.variant`), the reference interpreter left out."""
    recorded = [name.rsplit(".", 1)[0] for name in test.recorded_targets() if name != REFERENCE]
    return list(dict.fromkeys(recorded))


@dataclass(frozen=True)
class MetamorphicTests:
    name: str = "metamorphic"

    def replay(self, test: TestCase, directory: Path, request: ReplayRequest, echo: Echo) -> int:
        """The pair rebuilt from its provenance (checked against the shaders it holds),
        run on its targets and the interpreter, judged."""
        try:
            pair = pair_of_test(test)
        except TestCaseError as error:
            raise KindError(str(error)) from None
        targets = request.targets or plain_targets(test)
        with TargetSession([*targets, REFERENCE], 1, request.timeout_s) as session:
            absent = [t for t in targets if t not in session.present]
            targets = [t for t in targets if t in session.present]
            if REFERENCE not in session.present:
                raise KindError(
                    f"the reference interpreter did not start ({session.missing[REFERENCE]})"
                )
            answers = dict(session.run_many([pair.reference.job, pair.variant.job]))
            judged = judge_metamorphic(answers[0], answers[1], targets, session.components())
        finding = test.results.finding
        wanted = finding.signature if finding is not None else None
        echo(f"recorded: {wanted or 'no finding'}")
        steps = ", ".join(step.name for step in pair.plan) or "none"
        echo(f"transformations: {steps}")
        missing = {name: session.missing.get(name, "") for name in absent}
        return echo_pair_replay(
            echo,
            [*targets, REFERENCE],
            answers,
            judged,
            wanted,
            missing,
            "each variant computes its reference's output",
        )

    def reduce(self, test: TestCase, directory: Path, request: ReduceRequest) -> Reduced:
        """The plan of transformations by delta debugging, then the program that shows
        the finding, by the program reducer: as a metamorphic campaign reduces a bucket."""
        written = reduced_directory(directory.absolute())
        refuse_program_reducer_options(request, self.name, written)
        finding = test.results.finding
        signature = request.signature or (finding.signature if finding else None)
        if signature is None:
            raise KindError("the test records no finding: give --signature")
        targets = list(request.targets or plain_targets(test))
        request.on_progress(f"reducing the plan of {len(test.provenance.steps)} steps")
        with TargetSession(
            [*targets, REFERENCE], request.workers_per_target, request.timeout_s
        ) as session:
            outcome, cause = reduce_metamorphic_bucket(
                directory, signature, session, request.time_s
            )
        if outcome.startswith("failed: "):
            raise KindError(outcome.removeprefix("failed: "))
        report = load_test(written).provenance.reduction or {}
        lines = (
            f"transformations: {report.get('steps_before')} -> {report.get('steps_after')} "
            f"({cause}), {report.get('runs')} runs in {report.get('seconds')} s",
            f"the program alone: {report.get('program')}",
            f"signature {signature}: kept",
        )
        return Reduced(written, lines, True)


METAMORPHIC = MetamorphicTests()
