"""glslang's reference front-end as a validator: does a shader compile, and what did it say.

glslang is the Khronos reference compiler. Validating with it alone is not enough to say
a program is valid everywhere (Mesa is stricter in places), but it is the first gate for
every generated program, in GL semantics and, for GLSL 450, in Vulkan semantics (-V).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from shadersmith.ir.profile import Language, LanguageProfile
from shadersmith.targets.lifetime import tied_to_this_process

GLSLANG = "glslangValidator"
STAGE_EXTENSIONS = {"compute": "comp", "fragment": "frag", "vertex": "vert"}


class ToolMissing(Exception):
    """A real tool the user asked for is not installed; the message says how to get it."""


@dataclass(frozen=True)
class Validation:
    accepted: bool
    mode: str  # "gl" or "vulkan"
    log: str


def system_tool(name: str) -> str | None:
    """`shutil.which(name)`, passing over the wrappers that PyPI's newest SPIRV-Tools and
    glslang (targets/tools/newest.py) put in the venv's bin: the default chains run Debian's
    tools even in an activated venv."""
    for directory in os.environ.get("PATH", os.defpath).split(os.pathsep):
        found = shutil.which(name, path=directory) if directory else None
        if found is not None and not _is_cmeel_wrapper(found):
            return found
    return None


def _is_cmeel_wrapper(path: str) -> bool:
    try:
        with open(path, "rb") as script:
            head = script.read(200)
    except OSError:
        return False
    return head.startswith(b"#!") and b"cmeel" in head


@functools.cache
def glslang_path() -> str:
    path = system_tool(GLSLANG)
    if path is None:
        raise ToolMissing(f"{GLSLANG} not found: install Debian's glslang-tools (./dev does)")
    return path


@functools.cache
def glslang_version(path: str | None = None, env: tuple[tuple[str, str], ...] = ()) -> str:
    """What `glslang --version` says first (`11:12.0.0`); Debian's, or the one at `path`
    run with `env` added to the environment."""
    result = subprocess.run(
        [path or glslang_path(), "--version"],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=tied_to_this_process(),
        env={**os.environ, **dict(env)} if env else None,
    )
    first = result.stdout.strip().splitlines()
    return first[0].split(":", 1)[-1].strip() if first else "unknown"


def validation_modes(profile: LanguageProfile) -> tuple[str, ...]:
    """GL semantics always; Vulkan semantics too where the language allows (not ESSL 310,
    which has no Vulkan flavour in glslang before 3.20)."""
    return ("gl", "vulkan") if profile.language is Language.GLSL else ("gl",)


def validate(source: str, stage: str, mode: str = "gl", timeout_s: float = 60.0) -> Validation:
    """Compile `source` with glslang in GL (`mode="gl"`) or Vulkan (`"vulkan"`) semantics."""
    extension = STAGE_EXTENSIONS[stage]
    with tempfile.TemporaryDirectory(prefix="shadersmith-glslang-") as scratch:
        shader = Path(scratch) / f"shader.{extension}"
        shader.write_text(source)
        command = [glslang_path(), str(shader)]
        if mode == "vulkan":
            command += ["-V", "-o", str(Path(scratch) / "shader.spv")]
        try:
            result = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                check=False,
                preexec_fn=tied_to_this_process(),
            )
        except subprocess.TimeoutExpired:
            return Validation(False, mode, f"glslang timed out after {timeout_s} s")
    log = (result.stdout + result.stderr).replace(str(shader), f"shader.{extension}")
    return Validation(result.returncode == 0, mode, log.strip())
