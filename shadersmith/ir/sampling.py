"""Sampled reads of a float texture at a texel's centre: the one form of `textureLod` the
generator makes, built and recognised here so that every stage reads the same shape.

    textureLod(t, (vec2(p) + 0.5) / vec2(w, h), 0.0)

reads texel `p` (an ivec2 inside the texture) of a `w` x `h` float texture `t`, exactly:
with `w` and `h` powers of two, `p + 0.5` and its quotient by the side are exact in
float32 (a small integer plus a half, scaled by a power of two), so the normalised
coordinate u is exactly the texel's centre, the sampler's u * w is exactly p.x + 0.5,
and nearest filtering takes texel floor(u * w) = p.x (and likewise p.y), far from either
neighbour. Level 0 is the texture's only level. A float texture only: an integer sampler
cannot be filtered at all (GLSL 4.60 section 8.9; WGSL's textureSampleLevel takes f32
textures only).

This is the IR the GLSL front-end reads back from the emitted text (a Call of the built-in
with a Binary coordinate), so a reduced or replayed test has the same shape; whatever
differs from it (another coordinate, another level) is not a centre read, and the
interpreters refuse to run it (interp/textures.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.types import FLOAT, ScalarKind, VectorType

SAMPLE_BUILTIN = "textureLod"
_VEC2 = VectorType(ScalarKind.FLOAT, 2)
_IVEC2 = VectorType(ScalarKind.INT, 2)
_VEC4 = VectorType(ScalarKind.FLOAT, 4)
_HALF = Literal(FLOAT, 0.5)
_LEVEL = Literal(FLOAT, 0.0)


def samples_at_centres(texture: Texture) -> bool:
    """Whether a texture can be read at its texel centres exactly: a sampled float
    texture whose sides are powers of two (see the module docstring)."""
    return (
        texture.kind is TextureKind.SAMPLED
        and texture.element is ScalarKind.FLOAT
        and _power_of_two(texture.width)
        and _power_of_two(texture.height)
    )


def _power_of_two(side: int) -> bool:
    return side > 0 and side & (side - 1) == 0


def centre_coordinate(texel: Expression, texture: Texture) -> Expression:
    """`(vec2(texel) + 0.5) / vec2(w, h)`: the normalised centre of ivec2 `texel`."""
    shifted = Binary(_VEC2, BinaryOp.ADD, Construct(_VEC2, (texel,)), _HALF)
    return Binary(_VEC2, BinaryOp.DIV, shifted, _size(texture))


def _size(texture: Texture) -> Construct:
    sides = (Literal(FLOAT, float(texture.width)), Literal(FLOAT, float(texture.height)))
    return Construct(_VEC2, sides)


def centre_sample(reference: Expression, texel: Expression, texture: Texture) -> Call:
    """`textureLod(t, centre, 0.0)` of `texture`, referred to by `reference`."""
    args = (reference, centre_coordinate(texel, texture), _LEVEL)
    return Call(_VEC4, SAMPLE_BUILTIN, args, CallKind.BUILTIN)


@dataclass(frozen=True)
class CentreSample:
    """A recognised centre read: its texture's name and the ivec2 texel it reads."""

    texture: str
    texel: Expression


def as_centre_sample(expr: Expression, textures: dict[str, Texture]) -> CentreSample | None:
    """`expr` as a centre read of one of `textures` (by name), or None when it is not one
    exactly: another built-in, coordinate, size or level, or a texture that cannot be
    sampled at its centres."""
    if not (
        isinstance(expr, Call)
        and expr.kind is CallKind.BUILTIN
        and expr.callee == SAMPLE_BUILTIN
        and len(expr.args) == 3
        and expr.args[2] == _LEVEL
    ):
        return None
    name = getattr(expr.args[0], "name", None)
    texture = textures.get(name) if isinstance(name, str) else None
    if texture is None or not samples_at_centres(texture):
        return None
    coordinate = expr.args[1]
    if not (
        isinstance(coordinate, Binary)
        and coordinate.op is BinaryOp.DIV
        and coordinate.right == _size(texture)
        and isinstance(coordinate.left, Binary)
        and coordinate.left.op is BinaryOp.ADD
        and coordinate.left.right == _HALF
        and isinstance(coordinate.left.left, Construct)
        and coordinate.left.left.type == _VEC2
        and len(coordinate.left.left.args) == 1
        and coordinate.left.left.args[0].type == _IVEC2
    ):
        return None
    return CentreSample(texture.name, coordinate.left.left.args[0])
