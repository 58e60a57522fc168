"""16-bit floats (issue 36; analysis/widths.py FLOAT16): a hand-written program's values,
computed by hand, on every CPU target with shaderFloat16 (lavapipe) and the interpreter
(scalar and lane mode); SwiftShader and Mesa's GL answer `unsupported`; binary16's
rounding where a result leaves the exact set; the same program in WGSL (`enable f16;`) on
wgpu-vk; the reconditioner's guards (half products that could overflow, narrowing
conversions); `--float16` programs (generate/halves.py) agree there, are deterministic,
recorded, never ESSL."""

from __future__ import annotations

import re
from collections.abc import Mapping

from shadersmith.analysis.widths import FLOAT16, program_features
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UndefinedBehaviour, run_compute
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL
from shadersmith.ir.values import BufferValues, Value
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from tests.driver_agreement import GL_AND_VULKAN, SHARED, WGPU
from tests.programs import deterministic_job

AGREEING = ["interp", "vk-lavapipe", "vk-lavapipe-opt"]
LACKING = ["vk-swiftshader", "gl-llvmpipe"]
HEADER = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
"""
SOURCE = (
    HEADER
    + """layout(std430, binding = 0) buffer buf {
    int r;
    int a;
    int b;
    uint c;
    float d;
    int e;
    int f;
};
void main() {
    float16_t x = float16_t(r) * float16_t(45.0);
    a = int(x * float16_t(2.0));
    float16_t big = x * x;
    b = int(abs(big) >= float16_t(2048.0))
        + int(float16_t(2047.0) + float16_t(r) > float16_t(2048.0)) * 2;
    f16vec2 v = f16vec2(float16_t(r), float16_t(-7.0)) * f16vec2(float16_t(100.0));
    c = uint(v.x) + uint(-v.y);
    d = float(min(v.x, abs(v.y)) + float16_t(1.0));
    e = int(clamp(float16_t(r), float16_t(4.0), float16_t(9.0)))
        + int(float16_t(-5) * float16_t(r));
    f = int(float16_t(float(r) * 700.0) >= float16_t(2048.0)) + int(float16_t(r - 10)) * 2;
}
"""
)
# With r = 3: x = 135, a = 270; x * x = 18225 rounds (binary16 spaces 16 apart there) but
# stays at 2048 or more, and 2047 + 3 = 2050 is a half: b = 1 + 2; v = (300, -700), so
# c = 1000 and d = 301; clamp gives 4 and -5 * 3 = -15: e = -11; float16_t(2100.0) is 2048
# or more and float16_t(3 - 10) = -7: f = 1 - 14.
INPUT = {"r": 3, "a": 0, "b": 0, "c": 0, "d": 0.0, "e": 0, "f": 0}
EXPECTED = {"r": 3, "a": 270, "b": 3, "c": 1000, "d": 301.0, "e": -11, "f": -13}
# binary16's rounding, where a result leaves S16 and is read (undefined for the sanitizer:
# the unsanitized interpreter and lavapipe are compared, by hand).
ROUNDING = (
    HEADER
    + """layout(std430, binding = 0) buffer buf { int r; int g; int h; int i; int j; };
void main() {
    float16_t x = float16_t(r) * float16_t(45.0);
    g = int(x * x);
    h = int(float16_t(2047.0) + float16_t(r - 1));
    i = int(float16_t(r * 333) * float16_t(65.0));
    j = int(float16_t(r * 1000 + 1));
}
"""
)
# 135^2 = 18225 -> 18224 (a multiple of 16); 2049 -> 2048 (the tie goes to the even one);
# 999 * 65 = 64935 -> 64928 (32 apart there); 3001 -> 3000 (a tie, even). lavapipe (Mesa
# 22.3) rounds the sums and products but gives int(float16_t(3001)) = 3001, as if the
# conversion to a half were skipped before the one to int (float(float16_t(3001)) is
# 3000 there): j is left out of its comparison, a candidate finding, not a test.
ROUNDED = {"r": 3, "g": 18224, "h": 2048, "i": 64928, "j": 3000}


def _values(values: Mapping[str, Value]) -> BufferValues:
    return {"buf": dict(values)}


def test_the_front_end_reads_halves_back_and_the_extension_is_written() -> None:
    program = parse_glsl(SOURCE).program
    text = emit(program, GLSL450)
    assert "#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require" in text
    assert "float16_t(45.0)" in text and "f16vec2 v" in text
    assert emit(parse_glsl(text).program, GLSL450) == text
    assert program_features(program) == frozenset({FLOAT16})
    wgsl = emit(program, WGSL)
    assert wgsl.splitlines()[1] == "enable f16;" and "f16(45.0f)" in wgsl and "vec2<f16>" in wgsl
    # A half literal of the IR (the generator's) is spelled with its suffix.
    generated = emit(generate(3, SmithOptions(half_probability=0.5), WGSL).program, WGSL)
    assert "enable f16;" in generated and re.search(r"\b\d+\.0h\b", generated)


def test_the_interpreters_compute_halves_exactly_and_round_as_binary16() -> None:
    program = parse_glsl(SOURCE).program
    assert run_compute(program, _values(INPUT), sanitize=True).buffers["buf"] == EXPECTED
    assert run_compute_lanes(program, [_values(INPUT)] * 2)[1]["buf"] == EXPECTED
    rounding = parse_glsl(ROUNDING).program
    start = _values({"r": 3, "g": 0, "h": 0, "i": 0, "j": 0})
    assert run_compute(rounding, start, sanitize=False).buffers["buf"] == ROUNDED
    assert run_compute_lanes(rounding, [start])[0]["buf"] == ROUNDED


def test_the_sanitizer_refuses_an_overflowing_half_product_the_reconditioner_guards_it() -> None:
    source = (
        HEADER
        + """layout(std430, binding = 0) buffer buf { int r; float o; };
