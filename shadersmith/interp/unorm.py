"""The bytes a conforming driver may write for a float colour into a unorm attachment
(issue 37, item 3: interval-mode fragment tests write `vec4 _color` to RGBA8).

Vulkan, "Conversion From Floating-Point to Normalized Fixed-Point" (fundamentals-fpfixedconv;
paraphrased here, as is the OpenGL ES text below): the float f is first clamped to
[0, 1], then c = convertFloatToUint(f * (2^b - 1), b), where convertFloatToUint(r, b)
returns one of the two b-bit unsigned integers closest to r; implementations should round
to nearest (a preference, not a requirement), and when r is an integer that integer must
be returned (so 0.0 and 1.0 give 0 and 2^b - 1). OpenGL ES 3.0.3 says the same in its
section of that name: convert_float_uint(r, b) gives either of the two b-bit unsigned
integers nearest r, nearest preferred.

So a float f gives floor(r) or ceil(r), r = clamp(f, 0, 1) * (2^b - 1) read exactly; over
an interval of floats, r grows with f, so the bytes are floor(r(lo)) .. ceil(r(hi)). A
driver that rounds f * 255 to float32 before converting still lands on one of them: the
float32 rounding of r never crosses an integer that r does not reach.

How the image oracle uses it: for each pixel, the interpreter's `_color` (four Intervals, or
UNBOUNDED) gives `byte_ranges(colour)`; a pixel's byte k of the target's RGBA8 image is
wrong when it lies outside ranges[k], constrained when that range is narrower than a set
width (a range of 256 bytes says nothing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from shadersmith.interp.intervals import Interval, Unbounded

UNORM8_MAX = 2**8 - 1


def _scaled(value: float, top: int) -> Fraction:
    """clamp(value, 0, 1) * top, exactly."""
    return min(max(Fraction(value), Fraction(0)), Fraction(1)) * top


def unorm_range(value: Interval | Unbounded, bits: int = 8) -> tuple[int, int]:
    """The lowest and highest b-bit unorm value a conforming conversion of any float in
    `value` gives (UNBOUNDED: every value)."""
    top = 2**bits - 1
    if isinstance(value, Unbounded):
        return 0, top
    return math.floor(_scaled(value.lo, top)), math.ceil(_scaled(value.hi, top))


def byte_ranges(colour: Sequence[Interval | Unbounded]) -> tuple[tuple[int, int], ...]:
    """Per channel of an RGBA8 pixel, the bytes a conforming driver may write."""
    return tuple(unorm_range(channel) for channel in colour)


def pixel_outside(
    colour: Sequence[Interval | Unbounded], pixel: Sequence[int]
) -> list[tuple[int, int, tuple[int, int]]]:
    """The channels of `pixel` (its bytes) outside their ranges: (channel, byte, range)."""
    return [
        (channel, int(byte), allowed)
        for channel, (byte, allowed) in enumerate(zip(pixel, byte_ranges(colour), strict=True))
        if not allowed[0] <= int(byte) <= allowed[1]
    ]
