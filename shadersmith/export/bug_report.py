"""A finding as the Markdown text of an upstream bug report, ready to paste.

What we file is checked by the tool, never written by hand. `bug_report(directory)`
derives everything from the (reduced) test directory and runs it before saying anything:

- the component and project from the finding's signature (blame), refined by what
  shader_runner shows (a "llvmpipe" crash that softpipe shares is Mesa's GLSL front-end);
- the reproducer in the project's own format: a piglit `shader_test` for Mesa's GL drivers
  and NVIDIA's GL driver (export/piglit.py), an Amber script with the SPIR-V the driver
  consumed for Vulkan drivers (export/amber.py), the shader and the exact command lines for
  glslang, spirv-opt (the test's reduced pass list) and spirv-cross, the WGSL and the naga
  command for naga. Of the test's shader before and after reconditioning, the shorter
  that passes the sanitizer and still shows the bug;
- the checks (export/checks.py): the reference interpreter's sanitizer, the test on the
  failing target and on the right ones, shader_runner on llvmpipe and softpipe, the tools'
  own command lines; then the same on the newest releases here (the `-newest` targets,
  the newest unpacked Mesa, PyPI's newest glslang and SPIRV-Tools);
- expected against actual values from the test's recorded runs (the interpreter's are the
  expected ones), the versions they record, and how the expected values were obtained.

A reproducer that does not reproduce is reported as such (`BugReport.reproduces` False,
and the text says so first), never silently written.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shadersmith.case import (
    UNRECONDITIONED_FILE_BY_STAGE,
    TestCase,
    TestCaseError,
)
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.oracle import Differential, Fusion, Metamorphic
from shadersmith.case.provenance import Provenance
from shadersmith.case.runs import RunRecord
from shadersmith.case.testcase import SHADER_FILE_BY_STAGE
from shadersmith.case.time_cap import time_cap
from shadersmith.export.checks import (
    Check,
    Command,
    CommandsRun,
    PiglitRun,
    TargetRun,
    Tools,
    amber_tools,
    debian_tools,
    naga_tools,
    newest_tools,
    run_commands,
    run_on_targets,
    run_shader_runner,
    signal_name,
)
from shadersmith.export.common import ExportError
from shadersmith.ir.profile import Language
from shadersmith.oracle.known_findings import names_a_bug
from shadersmith.targets.catalogue.components import (
    AMBER,
    GLSLANG,
    MESA_GLSL,
    NAGA,
    NEWEST_MESA,
    NEWEST_TOOLS,
    NO_NVIDIA,
    PIGLIT,
    RADV_PIPELINE,
    SPIRV_CROSS,
    SPIRV_OPT,
    VALIDATED_OUTPUT,
    Component,
    component_row,
    gl_drivers,
)
from shadersmith.targets.catalogue.registry import cpu_stand_in

REPORT_FILE = "bug-report.md"
SUMMARY_FILE = "bug-report.json"
# Mesa's GL drivers here (llvmpipe, softpipe): shader_runner runs a piglit test on each.
MESA_GL_DRIVERS = gl_drivers(mesa_only=True)
REFERENCE = "interp"
_SUFFIXES = (".reference", ".variant")  # a metamorphic test's runs, per program


class BugReportError(ValueError):
    """A test no report can be written for; the message is one line for the user."""


@dataclass(frozen=True)
class Reproducer:
    """The files and commands to paste, and what they were made from."""

    format: str
    files: dict[str, str]  # name -> text, in the order to show
    commands: tuple[Command, ...]
    run_hint: str  # how to run it, one line for the reader
    source: str  # what it was derived from
    shader_lines: int
    attachments: dict[str, str] = field(default_factory=dict)  # recorded, shown collapsed


@dataclass(frozen=True)
class BugReport:
    directory: Path
    test: TestCase
    finding: Finding
    component: str
    component_note: str
    upstream: Component
    title: str
    reproducer: Reproducer
    checks: tuple[Check, ...]
    newest_checks: tuple[Check, ...]
    newest_status: str  # "still there", "fixed", "not checked"
    newest_detail: str
    now: TargetRun | None
    # What a reader must know before filing: e.g. a compiler here rejects the program.
    warnings: tuple[str, ...] = ()
    recorded_shader: str = ""  # the test directory's own shader

    @property
    def reproduces(self) -> bool | None:
        """True: every check that ran showed the finding; False: one did not; None:
        nothing could run here (the driver is not on this machine)."""
        ran = [check for check in self.checks if check.ran]
        if any(check.as_found is False for check in ran):
            return False
        return True if self._bug_shown else None

    @property
    def _bug_shown(self) -> bool:
        return any(check.as_found and check.what.startswith(_SHOWS) for check in self.checks)

    def markdown(self) -> str:
        return _markdown(self)

    def expected_actual_line(self) -> str:
        """The recorded wrong values in one line; those of today's run where the
        reproducer is not the recorded shader (the program before reconditioning)."""
        recorded = self.test.main_shader == self.recorded_shader
        if recorded or self.now is None:
            return _expected_actual_line(self.test, self.finding)
        return f"{_values_now(self.now)} (today's run of the reproducer)"

    def summary(self) -> dict[str, Any]:
        """What findings/README.md's rows are made of (scripts/findings_table.py)."""
        return {
            "directory": self.directory.name,
            "title": self.title,
            "component": self.component,
            "project": self.upstream.upstream_name,
            "format": self.reproducer.format,
            "reproducer": self.reproducer.source,
            "reproducer_files": list(self.reproducer.files),
            "shader_lines": self.reproducer.shader_lines,
            "reproduces": self.reproduces,
            "expected_actual": self.expected_actual_line(),
            "shown_by": [
                check.what.removeprefix(_SHOWS)
                for check in self.checks
                if check.what.startswith(_SHOWS) and check.as_found
            ],
            "checked": [check.line() for check in self.checks],
            "newest": self.newest_status,
            "newest_detail": self.newest_detail,
            "warnings": list(self.warnings),
        }


# Checks whose what starts so are the ones that can show the bug itself.
_SHOWS = "shows the bug: "


# --------------------------------------------------------------------------- the report


def bug_report(directory: Path, check_newest: bool = True, timeout_s: float = 60.0) -> BugReport:
    """The report of the finding `directory` records, its reproducer run before it is
    written; BugReportError or TestCaseError (one line) for a test with nothing to file."""
    from shadersmith.oracle.components import is_witness
    from shadersmith.rebuild.admission import load_admitted

    test = load_admitted(directory)
    finding = _finding(test, directory)
    component = signed_component(finding)
    upstream = _upstream(component, finding, directory)
    plain = _as_differential(test)
    failing = [t for t in _plain_targets(finding.targets) if not is_witness(t)]
    recorded = [t for t in _plain_targets(test.recorded_targets()) if not is_witness(t)]
    form = _format(upstream, failing)
    checks: list[Check] = []

    with time_cap(f"{directory}: the reference interpreter on the program before reconditioning"):
        candidates = _candidates(plain, form, failing, checks)
    if form == SPIRV_OPT and (
        finding.kind is Kind.CRASH or finding.signature.startswith("invalid:")
    ):
        with time_cap(f"{directory}: reducing the spirv-opt pass list"):
            candidates = [_with_reduced_passes(c, finding, checks) for c in candidates]
    stand_ins = [s for t in recorded if (s := cpu_stand_in(t)) is not None]
    names = list(dict.fromkeys([*recorded, *stand_ins, REFERENCE]))
    runs = [run_on_targets(candidate.test, names, timeout_s) for candidate in candidates]
    chosen, now = _choose(candidates, runs, finding, failing, checks)

    with time_cap(f"{directory}: the reproducer's expected values"):
        reproducer = _reproducer(chosen, form, failing, finding, upstream)
    if reproducer.format == PIGLIT:
        reproducer = _on_softpipes_own_gl(reproducer, finding, failing, checks)
    component, note = _format_checks(chosen, reproducer, finding, failing, component, checks)
    upstream = component_row(component) or upstream
    newest_checks: list[Check] = []
    status, detail = _newest(
        chosen,
        reproducer,
        finding,
        failing,
        recorded,
        upstream,
        check_newest,
        newest_checks,
        timeout_s,
    )
    return BugReport(
        directory=directory,
        test=chosen.test,
        finding=finding,
        component=component,
        component_note=note,
        upstream=upstream,
        title=_title(chosen.test, finding, upstream, component),
        reproducer=reproducer,
        checks=tuple(checks),
        newest_checks=tuple(newest_checks),
        newest_status=status,
        newest_detail=detail,
        now=now,
        warnings=_validity_warnings(now, finding, failing),
        recorded_shader=test.main_shader,
    )


