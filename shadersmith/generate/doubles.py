"""64-bit float computations inside 32-bit float expressions (issue 36): `float(e)`,
`vec3(e)`, `a < b` where `e`, `a`, `b` are double / dvecN expressions built from widened
floats (`double(f)`), double literals of the exact set S (`7.0lf`), `+ - *`, unary `-`,
min/max/abs.

With `SmithOptions.double_probability` > 0, at that probability a float scalar or vector
expression (or a bool comparison) is computed in doubles. Doubles hold the floats' exact
set S (interp/exactness.py): the reconditioner wraps each `+ - *` in MAKE_IN_RANGE at
the double width as it wraps a float's (recondition/exact_floats.py), so every value is
an integer below 2^24 and the narrowing conversion back is exact. Doubles are core in
GLSL 4.00 (analysis/widths.FLOAT64); a target without shaderFloat64 (SwiftShader)
answers `unsupported`. A profile without doubles (WGSL: LanguageProfile.doubles) never
gets them; at 0 nothing is drawn and programs are those of before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.generate.float_widths import FloatWidth, OtherWidthExpressions

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

# Integers of S, small and near its edge.
DOUBLE_WIDTH = FloatWidth(
    64,
    (1.0, -1.0, 2.0, 7.0, -13.0, 4096.0, 65535.0, -1000000.0, 16777213.0),
    ("min", "max", "abs"),
    # Every form of a float matrix's but the determinant: their products are exact in
    # doubles (operands of S) and MAKE_IN_RANGE or MATRIX_PRODUCT at the double's width
    # keeps the results in S.
    (
        "columns",
        "diagonal",
        "widened",
        "add",
        "sub",
        "scale",
        "product",
        "product",
        "transpose",
        "matrixCompMult",
        "outerProduct",
    ),
)
DOUBLE = DOUBLE_WIDTH.scalar


def double_expressions(exprs: ExpressionGenerator) -> OtherWidthExpressions:
    """The generator of doubles inside float expressions, at the options' probability."""
    return OtherWidthExpressions(exprs, DOUBLE_WIDTH, exprs.ctx.options.double_probability)
