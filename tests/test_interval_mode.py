"""The INTERVAL float mode of the interpreter (interp/float_mode.py) and the interval
oracle (oracle/intervals.py) against real drivers: a hand-written compute shader with
division, sqrt, exp2, sin, mix, normalize, smoothstep and a dot product on values read from
a buffer; every output of vk-lavapipe, gl-llvmpipe and vk-swiftshader lies inside the
interpreter's interval, a planted 100-ULP error is reported wrong with its distance, an
interval too wide is unconstrained, and a branch on an undecided comparison refuses."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.interp.float32 import from_ordinal, ordinal
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval
from shadersmith.interp.semantics import GlslUndefined, Language, noting_glsl_undefined
from shadersmith.ir.types import FLOAT, ArrayType
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.intervals import (
    MAX_CONSTRAINED_ULPS,
    judge,
    outputs_from_json,
    outputs_json,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.session import TargetSession

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

TARGETS = ("vk-lavapipe", "gl-llvmpipe", "vk-swiftshader")
# Four sets of (a, b, c, t), read in a loop so that nothing folds.
INPUTS = (
    (1.25, 3.5, 0.7, 0.3),
    (-7.125, 0.0625, 2.9, 0.85),
    (13.3, -2.75, -1.9, 0.05),
    (0.011, 47.5, 0.4, 0.6),
)
OUTPUTS = 10
SHADER = f"""#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Inputs {{ float x[16]; }};
layout(std430, binding = 1) buffer Outputs {{ float r[{OUTPUTS * 4}]; }};
void main() {{
  for (int s = 0; s < 4; s++) {{
    float a = x[4 * s]; float b = x[4 * s + 1]; float c = x[4 * s + 2]; float t = x[4 * s + 3];
    int o = {OUTPUTS} * s;
    r[o] = a / b;
    r[o + 1] = sqrt(abs(a) + 0.5) * b;
    r[o + 2] = exp2(c) - t;
    r[o + 3] = sin(c) + a * t;
    r[o + 4] = mix(a, b, t);
    vec3 n = normalize(vec3(a, b, c));
    r[o + 5] = n.x;
    r[o + 6] = n.z;
    r[o + 7] = smoothstep(-3.0, 3.0, c);
    r[o + 8] = dot(vec3(a, b, c), vec3(t, 1.5, -0.25));
    r[o + 9] = sin(t * 0.001);
  }}
}}
"""


def _interval_reference() -> dict[int, dict[str, object]]:
    program = parse_glsl(SHADER).program
    values: BufferValues = {"Inputs": {"x": tuple(v for row in INPUTS for v in row)}}
    after = run_compute(program, values, floats=FloatMode.INTERVAL).buffers
    return {1: dict(after["Outputs"])}


def _job() -> Job:
    flat = tuple(v for row in INPUTS for v in row)
    return Job(
        stage="compute",
        source=SHADER,
        buffers=(
            BufferInput(0, (("x", ArrayType(FLOAT, 16)),), {"x": flat}),
            BufferInput(1, (("r", ArrayType(FLOAT, OUTPUTS * 4)),), {"r": (0.0,) * OUTPUTS * 4}),
        ),
    )


def _planted(outputs: dict[int, dict[str, object]], index: int) -> dict[int, dict[str, object]]:
    """A planted wrong value: the target's output `index` moved 100 ULPs up, as a
    miscompiled float operation would give."""
    values = list(outputs[1]["r"])  # type: ignore[call-overload]
    values[index] = from_ordinal(ordinal(values[index]) + 100)
    return {1: {"r": tuple(values)}}


@pytest.fixture(scope="module")
def target_outputs() -> dict[str, dict[int, dict[str, object]]]:
    with TargetSession(list(TARGETS), timeout_s=120) as session:
        assert not session.missing, session.missing
        results = session.run(_job())
    for name in TARGETS:
        assert results[name].status is RunStatus.OK, results[name].log
    return {name: {1: dict(results[name].buffers[1])} for name in TARGETS}


def test_every_target_output_lies_in_the_interpreters_interval(
    target_outputs: dict[str, dict[int, dict[str, object]]],
) -> None:
    reference = _interval_reference()
    for name, outputs in target_outputs.items():
        judgement = judge(reference, outputs)
        assert judgement.agrees, (name, judgement.report_lines())
        # sin's bound is absolute, 2^-11: thousands of ULPs at 1 (sin(c) + a * t), millions
        # at 1e-3 (sin(t * 0.001)): too wide to judge. The other eight are a few ULPs wide.
        assert judgement.floats == OUTPUTS * 4
        assert judgement.constrained == (OUTPUTS - 2) * 4, judgement.report_lines()


def test_a_planted_error_of_100_ulps_is_reported_wrong_with_its_distance(
    target_outputs: dict[str, dict[int, dict[str, object]]],
) -> None:
    reference = _interval_reference()
    # Output 0 of set 0 is a / b: its interval is a few ULPs, so 100 ULPs up is outside.
    planted = _planted(target_outputs["vk-lavapipe"], 0)
    judgement = judge(reference, planted)
    assert [o.component for o in judgement.wrong] == ["1/r[0]"]
    (outside,) = judgement.wrong
    interval = reference[1]["r"][0]  # type: ignore[index]
    assert isinstance(interval, Interval) and interval.width_in_ulps() < 10
    assert 90 <= outside.ulps <= 100
    record = judgement.record()
    assert record["verdict"] == "wrong" and record["wrong"][0]["ulps"] == outside.ulps
    assert any("wrong:1/r[0]" in line for line in judgement.report_lines())


def test_a_wide_output_is_unconstrained_not_wrong(
    target_outputs: dict[str, dict[int, dict[str, object]]],
) -> None:
    reference = _interval_reference()
    wide = reference[1]["r"][9]  # type: ignore[index]
    assert isinstance(wide, Interval) and wide.width_in_ulps() > MAX_CONSTRAINED_ULPS
    # Moved far outside its interval, the output is still not judged.
    planted = _planted(target_outputs["gl-llvmpipe"], 9)
    moved = planted[1]["r"][9]  # type: ignore[index]
    values: list[float] = list(planted[1]["r"])  # type: ignore[call-overload]
    planted[1]["r"] = tuple(wide.hi * 2 if i == 9 else v for i, v in enumerate(values))
    assert moved != wide.hi * 2
    judgement = judge(reference, planted)
    assert judgement.agrees, judgement.report_lines()
    assert judgement.constrained_share == pytest.approx((OUTPUTS - 2) / OUTPUTS)


def test_interval_outputs_round_trip_through_json() -> None:
    reference = _interval_reference()
    assert outputs_from_json(json.loads(json.dumps(outputs_json(reference)))) == reference


def test_a_branch_on_a_comparison_that_rounding_decides_refuses() -> None:
    # 0.1 * 3.0 rounds to a neighbour of 0.3 either way; 0.3 as a float32 lies between.
    program = parse_glsl(
        """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float x[2]; int k; };
