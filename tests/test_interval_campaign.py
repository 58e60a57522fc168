"""Interval mode end to end in campaigns (issue 37): the interpreter's interval mode as
the `interp` target, tests judged by oracle/intervals.judge, replays and reductions that
keep the mode, and a planted float bug found."""

from __future__ import annotations

import os

from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")


def test_cross_of_two_vectors_runs_in_the_interval_mode() -> None:
    # cross() takes two arguments; the guard around it (_vector_unbounded) took one.
    program = parse_glsl(
        """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { vec3 a; vec3 b; vec3 r; };
void main() { r = cross(a, b); }
"""
    ).program
    values = {"B": {"a": (1.5, -2.0, 0.25), "b": (3.0, 0.5, -4.0), "r": (0.0, 0.0, 0.0)}}
    after = run_compute(program, values, floats=FloatMode.INTERVAL).buffers["B"]["r"]
    expected = (8.0 - 0.125, 0.75 + 6.0, 0.75 + 6.0)
    assert all(isinstance(c, Interval) for c in after)
    assert all(c.contains(e) for c, e in zip(after, expected, strict=True))
