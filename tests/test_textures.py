"""Textures and images (issue 20, part 1): texelFetch on integer and float textures and
imageLoad/imageStore on r32ui/r32i images, by hand in both interpreters, the sanitizer's
rules (out-of-range coordinates and levels, races on a texel), the reconditioner's
clamped coordinates, the test record (schema 5's inputs.textures, older records still
read), the generator's option (off: the programs of before), and generated programs
agreeing with the interpreter on the real CPU drivers."""

from __future__ import annotations

import dataclasses

import pytest

from shadersmith.case import BufferSpec, Inputs
from shadersmith.case.codec import inputs_from_json, inputs_to_json
from shadersmith.case.inputs import buffer_specs
from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit.glsl import emit_glsl
from shadersmith.export.common import ExportError
from shadersmith.export.piglit import piglit_shader_test
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.interp.fragment_image import expected_image
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Program, Texture, TextureKind
from shadersmith.ir.types import OpaqueType, ScalarKind
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.build import testcase_from_generated as case_of_generated
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.runners.buffers import buffer_inputs, buffer_inputs_from_specs
from tests.driver_agreement import mesa_gl_front_end_cases

TEXTURES = SmithOptions(texture_probability=1.0)

_KINDS = {"u": ScalarKind.UINT, "i": ScalarKind.INT, "": ScalarKind.FLOAT}


def _with_textures(source: str, sizes: dict[str, tuple[int, int]]) -> Program:
    """`source` parsed, its sampler and image uniforms made the generator's textures of
    the given (width, height) at their bindings."""
    program = parse_glsl(source).program
    textures = []
    for uniform in program.uniforms:
        assert isinstance(uniform.type, OpaqueType)
        name = uniform.type.name
        kind = TextureKind.STORAGE if "image" in name else TextureKind.SAMPLED
        prefix = name.split("sampler")[0] if kind is TextureKind.SAMPLED else name.split("image")[0]
        binding = int(dict(uniform.qualifiers.layout)["binding"] or 0)
        width, height = sizes[uniform.name]
        textures.append(Texture(uniform.name, binding, kind, _KINDS[prefix], width, height))
    return dataclasses.replace(program, uniforms=(), textures=tuple(textures))


_COMPUTE = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer O { uint o[4]; vec4 f[4]; };
layout(binding = 1) uniform highp usampler2D t;
layout(binding = 2) uniform highp sampler2D s;
layout(binding = 3, r32i) uniform highp iimage2D img;
"""
_SIZES = {"t": (2, 2), "s": (3, 1), "img": (4, 1)}
_VALUES: BufferValues = {
    "O": {"o": (0, 0, 0, 0), "f": ((0.0, 0.0, 0.0, 0.0),) * 4},
    "t": {"t": ((10, 11), (12, 0xFFFFFFFF))},
    "s": {"s": ((-5.0, 6.0, 7.0),)},
    "img": {"img": ((-1, 2, -3, 4),)},
}


def _run_compute(body: str, workgroups: int = 1) -> dict[str, object]:
    program = _with_textures(_COMPUTE + f"void main() {{ {body} }}\n", _SIZES)
    after = run_compute(program, _VALUES, workgroups=(workgroups, 1, 1)).buffers
    return {**after["O"], "img": after["img"]["img"]}


# ---------------------------------------------------------------- semantics by hand


def test_texel_fetch_and_image_load_store_by_hand() -> None:
    got = _run_compute(
        """uint k = gl_GlobalInvocationID.x;
        o[k] = texelFetch(t, ivec2(k % 2u, k / 2u), 0).x + texelFetch(t, ivec2(0), 0).w;
        f[k] = texelFetch(s, ivec2(min(k, 2u), 0), 0).xwxw;
        ivec4 old = imageLoad(img, ivec2(k, 0));
        imageStore(img, ivec2(k, 0), ivec4(old.x * 10 + old.w, 7, 7, 7));"""
    )
    # texelFetch gives (texel, 0, 0, 1): .w is 1; 0xFFFFFFFF + 1 wraps to 0.
    assert got["o"] == (11, 12, 13, 0)
    # A float 0 is outside the exact set S: .y and .z, both 0.0, are not stored.
    assert got["f"] == ((-5.0, 1.0, -5.0, 1.0), (6.0, 1.0, 6.0, 1.0)) + ((7.0, 1.0, 7.0, 1.0),) * 2
    # Only the channel an r32i image has is stored.
    assert got["img"] == ((-9, 21, -29, 41),)


def test_fragment_texel_fetch_in_both_interpreters() -> None:
    source = """#version 450
