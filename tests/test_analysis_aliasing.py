"""analysis/aliasing.py: when two out/inout arguments of one call may overlap."""

from __future__ import annotations

import pytest

from shadersmith.analysis.aliasing import aliased_arguments, aliasing_calls, lvalues_overlap
from shadersmith.ir.expressions import Expression
from shadersmith.ir.program import ParamQualifier
from shadersmith.ir.types import INT, UINT, VOID, ArrayType, StructField, StructType
from tests.interp_builders import (
    IVEC2,
    IVEC4,
    MAT2,
    add,
    builtin,
    call,
    expr,
    function,
    index,
    lit,
    member,
    program,
    swizzle,
    var,
)

INTS = ArrayType(INT, 3)
PAIR = StructType("Pair", (StructField("a", INTS), StructField("b", INT)))
V, A, S, M = var("v", IVEC4), var("a", INTS), var("s", PAIR), var("m", MAT2)
IDX_I, IDX_J = var("i"), var("j")

OVERLAP_CASES: list[tuple[str, Expression, Expression, bool]] = [
    ("same variable", var("x"), var("x"), True),
    ("different variables", var("x"), var("y"), False),
    ("vector and its component", V, swizzle(V, "x"), True),
    ("different components", swizzle(V, "x"), swizzle(V, "y"), False),
    ("swizzles sharing y", swizzle(V, "xy"), swizzle(V, "yz"), True),
    ("swizzles sharing nothing", swizzle(V, "xy"), swizzle(V, "zw"), False),
    ("constant index and swizzle, same", index(V, 0), swizzle(V, "x"), True),
    ("constant index and swizzle, other", index(V, 0), swizzle(V, "y"), False),
    ("run-time index into a vector", index(V, IDX_I), swizzle(V, "w"), True),
    ("run-time index inside a swizzle", index(swizzle(V, "xy"), IDX_I), swizzle(V, "z"), False),
    ("swizzle of a swizzle", swizzle(swizzle(V, "wz"), "y"), swizzle(V, "z"), True),
    ("different constant elements", index(A, 0), index(A, 1), False),
    ("run-time indices", index(A, IDX_I), index(A, IDX_J), True),
    ("same run-time index", index(A, IDX_I), index(A, IDX_I), True),
    ("run-time and constant index", index(A, IDX_I), index(A, 2), True),
    ("array and its element", A, index(A, 0), True),
    ("struct and its field", member(S, "a"), S, True),
    ("different fields", member(S, "a"), member(S, "b"), False),
    ("elements of one field", index(member(S, "a"), 0), index(member(S, "a"), 1), False),
    ("run-time element and other field", index(member(S, "a"), IDX_I), member(S, "b"), False),
    ("matrix columns", index(M, 0), index(M, 1), False),
    ("column and its component", index(M, 0), index(index(M, 0), 1), True),
    ("components of two columns", index(index(M, 0), 0), index(index(M, 1), 0), False),
    ("not an l-value", add(var("x"), lit(1)), var("x"), False),
]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [case[1:] for case in OVERLAP_CASES],
    ids=[case[0] for case in OVERLAP_CASES],
)
def test_lvalues_overlap(a: Expression, b: Expression, expected: bool) -> None:
    assert lvalues_overlap(a, b) is expected
    assert lvalues_overlap(b, a) is expected  # symmetric


def test_aliased_arguments_keep_the_first_of_each_group() -> None:
    v = var("v", IVEC2)
    x, y = swizzle(v, "x"), swizzle(v, "y")
    # v.xy overlaps v.x (kept); v.y overlaps only v.xy, which is redirected: v.y stays.
    assert aliased_arguments([x, v, y], [True, True, True]) == (1,)
    assert aliased_arguments([x, x, x], [True, True, True]) == (1, 2)
    # An `in` argument is never copied back: f(x, x) with (out, in) is fine.
    assert aliased_arguments([x, x], [True, False]) == ()
    assert aliased_arguments([x, y], [True, True]) == ()


def test_aliasing_calls_use_parameter_qualifiers() -> None:
    # void two(out int p, inout int q);  two(x, x) aliases, with (in, out) it would not.
    out, inout = ParamQualifier.OUT, ParamQualifier.INOUT
    two = function("two", VOID, [("p", INT, out), ("q", INT, inout)])
    x, u = var("x"), var("u", UINT)
    body = [
        expr(call("two", VOID, x, x)),
        expr(call("two", VOID, index(A, 0), index(A, 1))),
        expr(builtin("umulExtended", VOID, u, u, u, u)),
        expr(builtin("uaddCarry", UINT, u, u, u)),
    ]
    prog = program(body, {"x": INT, "a": INTS, "u": UINT}, functions=[two])
    found = [c.callee for c in aliasing_calls(prog)]
    assert found == ["two", "umulExtended"]
