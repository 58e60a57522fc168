"""Pass (interval mode, issue 37 item 3): keep every float finite, within [-BOUND, BOUND],
and every inexact operation inside the range where the precision table of
interp/precision.py bounds its result; chosen instead of exact_floats.py when
ReconditionOptions.floats is FloatMode.INTERVAL (the wrappers and their reasons:
wrappers/interval.py).

- float literals outside [-BOUND, BOUND] are clamped to it (buffer contents are mapped
  by buffer_values.py);
- `a + b`, `a - b`, `a * b` on floats become `SAFE_IV_BOUND(a op b)` (a clamp), unless
  both operands are literals whose result is within the bound (constant expressions stay
  constant); float `a / b` becomes SAFE_IV_FDIV (a divisor `abs(b) + 0.5`);
- compound assignments and ++/-- on floats become `inout` wrappers that clamp;
- a float built from an integer (`float(i)`, `vec3(ivec3)`) is clamped, `uint(f)`
  converts `abs(f)`;
- the inexact built-ins get their guarded wrappers (sqrt, inversesqrt, log, log2, exp,
  exp2, sin, cos, pow, mod, smoothstep, length, distance, normalize), mix, dot, cross,
  determinant and the componentwise matrix products are clamped, a float clamp gets its
  bounds in order without comparing them;
- a float subgroup sum or product (subgroupAdd, subgroupInclusiveMul, ...) is clamped.

Negation, abs, sign, min, max, floor and the other roundings, fract, step and the
comparisons keep the bound as they are. No rewrite compares a float (wrappers/interval.py
says why). What stays undecided is float-to-integer conversion and float comparison in the
program itself: the generator makes them rare (generate/inexact.py) and the interpreter
refuses a program whose integers or control flow depend on rounding.
"""

from __future__ import annotations

from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Literal,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.types import FLOAT, ScalarKind, ScalarType, VectorType, kind_of
from shadersmith.recondition.wrappers.interval import (
    ASSIGN_KINDS,
    BOUND,
    BOUND_KIND,
    BUILTIN_KINDS,
    CLAMP,
    DIVISION,
    STEP_KINDS,
    TO_UINT,
)
from shadersmith.recondition.wrappers.registry import wrapper_call

_ARITHMETIC = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
# The float subgroup reductions and scans whose result grows with the lanes (min, max and
# the broadcasts keep the bound).
_SUBGROUP_SUMS = frozenset(
    f"subgroup{scan}{op}" for scan in ("", "Inclusive", "Exclusive") for op in ("Add", "Mul")
)


def _is_float(expr: Expression) -> bool:
    return kind_of(expr.type) is ScalarKind.FLOAT


def bounded_float(value: float) -> float:
    """A float value (literal, buffer content) in interval mode: finite, within the bound
    (a non-finite one becomes 1.0)."""
    if value != value or value in (float("inf"), float("-inf")):
        return 1.0
    return min(max(value, -BOUND), BOUND)


def _folds_within_bound(expr: Binary) -> bool:
    if not (isinstance(expr.left, Literal) and isinstance(expr.right, Literal)):
        return False
    a, b = float(expr.left.value), float(expr.right.value)
    value = {BinaryOp.ADD: a + b, BinaryOp.SUB: a - b, BinaryOp.MUL: a * b}[expr.op]
    return abs(value) <= BOUND


def _from_integer(expr: Construct) -> bool:
    """Whether a float constructor converts an int or uint (whose magnitude may pass the
    bound: up to 2^32)."""
    return any(kind_of(a.type) in (ScalarKind.INT, ScalarKind.UINT) for a in expr.args)


def _ordered_literals(call: Call) -> bool:
    """Whether a clamp's bounds are literals in order (so nothing needs wrapping)."""
    low, high = call.args[1], call.args[2]
    return isinstance(low, Literal) and isinstance(high, Literal) and low.value <= high.value


