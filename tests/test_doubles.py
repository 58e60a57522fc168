"""64-bit floats (issue 36; analysis/widths.py FLOAT64): a hand-written program's values,
computed by hand, on every CPU target with shaderFloat64 / GLSL 4.00 doubles and the
interpreter (scalar and lane mode); SwiftShader (no shaderFloat64) answers `unsupported`;
the front-end reads the types back and the emitter writes no extension at 4.50; `--doubles`
programs (generate/doubles.py) agree there, are deterministic, recorded, never WGSL."""

from __future__ import annotations

from shadersmith.analysis.widths import FLOAT64, program_features, width_extensions
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession

AGREEING = ["interp", "vk-lavapipe", "vk-lavapipe-opt", "gl-llvmpipe"]
LACKING = "vk-swiftshader"
SOURCE = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer buf {
    int r;
    int a;
    uint b;
    float c;
    int d;
    int e;
    double g;
    dvec2 h;
};
void main() {
    double x = double(r) * 4097.0lf;
    double y = x * x;
    a = int(y);
    dvec2 v = dvec2(double(r), -7.0lf) * dvec2(1000.0lf);
    b = uint(v.x) + uint(-v.y);
    c = float(min(v.x, abs(v.y)) + 1.0lf);
    d = int(y > 151068680.0lf) + int(v.y < -6999.0lf) * 2;
    e = int(clamp(double(r), 4.0lf, 9.0lf)) + int(double(-5) * double(r));
    g = v.x - g;
    h = dvec2(float(r) * 2.0, r) + h;
}
"""
# With r = 3: x = 12291 and y = 12291^2 = 151068681, exact in a double (a float would
# round it to a multiple of 16); v = (3000, -7000), so b = 10000 and c = 3001; both
# comparisons hold: d = 3; clamp gives 4 and -5 * 3 = -15; g = 3000 - 5; h = (6 + 1, 3 + 2).
INPUT = {"r": 3, "a": 0, "b": 0, "c": 0.0, "d": 0, "e": 0, "g": 5.0, "h": (1.0, 2.0)}
EXPECTED = {
    "r": 3,
    "a": 151068681,
    "b": 10000,
    "c": 3001.0,
    "d": 3,
    "e": -11,
    "g": 2995.0,
    "h": (7.0, 5.0),
}


def _values() -> BufferValues:
    return {"buf": dict(INPUT)}  # type: ignore[arg-type]


def test_the_front_end_reads_doubles_back_and_no_extension_is_written_at_450() -> None:
    program = parse_glsl(SOURCE).program
    text = emit(program, GLSL450)
    assert "#extension" not in text
    assert "4097.0lf" in text and "dvec2 v" in text
    assert emit(parse_glsl(text).program, GLSL450) == text
    assert program_features(program) == frozenset({FLOAT64})
    # Before GLSL 4.00 doubles need GL_ARB_gpu_shader_fp64.
    assert width_extensions(program, 330) == ("GL_ARB_gpu_shader_fp64",)


def test_the_interpreters_compute_doubles_exactly() -> None:
    program = parse_glsl(SOURCE).program
    assert run_compute(program, _values(), sanitize=True).buffers["buf"] == EXPECTED
    assert run_compute_lanes(program, [_values(), _values()])[1]["buf"] == EXPECTED


def _generated_jobs() -> list[Job]:
    """A compute and a fragment program with `--doubles`, each generated twice alike."""
    jobs = []
    for seed, fragment in ((0, 0.0), (1, 1.0)):
        options = SmithOptions(double_probability=0.3, fragment_probability=fragment)
        generated = generate(seed, options, GLSL450)
        again = generate(seed, options, GLSL450)
        assert emit(generated.program, GLSL450) == emit(again.program, GLSL450)
        fixed = recondition(generated.program, generated.buffer_values)
        framebuffer = generated.framebuffer or (1, 1)
        job = job_from_program(
            fixed.program,
            fixed.buffer_values,
            GLSL450,
            groups=generated.workgroups,
            framebuffer=framebuffer,
        )
        assert job.needs == frozenset({FLOAT64}), seed
        jobs.append(job)
    return jobs


def test_the_option_is_recorded_off_by_default_and_never_reaches_wgsl() -> None:
    options = SmithOptions(double_probability=0.5)
    assert options_from_dict(options_to_dict(options)).double_probability == 0.5
    assert SmithOptions().double_probability == 0.0
    assert not program_features(generate(0, options, WGSL).program)
    assert "double" not in emit(generate(0, SmithOptions(), GLSL450).program, GLSL450)


def test_hand_written_and_generated_doubles_on_every_target_with_them() -> None:
    """The hand-written program's hand-computed values wherever doubles run, SwiftShader
    sits it out; generated programs (compute, fragment) agree with the interpreter."""
    job = job_from_program(parse_glsl(SOURCE).program, _values(), GLSL450)
    assert job.needs == frozenset({FLOAT64})
    jobs = [job, *_generated_jobs()]
    with TargetSession([*AGREEING, LACKING], 1, 300) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    for index in (1, 2):
        reference = results[index]["interp"]
        assert reference.ok, reference.log[-300:]
        for target in AGREEING[1:]:
            got = results[index][target]
            assert got.ok, f"{target}: {got.log[-300:]}"
            assert got.buffers == reference.buffers, (index, target)
            if reference.image is not None:
                assert got.image is not None and (got.image == reference.image).all(), target
    for target in AGREEING:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    assert results[0][LACKING].status is RunStatus.UNSUPPORTED, results[0][LACKING].log
    assert "float64" in results[0][LACKING].log
