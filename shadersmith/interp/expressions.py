"""Compile IR expressions into closures `frame -> value`.

Each node becomes one closure specialised at compile time by operator and type, so that
running a program makes no decision the IR already fixed. Nodes with unordered operands
that may write are compiled in the checked form of evaluation_order.py when sanitizing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.analysis import subgroups
from shadersmith.analysis.aliasing import aliased_arguments
from shadersmith.interp.arithmetic import MASK32, SIGN_BIT, to_float16, to_float32
from shadersmith.interp.atomics import ATOMIC_OPERATIONS, atomic_operation
from shadersmith.interp.errors import InterpreterError, UBCategory, UndefinedBehaviour
from shadersmith.interp.evaluation_order import segment_conflict
from shadersmith.interp.float_kernels import kernels_for
from shadersmith.interp.frames import (
    FRAME_ID,
    INVOCATION,
    LOCALS,
    RETURN,
    RETURN_VALUE,
    Frame,
)
from shadersmith.interp.functions import CompiledFunction
from shadersmith.interp.layout import field_offset, slot_count, zero_value
from shadersmith.interp.places import (
    Accessors,
    BufferInstance,
    Evaluator,
    Place,
    accessors,
    compile_place,
    logged_access_check,
    out_of_bounds,
    reader,
)
from shadersmith.interp.program_scope import ProgramScope
from shadersmith.interp.races import ATOMIC
from shadersmith.interp.relaxed import RELAXATIONS
from shadersmith.interp.semantics import Language
from shadersmith.interp.sites import Site
from shadersmith.interp.subgroups import collective
from shadersmith.interp.subgroups import local as local_subgroup_function
from shadersmith.interp.variables import Variable, describe_slot
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
from shadersmith.ir.operators import BinaryOp, IncDecOp
from shadersmith.ir.program import ParamQualifier
from shadersmith.ir.statements import Statement
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
    index_bound,
    kind_of,
)

# Built-ins that synchronise invocations or order their memory accesses (dispatch.py).
_SYNCHRONISATION = frozenset(
    {
        "barrier",
        "memoryBarrier",
        "memoryBarrierShared",
        "memoryBarrierBuffer",
        "memoryBarrierImage",
        "groupMemoryBarrier",
    }
)


def is_place(expr: Expression) -> bool:
    """Whether `expr` names storage (then reading it need not copy the whole variable)."""
    while isinstance(expr, Swizzle | Index | Member):
        expr = expr.base
    return isinstance(expr, VariableRef)


def _literal_value(node: Literal) -> Any:
    kind = node.type.kind
    if kind is ScalarKind.FLOAT:
        # A double literal keeps its double value.
        value = float(node.value)
        if node.type.bits == 16:
            return to_float16(value)
        return value if node.type.bits == 64 else to_float32(value)
    if kind is ScalarKind.BOOL:
        return bool(node.value)
    return int(node.value)


def _element_size_and_bound(type_: Type) -> tuple[int, int, bool]:
    """For indexing an r-value: slots per element, element count, scalar elements."""
    if isinstance(type_, ArrayType) and type_.length is not None:
        element = type_.element
        return slot_count(element), type_.length, isinstance(element, ScalarType)
    if isinstance(type_, VectorType):
        return 1, type_.size, True
    if isinstance(type_, MatrixType):
        return type_.rows, type_.columns, False
    raise InterpreterError(f"{type_} cannot be indexed")


def _scalar_fast_path(
    op: BinaryOp, kind: ScalarKind, left: Evaluator, right: Evaluator
) -> Evaluator | None:
    """Inline closures for the commonest scalar integer operators (no kernel call)."""
    if kind is ScalarKind.INT:
        if op is BinaryOp.ADD:
            return lambda fr: ((left(fr) + right(fr) + SIGN_BIT) & MASK32) - SIGN_BIT
        if op is BinaryOp.SUB:
            return lambda fr: ((left(fr) - right(fr) + SIGN_BIT) & MASK32) - SIGN_BIT
        if op is BinaryOp.MUL:
            return lambda fr: ((left(fr) * right(fr) + SIGN_BIT) & MASK32) - SIGN_BIT
    if kind is ScalarKind.UINT:
        if op is BinaryOp.ADD:
            return lambda fr: (left(fr) + right(fr)) & MASK32
        if op is BinaryOp.SUB:
            return lambda fr: (left(fr) - right(fr)) & MASK32
        if op is BinaryOp.MUL:
            return lambda fr: (left(fr) * right(fr)) & MASK32
    if kind is ScalarKind.FLOAT:
        return None
    if op is BinaryOp.BIT_AND:
        return lambda fr: left(fr) & right(fr)
    if op is BinaryOp.BIT_OR:
        return lambda fr: left(fr) | right(fr)
    if op is BinaryOp.BIT_XOR:
        return lambda fr: left(fr) ^ right(fr)
    if op is BinaryOp.LT:
        return lambda fr: left(fr) < right(fr)
    if op is BinaryOp.GT:
        return lambda fr: left(fr) > right(fr)
    if op is BinaryOp.LE:
        return lambda fr: left(fr) <= right(fr)
    if op is BinaryOp.GE:
        return lambda fr: left(fr) >= right(fr)
    if op is BinaryOp.EQ:
        return lambda fr: left(fr) == right(fr)
    if op is BinaryOp.NE:
        return lambda fr: left(fr) != right(fr)
    return None


def _select(
    condition: Evaluator, if_true: Evaluator, if_false: Evaluator, sanitize: bool
) -> Evaluator:
    """WGSL's `select(f, t, c)`, the emitter's `c ? t : f`: evaluates f, t and c, in that
    order. Undefined behaviour in the operand it discards is not reported: its value is
    never observed (WGSL gives an out-of-bounds read an indeterminate value, never a trap;
    a float clamp with bounds out of order or a rounded float is some value), and the
    reconditioner keeps every write in bounds and every loop limited, so the discarded
    operand can neither corrupt memory nor hang. Wrappers rely on it: their bodies are
    `unsafe ? safe : plain`."""
    if not sanitize:

        def plain(fr: Frame) -> Any:
            f = if_false(fr)
            t = if_true(fr)
            return t if condition(fr) else f

        return plain

    def speculative(operand: Evaluator, fr: Frame) -> tuple[Any, UndefinedBehaviour | None]:
        try:
            return operand(fr), None
        except UndefinedBehaviour as error:
            if error.category is UBCategory.NON_TERMINATION:
                raise
            return None, error

    def checked(fr: Frame) -> Any:
        f, f_error = speculative(if_false, fr)
        t, t_error = speculative(if_true, fr)
        chosen = condition(fr)
        error = t_error if chosen else f_error
        if error is not None:
            raise error
        return t if chosen else f

    return checked


class ExpressionCompiler:
    """Compiles the expressions of one function (one variant: plain or tracked)."""

    def __init__(
        self,
        program: ProgramScope,
        function_name: str,
        lookup_local: Callable[[str], Variable | None],
        local_variables: list[Variable],
    ) -> None:
        self.program = program
        self.sanitize = program.sanitize
        self.kernels = kernels_for(program.floats)
        self.language = program.language
        self.wgsl = program.language is Language.WGSL
        self.order_checks = self.sanitize and not self.wgsl
        self.effects = program.effects
        self.function_name = function_name
        self._lookup_local = lookup_local
        self._local_variables = local_variables
        # The statement being compiled, for locations in messages.
        self.statement: Statement | None = None
        self._dispatch: dict[type, Callable[[Any, bool], Evaluator]] = {
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

    # ------------------------------------------------------------ context

    def site(self, node: Expression | None) -> Site:
        return Site(self.function_name, self.statement, node)

    def lookup(self, name: str) -> Variable | BufferInstance:
        found = self._lookup_local(name)
        if found is not None:
            return found
        shared = self.program.names.get(name)
        if shared is None:
            raise InterpreterError(f"{self.function_name}: unknown variable {name}")
        return shared

    def name_location(self, fr: Frame, location: int) -> str:
        frame_id: int = fr[FRAME_ID]
        name: str | None
        if location >= frame_id:
            name = describe_slot(self._local_variables, LOCALS, location - frame_id)
        else:
            name = self.program.name_shared_location(fr, location)
        return f"`{name}`" if name is not None else f"location {location}"

    def expression(self, expr: Expression, tracked: bool) -> Evaluator:
        """`tracked`: an enclosing evaluation-order check needs this subtree's accesses."""
        compile_node = self._dispatch.get(type(expr))
        if compile_node is None:
            raise InterpreterError(f"unknown expression {type(expr).__name__}")
        return compile_node(expr, tracked)

    def _order_error(self, fr: Frame, site: Site, conflict: tuple[int, str]) -> Exception:
        location, how = conflict
        return site.ub(UBCategory.EVALUATION_ORDER, f"{self.name_location(fr, location)} is {how}")

    def _checked(self, operands: Sequence[Expression]) -> bool:
        """Whether unordered `operands` need the evaluation-order check (WGSL orders every
        evaluation left to right)."""
        return (
            self.sanitize
            and not self.wgsl
            and len(operands) >= 2
            and self.effects.any_may_write(operands)
        )

    def _evaluate_all(
        self, evaluators: Sequence[Evaluator], check: bool, root: bool, site: Site
    ) -> Callable[[Frame], list[Any]]:
        """Evaluate unordered operands left to right, checking their accesses if asked."""
        items = tuple(evaluators)
        if not check:
            if len(items) == 1:
                (a,) = items
                return lambda fr: [a(fr)]
            if len(items) == 2:
                a, b = items
                return lambda fr: [a(fr), b(fr)]
            if len(items) == 3:
                a, b, c = items
                return lambda fr: [a(fr), b(fr), c(fr)]
            return lambda fr: [e(fr) for e in items]
        order_error = self._order_error

        def checked(fr: Frame) -> list[Any]:
            log: list[int] = fr[INVOCATION].log
            bounds = [len(log)]
            values = []
            for evaluate in items:
                values.append(evaluate(fr))
                bounds.append(len(log))
            conflict = segment_conflict(log, bounds)
            if conflict is not None:
                raise order_error(fr, site, conflict)
            if root:
                del log[bounds[0] :]
            return values

        return checked

    # ------------------------------------------------------------ leaves and places

    def _literal(self, expr: Literal, tracked: bool) -> Evaluator:
        value = self._constant(expr)
        return lambda fr: value

    def _constant(self, expr: Literal) -> Any:
        value = _literal_value(expr)
        return self.kernels.float_constant(value) if expr.type.kind is ScalarKind.FLOAT else value

    def _place_read(self, expr: Expression, tracked: bool) -> Evaluator:
        place = compile_place(expr, self, tracked)
        return reader(place, self.site(expr), self.sanitize, self.name_location)

    # ------------------------------------------------------------ operators

    def _unary(self, expr: Unary, tracked: bool) -> Evaluator:
        operand = self.expression(expr.operand, tracked)
        kernel = self.kernels.unary_operator(
            expr.op, expr.operand.type, self.sanitize, self.site(expr)
        )
        return lambda fr: kernel(operand(fr))

    def _binary(self, expr: Binary, tracked: bool) -> Evaluator:
        op = expr.op
        if op.is_short_circuit:
            left = self.expression(expr.left, tracked)
            right = self.expression(expr.right, tracked)
            if op is BinaryOp.LOGICAL_AND:
                return lambda fr: left(fr) and right(fr)
            return lambda fr: left(fr) or right(fr)
        site = self.site(expr)
        check = self._checked((expr.left, expr.right))
        inner = tracked or check
        left = self.expression(expr.left, inner)
        right = self.expression(expr.right, inner)
        kind = kind_of(expr.left.type)
        if (
            not check
            and kind is not None
            and isinstance(expr.left.type, ScalarType)
            and isinstance(expr.right.type, ScalarType)
            # The fast path wraps at 32 bits; int64_t's kernels wrap at 64.
            and expr.left.type.bits == 32
        ):
            fast = _scalar_fast_path(op, kind, left, right)
            if fast is not None:
                return fast
        kernel = self.kernels.binary_operator(
            op, expr.left.type, expr.right.type, expr.type, self.sanitize, site, self.language
        )
        if check:
            evaluate = self._evaluate_all((left, right), True, not tracked, site)

            def checked(fr: Frame) -> Any:
                a, b = evaluate(fr)
                return kernel(a, b)

            return checked
        if isinstance(expr.right, Literal):
            constant = self._constant(expr.right)
            return lambda fr: kernel(left(fr), constant)
        return lambda fr: kernel(left(fr), right(fr))

    def _ternary(self, expr: Ternary, tracked: bool) -> Evaluator:
        condition = self.expression(expr.condition, tracked)
        if_true = self.expression(expr.if_true, tracked)
        if_false = self.expression(expr.if_false, tracked)
        if self.wgsl:
            return _select(condition, if_true, if_false, self.sanitize)
        return lambda fr: if_true(fr) if condition(fr) else if_false(fr)

    def _sequence(self, expr: SequenceExpr, tracked: bool) -> Evaluator:
        items = tuple(self.expression(e, tracked) for e in expr.items)
        *first, last = items

        def sequence(fr: Frame) -> Any:
            for item in first:
                item(fr)
            return last(fr)

        return sequence

    # ------------------------------------------------------------ assignment

    def _assign(self, expr: Assign, tracked: bool) -> Evaluator:
        site = self.site(expr)
        sanitize = self.sanitize
        # WGSL evaluates the l-value before the value, as done here: no order to check.
        value_writes = sanitize and not self.wgsl and self.effects.may_write(expr.value)
        place = compile_place(expr.target, self, tracked or value_writes)
        acc = accessors(place, site, sanitize)
        value = self.expression(expr.value, place.logs)
        combine: Callable[[Any, Any], Any] | None = None
        binary = expr.op.binary
        if binary is not None:
            combine = self.kernels.binary_operator(
                binary,
                expr.target.type,
                expr.value.type,
                expr.target.type,
                sanitize,
                site,
                self.language,
            )
        if place.logs:
            return self._logged_assign(place, acc, value, combine, site)
        address, read_at, write_at = acc.address, acc.read_at, acc.write_at
        if combine is None:
            if place.dynamic is not None:

                def assign(fr: Frame) -> Any:
                    at = address(fr)
                    v = value(fr)
                    write_at(fr, at, v)
                    return v

                return assign
            fixed = place.start
            if acc.plain_store and isinstance(place.type, ScalarType) and place.components is None:
                root = place.variable.root

                def assign_scalar(fr: Frame) -> Any:
                    v = value(fr)
                    fr[root][fixed] = v
                    return v

                return assign_scalar

            def assign_fixed(fr: Frame) -> Any:
                v = value(fr)
                write_at(fr, fixed, v)
                return v

            return assign_fixed
        update = combine
        if self.wgsl:
            # WGSL's `e1 op= e2` is `{ let r = &e1; *r = *r op (e2); }`, evaluated left to
            # right: the old value is read before e2 runs (a call in e2 that writes e1
            # does not change what is combined; its write is then overwritten).

            def compound_wgsl(fr: Frame) -> Any:
                at = address(fr)
                old = read_at(fr, at)
                new = update(old, value(fr))
                write_at(fr, at, new)
                return new

            return compound_wgsl

        def compound(fr: Frame) -> Any:
            at = address(fr)
            v = value(fr)
            new = update(read_at(fr, at), v)
            write_at(fr, at, new)
            return new

        return compound

    def _logged_assign(
        self,
        place: Place,
        acc: Accessors,
        value: Evaluator,
        combine: Callable[[Any, Any], Any] | None,
        site: Site,
    ) -> Evaluator:
        """Assignment with the evaluation-order check: the target's address and the value
        are unordered; the store itself comes after both, but must not meet a write made
        by either (`x = x++`, `a[i] = i++` is caught as address read vs value write)."""
        address, read_at, write_at, ids_at = acc.address, acc.read_at, acc.write_at, acc.ids_at
        owns_log = place.owns_log
        order_error = self._order_error
        namer = self.name_location
        read_first = combine is not None and self.wgsl  # WGSL's order (_assign)

        def logged(fr: Frame) -> Any:
            log: list[int] = fr[INVOCATION].log
            start = len(log)
            at = address(fr)
            old = read_at(fr, at) if read_first else None
            middle = len(log)
            v = value(fr)
            conflict = segment_conflict(log, (start, middle, len(log)))
            if conflict is not None:
                raise order_error(fr, site, conflict)
            ids = ids_at(fr, at)
            written = {entry >> 1 for entry in log[start:] if entry & 1}
            for location in ids:
                if location in written:
                    raise site.ub(
                        UBCategory.EVALUATION_ORDER,
                        f"{namer(fr, location)} is written by the assignment and by its "
                        "operands, unsequenced",
                    )
            if combine is not None:
                v = combine(old if read_first else read_at(fr, at), v)
            write_at(fr, at, v)
            if owns_log:
                del log[start:]
            else:
                if combine is not None:
                    log.extend([i * 2 for i in ids])
                log.extend([i * 2 + 1 for i in ids])
            return v

        return logged

    def _incdec(self, expr: IncDec, tracked: bool) -> Evaluator:
        site = self.site(expr)
        place = compile_place(expr.target, self, tracked)
        acc = accessors(place, site, self.sanitize)
        kind = kind_of(expr.target.type)
        if kind is None or kind is ScalarKind.BOOL:
            raise InterpreterError(f"{expr.op.token} on {expr.target.type}")
        op = BinaryOp.ADD if expr.op.is_increment else BinaryOp.SUB
        kernel = self.kernels.binary_operator(
            op, expr.target.type, ScalarType(kind), expr.target.type, self.sanitize, site
        )
        one: Any = self.kernels.float_constant(1.0) if kind is ScalarKind.FLOAT else 1
        prefix = expr.op in (IncDecOp.PRE_INC, IncDecOp.PRE_DEC)
        address, read_at, write_at, ids_at = acc.address, acc.read_at, acc.write_at, acc.ids_at
        if place.logs:
            owns_log = place.owns_log
            namer = self.name_location

            def logged(fr: Frame) -> Any:
                log: list[int] = fr[INVOCATION].log
                start = len(log)
                at = address(fr)
                ids = ids_at(fr, at)
                logged_access_check(fr, place, ids, start, site, namer)
                old = read_at(fr, at)
                new = kernel(old, one)
                write_at(fr, at, new)
                if owns_log:
                    del log[start:]
                else:
                    log.extend([i * 2 for i in ids])
                    log.extend([i * 2 + 1 for i in ids])
                return new if prefix else old

            return logged

        def step(fr: Frame) -> Any:
            at = address(fr)
            old = read_at(fr, at)
            new = kernel(old, one)
            write_at(fr, at, new)
            return new if prefix else old

        return step

    # ------------------------------------------------------------ composites

    def _construct(self, expr: Construct, tracked: bool) -> Evaluator:
        site = self.site(expr)
        check = self._checked(expr.args)
        args = [self.expression(a, tracked or check) for a in expr.args]
        build = self.kernels.constructor(
            expr.type, [a.type for a in expr.args], self.sanitize, site, self.wgsl
        )
        if build is tuple and not check:
            if len(args) == 2:
                a, b = args
                return lambda fr: (a(fr), b(fr))
            if len(args) == 3:
                a, b, c = args
                return lambda fr: (a(fr), b(fr), c(fr))
            if len(args) == 4:
                a, b, c, d = args
                return lambda fr: (a(fr), b(fr), c(fr), d(fr))
        if len(args) == 1 and not check:
            (only,) = args
            return lambda fr: build((only(fr),))
        evaluate = self._evaluate_all(args, check, not tracked, site)
        return lambda fr: build(evaluate(fr))

    def _swizzle(self, expr: Swizzle, tracked: bool) -> Evaluator:
        if is_place(expr):
            return self._place_read(expr, tracked)
        base = self.expression(expr.base, tracked)
        components = expr.components
        count = len(components)
        if isinstance(expr.base.type, ScalarType):
            if count == 1:
                return base
            return lambda fr: (base(fr),) * count
        if count == 1:
            (c0,) = components
            return lambda fr: base(fr)[c0]
        if count == 2:
            c0, c1 = components

            def pick2(fr: Frame) -> Any:
                v = base(fr)
                return (v[c0], v[c1])

            return pick2

        def pick(fr: Frame) -> Any:
            v = base(fr)
            return tuple([v[c] for c in components])

        return pick

    def _index(self, expr: Index, tracked: bool) -> Evaluator:
        if is_place(expr):
            return self._place_read(expr, tracked)
        site = self.site(expr)
        sanitize = self.sanitize
        check = self._checked((expr.base, expr.index))
        base = self.expression(expr.base, tracked or check)
        index = self.expression(expr.index, tracked or check)
        size, bound, scalar = _element_size_and_bound(expr.base.type)
        what = expr.base.type
        evaluate = self._evaluate_all((base, index), check, not tracked, site)

        def element(fr: Frame) -> Any:
            value, i = evaluate(fr)
            if not 0 <= i < bound:
                i = out_of_bounds(i, bound, sanitize, site, what)
            if scalar:
                return value[i]
            return value[i * size : (i + 1) * size]

        return element

    def _array_length(self, expr: ArrayLength, tracked: bool) -> Evaluator:
        """`a.length()`: a constant, or the length of a runtime-sized buffer array (its
        base is not evaluated, as in GLSL, where only its type matters)."""
        type_ = expr.base.type
        if isinstance(type_, ArrayType) and type_.length is None:
            buffer = compile_place(expr.base, self, False, check_access=False).variable.buffer
            if buffer is None:
                raise InterpreterError(".length() of a runtime-sized array outside a buffer")
            return lambda fr: fr[INVOCATION].runtime_lengths[buffer]
        length = index_bound(type_)
        return lambda fr: length

    def _member(self, expr: Member, tracked: bool) -> Evaluator:
        if is_place(expr):
            return self._place_read(expr, tracked)
        struct = expr.base.type
        if not isinstance(struct, StructType):
            raise InterpreterError(f".{expr.field} on {struct}")
        base = self.expression(expr.base, tracked)
        start = field_offset(struct, expr.field)
        if isinstance(expr.type, ScalarType):
            return lambda fr: base(fr)[start]
        stop = start + slot_count(expr.type)
        return lambda fr: base(fr)[start:stop]

    # ------------------------------------------------------------ calls

    def _call(self, expr: Call, tracked: bool) -> Evaluator:
        if expr.kind is CallKind.BUILTIN:
            return self._builtin_call(expr, tracked)
        return self._user_call(expr, tracked)

    def _writeback_argument(
        self, arg: Expression, logs: bool, site: Site
    ) -> tuple[Place, Accessors]:
        place = compile_place(arg, self, logs, check_access=False)
        return place, accessors(place, site, self.sanitize)

    def _overlap_check(
        self, expr: Call, writes_back: list[bool], site: Site
    ) -> Callable[[Frame, list[tuple[Accessors, int]]], None] | None:
        """The run-time check that no two out/inout arguments are copied back to one slot,
        on the places the evaluated indices select (`x[i], x[j]` is flagged only when
        i == j). It does not trust analysis/aliasing.py, which the generator and the
        reconditioner rely on: it checks that test instead, since a slot shared by
        arguments the test calls disjoint would make both of them wrong unseen."""
        if not self.sanitize or sum(writes_back) < 2:
            return None
        statically_aliased = bool(aliased_arguments(expr.args, writes_back))
        name_location = self.name_location

        def check(fr: Frame, targets: list[tuple[Accessors, int]]) -> None:
            seen: set[int] = set()
            for acc, at in targets:
                ids = acc.ids_at(fr, at)
                for location in ids:
                    if location in seen:
                        if not statically_aliased:
                            raise AssertionError(
                                f"{site.location()}: out arguments share "
                                f"{name_location(fr, location)} although "
                                "analysis/aliasing.py finds them disjoint"
                            )
                        raise site.ub(
                            UBCategory.ALIASING_OUT_ARGUMENTS,
                            f"{name_location(fr, location)} is the l-value of two out "
                            "arguments, copied back in an undefined order",
                        )
                seen.update(ids)

        return check

    def _builtin_call(self, expr: Call, tracked: bool) -> Evaluator:
        relaxation = RELAXATIONS.get(expr.callee)
        if relaxation is not None:  # interval mode's mediump (interp/relaxed.py)
            value = self.expression(expr.args[0], tracked)
            return lambda fr: relaxation(value(fr))
        site = self.site(expr)
        if expr.callee in _SYNCHRONISATION and not expr.args:
            if expr.callee == "barrier":
                return lambda fr: fr[INVOCATION].barrier(site)
            # Memory barriers order this invocation's accesses, which run in order here.
            return lambda fr: None
        if expr.callee in ATOMIC_OPERATIONS and len(expr.args) == 2:
            return self._atomic_call(expr, tracked, site)
        if expr.callee in subgroups.EXTENSION_OF:
            return self._subgroup_call(expr, tracked, site)
        arg_types = tuple(a.type for a in expr.args)
        implementation = self.kernels.builtin_implementation(
            expr.callee,
            arg_types,
            expr.type,
            sanitize=self.sanitize,
            site=site,
            abs_int_min_is_ub=self.program.abs_int_min_is_ub,
            language=self.language,
        )
        function = implementation.function
        outs = implementation.out_positions
        check = self._checked(expr.args)
        logs = tracked or check
        if not outs:
            args = [self.expression(a, logs) for a in expr.args]
            if not check:
                if len(args) == 1:
                    (a,) = args
                    return lambda fr: function(a(fr))
                if len(args) == 2:
                    a, b = args
                    return lambda fr: function(a(fr), b(fr))
                if len(args) == 3:
                    a, b, c = args
                    return lambda fr: function(a(fr), b(fr), c(fr))
            evaluate = self._evaluate_all(args, check, not tracked, site)
            return lambda fr: function(*evaluate(fr))
        preparers: list[Evaluator] = []
        targets: list[Accessors] = []
        for i, arg in enumerate(expr.args):
            if i in outs:
                _, acc = self._writeback_argument(arg, logs, site)
                targets.append(acc)
                preparers.append(acc.address)
            else:
                preparers.append(self.expression(arg, logs))
        in_positions = [i for i in range(len(expr.args)) if i not in outs]
        out_positions = list(outs)
        evaluate = self._evaluate_all(preparers, check, not tracked, site)
        overlap = self._overlap_check(expr, [i in outs for i in range(len(expr.args))], site)

        def call_with_outs(fr: Frame) -> Any:
            prepared = evaluate(fr)
            written = [(acc, prepared[p]) for acc, p in zip(targets, out_positions, strict=True)]
            if overlap is not None:
                overlap(fr, written)
            result, *values = function(*[prepared[p] for p in in_positions])
            for (acc, at), v in zip(written, values, strict=True):
                acc.write_at(fr, at, v)
                if tracked:
                    fr[INVOCATION].log.extend([i * 2 + 1 for i in acc.ids_at(fr, at)])
            return result

        return call_with_outs

    def _subgroup_call(self, expr: Call, tracked: bool, site: Site) -> Evaluator:
        """A subgroup built-in (interp/subgroups.py): its arguments in order, then a
        collective one meets the subgroup's other lanes (dispatch.py), a local one reads
        the invocation's lane and subgroup size."""
        check = self._checked(expr.args)
        args = [self.expression(a, tracked or check) for a in expr.args]
        evaluate = self._evaluate_all(args, check, not tracked, site)
        if expr.callee in subgroups.LOCAL:
            function = local_subgroup_function(expr.callee, site)

            def local(fr: Frame) -> Any:
                invocation = fr[INVOCATION]
                values = tuple(evaluate(fr))
                return function(invocation.subgroup_size, invocation.subgroup_lane, values)

            return local
        operation = collective(
            expr.callee, expr.type, [a.type for a in expr.args], site, self.program.floats
        )
        return lambda fr: fr[INVOCATION].subgroup(site, operation, tuple(evaluate(fr)))

    def _atomic_call(self, expr: Call, tracked: bool, site: Site) -> Evaluator:
        """`atomicAdd(place, v)` & co. (interp/atomics.py): the operand first, then one
        read-modify-write of the place marked atomic for the race sanitizer; the old value
        is returned."""
        target, operand = expr.args
        if not isinstance(target.type, ScalarType) or target.type.kind not in (
            ScalarKind.INT,
            ScalarKind.UINT,
        ):
            raise InterpreterError(f"{expr.callee} on a {target.type}: not an int or uint")
        operation = atomic_operation(expr.callee, target.type.kind)
        _, acc = self._writeback_argument(target, tracked, site)
        address, read_at, write_at = acc.address, acc.read_at, acc.write_at
        value = self.expression(operand, tracked)

        def atomic(fr: Frame) -> Any:
            at = address(fr)
            v = value(fr)
            ATOMIC.on = True
            try:
                old = read_at(fr, at)
                write_at(fr, at, operation(old, v))
            finally:
                ATOMIC.on = False
            if tracked:
                fr[INVOCATION].log.extend([i * 2 + 1 for i in acc.ids_at(fr, at)])
            return old

        return atomic

    def _resolve(self, expr: Call) -> CompiledFunction:
        candidates = self.program.functions.get(expr.callee, [])
        arg_types = tuple(a.type for a in expr.args)
        for candidate in candidates:
            if candidate.param_types == arg_types:
                return candidate
        if len(candidates) == 1 and len(candidates[0].params) == len(expr.args):
            return candidates[0]
        raise InterpreterError(
            f"{self.function_name}: no function {expr.callee} defined before this call "
            f"taking ({', '.join(str(t) for t in arg_types)})"
        )

    def _user_call(self, expr: Call, tracked: bool) -> Evaluator:
        callee = self._resolve(expr)
        site = self.site(expr)
        sanitize = self.sanitize
        check = self._checked(expr.args)
        logs = tracked or check
        template = callee.plain.template
        frame_size = len(template)
        returns_value = callee.returns_value
        missing_return = _missing_return(callee, sanitize, site)

        if all(p.qualifier is ParamQualifier.IN for p in callee.params) and not logs:
            body = callee.plain.body
            bindings = tuple(
                (self.expression(arg, False), p.offset, p.is_scalar, p.size)
                for arg, p in zip(expr.args, callee.params, strict=True)
            )

            def call_in(fr: Frame) -> Any:
                local_slots = template.copy()
                for evaluate, offset, is_scalar, size in bindings:
                    if is_scalar:
                        local_slots[offset] = evaluate(fr)
                    else:
                        local_slots[offset : offset + size] = evaluate(fr)
                frame = fr.copy()
                frame[LOCALS] = local_slots
                invocation = fr[INVOCATION]
                frame[FRAME_ID] = invocation.next_frame_id
                invocation.next_frame_id += frame_size
                frame[RETURN_VALUE] = None
                if body(frame) != RETURN and returns_value:
                    return missing_return()
                return frame[RETURN_VALUE]

            return call_in

        # The general case: out and inout arguments, or an evaluation-order check.
        preparers: list[Evaluator] = []
        copies: list[tuple[int, Accessors, int, bool, int, ParamQualifier]] = []
        for position, (arg, p) in enumerate(zip(expr.args, callee.params, strict=True)):
            if p.qualifier is ParamQualifier.IN:
                preparers.append(self.expression(arg, logs))
                continue
            _, acc = self._writeback_argument(arg, logs, site)
            copies.append((position, acc, p.offset, p.is_scalar, p.size, p.qualifier))
            if p.qualifier is ParamQualifier.OUT:
                preparers.append(acc.address)
            else:
                preparers.append(_copy_in(acc, logs))
        in_bindings = [
            (position, p.offset, p.is_scalar, p.size)
            for position, p in enumerate(callee.params)
            if p.qualifier is ParamQualifier.IN
        ]
        evaluate = self._evaluate_all(preparers, check, not tracked, site)
        writes_back = [p.qualifier.writes_back for p in callee.params]
        overlap = self._overlap_check(expr, writes_back, site)
        # Under a check, the callee's own accesses count for the call: run its tracked copy.
        body = callee.tracked().body if tracked else callee.plain.body

        def call(fr: Frame) -> Any:
            prepared = evaluate(fr)
            local_slots = template.copy()
            for position, offset, is_scalar, size in in_bindings:
                if is_scalar:
                    local_slots[offset] = prepared[position]
                else:
                    local_slots[offset : offset + size] = prepared[position]
            targets: list[tuple[Accessors, int]] = []
            for position, acc, offset, is_scalar, size, qualifier in copies:
                if qualifier is ParamQualifier.INOUT:
                    at, value = prepared[position]
                    if is_scalar:
                        local_slots[offset] = value
                    else:
                        local_slots[offset : offset + size] = value
                else:
                    at = prepared[position]
                targets.append((acc, at))
            if overlap is not None:
                overlap(fr, targets)
            frame = fr.copy()
            frame[LOCALS] = local_slots
            invocation = fr[INVOCATION]
            frame[FRAME_ID] = invocation.next_frame_id
            invocation.next_frame_id += frame_size
            frame[RETURN_VALUE] = None
            result = frame[RETURN_VALUE] if body(frame) == RETURN else None
            if result is None and returns_value:
                result = missing_return()
            # GLSL copies out parameters back at return, in argument order.
            for (acc, at), (_, _, offset, is_scalar, size, _) in zip(targets, copies, strict=True):
                value = (
                    local_slots[offset] if is_scalar else tuple(local_slots[offset : offset + size])
                )
                acc.write_at(fr, at, value)
                if tracked:
                    invocation.log.extend([i * 2 + 1 for i in acc.ids_at(fr, at)])
            return result

        return call


def _copy_in(acc: Accessors, logs: bool) -> Evaluator:
    """The address of an inout argument and its value, read without the undefined check."""
    address, raw_read_at, ids_at = acc.address, acc.raw_read_at, acc.ids_at
    if not logs:

        def copy_in(fr: Frame) -> Any:
            at = address(fr)
            return at, raw_read_at(fr, at)

        return copy_in

    def logged(fr: Frame) -> Any:
        at = address(fr)
        fr[INVOCATION].log.extend([i * 2 for i in ids_at(fr, at)])
        return at, raw_read_at(fr, at)

    return logged


def _missing_return(callee: CompiledFunction, sanitize: bool, site: Site) -> Callable[[], Any]:
    """What a non-void function that ends without `return` gives."""
    if not callee.returns_value:
        return lambda: None
    zero = zero_value(callee.function.return_type)

    def missing() -> Any:
        if sanitize:
            raise site.ub(
                UBCategory.UNINITIALISED, f"{callee.name}() ended without returning a value"
            )
        return zero

    return missing
