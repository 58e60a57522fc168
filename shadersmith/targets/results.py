"""What running a shader on a target gives: a status, the outputs, the messages and timings."""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from shadersmith.ir.program import Texture
from shadersmith.ir.types import Type
from shadersmith.ir.values import Value
from shadersmith.targets.runners.std430 import Layout

# RGBA8 (uint8) for float colour outputs, or RGBA32UI (uint32) for an integer colour
# attachment (generated fragment tests: exact 32-bit words, see images.py).
Image = npt.NDArray[np.uint8] | npt.NDArray[np.uint32]


class RunStatus(enum.Enum):
    OK = "ok"
    COMPILE_ERROR = "compile_error"  # a front-end or back-end rejected the shader
    LINK_ERROR = "link_error"  # GL: the program did not link
    VALIDATION_ERROR = "validation_error"  # spirv-val rejected what a tool produced
    # The worker layer sets these three; an in-process runner cannot survive them.
    CRASH = "crash"
    TIMEOUT = "timeout"
    OOM = "oom"
    UNSUPPORTED = "unsupported"  # the target cannot run this test (compute on softpipe)
    # The reference interpreter met undefined behaviour: the program, not a compiler, is
    # at fault (for a reconditioned program that is a defect of ours).
    UNDEFINED_BEHAVIOUR = "undefined_behaviour"


# How a crashed run's log starts when the driver lost its Vulkan device (engine.py): the
# driver's crash, signed `device lost` (oracle/signature.py).
DEVICE_LOST = "device lost"


class BufferInput(NamedTuple):
    """One block to bind: its binding, its fields and their initial values.

    By default a std430 storage buffer (compute tests); with `uniform`, a std140 uniform
    block (how fragment tests get their inputs). `block` is the block's name in the
    shader: GLSL 3.30 has no `binding` layout, so a GL runner binds a uniform block by
    its name there.
    """

    binding: int
    fields: tuple[tuple[str, Type], ...]
    values: dict[str, Value]
    uniform: bool = False
    block: str = ""
    # A generated texture or image rather than a block (ir/program.Texture): its one
    # field holds the texels, rows of `width`; a STORAGE image is read back like a
    # storage buffer, a sampled texture is not.
    texture: Texture | None = None
    # A uniform block that Vulkan runners push (vkCmdPushConstants) rather than bind;
    # GL binds it as the std140 block at `binding` (ir/program.StorageBuffer.push_constant).
    push_constant: bool = False
    # A storage buffer the shader reads through a buffer reference: the binding holds its
    # 8-byte device address, the buffer is read back from its own memory (Vulkan's
    # bufferDeviceAddress; ir/program.Program.buffer_references).
    buffer_reference: bool = False

    @property
    def layout(self) -> Layout:
        return "std140" if self.uniform else "std430"


