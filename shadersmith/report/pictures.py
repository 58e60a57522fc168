"""Pictures for the report: a test's PNGs read back, re-encoded, and difference images.

A test directory is untrusted (README, "The test directory"): its PNG bytes are decoded
here and encoded again by `targets/images.png_bytes`, so the site only ever holds
pictures shadersmith wrote itself, whatever file was planted under a PNG's name.

The PNGs are *pictures* of the images (targets/images.viewable: each channel of an
RGBA32UI word folded into a byte), so two pictures differ where the words differ,
bar the rare change that folds away; the exact counts of differing pixels come from
the test record, the pictures show where.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
import numpy.typing as npt

from shadersmith.targets.images import png_bytes

Picture = npt.NDArray[np.uint8]

# A picture larger than this is not shown (the targets draw 64x64; a bigger one is not ours).
MAX_SIDE = 4096
# Pixels of the expected picture that agree are shown this bright in a difference image,
# so that the differing ones (full magenta) stand out on the picture's own shapes.
_DIM = 0.3
_MARK = (255, 0, 255)


class PictureError(ValueError):
    """Bytes that are not a picture shadersmith wrote."""


def decode_png(data: bytes) -> Picture:
    """The HxWx4 uint8 picture of PNG bytes as `png_bytes` writes them (8-bit RGBA, one
    IDAT stream, no row filters). targets/images.read_png reads by path, through links;
    this takes bytes already read through case/safe_files.py."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise PictureError("not a PNG file")
    position, header, idat = 8, b"", b""
    try:
        while position < len(data):
            (length,) = struct.unpack_from(">I", data, position)
            kind = data[position + 4 : position + 8]
            body = data[position + 8 : position + 8 + length]
            if kind == b"IHDR":
                header = body
            elif kind == b"IDAT":
                idat += body
            position += 12 + length
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    except struct.error:
        raise PictureError("truncated PNG") from None
    if (depth, colour, interlace) != (8, 6, 0):
        raise PictureError("not an 8-bit RGBA PNG without interlacing")
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise PictureError(f"a {width}x{height} picture")
    try:
        raw = zlib.decompressobj().decompress(idat, height * (width * 4 + 1) + 1)
    except zlib.error as error:
        raise PictureError(f"corrupt PNG data ({error})") from None
    if len(raw) != height * (width * 4 + 1):
        raise PictureError("PNG data of the wrong size")
    rows = np.frombuffer(raw, np.uint8).reshape(height, width * 4 + 1)
    if rows[:, 0].any():
        raise PictureError("filtered PNG rows (not written by shadersmith)")
    return rows[:, 1:].reshape(height, width, 4).copy()


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
