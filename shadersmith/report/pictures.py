"""Pictures for the report: a test's PNGs re-encoded, and difference images.

A test directory is untrusted (docs/test-directory.md): its PNG bytes are decoded
(`targets/images.decode_png`, bounded) and encoded again (`targets/images.png_bytes`), so
the site only ever holds pictures shadersmith wrote itself, whatever file was planted
under a PNG's name.

The PNGs are *pictures* of the images (targets/images.viewable: each channel of an
RGBA32UI word folded into a byte), so two pictures differ where the words differ,
bar the rare change that folds away; the exact counts of differing pixels come from
the test record, the pictures show where and, by their colour, which word differs (a
picture of colours: by how much).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from shadersmith.targets.runners.images import png_bytes

Picture = npt.NDArray[np.uint8]

# Pixels of the expected picture that agree are shown this bright in a difference image,
# so that the differing ones (in colour) stand out on the picture's own shapes.
_DIM = 0.3

# A fragment test's picture folds each 32-bit word of a pixel into a byte (r, g, b: words
# 0, 1, 2, each XORed with the fold of word 3, so a change of word 3 changes all three;
# targets/runners/images.viewable): a differing pixel is coloured by the channel that
# differs, since a hash's size of difference means nothing.
WORD_COLOURS = (
    ((230, 40, 40), "only r differs (word 0)"),
    ((40, 190, 60), "only g differs (word 1)"),
    ((60, 120, 255), "only b differs (word 2)"),
)
SEVERAL_WORDS = ((255, 0, 255), "several differ (several words, or word 3)")
# A picture of colours (a fusion's 8-bit channels): a differing pixel is coloured by its
# largest channel difference, in bins from the least that counts.
MAGNITUDE_COLOURS = (
    (1, (255, 235, 60), "1–3"),
    (4, (255, 150, 0), "4–15"),
    (16, (235, 40, 40), "16–63"),
    (64, (255, 0, 255), "64–255"),
)


@dataclass(frozen=True)
class Difference:
    """Where two pictures of one size differ, drawn, and in words."""

    picture: Picture
    pixels: int  # how many differ
    total: int
    box: tuple[int, int, int, int] | None  # x0, x1, y0, y1 of the differing ones
    detail: str  # how much: per word, or the largest difference

    def where(self) -> str:
        """The box the differing pixels lie in: "x 3–17, y 0–63" ("" for none)."""
        if self.box is None:
            return ""
        x0, x1, y0, y1 = self.box
        return f"x {x0}–{x1}, y {y0}–{y1}"

    def describe(self, against: str) -> str:
        more = "; ".join(part for part in (self.where(), self.detail) if part)
        return f"{self.pixels:,} of {self.total:,} pixels differ from {against}" + (
            f" ({more})" if more else ""
        )


def encode_png(picture: Picture) -> bytes:
    return png_bytes(picture)


def word_difference(expected: Picture, actual: Picture) -> Difference | None:
    """Where a fragment test's picture differs from the expected one, each differing
    pixel coloured by the channel that differs (WORD_COLOURS); None when their sizes
    differ. Alpha is left out (255 in a picture of words, data in one of colours)."""
    if expected.shape != actual.shape:
        return None
    differs = expected[..., :3] != actual[..., :3]
    count = differs.sum(axis=2)
    picture = _dimmed(expected)
    for word, (colour, _) in enumerate(WORD_COLOURS):
        picture[(count == 1) & differs[..., word], :3] = colour
    picture[count > 1, :3] = SEVERAL_WORDS[0]
    channels = differs.sum(axis=(0, 1))
    detail = ", ".join(f"{'rgb'[c]}: {int(n):,}" for c, n in enumerate(channels) if n)
    return _difference(picture, count > 0, detail)


def magnitude_difference(expected: Picture, actual: Picture) -> Difference | None:
    """Where a picture of colours differs from the expected one, each differing pixel
    coloured by its largest channel difference (MAGNITUDE_COLOURS); None when their sizes
    differ. Alpha is left out (a fused program's is shown opaque)."""
    if expected.shape != actual.shape:
        return None
    size = np.abs(expected[..., :3].astype(np.int16) - actual[..., :3].astype(np.int16))
    largest = size.max(axis=2)
    picture = _dimmed(expected)
    for least, colour, _ in MAGNITUDE_COLOURS:
        picture[largest >= least, :3] = colour
    detail = f"largest channel difference {int(largest.max())}" if largest.any() else ""
    return _difference(picture, largest > 0, detail)


def _difference(picture: Picture, mask: npt.NDArray[np.bool_], detail: str) -> Difference:
    box = None
    if mask.any():
        ys, xs = np.nonzero(mask)
        box = (int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max()))
    return Difference(picture, int(mask.sum()), int(mask.size), box, detail)


def _dimmed(expected: Picture) -> Picture:
    """The expected picture in grey, dimmed: the shapes the differences sit on."""
    grey = expected[..., :3].astype(np.float32).mean(axis=2) * _DIM
    picture = np.empty(expected.shape, np.uint8)
    picture[..., :3] = grey[..., None].astype(np.uint8)
    picture[..., 3] = 255
    return picture


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


# The legends the pages show beside the difference pictures, from the colours above.
WORD_LEGEND = tuple((_hex(c), label) for c, label in (*WORD_COLOURS, SEVERAL_WORDS))
MAGNITUDE_LEGEND = tuple(
    (_hex(c), f"largest channel difference {label}") for _, c, label in MAGNITUDE_COLOURS
)


def opaque(picture: Picture) -> Picture:
    """The picture with alpha 255: a fused program's alpha is data, which a browser would
    show as transparency (RGBA32UI pictures are opaque already)."""
    shown = picture.copy()
    shown[..., 3] = 255
    return shown
