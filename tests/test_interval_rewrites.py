"""Built-ins computed by other formulas, and products expanded (issue 37, "no false alarms"):
the interval mode's intervals hold what a driver computes when it uses a formula other than
the precision table's for a built-in (interp/builtin_formulas.py, precision.REWRITES), or
expands a product of sums and reassociates the sum (interp/rearrangement.py, K*).

Each case computes the rewritten formula in float32 step by step with numpy, each part at
a value its own precision row allows (a correctly rounded operation may round either way,
an n-ULP one may land n ULPs off), and checks that the interpreter's interval holds it.
Before these changes each value lay outside its interval."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval
from shadersmith.ir.values import BufferValues

f32 = np.float32
LOG2_E = f32(1.4426950216293335)  # Mesa's M_LOG2E and SwiftShader's 1.44269504f
LN_2 = f32(0.6931471824645996)  # M_LN2, 6.93147181e-1f
TINY = 2.0**-30
# exp(10), log(17), normalize(vec2(1, 3)), (a + b) * (c + d) * (e + f) with a = c = e = 1 and
# b = d = f = 2^-30.
INPUTS = (10.0, 17.0, 1.0, 3.0, 1.0, TINY)
SHADER = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Inputs { float i[6]; };
layout(std430, binding = 1) buffer Outputs { float r[5]; };
void main() {
  r[0] = exp(i[0]);
  r[1] = log(i[1]);
  vec2 n = normalize(vec2(i[2], i[3]));
  r[2] = n.x;
  r[3] = n.y;
  r[4] = (i[4] + i[5]) * (i[4] + i[5]) * (i[4] + i[5]);
}
"""


def _intervals() -> tuple[Interval, ...]:
    values: BufferValues = {"Inputs": {"i": INPUTS}}
    after = run_compute(parse_glsl(SHADER).program, values, floats=FloatMode.INTERVAL)
    result = after.buffers["Outputs"]["r"]
    assert isinstance(result, tuple)
    intervals: list[Interval] = []
    for value in result:
        assert isinstance(value, Interval), result
        intervals.append(value)
    return tuple(intervals)


def _up(value: np.float32, steps: int = 1) -> np.float32:
    for _ in range(steps):
        value = np.nextafter(value, f32(np.inf))
    return value


def _rounded_up(exact: Fraction) -> np.float32:
    """The float32 at or above `exact` (a correctly rounded result may be either
    neighbour)."""
    nearest = f32(float(exact))
    return nearest if Fraction(float(nearest)) >= exact else _up(nearest)


def test_exp_computed_as_exp2_of_x_times_log2_e_is_inside() -> None:
    # Mesa (spirv_to_nir, the GLSL compiler) and SwiftShader: exp(x) = exp2(x * log2(e)).
    t = f32(10.0) * LOG2_E
    # exp2 may land 3 + 2|t| = 31.85 ULP above its exact value: 30 steps above the nearest.
    value = _up(f32(np.exp2(np.float64(t))), 30)
    interval = _intervals()[0]
    assert interval.contains(float(value)), (interval, value)  # exp's own row: 23 ULP


def test_log_computed_as_log2_times_ln_2_is_inside() -> None:
    # log(x) = log2(x) * ln(2): log2's 3 ULP are ULPs of 4.09, twice log(17) = 2.83's.
    log2 = _up(f32(np.log2(np.float64(17.0))), 2)
    value = _rounded_up(Fraction(float(log2)) * Fraction(float(LN_2)))
    interval = _intervals()[1]
    assert interval.contains(float(value)), (interval, value)  # log's own row: 3 ULP


def test_normalize_as_x_times_one_over_sqrt_is_inside() -> None:
    # SwiftShader: normalize(x) = x * (1.0 / sqrt(dot(x, x))); dot((1, 3), (1, 3)) = 10.
    # sqrt 4 ULP low (its row, inherited from 1.0 / inversesqrt(), allows 4.9 here), then
    # the division 2 ULP high (2.5 allowed).
    root = np.nextafter(f32(np.sqrt(np.float64(10.0))), f32(-np.inf))
    for _ in range(3):
        root = np.nextafter(root, f32(-np.inf))
    reciprocal = _up(f32(1.0) / root, 2)
    first = _rounded_up(Fraction(float(reciprocal)))
    second = _rounded_up(3 * Fraction(float(reciprocal)))
    intervals = _intervals()
    assert intervals[2].contains(float(first)), (intervals[2], first)
    assert intervals[3].contains(float(second)), (intervals[3], second)


def test_an_expanded_product_of_sums_summed_in_a_chain_is_inside() -> None:
    # (a + b)(c + d)(e + f) expanded (distributivity) into its 8 terms, summed left to
    # right: ace = 1 first, then 7 tiny terms, each sum rounding up to the next float32.
    terms = [1.0, TINY, TINY, TINY**2, TINY, TINY**2, TINY**2, TINY**3]  # exact products
    total = f32(terms[0])
    for term in terms[1:]:
        total = _rounded_up(Fraction(float(total)) + Fraction(term))
    assert total == f32(1.0 + 7 * 2.0**-23)  # 7 roundings; the written tree has 5
    interval = _intervals()[4]
    assert interval.contains(float(total)), (interval, total)
