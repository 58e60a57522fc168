"""Give a parsed program back the generated textures its text declares.

A generated texture (ir/program.Texture) is emitted as `layout(binding = N[, r32ui])
uniform highp usampler2D name;`, which says its kind and texel kind but not its size:
the size lives in the test's inputs (`inputs.textures`, element[height][width]). Read
back, the declaration is a plain opaque uniform, which neither the interpreters (they
lower Textures to buffers) nor the reconditioner (it clamps coordinates into a Texture's
size) can run. A reducer reads every candidate's text back, so it hands the textures it
knows (the test's) to `with_textures`, which makes each such uniform that Texture again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from shadersmith.ir.program import Program, Texture, TextureKind, Uniform


def with_textures(program: Program, known: Iterable[Texture]) -> Program:
    """`program` with each opaque uniform that declares a texture of `known` (same name
    and GLSL type) as that Texture, at the binding its text gives, if any; textures of
    `known` the text no longer declares are left out, other uniforms kept as they are."""
    by_name = {texture.name: texture for texture in known}
    if not by_name or program.textures:
        return program
    textures: list[Texture] = []
    uniforms: list[Uniform] = []
    for uniform in program.uniforms:
        texture = by_name.get(uniform.name)
        if texture is None or str(uniform.type) != texture.glsl_type or uniform.init is not None:
            uniforms.append(uniform)
            continue
        storage = texture.kind is TextureKind.STORAGE
        if storage and not uniform.qualifiers.has(texture.image_format):
            uniforms.append(uniform)  # an image without its format: not what we emit
            continue
        binding = uniform.qualifiers.layout_value("binding")
        textures.append(
            texture if binding is None else dataclasses.replace(texture, binding=binding)
        )
    if not textures:
        return program
    return dataclasses.replace(program, uniforms=tuple(uniforms), textures=tuple(textures))
