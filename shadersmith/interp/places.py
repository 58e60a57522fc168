"""L-values: where an expression such as `a[i].v.zx` lives, and closures to read and
write it.

A `Place` is the compile-time description: the variable, a slot offset that is static
where the program allows it (else a closure computing it, with the bounds checks), and for
a swizzle the slots it picks. Accessors then read or write the slots of one evaluation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.evaluation_order import (
    EffectAnalysis,
    LocationNamer,
    access_conflict,
    segment_conflict,
)
from shadersmith.interp.exactness import describe_outside, in_exact_set
from shadersmith.interp.frames import FRAME_ID, GLOBALS, INVOCATION, LOCALS, UNDEF, Frame
from shadersmith.interp.layout import field_offset, float_slots, slot_count
from shadersmith.interp.sites import Site
from shadersmith.interp.variables import Variable
from shadersmith.ir.expressions import Expression, Index, Literal, Member, Swizzle, VariableRef
from shadersmith.ir.types import ArrayType, MatrixType, ScalarType, StructType, Type, VectorType

Evaluator = Callable[[Frame], Any]
OffsetFn = Callable[[Frame], int]


@dataclass(slots=True)
class BufferInstance:
    """A buffer block with an instance name: its fields are reached as `instance.field`."""

    name: str
    fields: dict[str, Variable]


class PlaceCompiler(Protocol):
    """What compiling a place needs from the expression compiler."""

    sanitize: bool
    effects: EffectAnalysis
    # Check the order of unsequenced accesses (GLSL); WGSL evaluates left to right.
    order_checks: bool

    def name_location(self, fr: Frame, location: int) -> str: ...

    def expression(self, expr: Expression, tracked: bool) -> Evaluator: ...

    def lookup(self, name: str) -> Variable | BufferInstance: ...

    def site(self, node: Expression | None) -> Site: ...


@dataclass(slots=True)
class Place:
    variable: Variable
    type: Type
    # Absolute slot offset of the first slot when `dynamic` is None.
    start: int
    # Computes the absolute offset of the first slot at run time (bounds checked).
    dynamic: OffsetFn | None
    # For a swizzle, the slots it names, relative to the first slot.
    components: tuple[int, ...] | None
    # Whether computing the address may write (an index such as `a[i++]`).
    address_may_write: bool
    # Whether accesses are logged for the evaluation-order check (see evaluation_order.py),
    # and whether this access is the outermost logged one, which empties the log after.
    logs: bool
    owns_log: bool

    def relative_slots(self) -> tuple[int, ...]:
        if self.components is not None:
            return self.components
        return tuple(range(slot_count(self.type)))

    def address(self) -> OffsetFn:
        if self.dynamic is not None:
            return self.dynamic
        start = self.start
        return lambda fr: start


def index_expressions(expr: Expression) -> list[Expression]:
    """The index expressions along an l-value chain such as `a[i].v[j]`."""
    found: list[Expression] = []
    while isinstance(expr, Index | Member | Swizzle):
        if isinstance(expr, Index):
            found.append(expr.index)
        expr = expr.base
    return found


def compile_place(
    expr: Expression, c: PlaceCompiler, tracked: bool, *, check_access: bool = True
) -> Place:
    """The place of an l-value expression. `tracked`: the context logs accesses.
    `check_access`: check that the address computation does not write what the access
    touches (not needed for an `out` argument, whose write waits for the callee)."""
    address_writes = (
        check_access
        and c.order_checks
        and any(c.effects.may_write(i) for i in index_expressions(expr))
    )
    logs = tracked or address_writes
    place = _place(expr, c, logs)
    place.owns_log = logs and not tracked
    return place


def _place(expr: Expression, c: PlaceCompiler, logs: bool) -> Place:
    if isinstance(expr, VariableRef):
        found = c.lookup(expr.name)
        if isinstance(found, BufferInstance):
            raise InterpreterError(f"buffer instance {expr.name} is not a value")
        return Place(found, found.type, found.offset, None, None, False, logs, False)
    if isinstance(expr, Member):
        if isinstance(expr.base, VariableRef):
            found = c.lookup(expr.base.name)
            if isinstance(found, BufferInstance):
                field = found.fields.get(expr.field)
                if field is None:
                    raise InterpreterError(f"buffer {found.name} has no field {expr.field}")
                return Place(field, field.type, field.offset, None, None, False, logs, False)
        base = _place(expr.base, c, logs)
        if not isinstance(base.type, StructType) or base.components is not None:
            raise InterpreterError(f".{expr.field} on {base.type}")
        return _shifted(base, expr.type, field_offset(base.type, expr.field))
    if isinstance(expr, Swizzle):
        base = _place(expr.base, c, logs)
        if isinstance(base.type, ScalarType):
            picked = tuple(0 for _ in expr.components)
        elif base.components is not None:
            picked = tuple(base.components[i] for i in expr.components)
        else:
            picked = expr.components
        if len(picked) == 1:
            return _shifted(base, expr.type, picked[0])
        return Place(
            base.variable,
            expr.type,
            base.start,
            base.dynamic,
            picked,
            base.address_may_write,
            logs,
            False,
        )
    if isinstance(expr, Index):
        return _index_place(expr, c, logs)
    raise InterpreterError(f"{type(expr).__name__} is not an l-value")


def _shifted(base: Place, type_: Type, by: int) -> Place:
    """The place `by` slots after the first slot of `base` (a field, one component)."""
    dynamic = base.dynamic
    if dynamic is not None:
        inner = dynamic

        def dynamic_shifted(fr: Frame) -> int:
            return inner(fr) + by

        dynamic = dynamic_shifted
    return Place(
        base.variable,
        type_,
        base.start + by,
        dynamic,
        None,
        base.address_may_write,
        base.logs,
        False,
    )


def _element_layout(type_: Type, base: Place) -> tuple[int, int | None]:
    """Slots per element and element count of an indexable type (None: runtime-sized)."""
    if isinstance(type_, ArrayType):
        return slot_count(type_.element), type_.length
    if isinstance(type_, VectorType):
        return 1, len(base.components) if base.components is not None else type_.size
    if isinstance(type_, MatrixType):
        return type_.rows, type_.columns
    raise InterpreterError(f"{type_} cannot be indexed")


def out_of_bounds(index: int, bound: int, sanitize: bool, site: Site, what: Type) -> int:
    """An index outside [0, bound): the sanitizer raises; otherwise the index is clamped
    (any element is a valid result of undefined behaviour; none exists when bound is 0)."""
    if sanitize or bound == 0:
        raise site.ub(UBCategory.OUT_OF_BOUNDS, f"index {index} outside [0, {bound}) of {what}")
    return 0 if index < 0 else bound - 1


def _index_place(expr: Index, c: PlaceCompiler, logs: bool) -> Place:
    base = _place(expr.base, c, logs)
    size, bound = _element_layout(base.type, base)
    components = base.components
    index_writes = c.effects.may_write(expr.index)
    address_may_write = base.address_may_write or index_writes
    if (
        base.dynamic is None
        and isinstance(expr.index, Literal)
        and bound is not None
        and 0 <= int(expr.index.value) < bound
    ):
        i = int(expr.index.value)
        start = base.start + (components[i] if components is not None else i * size)
        return Place(base.variable, expr.type, start, None, None, False, logs, False)

    index_of = c.expression(expr.index, logs)
    base_offset = base.address()
    site = c.site(expr)
    sanitize = c.sanitize
    buffer = base.variable.buffer
    if bound is None and buffer is None:
        raise InterpreterError(f"runtime-sized array {base.variable.name} outside a buffer")
    what = base.type

    def element(fr: Frame, i: int) -> int:
        n = bound if bound is not None else fr[INVOCATION].runtime_lengths[buffer]
        if not 0 <= i < n:
            i = out_of_bounds(i, n, sanitize, site, what)
        return components[i] if components is not None else i * size

    offset: OffsetFn
    if c.order_checks and base.dynamic is not None and address_may_write:
        # Base address and index are unordered; both may touch memory.
        namer = c.name_location

        def offset(fr: Frame) -> int:
            log = fr[INVOCATION].log
            start = len(log)
            at = base_offset(fr)
            middle = len(log)
            i = index_of(fr)
            conflict = segment_conflict(log, (start, middle, len(log)))
            if conflict is not None:
                location, how = conflict
                raise site.ub(UBCategory.EVALUATION_ORDER, f"{namer(fr, location)} is {how}")
            return at + element(fr, i)

    elif base.dynamic is None:
        fixed = base.start
        if components is None and bound is not None and not sanitize:
            last = bound - 1

            def offset(fr: Frame) -> int:
                i: int = index_of(fr)
                if not 0 <= i <= last:
                    i = 0 if i < 0 else last
                return fixed + i * size

        elif components is None and bound is not None:

            def offset(fr: Frame) -> int:
                i: int = index_of(fr)
                if not 0 <= i < bound:
                    out_of_bounds(i, bound, sanitize, site, what)
                return fixed + i * size

        else:

            def offset(fr: Frame) -> int:
                return fixed + element(fr, index_of(fr))

    else:

        def offset(fr: Frame) -> int:
            return base_offset(fr) + element(fr, index_of(fr))

    return Place(base.variable, expr.type, 0, offset, None, address_may_write, logs, False)


# ---------------------------------------------------------------- accessors


def location_base(variable: Variable) -> Callable[[Frame], int]:
    """Sanitizer location id of slot 0 of the variable's storage root, per activation."""
    root = variable.root
    if root == GLOBALS:
        return lambda fr: 0
    if root == LOCALS:
        return lambda fr: int(fr[FRAME_ID])
    buffer = variable.buffer
    return lambda fr: int(fr[INVOCATION].buffer_ids[buffer])


