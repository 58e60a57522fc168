"""Relaxed precision (`mediump`, `lowp`) in the interval mode (issues 36 and 37): the
intervals interp/relaxed.py gives, worked out here by hand from the float16 grid, judged
inside on vk-lavapipe and vk-swiftshader (which compute RelaxedPrecision in 32 bits); a
relaxed operation reaching 2^14 is unconstrained; a planted shift of 64 float32 ULPs
(planted-float-ulps-vk-lavapipe) is inside a relaxed inexact value's float16 width, so it
is found on the highp output and on the relaxed output whose value is exact; the
generator's option: off by default (same bytes), on in interval mode only, no lowp in ESSL."""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from shadersmith.config.generator_options import SmithOptions
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import generate
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import UNBOUNDED, Interval
from shadersmith.ir.profile import ESSL310, GLSL450
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.intervals import judge
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.chains import interp_target
from tests.driver_agreement import SHARED

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

PLANTED = "planted-float-ulps-vk-lavapipe"  # tests/planted_bugs.py: float outputs +64 ULPs
TARGETS = ("vk-lavapipe", "vk-swiftshader")

SHADER = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer I { float x; float y; };
layout(std430, binding = 1) buffer O { float a; float b; float c; float d; float e; };
void main() {
    mediump float m = x / 3.0;
    a = m;
    b = m * 3.0;
    mediump float n = y;
    c = n * 2.0;
    d = x / 3.0;
    mediump float k = x * 2.0;
    e = k;
}
"""
VALUES: BufferValues = {"I": {"x": 1.0, "y": 9000.0}, "O": {k: 0.0 for k in "abcde"}}

# By hand. m = x / 3.0 is highp (x is), within 2.5 float32 ULP of 1/3, then stored in a
# mediump variable: the float16 neighbours of 1/3 (ULP 2^-12 in [0.25, 0.5)).
A = Interval(1365 / 4096, 1366 / 4096)
# m * 3.0 is relaxed (m mediump, a literal has no precision): 3 * A exactly
# [4095, 4098] * 2^-12, then outward to the float16 grid: 2^-11 below 1, 2^-10 above.
B = Interval(2047 / 2048, 1025 / 1024)
# 9000 * 2.0 = 18000 in a relaxed operation: past 2^14, no bound.
# d = x / 3.0 in highp: within 2.5 float32 ULP (here: the float32 neighbours of 1/3).
# k = x * 2.0 is 2.0 exactly, a float16 value: a relaxed read keeps the point.
E = Interval.point(2.0)


def _outputs() -> Any:
    program = parse_glsl(SHADER).program
    return run_compute(program, VALUES, floats=FloatMode.INTERVAL).buffers["O"]


def test_relaxed_values_have_their_hand_computed_float16_intervals() -> None:
    after = _outputs()
    assert after["a"] == A
    assert after["b"] == B
    assert after["c"] is UNBOUNDED
    assert after["e"] == E
    d = after["d"]
    assert d.lo <= 1 / 3 <= d.hi and d.width_in_ulps() <= 5  # highp: float32 ULPs
    # Exact mode is untouched: it still refuses the division.
    exact = interp_target().run(job_from_program(parse_glsl(SHADER).program, VALUES, GLSL450))
    assert not exact.ok


def test_drivers_are_inside_and_a_planted_shift_shows_where_the_bound_is_narrow() -> None:
    job = dataclasses.replace(
        job_from_program(parse_glsl(SHADER).program, VALUES, GLSL450), floats=FloatMode.INTERVAL
    )
    reference = interp_target().run(job)
    assert reference.ok, reference.log
    with SHARED.session((*TARGETS, PLANTED), 1, 120) as session:
        _, results = next(iter(session.run_many([job])))
    for target in TARGETS:
        assert results[target].ok, results[target].log[-400:]
        judgement = judge(reference.buffers, results[target].buffers)
        assert judgement.agrees, (target, judgement.report_lines())
    # 64 float32 ULPs is 2^-17 relative: inside a float16 step (2^-11 to 2^-10 relative),
    # so the relaxed inexact a is not found; the highp d and the relaxed exact e are.
    moved = judge(reference.buffers, results[PLANTED].buffers, 2**16)
    wrong = {w.component for w in moved.wrong}
    assert "1/d" in wrong and "1/e" in wrong
    assert "1/a" not in wrong and "1/b" not in wrong


def test_the_option_is_off_by_default_and_relaxes_only_interval_programs() -> None:
    interval = SmithOptions(float_mode="interval", fragment_probability=0.0)
    relaxed = dataclasses.replace(interval, mediump_probability=1.0)
    for seed in range(4):
        plain = generate(seed, interval, GLSL450)
        assert not any(k.startswith("precision:") for k in plain.choices)
        assert generate(seed, SmithOptions(mediump_probability=1.0), GLSL450).choices == (
            generate(seed, SmithOptions(), GLSL450).choices
        )
    counts: dict[str, int] = {}
    for seed in range(6):
        for key, n in generate(seed, relaxed, GLSL450).choices.items():
            if key.startswith("precision:"):
                counts[key] = counts.get(key, 0) + n
        essl = generate(seed, relaxed, ESSL310).choices
        assert "precision:lowp" not in essl
    assert counts.get("precision:mediump", 0) > 0 and counts.get("precision:lowp", 0) > 0
