"""Wrappers that keep interval mode's floats where the precision table applies (issue 37,
item 3; the pass is recondition/interval_floats.py).

Every float the program holds stays finite and within [-BOUND, BOUND]: a result that may
leave it is clamped back (`IV_BOUND`, and the wrappers below end with the same clamp), and
each inexact built-in gets arguments inside the range where its row of interp/precision.py
bounds the result:

- `a / b` divides by `abs(b) + 0.5`: never nearer zero than 0.5, never beyond 2^126;
- sqrt, inversesqrt, log, log2 and pow's base take `abs(x) + 2^-10` (positive, away from
  0); pow's exponent is clamped to [-8, 8], so y * log2(x) stays within +-107 and the
  result finite and normal;
- exp and exp2 take `clamp(x, -10, 10)` (the 3 + 2|x| ULP bound stays small);
- sin and cos take x reduced by a whole number of turns and clamped into [-pi, pi] (the
  largest float32 below pi): their 2^-11 bound covers that range only;
- mod divides by `abs(y) + 0.5`, smoothstep's edges are put in order and apart
  (`min(e0, e1)`, `max(e0, e1) + 0.5`: GLSL leaves e0 >= e1 undefined), a float clamp's
  bounds are put in order (`min`, `max`);
- length, distance and normalize never see a zero vector: length and normalize take
  `abs(v) + 2^-10`, distance `(abs(a) + 2^-10, -abs(b))`, whose difference is at least
  2^-10 in every component (length ignores signs, so length keeps its value's size);
- uint(f) converts `abs(f)` (a negative float's uint is undefined).

No wrapper compares a float: a comparison of two intervals may be undecided, and the
interpreter refuses a program whose control flow depends on rounding. Every wrapper is
therefore of the always-safe form (`return SAFE;`, WrapperBody.always_unsafe), PLAIN being
the bare operation for pruning (instrument.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from shadersmith.ir.expressions import Call, CallKind, Construct, Expression, IncDec, Unary
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import (
    FLOAT,
    MatrixType,
    ScalarKind,
    Type,
    VectorType,
    vector_or_scalar,
)
from shadersmith.recondition.build import binary, bool_lit, builtin, float_lit, index, var
from shadersmith.recondition.wrappers.base import Params, WrapperBody, WrapperKind, assigning

BOUND = 10000.0  # every float within [-BOUND, BOUND]
DIVISOR_OFFSET = 0.5  # a divisor is at least this far from zero
POSITIVE_OFFSET = 2.0**-10  # a root's or logarithm's argument at least this
EXP_LIMIT = 10.0  # exp and exp2 arguments within [-EXP_LIMIT, EXP_LIMIT]
POW_LIMIT = 8.0  # pow exponents within [-POW_LIMIT, POW_LIMIT]
EDGE_GAP = 0.5  # smoothstep's edges at least this far apart
# The float32 constants of the turn reduction, and the largest float32 below pi (math.pi
# is below the real pi, and no float32 lies between them: interp/intervals.py).
TWO_PI = float(np.float32(2 * math.pi))
INVERSE_TWO_PI = float(np.float32(1 / (2 * math.pi)))
BELOW_PI = float(np.nextafter(np.float32(math.pi), np.float32(0)))


def _call(name: str, result: Type, *args: Expression) -> Call:
    """A built-in call typed by hand (the inexact built-ins have no exact overload)."""
    return Call(result, name, args, CallKind.BUILTIN)


def _columns(x: Expression, make: Callable[[Expression], Expression]) -> Expression:
    """`make` applied to a scalar or vector, or column by column to a matrix (clamp, abs
    and min take no matrix)."""
    if isinstance(x.type, MatrixType):
        columns = tuple(make(index(x, i)) for i in range(x.type.columns))
        return Construct(x.type, columns)
    return make(x)


def bounded(x: Expression) -> Expression:
    """clamp(x, -BOUND, BOUND), column by column for a matrix."""
    return _columns(x, lambda v: builtin("clamp", v, float_lit(-BOUND), float_lit(BOUND)))


def _plus(x: Expression, offset: float) -> Expression:
    return binary(BinaryOp.ADD, x, float_lit(offset))


def _away_from_zero(x: Expression, offset: float) -> Expression:
    """abs(x) + offset (column by column for a matrix)."""
    return _columns(x, lambda v: _plus(builtin("abs", v), offset))


def _always(result_type: Type, safe: Expression, plain: Expression) -> WrapperBody:
    return WrapperBody(result_type, bool_lit(True), safe, plain)


def _bound(p: Params) -> WrapperBody:
    (x,) = p
    return _always(x.type, bounded(x), x)


def _division(p: Params) -> WrapperBody:
    a, b = p
    plain = binary(BinaryOp.DIV, a, b)
    if isinstance(b.type, MatrixType) or isinstance(a.type, MatrixType):
        assert isinstance(plain.type, MatrixType)

        def column(x: Expression, i: int) -> Expression:
            return index(x, i) if isinstance(x.type, MatrixType) else x

        columns = tuple(
            bounded(
                binary(BinaryOp.DIV, column(a, i), _away_from_zero(column(b, i), DIVISOR_OFFSET))
            )
            for i in range(plain.type.columns)
        )
        return _always(plain.type, Construct(plain.type, columns), plain)
    safe = bounded(binary(BinaryOp.DIV, a, _away_from_zero(b, DIVISOR_OFFSET)))
    return _always(plain.type, safe, plain)


def _arithmetic(op: BinaryOp) -> WrapperKind:
    """`a op b` clamped; only its compound-assignment form is used (a plain `a op b` is
    wrapped as IV_BOUND(a op b), which keeps the operator in the caller)."""

    def build(p: Params) -> WrapperBody:
        a, b = p
        plain = binary(op, a, b)
        return _always(plain.type, bounded(plain), plain)

    return WrapperKind(f"IV_{op.name}", build, lambda args: binary(op, args[0], args[1]))


def _step(op: IncDecOp) -> WrapperKind:
    """++/-- on a float, clamped: `_ss_a = clamp(_ss_a +- 1.0)`, returning the new value
    (prefix) or the old one (postfix)."""

    def build(p: Params) -> WrapperBody:
        (a,) = p
        locals_: list[VarDecl] = []
        result: Expression | None = None
        if not op.is_prefix:
            locals_.append(VarDecl("_ss_old", a.type, a))
            result = var("_ss_old", a.type)
        arithmetic = BinaryOp.ADD if op.is_increment else BinaryOp.SUB
        plain = binary(arithmetic, a, float_lit(1.0))
        return WrapperBody(a.type, bool_lit(True), bounded(plain), plain, tuple(locals_), result)

    name = ("IV_PRE_" if op.is_prefix else "IV_POST_") + ("INC" if op.is_increment else "DEC")
    return WrapperKind(name, build, lambda args: IncDec(args[0].type, op, args[0]), assigns=True)


def _unary_builtin(
    name: str, guard: Callable[[Expression], Expression], clamp: bool
) -> WrapperKind:
    def build(p: Params) -> WrapperBody:
        (x,) = p
        plain = _call(name, x.type, x)
        safe: Expression = _call(name, x.type, guard(x))
        return _always(x.type, bounded(safe) if clamp else safe, plain)

    return WrapperKind(f"IV_{name.upper()}", build, lambda args: _call(name, args[0].type, *args))


def _positive(x: Expression) -> Expression:
    return _away_from_zero(x, POSITIVE_OFFSET)


def _within(limit: float) -> Callable[[Expression], Expression]:
    return lambda x: builtin("clamp", x, float_lit(-limit), float_lit(limit))


def _turns_reduced(x: Expression) -> Expression:
    """x less a whole number of turns, clamped into [-BELOW_PI, BELOW_PI]:
    clamp(x - 2pi * floor(x / 2pi + 0.5), ...), the multiply by 1/2pi standing for the
    division (no divisor to guard)."""
    turns = builtin("floor", _plus(binary(BinaryOp.MUL, x, float_lit(INVERSE_TWO_PI)), 0.5))
    reduced = binary(BinaryOp.SUB, x, binary(BinaryOp.MUL, float_lit(TWO_PI), turns))
    return builtin("clamp", reduced, float_lit(-BELOW_PI), float_lit(BELOW_PI))


def _power(p: Params) -> WrapperBody:
    x, y = p
    plain = _call("pow", x.type, x, y)
    safe = _call("pow", x.type, _positive(x), _within(POW_LIMIT)(y))
    return _always(x.type, bounded(safe), plain)


def _modulo(p: Params) -> WrapperBody:
    x, y = p
    plain = _call("mod", x.type, x, y)
    return _always(x.type, _call("mod", x.type, x, _away_from_zero(y, DIVISOR_OFFSET)), plain)


def _mix(p: Params) -> WrapperBody:
    x, y, a = p
    plain = _call("mix", x.type, x, y, a)
    return _always(x.type, bounded(plain), plain)


def _smoothstep(p: Params) -> WrapperBody:
    low, high, x = p
    plain = _call("smoothstep", x.type, low, high, x)
    first = builtin("min", low, high)
    last = _plus(builtin("max", low, high), EDGE_GAP)
    return _always(x.type, _call("smoothstep", x.type, first, last, x), plain)


def _clamp(p: Params) -> WrapperBody:
    x, low, high = p
    plain = builtin("clamp", x, low, high)
    safe = builtin("clamp", x, builtin("min", low, high), builtin("max", low, high))
    return _always(x.type, safe, plain)


def _length(p: Params) -> WrapperBody:
    (v,) = p
    plain = _call("length", FLOAT, v)
    return _always(FLOAT, bounded(_call("length", FLOAT, _positive(v))), plain)


def _distance(p: Params) -> WrapperBody:
    a, b = p
    plain = _call("distance", FLOAT, a, b)
    apart = _call("distance", FLOAT, _positive(a), Unary(b.type, UnaryOp.NEG, builtin("abs", b)))
    return _always(FLOAT, bounded(apart), plain)


def _normalize(p: Params) -> WrapperBody:
    (v,) = p
    return _always(v.type, _call("normalize", v.type, _positive(v)), _call("normalize", v.type, v))


def _bounded_builtin(name: str) -> WrapperKind:
    """A built-in whose arguments need nothing and whose result is clamped (dot, cross,
    determinant, the componentwise matrix products)."""

    def build(p: Params) -> WrapperBody:
        plain = _call(name, _result_of(name, p), *p)
        return _always(plain.type, bounded(plain), plain)

    return WrapperKind(
        f"IV_{name.upper()}", build, lambda args: _call(name, _result_of(name, args), *args)
    )


def _result_of(name: str, args: tuple[Expression, ...]) -> Type:
    if name in ("dot", "determinant"):
        return FLOAT
    if name == "outerProduct":
        columns, rows = args[1].type, args[0].type
        assert isinstance(columns, VectorType) and isinstance(rows, VectorType)
        return MatrixType(columns.size, rows.size)
    return args[0].type


def _to_uint(p: Params) -> WrapperBody:
    (f,) = p
    size = f.type.size if isinstance(f.type, VectorType) else 1
    target = vector_or_scalar(ScalarKind.UINT, size)
    return _always(target, Construct(target, (builtin("abs", f),)), Construct(target, (f,)))


BOUND_KIND = WrapperKind("IV_BOUND", _bound, lambda args: args[0])
DIVISION = WrapperKind("IV_FDIV", _division, lambda args: binary(BinaryOp.DIV, *args))
TO_UINT = WrapperKind(
    "IV_TO_UINT",
    _to_uint,
    lambda args: Construct(
        vector_or_scalar(
            ScalarKind.UINT, args[0].type.size if isinstance(args[0].type, VectorType) else 1
        ),
        (args[0],),
    ),
)
CLAMP = WrapperKind("IV_CLAMP", _clamp, lambda args: builtin("clamp", *args))

# The built-ins this pass wraps, by name.
BUILTIN_KINDS: dict[str, WrapperKind] = {
    "sqrt": _unary_builtin("sqrt", _positive, clamp=False),
    "inversesqrt": _unary_builtin("inversesqrt", _positive, clamp=False),
    "log": _unary_builtin("log", _positive, clamp=False),
    "log2": _unary_builtin("log2", _positive, clamp=False),
    "exp": _unary_builtin("exp", _within(EXP_LIMIT), clamp=True),
    "exp2": _unary_builtin("exp2", _within(EXP_LIMIT), clamp=True),
    "sin": _unary_builtin("sin", _turns_reduced, clamp=False),
    "cos": _unary_builtin("cos", _turns_reduced, clamp=False),
    "pow": WrapperKind("IV_POW", _power, lambda args: _call("pow", args[0].type, *args)),
    "mod": WrapperKind("IV_MOD", _modulo, lambda args: _call("mod", args[0].type, *args)),
    "mix": WrapperKind("IV_MIX", _mix, lambda args: _call("mix", args[0].type, *args)),
    "smoothstep": WrapperKind(
        "IV_SMOOTHSTEP", _smoothstep, lambda args: _call("smoothstep", args[2].type, *args)
    ),
    "length": WrapperKind("IV_LENGTH", _length, lambda args: _call("length", FLOAT, *args)),
    "distance": WrapperKind("IV_DISTANCE", _distance, lambda args: _call("distance", FLOAT, *args)),
    "normalize": WrapperKind(
        "IV_NORMALIZE", _normalize, lambda args: _call("normalize", args[0].type, *args)
    ),
    **{
        name: _bounded_builtin(name)
        for name in ("dot", "cross", "determinant", "matrixCompMult", "outerProduct")
    },
}

ASSIGN_KINDS: dict[AssignOp, WrapperKind] = {
    AssignOp.ADD: assigning(_arithmetic(BinaryOp.ADD), AssignOp.ADD),
    AssignOp.SUB: assigning(_arithmetic(BinaryOp.SUB), AssignOp.SUB),
    AssignOp.MUL: assigning(_arithmetic(BinaryOp.MUL), AssignOp.MUL),
    AssignOp.DIV: assigning(DIVISION, AssignOp.DIV),
}
STEP_KINDS: dict[IncDecOp, WrapperKind] = {op: _step(op) for op in IncDecOp}

INTERVAL_KINDS: tuple[WrapperKind, ...] = (
    BOUND_KIND,
    DIVISION,
    TO_UINT,
    CLAMP,
    *BUILTIN_KINDS.values(),
    *ASSIGN_KINDS.values(),
    *STEP_KINDS.values(),
)
