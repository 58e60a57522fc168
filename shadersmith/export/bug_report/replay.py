"""The reproducer's candidates and their run on the targets: the test's shader and, where it
is shorter and free of undefined behaviour, its program before reconditioning; a spirv-opt
finding's pass list reduced by delta debugging; each candidate run on the recorded
targets, their CPU stand-ins and the interpreter, and the shortest that shows the finding
chosen, with the checks that say so."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, TestCase
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.oracle import Crash
from shadersmith.config.spirv_passes import violates_ordering
from shadersmith.export.bug_report.subject import (
    REFERENCE,
    SHOWS,
    log_says,
    signature_detail,
    target_chain,
)
from shadersmith.export.checks import Check
from shadersmith.export.common import ExportError, expected_buffers, expected_image, readable
from shadersmith.export.markdown_text import code, prose
from shadersmith.ir.profile import Language
from shadersmith.oracle.differential import differences
from shadersmith.oracle.frames import without_offsets
from shadersmith.oracle.known_findings import names_a_bug
from shadersmith.recondition.step import RECONDITION
from shadersmith.reduce.ddmin import ddmin
from shadersmith.reduce.pass_list import pass_units
from shadersmith.targets.catalogue.components import AMBER, RADV_PIPELINE
from shadersmith.targets.catalogue.registry import cpu_stand_in
from shadersmith.targets.results import RunResult
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.step_validity import validate_step_output
from shadersmith.trial import TargetRun


@dataclass(frozen=True)
class Candidate:
    test: TestCase
    source: str  # what it is, for the report
    text: str  # the shader

    @property
    def lines(self) -> int:
        return len(self.text.rstrip("\n").splitlines())


def find_candidates(
    test: TestCase, form: str, failing: Sequence[str], checks: list[Check]
) -> list[Candidate]:
    """The test's shader, and where it keeps one, its program before reconditioning when
    the sanitizer finds no undefined behaviour in it on the test's inputs: shortest first.
    A translated chain's failing text (spirv-cross's, naga's) was recorded for the
    reconditioned shader only, and a recorded SPIR-V module too."""
    main = test.main_file
    found = [Candidate(test, _describe_shader(test), test.main_shader)]
    before = test.shaders.get(UNRECONDITIONED_FILE_BY_STAGE[test.stage])
    translated = any(
        name in target_chain(target) for target in failing for name in ("spirv-cross", "naga")
    )
    # The unreconditioned text is GLSL: a reproducer only of a test in GLSL's family.
    glsl = test.language.family is Language.GLSL
    if before is None or not glsl or form in (AMBER, RADV_PIPELINE) or translated:
        return found
    if len(before.splitlines()) >= len(test.main_shader.splitlines()):
        return found
    provenance = dataclasses.replace(test.provenance, generator="")
    candidate = dataclasses.replace(test, shaders={main: before}, provenance=provenance)
    name = UNRECONDITIONED_FILE_BY_STAGE[test.stage]
    problem = _sanitizer_problem(candidate)
    if problem is not None:
        checks.append(
            Check(
                f"sanitizer on {code(name)} (the program before reconditioning, shorter)",
                f"{prose(problem)}: not used",
                True,
                note=True,
            )
        )
        return found
    return [
        Candidate(candidate, f"{code(name)} of the reduced test (before reconditioning)", before),
        *found,
    ]


def with_reduced_passes(candidate: Candidate, finding: Finding, checks: list[Check]) -> Candidate:
    """`candidate` with the shortest sub-list of its spirv-opt passes (delta debugging,
    order kept, reduce/pass_list.py) under which spirv-opt still crashes as recorded, or
    spirv-val (the newest too) still rejects its output with the recorded message."""

    test = candidate.test
    passes = list(test.provenance.spirv_opt_passes or ())
    units = pass_units(passes)
    if len(units) < 2:
        return candidate
    try:
        spirv = spirv_tools.compile_glsl_to_spirv(test.main_shader, test.stage)
    except spirv_tools.ToolError:
        return candidate
    detail = signature_detail(finding)
    # As the pass-list reducer does: a list that respects spirv-opt's ordering (dead-code
    # elimination before merge-return) is reduced to lists that respect it too.
    ordering_holds = not violates_ordering(passes)

    def interesting(chosen: tuple[tuple[str, ...], ...]) -> bool:
        flat = [word for unit in chosen for word in unit]
        if ordering_holds and violates_ordering(flat):
            return False
        try:
            optimised = spirv_tools.optimize(spirv, flat)
        except spirv_tools.ToolError as error:
            crashed = error.outcome is spirv_tools.ToolOutcome.CRASHED
            return finding.kind is Kind.CRASH and crashed and detail in error.log
        if finding.kind is Kind.CRASH:
            return False
        try:
            # As the chain judges it: a rejection the input had too is not spirv-opt's.
            validate_step_output(spirv, optimised, "spirv-opt", "glslang", spirv_tools.DEBIAN)
        except spirv_tools.SpirvValError as error:
            return log_says(detail, error.log)
        return False

    if not interesting(tuple(units)):
        checks.append(
            Check(
                "the recorded spirv-opt pass list, by itself",
                "does not show the finding: the list was not reduced",
                True,
                note=True,
            )
        )
        return candidate
    reduced = ddmin(units, lambda batch: [interesting(c) for c in batch])
    flat = [word for unit in reduced for word in unit]
    if flat == passes:
        return candidate
    checks.append(
        Check(
            "spirv-opt pass list",
            f"reduced from {len(units)} to {len(reduced)} passes ({prose(' '.join(flat))}) by "
            "delta debugging, each list run by spirv-opt and spirv-val",
            True,
            note=True,
        )
    )
    provenance = dataclasses.replace(test.provenance, spirv_opt_passes=flat)
    return dataclasses.replace(candidate, test=dataclasses.replace(test, provenance=provenance))


def _describe_shader(test: TestCase) -> str:
    """The test's own shader, as the report names it."""

    main = test.main_file
    made = "the reduced test" if test.provenance.reduced_from is not None else "the test"
    done = " (reconditioned)" if test.provenance.step_named(RECONDITION) else ""
    return f"{code(main)} of {made}{done}"


