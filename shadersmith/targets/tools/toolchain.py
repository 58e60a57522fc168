"""The tool chains in front of the drivers, with spirv-val after every tool.

    vk-lavapipe        GLSL -> glslang -> spirv-val -> Vulkan runner
    vk-lavapipe-opt    ... -> spirv-opt PASSES -> spirv-val -> Vulkan runner
    vk-lavapipe-cross  ... -> spirv-cross -> GLSL -> GL runner (llvmpipe)

A rejected output is the tool's only when the newest spirv-val accepts the tool's input
(step_validity.py): a module that glslang wrote invalid stays glslang's, and spirv-opt's
output of it goes on to the driver, the log saying why.

A tool that rejects, crashes or hangs gives a RunResult naming it in `failed_component`,
so a wrong result or a failure can be blamed on one link of the chain. `tools_ms` is the
time spent in the tools (each a subprocess: glslang's start-up alone is ~0.1 s).

A `Toolset` picks the binaries (Debian's by default, or the newest: targets/tools/newest.py);
when spirv-val took a second opinion (spirv_tools.validate_spirv), the result's log ends
with what it said.

`precompiled`: the job's shared glslang module (precompile.py), taken instead of running
glslang and spirv-val where it is what this chain would make; its time is then in
`RunResult.shared_spirv_ms`, not in `tools_ms`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from shadersmith.ir.specialization import SpecializationEntry
from shadersmith.targets.job import PrecompiledSpirv
from shadersmith.targets.results import BufferInput, RunResult, RunStatus
from shadersmith.targets.runners.gl_runner import GLRunner
from shadersmith.targets.runners.vk_runner import VulkanRunner
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.cross_constants import with_constant_values
from shadersmith.targets.tools.glslang import ToolMissing
from shadersmith.targets.tools.newest import NEWEST, newest_toolset
from shadersmith.targets.tools.precompile import usable
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    SpirvValError,
    ToolError,
    ToolOutcome,
    Toolset,
)
from shadersmith.targets.tools.step_validity import NewestModule, validate_step_output

T = TypeVar("T")

_OUTCOME_STATUS = {
    ToolOutcome.REJECTED: RunStatus.COMPILE_ERROR,
    ToolOutcome.CRASHED: RunStatus.CRASH,
    ToolOutcome.TIMED_OUT: RunStatus.TIMEOUT,
}


class ChainFailed(Exception):
    """A tool of the chain failed; `result` says which and how."""

    def __init__(self, result: RunResult) -> None:
        super().__init__(result.log)
        self.result = result


def build_spirv(
    source: str,
    stage: str,
    passes: Sequence[str] = (),
    toolset: Toolset = DEBIAN,
    notes: list[str] | None = None,
    precompiled: PrecompiledSpirv | None = None,
) -> tuple[bytes, float]:
    """glslang, spirv-val, and with `passes` spirv-opt and spirv-val again; the SPIR-V and
    the milliseconds spent. Raises ChainFailed. `notes` collects what spirv-val said when
    it took a second opinion. A usable `precompiled` module replaces the first two steps
    (and its time is not in the milliseconds returned)."""
    notes = [] if notes is None else notes
    shared = usable(precompiled, source, stage, toolset)
    started = time.perf_counter()
    after = "glslang"
    spirv = b""
    try:
        if shared is not None:
            spirv = shared.spirv
            notes.extend(shared.notes)
        else:
            spirv = spirv_tools.compile_glsl_to_spirv(source, stage, toolset=toolset)
            _note(notes, after, spirv_tools.validate_spirv(spirv, toolset=toolset))
        if passes:
            given, after = spirv, "spirv-opt"
            spirv = spirv_tools.optimize(spirv, passes, toolset=toolset)
            producer = f"glslang {shared.glslang_version if shared else toolset.glslang_version()}"
            said = validate_step_output(
                given, spirv, after, producer, toolset, _newest_glslang(source, stage, toolset)
            )
            _note(notes, after, said)
    except ToolError as error:
        failure = _tool_failure(error, after, _elapsed_ms(started))
        if spirv:  # what spirv-val rejected, or what the failing tool was given
            failure.artefacts["spv"] = spirv
        failure.log = _with_notes(failure.log, notes)
        raise ChainFailed(failure) from None
    return spirv, _elapsed_ms(started)


def _newest_glslang(source: str, stage: str, toolset: Toolset) -> NewestModule | None:
    """The newest glslang's module of `source`, asked for only when the judging spirv-val
    rejects this toolset's: None where this toolset's glslang is the newest."""
    if toolset.name == NEWEST:
        return None

    def module() -> bytes | None:
        try:
            newest = newest_toolset()
        except ToolMissing:
            return None
        return spirv_tools.compile_glsl_to_spirv(source, stage, toolset=newest)

    return module


def _note(notes: list[str], after: str, said: str) -> None:
    if said:
        notes.append(f"spirv-val after {after}: {said}")


def _with_notes(log: str, notes: Sequence[str]) -> str:
    # After the tool's or driver's own text: signatures read the first message of a log.
    return "\n".join([log.rstrip(), *notes]).strip()


def _through(
    build: Callable[[], tuple[T, float]],
    run: Callable[[T], RunResult],
    artefacts: Callable[[T], dict[str, bytes]],
    notes: Sequence[str] = (),
    shared: PrecompiledSpirv | None = None,
) -> RunResult:
    """Build the driver's input with the tools, then run it; a failing tool ends the chain
    with a result that names it. The result keeps what the tools built, and its log what
    spirv-val noted (`notes`, filled by the build); `shared`, the shared module the build
    took, says so in `shared_spirv_ms`."""
    try:
        built, tools_ms = build()
    except ChainFailed as failure:
        result = failure.result
    else:
        result = run(built)
        result.tools_ms = tools_ms
        result.artefacts.update(artefacts(built))
        result.log = _with_notes(result.log, notes)
    if shared is not None:
        result.shared_spirv_ms = shared.ms
    return result


def _spirv_artefacts(spirv: bytes) -> dict[str, bytes]:
    return {"spv": spirv}


def run_compute_on_vulkan(
    runner: VulkanRunner,
    source: str,
    buffers: Sequence[BufferInput],
    passes: Sequence[str] = (),
    groups: tuple[int, int, int] = (1, 1, 1),
    toolset: Toolset = DEBIAN,
    precompiled: PrecompiledSpirv | None = None,
    specialization: Sequence[SpecializationEntry] = (),
) -> RunResult:
    notes: list[str] = []
    shared = usable(precompiled, source, "compute", toolset)
    return _through(
        lambda: build_spirv(source, "compute", passes, toolset, notes, shared),
        lambda spirv: runner.run_compute(spirv, buffers, groups, specialization),
        _spirv_artefacts,
        notes,
        shared,
    )


def run_fragment_on_vulkan(
    runner: VulkanRunner,
    source: str,
    width: int = 256,
    height: int = 256,
    passes: Sequence[str] = (),
    toolset: Toolset = DEBIAN,
    blocks: Sequence[BufferInput] = (),
    integer: bool = False,
    precompiled: PrecompiledSpirv | None = None,
    vertex_source: str | None = None,
    specialization: Sequence[SpecializationEntry] = (),
    attachments: int = 1,
) -> RunResult:
    """`vertex_source`: a generated vertex shader, through the same glslang and spirv-opt
    passes as the fragment shader; None: the runner's fixed one. `specialization`: the
    fragment shader's constants, set at pipeline creation. `attachments`: the colour
    outputs, drawn side by side (runners/images.py)."""
    notes: list[str] = []
    shared = usable(precompiled, source, "fragment", toolset)
    if vertex_source is None:
        return _through(
            lambda: build_spirv(source, "fragment", passes, toolset, notes, shared),
            lambda spirv: runner.run_fragment(
                spirv,
                width,
                height,
                blocks=blocks,
                integer=integer,
                specialization=specialization,
                attachments=attachments,
            ),
            _spirv_artefacts,
            notes,
            shared,
        )

    def build_both() -> tuple[tuple[bytes, bytes], float]:
        fragment, fragment_ms = build_spirv(source, "fragment", passes, toolset, notes, shared)
        vertex, vertex_ms = build_spirv(vertex_source, "vertex", passes, toolset, notes)
        return (fragment, vertex), fragment_ms + vertex_ms

    return _through(
        build_both,
        lambda both: runner.run_fragment(
            both[0],
            width,
            height,
            blocks=blocks,
            integer=integer,
            vertex_spirv=both[1],
            specialization=specialization,
            attachments=attachments,
        ),
        lambda both: {"spv": both[0], VERTEX_SPIRV_ARTEFACT: both[1]},
        notes,
        shared,
    )


# What a run keeps of a generated vertex shader's module, beside the fragment's `spv`.
VERTEX_SPIRV_ARTEFACT = "vert.spv"


def cross_compile(
    source: str,
    stage: str,
    passes: Sequence[str] = (),
    toolset: Toolset = DEBIAN,
    precompiled: PrecompiledSpirv | None = None,
    language: str = "glsl",
    specialization: Sequence[SpecializationEntry] = (),
) -> tuple[str, float]:
    """GLSL through glslang (and spirv-opt) and back to GLSL 450 through spirv-cross, or
    to another of its outputs (`language`: spirv_tools.CROSS_LANGUAGES); GLSL with the
    `specialization` constants' VALUEs defined (cross_constants.py)."""
    (_, text), tools_ms = _cross_build(source, stage, passes, toolset, None, precompiled, language)
    if language == "glsl":
        text = with_constant_values(text, specialization)
    return text, tools_ms


