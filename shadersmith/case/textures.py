"""The generated textures a test's inputs record (`inputs.textures`): kind, texel kind,
size and binding, as ir/program.Texture. The shader's text says only the first two, so a
program read from the text by the front-end gets its textures from here
(front/glsl/known_textures.with_textures)."""

from __future__ import annotations

from collections.abc import Iterable

from shadersmith.case.inputs import BufferSpec, TestCaseError
from shadersmith.case.typenames import parse_type_name
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.types import ArrayType, ScalarType


def recorded_textures(specs: Iterable[BufferSpec]) -> tuple[Texture, ...]:
    """The textures among `specs` (a texture entry: one field `element[height][width]`)."""
    textures: list[Texture] = []
    for spec in specs:
        if not spec.texture:
            continue
        ((_, type_text),) = spec.fields
        rows = parse_type_name(type_text)
        if not (
            isinstance(rows, ArrayType)
            and isinstance(rows.element, ArrayType)
            and isinstance(rows.element.element, ScalarType)
            and rows.length is not None
            and rows.element.length is not None
        ):
            raise TestCaseError(f"texture {spec.block}: type {type_text} is not element[h][w]")
        element = rows.element.element.kind
        kind = TextureKind(spec.texture)
        textures.append(
            Texture(spec.block, spec.binding, kind, element, rows.element.length, rows.length)
        )
    return tuple(textures)
