"""The reference image of a fragment shader: every fragment by the lane interpreter,
sampled fragments by the scalar one with its sanitizer.

The lane interpreter (interp/lanes) computes all 4096 fragments of a 64x64 target in one
vectorised run but detects no undefined behaviour; the scalar interpreter detects it but
costs one run per fragment. So the sanitizer runs on a fixed sample (the four corners,
the first row's and column's neighbours, and fragments drawn from a seed), and each
sampled fragment's outputs must equal the lane run's: a disagreement is a defect of
ours, reported as such, never a finding about a compiler.

A float colour (`vec4`, drawn into RGBA8: fused programs, mutate/fusion) is computed in
float32 and converted as GL and Vulkan convert to a unorm8 attachment: round to nearest
of clamp(c, 0, 1) * 255, ties to even (what llvmpipe and lavapipe do; tests/test_fusion.py
checks). Its exact part and its rounding part are kept apart: the program computes its
colour from exact values in named `float_functions`, called last, and a FLOAT_ROUNDOFF
the sanitizer meets in one of those is the colour's intended rounding (the sanitizer has
by then run every other statement of the fragment), anything else still undefined.
`colour_rounding_functions` says where that is for a program: a fused program's colour
mix, in the shape fusion gives it; nowhere for any other program.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from shadersmith.interp.errors import InterpreterError, UBCategory, UndefinedBehaviour
from shadersmith.interp.fragment import FragmentInterpreter, stacked_pixels
from shadersmith.interp.lanes import run_fragment_colour_lanes, run_fragment_lanes
from shadersmith.ir.expressions import Assign, Call
from shadersmith.ir.program import Program
from shadersmith.ir.statements import ExprStmt
from shadersmith.ir.types import ScalarKind, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes

SAMPLED_FRAGMENTS = 16
# The function a fused program computes its float colour in, called last (mutate/fusion/
# form.py): the one place where rounding the colour is intended.
COLOUR_MIX = "_colour_mix"
_VEC4 = VectorType(ScalarKind.FLOAT, 4)


def sample_fragments(
    width: int, height: int, count: int = SAMPLED_FRAGMENTS
) -> list[tuple[int, int]]:
    """Which fragments the sanitizer runs: deterministic, corners first."""
    chosen = [(0, 0), (width - 1, height - 1), (width - 1, 0), (0, height - 1)]
    chosen += [(1, 0), (0, 1), (1, 1)]
    rng = random.Random(f"fragments-{width}x{height}")
    while len(chosen) < min(count, width * height):
        pixel = (rng.randrange(width), rng.randrange(height))
        if pixel not in chosen:
            chosen.append(pixel)
    return [p for p in chosen[:count] if p[0] < width and p[1] < height]


def expected_image(
    program: Program, values: BufferValues, width: int, height: int
) -> npt.NDArray[np.uint32]:
    """The (height, width, 4) uint32 image `program` must draw (N colour outputs:
    (height, N * width, 4), side by side in location order); raises UndefinedBehaviour
    when a sampled fragment meets some, InterpreterError when the program is outside what
    the interpreters run or they disagree."""
    scalar = FragmentInterpreter(program)
    sampled = {
        (x, y): stacked_pixels(program, scalar.run(values, x, y), x, width)
        for x, y in sample_fragments(width, height)
    }
    image = run_fragment_lanes(program, values, width, height)
    for (x, y), pixels in sampled.items():
        for column, color in pixels:
            lanes = tuple(int(v) for v in image[y, column])
            if lanes != color:
                raise InterpreterError(
                    f"lane and scalar interpreters disagree at fragment ({x}, {y}), "
                    f"image column {column}: {lanes} vs {color} (a defect of shadersmith)"
                )
    return image


def unorm8(colour: npt.NDArray[np.float32]) -> npt.NDArray[np.uint8]:
    """Float colours as a unorm8 attachment stores them: round(clamp(c, 0, 1) * 255),
    ties to even, NaN as 0 (GL 4.6 section 2.3.5.1; Vulkan's "conversion from floating
    point to normalized fixed point")."""
    clamped = np.clip(np.nan_to_num(colour.astype(np.float32), nan=0.0), 0.0, 1.0)
    levels: npt.NDArray[np.uint8] = np.rint(clamped * np.float32(255.0)).astype(np.uint8)
    return levels


def expected_unorm_image(
    program: Program,
    values: BufferValues,
    width: int,
    height: int,
    float_functions: frozenset[str],
) -> npt.NDArray[np.uint8]:
    """The (height, width, 4) RGBA8 image of a fragment program with a vec4 colour: the
    lane interpreter's, converted by `unorm8`. Sampled fragments run in the scalar
    interpreter twice: with the sanitizer, which must stop at nothing but a float
    rounding inside `float_functions` (see the module docstring), and without it, whose
    colour must equal the lane run's. Raises UndefinedBehaviour or InterpreterError like
    `expected_image`."""
    sanitizing = FragmentInterpreter(program)
    plain = FragmentInterpreter(program, sanitize=False)
    image = unorm8(np.asarray(run_fragment_colour_lanes(program, values, width, height)))
    output = program.outputs[0].name
    for x, y in sample_fragments(width, height):
        run_sanitized(sanitizing, values, x, y, float_functions)
        colour = np.array(plain.run(values, x, y).values[output], np.float32)
        expected = tuple(int(v) for v in unorm8(colour))
        lanes = tuple(int(v) for v in image[y, x])
        if lanes != expected:
            raise InterpreterError(
                f"lane and scalar interpreters disagree at fragment ({x}, {y}): "
                f"{lanes} vs {expected} (a defect of shadersmith)"
            )
    return image


def run_sanitized(
    interpreter: FragmentInterpreter,
    values: BufferValues,
    x: int,
    y: int,
    float_functions: frozenset[str],
) -> None:
    """Fragment (x, y) under the sanitizer, which may stop at nothing but a float rounding
    inside `float_functions` (the colour's intended rounding: see the module docstring)."""
    try:
        interpreter.run(values, x, y)
    except UndefinedBehaviour as ub:
        if ub.category is not UBCategory.FLOAT_ROUNDOFF or ub.function not in float_functions:
            raise


def colour_rounding_functions(program: Program) -> frozenset[str]:
    """Where `program` rounds its float colour on purpose: the colour mix of a fused
    program whose `main` ends by writing the colour from it, called nowhere else, so that
    the sanitizer has run every other statement of a fragment before it meets that
    rounding. None for any other program (an integer colour is exact; any other float
    colour's rounding is undefined behaviour to the sanitizer)."""
    outputs = program.outputs
    if len(outputs) != 1 or outputs[0].type != _VEC4 or not program.functions:
        return frozenset()
    main = program.functions[-1]
    last = main.body.body[-1] if main.name == "main" and main.body.body else None
    if not (
        isinstance(last, ExprStmt)
        and isinstance(last.expr, Assign)
        and isinstance(last.expr.value, Call)
        and last.expr.value.callee == COLOUR_MIX
        and any(f.name == COLOUR_MIX for f in program.functions)
    ):
        return frozenset()
    calls = sum(
        1 for node in iter_nodes(program) if isinstance(node, Call) and node.callee == COLOUR_MIX
    )
    return frozenset({COLOUR_MIX}) if calls == 1 else frozenset()