def _cross_build(
    source: str,
    stage: str,
    passes: Sequence[str],
    toolset: Toolset = DEBIAN,
    notes: list[str] | None = None,
    precompiled: PrecompiledSpirv | None = None,
    language: str = "glsl",
) -> tuple[tuple[bytes, str], float]:
    """The SPIR-V spirv-cross consumed and the text it wrote (GLSL, or `language`)."""
    spirv, tools_ms = build_spirv(source, stage, passes, toolset, notes, precompiled)
    started = time.perf_counter()
    try:
        if language == "glsl":
            glsl = spirv_tools.cross_to_glsl(spirv, binary=toolset.spirv_cross)
        else:
            glsl = spirv_tools.cross_to(spirv, language)
    except ToolError as error:
        failure = _tool_failure(error, "spirv-cross", tools_ms + _elapsed_ms(started))
        failure.artefacts["spv"] = spirv
        failure.log = _with_notes(failure.log, notes or ())
        raise ChainFailed(failure) from None
    return (spirv, glsl), tools_ms + _elapsed_ms(started)


def _cross_artefacts(stage: str) -> Callable[[tuple[bytes, str]], dict[str, bytes]]:
    suffix = f"cross.{spirv_tools.STAGE_EXTENSIONS[stage]}"
    return lambda built: {"spv": built[0], suffix: built[1].encode()}