def _validity_warnings(
    run: TargetRun | None, finding: Finding, failing: Sequence[str]
) -> tuple[str, ...]:
    """A compiler here that rejects the program, where rejecting it is not the finding:
    the program may not be valid (glslang accepts some things Mesa rejects, and the
    other way round); a person checks it against the specification before filing."""
    if run is None or finding.kind is Kind.COMPILE_FAILURE:
        return ()
    warnings = []
    for name, result in run.results.items():
        if name in failing or result.status.value not in ("compile_error", "link_error"):
            continue
        message = (result.log.strip().splitlines() or [result.status.value])[-1]
        warnings.append(
            f"{name} rejects the program ({message[:200]}): it may not be valid "
            "GLSL; check it against the specification before filing"
        )
    return tuple(warnings)


def _finding(test: TestCase, directory: Path) -> Finding:
    finding = test.results.finding
    if finding is None:
        raise BugReportError(f"{directory}: the test records no finding: nothing to report")
    if finding.ours:
        raise BugReportError(
            f"{directory}: {finding.signature or finding.kind.value} is a defect of "
            "shadersmith's, not of a compiler: nothing to report upstream"
        )
    if ":known:" in finding.signature:
        raise BugReportError(
            f"{directory}: {finding.signature} is a bug known upstream already "
            "(oracle/known_bugs.py): not reported again"
        )
    if isinstance(test.oracle, Fusion):
        raise BugReportError(
            f"{directory}: a fusion test's finding is a tolerance on images: report one of "
            "its programs as a test of its own"
        )
    return finding


def signed_component(finding: Finding) -> str:
    """The component a finding's signature names (`wrong:mesa-glsl`,
    `crash:naga:panic ...`, schema 1's `wrong:odd_one_out:nvidia-gl`), else the first
    blamed one."""
    parts = finding.signature.split(":")
    if len(parts) >= 2:
        named = parts[2] if parts[1] in ("odd_one_out", "disagree") and len(parts) > 2 else parts[1]
        if named:
            return named
    blamed = [name for name in finding.blamed.split(",") if name]
    if blamed:
        return blamed[0]
    raise BugReportError(f"the finding {finding.signature!r} names no component")


def _plain_targets(names: Sequence[str]) -> list[str]:
    """Targets without a metamorphic test's `.reference` / `.variant` suffix."""
    plain = []
    for name in names:
        for suffix in _SUFFIXES:
            name = name.removesuffix(suffix)
        plain.append(name)
    return list(dict.fromkeys(plain))


def _as_differential(test: TestCase) -> TestCase:
    """The test's program alone (a metamorphic test's variant), judged against the
    reference interpreter: what a maintainer runs."""
    if isinstance(test.oracle, Metamorphic):
        main = test.main_file
        return dataclasses.replace(test, oracle=Differential(), shaders={main: test.main_shader})
    return test


def _chain(target: str) -> tuple[str, ...]:
    from shadersmith.targets.catalogue.registry import TARGETS, chain_of

    return tuple(chain_of(target).components) if target in TARGETS else ()


def _upstream(component: str, finding: Finding, directory: Path) -> Component:
    """The component's row of the component table, where there is one to report to."""
    row = component_row(component)
    if row is None:
        raise BugReportError(
            f"{directory}: no upstream project known for component {component!r} "
            f"({finding.signature}): it has no row in targets/catalogue/components.py"
        )
    if row.format is None:
        raise BugReportError(
            f"{directory}: {finding.signature} names {component}, {row.project}'s "
            f"{row.part}: nothing to report upstream"
        )
    return row


def _format(upstream: Component, failing: Sequence[str]) -> str:
    """A back-end both GL and Vulkan chains share (llvmpipe) is reported in the format of
    the path that failed."""
    assert upstream.format is not None  # _upstream refused the others
    if upstream.format_follows_path and failing:
        gl = any(MESA_GLSL in _chain(t) for t in failing)
        return PIGLIT if gl else AMBER
    return upstream.format


# ------------------------------------------------------------------------- candidates


@dataclass(frozen=True)
class Candidate:
    test: TestCase
    source: str  # what it is, for the report
    text: str  # the shader

    @property
    def lines(self) -> int:
        return len(self.text.rstrip("\n").splitlines())


def _candidates(
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
        name in _chain(target) for target in failing for name in ("spirv-cross", "naga")
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
                f"sanitizer on `{name}` (the program before reconditioning, shorter)",
                f"{problem}: not used",
                True,
                note=True,
            )
        )
        return found
    return [
        Candidate(candidate, f"`{name}` of the reduced test (before reconditioning)", before),
        *found,
    ]


def _with_reduced_passes(candidate: Candidate, finding: Finding, checks: list[Check]) -> Candidate:
    """`candidate` with the shortest sub-list of its spirv-opt passes (delta debugging,
    order kept, reduce/pass_list.py) under which spirv-opt still crashes as recorded, or
    spirv-val (the newest too) still rejects its output with the recorded message."""
    from shadersmith.config.spirv_passes import violates_ordering
    from shadersmith.reduce.pass_list import ddmin, pass_units
    from shadersmith.targets.tools import spirv_tools
    from shadersmith.targets.tools.step_validity import validate_step_output

    test = candidate.test
    passes = list(test.provenance.spirv_opt_passes or ())
    units = pass_units(passes)
    if len(units) < 2:
        return candidate
    try:
        spirv = spirv_tools.compile_glsl_to_spirv(test.main_shader, test.stage)
    except spirv_tools.ToolError:
        return candidate
    detail = _signature_detail(finding)
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
            return _says(detail, error.log)
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
            f"reduced from {len(units)} to {len(reduced)} passes ({' '.join(flat)}) by delta "
            "debugging, each list run by spirv-opt and spirv-val",
            True,
            note=True,
        )
    )
    provenance = dataclasses.replace(test.provenance, spirv_opt_passes=flat)
    return dataclasses.replace(candidate, test=dataclasses.replace(test, provenance=provenance))


def _describe_shader(test: TestCase) -> str:
    """The test's own shader, as the report names it."""
    from shadersmith.recondition.step import RECONDITION

    main = test.main_file
    made = "the reduced test" if test.provenance.reduced_from is not None else "the test"
    done = " (reconditioned)" if test.provenance.step_named(RECONDITION) else ""
    return f"`{main}` of {made}{done}"


