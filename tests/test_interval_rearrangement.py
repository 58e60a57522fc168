"""Rearranged float arithmetic in the interval mode (interp/rearrangement.py): a compiler may
reassociate, fold constants and factor without NoContraction, across statements too, so an
interval holds every such rearrangement of the + - * / tree that made it.

Against real drivers: a hand-written compute shader whose outputs depend on the
association (values chosen so the written order is exact and another order rounds);
vk-lavapipe reassociates `(x + y) + C` (its NIR moves the constant next to x), all four
drivers fold `(z + C1) + C2` into `z + (C1 + C2)`, and the Mesa ones lower fma(a, b, c) + C
into (a * b + C) + c. Before the rearrangement bound the
interpreter's intervals were the written order's points, and those outputs were false
alarms. Pure interval arithmetic: every association of a sum and a product, computed in
float32 with round-to-nearest, lies in the chained interval; the exactness rule keeps
small-integer arithmetic exact; a loop's accumulator stays bounded."""

from __future__ import annotations

import itertools
import os
import random

import numpy as np
import pytest

from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import intervals as iv
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval
from shadersmith.ir.types import FLOAT, ArrayType
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.intervals import judge
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.session import TargetSession

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

TARGETS = ("vk-lavapipe", "vk-lavapipe-opt", "gl-llvmpipe", "vk-swiftshader")
# x = y = 2, z = -2^25, w = 1 + 2^-23, v = 3.
INPUTS = (2.0, 2.0, -33554432.0, 1.0000001192092896, 3.0)
EXPRESSIONS = (
    # Written: 4 + 2^25, exact. vk-lavapipe computes (x + 2^25) + y: 2^25 + 2 ties to 2^25.
    "(x + y) + 33554432.0",
    "t + 33554432.0",  # the same across statements: t = x + y
    # Written: 0 + (1 + 2^-23), exact. Every driver folds 2^25 + 1.00000012 into 2^25: 0.
    "(z + 33554432.0) + 1.00000012",
    "(z + w) + 33554432.0",  # 0 or 2 written; 1 + 2^-23 reassociated (lavapipe, llvmpipe)
    "(w * 3.0) * 0.333333343",  # (w * 3) * c or w * (3 * c): products reassociate too
    "v * x + v * y",  # may be factored into v * (x + y)
    "dot(vec2(x, z), vec2(w, 1.0)) + 33554432.0",  # a dot product joins the sum around it
    # fma and mix are lowered into products and sums that join the sum around them: the
    # Mesa drivers compute fma(x, 1, y) + 2^25 as (x * 1 + 2^25) + y = 2^25, not 4 + 2^25.
    "fma(x, v - 2.0, y) + 33554432.0",
    "mix(x, y, v - 3.0) + 33554432.0",
    "(x + y) * 3.0 - v * 4.0",  # exact in every rearrangement: stays a point
)
SHADER = f"""#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Inputs {{ float i[5]; }};
layout(std430, binding = 1) buffer Outputs {{ float r[{len(EXPRESSIONS)}]; }};
void main() {{
  float x = i[0]; float y = i[1]; float z = i[2]; float w = i[3]; float v = i[4];
  float t = x + y;
{chr(10).join(f"  r[{k}] = {e};" for k, e in enumerate(EXPRESSIONS))}
}}
"""


def _reference() -> dict[int, dict[str, object]]:
    values: BufferValues = {"Inputs": {"i": INPUTS}}
    after = run_compute(parse_glsl(SHADER).program, values, floats=FloatMode.INTERVAL)
    return {1: dict(after.buffers["Outputs"])}


@pytest.fixture(scope="module")
def driver_outputs() -> dict[str, dict[int, dict[str, object]]]:
    n = len(EXPRESSIONS)
    job = Job(
        stage="compute",
        source=SHADER,
        buffers=(
            BufferInput(0, (("i", ArrayType(FLOAT, 5)),), {"i": INPUTS}),
            BufferInput(1, (("r", ArrayType(FLOAT, n)),), {"r": (0.0,) * n}),
        ),
    )
    with TargetSession(list(TARGETS), timeout_s=120) as session:
        assert not session.missing, session.missing
        results = session.run(job)
    for name in TARGETS:
        assert results[name].status is RunStatus.OK, results[name].log
    return {name: {1: dict(results[name].buffers[1])} for name in TARGETS}


