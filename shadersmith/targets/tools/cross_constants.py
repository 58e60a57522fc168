"""spirv-cross's GLSL with a job's specialization constants set to their VALUEs.

For OpenGL, spirv-cross writes a specialization constant as
`#ifndef SPIRV_CROSS_CONSTANT_ID_N` / `#define SPIRV_CROSS_CONSTANT_ID_N DEFAULT` /
`#endif` / `const T K = SPIRV_CROSS_CONSTANT_ID_N;` (2021.01.15 and later): its way of
letting the application specialise the text. Defining each macro right after `#version`
gives the GL driver the VALUE a Vulkan pipeline sets, and leaves spirv-cross's own text
(and its handling of the derived constants, OpSpecConstantOp) as it wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.emit.glsl import emit_expression
from shadersmith.ir.expressions import Literal
from shadersmith.ir.specialization import SpecializationEntry
from shadersmith.ir.types import BOOL, INT, UINT

_TYPES = {"int": INT, "uint": UINT, "bool": BOOL}


def _value_text(type_name: str, value: int) -> str:
    type_ = _TYPES[type_name]
    literal = Literal(type_, bool(value) if type_ is BOOL else value)
    return f"({emit_expression(literal)})"


def with_constant_values(text: str, entries: Sequence[SpecializationEntry]) -> str:
    """`text` (spirv-cross's GLSL) with a `#define SPIRV_CROSS_CONSTANT_ID_N VALUE` line
    per entry after its `#version` line (the first line, as spirv-cross writes it)."""
    if not entries:
        return text
    defines = "".join(
        f"#define SPIRV_CROSS_CONSTANT_ID_{constant_id} {_value_text(type_name, value)}\n"
        for constant_id, type_name, value in entries
    )
    first, newline, rest = text.partition("\n")
    if not first.startswith("#version"):
        return defines + text
    return first + newline + defines + rest
