"""Running a reproducer before it is filed: what a bug report says was checked comes from
here, never from a hand-written claim.

Three kinds of check, each a `Check` (what ran, what it showed, whether that is what the
finding says):

- the test on the targets (`run_on_targets`): the failing target(s) and the right ones
  with the reference interpreter, whose sanitizer stops at any undefined behaviour, judged
  as `shadersmith run` judges (witnesses included);
- piglit's `shader_runner` on Mesa's GL drivers, Debian's and the newest unpacked Mesa
  (`run_shader_runner`): "not run: shader_runner missing" where piglit is not installed;
- a tool's own command line as the report prints it (glslangValidator, spirv-opt,
  spirv-val, spirv-cross, naga, amber), run in a scratch folder with Debian's or the
  newest tools (`run_commands`).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shadersmith import trial
from shadersmith.case import TestCase
from shadersmith.export.amber import amber_binary
from shadersmith.export.markdown_text import prose
from shadersmith.export.piglit import SOFTPIPE_GLSL, glsl_required
from shadersmith.targets.lifetime import tied_to_this_process
from shadersmith.targets.runners.environment import (
    OTHER_MESA_VENDOR_FILE,
    SOFTPIPE_COMPUTE_OVERRIDE,
)
from shadersmith.targets.tools import newest
from shadersmith.targets.tools.glslang import system_tool
from shadersmith.trial import TargetRun

# Where Debian's piglit puts shader_runner (and other layouts' spelling of it).
SHADER_RUNNER_PATHS = (
    Path("/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner"),
    Path("/usr/lib/piglit/bin/shader_runner"),
)
SHADER_RUNNER_TIMEOUT_S = 120.0
COMMAND_TIMEOUT_S = 120.0
# Lines of a tool's output a check quotes: enough for the message, not a whole log.
QUOTED_LINES = 4


@dataclass(frozen=True)
class Check:
    """One thing run before the report was written. `as_found`: True when it showed what
    the finding says (the bug, or a right answer where one is due), False when not, None
    when it could not run here (`result` says why)."""

    what: str
    result: str
    as_found: bool | None
    # A note on how the reproducer was chosen, not a check of the bug: never fails it.
    note: bool = False

    @property
    def ran(self) -> bool:
        return self.as_found is not None and not self.note

    def line(self) -> str:
        if self.note:
            return f"{self.what}: {self.result}"
        mark = {True: "[ok]", False: "[NOT AS RECORDED]", None: "[not run]"}[self.as_found]
        return f"{mark} {self.what}: {self.result}"


# ---------------------------------------------------------------------------- targets


def run_on_targets(test: TestCase, names: Sequence[str], timeout_s: float = 60.0) -> TargetRun:
    """`test` on `names` as `shadersmith run` runs it (trial.run_on_targets); only the
    missing targets among `names` are named (a witness a report does not ask for is not
    its concern)."""
    run = trial.run_on_targets(test, names, timeout_s)
    missing = {name: why for name, why in run.missing.items() if name in names}
    return dataclasses.replace(run, missing=missing)


# ---------------------------------------------------------------------- shader_runner


def shader_runner_path() -> Path | None:
    """piglit's shader_runner: SHADERSMITH_SHADER_RUNNER, Debian's, or one on PATH."""
    given = os.environ.get("SHADERSMITH_SHADER_RUNNER")
    candidates = [Path(given)] if given else [*SHADER_RUNNER_PATHS]
    found = shutil.which("shader_runner")
    candidates += [Path(found)] if found and not given else []
    return next((path for path in candidates if path.is_file()), None)


@dataclass(frozen=True)
class PiglitRun:
    """What shader_runner said: pass, fail, skip, crash (signal name) or error."""

    verdict: str
    detail: str  # the probe's expected and observed values, or the message

    def text(self) -> str:
        return f"{self.verdict}: {self.detail}" if self.detail else self.verdict


_PIGLIT_RESULT = re.compile(r'"result":\s*"(\w+)"')
_PIGLIT_DETAIL = re.compile(
    r"(Expected|Observed|Reference|Probe|probe|at pixel|Failed|error|ERROR|failed)"
)


def run_shader_runner(
    text: str, driver: str, newest_mesa: bool = False, timeout_s: float = SHADER_RUNNER_TIMEOUT_S
) -> PiglitRun | str:
    """A piglit shader_test on Mesa's `driver` (llvmpipe or softpipe), Debian's Mesa or the
    newest one unpacked here; a string saying why it could not run."""
    runner = shader_runner_path()
    if runner is None:
        return "shader_runner missing (Debian's piglit package installs it)"
    env = {
        **os.environ,
        "PIGLIT_PLATFORM": "surfaceless_egl",
        "GALLIUM_DRIVER": driver,
        "MESA_SHADER_CACHE_DISABLE": "true",
    }
    if driver == "softpipe" and (glsl_required(text) or 0) > SOFTPIPE_GLSL:
        # GL 3.3 unless raised: compute and GLSL 4.50 need more.
        env.update(SOFTPIPE_COMPUTE_OVERRIDE)
    library = None
    if newest_mesa:
        version = newest.mesa_version()
        if version is None:
            return f"newest Mesa not unpacked in {newest.mesa_root()} (scripts/newest-mesa.sh)"
        env.update(newest.mesa_environment())
        env["__EGL_VENDOR_LIBRARY_FILENAMES"] = env[OTHER_MESA_VENDOR_FILE]
        # The loader names what it loads: proof that the newest Mesa answered.
        env["LD_DEBUG"] = "files"
        library = f"libgallium-{version}.so"
    with tempfile.TemporaryDirectory(prefix="shadersmith-piglit-") as scratch:
        path = Path(scratch) / "test.shader_test"
        path.write_text(text)
        try:
            done = subprocess.run(
                [str(runner), str(path), "-auto", "-fbo"],
                capture_output=True,
                text=True,
                env=env,
                timeout=timeout_s,
                check=False,
                preexec_fn=tied_to_this_process(),
            )
        except subprocess.TimeoutExpired:
            return PiglitRun("timeout", f"no answer in {timeout_s:.0f} s")
    output = done.stdout + done.stderr
    if library is not None and library not in output:
        return f"the newest Mesa did not load ({library} not loaded)"
    lines = [line.strip() for line in output.splitlines() if "file=" not in line]
    detail = "; ".join(line for line in lines if line and _PIGLIT_DETAIL.search(line))
    detail = prose(_shorten(detail))  # what the driver said, echoing the shader: escaped
    if done.returncode < 0:
        return PiglitRun(f"crash ({signal_name(-done.returncode)})", detail)
    verdicts = _PIGLIT_RESULT.findall(output)
    if verdicts:
        return PiglitRun(verdicts[-1], "" if verdicts[-1] == "pass" else detail)
    last = next((line for line in reversed(lines) if line), "")
    return PiglitRun("error", prose(_shorten(f"exit status {done.returncode}: {last}")))


# --------------------------------------------------------------------------- commands


@dataclass(frozen=True)
class Command:
    """One command line of a reproducer, with bare tool names and file names as a
    reader types them."""

    argv: tuple[str, ...]

    def text(self) -> str:
        return shlex.join(self.argv)


@dataclass(frozen=True)
class CommandRun:
    command: Command
    status: int  # exit status; negative: killed by that signal
    output: str  # stdout and stderr, the scratch folder's path removed

    @property
    def ok(self) -> bool:
        return self.status == 0

    def outcome(self) -> str:
        if self.status < 0:
            said = f" ({_first_lines(self.output)})" if self.output.strip() else ""
            return f"killed by {signal_name(-self.status)}{said}"
        if self.status == 0:
            return "exit status 0"
        return f"exit status {self.status}: {_first_lines(self.output)}"


@dataclass(frozen=True)
class Tools:
    """Which binary runs each tool name of a command, and their environment."""

    name: str  # "Debian's" or "the newest"
    paths: Mapping[str, str]
    env: Mapping[str, str] = field(default_factory=dict)

    def missing(self, commands: Sequence[Command]) -> list[str]:
        return sorted({c.argv[0] for c in commands if c.argv[0] not in self.paths})


def debian_tools() -> Tools:

    names = ("glslangValidator", "spirv-as", "spirv-opt", "spirv-val", "spirv-dis", "spirv-cross")
    found = {name: system_tool(name) for name in names}
    return Tools("Debian's", {name: path for name, path in found.items() if path})


def newest_tools() -> Tools:
    """PyPI's newest glslang and SPIRV-Tools (targets/tools/newest.py); spirv-cross and
    spirv-dis stay Debian's (no newer spirv-cross is packaged)."""

    paths = {
        name: path
        for name, path in (
            ("glslangValidator", newest.tool_path_or_none(newest.GLSLANG)),
            ("spirv-as", newest.tool_path_or_none("spirv-as")),
            ("spirv-opt", newest.tool_path_or_none("spirv-opt")),
            ("spirv-val", newest.tool_path_or_none("spirv-val")),
            ("spirv-dis", system_tool("spirv-dis")),
            ("spirv-cross", system_tool("spirv-cross")),
        )
        if path
    }
    return Tools("the newest", paths, newest.tool_environment())


