"""Flat layout of values: every value of a composite type is a run of scalar slots.

Inside the interpreter a scalar is a Python bool, int or float, and every other value
(vector, matrix, array, struct) is a flat tuple of its scalars in declaration order
(matrices column by column). Storage is a list of such slots, so a variable of type T
occupies `slot_count(T)` consecutive slots and every scalar component has its own address:
that is what lets the sanitizer track initialisation and accesses per component.
Nested values (`shadersmith.ir.values`) appear only at the buffer boundary.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from shadersmith.interp.arithmetic import INT_MAX, INT_MIN, UINT_MAX, integer_range, to_float32
from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
    VoidType,
)
from shadersmith.ir.values import ScalarValue, Value


def slot_count(type_: Type, runtime_length: int | None = None) -> int:
    """Scalar slots of a value of `type_`; a runtime-sized array needs `runtime_length`."""
    if isinstance(type_, ScalarType):
        return 1
    if isinstance(type_, VectorType):
        return type_.size
    if isinstance(type_, MatrixType):
        return type_.columns * type_.rows
    if isinstance(type_, ArrayType):
        length = type_.length if type_.length is not None else runtime_length
        if length is None:
            raise ValueError(f"{type_} has no length outside a buffer")
        return length * slot_count(type_.element)
    if isinstance(type_, StructType):
        return sum(slot_count(f.type) for f in type_.fields)
    raise ValueError(f"{type_} has no value")


@lru_cache(maxsize=4096)
def slot_kinds(type_: Type, runtime_length: int | None = None) -> tuple[ScalarKind, ...]:
    """The scalar kind of each slot of `type_`, in layout order."""
    if isinstance(type_, ScalarType | VectorType):
        return (type_.kind,) * slot_count(type_)
    if isinstance(type_, MatrixType):
        return (ScalarKind.FLOAT,) * slot_count(type_)
    if isinstance(type_, ArrayType):
        length = type_.length if type_.length is not None else runtime_length
        return slot_kinds(type_.element) * (length or 0)
    if isinstance(type_, StructType):
        return tuple(k for f in type_.fields for k in slot_kinds(f.type))
    raise ValueError(f"{type_} has no value")


@lru_cache(maxsize=4096)
def float_slots(type_: Type, runtime_length: int | None = None) -> tuple[int, ...]:
    """Indices of the float slots of `type_`."""
    kinds = slot_kinds(type_, runtime_length)
    return tuple(i for i, kind in enumerate(kinds) if kind is ScalarKind.FLOAT)


def field_offset(struct: StructType, name: str) -> int:
    offset = 0
    for candidate in struct.fields:
        if candidate.name == name:
            return offset
        offset += slot_count(candidate.type)
    raise KeyError(f"struct {struct.name} has no field {name}")


ZERO: dict[ScalarKind, ScalarValue] = {
    ScalarKind.BOOL: False,
    ScalarKind.INT: 0,
    ScalarKind.UINT: 0,
    ScalarKind.FLOAT: 0.0,
}


def zero_slots(type_: Type) -> list[ScalarValue]:
    return [ZERO[kind] for kind in slot_kinds(type_)]


def zero_value(type_: Type) -> ScalarValue | tuple[ScalarValue, ...]:
    """The all-zero flat value of `type_`."""
    if isinstance(type_, ScalarType):
        return ZERO[type_.kind]
    if isinstance(type_, VoidType):
        raise ValueError("void has no value")
    return tuple(zero_slots(type_))


def normalise_scalar(value: object, kind: ScalarKind, where: str, bits: int = 32) -> ScalarValue:
    """Check an input scalar against its kind (and an integer's width) and bring floats
    to float32."""
    if kind is ScalarKind.BOOL:
        if isinstance(value, bool):
            return value
    elif kind is ScalarKind.FLOAT:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return to_float32(float(value))
        if isinstance(value, Interval | Unbounded):
            # The interval float mode's values fed on (a vertex shader's flat varyings:
            # interp/vertex.py), as they are.
            return value  # type: ignore[return-value]
    elif isinstance(value, int) and not isinstance(value, bool):
        low, high = (INT_MIN, INT_MAX) if kind is ScalarKind.INT else (0, UINT_MAX)
        if bits != 32:
            low, high = integer_range(kind is ScalarKind.INT, bits)
        if low <= value <= high:
            return value
        raise ValueError(f"{where}: {value} is out of range for {kind.value}")
    raise ValueError(f"{where}: {value!r} is not a {kind.value}")


def flatten(value: Value, type_: Type, where: str) -> list[ScalarValue]:
    """A nested input value as flat slots, checked against `type_` (a runtime-sized
    array takes the length of the value)."""
    if isinstance(type_, ScalarType):
        return [normalise_scalar(value, type_.kind, where, type_.bits)]
    if not isinstance(value, tuple | list):
        raise ValueError(f"{where}: expected a sequence for {type_}, got {value!r}")
    if isinstance(type_, VectorType):
        _check_length(value, type_.size, where)
        return [normalise_scalar(v, type_.kind, where, type_.bits) for v in value]
    if isinstance(type_, MatrixType):
        _check_length(value, type_.columns, where)
        return [s for column in value for s in flatten(column, type_.column_type, where)]
    if isinstance(type_, ArrayType):
        if type_.length is not None:
            _check_length(value, type_.length, where)
        return [
            s for i, item in enumerate(value) for s in flatten(item, type_.element, f"{where}[{i}]")
        ]
    if isinstance(type_, StructType):
        _check_length(value, len(type_.fields), where)
        return [
            s
            for item, field in zip(value, type_.fields, strict=True)
            for s in flatten(item, field.type, f"{where}.{field.name}")
        ]
    raise ValueError(f"{where}: {type_} cannot hold a value")


def _check_length(value: Sequence[object], expected: int, where: str) -> None:
    if len(value) != expected:
        raise ValueError(f"{where}: expected {expected} items, got {len(value)}")


def unflatten(slots: Sequence[object], type_: Type) -> Value:
    """Flat slots as the nested value of `type_` (a runtime-sized array takes all slots)."""
    value, used = _unflatten_at(slots, 0, type_, len(slots))
    if used != len(slots):
        raise ValueError(f"{len(slots)} slots do not make one {type_}")
    return value


def _plain(slot: object) -> ScalarValue:
    # InexactFloat is a float subclass; outputs hold plain floats.
    if isinstance(slot, float):
        return float(slot)
    if isinstance(slot, bool | int):
        return slot
    if isinstance(slot, Interval | Unbounded):
        # The interval float mode's outputs (float_mode.py): judged by oracle/intervals.py.
        return slot  # type: ignore[return-value]
    raise ValueError(f"slot holds {slot!r}, not a scalar")


def _unflatten_at(slots: Sequence[object], start: int, type_: Type, end: int) -> tuple[Value, int]:
    if isinstance(type_, ScalarType):
        return _plain(slots[start]), start + 1
    if isinstance(type_, VectorType):
        stop = start + type_.size
        return tuple(_plain(s) for s in slots[start:stop]), stop
    if isinstance(type_, MatrixType):
        columns = []
        for _ in range(type_.columns):
            column, start = _unflatten_at(slots, start, type_.column_type, end)
            columns.append(column)
        return tuple(columns), start
    if isinstance(type_, ArrayType):
        element_size = slot_count(type_.element)
        if type_.length is not None:
            length = type_.length
        else:
            length = (end - start) // element_size if element_size else 0
        items = []
        for _ in range(length):
            item, start = _unflatten_at(slots, start, type_.element, end)
            items.append(item)
        return tuple(items), start
    if isinstance(type_, StructType):
        fields = []
        for field in type_.fields:
            item, start = _unflatten_at(slots, start, field.type, end)
            fields.append(item)
        return tuple(fields), start
    raise ValueError(f"{type_} cannot hold a value")
