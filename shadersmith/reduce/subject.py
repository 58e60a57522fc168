"""What a reduction works on: the unreconditioned program of an interesting test, and
everything needed to recondition and run a smaller version of it the same way.

Seed 003 (Figure 2b): the reducer shrinks the program *before* reconditioning, and each
candidate is reconditioned just before it runs. Reducing the reconditioned text instead
would let the reducer delete the safety wrappers and report undefined behaviour as a bug.
A crash-oracle test (case.oracle.Crash) is the exception: its targets only compile, so
its candidates run as they are, as its program did (`Subject.oracle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.case import Kind, Provenance, TestCase, TestCaseError
from shadersmith.case.oracle import Crash, Differential
from shadersmith.case.testcase import vertex_file
from shadersmith.ir.profile import GLSL450, Language, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.signature import shows_signature
from shadersmith.rebuild.regenerate import program_of, unreconditioned_vertex_of, vertex_program_of
from shadersmith.recondition import ReconditionOptions
from shadersmith.recondition.step import RECONDITION, ReconditionParams
from shadersmith.steps.registry import StepError


@dataclass(frozen=True)
class Subject:
    program: Program  # unreconditioned
    buffer_values: BufferValues
    profile: LanguageProfile
    recondition_options: ReconditionOptions
    spirv_passes: tuple[str, ...] | None
    signature: str  # what every candidate must keep
    finding_targets: tuple[str, ...]  # the targets that showed the finding
    targets: tuple[str, ...]  # every target the finding was seen against
    stage: str = "compute"
    origin: Provenance = field(default_factory=Provenance)  # the test's provenance
    dispatch: tuple[int, int, int] = (1, 1, 1)  # work groups every candidate runs as
    framebuffer: tuple[int, int] | None = None  # a fragment test's target size
    subgroup_size: int | None = None  # the subgroup size the test runs at, if it has one
    kind: Kind | None = None  # the recorded finding's kind, where the test records one
    # A fragment test's generated vertex shader, unreconditioned: kept as it is, and
    # reconditioned with every candidate (the pair runs together; fixed_parts.py).
    vertex: Program | None = None
    # The versions the test recorded per target (its chains' components): what the
    # reduced test records where the reduction's own session has none for a target.
    versions: dict[str, dict[str, str]] = field(default_factory=dict)
    # The test's oracle: the crash oracle's candidates are neither reconditioned nor
    # sanitized (nothing runs them), and are judged by oracle/crash.py.
    oracle: Differential | Crash = field(default_factory=Differential)

    @property
    def reconditioned(self) -> bool:
        """Whether each candidate is reconditioned (and sanitized) before it runs."""
        return not isinstance(self.oracle, Crash)

    @property
    def language(self) -> Language:
        """Whose rules the sanitizer checks candidates by (the profile's language's)."""
        return self.profile.language.family

    @property
    def text_profile(self) -> LanguageProfile:
        """The profile of the reducer's working text (a candidate's round trip through the
        GLSL front-end, `unreconditioned.*`): the test's own where that front-end reads
        its language (GLSL's family); GLSL 450 otherwise (a WGSL test: the IR is the same,
        and there is no WGSL reader)."""
        return self.profile if self.profile.language.family is Language.GLSL else GLSL450


def subject_from_test(
    test: TestCase,
    signature: str | None = None,
    finding_targets: tuple[str, ...] | None = None,
    targets: tuple[str, ...] | None = None,
) -> Subject:
    """The reduction subject of a test.

    A generated test gives back its unreconditioned program from its provenance; any
    other shader is read by the GLSL front-end and taken as unreconditioned (its
    textures, whose size the text does not say, from its recorded inputs). The
    signature and targets default to what the test recorded (campaign tests record
    their finding); a test without them needs them given.

    A fragment test with a generated vertex shader (shader.vert, WGSL's vertex.wgsl)
    reduces its fragment shader only: the vertex shader, rebuilt from the provenance the
    test was generated (or reduced) from, runs unchanged with every candidate.
    """
    vertex = None
    if test.vertex_shader is not None:
        vertex = unreconditioned_vertex_of(test.provenance)
        if vertex is None or vertex_program_of(test) is None:
            raise TestCaseError(
                f"the test's vertex shader ({vertex_file(test.language)}) is not the one its "
                "provenance generates (edited by hand?): reducing it needs its generator's "
                "provenance"
            )
    finding = test.results.finding
    if signature is None:
        if finding is None:
            raise TestCaseError(
                "the test records no finding: give the signature to keep (--signature), "
                "e.g. from `shadersmith run`"
            )
        signature = finding.signature
    if finding_targets is None:
        finding_targets = finding.targets if finding is not None else ()
    if targets is None:
        targets = tuple(test.results.runs)
    if not targets:
        raise TestCaseError("the test records no targets: give them (--targets)")

    options = ReconditionOptions()
    step = test.provenance.step_named(RECONDITION)
    if step is not None:
        try:
            options = ReconditionParams.from_json(step.params).options
        except (TypeError, StepError) as error:
            raise TestCaseError(f"test.json: bad recondition options ({error})") from None
    passes = test.provenance.spirv_opt_passes
    spirv_passes = tuple(passes) if passes else None

    program, values, profile = program_of(test, before_reconditioning=True)
    return Subject(
        program=program,
        buffer_values=values,
        profile=profile,
        recondition_options=options,
        spirv_passes=spirv_passes,
        signature=signature,
        finding_targets=finding_targets,
        targets=tuple(targets),
        stage=test.stage,
        origin=test.provenance,
        dispatch=test.inputs.dispatch,
        framebuffer=test.inputs.framebuffer,
        subgroup_size=test.inputs.subgroup_size,
        kind=finding.kind
        if finding is not None and shows_signature(signature, finding.signature)
        else None,
        vertex=vertex,
        versions={
            name: dict(run.versions) for name, run in test.results.runs.items() if run.versions
        },
        oracle=test.oracle if isinstance(test.oracle, Crash) else Differential(),
    )