def _uint_of_float(expr: Construct) -> Expression:
    """`uvecN(f, ...)`: each float argument converted through abs()."""
    args = tuple(
        wrapper_call(TO_UINT, (a,))
        if _is_float(a) and isinstance(a.type, ScalarType | VectorType)
        else a
        for a in expr.args
    )
    if all(new is old for new, old in zip(args, expr.args, strict=True)):
        return expr
    return Construct(expr.type, args)


def interval_rewrite(expr: Expression) -> Expression:
    """The node rewrite of this pass (GLSL)."""
    if isinstance(expr, Literal):
        if expr.type.kind is ScalarKind.FLOAT:
            value = bounded_float(float(expr.value))
            if value != expr.value:
                return Literal(FLOAT, value)
        return expr
    if isinstance(expr, Binary):
        if not _is_float(expr):
            return expr
        if expr.op is BinaryOp.DIV:
            return wrapper_call(DIVISION, (expr.left, expr.right))
        if expr.op not in _ARITHMETIC or _folds_within_bound(expr):
            return expr
        return wrapper_call(BOUND_KIND, (expr,))
    if isinstance(expr, Assign):
        if expr.op is AssignOp.ASSIGN or not _is_float(expr):
            return expr
        kind = ASSIGN_KINDS.get(expr.op)
        return expr if kind is None else wrapper_call(kind, (expr.target, expr.value))
    if isinstance(expr, IncDec):
        if not _is_float(expr):
            return expr
        return wrapper_call(STEP_KINDS[expr.op], (expr.target,))
    if isinstance(expr, Construct):
        result_kind = kind_of(expr.type)
        if result_kind is ScalarKind.FLOAT and _from_integer(expr):
            return wrapper_call(BOUND_KIND, (expr,))
        if result_kind is ScalarKind.UINT:
            return _uint_of_float(expr)
        return expr
    if isinstance(expr, Call) and expr.kind is CallKind.BUILTIN:
        if not any(_is_float(a) for a in expr.args) and not _is_float(expr):
            return expr
        if expr.callee in _SUBGROUP_SUMS and _is_float(expr):
            # A sum or product over the subgroup's lanes may pass the bound.
            return wrapper_call(BOUND_KIND, (expr,))
        if expr.callee == "clamp":
            if not _is_float(expr) or _ordered_literals(expr):
                return expr
            return wrapper_call(CLAMP, expr.args)
        if expr.callee == "mix" and not _is_float(expr.args[2]):
            return expr  # mix(x, y, bvec): a selection
        builtin_kind = BUILTIN_KINDS.get(expr.callee)
        if builtin_kind is not None:
            return wrapper_call(builtin_kind, expr.args)
    return expr


def wgsl_interval_rewrite(expr: Expression) -> Expression:
    """`interval_rewrite` for WGSL, where assignments are statements without a value and
    no function takes `inout`: `x op= v` becomes `x = op-wrapper(x, v)` and `x++` becomes
    `x = SAFE_IV_BOUND(x + 1.0)` (the l-value is evaluated twice, by the interpreter as by
    the compiled shader, and every index in it is bounded). A float converted to u32 is
    left alone: WGSL saturates it (u32(-5.0) is 0)."""
    if isinstance(expr, Assign) and _is_float(expr) and expr.op is not AssignOp.ASSIGN:
        binary_op = expr.op.binary
        if binary_op is not None and binary_op in (*_ARITHMETIC, BinaryOp.DIV):
            value = interval_rewrite(Binary(expr.type, binary_op, expr.target, expr.value))
            return Assign(expr.type, AssignOp.ASSIGN, expr.target, value)
    if isinstance(expr, IncDec) and _is_float(expr):
        op = BinaryOp.ADD if expr.op.is_increment else BinaryOp.SUB
        one: Expression = Literal(FLOAT, 1.0)
        if isinstance(expr.type, VectorType):
            one = Construct(expr.type, (one,))
        value = wrapper_call(BOUND_KIND, (Binary(expr.type, op, expr.target, one),))
        return Assign(expr.type, AssignOp.ASSIGN, expr.target, value)
    if isinstance(expr, Construct) and kind_of(expr.type) is ScalarKind.UINT:
        return expr
    return interval_rewrite(expr)
