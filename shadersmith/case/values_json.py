"""Input values as JSON, decoded against their declared type so a corrupt file fails
loudly (a one-line TestCaseError), never as a wrong input. A struct's value is a list of
its members' values in declaration order, as `shadersmith.ir.values` holds it (the
field's type name, beside it in test.json, names the members)."""

from __future__ import annotations

from typing import Any

from shadersmith.case.inputs import TestCaseError
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, StructType, Type, VectorType
from shadersmith.ir.values import Value


def value_to_json(value: Value) -> Any:
    if isinstance(value, tuple):
        return [value_to_json(v) for v in value]
    return value


def value_from_json(data: Any, type_: Type, where: str) -> Value:
    if isinstance(type_, ArrayType):
        if not isinstance(data, list) or (type_.length is not None and len(data) != type_.length):
            raise TestCaseError(f"{where}: expected a list for {type_}")
        return tuple(value_from_json(item, type_.element, where) for item in data)
    if isinstance(type_, VectorType):
        if not isinstance(data, list) or len(data) != type_.size:
            raise TestCaseError(f"{where}: expected {type_.size} components for {type_}")
        return tuple(value_from_json(item, type_.component, where) for item in data)
    if isinstance(type_, StructType):
        if not isinstance(data, list) or len(data) != len(type_.fields):
            raise TestCaseError(f"{where}: expected {len(type_.fields)} members for {type_}")
        return tuple(
            value_from_json(item, field.type, f"{where}.{field.name}")
            for item, field in zip(data, type_.fields, strict=True)
        )
    if isinstance(type_, ScalarType):
        return _scalar_from_json(data, type_.kind, where, type_.bits)
    raise TestCaseError(f"{where}: type {type_} cannot be stored in a buffer")


def _scalar_from_json(data: Any, kind: ScalarKind, where: str, bits: int = 32) -> Value:
    if kind is ScalarKind.BOOL:
        if not isinstance(data, bool):
            raise TestCaseError(f"{where}: expected a bool, got {data!r}")
        return data
    if kind is ScalarKind.FLOAT:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise TestCaseError(f"{where}: expected a number, got {data!r}")
        return float(data)
    # An integer of its own width's range (int8_t ... uint64_t).
    low, high = (-(2 ** (bits - 1)), 2 ** (bits - 1)) if kind is ScalarKind.INT else (0, 2**bits)
    if isinstance(data, bool) or not isinstance(data, int) or not low <= data < high:
        raise TestCaseError(f"{where}: expected a {kind.value} in [{low}, {high}), got {data!r}")
    return data
