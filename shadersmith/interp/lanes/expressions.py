"""Compile IR expressions into closures `(frame, mask) -> lane value`.

Every lane computes every operator, running or not (values.py); the mask matters only to
what writes: assignments, ++/--, out arguments and calls store into the lanes of the mask
alone. So ?:, && and || evaluate a side with side effects under the mask of the lanes
that choose it, and a side without any for every lane (then select), which is cheaper.
Operands are evaluated in the scalar interpreter's order. A value read from a variable
may be a view of its storage, which a later write changes in place: an operand is copied
when an operand evaluated after it may write (effects.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from shadersmith.interp.arithmetic import to_float32
from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.builtins import lane_builtin
from shadersmith.interp.lanes.constructors import constructor
from shadersmith.interp.lanes.effects import Effects
from shadersmith.interp.lanes.operators import binary_operator, one_of, unary_operator
from shadersmith.interp.lanes.places import (
    Address,
    AddressFn,
    BufferInstance,
    Evaluator,
    LaneVariable,
    Place,
    Reader,
    Writer,
    clamp_index,
    compile_place,
    reader,
    writer,
)
from shadersmith.interp.lanes.state import (
    Frame,
    Mask,
    any_lane,
    where_false,
    where_true,
)
from shadersmith.interp.lanes.values import (
    Lanes,
    as_rows,
    constant,
    homogeneous_kind,
    value_from_bits,
    zeros,
)
from shadersmith.interp.layout import field_offset, slot_count
from shadersmith.ir.expressions import (
    ArrayLength,
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.expressions import Sequence as SequenceExpr
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Function, ParamQualifier
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VoidType,
)

# What a void call gives (only ever discarded).
VOID_VALUE = np.zeros(1, np.bool_)
# Built-ins that order memory; a single invocation has nothing to order.
_MEMORY_BARRIERS = frozenset(
    {
        "memoryBarrier",
        "memoryBarrierShared",
        "memoryBarrierBuffer",
        "memoryBarrierImage",
        "groupMemoryBarrier",
    }
)

Body = Callable[[Frame, Mask], Mask]


@dataclass(slots=True)
class LaneFunction:
    """A compiled user function: its parameters' local slots and its body."""

    function: Function
    # Local slot of each parameter, in order.
    param_slots: tuple[int, ...]
    local_count: int
    body: Body

    @property
    def param_types(self) -> tuple[Type, ...]:
        return tuple(p.type for p in self.function.params)


class ProgramScope:
    """What every function of a program shares."""

    def __init__(self, names: dict[str, LaneVariable | BufferInstance]) -> None:
        self.names = names
        self.effects = Effects()
        self.functions: dict[str, list[LaneFunction]] = {}


def own(value: Lanes) -> Lanes:
    """New storage holding `value` (2-D, contiguous, not shared with anything)."""
    return as_rows(np.array(value))


def _snapshot(evaluate: Evaluator) -> Evaluator:
    return lambda fr, mask: np.array(evaluate(fr, mask))


def _literal_value(node: Literal) -> Lanes:
    kind, bits = node.type.kind, node.type.bits
    if kind is ScalarKind.FLOAT and bits != 32:
        # A double's value, or a half's (numpy float16 rounds it as binary16 does).
        return constant(float(node.value), kind, bits)
    if kind is ScalarKind.FLOAT:
        return constant(to_float32(float(node.value)), kind)
    if kind is ScalarKind.BOOL:
        return constant(bool(node.value), kind)
    return constant(int(node.value), kind, bits)


def _is_place(expr: Expression) -> bool:
    while isinstance(expr, Swizzle | Index | Member):
        expr = expr.base
    return isinstance(expr, VariableRef)


def _element_layout(type_: Type) -> tuple[int, int]:
    """For indexing an r-value: rows per element and element count."""
    if isinstance(type_, ArrayType) and type_.length is not None:
        return slot_count(type_.element), type_.length
    if isinstance(type_, MatrixType):
        return type_.rows, type_.columns
    if isinstance(type_, ScalarType):
        raise InterpreterError(f"{type_} cannot be indexed")
    return 1, slot_count(type_)


