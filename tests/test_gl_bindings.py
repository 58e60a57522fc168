"""Every binding of a generated program is valid on every GL implementation and on Vulkan
(analysis/gl_bindings.py): one number space for Vulkan's set 0, under each GL space's
minimum limit (NVIDIA's GL refused an image at binding 8)."""

from __future__ import annotations

import dataclasses
import re

from shadersmith.analysis.gl_bindings import GLBindingKind, binding_kind, gl_binding_problems
from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.presets import EVERY_FEATURE, options_with
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.types import ScalarKind

# Textures and push constants always, so that images, storage blocks, a uniform block and
# samplers meet in one program as often as the defaults allow (2 + 4 + 1 + 2).
ALL_KINDS = options_with(
    {
        **EVERY_FEATURE,
        "texture_probability": 1.0,
        "push_constant_probability": 1.0,
        "fragment_probability": 0.3,
    }
)
SEEDS = range(60)


def test_generated_programs_keep_every_gl_binding_under_its_minimum_limit() -> None:
    most = 0
    for seed in SEEDS:
        program = generate(seed, ALL_KINDS).program
        assert gl_binding_problems(program) == [], seed
        # The text says what the record says: every `binding = N` is a resource's.
        text = emit_glsl(program, GLSL450)
        written = sorted(int(n) for n in re.findall(r"binding = (\d+)", text))
        resources = [b.binding for b in program.buffers] + [t.binding for t in program.textures]
        assert written == sorted(resources), seed
        most = max(most, len(resources))
    # The seeds reach the crowded case: two images, four storage blocks, the uniform block.
    assert most >= 8


def test_an_image_at_binding_8_is_invalid_on_gl_and_a_shared_number_on_vulkan() -> None:
    program = generate(1, ALL_KINDS).program
    image = Texture("img_1", 8, TextureKind.STORAGE, ScalarKind.UINT, 1, 1)
    sampler = Texture("tex_0", 8, TextureKind.SAMPLED, ScalarKind.INT, 1, 1)
    assert binding_kind(image) is GLBindingKind.IMAGE
    problems = gl_binding_problems(dataclasses.replace(program, textures=(sampler, image)))
    assert problems == [
        "img_1: binding 8 >= GL_MAX_IMAGE_UNITS's minimum 8",
        "img_1: binding 8 is tex_0's",
    ]