def _sanitizer_problem(test: TestCase) -> str | None:
    """What the reference interpreter's sanitizer finds on the test's inputs, or None."""
    from shadersmith.export.common import expected_buffers, expected_image, readable

    try:
        trial = readable(test)
        if test.stage == "compute":
            expected_buffers(trial)
        else:
            expected_image(trial)
    except ExportError as error:
        return str(error).removeprefix("the reference interpreter cannot run the test: ")
    return None


def _choose(
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
        shows = _shows(finding, run, failing)
        if chosen is None and sane and shows:
            chosen = (candidate, run)
    candidate, run = chosen or (candidates[-1], runs[-1])
    checks += _target_checks(candidate, run, finding, failing)
    return candidate, run


def _shows(
    finding: Finding, run: TargetRun, failing: Sequence[str], exact: bool = False
) -> bool | None:
    """Whether `run` shows the finding on `failing` (None: they are not here): its
    signature, or a finding of its kind on them. With `exact` (the newest release's
    twins), a signature that names a bug by its message must be shown itself: glslang
    13.1.1 writes invalid SPIR-V for the glslang-struct-select-layouts program too, but
    for another reason ("decorated with Coherent multiple times"), another bug."""
    if not any(t in run.results for t in failing):
        return None
    if finding.signature in run.judged.signatures:
        return True
    if exact and names_a_bug(finding.signature):
        return False
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
    if reference is None:
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
        last = reference.log.strip().splitlines()[-1:] or [reference.status.value]
        checks.append(Check("sanitizer (reference interpreter)", last[0][:300], False))
    shows = _shows(finding, run, failing)
    signed = ", ".join(run.judged.signatures) or "no finding (every target agrees)"
    present = [t for t in run.results if t != REFERENCE]
    if shows is None:
        why = "; ".join(f"{t}: {run.missing.get(t, 'missing')}" for t in failing)
        checks.append(Check(f"{_SHOWS}{', '.join(failing)}", f"not run: {why}", None))
    else:
        right = [t for t in present if t not in failing]
        checks.append(
            Check(
                f"{_SHOWS}{', '.join(t for t in failing if t in run.results)} against the "
                "interpreter"
                + (
                    f" and {len(right)} other target{'' if len(right) == 1 else 's'}"
                    if right
                    else ""
                ),
                f"{signed}; {_values_now(run)}",
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
                f"other values than the interpreter ({', '.join(wrong)})"
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
                    f"{result.status.value}: {message[:300]}: the program may not be valid",
                    True,
                    note=True,
                )
            )
    return checks


def _values_now(run: TargetRun) -> str:
    """The differing values of a run, one line."""
    from shadersmith.oracle.differential import differences

    parts: list[str] = []
    for entry in differences(dict(run.results)):
        if entry["field"] == "image":
            parts.append(_image_line(entry))
            continue
        actual = entry["actual"]
        values = ", ".join(
            f"{name} {json.dumps(value)}" for name, value in actual.items() if name != REFERENCE
        )
        parts.append(f"`{entry['field']}`: expected {json.dumps(entry['expected'])}; {values}")
    for name, result in run.results.items():
        if not result.ok and name != REFERENCE:
            last = (result.log.strip().splitlines() or [""])[-1]
            parts.append(f"{name} {result.status.value}: {last[:200]}".rstrip(": "))
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
    return f"{entry['pixels']} pixels differ ({counts}); {pixels}"


# -------------------------------------------------------------------------- reproducer


def _gl_driver(target: str) -> str | None:
    chain = _chain(target)
    if MESA_GLSL not in chain:
        return None
    return next((d for d in MESA_GL_DRIVERS if d in chain), None)


def _reproducer(
    chosen: Candidate,
    form: str,
    failing: Sequence[str],
    finding: Finding,
    upstream: Component,
) -> Reproducer:
    test = chosen.test
    if form == PIGLIT:
        return _piglit_reproducer(chosen, failing)
    if form == AMBER:
        return _amber_reproducer(chosen, failing)
    if form == RADV_PIPELINE:
        return _radv_reproducer(chosen, failing)
    if form == NAGA:
        return _naga_reproducer(chosen, finding)
    name = SHADER_FILE_BY_STAGE[test.stage]
    commands = [_glslang_command(name)]
    if form == GLSLANG:
        commands.append(Command(("spirv-dis", "shader.spv")))
        if finding.signature.startswith("invalid:"):
            # glslang wrote a module spirv-val rejects: the validator shows it.
            commands.append(Command(("spirv-val", "--target-env", "vulkan1.0", "shader.spv")))
    elif form == SPIRV_OPT:
        passes = tuple(test.provenance.spirv_opt_passes or ())
        if not passes:
            raise BugReportError("a spirv-opt finding without a recorded pass list")
        commands += [
            Command(
                (
                    "spirv-opt",
                    "--target-env=vulkan1.0",
                    *passes,
                    "shader.spv",
                    "-o",
                    "shader.opt.spv",
                )
            ),
            Command(("spirv-val", "--target-env", "vulkan1.0", "shader.opt.spv")),
        ]
    else:  # spirv-cross, with the options of the chain (spirv_tools.cross_to_glsl)
        out = f"shader.cross.{name.rsplit('.', 1)[1]}"
        commands.append(
            Command(("spirv-cross", "--version", "450", "--no-es", "shader.spv", "--output", out))
        )
    attachments = {}
    for target in failing:
        cross = test.files.get(f"{target}.cross.{name.rsplit('.', 1)[1]}")
        if cross is not None:
            attachments[f"{target}.cross.{name.rsplit('.', 1)[1]} (recorded)"] = cross.decode()
    return Reproducer(
        form,
        {name: chosen.text},
        tuple(commands),
        "the commands below, in a folder holding the shader",
        chosen.source,
        chosen.lines,
        attachments,
    )


def _glslang_command(name: str) -> Command:
    # The chains' own options (spirv_tools.compile_glsl_to_spirv).
    return Command(
        ("glslangValidator", "-V", "--target-env", "vulkan1.0", name, "-o", "shader.spv")
    )


def _piglit_reproducer(chosen: Candidate, failing: Sequence[str]) -> Reproducer:
    """A shader_test of the GLSL the failing GL driver compiled: the test's own, or what
    spirv-cross wrote for it (the recorded file, swapped into the test's shader_test, whose
    buffers are bound by binding), or for a WGSL test the same program in GLSL 4.50 (naga's
    GLSL renames the interface; it is attached as recorded)."""
    from shadersmith.export.piglit import piglit_shader_test

    test = chosen.test
    source = chosen.source
    attachments: dict[str, str] = {}
    try:
        if test.language.family is not Language.GLSL:  # piglit runs GLSL
            name = test.language.value.upper()
            twin = _glsl_twin(test)
            text = piglit_shader_test(twin)
            lines = len(twin.main_shader.splitlines())
            source = (
                f"the reduced {name} test's program as GLSL 4.50 (shadersmith's GLSL emitter; "
                f"`{test.main_shader and test.main_file}` is its {name})"
            )
            attachments[f"{test.main_file} (the test's {name})"] = test.main_shader
            for target in failing:
                for ext in ("frag", "comp"):
                    naga = test.files.get(f"{target}.naga.{ext}")
                    if naga is not None:
                        attachments[f"{target}.naga.{ext} (the GLSL naga wrote, recorded)"] = (
                            naga.decode()
                        )
        else:
            text = piglit_shader_test(test)
            lines = chosen.lines
            translated = _translated_text(test, failing)
            if translated is not None:
                file, glsl = translated
                text = _swap_shader(text, test.stage, glsl)
                lines = len(glsl.splitlines())
                source = f"`{file}`: the GLSL spirv-cross wrote for {source} (recorded)"
    except ExportError as error:
        raise BugReportError(f"no piglit shader_test: {error}") from None
    return Reproducer(
        PIGLIT,
        {"test.shader_test": text},
        (),
        _piglit_hint(failing, text),
        source,
        lines,
        attachments,
    )


def _piglit_hint(failing: Sequence[str], text: str) -> str:
    """shader_runner's command line on the first failing Mesa driver (softpipe with GL 4.5
    claimed for a test that needs more than its GL 3.3, as the checks run it); on any
    driver for one that is not Mesa's."""
    from shadersmith.export.piglit import SOFTPIPE_GLSL, glsl_required
    from shadersmith.targets.runners.environment import SOFTPIPE_COMPUTE_OVERRIDE

    driver = next((d for t in failing if (d := _gl_driver(t)) is not None), None)
    settings = ["PIGLIT_PLATFORM=surfaceless_egl"]
    if driver is not None:
        settings.append(f"GALLIUM_DRIVER={driver}")
    if driver == "softpipe" and (glsl_required(text) or 0) > SOFTPIPE_GLSL:
        settings += [f"{k}={v}" for k, v in SOFTPIPE_COMPUTE_OVERRIDE.items() if "GLES" not in k]
    runner = "/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner"
    return f"{' '.join(settings)} {runner} test.shader_test -auto -fbo"


def _on_softpipes_own_gl(
    reproducer: Reproducer, finding: Finding, failing: Sequence[str], checks: list[Check]
) -> Reproducer:
    """A softpipe finding's shader_test as GLSL 3.30, where it reproduces so: softpipe
    offers GL 3.3, and a maintainer should not have to claim 4.5 with Mesa's version
    overrides (which promise features softpipe may lack) to see the bug. Shipped when
    softpipe still fails it without overrides and llvmpipe, right on the finding, passes
    it (so the 3.30 text compiles and its expectations stand); otherwise the 4.50 form."""
    from shadersmith.export.piglit import as_glsl_330

    wrong = {d for t in _plain_targets(finding.targets) if (d := _gl_driver(t)) is not None}
    text = reproducer.files["test.shader_test"]
    lowered = as_glsl_330(text)
    if wrong != {"softpipe"} or lowered is None:
        return reproducer
    runs = {driver: run_shader_runner(lowered, driver) for driver in MESA_GL_DRIVERS}
    said = "; ".join(
        f"{d} {r.text() if isinstance(r, PiglitRun) else f'not run: {r}'}" for d, r in runs.items()
    )
    softpipe, llvmpipe = runs["softpipe"], runs["llvmpipe"]
    shows = isinstance(softpipe, PiglitRun) and softpipe.verdict not in ("pass", "skip", "error")
    right = isinstance(llvmpipe, PiglitRun) and llvmpipe.verdict == "pass"
    what = "the shader_test as #version 330 (softpipe's GL 3.3, no version overrides)"
    if not (shows and right):
        checks.append(Check(what, f"{said}: the GLSL 4.50 form is shipped", True, note=True))
        return reproducer
    checks.append(Check(what, f"{said}: shipped", True, note=True))
    return dataclasses.replace(
        reproducer,
        files={**reproducer.files, "test.shader_test": lowered},
        run_hint=_piglit_hint(failing, lowered),
    )


def _translated_text(test: TestCase, failing: Sequence[str]) -> tuple[str, str] | None:
    """The GLSL a translator wrote that the failing GL driver compiled, where the first
    failing GL chain has one (spirv-cross)."""
    ext = SHADER_FILE_BY_STAGE[test.stage].rsplit(".", 1)[1]
    for target in failing:
        if "spirv-cross" in _chain(target):
            name = f"{target}.cross.{ext}"
            text = test.files.get(name)
            if text is not None and test.stage == "compute":
                return name, text.decode()
        if MESA_GLSL in _chain(target) and _chain(target)[0] == MESA_GLSL:
            return None
    return None


def _swap_shader(text: str, stage: str, glsl: str) -> str:
    section = f"[{stage} shader]\n"
    start = text.index(section) + len(section)
    end = text.index("\n[", start)
    return text[:start] + glsl.rstrip("\n") + "\n" + text[end:]


def _glsl_twin(test: TestCase) -> TestCase:
    """A test's program (a WGSL test's) as GLSL 4.50, with the same inputs."""
    from shadersmith.emit import emit
    from shadersmith.ir.profile import GLSL450
    from shadersmith.rebuild.regenerate import program_of

    name = test.language.value.upper()
    if test.vertex_shader is not None:
        # The twin's vertex shader would be GLSL with no provenance of its own, which
        # neither the provenance nor the GLSL front-end (no vertex stage) gives back.
        raise ExportError(f"the GLSL twin of a {name} test with a vertex shader is not written yet")
    try:
        program, _, _ = program_of(test)
    except TestCaseError as error:
        raise ExportError(f"the {name} test's program cannot be read: {error}") from None
    main = SHADER_FILE_BY_STAGE[test.stage]
    return dataclasses.replace(
        test,
        profile=GLSL450.name,
        shaders={main: emit(program, GLSL450)},
        provenance=Provenance(generator=""),
    )


def _amber_reproducer(chosen: Candidate, failing: Sequence[str]) -> Reproducer:
    from shadersmith.export.amber import amber_script, spirv_targets

    test = chosen.test
    recorded = spirv_targets(test)
    target = next((t for t in failing if t in recorded), None)
    try:
        text = amber_script(test, target)
    except ExportError as error:
        raise BugReportError(f"no Amber script: {error}") from None
    what = f"the SPIR-V {target} consumed (recorded)" if target else "glslang's SPIR-V, made now"
    return Reproducer(
        AMBER,
        {"test.amber": text},
        (),
        "amber -d test.amber",
        f"{chosen.source}, shipped as {what}",
        chosen.lines,
    )


def _radv_reproducer(chosen: Candidate, failing: Sequence[str]) -> Reproducer:
    from shadersmith.export.radv_pipeline import pipeline_reproducer

    try:
        made = pipeline_reproducer(chosen.test, failing)
    except ExportError as error:
        raise BugReportError(f"no RADV pipeline reproducer: {error}") from None
    return Reproducer(
        RADV_PIPELINE,
        made.files,
        made.commands,
        "the commands below, in a folder holding the two files",
        f"{chosen.source}, shipped as {made.source}",
        chosen.lines,
    )


def _naga_reproducer(chosen: Candidate, finding: Finding) -> Reproducer:
    test = chosen.test
    component = signed_component(finding)
    out = {
        "naga-glsl-out": ("shader.frag" if test.stage == "fragment" else "shader.comp"),
        "naga-spv-out": "shader.spv",
    }.get(component)
    argv = ("naga", "shader.wgsl", *([out] if out else []))
    return Reproducer(
        NAGA,
        {"shader.wgsl": test.main_shader},
        (Command(argv),),
        "the naga command below (naga-cli), in a folder holding the shader",
        chosen.source,
        chosen.lines,
    )


# ------------------------------------------------------------------- format's checks


def _format_checks(
    chosen: Candidate,
    reproducer: Reproducer,
    finding: Finding,
    failing: Sequence[str],
    component: str,
    checks: list[Check],
) -> tuple[str, str]:
    """Run the reproducer as a maintainer would; the component, refined by what it
    showed, and why."""
    note = f"named by the finding's signature `{finding.signature}`"
    if reproducer.format == PIGLIT:
        return _piglit_checks(reproducer, finding, failing, component, note, checks)
    if reproducer.format == AMBER:
        checks.append(_amber_check(reproducer, failing))
        return component, note
    if reproducer.format == RADV_PIPELINE:
        from shadersmith.export import radv_pipeline

        families = [f for t in failing if (f := radv_pipeline.family_of(t)) is not None]
        checks.append(
            radv_pipeline.check(
                reproducer.files,
                reproducer.commands,
                list(dict.fromkeys(families)),
                finding,
                _SHOWS,
            )
        )
        return component, note
    files = {**reproducer.files}
    tools = naga_tools() if reproducer.format == NAGA else debian_tools()
    checks.append(_commands_check(reproducer, files, tools, finding, chosen.test, failing))
    return component, note


def _piglit_checks(
    reproducer: Reproducer,
    finding: Finding,
    failing: Sequence[str],
    component: str,
    note: str,
    checks: list[Check],
) -> tuple[str, str]:
    text = reproducer.files["test.shader_test"]
    wrong = {d for t in _plain_targets(finding.targets) if (d := _gl_driver(t)) is not None}
    nvidia = not wrong
    failed: list[str] = []
    if nvidia:
        _right_driver_checks(text, failing, checks)
        return component, note
    for driver in MESA_GL_DRIVERS:
        run = run_shader_runner(text, driver)
        what = f"shader_runner on {driver} (Debian's Mesa)"
        if not isinstance(run, PiglitRun):
            checks.append(Check(what, f"not run: {run}", None))
            continue
        if run.verdict in ("skip", "error"):
            checks.append(Check(what, run.text(), False))
            continue
        bad = run.verdict != "pass"
        if bad:
            failed.append(driver)
        if driver in wrong:
            checks.append(Check(f"{_SHOWS}{what}", run.text(), bad))
        else:
            checks.append(Check(f"{what}, a driver the finding did not name", run.text(), True))
    row = component_row(component)
    if row is not None and row.gl_driver in MESA_GL_DRIVERS and set(MESA_GL_DRIVERS) <= set(failed):
        note = (
            f"the finding's signature `{finding.signature}` names {component}, but "
            f"shader_runner fails on {' and '.join(MESA_GL_DRIVERS)} alike: the component "
            "they share, Mesa's GLSL front-end"
        )
        return MESA_GLSL, note
    return component, note


def _right_driver_checks(text: str, failing: Sequence[str], checks: list[Check]) -> None:
    """A driver that is not here (NVIDIA's): the shader_test on Mesa's drivers, Debian's
    and the newest, where it must pass for its expectations to stand; each run a note (a
    Mesa bug of its own may show), then whether any of them passes."""
    passed = []
    runs = [(driver, False) for driver in MESA_GL_DRIVERS] + [("llvmpipe", True)]
    for driver, newest_mesa in runs:
        run = run_shader_runner(text, driver, newest_mesa=newest_mesa)
        mesa = "the newest Mesa" if newest_mesa else "Debian's Mesa"
        what = f"shader_runner on {driver} ({mesa})"
        result = run.text() if isinstance(run, PiglitRun) else f"not run: {run}"
        checks.append(Check(what, result, True, note=True))
        if isinstance(run, PiglitRun) and run.verdict == "pass":
            passed.append(what.removeprefix("shader_runner on "))
    checks.append(
        Check(
            "the shader_test's expected values met by a right driver here",
            f"yes: {', '.join(passed)}" if passed else "no Mesa driver here passes it",
            True if passed else None,
        )
    )
    checks.append(
        Check(f"{_SHOWS}shader_runner on {', '.join(failing)}", f"not run: {NO_NVIDIA}", None)
    )


def _amber_check(reproducer: Reproducer, failing: Sequence[str]) -> Check:
    tools = amber_tools()
    what = f"{_SHOWS}amber -d on this machine's Vulkan driver"
    if tools.missing([Command(("amber",))]):
        return Check(what, "not run: amber missing (AMBER unset and none on PATH)", None)
    if any(cpu_stand_in(t) is not None for t in failing):
        return Check(what, f"not run: {NO_NVIDIA}", None)
    done = run_commands([Command(("amber", "-d", "test.amber"))], reproducer.files, tools)
    return Check(what, done.last.outcome(), not done.ok)


def _commands_check(
    reproducer: Reproducer,
    files: Mapping[str, str],
    tools: Tools,
    finding: Finding,
    test: TestCase,
    failing: Sequence[str],
) -> Check:
    """The reproducer's command lines as printed, with `tools`."""
    missing = tools.missing(reproducer.commands)
    what = f"the command lines above with {tools.name} tools"
    if missing:
        return Check(what, f"not run: {', '.join(missing)} missing on this machine", None)
    done = run_commands(reproducer.commands, files, tools)
    return Check(
        f"{_SHOWS}{what}" if _tool_shows_itself(finding) else what,
        _commands_outcome(done, test, failing),
        _commands_as_found(done, finding, test, failing),
    )


def _tool_shows_itself(finding: Finding) -> bool:
    """Whether the tool's own run shows the bug (a crash, a rejection, invalid output),
    rather than the values a driver computes from its output."""
    return finding.kind in (Kind.CRASH, Kind.COMPILE_FAILURE, Kind.TIMEOUT)


def _commands_outcome(done: CommandsRun, test: TestCase, failing: Sequence[str]) -> str:
    steps = "; ".join(f"`{run.command.argv[0]}` {run.outcome()}" for run in done.runs)
    recorded = _recorded_translation(test, failing)
    for name, text in done.outputs.items():
        if recorded is not None:
            same = "the same text as" if text == recorded[1] else "other text than"
            steps += f"; `{name}` is {same} the recorded `{recorded[0]}`"
    return steps


def _recorded_translation(test: TestCase, failing: Sequence[str]) -> tuple[str, str] | None:
    ext = SHADER_FILE_BY_STAGE[test.stage].rsplit(".", 1)[1]
    for target in failing:
        text = test.files.get(f"{target}.cross.{ext}")
        if text is not None:
            return f"{target}.cross.{ext}", text.decode()
    return None


def _commands_as_found(
    done: CommandsRun, finding: Finding, test: TestCase, failing: Sequence[str]
) -> bool:
    detail = _signature_detail(finding)
    if finding.kind is Kind.CRASH:
        last = done.last
        if last.status >= 0:
            return False
        return not detail.startswith("SIG") or signal_name(-last.status) == detail
    if finding.signature.startswith("invalid:"):
        return not done.ok and _says(detail, done.last.output)
    if finding.kind is Kind.COMPILE_FAILURE:  # spirv-cross's GLSL rejected by Mesa
        recorded = _recorded_translation(test, failing)
        return done.ok and (recorded is None or recorded[1] in done.outputs.values())
    return done.ok  # a wrong value: the tools run; the targets show the values


def _signature_detail(finding: Finding) -> str:
    parts = finding.signature.split(":", 2)
    return parts[2] if len(parts) > 2 else ""


def _says(detail: str, log: str) -> bool:
    """Whether a line of `log`, normalised as signatures are (oracle/normalise.py), holds
    a signature's `detail` (normalised and bounded already)."""
    from shadersmith.oracle.normalise import normalise

    return any(detail in normalise(line) for line in log.splitlines())


# ------------------------------------------------------------------------------ newest


def _newest(
    chosen: Candidate,
    reproducer: Reproducer,
    finding: Finding,
    failing: Sequence[str],
    recorded: Sequence[str],
    upstream: Component,
    check_newest: bool,
    checks: list[Check],
    timeout_s: float,
) -> tuple[str, str]:
    """Whether the newest release here still has the bug: its twins of the recorded
    targets, and the reproducer itself on the newest Mesa or tools."""
    from shadersmith.targets.catalogue.registry import twins_on_newest
    from shadersmith.targets.tools import newest as latest

    if not upstream.newest:
        return "not checked", upstream.why_not_newest
    if not check_newest:
        return "not checked", "--no-newest"
    twins = twins_on_newest(recorded)
    run = run_on_targets(chosen.test, [*twins, REFERENCE], timeout_s)
    twin_failing = twins_on_newest(failing)
    shows = _shows(finding, run, twin_failing, exact=True)
    versions = latest.versions()
    named = _newest_versions(upstream, versions)
    if shows is None:
        why = "; ".join(f"{t}: {run.missing.get(t, 'missing')}" for t in twin_failing)
        checks.append(Check(f"{', '.join(twin_failing)}", f"not run: {why}", None))
    else:
        signed = ", ".join(run.judged.signatures) or "no finding (every target agrees)"
        checks.append(
            Check(f"{', '.join(twin_failing)} ({named})", f"{signed}; {_values_now(run)}", shows)
        )
    if reproducer.format == PIGLIT:
        text = reproducer.files["test.shader_test"]
        drivers = {d for t in _plain_targets(finding.targets) if (d := _gl_driver(t)) is not None}
        for driver in sorted(drivers):
            result = run_shader_runner(text, driver, newest_mesa=True)
            what = f"shader_runner on {driver} ({named})"
            if isinstance(result, PiglitRun):
                checks.append(Check(what, result.text(), result.verdict != "pass"))
            else:
                checks.append(Check(what, f"not run: {result}", None))
    elif reproducer.commands and _tool_shows_itself(finding) and upstream.newest == NEWEST_TOOLS:
        tools = newest_tools()
        done = run_commands(reproducer.commands, reproducer.files, tools)
        checks.append(
            Check(
                f"the command lines above with the newest tools ({named})",
                _commands_outcome(done, chosen.test, failing),
                _commands_as_found(done, finding, chosen.test, failing),
            )
        )
    ran = [check for check in checks if check.ran]
    if not ran:
        return "not checked", "; ".join(check.result for check in checks)
    if any(check.as_found for check in ran):
        return "still there", f"still in {named}"
    return "fixed", f"not in {named}"


def _newest_versions(upstream: Component, versions: Mapping[str, str]) -> str:
    if upstream.newest == NEWEST_MESA:
        return f"Mesa {versions.get('newest Mesa', '?')}"
    glslang = versions.get("newest glslang", "?").split(":")[-1]
    spirv_opt = versions.get("newest spirv-opt", "?")
    if upstream.format == GLSLANG:
        return f"glslang {glslang}"
    return f"{_short_version(spirv_opt)} (glslang {glslang})"


def _short_version(text: str) -> str:
    match = re.search(r"SPIRV-Tools v[0-9.]+", text)
    return match.group(0) if match else text


# ----------------------------------------------------------------------------- Markdown


def _title(test: TestCase, finding: Finding, upstream: Component, component: str) -> str:
    part = upstream.part.split(":")[0].split(",")[0]
    where = f"{upstream.project} {part}" if upstream.project != part else part
    stage = f"{test.stage} shader"
    detail = _signature_detail(finding)
    if finding.kind is Kind.CRASH:
        return f"{where}: crash ({detail or 'killed'}) on a {stage}"
    if finding.kind is Kind.TIMEOUT:
        return f"{where}: hangs on a {stage}"
    if finding.signature.startswith("invalid:") and component in VALIDATED_OUTPUT:
        passes = " ".join(test.provenance.spirv_opt_passes or ()) if component == SPIRV_OPT else ""
        said = _recorded_message(test, finding, detail)
        return f"{where} {passes}: writes invalid SPIR-V ({said})".replace("  ", " ")
    if finding.signature.startswith("invalid:"):  # a driver's own validator (ACO's)
        said = _recorded_message(test, finding, detail)
        return f"{where}: its validator rejects its own IR ({said}) on a {stage}" + _on(finding)
    if finding.kind is Kind.COMPILE_FAILURE:
        said = _recorded_message(test, finding, detail)
        return f"{where}: writes a {stage} that does not compile ({said})"
    fields = [d["field"] for d in test.results.differences if d.get("field") != "image"]
    image = any(d.get("field") == "image" for d in test.results.differences)
    what = f"`{fields[0]}`" if fields else "image" if image else "values"
    return f"{where}: wrong {what} in a {stage}" + (
        f" (-{_opt_flag(test)})" if component == "spirv-opt" and _opt_flag(test) else ""
    )


def _on(finding: Finding) -> str:
    """` (GFX10.3, GFX11)`: the AMD generations a RADV finding fails on, else nothing."""
    from shadersmith.export.radv_pipeline import family_of
    from shadersmith.targets.catalogue.table import RADV_FAMILIES

    families = [f for t in finding.targets if (f := family_of(t)) is not None]
    generations = [RADV_FAMILIES.get(f, f).upper() for f in dict.fromkeys(families)]
    return f" ({', '.join(generations)})" if generations else ""


def _recorded_message(test: TestCase, finding: Finding, detail: str) -> str:
    """The recorded log line the signature's `detail` was made from, without its
    position; `detail` itself where no line is recorded."""
    for target in finding.targets:
        run = test.results.runs.get(target)
        for line in (run.message if run else "").splitlines():
            if detail and _says(detail, line):
                text = re.sub(
                    r"^(error:\s*)?(line \d+:\s*|\d+:\d+\(\d+\):\s*error:\s*)", "", line.strip()
                )
                return text if len(text) <= 140 else text[:139] + "…"
    return detail


def _opt_flag(test: TestCase) -> str:
    passes = test.provenance.spirv_opt_passes or []
    return passes[0].lstrip("-") if len(passes) == 1 else ""


def _expected_actual_line(test: TestCase, finding: Finding) -> str:
    """The recorded wrong values (or failure) in one line: the table's cell."""
    parts: list[str] = []
    failing = set(finding.targets)
    for entry in [] if _failure_kind(finding) else test.results.differences:
        if entry.get("field") == "image":
            parts.append(_recorded_image_line(entry, failing, test))
            continue
        actual = entry.get("actual", {})
        wrong = ", ".join(
            f"{name} {json.dumps(value)}" for name, value in actual.items() if name in failing
        )
        parts.append(
            f"`{entry.get('field')}`: expected {json.dumps(entry.get('expected'))}, "
            f"{wrong or 'no failing value recorded'}"
        )
    if not parts:
        from shadersmith.oracle.aco import aco_message

        for target, run in _failing_runs(test, finding):
            # ACO prints a heading line, then the message: its first message names the bug.
            message = aco_message(run.message) or _log_line(run.message)
            parts.append(f"{target} {run.status}" + (f": {message}" if message else ""))
    if not parts:
        parts.append("recorded as output digests only (no values)")
    return "; ".join(parts)


def _failing_runs(test: TestCase, finding: Finding) -> list[tuple[str, RunRecord]]:
    """The recorded runs of the finding's targets that failed (a metamorphic test's runs
    are named `<target>.variant` / `.reference`)."""
    failing = set(_plain_targets(finding.targets))
    return [
        (name, run)
        for name, run in test.results.runs.items()
        if _plain_targets([name])[0] in failing and run.status != "ok"
    ]


def _failure_kind(finding: Finding) -> bool:
    return finding.kind in (Kind.CRASH, Kind.TIMEOUT, Kind.COMPILE_FAILURE)


# A frame of a Rust or C backtrace, and its source line: noise in a report's excerpt.
_BACKTRACE = re.compile(r"\s*(\d+:\s+0x[0-9a-f]+|at\s+\S+:\d+)")
_TELLING = re.compile(r"signal|SIG[A-Z]+|panic|[Ee]rror|ERROR|[Aa]bort|Assertion|timed out")


def _recorded_image_line(entry: Mapping[str, Any], failing: set[str], test: TestCase) -> str:
    differing = entry.get("differing", {})
    width, height = test.inputs.framebuffer or (0, 0)
    of = f" of {width * height}" if width else ""
    counts = ", ".join(f"{n} {c}{of}" for n, c in differing.items() if c and n in failing)
    pixel = (entry.get("first") or [None])[0]
    shown = ""
    if pixel is not None:
        actual = pixel.get("actual", {})
        right = actual.get(REFERENCE)
        wrong = ", ".join(f"{n} {v}" for n, v in actual.items() if n in failing)
        shown = f"; at ({pixel['x']}, {pixel['y']}) expected {right}, {wrong}"
    return f"wrong pixels: {counts or 'some'}{shown}"


def _log_line(message: str) -> str:
    """The line of a failed run's log that says most: the last naming a signal, an
    error, a panic or an abort, else the last."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("spirv-opt ")]
    lines = [line for line in lines if not _BACKTRACE.match(line)]
    telling = [line for line in lines if _TELLING.search(line)]
    chosen = (telling or lines)[-1:]
    return chosen[0][:200] if chosen else ""


def _markdown(report: BugReport) -> str:
    test = report.test
    finding = report.finding
    upstream = report.upstream
    reproduces = report.reproduces
    verdict = {
        True: "**reproduces**: every check that ran shows the finding",
        False: "**DOES NOT REPRODUCE as recorded**: see the checks below before filing",
        None: "**not checked here**: the failing driver is not on this machine",
    }[reproduces]
    out = [
        f"# {report.title}",
        "",
        f"- **Project**: {upstream.upstream_name}; report at {upstream.tracker}",
        f"- **Component**: `{report.component}` ({report.component_note})",
        f"- **Checked by shadersmith before writing**: {verdict}",
        f"- **Newest release**: {report.newest_status}"
        + (f" ({report.newest_detail})" if report.newest_detail else ""),
        f"- **Found by**: {_found_by(test, report.directory)}",
        *(f"- **Warning**: {warning}" for warning in report.warnings),
        "",
        "## Versions (recorded with the test)",
        "",
        *_versions(test, finding, report.directory),
        "",
        "## Reproducer",
        "",
        _reproducer_intro(report.reproducer),
        "",
    ]
    fence = {PIGLIT: "ini", AMBER: "", NAGA: "wgsl", RADV_PIPELINE: ""}
    for name, text in report.reproducer.files.items():
        language = fence.get(report.reproducer.format, "glsl")
        language = "python" if name.endswith(".py") else language
        out += [f"`{name}`:", "", f"```{language}", text.rstrip("\n"), "```", ""]
    if report.reproducer.commands:
        out += [
            "Commands:",
            "",
            "```sh",
            *(c.text() for c in report.reproducer.commands),
            "```",
            "",
        ]
    else:
        out += [f"Run: `{report.reproducer.run_hint}`", ""]
    # A piglit or Amber test sets its inputs itself; a pipeline is only compiled.
    shipped_inputs = (PIGLIT, AMBER, RADV_PIPELINE)
    inputs = _inputs(test) if report.reproducer.format not in shipped_inputs else []
    if inputs:
        out += ["Inputs (the expected values below are for these):", "", *inputs, ""]
    for name, text in report.reproducer.attachments.items():
        out += [
            "<details>",
            f"<summary>{name}</summary>",
            "",
            "```wgsl" if ".wgsl" in name else "```glsl",
            text.rstrip("\n"),
            "```",
            "",
            "</details>",
            "",
        ]
    out += [
        "## Expected and actual (the test's recorded run)",
        "",
        *_expected_actual(test, finding),
        "",
        "## How the expected values were obtained",
        "",
        _how_expected(test, finding),
        "",
        "## What shadersmith checked before writing this",
        "",
        *(f"- {check.line()}" for check in report.checks),
        "",
        "On the newest releases here:",
        "",
        *(f"- {check.line()}" for check in report.newest_checks),
        *([] if report.newest_checks else [f"- not checked: {report.newest_detail}"]),
        "",
    ]
    return "\n".join(out)


def _found_by(test: TestCase, directory: Path) -> str:
    """The generator and seed the test came from, however many reductions ago (a campaign
    reduces its example, and `shadersmith reduce` may reduce the result again: each
    records the test it started from in `reduced_from`), and the lines before and after."""
    provenance = test.provenance
    chain = [provenance]
    while chain[-1].reduced_from is not None:
        chain.append(chain[-1].reduced_from)
    origin = chain[-1]
    seed = f"seed {origin.seed}" if origin.seed is not None else "a shader written by hand"
    made = f"shadersmith {provenance.tool_version} ({origin.generator or 'no generator'}, {seed})"
    reductions = [p.reduction for p in chain if p.reduction]
    if reductions:
        before = reductions[-1].get("original_lines")
        after = reductions[0].get("reduced_lines")
        if before and after:
            times = f" in {len(reductions)} reductions" if len(reductions) > 1 else ""
            made += f", reduced from {before} to {after} lines{times}"
    return f"{made}; test directory `{directory.name}`"


def _versions(test: TestCase, finding: Finding, directory: Path) -> list[str]:
    from shadersmith.export.radv_pipeline import family_of

    lines = []
    failing = set(_plain_targets(finding.targets))
    example, recorded = _example_versions(directory)
    for name, run in test.results.runs.items():
        if name == REFERENCE:
            continue
        plain = _plain_targets([name])[0]
        versions = run.versions or recorded.get(name, {})
        shown = [f"{c} {versions[c]}" for c in _chain(plain) if c in versions]
        # A compile-only RADV run: which null device, and the validators it ran with.
        if family_of(plain) is not None:
            shown += [f"{key} {versions[key]}" for key in _RADV_SETTINGS if key in versions]
        if shown and not run.versions:
            shown.append(f"as the example test `{example}` recorded them")
        role = "failing" if plain in failing else "right" if run.status == "ok" else run.status
        lines.append(f"- {name} ({role}): {', '.join(shown) or 'versions not recorded'}")
    return lines


def _example_versions(directory: Path) -> tuple[str, dict[str, dict[str, str]]]:
    """The example test's name and the versions it recorded, by target, where
    `directory` is the test a campaign or `shadersmith reduce` reduced it to
    (`<example>-reduced` beside it: reduce/output.py), for a test reduced before
    reductions carried versions; ("", {}) otherwise."""
    from shadersmith.case import load_test
    from shadersmith.reduce.output import reduced_directory

    name = directory.name.removesuffix("-reduced")
    example = directory.with_name(name)
    if name == directory.name or reduced_directory(example) != directory:
        return "", {}
    try:
        runs = load_test(example).results.runs
    except (TestCaseError, OSError):
        return "", {}
    return name, {target: dict(run.versions) for target, run in runs.items() if run.versions}


_RADV_SETTINGS = ("device", "generation", "ACO_DEBUG")  # as targets/radv.py records them


def _reproducer_intro(reproducer: Reproducer) -> str:
    made = f"Derived from {reproducer.source}, {reproducer.shader_lines} lines of shader."
    about = {
        PIGLIT: "A piglit `shader_test` (Mesa's test format): the buffers (or uniform "
        "blocks) are set word by word and every output word (or pixel, in a GL_RGBA32I "
        "target) is probed against the expected values.",
        AMBER: "An Amber script (the Vulkan CTS's format) shipping the SPIR-V the driver "
        "consumed as SPIR-V assembly; its EXPECTs hold the expected values.",
        GLSLANG: "The shader and the exact glslang command line (the chains' own options).",
        SPIRV_OPT: "The shader and the exact command lines: glslang, then spirv-opt with the "
        "test's reduced pass list, then spirv-val.",
        SPIRV_CROSS: "The shader and the exact command lines: glslang, then spirv-cross with "
        "the options the chain uses.",
        NAGA: "The WGSL module and the naga command line (naga-cli).",
        RADV_PIPELINE: "The SPIR-V the driver consumed, as SPIR-V assembly, and a small Vulkan "
        "program (Python, `pip install vulkan`) that only creates the compute pipeline: RADV "
        "compiles it through NIR and ACO. `RADV_FORCE_FAMILY` makes RADV open a null device "
        "of that AMD generation (no GPU needed; Mesa 24.1 or later) and "
        "`ACO_DEBUG=validateir,validatera` turns on ACO's IR and register-allocation "
        "validators, which print `ACO ERROR:` (or abort) where they reject ACO's IR. Run it "
        "with your Mesa build's RADV as the Vulkan driver (`meson devenv`, or "
        "`VK_ICD_FILENAMES=<build>/share/vulkan/icd.d/radeon_icd.x86_64.json`).",
    }[reproducer.format]
    return f"{about} {made}"


def _inputs(test: TestCase) -> list[str]:
    from shadersmith.oracle.differential import value_json

    lines = []
    for spec in test.buffers:
        kind = "uniform block" if spec.uniform else f"storage buffer ({spec.access})"
        values = ", ".join(
            f"{name} = {json.dumps(value_json(spec.values[name]))}" for name, _ in spec.fields
        )
        lines.append(f"- binding {spec.binding}, {kind} `{spec.block}`: {values}")
    if test.stage == "compute" and test.dispatch != (1, 1, 1):
        lines.append(f"- dispatch {' x '.join(map(str, test.dispatch))} work groups")
    if test.inputs.framebuffer is not None:
        width, height = test.inputs.framebuffer
        lines.append(f"- a {width}x{height} uvec4 colour target")
    return lines


def _expected_actual(test: TestCase, finding: Finding) -> list[str]:
    failing = set(finding.targets)
    lines: list[str] = []
    differences = [] if _failure_kind(finding) else test.results.differences
    fields = [d for d in differences if d.get("field") != "image"]
    if fields:
        targets = list(dict.fromkeys(n for d in fields for n in d.get("actual", {})))
        shown = [n for n in targets if n != REFERENCE]
        lines += [
            "| field | expected (reference interpreter) | "
            + " | ".join(f"{n}{' (wrong)' if n in failing else ''}" for n in shown)
            + " |",
            "| --- | --- | " + " | ".join("---" for _ in shown) + " |",
        ]
        for entry in fields:
            actual = entry.get("actual", {})
            lines.append(
                f"| `{entry.get('field')}` | {json.dumps(entry.get('expected'))} | "
                + " | ".join(json.dumps(actual.get(n)) for n in shown)
                + " |"
            )
    for entry in differences:
        if entry.get("field") == "image":
            lines.append(_recorded_image_line(entry, failing, test) + ".")
            for pixel in entry.get("first", [])[:3]:
                values = "; ".join(f"{n} {v}" for n, v in pixel.get("actual", {}).items())
                lines.append(f"- ({pixel['x']}, {pixel['y']}): {values}")
    if not lines:
        for target, run in _failing_runs(test, finding):
            message = [
                line
                for line in run.message.splitlines()
                if line.strip() and not _BACKTRACE.match(line)
            ][-6:]
            lines += [f"{target}: **{run.status}**", "", "```", *message, "```", ""]
        plain = set(_plain_targets(finding.targets))
        right = [
            n
            for n, r in test.results.runs.items()
            if r.status == "ok" and _plain_targets([n])[0] not in plain and n != REFERENCE
        ]
        if right:
            lines.append(f"Right (ran and gave the expected values): {', '.join(right)}.")
    if not lines:
        lines.append("The recorded run kept output digests only, no values.")
    return lines


def _how_expected(test: TestCase, finding: Finding) -> str:
    from shadersmith import __version__

    semantics = f"{test.language.family.value.upper()}'s"
    if test.language.family is not Language.GLSL:  # (no reader of its own text)
        read = "read from the reduced test's GLSL text with its recorded reconditioning replayed"
    elif test.provenance.generator == "smith":
        read = "rebuilt from the generator's seed and recorded steps"
    else:
        read = "read from the shader's text by shadersmith's GLSL front-end"
    how = (
        "the whole dispatch"
        if test.stage == "compute"
        else (
            "every pixel (lane interpreter; sampled fragments re-run by the scalar interpreter "
            "with the sanitizer on)"
        )
    )
    right = [
        name
        for name, run in test.results.runs.items()
        if run.status == "ok"
        and name not in finding.targets
        and name != REFERENCE
        and run.output is not None
        and test.results.expected is not None
        and run.output == test.results.expected.get("output")
    ]
    agree = f" The same values came from {', '.join(right)}." if right else ""
    return (
        f"By shadersmith's reference interpreter (shadersmith-interp {__version__}): it runs "
        f"{how} of the program's IR ({read}) with {semantics} exact semantics (integers "
        "wrap; floats stay exact), its sanitizer stopping at any undefined behaviour (out "
        "of bounds, division by zero, shifts of 32 or more, uninitialised reads, data "
        f"races, ...); it met none.{agree}"
    )


def write_report(report: BugReport, path: Path, force: bool = False) -> Path:
    """The Markdown at `path`, refused where a file is there unless `force`."""
    from shadersmith.files import safe_files

    if path.exists() and not force:
        raise BugReportError(f"{path} exists; use --force to overwrite it")
    return safe_files.write_file(path.parent, path.name, report.markdown())


def write_into_test(report: BugReport, force: bool = False) -> list[Path]:
    """The report and its summary beside the test's test.json."""
    from shadersmith.files import safe_files

    written = []
    for name, text in (
        (REPORT_FILE, report.markdown()),
        (SUMMARY_FILE, json.dumps(report.summary(), indent=1) + "\n"),
    ):
        path = report.directory / name
        if path.exists() and not force:
            raise BugReportError(f"{path} exists; use --force to overwrite it")
        written.append(safe_files.write_file(report.directory, name, text))
    return written