@dataclass(slots=True)
class Accessors:
    """Run-time access to the slots of a place at an offset that `address` computed."""

    address: OffsetFn
    # Reads; the sanitizer raises on an undefined slot.
    read_at: Callable[[Frame, int], Any]
    # Reads without the check: the copy-in of an `inout` argument carries undefined slots
    # into the callee, where reading them is what counts.
    raw_read_at: Callable[[Frame, int], Any]
    write_at: Callable[[Frame, int, Any], None]
    # Sanitizer location ids of the slots.
    ids_at: Callable[[Frame, int], list[int]]
    # Whether `write_at` only stores (no sanitizer check on the stored value).
    plain_store: bool


def accessors(place: Place, site: Site, sanitize: bool) -> Accessors:
    root = place.variable.root
    relative = place.relative_slots()
    count = len(relative)
    scalar = isinstance(place.type, ScalarType)
    contiguous = place.components is None

    raw_read_at: Callable[[Frame, int], Any]
    if scalar:

        def raw_read_at(fr: Frame, at: int) -> Any:
            return fr[root][at + relative[0]]

    elif contiguous:

        def raw_read_at(fr: Frame, at: int) -> Any:
            return tuple(fr[root][at : at + count])

    else:

        def raw_read_at(fr: Frame, at: int) -> Any:
            slots = fr[root]
            return tuple([slots[at + r] for r in relative])

    read_at = raw_read_at
    if sanitize and place.variable.may_undef:
        name = place.variable.name

        def read_at(fr: Frame, at: int) -> Any:
            value = raw_read_at(fr, at)
            if value is UNDEF or (not scalar and UNDEF in value):
                raise site.ub(UBCategory.UNINITIALISED, f"read of uninitialised {name}")
            return value

    store_at: Callable[[Frame, int, Any], None]
    if scalar:
        first = relative[0]

        def store_at(fr: Frame, at: int, value: Any) -> None:
            fr[root][at + first] = value

    elif contiguous:

        def store_at(fr: Frame, at: int, value: Any) -> None:
            fr[root][at : at + count] = value

    else:

        def store_at(fr: Frame, at: int, value: Any) -> None:
            slots = fr[root]
            for r, v in zip(relative, value, strict=True):
                slots[at + r] = v

    write_at = store_at
    floats = (
        float_slots(place.type)
        if not isinstance(place.type, ArrayType) or (place.type.length is not None)
        else ()
    )
    if sanitize and place.variable.buffer is not None and not place.variable.shared and floats:
        # Storing a float to a buffer observes it: it must be in the exact set S.
        def write_at(fr: Frame, at: int, value: Any) -> None:
            for i in floats:
                v = value if scalar else value[i]
                # Not an Interval or UNBOUNDED: the interval float mode judges those
                # stores itself, in the oracle (float_mode.py).
                if isinstance(v, float) and not in_exact_set(v):
                    raise site.ub(
                        UBCategory.FLOAT_ROUNDOFF,
                        "float stored to a buffer is outside the exact set S: "
                        + describe_outside(v),
                    )
            store_at(fr, at, value)

    base_id = location_base(place.variable)

    def ids_at(fr: Frame, at: int) -> list[int]:
        base = base_id(fr) + at
        return [base + r for r in relative]

    return Accessors(place.address(), read_at, raw_read_at, write_at, ids_at, write_at is store_at)


