"""Variables and l-values in lane mode: where `a[i].v.zx` lives, and how to read and write
it for many lanes at once.

Every variable owns one storage array `(slots, W)` (values.py) in a list: the frame's
locals or the run's statics (globals and buffer fields). An l-value's address is a row
offset into that array: a Python int when it is the same in every lane (no index, or a
uniform index), else an int array with one row offset per lane, read and written by fancy
indexing. Storage one lane wide is widened the first time lanes store different values.
Indices are clamped into range, as the scalar interpreter does without its sanitizer:
reconditioned programs never index out of bounds in a lane that runs, and lanes that do
not run compute with whatever they hold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.state import Frame, Mask
from shadersmith.interp.lanes.values import (
    Lanes,
    from_bits,
    homogeneous_kind,
    to_bits,
)
from shadersmith.interp.layout import field_offset, slot_count
from shadersmith.ir.expressions import Expression, Index, Literal, Member, Swizzle, VariableRef
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)

Evaluator = Callable[[Frame, Mask], Lanes]
Address = int | Lanes
AddressFn = Callable[[Frame, Mask], Address]
Reader = Callable[[Frame, Address], Lanes]
Writer = Callable[[Frame, Address, Lanes, Mask], None]


@dataclass(slots=True)
class LaneVariable:
    name: str
    type: Type
    # In the frame's locals, else in the run's statics.
    local: bool
    index: int
    readonly: bool = False


@dataclass(slots=True)
class BufferInstance:
    """A buffer block with an instance name: its fields are reached as `instance.field`."""

    name: str
    fields: dict[str, LaneVariable]


class PlaceCompiler(Protocol):
    def expression(self, expr: Expression) -> Evaluator: ...

    def lookup(self, name: str) -> LaneVariable | BufferInstance: ...

    def runtime_length(self, variable: LaneVariable) -> Callable[[Frame], int]: ...


@dataclass(slots=True)
class Place:
    variable: LaneVariable
    type: Type
    # Row offset of the first slot when `dynamic` is None.
    start: int
    dynamic: AddressFn | None
    # For a swizzle, the rows it names relative to the first slot.
    components: tuple[int, ...] | None

    def address(self) -> AddressFn:
        if self.dynamic is not None:
            return self.dynamic
        start = self.start
        return lambda fr, mask: start


def compile_place(expr: Expression, c: PlaceCompiler) -> Place:
    if isinstance(expr, VariableRef):
        found = c.lookup(expr.name)
        if isinstance(found, BufferInstance):
            raise InterpreterError(f"buffer instance {expr.name} is not a value")
        return Place(found, found.type, 0, None, None)
    if isinstance(expr, Member):
        if isinstance(expr.base, VariableRef):
            found = c.lookup(expr.base.name)
            if isinstance(found, BufferInstance):
                field = found.fields.get(expr.field)
                if field is None:
                    raise InterpreterError(f"buffer {found.name} has no field {expr.field}")
                return Place(field, field.type, 0, None, None)
        base = compile_place(expr.base, c)
        if not isinstance(base.type, StructType) or base.components is not None:
            raise InterpreterError(f".{expr.field} on {base.type}")
        return _shifted(base, expr.type, field_offset(base.type, expr.field))
    if isinstance(expr, Swizzle):
        base = compile_place(expr.base, c)
        if isinstance(base.type, ScalarType):
            picked = tuple(0 for _ in expr.components)
        elif base.components is not None:
            picked = tuple(base.components[i] for i in expr.components)
        else:
            picked = expr.components
        if len(picked) == 1:
            return _shifted(base, expr.type, picked[0])
        return Place(base.variable, expr.type, base.start, base.dynamic, picked)
    if isinstance(expr, Index):
        return _index_place(expr, c)
    raise InterpreterError(f"{type(expr).__name__} is not an l-value")


def _shifted(base: Place, type_: Type, by: int) -> Place:
    dynamic = base.dynamic
    if dynamic is not None:
        inner = dynamic

        def shifted(fr: Frame, mask: Mask) -> Address:
            return inner(fr, mask) + by

        dynamic = shifted
    return Place(base.variable, type_, base.start + by, dynamic, None)


def _element_layout(base: Place) -> tuple[int, int | None]:
    """Rows per element and element count (None: a runtime-sized buffer array)."""
    type_ = base.type
    if isinstance(type_, ArrayType):
        return slot_count(type_.element), type_.length
    if isinstance(type_, VectorType):
        return 1, len(base.components) if base.components is not None else type_.size
    if isinstance(type_, MatrixType):
        return type_.rows, type_.columns
    raise InterpreterError(f"{type_} cannot be indexed")


def clamp_index(index: Lanes, bound: int) -> Address:
    """A lane index into [0, bound): a Python int when uniform, else an intp array."""
    if index.shape[-1] == 1:
        i = int(index[0])
        return 0 if i < 0 else min(i, bound - 1)
    return np.clip(index.astype(np.intp), 0, bound - 1)


def _index_place(expr: Index, c: PlaceCompiler) -> Place:
    base = compile_place(expr.base, c)
    size, bound = _element_layout(base)
    components = base.components
    if (
        base.dynamic is None
        and isinstance(expr.index, Literal)
        and bound is not None
        and 0 <= int(expr.index.value) < bound
    ):
        i = int(expr.index.value)
        start = base.start + (components[i] if components is not None else i * size)
        return Place(base.variable, expr.type, start, None, None)
    index_of = c.expression(expr.index)
    base_address = base.address()
    length_of = c.runtime_length(base.variable) if bound is None else None
    picks = np.array(components, np.intp) if components is not None else None

    def offset(fr: Frame, mask: Mask) -> Address:
        at = base_address(fr, mask)
        n = length_of(fr) if length_of is not None else bound
        if not n:
            raise InterpreterError(f"index into the empty runtime-sized {base.variable.name}")
        i = clamp_index(index_of(fr, mask), n)
        if components is not None and picks is not None:
            return at + (components[i] if isinstance(i, int) else picks[i])
        return at + i * size

    return Place(base.variable, expr.type, 0, offset, None)


# ---------------------------------------------------------------- access


def _storage_getter(variable: LaneVariable) -> Callable[[Frame], list[Any]]:
    if variable.local:
        return lambda fr: fr.locals
    return lambda fr: fr.run.statics


def _conversion(place: Place) -> ScalarKind | None:
    """The kind to convert to and from when the place is a homogeneous part of a variable
    held as bits (a struct's float field), else None."""
    if homogeneous_kind(place.variable.type) is not None:
        return None
    return homogeneous_kind(place.type)


def reader(place: Place) -> Reader:
    get = _storage_getter(place.variable)
    index = place.variable.index
    kind = _conversion(place)
    scalar = isinstance(place.type, ScalarType)
    if place.components is not None:
        relative = place.components
    else:
        relative = tuple(range(slot_count(place.type) if not scalar else 1))
    count = len(relative)
    contiguous = place.components is None
    relative_rows = np.array(relative, np.intp)[:, None]

    def read_at(fr: Frame, at: Address) -> Lanes:
        data = get(fr)[index]
        value: Lanes
        if isinstance(at, int):
            if scalar:
                value = data[at]
            elif contiguous:
                value = data[at : at + count]
            else:
                value = data[[at + r for r in relative]]
        else:
            lanes = fr.run.lane_ids if data.shape[1] != 1 else 0
            value = data[at, lanes] if scalar else data[at + relative_rows, lanes]
        return value if kind is None else from_bits(value, kind)

    return read_at


def writer(place: Place) -> Writer:
    get = _storage_getter(place.variable)
    index = place.variable.index
    kind = _conversion(place)
    scalar = isinstance(place.type, ScalarType)
    if place.components is not None:
        relative = place.components
    else:
        relative = tuple(range(slot_count(place.type) if not scalar else 1))
    count = len(relative)
    contiguous = place.components is None
    relative_rows = np.array(relative, np.intp)[:, None]

    def write_at(fr: Frame, at: Address, value: Lanes, mask: Mask) -> None:
        run = fr.run
        holder = get(fr)
        data = holder[index]
        if kind is not None:
            value = to_bits(value, kind)
        if value.dtype != data.dtype:
            # A mistyped IR operation (numpy widening int32 with uint32 to int64, say)
            # must not be stored as if it were right.
            raise InterpreterError(
                f"lane mode: storing {value.dtype} into {place.variable.name} ({data.dtype})"
            )
        full = mask is run.full
        if data.shape[1] != run.count and (
            not full or value.shape[-1] != 1 or not isinstance(at, int)
        ):
            data = np.repeat(data, run.count, axis=1)
            holder[index] = data
        if isinstance(at, int):
            if contiguous:
                target = data[at] if scalar else data[at : at + count]
                if full:
                    target[...] = value
                else:
                    np.copyto(target, value, where=mask)
                return
            rows = [at + r for r in relative]
            if full:
                data[rows] = value
            else:
                data[rows] = np.where(mask, value, data[rows])
            return
        lanes = run.lane_ids
        if scalar:
            spread = np.broadcast_to(value, (run.count,))
            if full:
                data[at, lanes] = spread
            else:
                data[at[mask], lanes[mask]] = spread[mask]
            return
        spread = np.broadcast_to(value, (count, run.count))
        rows_at = at + relative_rows
        if full:
            data[rows_at, lanes] = spread
        else:
            data[rows_at[:, mask], lanes[mask]] = spread[:, mask]

    return write_at
