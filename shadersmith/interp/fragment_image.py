"""The reference image of a fragment shader: every fragment by the lane interpreter,
sampled fragments by the scalar one with its sanitizer.

The lane interpreter (interp/lanes) computes all 4096 fragments of a 64x64 target in one
vectorised run but detects no undefined behaviour; the scalar interpreter detects it but
costs one run per fragment. So the sanitizer runs on a fixed sample (the four corners,
the first row's and column's neighbours, and fragments drawn from a seed), and each
sampled fragment's outputs must equal the lane run's: a disagreement is a defect of
ours, reported as such, never a finding about a compiler.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.interp.lanes import run_fragment_lanes
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues

SAMPLED_FRAGMENTS = 16
COLOR = "_color"


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
    """The (height, width, 4) uint32 image `program` must draw; raises
    UndefinedBehaviour when a sampled fragment meets some, InterpreterError when the
    program is outside what the interpreters run or they disagree."""
    scalar = FragmentInterpreter(program)
    sampled = {
        (x, y): scalar.run(values, x, y).values[COLOR] for x, y in sample_fragments(width, height)
    }
    image = run_fragment_lanes(program, values, width, height)
    for (x, y), color in sampled.items():
        lanes = tuple(int(v) for v in image[y, x])
        if lanes != color:
            raise InterpreterError(
                f"lane and scalar interpreters disagree at fragment ({x}, {y}): "
                f"{lanes} vs {color} (a defect of shadersmith)"
            )
    return image
