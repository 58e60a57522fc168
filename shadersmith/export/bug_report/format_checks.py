"""The reproducer run as a maintainer would run it, in its own format: shader_runner on
Mesa's GL drivers (refining a driver's finding to Mesa's GLSL front-end when both fail
alike), `amber -d`, RADV's pipeline program on its null device, the tools' command lines;
each run a check that shows the finding, or does not."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shadersmith.case import TestCase
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.testcase import SHADER_FILE_BY_STAGE
from shadersmith.export import radv_pipeline
from shadersmith.export.bug_report.replay import Candidate
from shadersmith.export.bug_report.reproducers import Reproducer
from shadersmith.export.bug_report.subject import (
    MESA_GL_DRIVERS,
    SHOWS,
    log_says,
    mesa_gl_driver,
    plain_targets,
    signature_detail,
)
from shadersmith.export.checks import (
    Check,
    Command,
    CommandsRun,
    PiglitRun,
    Tools,
    amber_tools,
    debian_tools,
    naga_tools,
    newest_tools,
    run_commands,
    run_shader_runner,
    signal_name,
)
from shadersmith.export.markdown_text import code
from shadersmith.targets.catalogue.components import (
    AMBER,
    MESA_GLSL,
    NAGA,
    NO_NVIDIA,
    PIGLIT,
    RADV_PIPELINE,
    component_row,
)
from shadersmith.targets.catalogue.registry import cpu_stand_in, on_newest


def run_format_checks(
    chosen: Candidate,
    reproducer: Reproducer,
    finding: Finding,
    failing: Sequence[str],
    component: str,
    checks: list[Check],
) -> tuple[str, str]:
    """Run the reproducer as a maintainer would; the component, refined by what it
    showed, and why."""
    note = f"named by the finding's signature {code(finding.signature)}"
    if reproducer.format == PIGLIT:
        return _piglit_checks(reproducer, finding, failing, component, note, checks)
    if reproducer.format == AMBER:
        checks.append(_amber_check(reproducer, failing))
        return component, note
    if reproducer.format == RADV_PIPELINE:
        families = [f for t in failing if (f := radv_pipeline.family_of(t)) is not None]
        checks.append(
            radv_pipeline.check(
                reproducer.files,
                reproducer.commands,
                list(dict.fromkeys(families)),
                finding,
                SHOWS,
            )
        )
        return component, note
    files = {**reproducer.files}
    tools = naga_tools() if reproducer.format == NAGA else _tools_of(failing)
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
    wrong = {d for t in plain_targets(finding.targets) if (d := mesa_gl_driver(t)) is not None}
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
            checks.append(Check(f"{SHOWS}{what}", run.text(), bad))
        else:
            checks.append(Check(f"{what}, a driver the finding did not name", run.text(), True))
    row = component_row(component)
    if row is not None and row.gl_driver in MESA_GL_DRIVERS and set(MESA_GL_DRIVERS) <= set(failed):
        note = (
            f"the finding's signature {code(finding.signature)} names {component}, but "
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
        Check(f"{SHOWS}shader_runner on {', '.join(failing)}", f"not run: {NO_NVIDIA}", None)
    )


def _tools_of(failing: Sequence[str]) -> Tools:
    """The tools whose command lines show the finding as found: the newest where every
    failing target runs the newest releases (a bug that only the newest spirv-val's rules
    see: Debian's accepts the same module), Debian's otherwise."""
    if failing and all(on_newest(target) for target in failing):
        return newest_tools()
    return debian_tools()


def _amber_check(reproducer: Reproducer, failing: Sequence[str]) -> Check:
    tools = amber_tools()
    what = f"{SHOWS}amber -d on this machine's Vulkan driver"
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
        f"{SHOWS}{what}" if tool_shows_itself(finding) else what,
        commands_outcome(done, test, failing),
        commands_as_found(done, finding, test, failing, tools.name == debian_tools().name),
    )


def tool_shows_itself(finding: Finding) -> bool:
    """Whether the tool's own run shows the bug (a crash, a rejection, invalid output),
    rather than the values a driver computes from its output."""
    return finding.kind in (Kind.CRASH, Kind.COMPILE_FAILURE, Kind.TIMEOUT)


def commands_outcome(done: CommandsRun, test: TestCase, failing: Sequence[str]) -> str:
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


def commands_as_found(
    done: CommandsRun,
    finding: Finding,
    test: TestCase,
    failing: Sequence[str],
    second_opinion_recorded: bool = False,
) -> bool:
    """Whether the command lines show the recorded finding. `second_opinion_recorded`:
    these are Debian's tools, whose spirv-val's rejection the chain had the newest confirm
    and record in its own words (spirv_tools.validate_spirv): Debian's may name another
    fault of the same module first, so any rejection by spirv-val counts; the newest
    tools' run checks the words."""
    detail = signature_detail(finding)
    if finding.kind is Kind.CRASH:
        last = done.last
        if last.status >= 0:
            return False
        # "SIGFPE" alone, or "SIGFPE at <frame>" where the backtrace named one.
        return not detail.startswith("SIG") or signal_name(-last.status) == detail.split()[0]
    if finding.signature.startswith("invalid:"):
        if done.ok:
            return False
        rejected_by_validator = done.last.command.argv[0] == "spirv-val"
        return log_says(detail, done.last.output) or (
            second_opinion_recorded and rejected_by_validator
        )
    if finding.kind is Kind.COMPILE_FAILURE:
        if not done.ok:  # the tool itself gave up (spirv-cross's exception), in those words
            return log_says(detail, done.last.output)
        # spirv-cross's GLSL rejected by Mesa: the tools run, and write the recorded text
        recorded = _recorded_translation(test, failing)
        return done.ok and (recorded is None or recorded[1] in done.outputs.values())
    return done.ok  # a wrong value: the tools run; the targets show the values
