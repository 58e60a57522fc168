"""The interval oracle on images (issue 37): a target's RGBA8 image judged byte by byte at
the fragments the reference sampled (interp/interval_image.py), against the bytes a
conforming driver may write for each channel's colour interval (interp/unorm.byte_ranges).

A channel whose byte range spans more than `MAX_CONSTRAINED_BYTES` bytes (an interval
that wide says little), or whose interval is unbounded, is unconstrained: not judged. A
constrained channel whose byte lies outside its range is wrong; the judgement keeps the
first `EXAMPLES` such channels (position, range, byte) for the record, and counts
channels as the compute oracle counts float outputs (floats, constrained), so a test's
constrained share reads the same for either stage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.interp.unorm import byte_ranges
from shadersmith.oracle.intervals import interval_json

# A channel's byte range wider than this (hi - lo + 1 bytes) is not judged.
MAX_CONSTRAINED_BYTES = 3
# Wrong channels a judgement keeps with their position, range and byte.
EXAMPLES = 8

Pixels = Mapping[tuple[int, int], Sequence[Interval | Unbounded]]


@dataclass(frozen=True)
class WrongChannel:
    x: int
    y: int  # row: gl_FragCoord.y - 0.5 (targets/results.RunResult.image)
    channel: int  # 0..3: R, G, B, A
    byte: int  # what the target wrote
    allowed: tuple[int, int]  # the bytes a conforming driver may write

    def record(self) -> dict[str, Any]:
        return {
            "x": self.x,
            "y": self.y,
            "channel": "RGBA"[self.channel],
            "byte": self.byte,
            "allowed": list(self.allowed),
        }


@dataclass
class ImageJudgement:
    """One target's image at the sampled pixels: IntervalJudgement's shape (agrees,
    floats, constrained, record, report_lines), counting channels."""

    wrong: list[WrongChannel] = field(default_factory=list)
    wrong_channels: int = 0  # every wrong channel; `wrong` keeps the first EXAMPLES
    unequal: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # image shape
    floats: int = 0  # channels seen
    constrained: int = 0  # of them, judged

    @property
    def agrees(self) -> bool:
        return not self.wrong_channels and not self.unequal

    @property
    def constrained_share(self) -> float:
        return self.constrained / self.floats if self.floats else 1.0

    def record(self) -> dict[str, Any]:
        return {
            "verdict": "agree" if self.agrees else "wrong",
            "wrong": [w.record() for w in self.wrong],
            "wrong_channels": self.wrong_channels,
            "unequal": {k: [list(e), list(p)] for k, (e, p) in self.unequal.items()},
            "float_outputs": self.floats,
            "constrained": self.constrained,
            "constrained_share": round(self.constrained_share, 4),
            "max_constrained_bytes": MAX_CONSTRAINED_BYTES,
        }

    def report_lines(self) -> list[str]:
        lines = [
            f"{self.constrained} of {self.floats} colour channels constrained "
            f"({self.constrained_share:.0%}, at most {MAX_CONSTRAINED_BYTES} bytes wide)"
        ]
        lines += [
            f"wrong:pixel ({w.x}, {w.y}) {'RGBA'[w.channel]}: {w.byte} outside "
            f"{w.allowed[0]}..{w.allowed[1]}"
            for w in self.wrong
        ]
        lines += [f"wrong:{k}: expected {e}, got {p}" for k, (e, p) in self.unequal.items()]
        return lines


def judge_image(
    expected: Pixels, image: npt.NDArray[Any], max_bytes: int = MAX_CONSTRAINED_BYTES
) -> ImageJudgement:
    """`image` (height, width, 4) RGBA8 against the reference's colour intervals at its
    sampled pixels."""
    judgement = ImageJudgement()
    height, width = image.shape[:2]
    if image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 4:
        judgement.unequal["image"] = (("RGBA8",), (str(image.dtype), *map(str, image.shape)))
        return judgement
    for (x, y), colour in sorted(expected.items(), key=lambda item: (item[0][1], item[0][0])):
        if not (0 <= x < width and 0 <= y < height):
            judgement.unequal[f"pixel ({x}, {y})"] = ((x, y), (width, height))
            continue
        for channel, allowed in enumerate(byte_ranges(colour)):
            judgement.floats += 1
            if isinstance(colour[channel], Unbounded) or allowed[1] - allowed[0] + 1 > max_bytes:
                continue
            judgement.constrained += 1
            byte = int(image[y, x, channel])
            if not allowed[0] <= byte <= allowed[1]:
                judgement.wrong_channels += 1
                if len(judgement.wrong) < EXAMPLES:
                    judgement.wrong.append(WrongChannel(x, y, channel, byte, allowed))
    return judgement


def pixels_json(pixels: Pixels) -> dict[str, Any]:
    """The reference's pixels for a record: "x,y" -> each channel's interval and bytes."""
    return {
        f"{x},{y}": {
            "colour": [interval_json(c) for c in colour],
            "bytes": [list(r) for r in byte_ranges(colour)],
        }
        for (x, y), colour in sorted(pixels.items(), key=lambda item: (item[0][1], item[0][0]))
    }