def _sanitizer_problem(test: TestCase) -> str | None:
    """What the reference interpreter's sanitizer finds on the test's inputs, or None."""

    try:
        trial = readable(test)
        if test.stage == "compute":
            expected_buffers(trial)
        else:
            expected_image(trial)
    except ExportError as error:
        return str(error).removeprefix("the reference interpreter cannot run the test: ")
    return None


def choose(
    candidates: Sequence[Candidate],
    runs: Sequence[TargetRun],
    finding: Finding,
    failing: Sequence[str],
    checks: list[Check],
) -> tuple[Candidate, TargetRun | None]:
    """The shortest candidate that passes the sanitizer and shows the finding on its
    targets; the test's own shader when none does (the checks then say so)."""
    chosen: tuple[Candidate, TargetRun] | None = None
    for candidate, run in zip(candidates, runs, strict=True):
        reference = run.results.get(REFERENCE)
        sane = reference is not None and reference.status.value == "ok"
        shows = shows_finding(finding, run, failing)
        if chosen is None and sane and shows:
            chosen = (candidate, run)
    candidate, run = chosen or (candidates[-1], runs[-1])
    checks += _target_checks(candidate, run, finding, failing)
    return candidate, run


def shows_finding(
    finding: Finding, run: TargetRun, failing: Sequence[str], exact: bool = False
) -> bool | None:
    """Whether `run` shows the finding on `failing` (None: they are not here): its
    signature, or a finding of its kind on them. With `exact` (the newest release's
    twins), a signature that names a bug by its message must be shown itself: glslang
    13.1.1 writes invalid SPIR-V for the glslang-struct-select-layouts program too, but
    for another reason ("decorated with Coherent multiple times"), another bug."""
    if not any(t in run.results for t in failing):
        return None
    if run.judged.shows(finding.signature):
        return True
    if exact and names_a_bug(finding.signature):
        # A crash frame's offset moves with every build of its library: the newest
        # release's lavapipe dies at libvulkan_lvp.so+0x24b7b5 where Debian's died at
        # +0x1b8305 (findings/nir-fold-int-min-div-int8-sigfpe), the same crash.
        recorded = without_offsets(finding.signature)
        return recorded != finding.signature and any(
            without_offsets(now.signature) == recorded and any(t in now.targets for t in failing)
            for now in run.judged.findings
        )
    kind = finding.signature.split(":")[0]
    return any(
        now.signature.split(":")[0] == kind and any(t in now.targets for t in failing)
        for now in run.judged.findings
    )


