"""Buffer fields of 16- and 8-bit types (issue 36): `float16_t h;`, `i16vec3 s;`,
`uint8_t b;` in storage buffers and uniform blocks (GL_EXT_shader_16bit_storage /
_8bit_storage; Vulkan's storageBuffer16BitAccess and uniformAndStorageBuffer16BitAccess,
8-bit alike; WGSL's f16 in a buffer, `enable f16;`).

One knob for both widths (`SmithOptions.narrow_storage_probability`, `--narrow-storage
P`): at that probability a scalar or vector field of the buffers is narrow, a float one
float16_t and an integer one 16 or 8 bits wide (the profile's halves and small integers
decide what it may use; WGSL has f16 only). The program reads such a field through its
widened value (`vec3(h3)`, `int(s)`: exact, a half's value in S16 and an integer's sign-
or zero-extended), which the rest of the generator sees as any 32-bit variable; a field it
may write gets stores of narrowed 32-bit expressions (`h = float16_t(e)`, `b = uint8_t(e)`)
among the assignments: the reconditioner clamps and brings a half into S16
(recondition/exact_floats.py), an integer wraps at its width as SConvert/UConvert do. The
buffer's bytes are laid out by std430/std140 at the narrow widths (targets/runners/
std430.py), and a device without the storage features answers `unsupported`. At 0 nothing
is drawn and programs are those of before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Construct, Expression
from shadersmith.ir.types import ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.context import GenerationContext


@dataclass(frozen=True)
class NarrowStore:
    """A narrow field the program may write: its access (an l-value), its narrow type and
    the 32-bit type its stores are computed in."""

    access: Expression
    type: ScalarType | VectorType
    wide: ScalarType | VectorType


def narrowed_field(ctx: GenerationContext, element: ScalarType | VectorType) -> Type:
    """`element` at 16 or 8 bits, at the knob's probability and where the profile allows;
    else `element` (no draw at all when the knob is 0)."""
    probability = ctx.options.narrow_storage_probability
    if probability <= 0 or ctx.rng.random() >= probability:
        return element
    if element.kind is ScalarKind.FLOAT:
        bits = 16 if ctx.profile.halves else 32
    elif element.kind.is_integer and ctx.profile.small_ints:
        bits = ctx.rng.choice((8, 16))
    else:
        bits = 32
    return at_width(element, bits)


def at_width(type_: ScalarType | VectorType, bits: int) -> ScalarType | VectorType:
    """`type_` with components `bits` wide."""
    if isinstance(type_, VectorType):
        return VectorType(type_.kind, type_.size, bits)
    return ScalarType(type_.kind, bits)


def is_narrow(type_: Type) -> bool:
    return isinstance(type_, ScalarType | VectorType) and type_.bits in (8, 16)


def widened(type_: ScalarType | VectorType) -> ScalarType | VectorType:
    if isinstance(type_, VectorType):
        return VectorType(type_.kind, type_.size)
    return ScalarType(type_.kind)


def wide_view(access: Expression, type_: ScalarType | VectorType) -> Expression:
    """How the program reads a narrow field: its value converted to 32 bits."""
    return Construct(widened(type_), (access,))


def narrow_value(value: int | float, type_: ScalarType) -> int | float:
    """A 32-bit draw's value as a narrow field's initial contents: an integer wrapped to
    the width (a float is mapped into S16 by the reconditioner's buffer values)."""
    if type_.kind is ScalarKind.FLOAT or not isinstance(value, int):
        return value
    bits = type_.bits
    value &= (1 << bits) - 1
    if type_.kind is ScalarKind.INT and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value