@dataclass
class RunResult:
    """The outcome of one run.

    `buffers` maps each binding to its decoded contents after the run (every bound buffer
    of a compute run is read back, inputs too; a fragment run reads none back). `image`
    is HxWx4, RGBA8 (uint8) or, for an integer colour attachment, RGBA32UI (uint32), with
    row r holding the fragments whose gl_FragCoord.y is r + 0.5, on GL and on Vulkan
    alike (see `images.py`).

    `compile_ms` covers creating the program or pipeline; `run_ms` covers the dispatch or
    draw, waiting for it, and the readback. llvmpipe and lavapipe generate machine code
    lazily at the first dispatch, so their back-end compile time falls in `run_ms`.
    """

    status: RunStatus
    buffers: dict[int, dict[str, Value]] = field(default_factory=dict)
    image: Image | None = None
    # The reference interpreter's answer to a fragment test in the interval float mode
    # (interp/interval_image.py): sampled fragment (x, y) -> its colour's four intervals
    # (interp/intervals.py), judged against each target's image (oracle/image_intervals.py).
    pixels: dict[tuple[int, int], tuple[Any, ...]] | None = None
    log: str = ""
    compile_ms: float = 0.0
    run_ms: float = 0.0
    tools_ms: float = 0.0  # glslang, spirv-opt, spirv-val, spirv-cross (subprocesses)
    # Where the chain took the job's shared glslang module (targets/tools/precompile.py): the
    # glslang and spirv-val time the caller spent once for every chain of the job, NOT in
    # `tools_ms`; None where the chain ran its own glslang (counted in `tools_ms`).
    shared_spirv_ms: float | None = None
    failed_component: str | None = None  # e.g. "glslang", "spirv-opt", "driver"
    wall_ms: float = 0.0  # the whole job as the engine saw it, process hops included
    # What a failure's log cannot say alone: the component that made the bad state the
    # failing one met, and what shows it (evidence.py), e.g. ("mesa-glsl",
    # "invalid NIR: unpack_64_2x32_split_y of a 32-bit value") for an LLVM abort.
    cause: tuple[str, str] | None = None
    # A VALIDATION_ERROR that no newest spirv-val confirmed (Debian's old one decided
    # alone: spirv_tools.validate_spirv): recorded as unconfirmed, not a finding.
    unconfirmed: bool = False
    # What the chain's tools produced for the driver, by file suffix: "spv" (the SPIR-V
    # the driver or spirv-cross consumed; on a tool failure, the last module made) and
    # "cross.comp" / "cross.frag" (spirv-cross's GLSL). Test directories keep them.
    artefacts: dict[str, bytes] = field(default_factory=dict)
    # The reference interpreter's WGSL runs: the operations the program evaluated that
    # WGSL defines and GLSL leaves undefined (interp/semantics.py GlslUndefined values),
    # which a translator passing them through to GLSL gets wrong (oracle/known_bugs.py).
    defined_by_wgsl_only: tuple[str, ...] = ()
    # An OK of a compile-only target (targets/radv.py): the shader compiled, nothing ran,
    # so there are no values; the oracles compare none (oracle/differential.py), and only
    # its failures are findings.
    compile_only: bool = False
    # A crash's runs again on the same worker, made as it arrived (session.stream's
    # `crash_reruns`): whether it reproduces (campaign/findings.py).
    reruns: tuple[RunResult, ...] = ()
    # output_digest's memo: a result's outputs never change once it is made, and one
    # test's judging asks for each digest several times. The target's worker fills it
    # before it sends the result (targets/engine.py), so that the campaign's process, the
    # one every target waits on, does not hash every buffer of every result.
    digest: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.status is RunStatus.OK

    def output_digest(self) -> str:
        """A stable digest of the outputs, for grouping and for storage: an image's
        bytes, or the buffers as canonical JSON."""
        if self.digest is None:
            self.digest = _digest(self)
        return self.digest


COMPILED = "compiled"  # the output digest of a compile-only target's OK: no values


def _digest(result: RunResult) -> str:
    if result.compile_only:
        return COMPILED
    if result.image is not None:
        return "image:" + hashlib.sha256(result.image.tobytes()).hexdigest()[:16]
    if result.pixels is not None:
        pixels = {f"{x},{y}": canonical_value(c) for (x, y), c in sorted(result.pixels.items())}
        canonical = json.dumps(pixels, sort_keys=True, separators=(",", ":"))
        return "pixels:" + hashlib.sha256(canonical.encode()).hexdigest()[:16]
    canonical = json.dumps(canonical_value(result.buffers), sort_keys=True, separators=(",", ":"))
    return "buffers:" + hashlib.sha256(canonical.encode()).hexdigest()[:16]


def canonical_value(value: Any) -> Any:
    """A buffer value as JSON that tells apart what the bits tell apart (floats by their
    repr: -0.0 and 0.0 differ in bits, like the hardware would keep them)."""
    # Exact types first: this runs for every element of every buffer of every result,
    # and an isinstance against Mapping (an ABC) costs more than the rest together.
    kind = type(value)
    if kind is int or kind is bool or kind is str:
        return value
    if kind is tuple or kind is list:
        if all(type(v) is int for v in value):
            return value  # JSON writes a tuple as a list
        return [canonical_value(v) for v in value]
    if kind is float:
        return repr(value)
    if isinstance(value, Mapping):
        return {str(k): canonical_value(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [canonical_value(v) for v in value]
    if isinstance(value, float):
        return repr(value)
    if hasattr(value, "width_in_ulps") or type(value).__name__ == "Unbounded":
        # The interval float mode's outputs (interp/intervals.py, not imported here: it
        # loads the interpreter): a digest tells intervals apart by their bounds.
        return repr(value)
    return value