def _target_checks(
    candidate: Candidate, run: TargetRun, finding: Finding, failing: Sequence[str]
) -> list[Check]:
    checks = []
    reference = run.results.get(REFERENCE)
    if isinstance(candidate.test.oracle, Crash):
        # A crash test is not reconditioned (oracle/crash.py): what it computes does not
        # matter, a compiler must not die on it. The sanitizer's word is told, not judged.
        said = "did not run" if reference is None else _last_line(reference)
        checks.append(
            Check(
                "sanitizer (reference interpreter): the program is not reconditioned (crash "
                "test), so undefined behaviour at run time does not excuse a compiler crash",
                prose(said[:300]),
                None,
                note=True,
            )
        )
    elif reference is None:
        checks.append(Check("sanitizer (reference interpreter)", "did not run", False))
    elif reference.status.value == "ok":
        checks.append(
            Check(
                "sanitizer (reference interpreter, undefined-behaviour checks on)",
                f"no undefined behaviour in {candidate.source}",
                True,
            )
        )
    else:
        checks.append(
            Check("sanitizer (reference interpreter)", prose(_last_line(reference)[:300]), False)
        )
    shows = shows_finding(finding, run, failing)
    signed = prose(", ".join(run.judged.signatures)) or "no finding (every target agrees)"
    present = [t for t in run.results if t != REFERENCE]
    if shows is None:
        why = prose("; ".join(f"{t}: {run.missing.get(t, 'missing')}" for t in failing))
        checks.append(Check(f"{SHOWS}{', '.join(failing)}", f"not run: {why}", None))
    else:
        right = [t for t in present if t not in failing]
        checks.append(
            Check(
                f"{SHOWS}{', '.join(t for t in failing if t in run.results)} against the "
                "interpreter"
                + (
                    f" and {len(right)} other target{'' if len(right) == 1 else 's'}"
                    if right
                    else ""
                ),
                f"{signed}; {values_now(run)}",
                shows,
            )
        )
    stand_ins = [s for t in [*run.results, *run.missing] if (s := cpu_stand_in(t)) is not None]
    for stand_in in dict.fromkeys(stand_ins):
        result = run.results.get(stand_in)
        if result is None:
            continue
        if result.ok:
            wrong = [f.signature for f in run.judged.findings if stand_in in f.targets]
            outcome = (
                f"other values than the interpreter ({prose(', '.join(wrong))})"
                if wrong
                else "the expected values"
            )
            checks.append(
                Check(
                    f"the same chain on this machine's Mesa ({stand_in})", outcome, True, note=True
                )
            )
        else:
            message = (result.log.strip().splitlines() or [result.status.value])[-1]
            checks.append(
                Check(
                    f"the same chain on this machine's Mesa ({stand_in})",
                    f"{result.status.value}: {prose(message[:300])}: the program may not be valid",
                    True,
                    note=True,
                )
            )
    return checks


def values_now(run: TargetRun) -> str:
    """The differing values of a run, one line of Markdown (a driver's log and a value
    may hold anything: escaped)."""

    parts: list[str] = []
    for entry in differences(dict(run.results)):
        if entry["field"] == "image":
            parts.append(_image_line(entry))
            continue
        actual = entry["actual"]
        values = ", ".join(
            prose(f"{name} {json.dumps(value)}")
            for name, value in actual.items()
            if name != REFERENCE
        )
        expected = prose(json.dumps(entry["expected"]))
        parts.append(f"{code(str(entry['field']), in_table=True)}: expected {expected}; {values}")
    for name, result in run.results.items():
        if not result.ok and name != REFERENCE:
            last = (result.log.strip().splitlines() or [""])[-1]
            parts.append(prose(f"{name} {result.status.value}: {last[:200]}".rstrip(": ")))
    return "; ".join(parts) or "every target gives the expected values"


def _image_line(entry: Mapping[str, Any]) -> str:
    differing = {name: count for name, count in entry["differing"].items() if count}
    counts = ", ".join(f"{name} {count}" for name, count in differing.items())
    first = entry["first"][:2]
    pixels = "; ".join(
        f"({p['x']}, {p['y']}): "
        + ", ".join(f"{name} {value}" for name, value in p["actual"].items())
        for p in first
    )
    return prose(f"{entry['pixels']} pixels differ ({counts}); {pixels}")


def _last_line(result: RunResult) -> str:
    """What a run said last: its log's last line, else its status."""
    if result.status.value == "ok":
        return "no undefined behaviour"
    last = result.log.strip().splitlines()[-1:] or [result.status.value]
    return last[0]
