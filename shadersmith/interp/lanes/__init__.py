"""A vectorised interpreter: one IR program run by many invocations ("lanes") at once.

    run_compute_lanes(program, lane_buffer_values) -> list[BufferValues]
    run_fragment_lanes(program, buffer_values, width, height) -> (height, width, 4) uint32
    run_fragment_colour_lanes(...) -> the same for a uvec4 colour, float32 for a vec4 one

A fragment shader with N colour outputs (all uvec4 or all vec4) draws a (height,
N * width, 4) image, the outputs side by side in location order, as the runners do.

Every value is a numpy array with one element per lane (values.py); divergent control
flow runs under masks of lanes (state.py, statements.py). Results are the scalar
interpreter's (shadersmith.interp) without its sanitizer, lane by lane, for programs free
of undefined behaviour, i.e. reconditioned ones: undefined operations are not detected
here (lanes that do not run compute on anything), which is the scalar interpreter's job.

A construct outside what lane mode runs raises InterpreterError naming it: several
invocations of one work group (shared variables, barrier(), atomics), stage inputs.
A fragment that executes `discard` stops (state.py) and leaves the cleared colour.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.fragment import CLEARED_FLOAT, CLEARED_UINT, FRAG_COORD, frag_coord
from shadersmith.interp.lanes.buffers import buffer_storage, read_back
from shadersmith.interp.lanes.program import LaneProgram
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.types import ScalarKind, VectorType
from shadersmith.ir.values import BufferValues

__all__ = ["LaneProgram", "run_compute_lanes", "run_fragment_colour_lanes", "run_fragment_lanes"]

_UVEC4 = VectorType(ScalarKind.UINT, 4)
_VEC4 = VectorType(ScalarKind.FLOAT, 4)


def run_compute_lanes(
    program: Program | LaneProgram, lane_buffer_values: Sequence[BufferValues]
) -> list[BufferValues]:
    """Run a single-invocation compute program once per lane, lane i on its own copy of
    `lane_buffer_values[i]`; each lane's final buffers, as `run_compute(...).buffers`."""
    compiled = program if isinstance(program, LaneProgram) else LaneProgram(program)
    if compiled.program.stage is not Stage.COMPUTE:
        raise InterpreterError(f"not a compute shader: {compiled.program.stage.value}")
    count = len(lane_buffer_values)
    if count == 0:
        return []
    storage, lengths = buffer_storage(compiled.buffer_fields, lane_buffer_values)
    run = compiled.run(count, storage, lengths)
    return read_back(compiled.buffer_fields, run.statics, lengths, count)


def run_fragment_lanes(
    program: Program | LaneProgram, buffer_values: BufferValues, width: int, height: int
) -> npt.NDArray[np.uint32]:
    """Every fragment of a `width` x `height` target at once: the (height, width, 4)
    image of the uvec4 output, row y holding the fragments whose gl_FragCoord.y is
    y + 0.5 (N outputs: N images side by side). Uniform blocks hold `buffer_values` in
    every fragment."""
    compiled = program if isinstance(program, LaneProgram) else LaneProgram(program)
    source = compiled.program
    if source.stage is Stage.FRAGMENT and (not source.outputs or source.outputs[0].type != _UVEC4):
        raise InterpreterError("lane mode draws fragment shaders whose first output is a uvec4")
    image = run_fragment_colour_lanes(compiled, buffer_values, width, height)
    return np.ascontiguousarray(image, np.uint32)


def run_fragment_colour_lanes(
    program: Program | LaneProgram, buffer_values: BufferValues, width: int, height: int
) -> npt.NDArray[np.uint32] | npt.NDArray[np.float32]:
    """As `run_fragment_lanes`, for a first output that is a uvec4 (uint32 words) or a
    vec4 (float32 values as the shader computed them, before any conversion to the
    colour attachment's format: interp/fragment_image.py converts to unorm8)."""
    compiled = program if isinstance(program, LaneProgram) else LaneProgram(program)
    source = compiled.program
    if source.stage is not Stage.FRAGMENT:
        raise InterpreterError(f"not a fragment shader: {source.stage.value}")
    if not source.outputs or source.outputs[0].type not in (_UVEC4, _VEC4):
        raise InterpreterError(
            "lane mode draws fragment shaders whose first output is a uvec4 or a vec4"
        )
    kind = source.outputs[0].type
    if any(o.type != kind for o in source.outputs):
        raise InterpreterError("lane mode draws colour outputs of one type")
    ordered = sorted(source.outputs, key=lambda o: o.location or 0)
    count = width * height
    storage, lengths = buffer_storage(compiled.buffer_fields, [buffer_values])
    ys, xs = np.divmod(np.arange(count), width)
    coordinate = np.empty((4, count), np.float32)
    _, _, depth, w = frag_coord(0, 0)
    coordinate[0], coordinate[1], coordinate[2], coordinate[3] = xs + 0.5, ys + 0.5, depth, w
    storage[compiled.stage_inputs[FRAG_COORD].index] = coordinate
    run = compiled.run(count, storage, lengths)
    images = []
    for stage_output in ordered:
        index = compiled.outputs[stage_output.name].index
        color = np.broadcast_to(run.statics[index], (4, count))
        if run.discarded is not run.empty:
            # A discarded fragment leaves the attachment as the runners cleared it.
            cleared = CLEARED_UINT if kind == _UVEC4 else CLEARED_FLOAT
            clear = np.array(cleared, color.dtype).reshape(4, 1)
            color = np.where(run.discarded, clear, color)
        images.append(color.reshape(4, height, width).transpose(1, 2, 0))
    image = images[0] if len(images) == 1 else np.concatenate(images, axis=1)
    if kind == _UVEC4:
        return np.ascontiguousarray(image, np.uint32)
    return np.ascontiguousarray(image, np.float32)
