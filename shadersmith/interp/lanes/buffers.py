"""Buffer contents in and out of lane storage: nested `BufferValues` per lane (or one for
every lane) to `(slots, W)` arrays, and back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.places import LaneVariable
from shadersmith.interp.lanes.values import (
    DTYPES,
    Lanes,
    dtype_of,
    from_bits,
    homogeneous_kind,
    to_bits,
)
from shadersmith.interp.layout import flatten, slot_count, slot_kinds, unflatten, zero_slots
from shadersmith.ir.program import StorageBuffer
from shadersmith.ir.types import ArrayType, MatrixType, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value


def _runtime_sized(type_: Type) -> bool:
    return isinstance(type_, ArrayType) and type_.length is None


def _kinds(type_: Type, length: int) -> tuple[ScalarKind, ...]:
    return slot_kinds(type_, length if _runtime_sized(type_) else None)


def _to_array(lanes: list[list[Any]], type_: Type, length: int) -> Lanes:
    """Flat slots of each lane (all equally long) as one `(slots, lanes)` array."""
    kind = homogeneous_kind(type_)
    if kind is not None:
        rows = len(lanes[0])
        return np.array(lanes, dtype_of(type_)).reshape(len(lanes), rows).T.copy()
    columns = list(zip(*lanes, strict=True))
    out = np.empty((len(columns), len(lanes)), np.uint32)
    for row, (column, slot_kind) in enumerate(zip(columns, _kinds(type_, length), strict=True)):
        out[row] = to_bits(np.array(column, DTYPES[slot_kind]), slot_kind)
    return out


def _grid(type_: Type) -> tuple[int, ...] | None:
    """The shape numpy gives a nested value of `type_` (a vector (size,), a matrix
    (columns, rows), an array (length, *element)); None when the value is not such a
    block of one kind (a struct, a runtime-sized array)."""
    if isinstance(type_, ScalarType):
        return ()
    if isinstance(type_, VectorType):
        return (type_.size,)
    if isinstance(type_, MatrixType):
        return (type_.columns, type_.rows)
    if isinstance(type_, ArrayType) and type_.length is not None:
        inner = _grid(type_.element)
        return None if inner is None else (type_.length, *inner)
    return None


def _rectangular(values: list[Value | None], type_: Type) -> Lanes | None:
    """The fast way in for a field whose values numpy converts at once (every lane gives
    it, numbers of one kind in a block shape); None sends the field the checked way, which
    also reports bad input. Bools go the checked way: numpy would take 1 for True."""
    kind = homogeneous_kind(type_)
    grid = _grid(type_)
    if kind is None or kind is ScalarKind.BOOL or grid is None or None in values:
        return None
    try:
        with np.errstate(all="ignore"):
            array = np.array(values, dtype_of(type_))
    except (ValueError, TypeError, OverflowError):
        return None
    if array.shape != (len(values), *grid):
        return None
    return np.ascontiguousarray(array.reshape(len(values), -1).T)


def _tuples(items: list[Any], depth: int) -> list[Any]:
    """Nested lists `depth` levels deep (below the lane level) as nested tuples."""
    if depth == 0:
        return items
    if depth == 1:
        return [tuple(item) for item in items]
    return [tuple(_tuples(item, depth - 1)) for item in items]


def _element_slots(type_: Type) -> int:
    assert isinstance(type_, ArrayType)
    return max(slot_count(type_.element), 1)


def buffer_storage(
    buffers: Sequence[tuple[StorageBuffer, list[LaneVariable]]],
    lanes: Sequence[BufferValues],
) -> tuple[dict[int, Lanes], dict[int, int]]:
    """Initial storage of every buffer field from each lane's values (one entry: the
    same for every lane, stored one lane wide), and each runtime-sized array's length."""
    storage: dict[int, Lanes] = {}
    lengths: dict[int, int] = {}
    for buffer, fields in buffers:
        for variable in fields:
            where = f"buffer {buffer.block_name} field {variable.name}"
            fast = _rectangular(
                [values.get(buffer.block_name, {}).get(variable.name) for values in lanes],
                variable.type,
            )
            if fast is not None:
                storage[variable.index] = fast
                continue
            per_lane: list[list[Any]] = []
            for values in lanes:
                given = values.get(buffer.block_name, {})
                if variable.name in given:
                    per_lane.append(flatten(given[variable.name], variable.type, where))
                elif _runtime_sized(variable.type):
                    per_lane.append([])
                else:
                    per_lane.append(list(zero_slots(variable.type)))
            length = 0
            if _runtime_sized(variable.type):
                counts = {len(slots) // _element_slots(variable.type) for slots in per_lane}
                if len(counts) != 1:
                    raise InterpreterError(
                        f"{where}: lanes give runtime-sized arrays of different lengths"
                    )
                length = counts.pop()
                lengths[variable.index] = length
            storage[variable.index] = _to_array(per_lane, variable.type, length)
    return storage, lengths


def lane_value(data: Lanes, type_: Type, count: int, length: int) -> list[Value]:
    """Each lane's nested value of a variable from its storage."""
    data = np.broadcast_to(data, (data.shape[0], count))
    kind = homogeneous_kind(type_)
    grid = _grid(type_)
    if kind is not None and grid is not None:
        return _tuples(data.T.reshape(count, *grid).tolist(), len(grid))
    if kind is not None:
        per_lane = data.T.tolist()
    else:
        kinds = _kinds(type_, length)
        rows = [from_bits(data[r], k).tolist() for r, k in enumerate(kinds)]
        per_lane = [list(lane) for lane in zip(*rows, strict=True)] if rows else [[]] * count
    return [unflatten(slots, type_) for slots in per_lane]


def read_back(
    buffers: Sequence[tuple[StorageBuffer, list[LaneVariable]]],
    statics: list[Lanes],
    lengths: dict[int, int],
    count: int,
) -> list[BufferValues]:
    """Every lane's final buffers, shaped like `run_compute(...).buffers`."""
    results: list[BufferValues] = [{} for _ in range(count)]
    for buffer, fields in buffers:
        for result in results:
            result[buffer.block_name] = {}
        for variable in fields:
            values = lane_value(
                statics[variable.index], variable.type, count, lengths.get(variable.index, 0)
            )
            for result, value in zip(results, values, strict=True):
                result[buffer.block_name][variable.name] = value
    return results
