"""The lane interpreter (interp/lanes) at 8, 16 and 64 bits (issue 36): generated compute
programs with `--int64` and `--small-ints` give lane by lane the scalar interpreter's
buffers; hand-written fragment programs, one per width, draw their hand-computed pixels on
vk-lavapipe (and gl-llvmpipe, which has int64 but not int8/int16) and the interpreter,
whose fragment images the lane interpreter draws; generated fragment programs with the
options agree on those targets too."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest

from shadersmith.analysis.widths import INT8, INT16, INT64
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UndefinedBehaviour, compile_program
from shadersmith.interp.lanes import run_compute_lanes, run_fragment_lanes
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from tests.test_interp_lanes import _redrawn

WIDTH, HEIGHT = 12, 5  # not square: a transposed image would not pass
TARGETS = ["interp", "vk-lavapipe", "gl-llvmpipe"]
OUTPUT = "layout(location = 0) out uvec4 _color;\n"
SMALL = (
    "#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require\n"
    "#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require\n"
)

# One program per width; each pixel's words are worked out by `_expected` below.
INT8_SOURCE = (
    "#version 450\n" + SMALL + OUTPUT + "void main() {\n"
    "    uvec2 p = uvec2(gl_FragCoord.xy);\n"
    "    int8_t a = int8_t(p.x * 37u) * int8_t(5);\n"
    "    uint8_t d = max(uint8_t(p.x * 70u), uint8_t(p.y * 90u)) >> 1;\n"
    "    int8_t e = -a >> int8_t(p.y);\n"
    "    _color = uvec4(uint(a), uint(d), uint(e), uint(abs(a) < int8_t(40)));\n"
    "}\n"
)
INT16_SOURCE = (
    "#version 450\n" + SMALL + OUTPUT + "void main() {\n"
    "    uvec2 p = uvec2(gl_FragCoord.xy);\n"
    "    uint16_t b = uint16_t(p.y * 9000u) + uint16_t(60000);\n"
    "    int16_t c = int16_t(p.x * 3u + 1u) << 13;\n"
    "    i16vec2 v = clamp(i16vec2(c, int16_t(b)), int16_t(-20000), int16_t(20000));\n"
    "    _color = uvec4(uint(b), uint(int(c)), uint(v.x), uint(v.y / int16_t(7)));\n"
    "}\n"
)
INT64_SOURCE = (
    "#version 450\n#extension GL_ARB_gpu_shader_int64 : require\n" + OUTPUT + "void main() {\n"
    "    uvec2 p = uvec2(gl_FragCoord.xy);\n"
    "    int64_t a = int64_t(p.x) * 4294967296l + int64_t(p.y) - 3l;\n"
    "    uint64_t b = uint64_t(a) * 4294967297ul;\n"
    "    _color = uvec4(uint(a >> 32), uint(a), uint(b >> 32), uint(b % 1000000007ul));\n"
    "}\n"
)


def _wrap(value: int, bits: int, signed: bool) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if signed and value >> (bits - 1) else value


def _trunc_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def _pixel(source: str, x: int, y: int) -> tuple[int, int, int, int]:
    """The shader's words at fragment (x, y), computed here in Python ints."""
    word = 1 << 32
    if source is INT8_SOURCE:
        a = _wrap(_wrap(x * 37, 8, True) * 5, 8, True)
        d = max(x * 70 % 256, y * 90 % 256) >> 1
        e = _wrap(-a, 8, True) >> y  # arithmetic: y < 8
        return a % word, d, e % word, int(abs(a) < 40)
    if source is INT16_SOURCE:
        b = (y * 9000 + 60000) % 2**16
        c = _wrap((x * 3 + 1) << 13, 16, True)
        vx = min(max(c, -20000), 20000)
        vy = min(max(_wrap(b, 16, True), -20000), 20000)
        return b, c % word, vx % word, _trunc_div(vy, 7) % word
    a = x * 2**32 + y - 3
    b = a % 2**64 * (2**32 + 1) % 2**64
    return (a >> 32) % word, a % word, b >> 32, b % 1000000007


def _expected(source: str) -> npt.NDArray[np.uint32]:
    image = np.empty((HEIGHT, WIDTH, 4), np.uint32)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            image[y, x] = _pixel(source, x, y)
    return image


