"""Pass (with index_bounds): keep every texel access inside its texture.

`texelFetch(t, p, lod)`, `imageLoad(img, p)` and `imageStore(img, p, v)` outside the
texture, or at a level other than 0, are undefined (GLSL 4.60 sections 8.9.2 and 8.12;
interp/textures.py flags them). The coordinate becomes `clamp(p, ivec2(0),
ivec2(width - 1, height - 1))`, which is `p` wherever `p` is inside, and a level other
than the literal 0 becomes `clamp(lod, 0, 0)`, which keeps its side effects. A coordinate
already clamped so, or a constructor of literals inside the texture, stays as it is.
"""

from __future__ import annotations

from shadersmith.ir.expressions import Call, CallKind, Construct, Expression, Literal, VariableRef
from shadersmith.ir.program import Program, Texture
from shadersmith.ir.types import INT, ScalarKind, VectorType
from shadersmith.recondition.build import builtin
from shadersmith.recondition.rewrite import ExpressionRewrite

_IVEC2 = VectorType(ScalarKind.INT, 2)
_TEXEL_ACCESSES = frozenset({"texelFetch", "imageLoad", "imageStore"})


def texture_coordinate_rewrite(program: Program) -> ExpressionRewrite:
    """The node rewrite of this pass for `program`'s textures."""
    textures = {t.name: t for t in program.textures}

    def rewrite(expr: Expression) -> Expression:
        if not (
            isinstance(expr, Call)
            and expr.kind is CallKind.BUILTIN
            and expr.callee in _TEXEL_ACCESSES
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
