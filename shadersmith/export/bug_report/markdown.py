"""The report as Markdown: its title, the project and component, the versions recorded,
the reproducer's files and commands, expected against actual values from the recorded
runs (also the one-line cell of findings/README.md), how the expected values were
obtained, and the checks run before writing."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shadersmith import __version__
from shadersmith.case import TestCase, TestCaseError, load_test
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.oracle import Crash
from shadersmith.case.runs import RunRecord
from shadersmith.export.bug_report.reproducers import Reproducer
from shadersmith.export.bug_report.subject import (
    REFERENCE,
    log_says,
    plain_targets,
    signature_detail,
    target_chain,
)
from shadersmith.export.checks import Check
from shadersmith.export.common import one_line
from shadersmith.export.markdown_text import code, fenced, prose
from shadersmith.export.radv_pipeline import family_of
from shadersmith.ir.profile import Language
from shadersmith.oracle.aco import aco_message
from shadersmith.oracle.differential import value_json
from shadersmith.oracle.elements import element_differences, short
from shadersmith.reduce.output import reduced_directory
from shadersmith.targets.catalogue.components import (
    AMBER,
    GLSLANG,
    NAGA,
    PIGLIT,
    RADV_PIPELINE,
    SPIRV_CROSS,
    SPIRV_OPT,
    VALIDATED_OUTPUT,
    Component,
)
from shadersmith.targets.catalogue.table import RADV_FAMILIES

if TYPE_CHECKING:  # report.py renders a BugReport with this module: no import at run time
    from shadersmith.export.bug_report.report import BugReport


def report_title(test: TestCase, finding: Finding, upstream: Component, component: str) -> str:
    """The report's title, in Markdown: what the test recorded (its signature's detail,
    a log line, a field's name, the pass list) escaped (export/markdown_text.py)."""
    part = upstream.part.split(":")[0].split(",")[0]
    where = f"{upstream.project} {part}" if upstream.project != part else part
    stage = f"{test.stage} shader"
    detail = prose(signature_detail(finding))
    if finding.kind is Kind.CRASH:
        return f"{where}: crash ({detail or 'killed'}) on a {stage}"
    if finding.kind is Kind.TIMEOUT:
        return f"{where}: hangs on a {stage}"
    if finding.signature.startswith("invalid:") and component in VALIDATED_OUTPUT:
        passes = " ".join(test.provenance.spirv_opt_passes or ()) if component == SPIRV_OPT else ""
        said = _recorded_message(test, finding)
        passes = prose(passes)
        return f"{where} {passes}: writes invalid SPIR-V ({said})".replace("  ", " ")
    if finding.signature.startswith("invalid:"):  # a driver's own validator (ACO's)
        said = _recorded_message(test, finding)
        return f"{where}: its validator rejects its own IR ({said}) on a {stage}" + _on(finding)
    if finding.kind is Kind.COMPILE_FAILURE:
        said = _recorded_message(test, finding)
        return f"{where}: writes a {stage} that does not compile ({said})"
    fields = [d["field"] for d in test.results.differences if d.get("field") != "image"]
    image = any(d.get("field") == "image" for d in test.results.differences)
    what = code(str(fields[0])) if fields else "image" if image else "values"
    return f"{where}: wrong {what} in a {stage}" + (
        f" (-{prose(_opt_flag(test))})" if component == "spirv-opt" and _opt_flag(test) else ""
    )


def _on(finding: Finding) -> str:
    """` (GFX10.3, GFX11)`: the AMD generations a RADV finding fails on, else nothing."""

    families = [f for t in finding.targets if (f := family_of(t)) is not None]
    generations = [RADV_FAMILIES.get(f, f).upper() for f in dict.fromkeys(families)]
    return f" ({', '.join(generations)})" if generations else ""