def naga_tools() -> Tools:
    found = shutil.which("naga")
    return Tools("naga-cli", {"naga": found} if found else {})


def amber_tools() -> Tools:

    found = amber_binary()
    return Tools("Amber", {"amber": str(found)} if found else {})


@dataclass(frozen=True)
class CommandsRun:
    """Commands run in order: each one's run (up to the first that failed), and the text
    files they wrote (spirv-cross's GLSL), name -> text."""

    runs: tuple[CommandRun, ...]
    outputs: Mapping[str, str]

    @property
    def ok(self) -> bool:
        return all(run.ok for run in self.runs)

    @property
    def last(self) -> CommandRun:
        return self.runs[-1]


def run_commands(
    commands: Sequence[Command],
    files: Mapping[str, str],
    tools: Tools,
    timeout_s: float = COMMAND_TIMEOUT_S,
) -> CommandsRun:
    """Run `commands` in order in a scratch folder holding `files`, with `tools`; stop
    after the first that fails (the next ones read what it should have written)."""
    runs: list[CommandRun] = []
    env = {**os.environ, **tools.env, "MESA_SHADER_CACHE_DISABLE": "true"}
    with tempfile.TemporaryDirectory(prefix="shadersmith-report-") as scratch:
        folder = Path(scratch)
        for name, text in files.items():
            (folder / name).write_text(text)
        for command in commands:
            argv = [tools.paths[command.argv[0]], *command.argv[1:]]
            try:
                done = subprocess.run(
                    argv,
                    cwd=scratch,
                    capture_output=True,
                    text=True,
                    env=env,
                    timeout=timeout_s,
                    check=False,
                    preexec_fn=tied_to_this_process(),
                )
                status, output = done.returncode, done.stdout + done.stderr
            except subprocess.TimeoutExpired:
                status, output = 124, f"no answer in {timeout_s:.0f} s"
            output = output.replace(scratch + "/", "").replace(scratch, ".")
            runs.append(CommandRun(command, status, output))
            if status != 0:
                break
        outputs = {
            path.name: path.read_text(errors="replace")
            for path in sorted(folder.iterdir())
            if path.name not in files and path.suffix in (".comp", ".frag", ".glsl")
        }
    return CommandsRun(tuple(runs), outputs)


# ---------------------------------------------------------------------------- helpers


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _first_lines(text: str, most: int = QUOTED_LINES) -> str:
    """A tool's first lines of output, as a check quotes them: escaped for the report's
    Markdown (a tool echoes the shader's text, anyone's)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return prose(_shorten("; ".join(lines[:most])))


def _shorten(text: str, most: int = 400) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
