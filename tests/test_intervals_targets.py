"""The interval bounds of interp/intervals.py against real drivers: a hand-written compute
shader divides, takes roots, exponentials, logarithms, sines and powers of values it reads
from a buffer (so nothing folds), and every output of vk-lavapipe, gl-llvmpipe and
vk-swiftshader lies inside the interval intervals.py gives for the same expression."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable

import numpy as np

from shadersmith.interp import intervals as iv
from shadersmith.interp.intervals import Interval
from shadersmith.ir.types import FLOAT, ArrayType
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.session import TargetSession

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

TARGETS = ("vk-lavapipe", "gl-llvmpipe", "vk-swiftshader")
SETS = 16  # input sets, one loop iteration each
INPUTS = 10  # floats read per set

P = Interval.point
# One output per line: its GLSL (over the set's inputs a..j) and its interval, by hand.
EXPRESSIONS: tuple[tuple[str, Callable[[list[float]], Interval]], ...] = (
    ("a / b", lambda v: iv.divide(P(v[0]), P(v[1]))),
    ("sqrt(c)", lambda v: iv.sqrt(P(v[2]))),
    ("inversesqrt(c)", lambda v: iv.inversesqrt(P(v[2]))),
    ("exp2(d)", lambda v: iv.exp2(P(v[3]))),
    ("exp(d * 0.25)", lambda v: iv.exp(iv.mul(P(v[3]), P(0.25)))),
    ("sin(e)", lambda v: iv.sin(P(v[4]))),
    ("cos(e)", lambda v: iv.cos(P(v[4]))),
    ("log2(f)", lambda v: iv.log2(P(v[5]))),
    ("pow(g, h)", lambda v: iv.power(P(v[6]), P(v[7]))),
    ("a * b + i", lambda v: iv.multiply_add(P(v[0]), P(v[1]), P(v[8]))),
    ("(a + i) / (c + j)", lambda v: iv.divide(iv.add(P(v[0]), P(v[8])), iv.add(P(v[2]), P(v[9])))),
)


def _shader() -> str:
    names = "abcdefghij"
    reads = "\n".join(f"    float {n} = x[{INPUTS} * s + {k}];" for k, n in enumerate(names))
    writes = "\n".join(
        f"    r[{len(EXPRESSIONS)} * s + {k}] = {glsl};" for k, (glsl, _) in enumerate(EXPRESSIONS)
    )
    return f"""#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Inputs {{ float x[{INPUTS * SETS}]; }};
layout(std430, binding = 1) buffer Outputs {{ float r[{len(EXPRESSIONS) * SETS}]; }};
void main() {{
  for (int s = 0; s < {SETS}; s++) {{
{reads}
{writes}
  }}
}}
"""


def _inputs(rng: random.Random) -> list[float]:
    """One set: non-trivial float32 values in the ranges where each row has a bound."""

    def f32(value: float) -> float:
        return float(np.float32(value))

    def magnitude(low: float, high: float) -> float:
        return f32(math.exp(rng.uniform(math.log(low), math.log(high))))

    sign = rng.choice((-1.0, 1.0))
    return [
        sign * magnitude(0.01, 100.0),  # a
        magnitude(0.01, 100.0) * rng.choice((-1.0, 1.0)),  # b
        magnitude(0.001, 1000.0),  # c
        f32(rng.uniform(-20.0, 20.0)),  # d
        f32(rng.uniform(-3.1, 3.1)),  # e
        magnitude(0.001, 1000.0),  # f
        magnitude(0.1, 10.0),  # g
        f32(rng.uniform(-4.0, 4.0)),  # h
        f32(rng.uniform(-50.0, 50.0)),  # i
        magnitude(0.5, 10.0),  # j
    ]


def test_every_target_output_lies_in_the_interval_of_its_expression() -> None:
    rng = random.Random(37)
    sets = [_inputs(rng) for _ in range(SETS)]
    flat = tuple(value for values in sets for value in values)
    outputs = len(EXPRESSIONS) * SETS
    job = Job(
        stage="compute",
        source=_shader(),
        buffers=(
            BufferInput(0, (("x", ArrayType(FLOAT, INPUTS * SETS)),), {"x": flat}),
            BufferInput(1, (("r", ArrayType(FLOAT, outputs)),), {"r": (0.0,) * outputs}),
        ),
    )
    expected = [interval(values) for values in sets for _, interval in EXPRESSIONS]
    with TargetSession(list(TARGETS), timeout_s=120) as session:
        assert not session.missing, session.missing
        results = session.run(job)
    outside: list[str] = []
    for name in TARGETS:
        assert results[name].status is RunStatus.OK, results[name].log
        produced = results[name].buffers[1]["r"]
        assert isinstance(produced, tuple) and len(produced) == outputs
        values = [float(value) for value in produced if isinstance(value, float)]
        assert len(values) == outputs
        for index, (value, interval) in enumerate(zip(values, expected, strict=True)):
            if not interval.contains(value):
                glsl = EXPRESSIONS[index % len(EXPRESSIONS)][0]
                outside.append(
                    f"{name} {glsl} set {index // len(EXPRESSIONS)}: {value!r} not in "
                    f"{interval}, {interval.distance_in_ulps(value)} ULP out"
                )
    assert not outside, outside
    # The intervals are bounds, not blanket: a division or a product spans a few ULPs.
    assert max(expected[k].width_in_ulps() for k in range(0, outputs, len(EXPRESSIONS))) <= 5