class ExpressionCompiler:
    """Compiles the expressions of one function."""

    def __init__(
        self,
        program: ProgramScope,
        function_name: str,
        lookup_local: Callable[[str], LaneVariable | None],
    ) -> None:
        self.program = program
        self.effects = program.effects
        self.function_name = function_name
        self._lookup_local = lookup_local
        self._dispatch: dict[type, Callable[[Any], Evaluator]] = {
            Literal: self._literal,
            VariableRef: self._place_read,
            Unary: self._unary,
            IncDec: self._incdec,
            Binary: self._binary,
            Assign: self._assign,
            Ternary: self._ternary,
            Construct: self._construct,
            Swizzle: self._swizzle,
            Index: self._index,
            Member: self._member,
            Call: self._call,
            SequenceExpr: self._sequence,
            ArrayLength: self._array_length,
        }

    # ------------------------------------------------------------ PlaceCompiler

    def lookup(self, name: str) -> LaneVariable | BufferInstance:
        found = self._lookup_local(name)
        if found is not None:
            return found
        shared = self.program.names.get(name)
        if shared is None:
            raise InterpreterError(f"{self.function_name}: unknown variable {name}")
        return shared

    def runtime_length(self, variable: LaneVariable) -> Callable[[Frame], int]:
        index = variable.index
        if variable.local:
            raise InterpreterError(f"runtime-sized array {variable.name} outside a buffer")
        return lambda fr: fr.run.runtime_lengths[index]

    def expression(self, expr: Expression) -> Evaluator:
        compile_node = self._dispatch.get(type(expr))
        if compile_node is None:
            raise InterpreterError(f"lane mode: unknown expression {type(expr).__name__}")
        return compile_node(expr)

    def ordered(self, exprs: Sequence[Expression]) -> list[Evaluator]:
        """Evaluators of operands evaluated left to right, each copied when a later one
        may write (its value could be a view of what that write changes)."""
        evaluators = [self.expression(e) for e in exprs]
        writes = [self.effects.may_write(e) for e in exprs]
        for i, expr in enumerate(exprs):
            if any(writes[i + 1 :]) and not isinstance(expr, Literal):
                evaluators[i] = _snapshot(evaluators[i])
        return evaluators

    def first(self, expr: Expression, later: Sequence[Expression]) -> Evaluator:
        """The evaluator of `expr`, copied when one of the `later` operands may write."""
        evaluate = self.expression(expr)
        if isinstance(expr, Literal) or not any(self.effects.may_write(e) for e in later):
            return evaluate
        return _snapshot(evaluate)

    # ------------------------------------------------------------ leaves and places

    def _literal(self, expr: Literal) -> Evaluator:
        value = _literal_value(expr)
        return lambda fr, mask: value

    def _place_read(self, expr: Expression) -> Evaluator:
        place = compile_place(expr, self)
        read = reader(place)
        if place.dynamic is None:
            start = place.start
            return lambda fr, mask: read(fr, start)
        address = place.dynamic
        return lambda fr, mask: read(fr, address(fr, mask))

    def _array_length(self, expr: ArrayLength) -> Evaluator:
        type_ = expr.base.type
        if isinstance(type_, ArrayType) and type_.length is None:
            place = compile_place(expr.base, self)
            length_of = self.runtime_length(place.variable)
            return lambda fr, mask: constant(length_of(fr), ScalarKind.INT)
        length = type_.columns if isinstance(type_, MatrixType) else _element_layout(type_)[1]
        value = constant(length, ScalarKind.INT)
        return lambda fr, mask: value

    # ------------------------------------------------------------ operators

    def _unary(self, expr: Unary) -> Evaluator:
        operand = self.expression(expr.operand)
        kernel = unary_operator(expr.op, expr.operand.type)
        return lambda fr, mask: kernel(operand(fr, mask))

    def _binary(self, expr: Binary) -> Evaluator:
        if expr.op.is_short_circuit:
            return self._short_circuit(expr)
        left, right = self.ordered((expr.left, expr.right))
        kernel = binary_operator(expr.op, expr.left.type, expr.right.type)
        if isinstance(expr.right, Literal):
            value = _literal_value(expr.right)
            return lambda fr, mask: kernel(left(fr, mask), value)
        return lambda fr, mask: kernel(left(fr, mask), right(fr, mask))

    def _short_circuit(self, expr: Binary) -> Evaluator:
        is_and = expr.op is BinaryOp.LOGICAL_AND
        left = self.first(expr.left, (expr.right,))
        right = self.expression(expr.right)
        if not self.effects.may_write(expr.right):
            combine = np.logical_and if is_and else np.logical_or
            return lambda fr, mask: combine(left(fr, mask), right(fr, mask))

        def short_circuit(fr: Frame, mask: Mask) -> Lanes:
            a = left(fr, mask)
            run = fr.run
            # The right side runs in the lanes where the left does not decide.
            rest = where_true(run, mask, a) if is_and else where_false(run, mask, a)
            if not any_lane(run, rest):
                return a
            b = right(fr, rest)
            return (a & b) if is_and else (a | b)

        return short_circuit

    def _ternary(self, expr: Ternary) -> Evaluator:
        sides = (expr.if_true, expr.if_false)
        condition = self.first(expr.condition, sides)
        if_true = self.expression(expr.if_true)
        if_false = self.expression(expr.if_false)
        pure = not any(self.effects.may_write(side) for side in sides)

        def ternary(fr: Frame, mask: Mask) -> Lanes:
            c = condition(fr, mask)
            if c.shape[-1] == 1:
                return if_true(fr, mask) if c[0] else if_false(fr, mask)
            if pure:
                return np.where(c, if_true(fr, mask), if_false(fr, mask))
            run = fr.run
            chosen = where_true(run, mask, c)
            other = where_false(run, mask, c)
            if not any_lane(run, other):
                return if_true(fr, chosen)
            if not any_lane(run, chosen):
                return if_false(fr, other)
            a = np.array(if_true(fr, chosen))  # the other side may change what it viewed
            return np.where(c, a, if_false(fr, other))

        return ternary

    def _sequence(self, expr: SequenceExpr) -> Evaluator:
        first = [self.discarded(e) for e in expr.items[:-1]]
        last = self.expression(expr.items[-1])

        def sequence(fr: Frame, mask: Mask) -> Lanes:
            for item in first:
                item(fr, mask)
            return last(fr, mask)

        return sequence

    # ------------------------------------------------------------ writes

    def discarded(self, expr: Expression) -> Evaluator:
        """The evaluator of an expression whose value nobody uses (an expression
        statement), which spares an assignment the copy of its value."""
        if isinstance(expr, Assign):
            return self._assign(expr, used=False)
        return self.expression(expr)

    def _assign(self, expr: Assign, used: bool = True) -> Evaluator:
        place = compile_place(expr.target, self)
        address = place.address()
        read, write = reader(place), writer(place)
        value = self.expression(expr.value)
        binary = expr.op.binary
        if binary is None and not used:

            def assign_only(fr: Frame, mask: Mask) -> Lanes:
                at = address(fr, mask)
                write(fr, at, value(fr, mask), mask)
                return VOID_VALUE

            return assign_only
        if binary is None:

            def assign(fr: Frame, mask: Mask) -> Lanes:
                at = address(fr, mask)
                # A copy: the value may view storage that this very store changes
                # (`a.yx = a` gives the old `a`).
                v = np.array(value(fr, mask))
                write(fr, at, v, mask)
                return v

            return assign
        combine = binary_operator(binary, expr.target.type, expr.value.type)

        def compound(fr: Frame, mask: Mask) -> Lanes:
            at = address(fr, mask)
            v = value(fr, mask)
            new = combine(read(fr, at), v)
            write(fr, at, new, mask)
            return new

        return compound

    def _incdec(self, expr: IncDec) -> Evaluator:
        place = compile_place(expr.target, self)
        address = place.address()
        read, write = reader(place), writer(place)
        one = one_of(expr.target.type)
        step = np.add if expr.op.is_increment else np.subtract
        prefix = expr.op.is_prefix

        def incdec(fr: Frame, mask: Mask) -> Lanes:
            at = address(fr, mask)
            old = np.array(read(fr, at))  # a copy: the write below changes the storage
            new = step(old, one)
            write(fr, at, new, mask)
            return new if prefix else old

        return incdec

    # ------------------------------------------------------------ composites

    def _construct(self, expr: Construct) -> Evaluator:
        args = self.ordered(expr.args)
        build = constructor(expr.type, [a.type for a in expr.args])
        if len(args) == 1:
            (only,) = args
            return lambda fr, mask: build((only(fr, mask),))
        return lambda fr, mask: build([a(fr, mask) for a in args])

    def _swizzle(self, expr: Swizzle) -> Evaluator:
        if _is_place(expr):
            return self._place_read(expr)
        base = self.expression(expr.base)
        components = expr.components
        count = len(components)
        if isinstance(expr.base.type, ScalarType):
            if count == 1:
                return base

            def splat(fr: Frame, mask: Mask) -> Lanes:
                v = base(fr, mask)
                return np.broadcast_to(v, (count, v.shape[-1]))

            return splat
        if count == 1:
            (c0,) = components
            return lambda fr, mask: base(fr, mask)[c0]
        picked = list(components)
        return lambda fr, mask: base(fr, mask)[picked]

    def _index(self, expr: Index) -> Evaluator:
        if _is_place(expr):
            return self._place_read(expr)
        base, index = self.ordered((expr.base, expr.index))
        size, bound = _element_layout(expr.base.type)
        scalar = isinstance(expr.type, ScalarType)
        relative = np.arange(size)[:, None]

        def element(fr: Frame, mask: Mask) -> Lanes:
            value = base(fr, mask)
            i = clamp_index(index(fr, mask), bound)
            if isinstance(i, int):
                return value[i] if scalar else value[i * size : (i + 1) * size]
            lanes = fr.run.lane_ids if value.shape[-1] != 1 else 0
            picked: Lanes = value[i, lanes] if scalar else value[i * size + relative, lanes]
            return picked

        return element

    def _member(self, expr: Member) -> Evaluator:
        if _is_place(expr):
            return self._place_read(expr)
        struct = expr.base.type
        if not isinstance(struct, StructType):
            raise InterpreterError(f".{expr.field} on {struct}")
        base = self.expression(expr.base)
        start = field_offset(struct, expr.field)
        stop = start + slot_count(expr.type)
        field_type = expr.type
        bits = homogeneous_kind(struct) is None
        scalar = isinstance(field_type, ScalarType)

        def member(fr: Frame, mask: Mask) -> Lanes:
            rows = base(fr, mask)[start:stop]
            value = rows[0] if scalar else rows
            return value_from_bits(value, field_type) if bits else value

        return member

    # ------------------------------------------------------------ calls

    def _call(self, expr: Call) -> Evaluator:
        if expr.kind is CallKind.BUILTIN:
            return self._builtin_call(expr)
        return self._user_call(expr)

    def _builtin_call(self, expr: Call) -> Evaluator:
        name = expr.callee
        if name in _MEMORY_BARRIERS and not expr.args:
            return lambda fr, mask: VOID_VALUE
        if name == "barrier" or name.startswith("atomic"):
            raise InterpreterError(f"lane mode runs single invocations: {name}() is not supported")
        implementation = lane_builtin(name, tuple(a.type for a in expr.args), expr.type)
        function = implementation.function
        outs = implementation.out_positions
        if not outs:
            args = self.ordered(expr.args)
            if len(args) == 1:
                (a,) = args
                return lambda fr, mask: function(a(fr, mask))
            if len(args) == 2:
                a, b = args
                return lambda fr, mask: function(a(fr, mask), b(fr, mask))
            return lambda fr, mask: function(*[a(fr, mask) for a in args])
        evaluators = self.ordered(expr.args)
        preparers: list[Evaluator | AddressFn] = []
        writers: list[Writer] = []
        for i, arg in enumerate(expr.args):
            if i in outs:
                place = compile_place(arg, self)
                preparers.append(place.address())
                writers.append(writer(place))
            else:
                preparers.append(evaluators[i])
        in_positions = [i for i in range(len(expr.args)) if i not in outs]
        out_positions = list(outs)

        def call_with_outs(fr: Frame, mask: Mask) -> Lanes:
            prepared: list[Any] = [prepare(fr, mask) for prepare in preparers]
            result, *values = function(*[prepared[p] for p in in_positions])
            for write, p, v in zip(writers, out_positions, values, strict=True):
                write(fr, prepared[p], v, mask)
            return VOID_VALUE if result is None else result

        return call_with_outs

    def _resolve(self, expr: Call) -> LaneFunction:
        candidates = self.program.functions.get(expr.callee, [])
        arg_types = tuple(a.type for a in expr.args)
        for candidate in candidates:
            if candidate.param_types == arg_types:
                return candidate
        if len(candidates) == 1 and len(candidates[0].param_slots) == len(expr.args):
            return candidates[0]
        raise InterpreterError(
            f"{self.function_name}: no function {expr.callee} defined before this call "
            f"taking ({', '.join(str(t) for t in arg_types)})"
        )

    def _user_call(self, expr: Call) -> Evaluator:
        callee = self._resolve(expr)
        function = callee.function
        returns_value = not isinstance(function.return_type, VoidType)
        missing = zeros(function.return_type) if returns_value else None
        result_is_scalar = isinstance(function.return_type, ScalarType)
        # Per argument: (qualifier, value or address, reader, writer, callee slot, type).
        bindings: list[tuple[ParamQualifier, Any, Reader | None, Writer | None, int, Type]] = []
        for arg, param, slot in zip(expr.args, function.params, callee.param_slots, strict=True):
            if param.qualifier is ParamQualifier.IN:
                bindings.append(
                    (param.qualifier, self.expression(arg), None, None, slot, param.type)
                )
                continue
            place: Place = compile_place(arg, self)
            bindings.append(
                (param.qualifier, place.address(), reader(place), writer(place), slot, param.type)
            )
        local_count = callee.local_count
        body = callee.body

        def call(fr: Frame, mask: Mask) -> Lanes:
            frame = Frame(fr.run, local_count)
            slots = frame.locals
            addresses: list[Address] = []
            # Arguments in order; each is copied into the callee's storage at once, which
            # also keeps it from later arguments' side effects.
            for qualifier, prepare, read, _, slot, type_ in bindings:
                if qualifier is ParamQualifier.IN:
                    slots[slot] = own(prepare(fr, mask))
                    continue
                at = prepare(fr, mask)
                addresses.append(at)
                if qualifier is ParamQualifier.OUT:
                    slots[slot] = zeros(type_)
                else:
                    assert read is not None
                    slots[slot] = own(read(fr, at))
            body(frame, mask)
            # GLSL copies out parameters back at return, in argument order.
            position = 0
            for _, _, _, write, slot, type_ in bindings:
                if write is None:
                    continue
                stored = slots[slot]
                write(fr, addresses[position], stored[0] if _scalar(type_) else stored, mask)
                position += 1
            if not returns_value:
                return VOID_VALUE
            result = frame.ret
            if result is None:
                assert missing is not None
                return missing[0] if result_is_scalar else missing
            return result

        return call


def _scalar(type_: Type) -> bool:
    return isinstance(type_, ScalarType)