void main() {
  if (x[0] * 3.0 < x[1]) { k = 1; } else { k = 2; }
}
"""
    ).program
    values: BufferValues = {"B": {"x": (0.1, 0.3), "k": 0}}
    with pytest.raises(UndefinedBehaviour) as caught:
        run_compute(program, values, floats=FloatMode.INTERVAL)
    assert caught.value.category is UBCategory.FLOAT_ROUNDOFF
    assert "control flow depends on rounding" in caught.value.message
    # A comparison every rounding decides the same way runs.
    decided: BufferValues = {"B": {"x": (0.1, 0.5), "k": 0}}
    after = run_compute(program, decided, floats=FloatMode.INTERVAL).buffers
    assert after["B"]["k"] == 1


def test_the_exact_mode_is_unchanged_for_an_exact_program() -> None:
    program = parse_glsl(
        """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float x[2]; int k; };
void main() { x[1] = x[0] * 3.0 + 1.0; k = int(x[1]); }
"""
    ).program
    values: BufferValues = {"B": {"x": (5.0, 0.0), "k": 0}}
    exact = run_compute(program, values).buffers
    assert exact["B"] == {"x": (5.0, 16.0), "k": 16}
    interval = run_compute(program, values, floats=FloatMode.INTERVAL).buffers
    points: object = interval["B"]["x"]  # Intervals, which Value does not name
    assert points == (Interval.point(5.0), Interval.point(16.0))
    assert interval["B"]["k"] == 16


def test_a_negative_float_to_uint_saturates_in_wgsl() -> None:
    # WGSL's u32(f) of a negative float is 0 and i32(f) past its range the nearest int,
    # as in the exact mode; GLSL leaves both undefined (its refusal stays). The interval
    # mode refused a generated WGSL fragment test on u32 of [-0.952, -0.952].
    program = parse_glsl(
        """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float x[2]; uint u; int i; };
void main() { u = uint(x[0] / 3.0); i = int(x[1] * 2.0); }
"""
    ).program
    values: BufferValues = {"B": {"x": (-2.0, 3.0e9), "u": 7, "i": 7}}
    with noting_glsl_undefined() as noted:
        after = run_compute(program, values, language=Language.WGSL, floats=FloatMode.INTERVAL)
    assert (after.buffers["B"]["u"], after.buffers["B"]["i"]) == (0, 2**31 - 1)
    assert noted == {GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE.value}
    with pytest.raises(UndefinedBehaviour) as caught:
        run_compute(program, values, floats=FloatMode.INTERVAL)
    assert "a negative float converts to an undefined uint" in caught.value.message


def test_a_hand_written_test_made_for_the_interval_mode_is_judged_in_it(tmp_path: Path) -> None:
    """scripts/test_from_shader.py --floats interval records the mode in the generator
    options (no recondition step): the job, and so the interpreter, must take it from
    there too, as the rebuild does (rebuild/float_mode.recorded_float_mode). The jobs
    read the recondition step alone, so such a test ran in the exact mode, whose
    sanitizer refuses every float that rounds (`float_roundoff`)."""
    import subprocess
    import sys

    from shadersmith.case import load_test
    from shadersmith.rebuild.jobs import job_from_test

    shader = tmp_path / "shader.comp"
    shader.write_text(
        "#version 450\nlayout(local_size_x = 1) in;\n"
        "layout(std430, binding = 0) buffer buf_out_0 {\n    float out_0_f0;\n};\n"
        "void main() {\n    out_0_f0 = sqrt(out_0_f0);\n}\n"
    )
    root = Path(__file__).resolve().parent.parent
    for mode in ("exact", "interval"):
        subprocess.run(
            [
                sys.executable,
                str(root / "scripts/test_from_shader.py"),
                str(shader),
                str(tmp_path / mode),
                "--floats",
                mode,
                "--values",
                '{"buf_out_0": {"out_0_f0": 2.0}}',
            ],
            check=True,
            cwd=root,
            capture_output=True,
        )
        job = job_from_test(load_test(tmp_path / mode))
        assert job.floats is FloatMode(mode)
