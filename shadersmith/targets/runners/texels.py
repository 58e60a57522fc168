"""Texel rows of a generated texture or image as the runners upload and read them back:
row y (the texels with coordinate y, texelFetch's and imageLoad's `p.y`) first, each of
`width` 32-bit texels, tightly packed; the first row uploaded is row 0 on GL and Vulkan
alike."""

from __future__ import annotations

import numpy as np

from shadersmith.ir.program import Texture
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.values import Value

# numpy's spelling of a texel's scalar kind (moderngl takes the same as its dtype).
TEXEL_DTYPES = {ScalarKind.UINT: "u4", ScalarKind.INT: "i4", ScalarKind.FLOAT: "f4"}


def texel_bytes(texture: Texture, rows: Value) -> bytes:
    """`rows` (height tuples of width texels) as tightly packed little-endian words."""
    array = np.array(rows, dtype=TEXEL_DTYPES[texture.element])
    if array.shape != (texture.height, texture.width):
        raise ValueError(
            f"texture {texture.name}: texels of shape {array.shape}, expected "
            f"{(texture.height, texture.width)}"
        )
    return array.tobytes()


def texels_from(texture: Texture, data: bytes) -> Value:
    """The rows that `texel_bytes` packed, read back (trailing bytes ignored)."""
    dtype = np.dtype(TEXEL_DTYPES[texture.element])
    count = texture.width * texture.height
    array = np.frombuffer(data[: count * dtype.itemsize], dtype=dtype)
    rows = array.reshape(texture.height, texture.width).tolist()
    return tuple(tuple(row) for row in rows)
