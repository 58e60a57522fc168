"""The upstream bug report of a SPIR-V metamorphic test (issue 35): two modules that
compute the same values, the variant made from the reference by recorded
semantics-preserving transformations, and a consumer that computes different values for
them (or crashes, or writes invalid SPIR-V from the variant).

What it holds, each part checked before it is written:
- both modules as assembly, and the command lines that assemble and validate them, then
  run the failing chain's tools on them (spirv-opt with the recorded passes, spirv-cross
  into the chain's language), so a tool's crash or invalid output shows on a terminal;
- the Amber script that runs both on a Vulkan driver (export/amber.py), where the finding
  is a driver's or a wrong value;
- the outputs that differ on the failing targets, and the targets that vouch for the
  transformations: they computed one output for both modules (there is no interpreter of
  modules; oracle/spirv_metamorphic.py);
- the pair run again on the recorded targets, the command lines run with Debian's tools
  and, for a tool's finding, with the newest ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shadersmith.case import TestCase, TestCaseError
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.oracle import SpirvMetamorphic
from shadersmith.export.amber import amber_script
from shadersmith.export.bug_report.format_checks import commands_as_found, commands_outcome
from shadersmith.export.bug_report.markdown import checks_section, details
from shadersmith.export.bug_report.reproducers import Reproducer
from shadersmith.export.bug_report.subject import (
    SHOWS,
    BugReportError,
    signature_detail,
    verdict_of,
)
from shadersmith.export.checks import (
    Check,
    Command,
    Tools,
    amber_tools,
    debian_tools,
    newest_tools,
    run_commands,
)
from shadersmith.export.common import ExportError, one_line
from shadersmith.export.markdown_text import code, fenced, prose
from shadersmith.oracle.elements import element_differences
from shadersmith.oracle.spirv_metamorphic import judge_spirv_metamorphic
from shadersmith.spirv_pair import spirv_pair_of_test
from shadersmith.targets.catalogue.components import (
    AMBER,
    SPIRV_CROSS,
    SPIRV_OPT,
    Component,
    component_row,
)
from shadersmith.targets.catalogue.registry import TARGETS
from shadersmith.targets.catalogue.table import SpirvToolsBuild
from shadersmith.targets.chains import DEFAULT_OPT_PASSES
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.spirv_tools import CROSS_LANGUAGES

# Tools whose own run shows their finding: the command lines are the reproducer.
_TOOLS = (SPIRV_OPT, SPIRV_CROSS)
SHOWN_VALUES = 4  # differing elements shown per field


@dataclass(frozen=True)
class SpirvPairReport:
    directory: Path
    test: TestCase
    finding: Finding
    component: str
    component_note: str
    upstream: Component
    reproducer: Reproducer
    checks: tuple[Check, ...]
    newest_checks: tuple[Check, ...]
    newest_status: str
    newest_detail: str

    @property
    def reproduces(self) -> bool | None:
        return verdict_of(self.checks)

    def markdown(self) -> str:
        return _markdown(self)

    def summary(self) -> dict[str, Any]:
        return {
            "directory": self.directory.name,
            "title": _title(self),
            "component": self.component,
            "project": self.upstream.upstream_name,
            "format": self.reproducer.format,
            "reproducer": self.reproducer.source,
            "reproducer_files": list(self.reproducer.files),
            "shader_lines": self.reproducer.shader_lines,
            "reproduces": self.reproduces,
            "expected_actual": "; ".join(_differences(self.test, self.finding)),
            "shown_by": [
                check.what.removeprefix(SHOWS)
                for check in self.checks
                if check.what.startswith(SHOWS) and check.as_found
            ],
            "checked": [check.line() for check in self.checks],
            "newest": self.newest_status,
            "newest_detail": self.newest_detail,
            "warnings": [],
        }


def spirv_pair_report(
    directory: Path, test: TestCase, finding: Finding, check_newest: bool, timeout_s: float
) -> SpirvPairReport:
    assert isinstance(test.oracle, SpirvMetamorphic)
    component, note = _component(finding)
    upstream = component_row(component)
    if upstream is None or upstream.format is None:
        raise BugReportError(
            f"{directory}: {finding.signature} names {component}: no upstream project to "
            "report it to (targets/catalogue/components.py)"
        )
    checks: list[Check] = []
    try:
        pair = spirv_pair_of_test(test)
    except TestCaseError as error:
        raise BugReportError(f"{directory}: {error}") from None
    if pair.invalid is not None:
        raise BugReportError(f"{directory}: {pair.invalid}")
    checks.append(
        Check(
            "the modules",
            f"the variant is the reference after its {len(pair.records)} recorded "
            "transformations, replayed; both assemble to what the campaign ran",
            True,
        )
    )
    targets = list(dict.fromkeys(name.rsplit(".", 1)[0] for name in test.recorded_targets()))
    with TargetSession(targets, 1, timeout_s) as session:
        present = [t for t in targets if t in session.present]
        answers = dict(session.run_many(pair.jobs()))
        judged = judge_spirv_metamorphic(answers[0], answers[1], present, session.components())
    signatures = [f.signature for f in judged.findings]
    missing = [t for t in finding.targets if t not in present]
    what = f"{SHOWS}the pair on {', '.join(present)}"
    if missing:
        checks.append(Check(what, f"not run: {', '.join(missing)} missing here", None))
    else:
        shown = finding.signature in signatures
        said = prose(", ".join(signatures)) or "no finding (every target computes one output)"
        checks.append(Check(what, said, shown))
    reproducer = _reproducer(test, finding, component)
    checks.append(_commands_check(reproducer, test, finding, debian_tools()))
    if reproducer.format == AMBER:
        checks.append(_amber_check())
    newest_checks: list[Check] = []
    status, detail = "not checked", "--no-newest"
    if check_newest and component in _TOOLS and finding.kind is not Kind.ODD_ONE_OUT:
        newest = _commands_check(reproducer, test, finding, newest_tools())
        newest_checks.append(newest)
        if newest.as_found is None:
            detail = newest.result
        else:
            status = "still there" if newest.as_found else "fixed"
            detail = ("still in" if newest.as_found else "not in") + " the newest SPIRV-Tools"
    elif check_newest:
        detail = (
            "the -newest targets compile their own module from the GLSL: the pair's "
            "modules run on this machine's drivers only"
        )
    return SpirvPairReport(
        directory,
        test,
        finding,
        component,
        note,
        upstream,
        reproducer,
        tuple(checks),
        tuple(newest_checks),
        status,
        detail,
    )


def _component(finding: Finding) -> tuple[str, str]:
    """The component to report to, and how it was singled out: the one the signature
    names; a target's first SPIR-V consumer where one target alone was signed (the
    module is carried, so glslang is not in question)."""
    blamed = finding.blamed or finding.signature.split(":")[1]
    target = TARGETS.get(blamed)
    if target is None:
        return blamed, "named by the finding's signature"
    consumers = [c for c in target.components if c != "glslang"]
    if not consumers:
        raise BugReportError(f"{finding.signature}: no SPIR-V consumer in {blamed}'s chain")
    return consumers[0], (
        f"the first SPIR-V consumer of {blamed}, the one target that differs: its chain's "
        f"{', '.join(consumers)} are not told apart"
    )


def _reproducer(test: TestCase, finding: Finding, component: str) -> Reproducer:
    assert isinstance(test.oracle, SpirvMetamorphic)
    env = spirv_tools.target_env_of_source(test.main_shader)
    reference, variant = test.oracle.reference, test.oracle.variant
    files = {reference: test.shaders[reference], variant: test.shaders[variant]}
    commands = [
        Command(("spirv-as", "--preserve-numeric-ids", "--target-env", env, name, "-o", spv))
        for name, spv in ((reference, "reference.spv"), (variant, "variant.spv"))
    ]
    commands += [
        Command(("spirv-val", "--target-env", env, spv)) for spv in ("reference.spv", "variant.spv")
    ]
    commands += _tool_commands(test, finding, env)
    attachments: dict[str, str] = {}
    form = component if component in _TOOLS else AMBER
    if form == AMBER or finding.kind is Kind.ODD_ONE_OUT:
        try:
            attachments["test.amber (both modules on a Vulkan driver)"] = amber_script(test)
        except ExportError as error:
            raise BugReportError(f"no Amber script: {error}") from None
    lines = sum(text.count("\n") for text in files.values())
    return Reproducer(
        form,
        files,
        tuple(commands),
        "the commands below, in a folder holding both modules",
        f"the test's {reference} and {variant}",
        lines,
        attachments,
    )


def _tool_commands(test: TestCase, finding: Finding, env: str) -> list[Command]:
    """The failing chain's tools on both modules: spirv-opt with the recorded passes (an
    -opt chain's, or a compile-only chain's: the recorded list, else -O), spirv-val on its
    output, and spirv-cross into a compile-only chain's language."""
    builds = [TARGETS[t].build for t in finding.targets if t in TARGETS]
    runs_opt = any("spirv-opt" in TARGETS[t].components for t in finding.targets if t in TARGETS)
    if not runs_opt:
        return []
    passes = tuple(test.provenance.spirv_opt_passes or DEFAULT_OPT_PASSES)
    commands = []
    for side in ("reference", "variant"):
        optimised = f"{side}.opt.spv"
        commands += [
            Command(("spirv-opt", f"--target-env={env}", *passes, f"{side}.spv", "-o", optimised)),
            Command(("spirv-val", "--target-env", env, optimised)),
        ]
    tools_alone = next((b for b in builds if isinstance(b, SpirvToolsBuild)), None)
    if tools_alone is not None:
        language = tools_alone.output
        options = (
            ("--version", "450", "--no-es") if language == "glsl" else CROSS_LANGUAGES[language]
        )
        commands += [
            Command(("spirv-cross", *options, f"{side}.opt.spv", "--output", f"{side}.{language}"))
            for side in ("reference", "variant")
        ]
    return commands