layout(location = 0) out uvec4 _color;
layout(binding = 1) uniform highp isampler2D t;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) % 2;
    _color = uvec4(texelFetch(t, p, 0)) + uvec4(uint(p.x), 0u, 0u, 0u);
}
"""
    program = _with_textures(source, {"t": (2, 2)})
    values: BufferValues = {"t": {"t": ((1, -2), (3, 4))}}
    # expected_image runs the lane interpreter and checks sampled fragments in the scalar one.
    image = expected_image(program, values, 4, 4)
    assert tuple(image[0, 0]) == (1, 0, 0, 1)
    assert tuple(image[0, 1]) == ((-2) % 2**32 + 1, 0, 0, 1)
    assert tuple(image[3, 2]) == (3, 0, 0, 1)


# ---------------------------------------------------------------- the sanitizer


@pytest.mark.parametrize(
    "body",
    [
        "o[0] = texelFetch(t, ivec2(2, 0), 0).x;",
        "o[0] = texelFetch(t, ivec2(0, -1), 0).x;",
        "o[0] = texelFetch(t, ivec2(0), 1).x;",
        "imageStore(img, ivec2(4, 0), ivec4(1));",
    ],
)
def test_outside_the_texture_is_undefined(body: str) -> None:
    with pytest.raises(UndefinedBehaviour) as caught:
        _run_compute(body)
    assert caught.value.category is UBCategory.OUT_OF_BOUNDS


def test_two_invocations_storing_one_texel_race() -> None:
    with pytest.raises(UndefinedBehaviour) as caught:
        _run_compute("imageStore(img, ivec2(0), ivec4(1));", workgroups=2)
    assert caught.value.category is UBCategory.DATA_RACE
    # Each invocation at its own texel is fine.
    _run_compute("imageStore(img, ivec2(gl_GlobalInvocationID.x % 4u, 0), ivec4(1));")


def test_reconditioning_clamps_coordinates_into_the_texture() -> None:
    one_invocation = _COMPUTE.replace("local_size_x = 4", "local_size_x = 1")
    program = _with_textures(
        one_invocation
        + """void main() { int k = int(o[0]) - 5;
        o[1] = texelFetch(t, ivec2(k, 9), k).x; imageStore(img, ivec2(k), ivec4(k)); }""",
        _SIZES,
    )
    fixed = recondition(program, _VALUES)
    text = emit_glsl(fixed.program)
    assert "texelFetch(t, clamp(ivec2(k, 9), ivec2(0), ivec2(1, 1)), clamp(k, 0, 0))" in text
    after = run_compute(fixed.program, fixed.buffer_values).buffers
    assert after["O"]["o"] == (0, 12, 0, 0)  # texel (0, 1): row 1, column 0
    assert after["img"]["img"] == ((-5, 2, -3, 4),)


# ---------------------------------------------------------------- the test record


def test_textures_recorded_as_inputs_and_read_back() -> None:
    program = _with_textures(_COMPUTE + "void main() {}\n", _SIZES)
    specs = buffer_specs(program, _VALUES)
    inputs = Inputs(specs, (1, 1, 1))
    data = inputs_to_json(inputs, "compute")
    assert [t["block"] for t in data["textures"]] == ["t", "s", "img"]
    assert data["textures"][2]["texture"] == "storage"
    assert data["textures"][0]["fields"][0]["type"] == "uint[2][2]"
    again = inputs_from_json(data, "test")
    assert again == inputs
    assert again.buffer_values()["img"] == {"img": ((-1, 2, -3, 4),)}
    # The runners' view is the same from the program and from the record.
    assert buffer_inputs_from_specs(again.buffers) == buffer_inputs(program, _VALUES)
    # A record without textures is written as before.
    plain = Inputs(tuple(s for s in specs if not s.texture))
    assert "textures" not in inputs_to_json(plain, "compute")
    assert isinstance(specs[0], BufferSpec)


def test_piglit_export_refuses_textures_in_one_line() -> None:
    # Amber carries them (tests/test_export_amber.py); piglit's `texture` commands not yet.
    test = case_of_generated(generate(0, TEXTURES), GLSL450)
    with pytest.raises(ExportError, match="piglit export of a test with textures"):
        piglit_shader_test(test)


# ---------------------------------------------------------------- the generator


def test_option_off_keeps_the_programs_of_before() -> None:
    for seed in range(8):
        off = generate(seed, SmithOptions(texture_probability=0.0))
        before = generate(seed)
        assert emit_glsl(off.program) == emit_glsl(before.program)
        assert off.buffer_values == before.buffer_values
    assert options_from_dict({}).texture_probability == 0.0
    assert options_from_dict(options_to_dict(TEXTURES)).texture_probability == 1.0
    assert from_flags(textures=0.4).texture_probability == 0.4


# Twelve seeds, seed 2 left out (see COMPUTE_SEEDS).
TWELVE_SEEDS = (0, 1, *range(3, 13))


def test_generated_programs_use_every_form_and_recondition_ub_free() -> None:
    forms: set[str] = set()
    for seed in TWELVE_SEEDS:
        generated = generate(seed, TEXTURES)
        forms.update(k for k in generated.choices if k.startswith("texture:"))
        fixed = recondition(generated.program, generated.buffer_values)
        run_compute(fixed.program, fixed.buffer_values, workgroups=generated.workgroups)
    fragment = generate(3, SmithOptions(texture_probability=1.0, fragment_probability=1.0))
    fixed = recondition(fragment.program, fragment.buffer_values)
    expected_image(fixed.program, fixed.buffer_values, 64, 64)
    assert forms >= {"texture:texelFetch", "texture:imageLoad", "texture:imageStore"}


# ---------------------------------------------------------------- the drivers

# Compute seeds with textures, images loaded and stored, one invocation or several; fragment
# seeds reading integer and float textures. Seed 10 (all three forms, 20 invocations)
# stands where seed 2 stood: its program runs 3.1 million interpreter steps (15 s here,
# each of the two tests that ran it), and uses no texture form the others lack.
COMPUTE_SEEDS = (0, 3, 4, 10)
FRAGMENT_SEEDS = (1, 3)


def test_generated_programs_agree_on_the_drivers() -> None:
    jobs, names = [], []
    for seed in COMPUTE_SEEDS:
        generated = generate(seed, TEXTURES)
        fixed = recondition(generated.program, generated.buffer_values)
        jobs.append(
            job_from_program(
                fixed.program, fixed.buffer_values, GLSL450, groups=generated.workgroups
            )
        )
        names.append(f"compute seed {seed}")
    for seed in FRAGMENT_SEEDS:
        options = SmithOptions(texture_probability=1.0, fragment_probability=1.0)
        generated = generate(seed, options)
        fixed = recondition(generated.program, generated.buffer_values)
        jobs.append(job_from_program(fixed.program, fixed.buffer_values, GLSL450))
        names.append(f"fragment seed {seed}")
    assert mesa_gl_front_end_cases(jobs, names) == []


def test_a_callee_storing_to_an_image_twice_in_one_expression_is_ordered() -> None:
    # g() & g(): two unsequenced stores to one texel. The reconditioner's evaluation
    # order must see g's imageStore as a write of `img` (analysis/calls.STORING_BUILTINS,
    # textures among the globals), as bench/constructs.py's seed 8371 showed it did not.
    body = "o[gl_LocalInvocationIndex] = uint(g() & g());"
    source = (
        _COMPUTE
        + "int g() { imageStore(img, ivec2(gl_LocalInvocationIndex, 0), ivec4(3)); return 5; }\n"
        + f"void main() {{ {body} }}\n"
    )
    program = _with_textures(source, _SIZES)
    with pytest.raises(UndefinedBehaviour):
        run_compute(program, _VALUES, sanitize=True)
    result = recondition(program, _VALUES)
    after = run_compute(result.program, result.buffer_values, sanitize=True).buffers
    assert after["O"]["o"] == (5, 5, 5, 5) and after["img"]["img"] == ((3, 3, 3, 3),)
