"""Relaxed precision in the INTERVAL float mode (issue 37 item 1, `mediump`/`lowp`):
where GLSL's propagation rules (analysis/relaxed_precision.py) let an operation run at
relaxed precision, its interval widens to every value a 16-bit evaluation may give.

The bound (precision.py, row "mediump RelaxedPrecision"): relative 2^-10 inside
(-2^14, 2^14); magnitudes below 2^-14 may become 0. For + - *, unary -, conversions and
the exact built-ins (abs, min, floor, ... and fract) Vulkan's half-precision column says
"correctly rounded", so a relaxed result is a float16 neighbour of the exact result of
float16 operands, or (computed in full precision: "at least as high") the highp result,
or that rounded to float16 when stored: the hull is the highp interval rounded outward to
the float16 grid (each step at most one float16 ULP, 2^-10 relative: the row's bound).
Division: 2.5 float16 ULP (the same column). Other built-ins (exp, sqrt, mix, dot, ...)
evaluated relaxed are not bounded here: UNBOUNDED (unconstrained, never a false alarm).
A value reaching 2^14 in magnitude is UNBOUNDED too (outside the row's range).

How: `relaxed_program` rewrites the program the interpreter runs (never the emitted one)
so that each relaxed operation, each literal converted at relaxed precision and each read
of a mediump/lowp variable is wrapped in a call to one of the pseudo built-ins below
(names GLSL reserves, `__...`), which ExpressionCompiler runs as `RELAXATIONS`. Reading a
relaxed variable through the same rounding covers every way of storing into it
(initialisers, assignments, compound assignments, out and inout copies): rounding to the
float16 grid is idempotent, so a value rounded at its operation and again at its read
widens once. A relaxed result is a leaf of the rearrangement tree (rearrangement.py):
not modelled, a compiler that ignores RelaxedPrecision and reassociates a highp sum across
a relaxed value (lavapipe and SwiftShader compute it in 32 bits); the float16 width
(2^13 float32 ULPs around an inexact value) dwarfs that reassociation's bound except
under heavy cancellation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from shadersmith.analysis.relaxed_precision import (
    Precision,
    effective,
    is_float32,
    is_relaxed,
    operand_context,
    own_precision,
    place_root,
)
from shadersmith.interp import precision
from shadersmith.interp.intervals import UNBOUNDED, Interval, Unbounded
from shadersmith.ir.expressions import (
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
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Function, ParamQualifier, Program
from shadersmith.ir.statements import (
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.types import MatrixType, ScalarType
from shadersmith.ir.walk import transform

RELAXED = "__relaxed"  # correctly rounded at 16 bits
RELAXED_DIVISION = "__relaxed_division"  # 2.5 float16 ULP
RELAXED_UNBOUNDED = "__relaxed_unbounded"  # no bound modelled

# Built-ins whose half-precision row is "correctly rounded" (exact on representable
# inputs but fract): the precision table's row of that name.
_ROUNDED_BUILTINS = frozenset(precision.row("fract").operation.split())
# Built-ins with out parameters: left as they are (a place argument cannot be wrapped).
_OUT_BUILTINS = frozenset(
    {"modf", "frexp", "uaddCarry", "usubBorrow", "umulExtended", "imulExtended"}
)

_HALF_ULP_EXPONENT = 10  # float16 has 10 fraction bits
_SUBNORMAL_STEP = 2.0**-24  # float16's smallest step


def _step(magnitude: float) -> float:
    """The float16 ULP at `magnitude` (below 2^-14 the subnormal step)."""
    if magnitude < precision.MEDIUMP_MIN_NORMAL:
        return _SUBNORMAL_STEP
    return 2.0 ** (math.frexp(magnitude)[1] - 1 - _HALF_ULP_EXPONENT)


def _floor16(value: float) -> float:
    """The largest float16 value <= `value` (|value| < 2^14)."""
    if value < 0.0:
        return -_ceil16(-value)
    step = _step(value)
    return math.floor(value / step) * step


def _ceil16(value: float) -> float:
    if value < 0.0:
        return -_floor16(-value)
    step = _step(value)
    result = math.ceil(value / step) * step
    return result


def relax(value: Interval, float16_ulps: float = 0.0) -> Interval | Unbounded:
    """Every value a relaxed evaluation of a result whose highp interval is `value` may
    give: widened by `float16_ulps` float16 ULPs (division's 2.5), rounded outward to the
    float16 grid, holding 0 where it reaches a magnitude below 2^-14 (flushed); UNBOUNDED
    where it reaches 2^14 in magnitude."""
    lo, hi = value.lo, value.hi
    if float16_ulps:
        widest = max(abs(lo), abs(hi))
        error = float16_ulps * max(widest * 2.0**-_HALF_ULP_EXPONENT, _SUBNORMAL_STEP)
        lo, hi = lo - error, hi + error
    if lo <= -precision.MEDIUMP_MAX or hi >= precision.MEDIUMP_MAX:
        return UNBOUNDED
    lo, hi = _floor16(lo), _ceil16(hi)
    if lo < precision.MEDIUMP_MIN_NORMAL and hi > -precision.MEDIUMP_MIN_NORMAL:
        lo, hi = min(lo, 0.0), max(hi, 0.0)
    return Interval(lo + 0.0, hi + 0.0)


def _componentwise(kernel: Callable[[Interval], Any]) -> Callable[[Any], Any]:
    def apply(value: Any) -> Any:
        if isinstance(value, tuple):
            return tuple(apply(v) for v in value)
        if value is UNBOUNDED:
            return UNBOUNDED
        return kernel(value)

    return apply


# The pseudo built-ins' kernels (ExpressionCompiler runs a call to one of these names).
RELAXATIONS: dict[str, Callable[[Any], Any]] = {
    RELAXED: _componentwise(relax),
    RELAXED_DIVISION: _componentwise(lambda v: relax(v, precision.DIVISION_ULPS)),
    RELAXED_UNBOUNDED: _componentwise(lambda v: UNBOUNDED),
}


def _matrix_product(expr: Binary) -> bool:
    """A product with a matrix operand (but a scalar): dot products, inherited at 16 bits,
    not one rounding."""
    types = (expr.left.type, expr.right.type)
    return (
        expr.op is BinaryOp.MUL
        and any(isinstance(t, MatrixType) for t in types)
        and not any(isinstance(t, ScalarType) for t in types)
    )


def _wrapped(name: str, expr: Expression) -> Call:
    return Call(expr.type, name, (expr,), CallKind.BUILTIN)


class _Rewriter:
    """The rewrite of one function's expressions (its relaxed names fixed)."""

    def __init__(self, names: frozenset[str], functions: tuple[Function, ...]) -> None:
        self.names = names
        self.functions = functions

    def _callee(self, call: Call) -> Function | None:
        for function in self.functions:
            params = function.params
            if (
                function.name == call.callee
                and len(params) == len(call.args)
                and all(p.type == a.type for p, a in zip(params, call.args, strict=True))
            ):
                return function
        return None

    def place(self, expr: Expression) -> Expression:
        """A place (assigned to, or an out argument): only its indices are r-values."""
        if isinstance(expr, Index):
            return replace(expr, base=self.place(expr.base), index=self.value(expr.index))
        if isinstance(expr, Swizzle | Member):
            return replace(expr, base=self.place(expr.base))
        if isinstance(expr, VariableRef):
            return expr
        return self.value(expr)

    def value(
        self, expr: Expression, context: Precision = Precision.HIGH, top: bool = True
    ) -> Expression:
        """An r-value consumed at `context`; `top` False for an expression statement's
        assignment, whose value nobody reads."""
        names = self.names
        at = effective(expr, context, names)
        relaxed = at is Precision.RELAXED and is_float32(expr.type)
        if isinstance(expr, VariableRef | Swizzle | Index | Member):
            root = place_root(expr)
            if root is None:
                rebuilt = self._inner(expr, context)
                return _wrapped(RELAXED, rebuilt) if relaxed else rebuilt
            read = self.place(expr)
            return _wrapped(RELAXED, read) if relaxed else read
        if isinstance(expr, Literal):
            return _wrapped(RELAXED, expr) if relaxed else expr
        if isinstance(expr, Unary):
            rebuilt = replace(expr, operand=self.value(expr.operand, at))
        elif isinstance(expr, Binary):
            if expr.op.is_comparison:
                inner = operand_context(expr, names)
                return replace(
                    expr, left=self.value(expr.left, inner), right=self.value(expr.right, inner)
                )
            if expr.op.is_logical:
                return replace(expr, left=self.value(expr.left), right=self.value(expr.right))
            rebuilt = replace(
                expr, left=self.value(expr.left, at), right=self.value(expr.right, at)
            )
            if relaxed and expr.op is BinaryOp.DIV:
                return _wrapped(RELAXED_DIVISION, rebuilt)
            if relaxed and _matrix_product(expr):
                return _wrapped(RELAXED_UNBOUNDED, rebuilt)
        elif isinstance(expr, Assign):
            target_precision = own_precision(expr.target, names)
            rebuilt = replace(
                expr, target=self.place(expr.target), value=self.value(expr.value, target_precision)
            )
            relaxed = relaxed and top
        elif isinstance(expr, IncDec):
            rebuilt = replace(expr, target=self.place(expr.target))
            relaxed = relaxed and top
        elif isinstance(expr, Ternary):
            rebuilt = replace(
                expr,
                condition=self.value(expr.condition),
                if_true=self.value(expr.if_true, at),
                if_false=self.value(expr.if_false, at),
            )
        elif isinstance(expr, Construct):
            rebuilt = replace(expr, args=tuple(self._argument(a, at) for a in expr.args))
        elif isinstance(expr, Sequence):
            *first, last = expr.items
            items = [self.value(e, top=False) for e in first] + [self.value(last, context, top)]
            return replace(expr, items=tuple(items))
        elif isinstance(expr, Call):
            return self._call(expr, at, relaxed)
        else:
            return expr
        return _wrapped(RELAXED, rebuilt) if relaxed else rebuilt

    def _inner(self, expr: Expression, context: Precision) -> Expression:
        """x.yz, x[i], x.f of a base that is not a variable (a call's result ...)."""
        if isinstance(expr, Index):
            return replace(expr, base=self.value(expr.base, context), index=self.value(expr.index))
        if isinstance(expr, Swizzle | Member):
            return replace(expr, base=self.value(expr.base, context))
        return self.value(expr, context)

    def _argument(self, arg: Expression, at: Precision) -> Expression:
        return self.value(arg, at if is_float32(arg.type) else Precision.HIGH)

    def _call(self, expr: Call, at: Precision, relaxed: bool) -> Expression:
        if expr.kind is not CallKind.BUILTIN:
            callee = self._callee(expr)
            if callee is None:  # a wrapper the reconditioner adds later, or unknown
                return replace(expr, args=tuple(self.place(a) for a in expr.args))
            args = tuple(
                self.value(a, Precision.RELAXED if is_relaxed(p.qualifiers) else Precision.HIGH)
                if p.qualifier is ParamQualifier.IN
                else self.place(a)
                for a, p in zip(expr.args, callee.params, strict=True)
            )
            return replace(expr, args=args)
        if expr.callee in _OUT_BUILTINS:
            return expr
        rebuilt = replace(expr, args=tuple(self._argument(a, at) for a in expr.args))
        if not relaxed:
            return rebuilt
        name = RELAXED if expr.callee in _ROUNDED_BUILTINS else RELAXED_UNBOUNDED
        return _wrapped(name, rebuilt)

    def statement(self, node: object) -> object:
        if isinstance(node, VarDecl) and node.init is not None:
            relaxed = is_relaxed(node.qualifiers) and is_float32(node.type)
            context = Precision.RELAXED if relaxed else Precision.HIGH
            return replace(node, init=self.value(node.init, context))
        if isinstance(node, ExprStmt):
            return replace(node, expr=self.value(node.expr, top=False))
        if isinstance(node, If | While | DoWhile):
            return replace(node, condition=self.value(node.condition))
        if isinstance(node, Switch):
            return replace(node, selector=self.value(node.selector))
        if isinstance(node, For):
            condition = None if node.condition is None else self.value(node.condition)
            update = None if node.update is None else self.value(node.update, top=False)
            return replace(node, condition=condition, update=update)
        if isinstance(node, Return) and node.value is not None:
            return replace(node, value=self.value(node.value))
        return node


def _declared_relaxed(node: object) -> set[str]:
    names: set[str] = set()

    def visit(current: object) -> object:
        if isinstance(current, VarDecl) and is_relaxed(current.qualifiers):
            names.add(current.name)
        return current

    transform(node, visit)
    return names


def relaxed_program(program: Program) -> Program:
    """`program` with its relaxed operations and reads wrapped (see the docstring); the
    program itself when nothing in it is mediump or lowp."""
    global_names = {d.name for d in program.globals if is_relaxed(d.qualifiers)}
    per_function = {
        f.name: _declared_relaxed(f.body) | {p.name for p in f.params if is_relaxed(p.qualifiers)}
        for f in program.functions
    }
    if not global_names and not any(per_function.values()):
        return program
    functions = program.functions
    rewritten = []
    for function in program.functions:
        rewriter = _Rewriter(frozenset(global_names | per_function[function.name]), functions)
        rewritten.append(replace(function, body=transform(function.body, rewriter.statement)))
    globals_rewriter = _Rewriter(frozenset(global_names), functions)
    decls = tuple(transform(d, globals_rewriter.statement) for d in program.globals)
    return replace(program, functions=tuple(rewritten), globals=decls)
