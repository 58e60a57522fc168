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

On screen, then, a GL picture is the array upside down and a Vulkan picture is the array
as is. `picture_rows` gives the top-row-first picture for a viewer; comparisons use the
arrays unchanged.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import cast

import numpy as np
import numpy.typing as npt

from shadersmith.case import safe_files
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


def picture_rows(image: Image, api: str) -> Image:
    """The image top row first, as the API would show it on a screen ("gl" or "vulkan")."""
    # The flip keeps the dtype; numpy's stubs lose it.
    return cast(Image, np.ascontiguousarray(image[::-1])) if api == "gl" else image


def write_png(directory: Path, name: str, image: Image) -> Path:
    """An 8-bit RGBA PNG of `image` (see `viewable` for uint32 images), rows written in
    array order, as the plain file `name` in `directory` (case/safe_files.py)."""
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


def read_png(path: Path) -> Image:
    """Read back a PNG written by `write_png` (8-bit RGBA, no filtering)."""
    data = path.read_bytes()
    position, chunks = 8, {}
    idat = b""
    while position < len(data):
        (length,) = struct.unpack_from(">I", data, position)
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks[kind] = body
        position += 12 + length
    width, height, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if (depth, colour) != (8, 6):
        raise ValueError(f"{path}: not an 8-bit RGBA PNG")
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(height, width * 4 + 1)
    if rows[:, 0].any():
        raise ValueError(f"{path}: filtered PNG rows are not supported")
    return rows[:, 1:].reshape(height, width, 4).copy()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
