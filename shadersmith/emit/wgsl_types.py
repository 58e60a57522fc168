"""WGSL spellings of IR types and literals.

Layout: the harness writes storage buffers in std430 and uniform blocks in std140
(targets/runners/std430.py). WGSL's storage address space lays out scalars, vectors (vec3 aligned
to 16, 12 bytes long), arrays (stride = element size rounded up to its alignment) and
structs exactly as std430 does, so a storage struct needs no `@align`/`@size`. WGSL's
uniform address space matches std140 for scalars, vectors and arrays of vec3/vec4 (stride
16 in both), but rejects an array whose stride is not a multiple of 16 where std140 would
pad `int[4]` to stride 16: the WGSL profile keeps such arrays out of uniform blocks
(LanguageProfile.uniform_arrays_of_wide_vectors_only), and `check_uniform_layout` refuses
them rather than emit a type whose bytes would differ from what the runner writes.
"""

from __future__ import annotations

import math

from shadersmith.ir.expressions import Literal
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
    VoidType,
)

INT_MIN = -(2**31)


class WGSLEmitError(ValueError):
    """The program holds something WGSL cannot express (or the emitter does not yet)."""


_SCALAR_NAMES = {
    ScalarKind.BOOL: "bool",
    ScalarKind.INT: "i32",
    ScalarKind.UINT: "u32",
    ScalarKind.FLOAT: "f32",
}


def scalar_name(kind: ScalarKind) -> str:
    return _SCALAR_NAMES[kind]


def _scalar_text(kind: ScalarKind, bits: int, whole: Type) -> str:
    """`f16` for a half (`enable f16;`, emit/wgsl.py), else the 32-bit names: WGSL has no
    64-, 16- or 8-bit integers and no f64."""
    if bits == 16 and kind is ScalarKind.FLOAT:
        return "f16"
    if bits != 32:
        raise WGSLEmitError(f"WGSL has no {bits}-bit {kind.value} ({whole})")
    return _SCALAR_NAMES[kind]


def type_text(type_: Type) -> str:
    """`i32`, `vec3<u32>`, `array<vec4<f32>, 3>`, `S`."""
    if isinstance(type_, ScalarType):
        return _scalar_text(type_.kind, type_.bits, type_)
    if isinstance(type_, VectorType):
        return f"vec{type_.size}<{_scalar_text(type_.kind, type_.bits, type_)}>"
    if isinstance(type_, MatrixType):
        # `mat2x3<f16>` (a half's matrix, `enable f16;`); no double one.
        scalar = _scalar_text(ScalarKind.FLOAT, type_.bits, type_)
        return f"mat{type_.columns}x{type_.rows}<{scalar}>"
    if isinstance(type_, ArrayType):
        element = type_text(type_.element)
        return f"array<{element}>" if type_.length is None else f"array<{element}, {type_.length}>"
    if isinstance(type_, StructType):
        return type_.name
    if isinstance(type_, VoidType | OpaqueType):
        raise WGSLEmitError(f"no WGSL value type for {type_}")
    raise TypeError(f"not a type: {type_!r}")


def with_kind(type_: Type, kind: ScalarKind) -> Type:
    """`type_`'s shape with `kind` components: (vec3<i32>, UINT) -> vec3<u32>."""
    if isinstance(type_, ScalarType):
        return ScalarType(kind)
    if isinstance(type_, VectorType):
        return VectorType(kind, type_.size)
    raise WGSLEmitError(f"{type_} has no {kind.value} form")


def literal_text(literal: Literal) -> str:
    """Every number carries its type (`5i`, `5u`, `5.0f`): WGSL has no implicit conversion
    of a concrete value, and an unsuffixed literal would be abstract."""
    value = literal.value
    kind = literal.type.kind
    half = literal.type.bits == 16 and kind is ScalarKind.FLOAT
    if literal.type.bits != 32 and not half:
        raise WGSLEmitError(f"WGSL has no {literal.type.bits}-bit literal ({literal.type})")
    if kind is ScalarKind.BOOL:
        return "true" if value else "false"
    if kind is ScalarKind.INT:
        number = int(value)
        # `-2147483648i` is the negation of 2147483648i, which is out of range; the
        # abstract integer converts.
        return "i32(-2147483648)" if number == INT_MIN else f"{number}i"
    if kind is ScalarKind.UINT:
        return f"{int(value)}u"
    real = float(value)
    if math.isnan(real) or math.isinf(real):
        raise WGSLEmitError(f"float literal {real} has no WGSL spelling")
    suffix = "h" if half else "f"
    if real.is_integer() and abs(real) < 1e15:
        return f"{int(real)}.0{suffix}"
    text = repr(real)
    if "." not in text and "e" not in text:
        text += ".0"
    return text + suffix


def is_negative_literal(literal: Literal) -> bool:
    return literal.type.kind is not ScalarKind.BOOL and literal.value < 0


def check_uniform_layout(type_: Type) -> None:
    """Refuse a uniform-block member whose WGSL layout would differ from std140 (see the
    module docstring)."""
    if isinstance(type_, ArrayType):
        element = type_.element
        wide = isinstance(element, VectorType) and element.size >= 3
        if not wide and not isinstance(element, StructType | ArrayType | MatrixType):
            raise WGSLEmitError(
                f"uniform array {type_}: WGSL needs a 16-byte stride (std140 pads it, "
                "WGSL rejects it); the WGSL profile keeps such arrays out of uniform blocks"
            )
        check_uniform_layout(element)
    if isinstance(type_, StructType):
        for field in type_.fields:
            check_uniform_layout(field.type)