def _recorded_message(test: TestCase, finding: Finding) -> str:
    """The recorded log line the signature's detail was made from, without its
    position; the detail itself where no line is recorded; escaped for Markdown."""
    detail = signature_detail(finding)
    for target in finding.targets:
        run = test.results.runs.get(target)
        for line in (run.message if run else "").splitlines():
            if detail and log_says(detail, line):
                text = re.sub(
                    r"^(error:\s*)?(line \d+:\s*|\d+:\d+\(\d+\):\s*error:\s*)", "", line.strip()
                )
                return prose(text if len(text) <= 140 else text[:139] + "…")
    return prose(detail)


def _opt_flag(test: TestCase) -> str:
    passes = test.provenance.spirv_opt_passes or []
    return passes[0].lstrip("-") if len(passes) == 1 else ""


def recorded_values_line(test: TestCase, finding: Finding) -> str:
    """The recorded wrong values (or failure) in one line: the table's cell (Markdown,
    what the test recorded escaped)."""
    parts: list[str] = []
    failing = set(finding.targets)
    for entry in [] if _failure_kind(finding) else test.results.differences:
        if entry.get("field") == "image":
            parts.append(_recorded_image_line(entry, failing, test))
            continue
        actual = entry.get("actual", {})
        wrong = ", ".join(
            prose(f"{name} {json.dumps(value)}")
            for name, value in actual.items()
            if name in failing
        )
        parts.append(
            f"{code(str(entry.get('field')), in_table=True)}: expected "
            f"{prose(json.dumps(entry.get('expected')))}, {wrong or 'no failing value recorded'}"
        )
    if not parts:
        for target, run in _failing_runs(test, finding):
            # ACO prints a heading line, then the message: its first message names the bug.
            message = aco_message(run.message) or _log_line(run.message)
            parts.append(prose(f"{target} {run.status}" + (f": {message}" if message else "")))
    if not parts:
        parts.append("recorded as output digests only (no values)")
    return "; ".join(parts)


def _failing_runs(test: TestCase, finding: Finding) -> list[tuple[str, RunRecord]]:
    """The recorded runs of the finding's targets that failed (a metamorphic test's runs
    are named `<target>.variant` / `.reference`)."""
    failing = set(plain_targets(finding.targets))
    return [
        (name, run)
        for name, run in test.results.runs.items()
        if plain_targets([name])[0] in failing and run.status != "ok"
    ]


def _failure_kind(finding: Finding) -> bool:
    return finding.kind in (Kind.CRASH, Kind.TIMEOUT, Kind.COMPILE_FAILURE)


# A frame of a Rust or C backtrace, and its source line: noise in a report's excerpt (also
# glibc's `module(function+offset)[address]` frames of our crash backtraces).
_BACKTRACE = re.compile(r"\s*(\d+:\s+0x[0-9a-f]+|at\s+\S+:\d+|\S*\([^)]*\)\[0x[0-9a-f]+\]$)")
_TELLING = re.compile(r"signal|SIG[A-Z]+|panic|[Ee]rror|ERROR|[Aa]bort|Assertion|timed out")


def _recorded_image_line(entry: Mapping[str, Any], failing: set[str], test: TestCase) -> str:
    """The recorded wrong pixels in one line, Markdown: what the test recorded escaped."""
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
    return prose(f"wrong pixels: {counts or 'some'}{shown}")


