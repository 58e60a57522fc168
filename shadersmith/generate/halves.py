"""16-bit float computations inside 32-bit float expressions (issue 36): `float(e)`,
`vec3(e)`, `a < b` where `e`, `a`, `b` are float16_t / f16vecN expressions built from
narrowed floats (`float16_t(f)`), half literals of S16 (`float16_t(7.0)`), `+ - *`, unary
`-`, min/max/abs/clamp.

With `SmithOptions.half_probability` > 0, at that probability a float scalar or vector
expression (or a bool comparison) is computed in halves. Halves hold S16, the integers
below 2048 in magnitude (recondition/build.HALF_EXACT_LIMIT, binary16's exact integers):
the reconditioner wraps each `+ - *` and each narrowing `float16_t(f)` in MAKE_IN_RANGE at
the half's width (recondition/exact_floats.py), so every value read is exact and the
widening back is too. GLSL needs GL_EXT_shader_explicit_arithmetic_types_float16
(analysis/widths.FLOAT16); a target without shaderFloat16 (SwiftShader) or the extension
(Mesa's GL) answers `unsupported`. A profile without halves (ESSL) never gets them; at 0
nothing is drawn and programs are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.generate.float_widths import FloatWidth, OtherWidthExpressions

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

# Integers of S16, small and near its edge (2047: a sum or product leaves it at once).
HALF_WIDTH = FloatWidth(
    16,
    (1.0, -1.0, 2.0, 3.0, 7.0, -13.0, 45.0, 100.0, -1000.0, 2047.0),
    ("min", "max", "abs", "clamp"),
    # No scalar multiple nor componentwise product: a product of two halves of S16 may
    # overflow binary16, and only same-shaped half products go through HALF_MUL; no
    # float matrix narrowed (the reconditioner clamps vectors, not matrices, before
    # narrowing). A matrix product's guard is taken in float32 (MATRIX_PRODUCT).
    ("columns", "diagonal", "add", "sub", "product", "product", "transpose"),
)
HALF = HALF_WIDTH.scalar


def half_expressions(exprs: ExpressionGenerator) -> OtherWidthExpressions:
    """The generator of halves inside float expressions, at the options' probability."""
    return OtherWidthExpressions(exprs, HALF_WIDTH, exprs.ctx.options.half_probability)
