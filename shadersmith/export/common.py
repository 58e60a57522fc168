"""What every export needs: the reference interpreter's expected output (a compute test's
buffers, a fragment test's image), the image as rectangles of one colour, and bytes as
32-bit words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby

import numpy as np
import numpy.typing as npt

from shadersmith.case import TestCase
from shadersmith.interp import run_compute
from shadersmith.interp.errors import InterpreterError, UndefinedBehaviour
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.fragment_image import expected_image as interpreted_image
from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.interp.vertex import fed_fragment
from shadersmith.ir.types import ScalarKind, VectorType
from shadersmith.ir.values import BufferValues, Value
from shadersmith.trial import PreparedTrial, prepare_loaded

STAGES = ("compute", "fragment")
_VERSION = re.compile(r"^\s*#\s*version\s+(\d+)(\s+es)?", re.M)

Image = npt.NDArray[np.uint32]
Color = tuple[int, int, int, int]
_UVEC4 = VectorType(ScalarKind.UINT, 4)


class ExportError(ValueError):
    """A test that cannot be exported; the message is one line for the user."""


@dataclass(frozen=True)
class Rectangle:
    """`width` x `height` pixels from (`x`, `y`) (image rows: row y is gl_FragCoord.y
    y + 0.5) that all hold `color`."""

    x: int
    y: int
    width: int
    height: int
    color: Color


# Line ends for some reader (Python's splitlines, Unicode's) and every other control
# character but the tab.
_CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def shown_control(match: re.Match[str]) -> str:
    """A matched control character as `\\xNN` (`\\uNNNN` above 0xFF)."""
    point = ord(match.group())
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def one_line(text: str) -> str:
    """`text` from a test (anyone's) on one line of an exported file: every control
    character but the tab shown as `\\xNN` (`\\uNNNN`), so no newline in it starts a
    command of the format (Amber's, shader_runner's) or a block of Markdown."""
    return _CONTROLS.sub(shown_control, text)


def check_stage(
    test: TestCase, format_name: str, vertex_stage: bool = False, textures: bool = False
) -> None:
    """An ExportError unless the format can carry `test`; `vertex_stage`: the format
    draws a generated vertex shader's triangle; `textures`: it binds generated textures
    and images (Amber does both, piglit the vertex stage only)."""
    if test.stage not in STAGES:
        raise ExportError(
            f"{format_name} export handles compute and fragment tests, not {test.stage}"
        )
    if test.vertex_shader is not None and not vertex_stage:
        raise ExportError(
            f"{format_name} export of a test with a generated vertex shader (shader.vert) "
            "is not written yet"
        )
    names = [spec.block for spec in test.inputs.buffers if spec.texture]
    if names and not textures:
        # piglit's `texture` commands could hold them; binding the texels there (and
        # reading images back) is not written yet.
        raise ExportError(
            f"{format_name} export of a test with textures or images "
            f"({', '.join(names)}) is not written yet"
        )


def glsl_version(test: TestCase) -> tuple[int, bool]:
    """The shader's `#version` number and whether it is ESSL."""
    return text_version(test.main_shader)


def text_version(text: str) -> tuple[int, bool]:
    """The `#version` number of a GLSL text and whether it is ESSL."""
    match = _VERSION.search(text)
    if match is None:
        raise ExportError("the shader has no #version line")
    return int(match.group(1)), bool(match.group(2))


def readable(test: TestCase) -> PreparedTrial:
    """`test` with its IR, which the reference interpreter runs; an ExportError when the
    front-end cannot read the shader."""
    trial = prepare_loaded(test)
    if trial.program is None or trial.values is None:
        raise ExportError("the test's shader cannot be read by the front-end: no expected output")
    return trial


def expected_buffers(trial: PreparedTrial) -> BufferValues:
    """The reference interpreter's buffers after a compute test's dispatch."""
    assert trial.program is not None and trial.values is not None  # see readable()
    dispatch = trial.test.inputs.dispatch
    floats = trial.job.floats
    try:
        buffers = run_compute(
            trial.program, trial.values, workgroups=dispatch, floats=floats
        ).buffers
    except (UndefinedBehaviour, InterpreterError) as error:
        raise _no_reference("run", error) from error
    if floats is FloatMode.INTERVAL:
        # An interval-mode test exports as an exact one where every float output has one
        # value (float(4294967040u) is a float32 value, outside the exact mode's set):
        # the exporters write exact expectations, never a tolerance.
        return {
            name: {f: _single_value(v) for f, v in fields.items()}
            for name, fields in buffers.items()
        }
    return buffers


def _single_value(value: Value) -> Value:
    """An interval-mode output with each interval replaced by its one value; an
    ExportError where an interval holds more than one (a rounded result)."""
    if isinstance(value, Unbounded) or (isinstance(value, Interval) and value.lo != value.hi):
        raise ExportError(
            f"an output of this interval-mode test may be any of {value}: the exports write "
            "exact expected values (replay judges it by its intervals)"
        )
    if isinstance(value, Interval):
        return value.lo
    if isinstance(value, list):
        return [_single_value(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_single_value(v) for v in value)
    if isinstance(value, dict):
        return {k: _single_value(v) for k, v in value.items()}
    return value


def expected_image(trial: PreparedTrial) -> Image:
    """The (height, width, 4) uint32 image a fragment test must draw: row r is
    gl_FragCoord.y r + 0.5 (the bottom row in GL, the top row in Vulkan)."""
    assert trial.program is not None and trial.values is not None  # see readable()
    if trial.test.inputs.framebuffer is None:
        raise ExportError("the fragment test has no target size")
    if not any(output.type == _UVEC4 for output in trial.program.outputs):
        # A vec4 colour lands in RGBA8, rounded: exact probes of its words do not apply.
        raise ExportError("export handles fragment tests with a uvec4 colour, not a float one")
    width, height = trial.test.inputs.framebuffer
    if trial.test.vertex_shader is not None and trial.vertex is None:
        # An edited shader.vert: its IR is not known, so neither are the flat varyings.
        raise ExportError(
            "the reference interpreter cannot run the test's vertex shader (shader.vert "
            "differs from what its provenance generates: edited by hand?)"
        )
    try:
        # The generated vertex shader's flat varyings, fed to the fragment program as
        # the runners' interpreter targets feed them (interp/vertex.py).
        program, values = fed_fragment(trial.vertex, trial.program, trial.values)
        return interpreted_image(program, values, width, height)
    except (UndefinedBehaviour, InterpreterError) as error:
        raise _no_reference("draw", error) from error


def _no_reference(verb: str, error: Exception) -> ExportError:
    # A test straight from `generate` is not reconditioned: say how to get one that is.
    hint = " (`shadersmith recondition` writes a copy without it)"
    suffix = hint if isinstance(error, UndefinedBehaviour) else ""
    return ExportError(f"the reference interpreter cannot {verb} the test: {error}{suffix}")


def equal_rectangles(image: Image) -> list[Rectangle]:
    """Rectangles of one colour that cover `image`, each pixel once: the runs of equal
    pixels of each row, a run grown downwards while the next row has the same run. A
    uniform image is one rectangle; an image of all-different pixels, one per pixel."""
    done: list[Rectangle] = []
    # Runs of the row above, by (x, width, colour): the rectangle each one ends.
    growing: dict[tuple[int, int, Color], Rectangle] = {}
    for y in range(image.shape[0]):
        row: dict[tuple[int, int, Color], Rectangle] = {}
        for x, width, color in _runs(image[y]):
            above = growing.pop((x, width, color), None)
            height = above.height + 1 if above else 1
            row[(x, width, color)] = Rectangle(x, y - height + 1, width, height, color)
        done += growing.values()
        growing = row
    done += growing.values()
    return sorted(done, key=lambda r: (r.y, r.x))


def _runs(row: Image) -> list[tuple[int, int, Color]]:
    """(x, width, colour) of each run of equal pixels of `row`, left to right."""
    runs: list[tuple[int, int, Color]] = []
    x = 0
    for color, pixels in groupby((int(r), int(g), int(b), int(a)) for r, g, b, a in row):
        width = len(list(pixels))
        runs.append((x, width, color))
        x += width
    return runs


def words_of(data: bytes) -> list[int]:
    """`data` as little-endian unsigned 32-bit words (zero-padded)."""
    padded = data + bytes(-len(data) % 4)
    return [int.from_bytes(padded[i : i + 4], "little") for i in range(0, len(padded), 4)]


def signed(word: int) -> int:
    """A 32-bit word as the signed int with its bits."""
    return word - (1 << 32) if word >= 1 << 31 else word
