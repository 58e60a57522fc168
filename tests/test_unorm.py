"""The unorm conversion of a float colour (interp/unorm.py): a hand-written fragment shader
writes colours next to byte boundaries (k + 0.5 within an ULP, the tie 127.5 exactly, values
clamped below 0 and above 1); every pixel of vk-lavapipe's and gl-llvmpipe's RGBA8 image
lies in the byte range the interval of its colour allows, and the ranges are tight. The
same program in the interval mode's fragment reference (interp/interval_image.py): its
sampled pixels' intervals judge both images inside (oracle/image_intervals.py), a byte
moved by 2 outside."""

from __future__ import annotations

import os

import numpy as np
import pytest

from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import intervals as iv
from shadersmith.interp.defined import check_defined
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.interval_image import interval_colours
from shadersmith.interp.intervals import UNBOUNDED, Interval
from shadersmith.interp.unorm import byte_ranges, pixel_outside, unorm_range
from shadersmith.oracle.image_intervals import judge_image
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

TARGETS = ("vk-lavapipe", "gl-llvmpipe")
WIDTH, HEIGHT = 64, 4  # k = 4 * x + y runs over 0..255
BODY = """
void main() {
  int k = 4 * int(gl_FragCoord.x) + int(gl_FragCoord.y);
  float f = float(k);
  _color = vec4((f + 0.5) / 255.0, f / 256.0, f / 200.0 - 0.1, 1.0 - f / 255.0);
}
"""
SHADER_450 = "#version 450\nlayout(location = 0) out vec4 _color;\n" + BODY
SHADER_330 = "#version 330\nout vec4 _color;\n" + BODY
P = Interval.point


def _colour(k: int) -> list[Interval]:
    """The interval of each channel, by the precision table (the shader's formulas)."""
    f = P(float(k))
    return [
        iv.divide(iv.add(f, P(0.5)), P(255.0)),
        iv.divide(f, P(256.0)),
        iv.sub(iv.divide(f, P(200.0)), P(float(np.float32(0.1)))),
        iv.sub(P(1.0), iv.divide(f, P(255.0))),
    ]


def test_the_ranges_follow_the_specifications_conversion() -> None:
    assert unorm_range(P(0.0)) == (0, 0) and unorm_range(P(1.0)) == (255, 255)
    assert unorm_range(P(-3.0)) == (0, 0) and unorm_range(P(7.5)) == (255, 255)
    assert unorm_range(P(0.5)) == (127, 128)  # 127.5: either closest integer
    assert unorm_range(P(float(np.float32(128 / 255)))) == (128, 129)  # 128.0000016...
    assert unorm_range(Interval(0.25, 0.75)) == (63, 192)
    assert unorm_range(UNBOUNDED) == (0, 255)
    assert unorm_range(P(0.5), bits=10) == (511, 512)


@pytest.mark.parametrize("target", TARGETS)
def test_every_pixel_lies_in_the_bytes_its_colour_allows(target: str) -> None:
    job = Job(
        stage="fragment",
        source=SHADER_450,
        source_gl33=SHADER_330,
        width=WIDTH,
        height=HEIGHT,
    )
    with TargetSession([target], timeout_s=120) as session:
        assert not session.missing, session.missing
        result = session.run(job)[target]
    assert result.status is RunStatus.OK, result.log
    image = result.image
    assert image is not None and image.dtype == np.uint8 and image.shape == (HEIGHT, WIDTH, 4)
    outside: list[str] = []
    widths: list[int] = []
    for row in range(HEIGHT):
        for column in range(WIDTH):
            colour = _colour(4 * column + row)
            pixel = [int(b) for b in image[row, column]]
            outside += [f"k={4 * column + row} {o}" for o in pixel_outside(colour, pixel)]
            widths += [high - low for low, high in byte_ranges(colour)]
    assert not outside, outside
    # Tight: the two closest bytes (the specification allows either), three only where the
    # interval straddles an integer r (alpha, 1 - k / 255: floats on both sides of 255 - k),
    # one where r is an integer or clamped (blue below 0 and above 1: k < 20, k > 220).
    assert max(widths) == 2 and widths.count(0) >= 20 + 35
    # The interval mode's reference of the same program, judging this image.
    pixels = interval_colours(parse_glsl(SHADER_450).program, {}, WIDTH, HEIGHT)
    judgement = judge_image(pixels, image)
    assert judgement.agrees, judgement.report_lines()
    assert judgement.floats == 4 * len(pixels) == 64 and judgement.constrained == 64
    # Red moved 2 bytes up (what planted-colour-bytes-vk-lavapipe does): wrong where the
    # move leaves the range, and only there.
    moved = image.copy()
    moved[..., 0] += 2
    wrong = judge_image(pixels, moved)
    assert not wrong.agrees and {w.channel for w in wrong.wrong} == {0}
    assert all(not lo <= w.byte <= hi for w in wrong.wrong for lo, hi in [w.allowed])


def test_an_interval_fragment_program_is_defined_in_its_mode() -> None:
    # Its divisions round: undefined to the exact mode's sanitizer, which the reducer
    # ran on every candidate of an interval-mode fragment test (check_defined ignored
    # `floats` for fragments), not in the interval mode.
    program = parse_glsl(SHADER_450).program
    check_defined(program, {}, framebuffer=(WIDTH, HEIGHT), floats=FloatMode.INTERVAL)
