"""The SPIR-V tool chain as subprocesses: glslang (-V), spirv-opt, spirv-val, spirv-cross
(and where spirv-reduce is, which reduce/spirv_reduce.py runs).

Each step takes and returns bytes or text and raises a `ToolError` subclass that carries
the tool's own log. A tool that dies from a signal (an assertion, a segfault) or runs out
of time is reported as such, because a crashing or hanging tool is itself a finding.
Inside a target's worker, glslang, spirv-val and spirv-opt run in-process instead, where
their libraries are built (glslang_library.py, spirv_tools_library.py): the same output
and logs; a crash or hang there is the worker's, blamed on the tool by engine.py.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import os
import re
import signal
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from shadersmith.targets.lifetime import tied_to_this_process
from shadersmith.targets.tools.glslang import (
    ToolMissing,
    glslang_path,
    glslang_version,
    system_tool,
)

SPIRV_OPT = "spirv-opt"
SPIRV_VAL = "spirv-val"
SPIRV_CROSS = "spirv-cross"
SPIRV_DIS = "spirv-dis"
SPIRV_REDUCE = "spirv-reduce"
SPIRV_AS = "spirv-as"
# glslang -V targets Vulkan 1.0 (SPIR-V 1.0) by default; the other tools must check
# and optimise under the same rules.
DEFAULT_TARGET_ENV = "vulkan1.0"
# GL_KHR_shader_subgroup needs SPIR-V 1.3, Vulkan 1.1's: a shader that enables it is
# compiled, optimised and validated for Vulkan 1.1, every other one as before.
SUBGROUP_TARGET_ENV = "vulkan1.1"
_SPIRV_1_3 = 0x00010300


def target_env_of_source(source: str) -> str:
    """The target environment glslang compiles `source` for."""
    return SUBGROUP_TARGET_ENV if "GL_KHR_shader_subgroup" in source else DEFAULT_TARGET_ENV


def target_env_of_module(spirv: bytes) -> str:
    """The target environment of a module, read from its SPIR-V version (header word 1)."""
    version = int.from_bytes(spirv[4:8], "little") if len(spirv) >= 8 else 0
    return SUBGROUP_TARGET_ENV if version >= _SPIRV_1_3 else DEFAULT_TARGET_ENV


DEFAULT_TIMEOUT_S = 60.0
# glslang picks the stage from the file extension.
STAGE_EXTENSIONS = {"compute": "comp", "fragment": "frag", "vertex": "vert"}


class ToolOutcome(enum.Enum):
    REJECTED = "rejected"  # exited with an error and a message
    CRASHED = "crashed"  # killed by a signal
    TIMED_OUT = "timed_out"


class ToolError(Exception):
    """A tool did not produce its output; `log` is what it printed."""

    tool = "tool"

    def __init__(self, log: str, outcome: ToolOutcome = ToolOutcome.REJECTED) -> None:
        super().__init__(f"{self.tool} {outcome.value}: {_first_line(log)}")
        self.log = log
        self.outcome = outcome


class GlslangError(ToolError):
    tool = "glslang"


class SpirvOptError(ToolError):
    tool = SPIRV_OPT


class SpirvValError(ToolError):
    """`confirmed`: the newest spirv-val rejected the module too (or was the validator);
    False where Debian's old one decided alone (validate_spirv), a verdict that is not a
    finding."""

    tool = SPIRV_VAL

    def __init__(
        self, log: str, outcome: ToolOutcome = ToolOutcome.REJECTED, confirmed: bool = True
    ) -> None:
        super().__init__(log, outcome)
        self.confirmed = confirmed


class SpirvCrossError(ToolError):
    tool = SPIRV_CROSS


DEBIAN_NAME = "debian"


@dataclass(frozen=True)
class Toolset:
    """The glslang, spirv-opt, spirv-val and spirv-cross binaries one chain runs: Debian's
    (`DEBIAN`, the default chains), the newest releases (targets/tools/newest.py) or a
    user's (user_targets.py). A path of None means Debian's tool of that name, found on
    PATH (spirv-cross: Debian's library in a worker, spirv_cross_library.py)."""

    name: str = DEBIAN_NAME
    glslang: str | None = None
    spirv_opt: str | None = None
    spirv_cross: str | None = None
    # spirv-val binaries, oldest first: a module is invalid only when the last one rejects
    # it (validate_spirv). None: Debian's, then the newest where installed.
    validators: tuple[str, ...] | None = None
    env: tuple[tuple[str, str], ...] = ()  # added to the tools' environment
    spirv_reduce: str | None = None  # the same SPIRV-Tools release's, to reduce its findings

    def glslang_path(self) -> str:
        return self.glslang or glslang_path()

    def spirv_opt_path(self) -> str:
        return self.spirv_opt or _tool_path(SPIRV_OPT)

    def spirv_reduce_path(self) -> str:
        if self.spirv_reduce is None and self.name != DEBIAN_NAME:
            raise ToolMissing(f"spirv-reduce of the {self.name} tools is not installed")
        return self.spirv_reduce or _tool_path(SPIRV_REDUCE)

    def spirv_reduce_version(self) -> str:
        return validator_version(self.spirv_reduce_path())

    def validator_paths(self) -> tuple[str, ...]:
        return self.validators if self.validators is not None else debian_validators()

    def glslang_version(self) -> str:
        return glslang_version(self.glslang, self.env) if self.glslang else glslang_version()

    def spirv_opt_version(self) -> str:
        return spirv_opt_version(self.spirv_opt)

    def spirv_cross_version(self) -> str:
        return spirv_cross_version(self.spirv_cross)

    def spirv_val_versions(self) -> str:
        """Which spirv-val checks this chain's tools, for a target's version record."""
        versions = [validator_version(path) for path in self.validator_paths()]
        if len(versions) == 1 and self.validators is None:
            return f"{versions[0]} (newest spirv-val not installed)"
        if len(versions) == 1:
            return versions[0]
        return f"{versions[0]}, its rejections checked by {', '.join(versions[1:])}"


DEBIAN = Toolset()


@functools.cache
def debian_validators() -> tuple[str, ...]:
    """Debian's spirv-val, then the newest where installed (validate_spirv says why)."""
    # Imported here, not at the top: newest.py and the library modules import this module (Toolset).
    from shadersmith.targets.tools.newest import tool_path_or_none

    latest = tool_path_or_none(SPIRV_VAL)
    return (_tool_path(SPIRV_VAL), latest) if latest else (_tool_path(SPIRV_VAL),)


def compile_glsl_to_spirv(
    source: str,
    stage: str,
    target_env: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    toolset: Toolset = DEBIAN,
) -> bytes:
    """GLSL (Vulkan semantics) to SPIR-V with `glslangValidator -V`, or with the same
    glslang in-process where this is a worker and the library is there
    (glslang_library.py): the same module, ~20x sooner. `target_env`: the source's
    (target_env_of_source) unless given."""
    # Imported here, not at the top: newest.py and the library modules import this module (Toolset).
    from shadersmith.targets.tools.glslang_library import library_for

    if target_env is None:
        target_env = target_env_of_source(source)

    library = library_for(toolset)
    if library is not None and stage in STAGE_EXTENSIONS:
        return library.compile(source, stage, target_env)
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        shader = Path(scratch) / f"shader.{STAGE_EXTENSIONS[stage]}"
        output = Path(scratch) / "shader.spv"
        shader.write_text(source)
        command = [toolset.glslang_path(), "-V", "--target-env", target_env]
        _run(GlslangError, [*command, str(shader), "-o", str(output)], scratch, timeout_s, toolset)
        return output.read_bytes()


def optimize(
    spirv: bytes,
    passes: Sequence[str],
    target_env: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    toolset: Toolset = DEBIAN,
) -> bytes:
    """Run spirv-opt with `passes` (flags such as `-O` or `--ccp`), in the given order;
    in-process where this is a worker and the toolset's library is there
    (spirv_tools_library.py): the same module, without a process start. `target_env`:
    the module's (target_env_of_module) unless given."""
    # Imported here, not at the top: newest.py and the library modules import this module (Toolset).
    from shadersmith.targets.tools.spirv_tools_library import optimizer_for

    if target_env is None:
        target_env = target_env_of_module(spirv)

    library = optimizer_for(toolset, passes)
    if library is not None:
        return library.optimize(spirv, passes, target_env)
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given, output = Path(scratch) / "in.spv", Path(scratch) / "out.spv"
        given.write_bytes(spirv)
        command = [
            toolset.spirv_opt_path(),
            f"--target-env={target_env}",
            *passes,
            str(given),
            "-o",
            str(output),
        ]
        _run(SpirvOptError, command, scratch, timeout_s, toolset)
        return output.read_bytes()


_VERDICTS = {
    ToolOutcome.REJECTED: "rejected",
    ToolOutcome.CRASHED: "crashed",
    ToolOutcome.TIMED_OUT: "timed out",
}


def validate_spirv(
    spirv: bytes,
    target_env: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    toolset: Toolset = DEBIAN,
) -> str:
    """Raise SpirvValError unless spirv-val accepts the module; return a line for the log
    when it took a second opinion ("" otherwise).

    Debian's spirv-val (SPIRV-Tools 2023.1) rejects valid modules that newer releases
    accept, e.g. what `spirv-opt --merge-blocks` writes (SPIRV-Tools #5784, fixed in
    v2024.4). So the toolset's validators run oldest first and a module counts as invalid
    only when the newest rejects it too; the newest's message then leads the log (it
    names the bug). Without the newest, Debian's rejection stands unconfirmed: the error
    says so (`confirmed` False, and the log's last line), and the oracle records it as
    unconfirmed, never as a finding (oracle/classify.py).

    Each validator runs in-process where this is a worker and its library is there
    (spirv_tools_library.py), as a subprocess otherwise: the same verdict and log.
    """
    # Imported here, not at the top: newest.py and the library modules import this module (Toolset).
    from shadersmith.targets.tools.spirv_tools_library import validator_for

    if target_env is None:
        target_env = target_env_of_module(spirv)
    validators = toolset.validator_paths()
    verdicts: list[str] = []
    last: SpirvValError | None = None
    with contextlib.ExitStack() as stack:
        scratch, given = "", None  # written for the first validator run as a subprocess
        for path in validators:
            library = validator_for(path)
            try:
                if library is not None:
                    library.validate(spirv, target_env)
                else:
                    if given is None:
                        scratch = stack.enter_context(
                            tempfile.TemporaryDirectory(prefix="shadersmith-spirv-")
                        )
                        given = Path(scratch) / "in.spv"
                        given.write_bytes(spirv)
                    _run(
                        SpirvValError,
                        [path, "--target-env", target_env, str(given)],
                        scratch,
                        timeout_s,
                        toolset,
                    )
            except SpirvValError as error:
                verdicts.append(f"{validator_version(path)} {_VERDICTS[error.outcome]}")
                last = error
                continue
            if last is None:
                return ""
            why = "false positive" if "rejected" in verdicts[0] else "fault"
            first = _first_line(_spirv_val_message(last.log))
            return (
                f"spirv-val {', '.join(verdicts)}, {validator_version(path)} accepts "
                f"(old validator {why}: {first})"
            )
    assert last is not None  # every validator failed, and there is at least one
    checked = f"checked by spirv-val {', '.join(verdicts)}"
    confirmed = not (toolset.validators is None and len(validators) == 1)
    if not confirmed:
        checked += (
            " (unconfirmed: the newest spirv-val is not installed: scripts/setup.sh installs it)"
        )
    # Last, where a reader of the log's tail looks: what was checked, and the verdict.
    checked += f": {_first_line(_spirv_val_message(last.log))}"
    raise SpirvValError(f"{last.log}\n{checked}", last.outcome, confirmed)


def _spirv_val_message(log: str) -> str:
    errors = [line for line in log.splitlines() if line.startswith("error:")]
    return errors[0] if errors else log


# spirv-cross's other outputs, compile-only (nothing here runs HLSL or MSL): the flags
# that select each. Shader model 5.0: what D3D11-class HLSL compilers take.
CROSS_LANGUAGES: dict[str, tuple[str, ...]] = {
    "hlsl": ("--hlsl", "--shader-model", "50"),
    "msl": ("--msl",),
}


def cross_to(spirv: bytes, language: str, timeout_s: float = DEFAULT_TIMEOUT_S) -> str:
    """Debian's spirv-cross writing `language` (CROSS_LANGUAGES) from a module, on the
    command line. Raises SpirvCrossError (its crash, rejection or timeout)."""
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given, output = Path(scratch) / "in.spv", Path(scratch) / f"out.{language}"
        given.write_bytes(spirv)
        command = [_tool_path(SPIRV_CROSS), *CROSS_LANGUAGES[language], str(given)]
        _run(SpirvCrossError, [*command, "--output", str(output)], scratch, timeout_s)
        return output.read_text()


def cross_to_glsl(
    spirv: bytes,
    version: int = 450,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    binary: str | None = None,
) -> str:
    """SPIR-V back to OpenGL GLSL (not Vulkan GLSL) with spirv-cross: a user's `binary`
    (Toolset.spirv_cross) on the command line; Debian's in-process in a worker where its
    library is there (spirv_cross_library.py), else on the command line."""
    # Imported here, not at the top: newest.py and the library modules import this module (Toolset).
    from shadersmith.targets.tools.spirv_cross_library import cross_compiler_for

    library = cross_compiler_for(spirv) if binary is None else None
    if library is not None:
        return library.to_glsl(spirv, version)
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given, output = Path(scratch) / "in.spv", Path(scratch) / "out.glsl"
        given.write_bytes(spirv)
        command = [
            binary or _tool_path(SPIRV_CROSS),
            "--version",
            str(version),
            "--no-es",
            str(given),
            "--output",
            str(output),
        ]
        _run(SpirvCrossError, command, scratch, timeout_s)
        return output.read_text()


# What `spirv-opt --print-all` writes before each pass it runs.
_PASS_HEADING = re.compile(r"^; IR before pass (\S+)$", re.M)
_EMPTY_COMPUTE_SHADER = "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n"


@functools.cache
def preset_passes(preset: str, toolset: Toolset = DEBIAN) -> tuple[str, ...] | None:
    """The passes a spirv-opt preset (`-O`, `-Os`) of `toolset` runs, in order, as flags:
    the headings `--print-all` writes before each pass, run on an empty compute shader (a
    preset is a fixed list, whatever the module). None where a tool fails or names none."""
    try:
        spirv = compile_glsl_to_spirv(_EMPTY_COMPUTE_SHADER, "compute", toolset=toolset)
    except (ToolError, ToolMissing):
        return None
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given, output = Path(scratch) / "in.spv", Path(scratch) / "out.spv"
        given.write_bytes(spirv)
        try:
            command = [toolset.spirv_opt_path(), f"--target-env={DEFAULT_TARGET_ENV}", preset]
            command += ["--print-all", str(given), "-o", str(output)]
            log = _run(SpirvOptError, command, scratch, DEFAULT_TIMEOUT_S, toolset)
        except (SpirvOptError, ToolMissing, OSError):
            return None
    names = _PASS_HEADING.findall(log)
    return tuple(f"--{name}" for name in names) or None


def disassemble(spirv: bytes, timeout_s: float = DEFAULT_TIMEOUT_S) -> str | None:
    """spirv-dis's text of a module, for a reader; None when spirv-dis is missing or
    cannot read it (a record, not a check: nothing depends on it)."""
    path = system_tool(SPIRV_DIS)
    if path is None:
        return None
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given = Path(scratch) / "in.spv"
        given.write_bytes(spirv)
        try:
            result = subprocess.run(
                [path, str(given)],
                capture_output=True,
                text=True,
                # A module's strings (names, OpString) are anyone's bytes: not always UTF-8.
                errors="replace",
                timeout=timeout_s,
                check=False,
                preexec_fn=tied_to_this_process(),
            )
        except (OSError, subprocess.TimeoutExpired):
            return None
    return result.stdout if result.returncode == 0 else None


class SpirvAsError(ToolError):
    tool = SPIRV_AS


def module_to_assembly(spirv: bytes, timeout_s: float = DEFAULT_TIMEOUT_S) -> str:
    """Debian's spirv-dis's text of a module with its numeric ids (`--raw-id`), which
    `assembly_to_module` reads back to the same instructions: the form a test keeps a
    module in. Raises SpirvAsError where spirv-dis cannot read it."""
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given = Path(scratch) / "in.spv"
        given.write_bytes(spirv)
        command = [_tool_path(SPIRV_DIS), "--raw-id", "--no-color", str(given)]
        return _run(SpirvAsError, command, scratch, timeout_s) + "\n"


def assembly_to_module(
    text: str, target_env: str = DEFAULT_TARGET_ENV, timeout_s: float = DEFAULT_TIMEOUT_S
) -> bytes:
    """Debian's spirv-as on `text`, its ids kept (`--preserve-numeric-ids`); the header's
    generator word is the assembler's. Raises SpirvAsError on text it refuses."""
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        given, output = Path(scratch) / "in.spvasm", Path(scratch) / "out.spv"
        given.write_text(text)
        command = [_tool_path(SPIRV_AS), "--preserve-numeric-ids", "--target-env", target_env]
        _run(SpirvAsError, [*command, str(given), "-o", str(output)], scratch, timeout_s)
        return output.read_bytes()


# ---------------------------------------------------------------------------- versions


def tool_versions() -> dict[str, str]:
    """The version of every tool this module runs, as each tool reports it."""
    return {
        "glslang": glslang_version(),
        SPIRV_OPT: spirv_opt_version(),
        SPIRV_VAL: spirv_val_version(),
        SPIRV_CROSS: spirv_cross_version(),
    }


@functools.cache
def spirv_opt_version(path: str | None = None) -> str:
    """Debian's spirv-opt's version, or that of the one at `path`."""
    return _first_line(_output([path or _tool_path(SPIRV_OPT), "--version"]))


@functools.cache
def spirv_val_version() -> str:
    return _first_line(_output([_tool_path(SPIRV_VAL), "--version"]))


@functools.cache
def validator_version(path: str) -> str:
    """`v2023.1` from `SPIRV-Tools v2023.1 unknown hash, 2023-02-15T14:03:51` (spirv-val's
    or any other SPIRV-Tools program's)."""
    words = _first_line(_output([path, "--version"])).split()
    return words[1] if len(words) > 1 and words[0] == "SPIRV-Tools" else " ".join(words[:2])


@functools.cache
def spirv_cross_version(binary: str | None = None) -> str:
    """Debian's spirv-cross's version, or that of a user's `binary`."""
    # `--revision` prints the git revision, but Debian's build prints only "(Debian
    # package)"; the package version is then the best name of what is installed.
    revision = _first_line(_output([binary or _tool_path(SPIRV_CROSS), "--revision"]))
    if revision and not revision.startswith("("):
        return revision
    if binary is not None:  # a user's build that does not say: its path says what it is
        return f"{revision or 'unknown'} at {binary}"
    package = _output(["dpkg-query", "-W", "-f=${Version}", SPIRV_CROSS]).strip()
    return f"Debian {package}" if package else "unknown"


# ----------------------------------------------------------------------------- helpers


@functools.cache
def _tool_path(name: str) -> str:
    path = system_tool(name)
    if path is None:
        package = "spirv-cross" if name == SPIRV_CROSS else "spirv-tools"
        raise ToolMissing(f"{name} not found: install Debian's {package} (./dev does)")
    return path


def _output(command: list[str]) -> str:
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            preexec_fn=tied_to_this_process(),
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    # spirv-opt prints its version on stderr, the others on stdout.
    return (result.stdout.strip() + "\n" + result.stderr.strip()).strip()


def _run(
    error: type[ToolError],
    command: list[str],
    scratch: str,
    timeout_s: float,
    toolset: Toolset = DEBIAN,
) -> str:
    """Run a tool; its log (stdout and stderr, scratch paths stripped), or `error`."""
    env = {**os.environ, **dict(toolset.env)} if toolset.env else None
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=timeout_s,
            check=False,
            preexec_fn=tied_to_this_process(),
            env=env,
        )
    except subprocess.TimeoutExpired as expired:
        log = _text(expired.stdout) + _text(expired.stderr)
        raise error(f"timed out after {timeout_s} s\n{log}", ToolOutcome.TIMED_OUT) from None
    # Scratch paths differ on every run; without them, logs of one failure compare equal.
    log = (result.stdout + result.stderr).replace(scratch + "/", "").strip()
    if result.returncode < 0:
        name = _signal_name(-result.returncode)
        raise error(f"killed by {name}\n{log}".strip(), ToolOutcome.CRASHED)
    if result.returncode != 0:
        raise error(log or f"exit status {result.returncode}", ToolOutcome.REJECTED)
    return log


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode(errors="replace")


def _first_line(text: str) -> str:
    lines = text.strip().splitlines()
    return lines[0] if lines else ""