def _commands_check(
    reproducer: Reproducer, test: TestCase, finding: Finding, tools: Tools
) -> Check:
    what = f"the command lines above with {tools.name} tools"
    missing = tools.missing(reproducer.commands)
    if missing:
        return Check(what, f"not run: {', '.join(missing)} missing on this machine", None)
    done = run_commands(reproducer.commands, reproducer.files, tools)
    failing = list(finding.targets)
    if finding.kind is Kind.ODD_ONE_OUT:  # both modules are valid; a driver shows the values
        return Check(what, commands_outcome(done, test, failing), done.ok)
    debian = tools.name == debian_tools().name
    return Check(
        f"{SHOWS}{what}",
        commands_outcome(done, test, failing),
        commands_as_found(done, finding, test, failing, debian),
    )


def _amber_check() -> Check:
    what = f"{SHOWS}amber -d test.amber on this machine's Vulkan driver"
    if amber_tools().missing([Command(("amber",))]):
        return Check(what, "not run: amber missing (AMBER unset and none on PATH)", None)
    return Check(what, "not run: the recorded targets' run above stands for it", None)


def _differences(test: TestCase, finding: Finding) -> list[str]:
    """Each failing target's differing fields: the reference module's values against the
    variant's, a few elements each."""
    if finding.kind is not Kind.ODD_ONE_OUT:
        return [f"{t}: {signature_detail(finding) or finding.signature}" for t in finding.targets]
    lines = []
    for target in finding.targets:
        reference = test.results.runs.get(f"{target}.reference")
        variant = test.results.runs.get(f"{target}.variant")
        if reference is None or variant is None:
            continue
        for binding, fields in (reference.values or {}).items():
            theirs = (variant.values or {}).get(binding, {})
            for field, value in fields.items():
                entry = {"actual": {"reference": value, "variant": theirs.get(field)}}
                found = element_differences(entry)
                shown = [
                    f"{field}{d.path}: reference module {d.actual['reference']}, variant "
                    f"{d.actual['variant']}"
                    for d in found[:SHOWN_VALUES]
                ]
                more = (
                    f" (and {len(found) - SHOWN_VALUES} more)" if len(found) > SHOWN_VALUES else ""
                )
                if shown:
                    lines.append(f"{target}: {'; '.join(shown)}{more}")
        if reference.output != variant.output and not any(target in line for line in lines):
            lines.append(f"{target}: output {reference.output} (reference), {variant.output}")
    return lines


