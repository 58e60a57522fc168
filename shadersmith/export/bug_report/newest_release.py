"""Whether the newest release here still has the bug: the `-newest` twins of the recorded
targets, then the reproducer itself on the newest Mesa or the newest glslang and
SPIRV-Tools (the component table's `newest` column says which, or why nothing newer is
here)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shadersmith.case.finding import Finding
from shadersmith.export.bug_report.format_checks import (
    commands_as_found,
    commands_outcome,
    tool_shows_itself,
)
from shadersmith.export.bug_report.replay import Candidate, shows_finding, values_now
from shadersmith.export.bug_report.reproducers import Reproducer
from shadersmith.export.bug_report.subject import REFERENCE, mesa_gl_driver, plain_targets
from shadersmith.export.checks import (
    Check,
    PiglitRun,
    newest_tools,
    run_commands,
    run_on_targets,
    run_shader_runner,
)
from shadersmith.export.markdown_text import prose
from shadersmith.targets.catalogue.components import (
    GLSLANG,
    NEWEST_MESA,
    NEWEST_TOOLS,
    PIGLIT,
    Component,
)
from shadersmith.targets.catalogue.registry import twins_on_newest
from shadersmith.targets.tools import newest as latest


def on_newest_release(
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

    if not upstream.newest:
        return "not checked", upstream.why_not_newest
    if not check_newest:
        return "not checked", "--no-newest"
    twins = twins_on_newest(recorded)
    run = run_on_targets(chosen.test, [*twins, REFERENCE], timeout_s)
    twin_failing = twins_on_newest(failing)
    shows = shows_finding(finding, run, twin_failing, exact=True)
    versions = latest.versions()
    named = _newest_versions(upstream, versions)
    if shows is None:
        why = prose("; ".join(f"{t}: {run.missing.get(t, 'missing')}" for t in twin_failing))
        checks.append(Check(f"{', '.join(twin_failing)}", f"not run: {why}", None))
    else:
        signed = prose(", ".join(run.judged.signatures)) or "no finding (every target agrees)"
        checks.append(
            Check(f"{', '.join(twin_failing)} ({named})", f"{signed}; {values_now(run)}", shows)
        )
    if reproducer.format == PIGLIT:
        text = reproducer.files["test.shader_test"]
        drivers = {
            d for t in plain_targets(finding.targets) if (d := mesa_gl_driver(t)) is not None
        }
        for driver in sorted(drivers):
            result = run_shader_runner(text, driver, newest_mesa=True)
            what = f"shader_runner on {driver} ({named})"
            if isinstance(result, PiglitRun):
                checks.append(Check(what, result.text(), result.verdict != "pass"))
            else:
                checks.append(Check(what, f"not run: {result}", None))
    elif reproducer.commands and tool_shows_itself(finding) and upstream.newest == NEWEST_TOOLS:
        tools = newest_tools()
        done = run_commands(reproducer.commands, reproducer.files, tools)
        checks.append(
            Check(
                f"the command lines above with the newest tools ({named})",
                commands_outcome(done, chosen.test, failing),
                commands_as_found(done, finding, chosen.test, failing),
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
