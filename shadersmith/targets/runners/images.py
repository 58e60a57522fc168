"""Rendered images: one row order for GL and Vulkan, and PNG files without extra packages.

Formats. A fragment shader writing a float `vec4` renders into RGBA8 and comes back as
uint8; one writing a `uvec4` (generated fragment tests: every output bit must show, and
exactly) renders into an RGBA32UI attachment (GL_RGBA32UI, VK_FORMAT_R32G32B32A32_UINT)
and comes back as uint32 words, compared exactly like buffers.

Row order. Both runners return HxWx4 arrays whose row r holds the fragments with
gl_FragCoord.y == r + 0.5 ("fragment-coordinate order"). That is exactly what each API
hands back without any flip: glReadPixels starts at window y = 0, which GL puts at the
bottom of the screen, and a Vulkan image starts at framebuffer y = 0, which Vulkan puts at
the top. Because gl_FragCoord counts from the first row on both APIs, and clip-space
y = -1 also maps to the first row on both, one shader gives the same array on both.
Flipping only one of them would make every image that depends on y differ.

Several colour outputs (locations 0..N-1, all of one format: generate/fragment.py) render
into N attachments of width x height, and every runner returns them as one image of
N * width columns, the attachments side by side in location order (`side_by_side`): the
oracle, the record's digests and the pictures then see one image, as for one output.

On screen, then, a GL picture is the array upside down and a Vulkan picture is the array
as is. `picture_rows` gives the top-row-first picture for a viewer; comparisons use the
arrays unchanged.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import numpy as np
import numpy.typing as npt

from shadersmith.files import safe_files
from shadersmith.targets.results import Image

# What a fragment that is discarded leaves behind, on both APIs: opaque black in RGBA8,
# zero words in RGBA32UI.
CLEAR_COLOR = (0.0, 0.0, 0.0, 1.0)
CLEAR_UINT = (0, 0, 0, 0)


def image_from_pixels(pixels: bytes, width: int, height: int, integer: bool) -> Image:
    """A runner's tightly packed readback as an HxWx4 image: uint32 words for an RGBA32UI
    attachment (`integer`), else RGBA8 bytes."""
    if integer:
        return np.frombuffer(pixels, np.uint32).reshape(height, width, 4).copy()
    return np.frombuffer(pixels, np.uint8).reshape(height, width, 4).copy()


def side_by_side(images: Sequence[Image]) -> Image:
    """The images of N attachments (each HxWx4, location order) as one Hx(N*W)x4 image."""
    if len(images) == 1:
        return images[0]
    return cast(Image, np.ascontiguousarray(np.concatenate(list(images), axis=1)))


def picture_rows(image: Image, api: str) -> Image:
    """The image top row first, as the API would show it on a screen ("gl" or "vulkan")."""
    # The flip keeps the dtype; numpy's stubs lose it.
    return cast(Image, np.ascontiguousarray(image[::-1])) if api == "gl" else image


def write_png(directory: Path, name: str, image: Image) -> Path:
    """An 8-bit RGBA PNG of `image` (see `viewable` for uint32 images), rows written in
    array order, as the plain file `name` in `directory` (files/safe_files.py)."""
    return safe_files.write_file(directory, name, png_bytes(image))


def viewable(image: Image) -> npt.NDArray[np.uint8]:
    """An RGBA8 picture of `image`: itself if it is RGBA8; for RGBA32UI words, each of
    R, G, B is the XOR of its word's four bytes, XORed with the same fold of the fourth
    word, and A is 255.

    Why: a PNG holds at most 16 bits a channel, and a picture is for a reader, not for
    comparison (outputs are compared as words). Folding every byte in makes any change
    of any bit of any channel change the colour, and small values (a coordinate, a
    counter) still read as themselves; the fourth word cannot be alpha, or pictures
    would come out mostly transparent.
    """
    if image.dtype == np.uint8:
        return image.astype(np.uint8, copy=False)
    if image.dtype != np.uint32:
        raise ValueError(f"expected a uint8 or uint32 image, got {image.dtype}")
    words = image.astype(np.uint32, copy=False)
    folded = words ^ (words >> 16)
    folded = (folded ^ (folded >> 8)) & 0xFF
    picture = np.empty(image.shape, np.uint8)
    picture[..., :3] = folded[..., :3] ^ folded[..., 3:4]
    picture[..., 3] = 255
    return picture


def png_bytes(image: Image) -> bytes:
    """The bytes of `write_png`'s file."""
    if image.ndim != 3 or image.shape[2] != 4:
        raise ValueError(f"expected an HxWx4 image, got {image.shape} {image.dtype}")
    picture = viewable(image)
    height, width, _ = picture.shape
    rows = np.concatenate([np.zeros((height, 1), np.uint8), picture.reshape(height, width * 4)], 1)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
        + _chunk(b"IEND", b"")
    )


class PngError(ValueError):
    """Bytes that are not a PNG shadersmith wrote."""


# A picture larger than this is not read (the targets draw 64x64; a bigger one is not ours).
MAX_SIDE = 4096


def decode_png(data: bytes) -> npt.NDArray[np.uint8]:
    """The HxWx4 uint8 picture of PNG bytes as `png_bytes` writes them (8-bit RGBA, one
    IDAT stream, no row filters). The bytes may come from a shared test directory: the
    size is bounded before anything is decompressed."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise PngError("not a PNG file")
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
        raise PngError("truncated PNG") from None
    if (depth, colour, interlace) != (8, 6, 0):
        raise PngError("not an 8-bit RGBA PNG without interlacing")
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise PngError(f"a {width}x{height} picture")
    try:
        raw = zlib.decompressobj().decompress(idat, height * (width * 4 + 1) + 1)
    except zlib.error as error:
        raise PngError(f"corrupt PNG data ({error})") from None
    if len(raw) != height * (width * 4 + 1):
        raise PngError("PNG data of the wrong size")
    rows = np.frombuffer(raw, np.uint8).reshape(height, width * 4 + 1)
    if rows[:, 0].any():
        raise PngError("filtered PNG rows (not written by shadersmith)")
    return rows[:, 1:].reshape(height, width, 4).copy()


def read_png(directory: Path, name: str) -> Image:
    """Read back a PNG written by `write_png`, never through a link."""
    return decode_png(safe_files.read_bytes(directory, name))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