def test_every_rearranged_driver_output_lies_in_its_interval(
    driver_outputs: dict[str, dict[int, dict[str, object]]],
) -> None:
    reference = _reference()
    for name, outputs in driver_outputs.items():
        judgement = judge(reference, outputs)
        assert judgement.agrees, (name, judgement.report_lines())
    # The drivers do rearrange: lavapipe's (x + y) + 2^25 is not the written order's.
    assert driver_outputs["vk-lavapipe"][1]["r"][0] == 33554432.0  # type: ignore[index]
    assert {o[1]["r"][2] for o in driver_outputs.values()} == {0.0}  # type: ignore[index]
    fused = {name: o[1]["r"][7] for name, o in driver_outputs.items()}  # type: ignore[index]
    assert fused["vk-lavapipe"] == fused["gl-llvmpipe"] == 33554432.0, fused


def test_rearrangement_keeps_exact_arithmetic_exact_and_bounds_the_rest() -> None:
    intervals = _reference()[1]["r"]
    assert isinstance(intervals, tuple)
    last = intervals[-1]
    assert isinstance(last, Interval) and last == Interval.point(0.0)  # (2 + 2) * 3 - 12
    # (x + y) + 2^25: the written 2^25 + 4 and the reassociated 2^25, a few ULPs wide.
    first = intervals[0]
    assert isinstance(first, Interval) and first.contains(33554436.0)
    assert first.contains(33554432.0) and first.width_in_ulps() <= 8


# ---------------------------------------------------------------- pure interval arithmetic

f32 = np.float32
P = Interval.point


def _associations(values: list[np.float32], combine: str) -> set[float]:
    """Every result of every binary tree over every order of `values`, in float32 with
    round-to-nearest (the order also covers commutation)."""

    def trees(items: tuple[np.float32, ...]) -> set[np.float32]:
        if len(items) == 1:
            return {items[0]}
        results: set[np.float32] = set()
        for cut in range(1, len(items)):
            for a in trees(items[:cut]):
                for b in trees(items[cut:]):
                    results.add(f32(a + b) if combine == "+" else f32(a * b))
        return results

    found: set[float] = set()
    for order in itertools.permutations(values):
        found |= {float(r) for r in trees(tuple(order))}
    return found


@pytest.mark.parametrize("combine", ["+", "*"])
def test_every_association_of_a_chain_lies_in_its_interval(combine: str) -> None:
    rng = random.Random(37)
    chain = iv.add if combine == "+" else iv.mul
    for _ in range(60):
        scale = 2.0 ** rng.randint(-3, 25) if combine == "+" else 1.0
        values = [f32(rng.uniform(-1.0, 1.0) * scale) for _ in range(4)]
        if combine == "*":
            values = [f32(1.0 + rng.uniform(-0.5, 0.5)) for _ in range(4)]
        interval = P(float(values[0]))
        for value in values[1:]:
            interval = chain(interval, P(float(value)))
        outside = sorted(r for r in _associations(values, combine) if not interval.contains(r))
        assert not outside, (values, interval, outside)


def test_a_constant_fold_and_a_factoring_are_inside() -> None:
    z, c1, c2 = P(-33554432.0), P(33554432.0), P(float(f32(1.00000012)))
    folded = float(f32(-33554432.0) + f32(f32(33554432.0) + f32(1.00000012)))  # 0.0
    assert iv.add(iv.add(z, c1), c2).contains(folded)
    # v * x + v * y -> v * (x + y), with x + y rounding: both forms inside.
    v, x, y = (float(f32(t)) for t in (1.1, 1e8, 3.3))
    written = iv.add(iv.mul(P(v), P(x)), iv.mul(P(v), P(y)))
    factored = float(f32(v) * f32(f32(x) + f32(y)))
    separate = float(f32(f32(v) * f32(x)) + f32(f32(v) * f32(y)))
    assert written.contains(factored) and written.contains(separate)
    # (x / 3) * 3 -> x (the quotient as x * (1 / 3), reassociated): x itself is inside.
    x3 = float(f32(0.7))
    assert iv.mul(iv.divide(P(x3), P(3.0)), P(3.0)).contains(x3)


def test_small_integer_arithmetic_stays_exact_through_any_depth() -> None:
    total = P(0.0)
    for k in range(1, 40):
        total = iv.sub(iv.add(total, iv.mul(P(float(k)), P(3.0))), P(1.0))
    assert total == P(float(sum(3 * k - 1 for k in range(1, 40))))


def test_a_cancelling_sum_holds_every_association() -> None:
    # A cancelling chain: 2^25 - 2^25 + w may be 0, w or 2: the interval holds all three.
    w = float(f32(1.0000001))
    result = iv.add(iv.add(P(-33554432.0), P(33554432.0)), P(w))
    assert result.contains(0.0) and result.contains(w) and result.contains(2.0)
