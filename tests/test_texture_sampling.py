"""Float textures sampled at texel centres (issue 20, part 1): `textureLod(t, (vec2(p) +
0.5) / vec2(w, h), 0.0)` with nearest filtering reads texel p exactly, in the interpreters
and on every CPU driver (GLSL on gl-llvmpipe, vk-lavapipe and vk-swiftshader; WGSL's
textureSampleLevel with a non-filtering sampler on wgpu-vk and wgpu-gl); the reconditioner
clamps p and leaves the coordinate's exact float arithmetic alone; any other textureLod is
refused by the interpreter; the generator's option, off, keeps the programs of before."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict
from shadersmith.emit.glsl import emit_glsl
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.front.glsl.known_textures import with_textures
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import InterpreterError, UBCategory, UndefinedBehaviour, run_compute
from shadersmith.ir.profile import GLSL450, WGSL, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.runners.wgpu_bindings import wgsl_sampler_bindings
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated
from tests.driver_agreement import VULKAN, assert_agree_on_wgpu, mesa_gl_front_end_cases
from tests.test_textures import _with_textures

SAMPLING = SmithOptions(texture_probability=1.0, texture_sampling_probability=1.0)
FRAGMENT_SAMPLING = SmithOptions(
    texture_probability=1.0, texture_sampling_probability=1.0, fragment_probability=1.0
)

_SOURCE = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer O { vec4 f[4]; float g[4]; };
layout(binding = 1) uniform highp sampler2D s;
void main() {
    uint k = gl_GlobalInvocationID.x;
    f[k] = textureLod(s, (vec2(ivec2(k, k % 2u)) + 0.5) / vec2(4.0, 2.0), 0.0).xwxw;
    g[k] = textureLod(s, (vec2(ivec2(3u - k, 1)) + 0.5) / vec2(4.0, 2.0), 0.0).x;
}
"""
_VALUES: BufferValues = {
    "O": {"f": ((1.0, 1.0, 1.0, 1.0),) * 4, "g": (1.0,) * 4},
    "s": {"s": ((1.0, 2.0, 3.0, 4.0), (5.0, 6.0, 7.0, 8.0))},
}
# Texel (k, k % 2) as (texel, 1, texel, 1), and texel (3 - k, 1): row 1 backwards.
_HAND_F = ((1.0, 1.0, 1.0, 1.0), (6.0, 1.0, 6.0, 1.0), (3.0, 1.0, 3.0, 1.0), (8.0, 1.0, 8.0, 1.0))
_HAND_G = (8.0, 7.0, 6.0, 5.0)


def _program(source: str = _SOURCE) -> Program:
    return _with_textures(source, {"s": (4, 2)})


def _with_body(body: str) -> Program:
    """The declarations of _SOURCE, one invocation, and main's `body`."""
    declarations = _SOURCE.split("void main()")[0].replace("local_size_x = 4", "local_size_x = 1")
    return _program(declarations + f"void main() {{ {body} }}\n")


# ---------------------------------------------------------------- the interpreter


def test_a_centre_read_gives_its_texel_in_the_interpreter() -> None:
    after = run_compute(_program(), _VALUES).buffers["O"]
    assert after["f"] == _HAND_F
    assert after["g"] == _HAND_G


@pytest.mark.parametrize(
    "coordinate",
    [
        "(vec2(ivec2(1, 0)) + 0.25) / vec2(4.0, 2.0)",  # off the centre
        "(vec2(ivec2(1, 0)) + 0.5) / vec2(8.0, 2.0)",  # another size
        "vec2(0.375, 0.25)",  # a centre, but not in the generator's form
    ],
)
def test_any_other_texture_lod_is_refused(coordinate: str) -> None:
    with pytest.raises(InterpreterError, match="texel centre"):
        run_compute(_with_body(f"g[0] = textureLod(s, {coordinate}, 0.0).x;"), _VALUES)


def test_a_centre_outside_the_texture_is_out_of_bounds() -> None:
    # Defined under clamp-to-edge, but GL's default wrap repeats: the sanitizer refuses it.
    body = "g[0] = textureLod(s, (vec2(ivec2(4, 0)) + 0.5) / vec2(4.0, 2.0), 0.0).x;"
    with pytest.raises(UndefinedBehaviour) as caught:
        run_compute(_with_body(body), _VALUES)
    assert caught.value.category is UBCategory.OUT_OF_BOUNDS


def test_reconditioning_clamps_the_texel_and_keeps_the_coordinate_exact() -> None:
    body = (
        "int k = int(g[0]) + 6;"
        " g[1] = textureLod(s, (vec2(ivec2(k, -k)) + 0.5) / vec2(4.0, 2.0), 0.0).x;"
    )
    fixed = recondition(_with_body(body), _VALUES)
    text = emit_glsl(fixed.program)
    clamped = "clamp(ivec2(k, -k), ivec2(0), ivec2(3, 1))"
    assert f"textureLod(s, (vec2({clamped}) + 0.5) / vec2(4.0, 2.0), 0.0)" in text
    # g[0] is 1.0: k = 7, clamped to texel (3, 0).
    after = run_compute(fixed.program, fixed.buffer_values).buffers["O"]
    assert after["g"] == (1.0, 4.0, 1.0, 1.0)


