"""The shader interface: std430 storage buffers of random layout and their contents.

Buffers hold int, uint and float scalars, vectors and fixed-size arrays of them, and
with buffer structs on, structs of those (buffer_structs.py); never bool, whose std430
representation is not portable. Input buffers are `readonly`;
output buffers are filled with initial values too (so that reading them is defined) and
read back after the run. Field names are unique across the program, so they work both
as `instance.field` and as bare globals of a block without an instance name.

In a multi-invocation program each output field `T f` is declared `T f[N]`, one element
per invocation of the dispatch, and the program sees it as `f[slot]` (invocations.py):
that is the variable the generator's scope holds, so no generated access ever touches
another invocation's element.
"""

from __future__ import annotations

from shadersmith.generate.buffer_structs import BufferStructs, struct_field_wanted
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.narrow_storage import (
    NarrowStore,
    is_narrow,
    narrow_value,
    narrowed_field,
    wide_view,
    widened,
)
from shadersmith.generate.scope import Variable
from shadersmith.ir.expressions import Expression, Index, Member, VariableRef
from shadersmith.ir.program import BufferAccess, BufferField, StorageBuffer
from shadersmith.ir.types import (
    ArrayType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value


def buffer_field_type(ctx: GenerationContext, uniform: bool = False) -> Type:
    """A field type; in a uniform block of a profile whose uniform arrays need 16-byte
    elements (WGSL), an array holds vec3 or vec4 elements only."""
    rng = ctx.rng
    kinds: tuple[ScalarKind, ...] = (ScalarKind.INT, ScalarKind.UINT)
    if ctx.options.floats:
        kinds = (*kinds, ScalarKind.FLOAT)
    kind = rng.choice(kinds)
    element: ScalarType | VectorType = ScalarType(kind)
    if rng.random() < 0.4:
        element = VectorType(kind, rng.randint(2, 4))
    narrowed = narrowed_field(ctx, element)
    if narrowed != element:
        return narrowed  # never in an array: the program reads it widened (narrow_storage.py)
    if rng.random() < 0.3:
        wide_only = uniform and ctx.profile.uniform_arrays_of_wide_vectors_only
        if wide_only and not (isinstance(element, VectorType) and element.size >= 3):
            element = VectorType(kind, rng.randint(3, 4))
        return ArrayType(element, rng.randint(1, ctx.options.max_array_length))
    return element


def _field_type(ctx: GenerationContext, uniform: bool, structs: BufferStructs | None) -> Type:
    if structs is not None and struct_field_wanted(ctx, uniform):
        return structs.field_type()
    return buffer_field_type(ctx, uniform)


def initial_value(ctx: GenerationContext, type_: Type) -> Value:
    if isinstance(type_, StructType):
        return tuple(initial_value(ctx, f.type) for f in type_.fields)
    if isinstance(type_, ScalarType):
        return narrow_value(ctx.values.scalar(type_.kind), type_)
    if isinstance(type_, VectorType):
        component = type_.component
        return tuple(
            narrow_value(ctx.values.scalar(type_.kind), component) for _ in range(type_.size)
        )
    if isinstance(type_, ArrayType):
        assert type_.length is not None
        return tuple(initial_value(ctx, type_.element) for _ in range(type_.length))
    raise TypeError(f"no buffer values of type {type_}")


def instance_type(buffer: StorageBuffer) -> StructType:
    """The type of a block's instance variable: a struct named after the block."""
    return StructType(buffer.block_name, tuple(StructField(f.name, f.type) for f in buffer.fields))


def field_access(buffer: StorageBuffer, field: BufferField) -> Expression:
    if buffer.instance_name is None:
        return VariableRef(field.type, field.name)
    instance = VariableRef(instance_type(buffer), buffer.instance_name)
    return Member(field.type, instance, field.name)


def make_buffers(
    ctx: GenerationContext, structs: BufferStructs | None = None
) -> tuple[tuple[StorageBuffer, ...], BufferValues]:
    """Input and output buffers, bound in order from 0, with their initial contents;
    with `structs` (buffer structs on), some fields are structs (buffer_structs.py)."""
    rng = ctx.rng
    options = ctx.options
    buffers: list[StorageBuffer] = []
    values: BufferValues = {}
    counts = (
        ("in", BufferAccess.INPUT, rng.randint(1, options.max_input_buffers)),
        ("out", BufferAccess.INPUT_OUTPUT, rng.randint(1, options.max_output_buffers)),
    )
    layout = ctx.invocations
    for prefix, access, count in counts:
        for number in range(count):
            stem = f"{prefix}_{number}"
            uniform = ctx.fragment and access is BufferAccess.INPUT
            fields = tuple(
                BufferField(f"{stem}_f{i}", _field_type(ctx, uniform, structs))
                for i in range(rng.randint(1, options.max_buffer_fields))
            )
            if layout is not None and access is not BufferAccess.INPUT:
                fields = tuple(
                    BufferField(f.name, ArrayType(f.type, layout.invocations)) for f in fields
                )
            with_instance = options.buffer_instance_names and rng.random() < 0.5
            if any(
                isinstance(f.type, ScalarType | VectorType) and is_narrow(f.type) for f in fields
            ):
                # A block with narrow fields has none: as an instance it would be a struct
                # mixing widths, which the lane interpreter (fragment tests) cannot hold.
                with_instance = False
            buffer = StorageBuffer(
                block_name=f"buf_{stem}",
                instance_name=stem if with_instance else None,
                binding=len(buffers),
                fields=fields,
                access=access,
                readonly=access is BufferAccess.INPUT,
            )
            buffers.append(buffer)
            values[buffer.block_name] = {f.name: initial_value(ctx, f.type) for f in fields}
    return tuple(buffers), values


def invocation_view(
    ctx: GenerationContext, buffer: StorageBuffer, field: BufferField
) -> tuple[Expression, Type]:
    """How the program reaches a field, and the type it sees: the field itself, or in a
    multi-invocation program an output field's element at the invocation's slot."""
    access = field_access(buffer, field)
    layout = ctx.invocations
    if layout is None or buffer.readonly:
        return access, field.type
    assert isinstance(field.type, ArrayType)
    element = field.type.element
    return Index(element, access, layout.slot()), element


def declare_buffers(ctx: GenerationContext, buffers: tuple[StorageBuffer, ...]) -> None:
    for buffer in buffers:
        for field in buffer.fields:
            access, type_ = invocation_view(ctx, buffer, field)
            if isinstance(type_, ScalarType | VectorType) and is_narrow(type_):
                # Read widened; written by the stores of narrow_storage.py.
                view = wide_view(access, type_)
                ctx.scope.declare(Variable(field.name, view.type, view, False))
                if not buffer.readonly:
                    ctx.narrow_stores.append(NarrowStore(access, type_, widened(type_)))
                continue
            ctx.scope.declare(Variable(field.name, type_, access, not buffer.readonly))