def _title(report: SpirvPairReport) -> str:
    upstream = report.upstream
    where = (
        upstream.project
        if upstream.project == upstream.part
        else f"{upstream.project} {upstream.part}"
    )
    where = where.split(":")[0].split(",")[0]
    detail = prose(signature_detail(report.finding))
    kind = report.finding.kind
    if kind is Kind.CRASH:
        happens = f"crashes ({detail or 'killed'})"
    elif report.finding.signature.startswith("invalid:"):
        happens = f"writes invalid SPIR-V ({detail})"
    elif kind is Kind.ODD_ONE_OUT:
        happens = "computes different values for two equivalent modules"
    else:
        happens = f"fails ({detail or kind.value})"
    return f"{where}: {happens} after semantics-preserving SPIR-V transformations"


def _markdown(report: SpirvPairReport) -> str:
    assert isinstance(report.test.oracle, SpirvMetamorphic)
    verdict = {
        True: "**reproduces**: every check that ran shows the finding",
        False: "**DOES NOT REPRODUCE as recorded**: see the checks below before filing",
        None: "**not checked here**: the failing driver is not on this machine",
    }[report.reproduces]
    records = report.test.oracle.transformations
    names = ", ".join(dict.fromkeys(r.name for r in records)) or "none"
    agreeing = ", ".join(report.finding.passing) or "none"
    out = [
        f"# {_title(report)}",
        "",
        f"- **Project**: {report.upstream.upstream_name}; report at {report.upstream.tracker}",
        f"- **Component**: {code(report.component)} ({prose(report.component_note)})",
        f"- **Checked by shadersmith before writing**: {verdict}",
        f"- **Newest release**: {report.newest_status} ({one_line(report.newest_detail)})",
        f"- **Test directory**: {code(report.directory.name)}",
        "",
        "## What the two modules are",
        "",
        prose(
            f"The variant is the reference after {len(records)} semantics-preserving "
            f"transformations ({names}), spirv-fuzz's method: each keeps what the module "
            "computes, and both modules are valid (spirv-val). So every conforming consumer "
            "computes one output for both. These targets did, and vouch for the "
            f"transformations: {agreeing}."
        ),
        "",
        "## Reproducer",
        "",
    ]
    for name, text in report.reproducer.files.items():
        out += details(name, text)
    commands = "\n".join(c.text() for c in report.reproducer.commands)
    out += ["Commands:", "", *fenced(commands, "sh"), ""]
    for name, text in report.reproducer.attachments.items():
        out += details(name, text)
    out += [
        "## Expected and actual (the test's recorded run)",
        "",
        *(f"- {prose(line)}" for line in _differences(report.test, report.finding)),
        "",
        *checks_section(report.checks, report.newest_checks, report.newest_detail),
    ]
    return "\n".join(out)