def _job(source: str) -> Job:
    program = parse_glsl(source).program
    return job_from_program(program, {}, GLSL450, framebuffer=(WIDTH, HEIGHT))


# ---------------------------------------------------------------- lanes against scalar

OPTIONS = {
    "int64": SmithOptions(multi_invocation_probability=0.0, int64_probability=0.4),
    "small-ints": SmithOptions(multi_invocation_probability=0.0, small_int_probability=0.4),
}
SEEDS = 10


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_generated_compute_programs_agree_lane_by_lane(option: str) -> None:
    """Every seed's program uses the width and runs in lane mode; lane 0 on its own inputs,
    the others on redrawn ones (those the scalar interpreter finds undefined dropped)."""
    for seed in range(SEEDS):
        generated = generate(seed, OPTIONS[option], GLSL450)
        fixed = recondition(generated.program, generated.buffer_values)
        scalar = compile_program(fixed.program)
        rng = random.Random(seed)
        inputs = [fixed.buffer_values, *(_redrawn(fixed.program, rng) for _ in range(5))]
        kept: list[BufferValues] = []
        expected: list[BufferValues] = []
        for values in inputs:
            try:
                expected.append(scalar.run(values).buffers)
            except UndefinedBehaviour:
                continue
            kept.append(values)
        assert kept, seed
        assert run_compute_lanes(fixed.program, kept) == expected, (option, seed)


@pytest.mark.parametrize("source", [INT8_SOURCE, INT16_SOURCE, INT64_SOURCE])
def test_hand_written_fragment_programs_in_lane_mode(source: str) -> None:
    image = run_fragment_lanes(parse_glsl(source).program, {}, WIDTH, HEIGHT)
    assert np.array_equal(image, _expected(source))


# ---------------------------------------------------------------- on the drivers


def _generated_fragment_jobs() -> list[tuple[Job, frozenset[str]]]:
    jobs = []
    for seed, options in (
        (1, SmithOptions(fragment_probability=1.0, int64_probability=0.3)),
        (2, SmithOptions(fragment_probability=1.0, small_int_probability=0.3)),
    ):
        generated = generate(seed, options, GLSL450)
        assert generated.framebuffer is not None
        fixed = recondition(generated.program, generated.buffer_values)
        job = job_from_program(
            fixed.program, fixed.buffer_values, GLSL450, framebuffer=generated.framebuffer
        )
        jobs.append((job, job.needs))
    return jobs


def test_fragment_images_at_every_width_on_the_drivers_and_the_interpreter() -> None:
    """The hand-written programs' images are their hand-computed ones wherever the width
    runs (gl-llvmpipe answers `unsupported` for int8/int16: Mesa's GL lacks the
    extensions); two generated fragment programs' images agree with the interpreter's.
    One session: starting the drivers is most of the time."""
    hand = [INT8_SOURCE, INT16_SOURCE, INT64_SOURCE]
    generated = _generated_fragment_jobs()
    jobs = [_job(source) for source in hand] + [job for job, _ in generated]
    assert [job.needs for job in jobs[:3]] == [{INT8}, {INT16}, {INT64}]
    assert all(needs for _, needs in generated), "the generated programs use the widths"
    with TargetSession(TARGETS, 1, 300) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    for index, source in enumerate(hand):
        for target in TARGETS:
            got = results[index][target]
            if target == "gl-llvmpipe" and source is not INT64_SOURCE:
                assert got.status is RunStatus.UNSUPPORTED, got.log[-300:]
                continue
            assert got.ok, f"{target}: {got.log[-300:]}"
            assert got.image is not None
            assert np.array_equal(got.image, _expected(source)), (index, target)
    for index in range(len(hand), len(jobs)):
        reference = results[index]["interp"]
        assert reference.ok, reference.log[-300:]
        assert reference.image is not None
        for target in TARGETS[1:]:
            got = results[index][target]
            if got.status is RunStatus.UNSUPPORTED:
                assert INT64 not in jobs[index].needs and target == "gl-llvmpipe"
                continue
            assert got.image is not None and np.array_equal(got.image, reference.image), (
                index,
                target,
            )
