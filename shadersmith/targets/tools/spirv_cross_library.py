"""spirv-cross in-process: SPIRV-Cross's C interface through ctypes, inside a worker.

The -cross chains turn every module back into GLSL; as a subprocess that costs a process
start and two files (~10 ms of a ~12 ms call). Debian builds the command-line tool and
`libspirv-cross-c-shared0` from one source package; where both are the same version, the
library writes the same GLSL, byte for byte, as `spirv-cross --version 450 --no-es`
(tests/test_spirv_cross_library.py), and a rejection has the command line's message
(`SPIRV-Cross threw an exception: ...`), so signatures do not move.

What the command line does besides compiling changes nothing for our modules: it builds
combined image samplers for non-Vulkan GLSL (our shaders have no samplers; a module with
an image or sampler runs the command line) and reads the shader's resources.

Only workers load it (in_process.py): a crash or hang inside it is blamed on spirv-cross
through the marker lines on the worker's log. `SHADERSMITH_SPIRV_CROSS=subprocess` goes
back to the command line.
"""

from __future__ import annotations

import ctypes
import functools
import os
import subprocess
from collections.abc import Callable

from shadersmith.targets.lifetime import tied_to_this_process
from shadersmith.targets.tools import in_process
from shadersmith.targets.tools.spirv_tools import SPIRV_CROSS, SpirvCrossError, ToolOutcome

LIBRARY = "libspirv-cross-c-shared.so.0"
PACKAGES = ("libspirv-cross-c-shared0", "spirv-cross")
STEP = SPIRV_CROSS  # the component a crash inside it is blamed on

_SUCCESS = 0
_BACKEND_GLSL = 1
_CAPTURE_TAKE_OWNERSHIP = 1
_OPTION_GLSL_BIT = 0x2000000
_OPTION_GLSL_VERSION = 8 | _OPTION_GLSL_BIT
_OPTION_GLSL_ES = 9 | _OPTION_GLSL_BIT
# What the command line prints when SPIRV-Cross throws (main.cpp), before the message.
EXCEPTION_PREFIX = "SPIRV-Cross threw an exception: "
# SPIR-V opcodes of image and sampler types: a module with one runs the command line,
# whose combined-sampler remapping the library call does not repeat.
_IMAGE_OPCODES = frozenset({25, 26, 27})  # OpTypeImage, OpTypeSampler, OpTypeSampledImage


class SpirvCrossLibrary:
    def __init__(self, path: str) -> None:
        library = ctypes.CDLL(path)
        pointer, result = ctypes.c_void_p, ctypes.c_int
        signatures: dict[str, tuple[list[type], type | None]] = {
            "spvc_context_create": ([ctypes.POINTER(pointer)], result),
            "spvc_context_destroy": ([pointer], None),
            "spvc_context_get_last_error_string": ([pointer], ctypes.c_char_p),
            "spvc_context_parse_spirv": (
                [
                    pointer,
                    ctypes.POINTER(ctypes.c_uint32),
                    ctypes.c_size_t,
                    ctypes.POINTER(pointer),
                ],
                result,
            ),
            "spvc_context_create_compiler": (
                [pointer, ctypes.c_int, pointer, ctypes.c_int, ctypes.POINTER(pointer)],
                result,
            ),
            "spvc_compiler_create_compiler_options": ([pointer, ctypes.POINTER(pointer)], result),
            "spvc_compiler_options_set_uint": ([pointer, ctypes.c_int, ctypes.c_uint], result),
            "spvc_compiler_options_set_bool": ([pointer, ctypes.c_int, ctypes.c_ubyte], result),
            "spvc_compiler_install_compiler_options": ([pointer, pointer], result),
            "spvc_compiler_compile": ([pointer, ctypes.POINTER(ctypes.c_char_p)], result),
        }
        for name, (arguments, returns) in signatures.items():
            function = getattr(library, name)
            function.argtypes = arguments
            function.restype = returns
        self._library = library

    def to_glsl(self, spirv: bytes, version: int = 450) -> str:
        """`spirv-cross --version VERSION --no-es`'s output; SpirvCrossError with the
        command line's message where SPIRV-Cross throws."""
        lib = self._library
        context = ctypes.c_void_p()
        if lib.spvc_context_create(ctypes.byref(context)) != _SUCCESS:
            raise SpirvCrossError("spirv-cross: no context", ToolOutcome.REJECTED)
        in_process.mark(in_process.started(STEP))
        try:
            count = len(spirv) // 4
            words = (ctypes.c_uint32 * max(count, 1))()
            ctypes.memmove(words, spirv, count * 4)
            parsed, compiler, options = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
            source = ctypes.c_char_p()
            steps: tuple[Callable[[], int], ...] = (
                lambda: lib.spvc_context_parse_spirv(context, words, count, ctypes.byref(parsed)),
                lambda: lib.spvc_context_create_compiler(
                    context,
                    _BACKEND_GLSL,
                    parsed,
                    _CAPTURE_TAKE_OWNERSHIP,
                    ctypes.byref(compiler),
                ),
                lambda: lib.spvc_compiler_create_compiler_options(compiler, ctypes.byref(options)),
                lambda: lib.spvc_compiler_options_set_uint(options, _OPTION_GLSL_VERSION, version),
                lambda: lib.spvc_compiler_options_set_bool(options, _OPTION_GLSL_ES, 0),
                lambda: lib.spvc_compiler_install_compiler_options(compiler, options),
                lambda: lib.spvc_compiler_compile(compiler, ctypes.byref(source)),
            )
            for step in steps:
                if step() != _SUCCESS:
                    message = lib.spvc_context_get_last_error_string(context) or b""
                    text = message.decode("utf-8", "replace")
                    raise SpirvCrossError(EXCEPTION_PREFIX + text, ToolOutcome.REJECTED)
            return (source.value or b"").decode("utf-8", "replace")
        finally:
            lib.spvc_context_destroy(context)
            in_process.mark(in_process.finished(STEP))


def has_images(spirv: bytes) -> bool:
    """Whether the module declares an image or sampler type (a quick scan of opcodes)."""
    words = memoryview(spirv)[: len(spirv) // 4 * 4].cast("I")
    position = 5  # past the header
    while position < len(words):
        word = words[position]
        length, opcode = word >> 16, word & 0xFFFF
        if opcode in _IMAGE_OPCODES:
            return True
        if length == 0:
            return False  # malformed: let the command line say so
        position += length
    return False


def workers_run_in_process() -> bool:
    return os.environ.get("SHADERSMITH_SPIRV_CROSS") != "subprocess"


def cross_compiler_for(spirv: bytes) -> SpirvCrossLibrary | None:
    """The library where this process may load it, it is there, it is the command line's
    own version, and the module is one the library call handles as the command line."""
    if not in_process.allowed() or len(spirv) % 4 or has_images(spirv):
        return None
    return _library()


@functools.cache
def _library() -> SpirvCrossLibrary | None:
    if not workers_run_in_process() or not same_version():
        return None
    try:
        return SpirvCrossLibrary(LIBRARY)
    except (OSError, AttributeError):
        return None  # not installed or not loadable: the command line stays in charge


@functools.cache
def same_version() -> bool:
    """Whether the library and the command line come from one Debian source version."""
    try:
        shown = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}\\n", *PACKAGES],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            preexec_fn=tied_to_this_process(),
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    versions = shown.stdout.split()
    return shown.returncode == 0 and len(versions) == 2 and versions[0] == versions[1]
