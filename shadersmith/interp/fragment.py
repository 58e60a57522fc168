"""Fragment shaders in the scalar interpreter: one fragment at a time, with the sanitizer.

A fragment shader of ours (generate/fragment.py) reads uniform blocks and `gl_FragCoord`
and writes `uvec4 _color`. Each fragment is an independent invocation, which is exactly
a single-invocation compute shader in which `gl_FragCoord` is a uniform set per run and
each output is a field of an output buffer: that is how it is compiled (once) and run
(per fragment), so the one interpreter and its sanitizer serve both stages.

A whole image of 4096 fragments costs 4096 runs here; the lane interpreter (interp/lanes)
computes whole images, and this one checks fragments for undefined behaviour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from shadersmith.interp.errors import FragmentDiscarded, InterpreterError
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.interval_program import as_intervals
from shadersmith.interp.program import CompiledProgram
from shadersmith.interp.semantics import Language
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Program,
    Stage,
    StorageBuffer,
    Uniform,
)
from shadersmith.ir.types import ScalarKind, ScalarType, VectorType
from shadersmith.ir.values import BufferValues, Value

FRAG_COORD = "gl_FragCoord"
_VEC4 = VectorType(ScalarKind.FLOAT, 4)
_OUTPUT_BLOCK = "_fragment_outputs"
# What gl_FragCoord.z and .w hold: the full-screen triangle has z 0 and w 1; z becomes
# 0.5 on GL and 0.0 on Vulkan, so generated programs read only .xy.
_DEPTH, _W = 0.0, 1.0
# What a discarded fragment leaves in the colour attachment: the runners' clear values
# (targets/runners/images.py: CLEAR_UINT, CLEAR_COLOR), by the first output's type.
CLEARED_UINT: Value = (0, 0, 0, 0)
CLEARED_FLOAT: Value = (0.0, 0.0, 0.0, 1.0)

Image = npt.NDArray[np.uint32]


@dataclass(frozen=True)
class FragmentOutputs:
    """Each output's final value for one fragment; a `discarded` fragment holds each
    output as the cleared attachment it leaves behind."""

    values: dict[str, Value]
    discarded: bool = False


def as_compute(program: Program) -> Program:
    """The single-invocation compute program that runs one fragment of `program`."""
    if program.stage is not Stage.FRAGMENT:
        raise InterpreterError(f"not a fragment shader: {program.stage.value}")
    if program.inputs or program.blocks:
        raise InterpreterError("fragment shaders with stage inputs or foreign blocks are not run")
    for output in program.outputs:
        if not isinstance(output.type, ScalarType | VectorType):
            raise InterpreterError(f"output {output.name} of type {output.type} is not run")
    binding = max((b.binding for b in program.buffers), default=-1) + 1
    outputs = StorageBuffer(
        _OUTPUT_BLOCK,
        None,
        binding,
        tuple(BufferField(o.name, o.type) for o in program.outputs),
        BufferAccess.OUTPUT,
    )
    return replace(
        program,
        stage=Stage.COMPUTE,
        buffers=(*program.buffers, outputs),
        outputs=(),
        uniforms=(*program.uniforms, Uniform(FRAG_COORD, _VEC4, None)),
    )


def frag_coord(x: int, y: int) -> tuple[float, float, float, float]:
    """gl_FragCoord of the fragment in column `x`, row `y` (row 0 at the bottom)."""
    return (x + 0.5, y + 0.5, _DEPTH, _W)


class FragmentInterpreter:
    """A fragment shader compiled once, run fragment by fragment."""

    def __init__(
        self,
        program: Program,
        *,
        sanitize: bool = True,
        step_budget: int = 2_000_000,
        language: Language = Language.GLSL,
        floats: FloatMode = FloatMode.EXACT,
    ) -> None:
        """`floats` INTERVAL: each float an interval (float_mode.py), gl_FragCoord's
        included (as points); a float colour comes out as four intervals."""
        self.program = program
        self.step_budget = step_budget
        self.floats = floats
        # An output the shader never writes is undefined (the sanitizer says so; without
        # it, outputs start at zero).
        self._compiled = CompiledProgram(
            as_compute(program),
            sanitize=sanitize,
            undefined_blocks=frozenset({_OUTPUT_BLOCK}),
            language=language,
            floats=floats,
        )

    def run(self, buffer_values: BufferValues, x: int, y: int) -> FragmentOutputs:
        """The outputs of fragment (x, y); raises UndefinedBehaviour like run_compute. A
        fragment that executes `discard` stops there (what follows is never checked)."""
        try:
            result = self._compiled.run(
                buffer_values,
                uniform_values={FRAG_COORD: frag_coord(x, y)},
                step_budget=self.step_budget,
            )
        except FragmentDiscarded:
            return FragmentOutputs(self._cleared, discarded=True)
        return FragmentOutputs(dict(result.buffers[_OUTPUT_BLOCK]))

    @property
    def _cleared(self) -> dict[str, Value]:
        if not self.program.outputs:
            return {}
        first = self.program.outputs[0]
        float_colour = isinstance(first.type, VectorType) and first.type.kind is ScalarKind.FLOAT
        cleared: Any = CLEARED_UINT
        if float_colour:
            # The clear colour is exact: points in the interval mode.
            points = tuple(as_intervals([0.0, 0.0, 0.0, 1.0], self.floats))
            cleared = points if self.floats is FloatMode.INTERVAL else CLEARED_FLOAT
        # Every attachment is cleared alike (the runners' outputs are of one kind).
        return {output.name: cleared for output in self.program.outputs}

    def image(self, buffer_values: BufferValues, width: int, height: int) -> Image:
        """Every fragment's uvec4 outputs as a (height, N * width, 4) uint32 image, the N
        outputs side by side in location order (`stacked_pixels`)."""
        image = np.zeros((height, len(self.program.outputs) * width, 4), np.uint32)
        for x, y in every_pixel(width, height):
            put_stacked(image, self.program, self.run(buffer_values, x, y), x, y, width)
        return image


def stacked_pixels(
    program: Program, outputs: FragmentOutputs, x: int, width: int
) -> list[tuple[int, Value]]:
    """Where one fragment's outputs go in the image of a program with N colour outputs:
    (column, value) for each, output i at column x + i * width (the attachments side by
    side in location order, as the runners return them: targets/runners/images.py)."""
    ordered = sorted(program.outputs, key=lambda o: o.location or 0)
    return [(x + i * width, outputs.values[o.name]) for i, o in enumerate(ordered)]


def put_stacked(
    image: npt.NDArray[Any], program: Program, outputs: FragmentOutputs, x: int, y: int, width: int
) -> None:
    """Write one fragment's outputs into a side-by-side image (`stacked_pixels`)."""
    for column, value in stacked_pixels(program, outputs, x, width):
        image[y, column] = value


def every_pixel(width: int, height: int) -> Iterable[tuple[int, int]]:
    return ((x, y) for y in range(height) for x in range(width))
