"""Pass (with index_bounds): keep every texel access inside its texture.

`texelFetch(t, p, lod)`, `imageLoad(img, p)`, `imageStore(img, p, v)` and the image
atomics `imageAtomicAdd(img, p, v)` & co. (generate/image_atomics.py) outside the
texture, or at a level other than 0, are undefined (GLSL 4.60 sections 8.9.2 and 8.12;
interp/textures.py flags them). The coordinate becomes `clamp(p, ivec2(0),
ivec2(width - 1, height - 1))`, which is `p` wherever `p` is inside, and a level other
than the literal 0 becomes `clamp(lod, 0, 0)`, which keeps its side effects. A coordinate
already clamped so, or a constructor of literals inside the texture, stays as it is.

A float texture read at a texel's centre (ir/sampling.py: `textureLod(t, (vec2(p) + 0.5) /
vec2(w, h), 0.0)`) has its ivec2 texel `p` clamped the same way; its coordinate's float
arithmetic is exact but leaves S (a half, and a quotient), so the exact-float pass must
not see it: `hide_centre_samples` makes each such read `textureLod(t, p)` (a form no GLSL
has) before the passes run, and `show_centre_samples` writes the coordinate back around
the reconditioned `p` after them.
"""

from __future__ import annotations

from typing import Any

from shadersmith.analysis.builtins import ORDER_INDEPENDENT_IMAGE_ATOMICS
from shadersmith.ir.expressions import Call, CallKind, Construct, Expression, Literal, VariableRef
from shadersmith.ir.program import Program, Texture
from shadersmith.ir.sampling import SAMPLE_BUILTIN, as_centre_sample, centre_sample
from shadersmith.ir.types import INT, ScalarKind, VectorType
from shadersmith.ir.walk import transform
from shadersmith.recondition.build import builtin
from shadersmith.recondition.rewrite import ExpressionRewrite

_IVEC2 = VectorType(ScalarKind.INT, 2)
_TEXEL_ACCESSES = frozenset(
    {"texelFetch", "imageLoad", "imageStore", *ORDER_INDEPENDENT_IMAGE_ATOMICS}
)


def texture_coordinate_rewrite(program: Program) -> ExpressionRewrite:
    """The node rewrite of this pass for `program`'s textures."""
    textures = {t.name: t for t in program.textures}

    def rewrite(expr: Expression) -> Expression:
        if not (
            isinstance(expr, Call)
            and expr.kind is CallKind.BUILTIN
            and (expr.callee in _TEXEL_ACCESSES or _is_hidden(expr))
            and len(expr.args) >= 2
            and isinstance(expr.args[0], VariableRef)
            and expr.args[0].name in textures
        ):
            return expr
        texture = textures[expr.args[0].name]
        args = list(expr.args)
        args[1] = _inside(args[1], texture)
        if expr.callee == "texelFetch" and len(args) == 3 and args[2] != Literal(INT, 0):
            args[2] = builtin("clamp", args[2], Literal(INT, 0), Literal(INT, 0))
        new_args = tuple(args)
        return expr if new_args == expr.args else Call(expr.type, expr.callee, new_args, expr.kind)

    return rewrite


def _inside(coordinate: Expression, texture: Texture) -> Expression:
    low = Construct(_IVEC2, (Literal(INT, 0),))
    high = Construct(_IVEC2, (Literal(INT, texture.width - 1), Literal(INT, texture.height - 1)))
    if _literal_inside(coordinate, texture):
        return coordinate
    if (
        isinstance(coordinate, Call)
        and coordinate.callee == "clamp"
        and coordinate.args[1:] == (low, high)
    ):
        return coordinate
    return builtin("clamp", coordinate, low, high)


def _literal_inside(coordinate: Expression, texture: Texture) -> bool:
    if not isinstance(coordinate, Construct) or len(coordinate.args) != 2:
        return False
    x, y = coordinate.args
    return (
        isinstance(x, Literal)
        and isinstance(y, Literal)
        and not isinstance(x.value, bool)
        and not isinstance(y.value, bool)
        and 0 <= x.value < texture.width
        and 0 <= y.value < texture.height
        and x.type.kind is not ScalarKind.FLOAT
        and y.type.kind is not ScalarKind.FLOAT
    )


def _is_hidden(expr: Call) -> bool:
    """A centre read as `hide_centre_samples` leaves it: `textureLod(t, p)`."""
    return expr.callee == SAMPLE_BUILTIN and len(expr.args) == 2


def hide_centre_samples(program: Program) -> Program:
    """`program` with each centre read of a float texture as `textureLod(t, p)`."""
    textures = {t.name: t for t in program.textures}
    if not textures:
        return program

    def hide(node: Any) -> Any:
        sample = as_centre_sample(node, textures) if isinstance(node, Call) else None
        if sample is None:
            return node
        return Call(node.type, SAMPLE_BUILTIN, (node.args[0], sample.texel), CallKind.BUILTIN)

    return transform(program, hide)


def show_centre_samples(program: Program) -> Program:
    """`hide_centre_samples` undone: each `textureLod(t, p)` a centre read of `p` again."""
    textures = {t.name: t for t in program.textures}
    if not textures:
        return program

    def show(node: Any) -> Any:
        if not (isinstance(node, Call) and node.kind is CallKind.BUILTIN and _is_hidden(node)):
            return node
        name = getattr(node.args[0], "name", None)
        if not isinstance(name, str) or name not in textures:
            return node
        return centre_sample(node.args[0], node.args[1], textures[name])

    return transform(program, show)