def test_the_emitted_text_reads_back_as_a_centre_read() -> None:
    # What a reducer does with every candidate: the text parsed, the test's textures given back.
    generated = generate(_sampling_seeds(1, SAMPLING)[0], SAMPLING)
    fixed = recondition(generated.program, generated.buffer_values)
    parsed = with_textures(parse_glsl(emit_glsl(fixed.program)).program, fixed.program.textures)
    assert emit_glsl(parsed) == emit_glsl(fixed.program)
    groups = generated.workgroups
    expected = run_compute(fixed.program, fixed.buffer_values, workgroups=groups)
    again = run_compute(parsed, fixed.buffer_values, workgroups=groups)
    assert again.buffers == expected.buffers


# ---------------------------------------------------------------- WGSL's spelling


def test_wgsl_samples_with_one_nearest_sampler_after_every_binding() -> None:
    text = emit_wgsl(_program())
    assert "@group(0) @binding(2) var _ss_nearest: sampler;" in text
    centre = "((vec2<f32>(vec2<f32>(vec2<i32>(i32((3u - k)), 1i))) + 0.5f) / vec2<f32>(4.0f, 2.0f))"
    assert f"textureSampleLevel(s, _ss_nearest, {centre}, 0.0f).x;" in text
    assert wgsl_sampler_bindings(text) == [2]
    # A module that only fetches declares no sampler.
    fetching = _with_body("g[0] = texelFetch(s, ivec2(1, 0), 0).x;")
    assert "sampler" not in emit_wgsl(fetching)


# ---------------------------------------------------------------- the drivers


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    targets = ["interp", "gl-llvmpipe", *VULKAN, "wgpu-vk", "wgpu-gl"]
    with TargetSession(targets, 1, 120) as running:
        yield running


def test_the_hand_values_on_every_driver(session: TargetSession) -> None:
    jobs = [
        job_from_program(_program(), _VALUES, GLSL450),
        job_from_program(_program(), _VALUES, WGSL),
    ]
    results = dict(session.run_many(jobs))
    glsl_targets = ["gl-llvmpipe", *(t for t in VULKAN if t in session.present)]
    for index, targets in ((0, glsl_targets), (1, ["wgpu-vk", "wgpu-gl"])):
        for target in ["interp", *targets]:
            got = results[index][target]
            assert got.ok, f"{target}: {got.log[-500:]}"
            assert got.buffers[0]["f"] == _HAND_F, target
            assert got.buffers[0]["g"] == _HAND_G, target


def _sampling_seeds(
    count: int, options: SmithOptions, language: LanguageProfile = GLSL450
) -> list[int]:
    """The first `count` seeds whose programs sample a texture."""
    seeds: list[int] = []
    seed = 0
    while len(seeds) < count:
        generated = generate(seed, options, language)
        if generated.choices.get("texture:textureLod"):
            seeds.append(seed)
        seed += 1
    return seeds


# Compute seeds 0, 1, 2, 5 and fragment seeds 0, 1 sample float textures. (Compute seed 9
# differs on gl-llvmpipe alone, softpipe agreeing, with its textureLods fetched too: not
# sampling.)
def test_generated_glsl_programs_sampling_agree_on_the_drivers() -> None:
    jobs, names = [], []
    for options, seeds in ((SAMPLING, (0, 1, 2, 5)), (FRAGMENT_SAMPLING, (0, 1))):
        for seed in seeds:
            generated = generate(seed, options)
            assert generated.choices["texture:textureLod"], seed
            fixed = recondition(generated.program, generated.buffer_values)
            groups = generated.workgroups
            jobs.append(
                job_from_program(fixed.program, fixed.buffer_values, GLSL450, groups=groups)
            )
            names.append(f"{generated.program.stage.value} seed {seed}")
    assert mesa_gl_front_end_cases(jobs, names) == []


# WGSL compute seeds 2, 3, 9, 10 and fragment seeds 0, 1 (compute seeds 1 and 5 differ on
# wgpu-gl by naga's GLSL writer's integer %, oracle/known_bugs.py, which wgpu-vk has not).
def test_generated_wgsl_programs_sampling_agree_on_wgpu_vk() -> None:
    jobs, names = [], []
    for options, seeds in ((SAMPLING, (2, 3, 9, 10)), (FRAGMENT_SAMPLING, (0, 1))):
        for seed in seeds:
            generated = generate(seed, options, WGSL)
            assert generated.choices["texture:textureLod"], seed
            job = prepare_generated(generated, WGSL).job
            assert re.search(r"textureSampleLevel\(tex_\d, _ss_nearest, ", job.source)
            jobs.append(job)
            names.append(f"{job.stage} seed {seed}")
    assert_agree_on_wgpu(jobs, names)


# ---------------------------------------------------------------- the option


def test_option_off_samples_nothing_and_keeps_the_textures_of_before() -> None:
    textures = SmithOptions(texture_probability=1.0)
    for language in (GLSL450, WGSL):
        for seed in range(40):
            generated = generate(seed, textures, language)
            assert "texture:textureLod" not in generated.choices
    # Float textures of any side then, as before sampling existed.
    sides = {
        (t.width, t.height)
        for seed in range(40)
        for t in generate(seed, textures).program.textures
        if t.element.value == "float"
    }
    assert any(w & (w - 1) or h & (h - 1) for w, h in sides)
    assert options_from_dict({}).texture_sampling_probability == 0.0
    options = from_flags(textures=0.5, texture_sampling=0.3)
    assert options.texture_sampling_probability == 0.3


def test_with_the_option_on_float_textures_have_power_of_two_sides() -> None:
    for seed in range(20):
        for t in generate(seed, SAMPLING).program.textures:
            if t.element.value == "float":
                assert t.width in (1, 2, 4, 8) and t.height in (1, 2, 4, 8)
