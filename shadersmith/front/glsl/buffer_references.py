"""Storage buffers read back from the buffer-reference spelling the GLSL emitter writes
for them (emit/glsl.py `_referenced_buffer`, Program.buffer_references):

    layout(buffer_reference, std430, buffer_reference_align = 16) coherent buffer B_ref { ... };
    layout(std430, binding = N) readonly buffer B { B_ref b; };

The first block is a type, not a variable: the parser keeps its members and qualifiers
until the address block names it, and then makes of the two the one StorageBuffer `B`
with instance name `b` that the emitter wrote them from (the reference block's memory
qualifiers, the address block's binding), its name in Program.buffer_references. Any
other use of `buffer_reference` is not ours and is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.front.glsl.declarations import ParsedQualifiers
from shadersmith.ir.program import (
    MEMORY_QUALIFIERS,
    REFERENCE_ALIGN,
    REFERENCE_SUFFIX,
    BufferAccess,
    BufferField,
    StorageBuffer,
)
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.types import StructField, StructType, Type

_REFERENCE_LAYOUT: dict[str, int | None] = {
    "buffer_reference": None,
    "std430": None,
    "buffer_reference_align": REFERENCE_ALIGN,
}


@dataclass(frozen=True)
class ReferenceBlock:
    """A `buffer_reference` block as our emitter writes one: its memory words and fields."""

    name: str
    words: tuple[str, ...]
    fields: tuple[BufferField, ...]

    @property
    def type(self) -> StructType:
        """The type the parser reads the reference's name as, while the address block is
        parsed (its one member): the buffer's fields."""
        return StructType(self.name, tuple(StructField(f.name, f.type) for f in self.fields))

    def buffer(self, block: str, instance: str, binding: int) -> StorageBuffer:
        """The storage buffer `block` (at `binding`, read as `instance`) it stands for."""
        readonly = "readonly" in self.words
        return StorageBuffer(
            block,
            instance,
            binding,
            self.fields,
            BufferAccess.INPUT if readonly else BufferAccess.INPUT_OUTPUT,
            readonly,
            memory=tuple(w for w in MEMORY_QUALIFIERS if w in self.words),
        )


def is_reference_block(qualifiers: ParsedQualifiers) -> bool:
    return any(name == "buffer_reference" for name, _, _ in qualifiers.layout)


def reference_block(
    qualifiers: ParsedQualifiers,
    name: str,
    members: list[tuple[str, Type, Qualifiers]],
    instance: bool,
) -> ReferenceBlock | None:
    """The reference block `name`, or None where it is not as our emitter writes one:
    exactly its layout, a storage word with memory qualifiers, no instance name, plain
    members."""
    layout = {item: value for item, value, _ in qualifiers.layout}
    if layout != _REFERENCE_LAYOUT or instance or not name.endswith(REFERENCE_SUFFIX):
        return None
    if set(qualifiers.words) - {"readonly", *MEMORY_QUALIFIERS} != {"buffer"}:
        return None
    if any(q for _, _, q in members):
        return None
    fields = tuple(BufferField(member, type_) for member, type_, _ in members)
    return ReferenceBlock(name, tuple(qualifiers.words), fields)


def address_binding(
    qualifiers: ParsedQualifiers,
    block: str,
    members: list[tuple[str, Type, Qualifiers]],
    references: dict[str, ReferenceBlock],
    instance: bool,
) -> tuple[ReferenceBlock, str, int] | None:
    """(the reference, the instance name, the binding) of an address block as our
    emitter writes one for the buffer `block`: `layout(std430, binding = N) readonly
    buffer B { B_ref b; };`; None for any other block."""
    layout = {item: value for item, value, _ in qualifiers.layout}
    if instance or set(layout) != {"std430", "binding"} or layout["std430"] is not None:
        return None
    binding = layout["binding"]
    if binding is None or set(qualifiers.words) != {"buffer", "readonly"} or len(members) != 1:
        return None
    member, type_, member_qualifiers = members[0]
    reference = references.get(block + REFERENCE_SUFFIX)
    if reference is None or member_qualifiers or type_ != reference.type:
        return None
    return reference, member, binding
