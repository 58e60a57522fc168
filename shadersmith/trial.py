"""One trial of a program on the targets: made ready to run, then judged.

`prepare_*` turns a generated program, a reduction candidate or a loaded test into a
PreparedTrial: the steps applied and recorded (steps/; reconditioning last, except for a
crash-oracle test, which is never run), the shader emitted once, the Job the targets run
and the TestCase to write. `judge` turns the targets' results into the differential
verdict and the signed, blamed findings (`judge_crashes`: the crash oracle's, and
`judge_by` the one a test's oracle names), and `Judged.recorded_in` writes them into the
test (RunRecords, expected values, differences, the finding). Campaigns, `run`,
`replay`, the reducer's interestingness test and the benchmarks all go through here, so
a finding means the same everywhere.

Gathering evidence (witnesses, front-end causes: evidence.py) and re-running
crashes need the running targets and stay with the caller, before `judge`; for one saved
test, `run_on_targets` does it all (what `run`, `replay` and the bug report do).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shadersmith.case import (
    Finding,
    Kind,
    Provenance,
    StepRecord,
    TestCase,
    TestCaseError,
    inputs_of,
)
from shadersmith.case.oracle import Crash, Differential, Oracle
from shadersmith.case.testcase import shader_file, vertex_file
from shadersmith.evidence import attach_front_end_causes, complete
from shadersmith.generate.smith import GeneratedProgram
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import Language, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.blame import Chains, blame, witnesses_for
from shadersmith.oracle.classify import WRONG_RESULT_KINDS, classify
from shadersmith.oracle.crash import classify_crashes
from shadersmith.oracle.differential import Comparison, Verdict, compare, run_records
from shadersmith.oracle.interval_findings import IntervalReference, interval_reference
from shadersmith.oracle.intervals import IntervalJudgement
from shadersmith.oracle.known import is_ignored
from shadersmith.oracle.known_bugs import is_known_signature
from shadersmith.oracle.signature import known_bug_of, shows_signature, sign_finding
from shadersmith.rebuild.build import generator_provenance
from shadersmith.rebuild.float_mode import recorded_float_mode
from shadersmith.rebuild.jobs import job_from_program, job_from_test, with_vertex_stage
from shadersmith.rebuild.regenerate import program_of, vertex_program_of
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition import ReconditionOptions
from shadersmith.recondition.step import (
    RECONDITION,
    RECONDITION_STEP,
    recondition_params,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

# ---------------------------------------------------------------------------- prepare


@dataclass(frozen=True)
class PreparedTrial:
    test: TestCase  # what a test directory holds: the shader that runs, inputs, provenance
    job: Job  # what the targets run; job.source is the test's shader, emitted once
    # The IR that runs (after every step) and its inputs; None for a shader that the
    # GLSL front-end cannot read (the reference interpreter then sits out).
    program: Program | None
    values: BufferValues | None
    # A fragment test's generated vertex shader as it runs (reconditioned); None: the
    # runners' fixed one draws it, or its IR is not known (the interpreter sits out).
    vertex: Program | None = None

    @property
    def source(self) -> str:
        return self.job.source


def reconditioning(
    options: ReconditionOptions | None = None, profile: LanguageProfile | None = None
) -> StepRecord:
    """The step every generated program takes last before it runs; without `options`,
    by the rules of `profile`'s language (GLSL's without one)."""
    if options is None:
        language = Language.GLSL if profile is None else profile.language
        options = ReconditionOptions(language=language)
    return RECONDITION_STEP.request(recondition_params(options))


def prepare_program(
    program: Program,
    values: BufferValues,
    profile: LanguageProfile,
    provenance: Provenance,
    steps: Sequence[StepRecord] = (),
    spirv_passes: tuple[str, ...] | None = None,
    dispatch: tuple[int, int, int] = (1, 1, 1),
    framebuffer: tuple[int, int] | None = None,
    subgroup_size: int | None = None,
    vertex: Program | None = None,
    oracle: Oracle | None = None,
) -> PreparedTrial:
    """`program` after `steps` (names and parameters; their reports are filled in and
    appended to `provenance`), emitted once, as a job and as a test judged by `oracle`
    (differential unless given); a program with subgroup operations runs at
    `subgroup_size` (Job.subgroup_size)."""
    for request in steps:
        record, result = STEPS.apply(request, program, values)
        program, values = result.program, result.values
        provenance = provenance.with_step(record)
    if spirv_passes is not None:
        provenance = dataclasses.replace(provenance, spirv_opt_passes=list(spirv_passes))
    # A fragment test's target size goes with its job; a compute job has none.
    size = {} if framebuffer is None else {"framebuffer": framebuffer}
    job = job_from_program(
        program,
        values,
        profile,
        spirv_passes,
        dispatch,
        subgroup_size=subgroup_size,
        floats=recorded_float_mode(provenance),
        **size,
    )
    stage = program.stage.value
    test = TestCase(
        stage=stage,
        profile=profile.name,
        shaders={shader_file(stage, profile.language): job.source},
        inputs=inputs_of(program, values, dispatch, framebuffer, subgroup_size),
        provenance=provenance,
        oracle=oracle or Differential(),
    )
    if vertex is not None:  # a fragment program's generated vertex shader
        vertex = _vertex_after(steps, vertex, values)
        job = with_vertex_stage(job, vertex, profile)
        assert job.vertex_source is not None
        test.shaders[vertex_file(profile.language)] = job.vertex_source
    return PreparedTrial(test, job, program, values, vertex)


def _vertex_after(steps: Sequence[StepRecord], vertex: Program, values: BufferValues) -> Program:
    """A generated vertex shader after the recondition steps of `steps` (the fragment
    program's `values`, whose uniform blocks it reads); the other steps change the
    fragment program only (a reduction or transformation of the pair's fragment half)."""
    for request in steps:
        if request.name == RECONDITION:
            vertex = STEPS.apply(request, vertex, values)[1].program
    return vertex


def reconditioning_of(
    generated: GeneratedProgram, profile: LanguageProfile | None = None
) -> StepRecord:
    """The recondition step of a generated program: by the rules of `profile`'s language
    (GLSL's without one), with the index mode the generator drew for the program and the
    float mode it was generated in."""
    language = Language.GLSL if profile is None else profile.language
    options = ReconditionOptions(
        language=language,
        index_clamping=generated.index_clamping,
        floats=FloatMode(generated.options.float_mode),
    )
    return reconditioning(options)


def prepare_generated(
    generated: GeneratedProgram,
    profile: LanguageProfile,
    spirv_passes: tuple[str, ...] | None = None,
    steps: Sequence[StepRecord] | None = None,
    oracle: Oracle | None = None,
) -> PreparedTrial:
    """A generated program, reconditioned (unless other `steps` are given, or `oracle` is
    the crash oracle's, whose programs run as generated), as a test judged by `oracle`."""
    if steps is None:
        steps = [] if isinstance(oracle, Crash) else [reconditioning_of(generated, profile)]
    return prepare_program(
        generated.program,
        generated.buffer_values,
        profile,
        generator_provenance(generated, profile),
        steps,
        spirv_passes,
        generated.workgroups,
        generated.framebuffer,
        generated.subgroup_size,
        vertex=generated.vertex,
        oracle=oracle,
    )


def prepare_loaded(test: TestCase) -> PreparedTrial:
    """A test read from its directory, run as its text says (nothing is emitted again);
    its IR, rebuilt from the provenance or read by the front-end, lets the reference
    interpreter take part."""
    try:
        program, values, _ = program_of(test)
    except TestCaseError:
        return PreparedTrial(test, job_from_test(test), None, None)
    vertex = vertex_program_of(test)
    return PreparedTrial(test, job_from_test(test, program, vertex), program, values, vertex)


# ---------------------------------------------------------------------------- judge


@dataclass(frozen=True)
class Judged:
    results: Mapping[str, RunResult]
    comparison: Comparison
    # Signed and blamed, most severe first; agreement is not a finding.
    findings: tuple[Finding, ...]
    # Whether enough targets ran to compare anything at all.
    compared: bool
    # The crash oracle's (judge_crashes): whether it judged, and the targets that
    # rejected the program (a count, never a finding).
    crash_oracle: bool = False
    rejected: tuple[str, ...] = ()
    # A test in the interval float mode: the reference's intervals (or its refusal) and
    # each target's judgement against them (oracle/interval_findings.py).
    intervals: IntervalReference | None = None

    @property
    def refused(self) -> str | None:
        """Why the interval interpreter refused the test (not judged), or None."""
        return None if self.intervals is None else self.intervals.refused

    @property
    def verdict(self) -> Verdict:
        return self.comparison.verdict

    @property
    def interval_verdict(self) -> str | None:
        """An interval-mode test's verdict: `refused`, `wrong` (an output outside its
        interval) or `agree`; None in the exact mode. Outputs differing bit for bit say
        nothing in this mode (the interpreter's are intervals, a driver's are floats), so
        the exact comparison's verdict and suspects are not this test's."""
        if self.intervals is None:
            return None
        if self.refused:
            return REFUSED
        return "wrong" if any(f.kind in WRONG_RESULT_KINDS for f in self.findings) else "agree"

    @property
    def signatures(self) -> list[str]:
        return [finding.signature for finding in self.findings]

    def finding_of(self, signature: str) -> Finding | None:
        """The finding that shows `signature` (oracle/signature.shows_signature: a crash
        recorded by its signal alone is shown by the finding that adds its frame)."""
        return next((f for f in self.findings if shows_signature(signature, f.signature)), None)

    def shows(self, signature: str) -> bool:
        return self.finding_of(signature) is not None

    @property
    def headline(self) -> str:
        """One word for the test, what a campaign counts: its most severe finding's
        kind, `agree`, or `too_few` when nothing was compared; the crash oracle's
        `rejected` (some target rejected the program) or `compiled` where none found."""
        if self.findings:
            return self.findings[0].kind.value
        if self.refused is not None:
            return REFUSED
        if not self.compared:
            return "too_few"
        if self.crash_oracle:
            return REJECTED if self.rejected else COMPILED
        return Kind.AGREE.value

    def with_findings(self, findings: Sequence[Finding]) -> Judged:
        return dataclasses.replace(self, findings=tuple(findings))

    def recorded_in(
        self,
        test: TestCase,
        finding: Finding | None = None,
        versions: Mapping[str, Mapping[str, str]] | None = None,
    ) -> TestCase:
        """`test` with these results recorded: a RunRecord per target (with its chain's
        `versions` where given) and the files beside test.json, the expected output, the
        differing fields, the verdict, and `finding` (default: the most severe)."""
        files: dict[str, bytes] = {}
        recorded = run_records(self.results, files, versions)
        recorded.verdict = self.verdict.value
        recorded.finding = finding or (self.findings[0] if self.findings else None)
        if self.intervals is not None:
            recorded.verdict = self.interval_verdict or REFUSED
            recorded.extra["intervals"] = self.intervals.record()
            recorded.differences = judged_differences(recorded.differences, self.intervals)
        return dataclasses.replace(test, results=recorded, files=files)


def judged_differences(
    differences: list[dict[str, Any]], intervals: IntervalReference
) -> list[dict[str, Any]]:
    """An interval-mode test's differing fields that some target got wrong (a float outside
    its interval, an integer unequal, a wrong image byte). The interpreter's outputs are
    intervals and a driver's floats, so by bits every float field differs: kept all, they
    made a bug report's title name a field every target got right."""
    wrong_fields: set[str] = set()
    image_wrong = False
    for judgement in intervals.judgements.values():
        if isinstance(judgement, IntervalJudgement):
            where = [o.component for o in judgement.wrong] + list(judgement.unequal)
            wrong_fields.update(component.split("[")[0] for component in where)
        elif not judgement.agrees:
            image_wrong = True
    return [
        d
        for d in differences
        if (
            image_wrong
            if d.get("binding") is None
            else f"{d['binding']}/{d['field']}" in wrong_fields
        )
    ]


# The crash oracle's headlines of a test without a finding.
REJECTED = "rejected"
COMPILED = "compiled"
# The headline of an interval-mode test the interpreter refused, without a finding.
REFUSED = "refused"


def judge(
    results: Mapping[str, RunResult],
    components: Chains,
    ignore: Collection[str] = (),
    floats: FloatMode = FloatMode.EXACT,
) -> Judged:
    """The differential verdict and the findings of one test's results, each signed
    (what buckets and reductions key on), blamed, and marked ignored if its signature
    is on the `ignore` list (oracle/known.py), names a known bug (oracle/known_bugs.py:
    reported already, so not reduced again) or is unconfirmed (not a finding at all).
    In the INTERVAL float mode each target's outputs are judged against the reference's
    intervals instead (oracle/interval_findings.py): one outside is a wrong result."""
    intervals = interval_reference(results) if floats is FloatMode.INTERVAL else None
    outside = None if intervals is None else intervals.outside
    classification = classify(results, components, outside=outside)
    return Judged(
        results=results,
        comparison=compare(results),
        findings=_signed(classification.findings, results, components, ignore),
        compared=bool(classification.findings),
        intervals=intervals,
    )


def judge_crashes(
    results: Mapping[str, RunResult], components: Chains, ignore: Collection[str] = ()
) -> Judged:
    """The crash oracle's findings (oracle/crash.py), signed, blamed and marked as
    `judge` marks them; the targets that rejected the program are counted, not found."""
    classification = classify_crashes(results, components)
    return Judged(
        results=results,
        comparison=compare(results),
        findings=_signed(classification.findings, results, components, ignore),
        compared=bool(
            classification.compiled or classification.rejected or classification.findings
        ),
        crash_oracle=True,
        rejected=classification.rejected,
    )


def judge_by(
    oracle: Oracle,
    results: Mapping[str, RunResult],
    components: Chains,
    ignore: Collection[str] = (),
    floats: FloatMode = FloatMode.EXACT,
) -> Judged:
    """`results` judged by the oracle a test records: the crash oracle's, or the
    differential one in the test's float mode (its job's `floats`; metamorphic and
    fusion tests have judges of their own)."""
    if isinstance(oracle, Crash):
        return judge_crashes(results, components, ignore)
    return judge(results, components, ignore, floats)


def _signed(
    found: Sequence[Finding],
    results: Mapping[str, RunResult],
    components: Chains,
    ignore: Collection[str],
) -> tuple[Finding, ...]:
    """Each finding signed (what buckets and reductions key on), blamed, and marked
    ignored if its signature is on the `ignore` list (oracle/known.py), names a known bug
    (oracle/known_bugs.py: reported already, so not reduced again) or is unconfirmed
    (not a finding at all); agreement is dropped."""
    findings = []
    for finding in found:
        if finding.kind is Kind.AGREE:
            continue
        signature = sign_finding(finding, results, components)
        known = (
            known_bug_of(finding, results, components) if is_known_signature(signature) else None
        )
        blamed = known.component if known else ",".join(blame(finding, results, components))
        findings.append(
            dataclasses.replace(
                finding,
                signature=signature,
                blamed=blamed or "unknown",
                ignored=is_ignored(signature, ignore)
                or is_known_signature(signature)
                or finding.kind is Kind.UNCONFIRMED,
            )
        )
    return tuple(findings)


@dataclass(frozen=True)
class TargetRun:
    """A saved test run on targets and judged."""

    judged: Judged
    versions: dict[str, dict[str, str]]
    missing: dict[str, str]  # every target of the session that did not start, and why

    @property
    def results(self) -> dict[str, RunResult]:
        return dict(self.judged.results)


def run_on_targets(
    test: TestCase,
    names: Sequence[str],
    timeout_s: float = 60.0,
    warn_missing: Callable[[str, str], None] | None = None,
) -> TargetRun:
    """`test` on `names` (those that start here), with the evidence its findings need
    (evidence.py: witnesses and front-end causes; a crash-oracle test's compile-only
    targets get no witnesses), judged by the test's oracle. A target that does not start
    is left out, and told to `warn_missing` with why."""
    job = prepare_loaded(test).job
    wanted = list(dict.fromkeys(names))
    crash = isinstance(test.oracle, Crash)
    witnesses = [] if crash else witnesses_for(wanted)
    with TargetSession(wanted + witnesses, timeout_s=timeout_s, on_demand=witnesses) as session:
        for name, reason in session.missing.items() if warn_missing else ():
            assert warn_missing is not None
            warn_missing(name, reason)
        results: dict[str, RunResult] = {}
        for _, answer in session.run_many([job], only=wanted):
            results = answer
        components = session.components()
        if crash:
            attach_front_end_causes(results, job, components)
        else:
            results = complete(results, job, session, components)
        judged = judge_by(test.oracle, results, components, floats=job.floats)
        return TargetRun(judged, session.versions(), dict(session.missing))
