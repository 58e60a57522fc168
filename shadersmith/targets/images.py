"""Rendered images: one row order for GL and Vulkan, and PNG files without extra packages.

Row order. Both runners return HxWx4 RGBA8 arrays whose row r holds the fragments with
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

import numpy as np

from shadersmith.targets.results import Image

# Opaque black: what a fragment that is discarded leaves behind, on both APIs.
CLEAR_COLOR = (0.0, 0.0, 0.0, 1.0)


def picture_rows(image: Image, api: str) -> Image:
    """The image top row first, as the API would show it on a screen ("gl" or "vulkan")."""
    return np.ascontiguousarray(image[::-1]) if api == "gl" else image


def write_png(path: Path, image: Image) -> None:
    """An 8-bit RGBA PNG of `image`, rows written in array order."""
    path.write_bytes(png_bytes(image))


def png_bytes(image: Image) -> bytes:
    """The bytes of `write_png`'s file."""
    height, width, channels = image.shape
    if channels != 4 or image.dtype != np.uint8:
        raise ValueError(f"expected an HxWx4 uint8 image, got {image.shape} {image.dtype}")
    rows = np.concatenate([np.zeros((height, 1), np.uint8), image.reshape(height, width * 4)], 1)
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