def logged_access_check(
    fr: Frame, place: Place, ids: list[int], log_start: int, site: Site, namer: LocationNamer
) -> None:
    """Raise when the address computation of this access wrote a slot it accesses."""
    if place.address_may_write:
        location = access_conflict(fr[INVOCATION].log, log_start, ids)
        if location is not None:
            raise site.ub(
                UBCategory.EVALUATION_ORDER,
                f"{namer(fr, location)} is written by the index expression and accessed "
                "by the indexing, unsequenced",
            )


def reader(place: Place, site: Site, sanitize: bool, namer: LocationNamer) -> Evaluator:
    """Evaluator reading the value of a place (an l-value used as an r-value)."""
    root = place.variable.root
    checked = sanitize and place.variable.may_undef
    if not place.logs and not checked and isinstance(place.type, ScalarType):
        if place.dynamic is None:
            at = place.start
            if root == LOCALS:
                return lambda fr: fr[LOCALS][at]
            return lambda fr: fr[root][at]
        dynamic = place.dynamic
        return lambda fr: fr[root][dynamic(fr)]
    acc = accessors(place, site, sanitize)
    if place.logs:
        address, read_at, ids_at = acc.address, acc.read_at, acc.ids_at
        owns_log = place.owns_log

        def logged(fr: Frame) -> Any:
            log = fr[INVOCATION].log
            start = len(log)
            at = address(fr)
            ids = ids_at(fr, at)
            logged_access_check(fr, place, ids, start, site, namer)
            value = read_at(fr, at)
            if owns_log:
                del log[start:]
            else:
                log.extend([i * 2 for i in ids])
            return value

        return logged
    address, read_at = acc.address, acc.read_at
    if place.dynamic is None:
        fixed = place.start
        return lambda fr: read_at(fr, fixed)
    return lambda fr: read_at(fr, address(fr))
