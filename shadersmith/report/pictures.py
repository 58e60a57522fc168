"""Pictures for the report: a test's PNGs re-encoded, and difference images.

A test directory is untrusted (docs/test-directory.md): its PNG bytes are decoded
(`targets/images.decode_png`, bounded) and encoded again (`targets/images.png_bytes`), so
the site only ever holds pictures shadersmith wrote itself, whatever file was planted
under a PNG's name.

The PNGs are *pictures* of the images (targets/images.viewable: each channel of an
RGBA32UI word folded into a byte), so two pictures differ where the words differ,
bar the rare change that folds away; the exact counts of differing pixels come from
the test record, the pictures show where.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from shadersmith.targets.runners.images import png_bytes

Picture = npt.NDArray[np.uint8]

# Pixels of the expected picture that agree are shown this bright in a difference image,
# so that the differing ones (full magenta) stand out on the picture's own shapes.
_DIM = 0.3
_MARK = (255, 0, 255)


def encode_png(picture: Picture) -> bytes:
    return png_bytes(picture)


def differing_mask(expected: Picture, actual: Picture) -> npt.NDArray[np.bool_] | None:
    """Where two pictures differ (any channel); None when their sizes differ."""
    if expected.shape != actual.shape:
        return None
    mask: npt.NDArray[np.bool_] = (expected != actual).any(axis=2)
    return mask


def difference_picture(expected: Picture, mask: npt.NDArray[np.bool_]) -> Picture:
    """The expected picture dimmed, with every differing pixel in magenta: where the
    wrong pixels are, on the shapes of the right picture."""
    grey = expected[..., :3].astype(np.float32).mean(axis=2) * _DIM
    picture = np.empty(expected.shape, np.uint8)
    picture[..., :3] = grey[..., None].astype(np.uint8)
    picture[..., 3] = 255
    picture[mask, :3] = _MARK
    return picture


def opaque(picture: Picture) -> Picture:
    """The picture with alpha 255: a fused program's alpha is data, which a browser would
    show as transparency (RGBA32UI pictures are opaque already)."""
    shown = picture.copy()
    shown[..., 3] = 255
    return shown