void main() {
    float16_t x = float16_t(r);
    o = float(x * x) + float(float16_t(float(r) * 40.0));
}
"""
    )
    program = parse_glsl(source).program
    values = _values({"r": 2000, "o": 0.0})
    try:
        run_compute(program, values, sanitize=True)
    except UndefinedBehaviour as ub:
        assert "overflows binary16" in ub.message
    else:
        raise AssertionError("2000 * 2000 as halves is past 65504")
    fixed = recondition(program, values)
    text = emit(fixed.program, GLSL450)
    assert "SAFE_HMUL_float16_float16" in text and "* 40.0), -4096.0, 4096.0)" in text
    # 2000 * 2000 is computed in float32, clamped, and brought back to the default 10;
    # 80000.0 is clamped before narrowing and replaced too.
    assert run_compute(fixed.program, fixed.buffer_values, sanitize=True).buffers["buf"] == {
        "r": 2000,
        "o": 20.0,
    }


def _generated_jobs() -> list[Job]:
    """A compute and a fragment program with `--float16`, each generated twice alike, and
    a WGSL compute program."""
    jobs = []
    for seed, fragment, profile in ((0, 0.0, GLSL450), (1, 1.0, GLSL450), (2, 0.0, WGSL)):
        options = SmithOptions(half_probability=0.3, fragment_probability=fragment)
        job = deterministic_job(seed, options, profile)
        assert job.needs == frozenset({FLOAT16}), seed
        jobs.append(job)
    return jobs


def test_the_option_is_recorded_off_by_default_and_never_reaches_essl() -> None:
    options = SmithOptions(half_probability=0.5)
    assert options_from_dict(options_to_dict(options)).half_probability == 0.5
    assert SmithOptions().half_probability == 0.0
    assert not program_features(generate(0, options, ESSL310).program)
    assert "float16_t" not in emit(generate(0, SmithOptions(), GLSL450).program, GLSL450)


def _agree(results: Mapping[str, RunResult], targets: list[str]) -> None:
    reference = results["interp"]
    assert reference.ok, reference.log[-300:]
    for target in targets:
        got = results[target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers == reference.buffers, target
        if reference.image is not None:
            assert got.image is not None and (got.image == reference.image).all(), target


def test_hand_written_and_generated_halves_on_every_target_with_them() -> None:
    """The hand-written program's values wherever halves run, SwiftShader and GL sit it
    out, binary16's rounding on lavapipe; generated programs agree with the interpreter,
    the WGSL ones on wgpu-vk."""
    program = parse_glsl(SOURCE).program
    rounding = parse_glsl(ROUNDING).program
    start = _values({"r": 3, "g": 0, "h": 0, "i": 0, "j": 0})
    generated = _generated_jobs()
    glsl_jobs = [
        job_from_program(program, _values(INPUT), GLSL450),
        job_from_program(rounding, start, GLSL450),
        *generated[:2],
    ]
    with SHARED.session(GL_AND_VULKAN, 1, 120) as session:
        results = dict(session.run_many(glsl_jobs, [*AGREEING, *LACKING]))
    for target in AGREEING:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    for target in LACKING:
        assert results[0][target].status is RunStatus.UNSUPPORTED, results[0][target].log
        assert "float16" in results[0][target].log
    for target in AGREEING[1:]:
        rounded = {k: v for k, v in results[1][target].buffers[0].items() if k != "j"}
        assert rounded == {k: v for k, v in ROUNDED.items() if k != "j"}, target
    for index in (2, 3):
        _agree(results[index], AGREEING[1:])
    wgsl_jobs = [job_from_program(program, _values(INPUT), WGSL), generated[2]]
    with SHARED.session(WGPU, 1, 120) as session:
        wgsl = dict(session.run_many(wgsl_jobs))
    assert wgsl[0]["wgpu-vk"].ok, wgsl[0]["wgpu-vk"].log[-300:]
    assert wgsl[0]["wgpu-vk"].buffers[0] == EXPECTED
    _agree(wgsl[1], ["wgpu-vk"])


def test_the_interval_mode_draws_no_halves_or_doubles_and_its_programs_prepare() -> None:
    """float16_t and double compute exactly and narrow back; the interval mode's
    reconditioner and interpreter model float32 alone. With `--floats interval --float16
    --doubles` every program failed its reconditioning (`no overload clamp(double, float,
    float)`); now the interval mode leaves both out, and the programs prepare and run."""
    import dataclasses

    from shadersmith.analysis.widths import FLOAT64
    from shadersmith.campaign.fuzz import CampaignOptions, prepare_test
    from shadersmith.targets.chains import interp_target

    generator = dataclasses.replace(
        SmithOptions(), float_mode="interval", half_probability=0.5, double_probability=0.5
    )
    options = CampaignOptions(
        targets=["interp", "vk-lavapipe"], profile=GLSL450, generator=generator
    )
    interp = interp_target()
    for index in range(8):
        test = prepare_test(index, options)
        assert test.trial.program is not None
        assert not program_features(test.trial.program) & {FLOAT16, FLOAT64}
        assert interp.execute(test.job).status in (RunStatus.OK, RunStatus.UNSUPPORTED)
