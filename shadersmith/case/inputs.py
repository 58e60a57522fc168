"""What a test feeds the shader: its buffers, uniform blocks and textures with their typed
values, the work groups a compute test dispatches, the target size a fragment test draws."""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.case.typenames import type_name
from shadersmith.files.errors import TestCaseError
from shadersmith.ir.program import BufferAccess, Program, TextureKind
from shadersmith.ir.specialization import SpecializationEntry, specialization_of
from shadersmith.ir.values import BufferValues, Value

__all__ = ["BufferSpec", "Inputs", "TestCaseError", "buffer_specs", "inputs_of"]


@dataclass(frozen=True)
class BufferSpec:
    """One storage buffer (std430) or, with `uniform`, one std140 uniform block: its
    binding, its fields and their initial values."""

    block: str
    binding: int
    access: str
    fields: tuple[tuple[str, str], ...]  # (name, type name: case/typenames.py)
    values: dict[str, Value]
    uniform: bool = False
    # A generated texture or image instead of a block ("sampled" or "storage": ir/
    # program.TextureKind), its one field named like it and typed `element[height][width]`.
    texture: str = ""
    # A uniform block that Vulkan gets as push constants (ir/program.StorageBuffer).
    push_constant: bool = False
    # A storage buffer the shader reads through a buffer reference, whose address is
    # what its binding holds (ir/program.Program.buffer_references).
    buffer_reference: bool = False


@dataclass(frozen=True)
class Inputs:
    buffers: tuple[BufferSpec, ...] = ()
    # Compute tests: how many work groups are dispatched.
    dispatch: tuple[int, int, int] = (1, 1, 1)
    # Fragment tests: the (width, height) of the target drawn; None for compute tests.
    framebuffer: tuple[int, int] | None = None
    # Compute tests with subgroup operations: the subgroup size they are run at (a run
    # parameter: the interpreter models it, targets of another size sit out); None
    # without subgroup operations.
    subgroup_size: int | None = None
    # The specialization constants the Vulkan chains set at pipeline creation (constant
    # id, scalar type name, VALUE: ir/specialization.py); the GL text holds the VALUE.
    specialization: tuple[SpecializationEntry, ...] = ()

    def buffer_values(self) -> BufferValues:
        return {spec.block: dict(spec.values) for spec in self.buffers}


def buffer_specs(program: Program, values: BufferValues) -> tuple[BufferSpec, ...]:
    """The test's view of a program's buffers and their initial values."""
    referenced = program.referenced_buffers
    specs = []
    for buffer in program.buffers:
        given = values.get(buffer.block_name, {})
        missing = [f.name for f in buffer.fields if f.name not in given]
        if missing:
            raise TestCaseError(f"buffer {buffer.block_name} has no values for {missing}")
        specs.append(
            BufferSpec(
                block=buffer.block_name,
                binding=buffer.binding,
                access=buffer.access.value,
                fields=tuple((f.name, type_name(f.type)) for f in buffer.fields),
                values={f.name: given[f.name] for f in buffer.fields},
                uniform=buffer.uniform,
                push_constant=buffer.push_constant,
                buffer_reference=buffer.block_name in referenced,
            )
        )
    for texture in program.textures:
        texels = values.get(texture.name, {}).get(texture.name)
        if texels is None:
            raise TestCaseError(f"texture {texture.name} has no texels")
        sampled = texture.kind is TextureKind.SAMPLED
        specs.append(
            BufferSpec(
                block=texture.name,
                binding=texture.binding,
                access=(BufferAccess.INPUT if sampled else BufferAccess.INPUT_OUTPUT).value,
                fields=((texture.name, type_name(texture.texel_type)),),
                values={texture.name: texels},
                texture=texture.kind.value,
            )
        )
    return tuple(specs)


def inputs_of(
    program: Program,
    values: BufferValues,
    dispatch: tuple[int, int, int] = (1, 1, 1),
    framebuffer: tuple[int, int] | None = None,
    subgroup_size: int | None = None,
) -> Inputs:
    return Inputs(
        buffer_specs(program, values),
        dispatch,
        framebuffer,
        subgroup_size,
        specialization_of(program),
    )
