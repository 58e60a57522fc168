"""The runners' view of storage buffers and uniform blocks, from an IR program or from a test
directory."""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.case import BufferSpec
from shadersmith.case.typenames import parse_type_name
from shadersmith.ir.program import Program, Texture, TextureKind
from shadersmith.ir.types import ArrayType, ScalarType, Type
from shadersmith.ir.values import BufferValues
from shadersmith.targets.results import BufferInput


def buffer_inputs(program: Program, values: BufferValues) -> list[BufferInput]:
    """One input per storage buffer or uniform block of `program`, holding its initial
    values."""
    inputs = []
    referenced = program.referenced_buffers
    for buffer in program.buffers:
        given = values.get(buffer.block_name, {})
        missing = [f.name for f in buffer.fields if f.name not in given]
        if missing:
            raise ValueError(f"buffer {buffer.block_name} has no values for {missing}")
        inputs.append(
            BufferInput(
                binding=buffer.binding,
                fields=tuple((f.name, f.type) for f in buffer.fields),
                values={f.name: given[f.name] for f in buffer.fields},
                uniform=buffer.uniform,
                block=buffer.block_name,
                push_constant=buffer.push_constant,
                buffer_reference=buffer.block_name in referenced,
            )
        )
    for texture in program.textures:
        texels = values.get(texture.name, {}).get(texture.name)
        if texels is None:
            raise ValueError(f"texture {texture.name} has no texels")
        inputs.append(
            BufferInput(
                binding=texture.binding,
                fields=((texture.name, texture.texel_type),),
                values={texture.name: texels},
                block=texture.name,
                texture=texture,
            )
        )
    return inputs


def buffer_inputs_from_specs(specs: Sequence[BufferSpec]) -> list[BufferInput]:
    """The inputs that a test directory's buffers and textures describe (type names
    parsed back)."""
    inputs = []
    for spec in specs:
        fields = tuple((name, parse_type_name(text)) for name, text in spec.fields)
        inputs.append(
            BufferInput(
                binding=spec.binding,
                fields=fields,
                values=dict(spec.values),
                uniform=spec.uniform,
                block=spec.block,
                texture=_texture(spec, fields[0][1]) if spec.texture else None,
                push_constant=spec.push_constant,
                buffer_reference=spec.buffer_reference,
            )
        )
    return inputs


def texture_of(name: str, binding: int, kind: str, texel_type: Type) -> Texture:
    """The texture whose texels are `texel_type`, `element[height][width]`."""
    rows = texel_type
    if not (isinstance(rows, ArrayType) and isinstance(rows.element, ArrayType)):
        raise ValueError(f"texture {name}: texels of type {rows}, not rows of texels")
    element = rows.element.element
    if not isinstance(element, ScalarType) or rows.length is None or rows.element.length is None:
        raise ValueError(f"texture {name}: texels of type {rows}, not rows of texels")
    width, height = rows.element.length, rows.length
    return Texture(name, binding, TextureKind(kind), element.kind, width, height)


def _texture(spec: BufferSpec, texel_type: Type) -> Texture:
    return texture_of(spec.block, spec.binding, spec.texture, texel_type)
