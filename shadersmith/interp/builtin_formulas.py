"""The other formulas compilers compute built-ins by (issue 37, item 1): each built-in's
interval is the hull of its precision row's interval and the intervals of the formulas real
compilers use for it, each formula's parts bounded by their own rows (intervals.py), so a
driver that computes the built-in another way is not called wrong for it.

Which formulas, and why each is here, is precision.py's REWRITES table (the sources: Mesa's
spirv_to_nir GLSL.std.450 lowering and nir_builtin_builder.c, SwiftShader's
SpirvShaderGLSLstd450.cpp and ShaderCore.cpp, NIR's opt_algebraic). The rewrites whose
results already lie inside the row's interval (pow(x, 2.0) -> x * x, pow(x, 0.5) ->
sqrt(x), sqrt as x * inversesqrt(x), mix as x + a * (y - x), ...) need nothing here; the
ones that take a built-in apart into + - * and rearrange it with the code around it are the
trees the lowered built-ins carry (intervals.lowered, rearrangement.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.interp import intervals as iv
from shadersmith.interp import rearrangement
from shadersmith.interp.intervals import Interval
from shadersmith.interp.rearrangement import Tracked

# float32(log2(e)) and float32(ln(2)): Mesa's M_LOG2E and M_LN2 as float32 immediates and
# SwiftShader's 1.44269504f and 6.93147181e-1f are these same two floats.
LOG2_E = Interval.point(1.4426950216293335)
LN_2 = Interval.point(0.6931471824645996)


def exp(x: Interval) -> Interval:
    """exp(x): its row (3 + 2|x| ULP) or exp2(x * log2(e)) (Mesa, SwiftShader), whose
    exp2 is allowed 3 + 2|x log2(e)| ULP plus the product's rounding."""
    return iv.hull((iv.exp(x), iv.exp2(iv.mul(x, LOG2_E))))


def log(x: Interval) -> Interval:
    """log(x): its row or log2(x) * ln(2) (Mesa, SwiftShader): log2's 3 ULP are ULPs of
    log2(x), up to twice as coarse as log(x)'s, and the product rounds once more."""
    return iv.hull((iv.log(x), iv.mul(iv.log2(x), LN_2)))


def normalize(parts: Sequence[Interval], squares: Interval) -> list[Interval]:
    """normalize(x) per component by every formula drivers use, `squares` the row's
    dot(x, x): the row's x * inversesqrt(dot(x, x)); SwiftShader's x * (1.0 / sqrt(dot(x,
    x))); Mesa's nir_normalize, which first divides x by its largest |component| m (for
    range): (x / m) * inversesqrt(dot(x / m, x / m)). Each component's interval is the
    hull of the three; its tree (for rearrangements with the code around it) is x times a
    leaf holding every scale the three use (inversesqrt(...), 1 / sqrt(...) and
    inversesqrt(dot(x / m, x / m)) / m), with the roundings of Mesa's, the most: the
    quotient's and the product's."""
    rsq = iv.inversesqrt(squares)
    reciprocal = iv.divide(Interval.point(1.0), iv.sqrt(squares))
    largest = Interval(max(min_magnitude(p) for p in parts), max(max(-p.lo, p.hi) for p in parts))
    scaled = [iv.divide(p, largest) for p in parts]
    scaled_squares = iv.mul(scaled[0], scaled[0])
    for s in scaled[1:]:
        scaled_squares = iv.add(scaled_squares, iv.mul(s, s))
    mesa_rsq = iv.inversesqrt(scaled_squares)
    scale = iv.hull((rsq, reciprocal, iv.divide(mesa_rsq, largest)))
    results = []
    for part, quotient in zip(parts, scaled, strict=True):
        formulas = iv.hull(
            (iv.mul(part, rsq), iv.mul(part, reciprocal), iv.mul(quotient, mesa_rsq))
        )
        tree = rearrangement.multiplied(
            iv.tracked_of(part),
            Tracked.leaf(scale.lo, scale.hi),
            extra_roundings=1 + rearrangement.DIVISION_ROUNDINGS,
        )
        results.append(Interval(formulas.lo, formulas.hi, tree))
    return results


def min_magnitude(x: Interval) -> float:
    """The smallest |v| over v in x."""
    return 0.0 if x.lo <= 0.0 <= x.hi else min(abs(x.lo), abs(x.hi))
