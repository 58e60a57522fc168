"""A finding's bug report assembled and written: `bug_report` runs each step (subject.py,
replay.py, reproducers.py, format_checks.py, newest_release.py) and keeps what they found
in a `BugReport`, whose Markdown (markdown.py) and summary are written beside the test or
where the user says."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shadersmith.case import TestCase
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.oracle import SpirvMetamorphic
from shadersmith.case.time_cap import time_cap
from shadersmith.export.bug_report.format_checks import run_format_checks
from shadersmith.export.bug_report.markdown import (
    recorded_values_line,
    render_markdown,
    report_title,
)
from shadersmith.export.bug_report.newest_release import on_newest_release
from shadersmith.export.bug_report.replay import (
    choose,
    find_candidates,
    values_now,
    with_reduced_passes,
)
from shadersmith.export.bug_report.reproducers import (
    Reproducer,
    make_reproducer,
    on_softpipes_own_gl,
)
from shadersmith.export.bug_report.spirv_pair_report import SpirvPairReport, spirv_pair_report
from shadersmith.export.bug_report.subject import (
    REFERENCE,
    SHOWS,
    BugReportError,
    as_differential,
    plain_targets,
    reported_finding,
    reproducer_format,
    signed_component,
    upstream_of,
    verdict_of,
)
from shadersmith.export.checks import Check, run_on_targets
from shadersmith.files import safe_files
from shadersmith.oracle.components import is_witness
from shadersmith.rebuild.admission import load_admitted
from shadersmith.targets.catalogue.components import PIGLIT, SPIRV_OPT, Component, component_row
from shadersmith.targets.catalogue.registry import cpu_stand_in
from shadersmith.trial import TargetRun

REPORT_FILE = "bug-report.md"
SUMMARY_FILE = "bug-report.json"


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
        return verdict_of(self.checks)

    def markdown(self) -> str:
        return render_markdown(self)

    def expected_actual_line(self) -> str:
        """The recorded wrong values in one line; those of today's run where the
        reproducer is not the recorded shader (the program before reconditioning)."""
        recorded = self.test.main_shader == self.recorded_shader
        if recorded or self.now is None:
            return recorded_values_line(self.test, self.finding)
        return f"{values_now(self.now)} (today's run of the reproducer)"

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
                check.what.removeprefix(SHOWS)
                for check in self.checks
                if check.what.startswith(SHOWS) and check.as_found
            ],
            "checked": [check.line() for check in self.checks],
            "newest": self.newest_status,
            "newest_detail": self.newest_detail,
            "warnings": list(self.warnings),
        }


def bug_report(
    directory: Path, check_newest: bool = True, timeout_s: float = 60.0
) -> BugReport | SpirvPairReport:
    """The report of the finding `directory` records, its reproducer run before it is
    written; BugReportError or TestCaseError (one line) for a test with nothing to file."""

    test = load_admitted(directory)
    finding = reported_finding(test, directory)
    if isinstance(test.oracle, SpirvMetamorphic):  # two modules, no program to reduce
        return spirv_pair_report(directory, test, finding, check_newest, timeout_s)
    component = signed_component(finding)
    upstream = upstream_of(component, finding, directory)
    plain = as_differential(test)
    failing = [t for t in plain_targets(finding.targets) if not is_witness(t)]
    recorded = [t for t in plain_targets(test.recorded_targets()) if not is_witness(t)]
    form = reproducer_format(upstream, failing)
    checks: list[Check] = []

    with time_cap(f"{directory}: the reference interpreter on the program before reconditioning"):
        candidates = find_candidates(plain, form, failing, checks)
    if form == SPIRV_OPT and (
        finding.kind is Kind.CRASH or finding.signature.startswith("invalid:")
    ):
        with time_cap(f"{directory}: reducing the spirv-opt pass list"):
            candidates = [with_reduced_passes(c, finding, checks) for c in candidates]
    stand_ins = [s for t in recorded if (s := cpu_stand_in(t)) is not None]
    names = list(dict.fromkeys([*recorded, *stand_ins, REFERENCE]))
    runs = [run_on_targets(candidate.test, names, timeout_s) for candidate in candidates]
    chosen, now = choose(candidates, runs, finding, failing, checks)

    with time_cap(f"{directory}: the reproducer's expected values"):
        reproducer = make_reproducer(chosen, form, failing, finding, upstream)
    if reproducer.format == PIGLIT:
        reproducer = on_softpipes_own_gl(reproducer, finding, failing, checks)
    component, note = run_format_checks(chosen, reproducer, finding, failing, component, checks)
    upstream = component_row(component) or upstream
    newest_checks: list[Check] = []
    status, detail = on_newest_release(
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
        title=report_title(chosen.test, finding, upstream, component),
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


def write_report(report: BugReport | SpirvPairReport, path: Path, force: bool = False) -> Path:
    """The Markdown at `path`, refused where a file is there unless `force`."""

    if path.exists() and not force:
        raise BugReportError(f"{path} exists; use --force to overwrite it")
    return safe_files.write_file(path.parent, path.name, report.markdown())


def write_into_test(report: BugReport | SpirvPairReport, force: bool = False) -> list[Path]:
    """The report and its summary beside the test's test.json."""

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
