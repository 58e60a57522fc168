"""Typing of texture, image and sampler built-ins: their result follows from the sampler or
image type of the first argument (`texture(usampler2D, vec2)` is a uvec4).

The coordinate argument is checked (size and kind), the optional trailing ones (bias,
offsets, gradients, LOD) only for being numeric: the front-end needs the result type and
must refuse a nonsense call, while the fine overload table belongs to the real compilers.
"""

from __future__ import annotations

import re

from shadersmith.front.glsl.builtin_types import SAMPLER_DIMS, parse_opaque
from shadersmith.ir.types import (
    FLOAT,
    INT,
    VOID,
    OpaqueType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    vector_or_scalar,
)

_RESULT_KIND = {"": ScalarKind.FLOAT, "i": ScalarKind.INT, "u": ScalarKind.UINT}
# Modern texture functions: name -> (coordinate offset for projection, min and max args).
_TEXTURE = {
    "texture": (0, 2, 3),
    "textureProj": (1, 2, 3),
    "textureLod": (0, 3, 3),
    "textureOffset": (0, 3, 4),
    "textureProjOffset": (1, 3, 4),
    "textureLodOffset": (0, 4, 4),
    "textureProjLod": (1, 3, 3),
    "textureProjLodOffset": (1, 4, 4),
    "textureGrad": (0, 4, 4),
    "textureGradOffset": (0, 5, 5),
    "textureProjGrad": (1, 4, 4),
    "textureProjGradOffset": (1, 5, 5),
    "textureGather": (0, 2, 3),
    "textureGatherOffset": (0, 3, 4),
    "textureGatherOffsets": (0, 3, 4),
}
_LEGACY = re.compile(
    r"^(texture|shadow)(1D|2D|3D|Cube|2DRect)(Array)?(Proj)?(Lod|Grad)?(ARB|EXT)?$"
)
_IMAGE_ATOMICS = frozenset(
    {
        "imageAtomicAdd",
        "imageAtomicMin",
        "imageAtomicMax",
        "imageAtomicAnd",
        "imageAtomicOr",
        "imageAtomicXor",
        "imageAtomicExchange",
        "imageAtomicCompSwap",
    }
)
TEXTURE_FUNCTIONS = frozenset(
    {
        *_TEXTURE,
        "texelFetch",
        "texelFetchOffset",
        "textureSize",
        "textureQueryLod",
        "textureQueryLevels",
        "textureSamples",
        "imageLoad",
        "imageStore",
        "imageSize",
        "imageSamples",
        *_IMAGE_ATOMICS,
    }
)


def is_texture_function(name: str) -> bool:
    return name in TEXTURE_FUNCTIONS or _LEGACY.match(name) is not None


def _numeric(type_: Type) -> bool:
    return isinstance(type_, ScalarType | VectorType) and type_.kind is not ScalarKind.BOOL


def _size(type_: Type) -> int:
    return type_.size if isinstance(type_, VectorType) else 1


def _is_float(type_: Type, size: int) -> bool:
    return type_ == vector_or_scalar(ScalarKind.FLOAT, size) or (
        isinstance(type_, ScalarType | VectorType)
        and type_.kind is ScalarKind.INT
        and _size(type_) == size
    )


def texture_call_type(name: str, args: tuple[Type, ...]) -> Type | str:
    """The result type of a texture or image built-in call, or why it is refused."""
    if not args or not isinstance(args[0], OpaqueType):
        return f"{name} needs a sampler or image as its first argument"
    parsed = parse_opaque(args[0].name)
    if parsed is None:
        return f"{name} cannot take {args[0]}"
    prefix, dim, is_image, shadow = parsed
    coords, size_components = SAMPLER_DIMS[dim]
    texel: Type = VectorType(_RESULT_KIND[prefix], 4)
    rest = args[1:]
    if any(not _numeric(a) for a in rest[1:]):
        return f"{name} takes numeric arguments after the coordinate"
    legacy = _LEGACY.match(name)
    if legacy is not None:
        if is_image:
            return f"{name} needs a sampler"
        return VectorType(ScalarKind.FLOAT, 4) if len(rest) >= 1 else f"{name} needs a coordinate"
    if name.startswith("image"):
        if not is_image:
            return f"{name} needs an image"
        if name in ("imageSize", "imageSamples"):
            if len(rest) != 0:
                return f"{name} takes one argument"
            return (
                INT if name == "imageSamples" else vector_or_scalar(ScalarKind.INT, size_components)
            )
        image_coords = 3 if dim == "CubeArray" else coords
        if not rest or rest[0] != vector_or_scalar(ScalarKind.INT, image_coords):
            return f"{name} needs an integer coordinate of {image_coords} components"
        if name == "imageLoad":
            return texel if len(rest) in (1, 2) else f"{name} takes 2 or 3 arguments"
        if name == "imageStore":
            return VOID if len(rest) in (2, 3) and rest[-1] == texel else "imageStore needs data"
        component = ScalarType(_RESULT_KIND[prefix])
        if name in _IMAGE_ATOMICS and len(rest) in (2, 3) and rest[-1] in (component, FLOAT):
            return rest[-1]
        return f"bad arguments to {name}"
    if is_image:
        return f"{name} needs a sampler"
    if name == "textureSize":
        return vector_or_scalar(ScalarKind.INT, size_components)
    if name in ("textureQueryLevels", "textureSamples"):
        return INT
    if name == "textureQueryLod":
        return VectorType(ScalarKind.FLOAT, 2)
    if name in ("texelFetch", "texelFetchOffset"):
        if not rest or rest[0] != vector_or_scalar(ScalarKind.INT, coords):
            return f"{name} needs an integer coordinate of {coords} components"
        return texel
    projection, low, high = _TEXTURE[name]
    if not low <= len(args) <= high + (1 if shadow and dim == "CubeArray" else 0):
        return f"{name} takes {low} to {high} arguments"
    needed = coords + (1 if shadow and dim != "CubeArray" else 0) + projection
    coordinate = rest[0]
    if not (_is_float(coordinate, needed) or (projection and _is_float(coordinate, 4))):
        return f"{name} needs a float coordinate of {needed} components"
    if name.startswith("textureGather"):
        return VectorType(ScalarKind.FLOAT, 4) if shadow else texel
    return FLOAT if shadow else texel
