"""The buffer contents that go with a reconditioned program.

- Every field of every buffer gets contents: those given, or the defaults (runtime-sized
  arrays: `DEFAULT_RUNTIME_ARRAY_LENGTH` elements), so that nothing the shader reads is
  left to the harness (seed 004 section 4.3.4, "communication control"). A runtime-sized
  array given no element gets one, so that index bounding has somewhere to point.
  Textures get their texels the same way, under the texture's name.
- Floats are mapped into the exact set S (seed 003 section 4.3): rounded to an integer, and
  zero, non-finite values and magnitudes of 2^24 - 1 or more replaced by 10.0; in interval
  mode into interval_floats.py's bound instead (non-finite ones replaced by 1.0).
- The element count of each runtime-sized array is what index bounding uses as its length:
  the IR has no `.length()`, and the harness allocates exactly the values it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from shadersmith.ir.program import Program, StorageBuffer
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value
from shadersmith.recondition.build import EXACT_LIMIT, FLOAT_DEFAULT, HALF_EXACT_LIMIT
from shadersmith.recondition.defaults import default_value
from shadersmith.recondition.interval_floats import bounded_float


def exact_float(value: float, limit: float = EXACT_LIMIT) -> float:
    """The member of S standing for `value` (of S16 with `limit` build.HALF_EXACT_LIMIT)."""
    if not math.isfinite(value):
        return FLOAT_DEFAULT
    rounded = float(round(value))
    if rounded == 0.0 or abs(rounded) >= limit:
        return FLOAT_DEFAULT
    return rounded


def _mapped_value(type_: Type, value: Value, mapping: Callable[[float], float]) -> Value:
    """`value` with every float in it replaced by `mapping` of it."""
    if isinstance(type_, ScalarType):
        if (
            type_.kind is ScalarKind.FLOAT
            and isinstance(value, float | int)
            and not isinstance(value, bool)
        ):
            mapped = mapping(float(value))
            if type_.bits == 16 and not abs(mapped) < HALF_EXACT_LIMIT:
                # A half field holds S16 (what float16_t holds exactly, build.py).
                return exact_float(mapped, HALF_EXACT_LIMIT)
            return mapped
        return value
    if not isinstance(value, tuple):
        return value
    if isinstance(type_, VectorType):
        return tuple(_mapped_value(type_.component, v, mapping) for v in value)
    if isinstance(type_, MatrixType):
        return tuple(_mapped_value(type_.column_type, v, mapping) for v in value)
    if isinstance(type_, ArrayType):
        return tuple(_mapped_value(type_.element, v, mapping) for v in value)
    if isinstance(type_, StructType):
        fields = zip(type_.fields, value, strict=False)
        return tuple(_mapped_value(f.type, v, mapping) for f, v in fields)
    return value


def _contains_float(type_: Type) -> bool:
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind is ScalarKind.FLOAT
    if isinstance(type_, MatrixType):
        return True
    if isinstance(type_, ArrayType):
        return _contains_float(type_.element)
    if isinstance(type_, StructType):
        return any(_contains_float(f.type) for f in type_.fields)
    return False


def _is_runtime_array(type_: Type) -> bool:
    return isinstance(type_, ArrayType) and type_.length is None


def complete_buffer_values(
    program: Program, values: BufferValues, *, exact_floats: bool, interval_floats: bool = False
) -> BufferValues:
    """Contents for every buffer field, floats in S when `exact_floats`, within interval
    mode's bound when `interval_floats`; `values` is not modified."""
    mapping: Callable[[float], float] | None = None
    if exact_floats:
        mapping = exact_float
    elif interval_floats:
        mapping = bounded_float
    result: BufferValues = {}
    for buffer in program.buffers:
        given = values.get(buffer.block_name, {})
        contents: dict[str, Value] = {}
        for field in buffer.fields:
            value = given.get(field.name)
            if value is None:
                value = default_value(field.type)
            elif _is_runtime_array(field.type) and value == ():
                assert isinstance(field.type, ArrayType)
                value = (default_value(field.type.element),)
            if mapping is not None and _contains_float(field.type):
                value = _mapped_value(field.type, value, mapping)
            contents[field.name] = value
        # Fields the program does not declare are kept: the caller may know better.
        for name, value in given.items():
            contents.setdefault(name, value)
        result[buffer.block_name] = contents
    for texture in program.textures:
        # A texture's texels, kept under its name like a one-field buffer (ir/program.py).
        texels = values.get(texture.name, {}).get(texture.name)
        if texels is None:
            texels = default_value(texture.texel_type)
        if mapping is not None and texture.element is ScalarKind.FLOAT:
            texels = _mapped_value(texture.texel_type, texels, mapping)
        result[texture.name] = {texture.name: texels}
    for block, contents in values.items():
        result.setdefault(block, dict(contents))
    return result


def runtime_access_name(buffer: StorageBuffer, field_name: str) -> str:
    """How index bounding names a buffer field: `field` or `instance.field`."""
    if buffer.instance_name is None:
        return field_name
    return f"{buffer.instance_name}.{field_name}"


def runtime_array_lengths(program: Program, values: BufferValues) -> dict[str, int]:
    """Element counts of the runtime-sized arrays, by `runtime_access_name`."""
    lengths: dict[str, int] = {}
    for buffer in program.buffers:
        for field in buffer.fields:
            if isinstance(field.type, ArrayType) and field.type.length is None:
                value = values.get(buffer.block_name, {}).get(field.name)
                count = len(value) if isinstance(value, tuple) else 0
                lengths[runtime_access_name(buffer, field.name)] = max(count, 1)
    return lengths