def _log_line(message: str) -> str:
    """The line of a failed run's log that says most: the last naming a signal, an
    error, a panic or an abort, else the last."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("spirv-opt ")]
    # Our own headings (the native backtrace's first and last lines, in-process steps).
    lines = [line for line in lines if not line.startswith("shadersmith: ")]
    lines = [line for line in lines if not _BACKTRACE.match(line)]
    telling = [line for line in lines if _TELLING.search(line)]
    chosen = (telling or lines)[-1:]
    return chosen[0][:200] if chosen else ""


def render_markdown(report: BugReport) -> str:
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
        f"- **Component**: {code(report.component)} ({report.component_note})",
        f"- **Checked by shadersmith before writing**: {verdict}",
        f"- **Newest release**: {report.newest_status}"
        # Our words and the checks' results, which escaped what they quote.
        + (f" ({one_line(report.newest_detail)})" if report.newest_detail else ""),
        f"- **Found by**: {_found_by(test, report.directory)}",
        *(f"- **Warning**: {prose(warning)}" for warning in report.warnings),
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
        out += [f"{code(name)}:", "", *fenced(text, language), ""]
    if report.reproducer.commands:
        commands = "\n".join(c.text() for c in report.reproducer.commands)
        out += ["Commands:", "", *fenced(commands, "sh"), ""]
    else:
        out += [f"Run: {code(report.reproducer.run_hint)}", ""]
    # A piglit or Amber test sets its inputs itself; a pipeline is only compiled.
    shipped_inputs = (PIGLIT, AMBER, RADV_PIPELINE)
    inputs = _inputs(test) if report.reproducer.format not in shipped_inputs else []
    if inputs:
        out += ["Inputs (the expected values below are for these):", "", *inputs, ""]
    for name, text in report.reproducer.attachments.items():
        out += details(name, text, "wgsl" if ".wgsl" in name else "glsl")
    out += [
        "## Expected and actual (the test's recorded run)",
        "",
        *_expected_actual(test, finding),
        "",
        "## How the expected values were obtained",
        "",
        _how_expected(test, finding),
        "",
        *checks_section(report.checks, report.newest_checks, report.newest_detail),
    ]
    return "\n".join(out)


def details(name: str, text: str, info: str = "") -> list[str]:
    """A collapsed block: `name` (file and target names) as its summary, escaped as HTML
    (raw HTML, not Markdown), and `text` fenced."""
    return [
        "<details>",
        f"<summary>{html.escape(one_line(name))}</summary>",
        "",
        *fenced(text, info),
        "",
        "</details>",
        "",
    ]


def checks_section(
    checks: Sequence[Check], newest_checks: Sequence[Check], newest_detail: str
) -> list[str]:
    """What was run before the report was written, and on the newest releases."""
    return [
        "## What shadersmith checked before writing this",
        "",
        *(f"- {one_line(check.line())}" for check in checks),
        "",
        "On the newest releases here:",
        "",
        *(f"- {one_line(check.line())}" for check in newest_checks),
        *([] if newest_checks else [f"- not checked: {one_line(newest_detail)}"]),
        "",
    ]


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
    made = prose(
        f"shadersmith {provenance.tool_version} ({origin.generator or 'no generator'}, {seed})"
    )
    reductions = [p.reduction for p in chain if p.reduction]
    if reductions:
        before = reductions[-1].get("original_lines")
        after = reductions[0].get("reduced_lines")
        if before and after:
            times = f" in {len(reductions)} reductions" if len(reductions) > 1 else ""
            made += prose(f", reduced from {before} to {after} lines{times}")
    return f"{made}; test directory {code(directory.name)}"


def _versions(test: TestCase, finding: Finding, directory: Path) -> list[str]:

    lines = []
    failing = set(plain_targets(finding.targets))
    example, recorded = _example_versions(directory)
    for name, run in test.results.runs.items():
        if name == REFERENCE:
            continue
        plain = plain_targets([name])[0]
        versions = run.versions or recorded.get(name, {})
        shown = [prose(f"{c} {versions[c]}") for c in target_chain(plain) if c in versions]
        # A compile-only RADV run: which null device, and the validators it ran with.
        if family_of(plain) is not None:
            shown += [prose(f"{k} {versions[k]}") for k in _RADV_SETTINGS if k in versions]
        if shown and not run.versions:
            shown.append(f"as the example test {code(example)} recorded them")
        role = "failing" if plain in failing else "right" if run.status == "ok" else run.status
        said = ", ".join(shown) or "versions not recorded"
        lines.append(f"- {prose(name)} ({prose(role)}): {said}")
    return lines


def _example_versions(directory: Path) -> tuple[str, dict[str, dict[str, str]]]:
    """The example test's name and the versions it recorded, by target, where
    `directory` is the test a campaign or `shadersmith reduce` reduced it to
    (`<example>-reduced` beside it: reduce/output.py), for a test reduced before
    reductions carried versions; ("", {}) otherwise."""

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

    lines = []
    for spec in test.buffers:
        kind = "uniform block" if spec.uniform else f"storage buffer ({spec.access})"
        values = ", ".join(
            f"{name} = {json.dumps(value_json(spec.values[name]))}" for name, _ in spec.fields
        )
        lines.append(f"- binding {spec.binding}, {kind} {code(spec.block)}: {prose(values)}")
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
            + " | ".join(f"{prose(n)}{' (wrong)' if n in failing else ''}" for n in shown)
            + " |",
            "| --- | --- | " + " | ".join("---" for _ in shown) + " |",
            *_element_rows(fields, shown),
        ]
    for entry in differences:
        if entry.get("field") == "image":
            lines.append(_recorded_image_line(entry, failing, test) + ".")
            for pixel in entry.get("first", [])[:3]:
                values = "; ".join(f"{n} {v}" for n, v in pixel.get("actual", {}).items())
                where = f"({pixel['x']}, {pixel['y']})"
                lines.append(f"- {prose(f'{where}: {values}')}")
    if not lines:
        for target, run in _failing_runs(test, finding):
            message = [
                line
                for line in run.message.splitlines()
                if line.strip() and not _BACKTRACE.match(line)
            ][-6:]
            lines += [f"{prose(target)}: **{prose(run.status)}**", ""]
            lines += [*fenced("\n".join(message)), ""]
        plain = set(plain_targets(finding.targets))
        right = [
            n
            for n, r in test.results.runs.items()
            if r.status == "ok" and plain_targets([n])[0] not in plain and n != REFERENCE
        ]
        if right:
            lines.append(prose(f"Right (ran and gave the expected values): {', '.join(right)}."))
    if not lines:
        lines.append("The recorded run kept output digests only, no values.")
    return lines


# Rows of differing elements a report lists; the rest are counted.
SHOWN_ELEMENTS = 24


def _element_rows(fields: list[dict[str, Any]], shown: list[str]) -> list[str]:
    """One table row per differing element of the differing fields (its index, the
    expected value, each target's), not one row per field with whole arrays."""
    rows = [
        f"| {code(str(entry.get('field')) + element.path, in_table=True)} | "
        f"{prose(short(element.expected))} | "
        + " | ".join(prose(short(element.actual.get(n))) for n in shown)
        + " |"
        for entry in fields
        for element in element_differences(entry)
    ]
    if len(rows) > SHOWN_ELEMENTS:
        more = len(rows) - SHOWN_ELEMENTS
        rows = [
            *rows[:SHOWN_ELEMENTS],
            f"| ... and {more} more | | " + " | ".join("" for _ in shown) + " |",
        ]
    return rows


def _how_expected(test: TestCase, finding: Finding) -> str:
    if isinstance(test.oracle, Crash):
        return (
            "No values are expected: the program is a crash test's (shadersmith's crash "
            "oracle), not reconditioned, so it may have undefined behaviour at run time; "
            "the finding is the compiler's own failure on a program the language accepts."
        )

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
    agree = prose(f" The same values came from {', '.join(right)}.") if right else ""
    return (
        f"By shadersmith's reference interpreter (shadersmith-interp {__version__}): it runs "
        f"{how} of the program's IR ({read}) with {semantics} exact semantics (integers "
        "wrap; floats stay exact), its sanitizer stopping at any undefined behaviour (out "
        "of bounds, division by zero, shifts of 32 or more, uninitialised reads, data "
        f"races, ...); it met none.{agree}"
    )
