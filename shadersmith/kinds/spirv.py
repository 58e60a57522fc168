"""SPIR-V metamorphic tests (spirv-fuzz's method): a reference module, glslang's of the
test's program, and its variant after a recorded list of SPIR-V transformations must
compute the same on each target alone, a second target vouching for a difference."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shadersmith.case import TestCase, TestCaseError
from shadersmith.case.oracle import SpirvMetamorphic
from shadersmith.kinds.verbs import (
    Echo,
    KindError,
    Reduced,
    ReduceRequest,
    ReplayRequest,
    echo_pair_replay,
    refuse_program_reducer_options,
)
from shadersmith.oracle.spirv_metamorphic import judge_spirv_metamorphic
from shadersmith.reduce.output import reduced_directory
from shadersmith.reduce.spirv_test import reduce_spirv_test
from shadersmith.spirv_pair import spirv_pair_of_test
from shadersmith.targets.session import TargetSession


def recorded_targets(test: TestCase) -> list[str]:
    """The targets the test recorded (runs `<target>.reference`, `<target>.variant`)."""
    return list(dict.fromkeys(name.rsplit(".", 1)[0] for name in test.recorded_targets()))


@dataclass(frozen=True)
class SpirvTests:
    name: str = "spirv-metamorphic"

    def replay(self, test: TestCase, directory: Path, request: ReplayRequest, echo: Echo) -> int:
        """Both modules assembled from the test (the variant rebuilt by its list and
        checked against its text), run on its targets, judged."""
        try:
            pair = spirv_pair_of_test(test)
        except TestCaseError as error:
            raise KindError(str(error)) from None
        if pair.invalid is not None:
            raise KindError(pair.invalid)
        targets = request.targets or recorded_targets(test)
        with TargetSession(targets, 1, request.timeout_s) as session:
            absent = [t for t in targets if t not in session.present]
            targets = [t for t in targets if t in session.present]
            answers = dict(session.run_many(pair.jobs()))
            judged = judge_spirv_metamorphic(answers[0], answers[1], targets, session.components())
        finding = test.results.finding
        wanted = finding.signature if finding is not None else None
        echo(f"recorded: {wanted or 'no finding'}")
        names = ", ".join(record.name for record in pair.records) or "none"
        echo(f"transformations ({len(pair.records)}): {names}")
        missing = {name: session.missing.get(name, "") for name in absent}
        return echo_pair_replay(
            echo,
            targets,
            answers,
            judged,
            wanted,
            missing,
            "each variant module computes its reference module's output",
        )

    def reduce(self, test: TestCase, directory: Path, request: ReduceRequest) -> Reduced:
        """The transformation list by delta debugging, then the reference module by
        spirv-reduce: as a SPIR-V campaign reduces a bucket."""
        written = reduced_directory(directory.absolute())
        refuse_program_reducer_options(request, self.name, written)
        finding = test.results.finding
        signature = request.signature or (finding.signature if finding else None)
        if signature is None:
            raise KindError("the test records no finding: give --signature")
        targets = list(request.targets or recorded_targets(test))
        if not isinstance(test.oracle, SpirvMetamorphic):
            raise KindError("not a SPIR-V metamorphic test")
        request.on_progress(f"reducing {len(test.oracle.transformations)} transformations")
        with TargetSession(targets, request.workers_per_target, request.timeout_s) as session:
            reduced = reduce_spirv_test(
                directory, signature, session, request.time_s, request.should_stop, written
            )
        if reduced is None:
            raise KindError("interrupted before anything was reduced")
        if reduced.directory is None:
            raise KindError(reduced.outcome.removeprefix("failed: "))
        report = reduced.report
        lines = (
            f"transformations: {report['transformations_before']} -> "
            f"{report['transformations_after']} ({reduced.cause})",
            f"variant instructions: {report['instructions_before']} -> "
            f"{report['instructions_after']}, {report['runs']} runs in {report['seconds']} s",
            f"signature {signature}: kept",
        )
        return Reduced(reduced.directory, lines, True)


SPIRV = SpirvTests()
