"""The reference of a fragment test in the INTERVAL float mode (issue 37): the colour
intervals of its sampled fragments.

An interval-mode fragment program writes `vec4 _color` into an RGBA8 attachment
(generate/fragment.py). The lane interpreter that draws exact images has no interval mode,
so the reference is the scalar interpreter's, run in that mode on the fragments the exact
reference samples (fragment_image.sample_fragments: bounded cost, corners first), each
colour four intervals; interp/unorm.byte_ranges turns one into the bytes a conforming
driver may write, and the image oracle (oracle/image_intervals.py) judges each target's
image at those pixels. Rounding that decides a branch at any sampled fragment raises
UndefinedBehaviour (FLOAT_ROUNDOFF) as in a compute program: the test is refused.
"""

from __future__ import annotations

from typing import Any

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.interp.fragment_image import sample_fragments
from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.interp.semantics import Language
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, VectorType
from shadersmith.ir.values import BufferValues

Colour = tuple[Interval | Unbounded, ...]
_VEC4 = VectorType(ScalarKind.FLOAT, 4)


def interval_colours(
    program: Program,
    values: BufferValues,
    width: int,
    height: int,
    *,
    language: Language = Language.GLSL,
    step_budget: int = 2_000_000,
) -> dict[tuple[int, int], Colour]:
    """Each sampled fragment (x, y) -> its colour's four intervals (a discarded fragment:
    the clear colour's points). Raises UndefinedBehaviour (a FLOAT_ROUNDOFF: rounding
    decides something), InterpreterError for what the mode does not run."""
    if len(program.outputs) != 1 or program.outputs[0].type != _VEC4:
        raise InterpreterError("the interval float mode draws one vec4 colour only")
    output = program.outputs[0].name
    interpreter = FragmentInterpreter(
        program, step_budget=step_budget, language=language, floats=FloatMode.INTERVAL
    )
    colours: dict[tuple[int, int], Colour] = {}
    for x, y in sample_fragments(width, height):
        colour: Any = interpreter.run(values, x, y).values[output]
        assert isinstance(colour, tuple)
        if not all(isinstance(c, Interval | Unbounded) for c in colour):
            raise InterpreterError(f"fragment ({x}, {y}): a colour not of intervals: {colour}")
        colours[(x, y)] = colour
    return colours