def run_compute_through_cross(
    runner: GLRunner,
    source: str,
    buffers: Sequence[BufferInput],
    passes: Sequence[str] = (),
    groups: tuple[int, int, int] = (1, 1, 1),
    toolset: Toolset = DEBIAN,
    precompiled: PrecompiledSpirv | None = None,
    specialization: Sequence[SpecializationEntry] = (),
) -> RunResult:
    """spirv-cross's GLSL, with the `specialization` constants' VALUEs defined, on GL."""
    notes: list[str] = []
    shared = usable(precompiled, source, "compute", toolset)
    return _through(
        lambda: _cross_build(source, "compute", passes, toolset, notes, shared),
        lambda built: runner.run_compute(
            with_constant_values(built[1], specialization), buffers, groups
        ),
        _cross_artefacts("compute"),
        notes,
        shared,
    )


def run_fragment_through_cross(
    runner: GLRunner,
    source: str,
    width: int = 256,
    height: int = 256,
    passes: Sequence[str] = (),
    toolset: Toolset = DEBIAN,
    blocks: Sequence[BufferInput] = (),
    integer: bool = False,
    precompiled: PrecompiledSpirv | None = None,
    specialization: Sequence[SpecializationEntry] = (),
    attachments: int = 1,
) -> RunResult:
    """spirv-cross keeps each uniform block's `binding` and name, so `blocks` bind as
    they do for the original GLSL; the `specialization` constants' VALUEs are defined."""
    notes: list[str] = []
    shared = usable(precompiled, source, "fragment", toolset)
    return _through(
        lambda: _cross_build(source, "fragment", passes, toolset, notes, shared),
        lambda built: runner.run_fragment(
            with_constant_values(built[1], specialization),
            width,
            height,
            blocks=blocks,
            integer=integer,
            attachments=attachments,
        ),
        _cross_artefacts("fragment"),
        notes,
        shared,
    )


def _tool_failure(error: ToolError, after: str, tools_ms: float) -> RunResult:
    if isinstance(error, SpirvValError):
        # The validator blames the tool whose output it rejected.
        return RunResult(
            RunStatus.VALIDATION_ERROR,
            log=error.log,
            tools_ms=tools_ms,
            failed_component=f"spirv-val after {after}",
            unconfirmed=not error.confirmed,
        )
    return RunResult(
        _OUTCOME_STATUS[error.outcome],
        log=error.log,
        tools_ms=tools_ms,
        failed_component=error.tool,
    )


def _elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
