"""The interpreter's undefined-behaviour sanitizer: each category on its edge cases, and
well-defined programs that must not be flagged."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.ir.expressions import Expression
from shadersmith.ir.expressions import Sequence as SequenceExpr
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import ParamQualifier
from shadersmith.ir.statements import For, If, Statement, Switch, SwitchCase, While
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    StructField,
    StructType,
    Type,
)
from shadersmith.ir.values import Value
from tests.interp_builders import (
    INT_MIN,
    IVEC2,
    IVEC3,
    MAT2,
    VEC2,
    VEC3,
    add,
    assign,
    binary,
    block,
    builtin,
    call,
    construct,
    decl,
    expr,
    function,
    index,
    lit,
    member,
    neg,
    post_inc,
    pre_inc,
    returns,
    run,
    swizzle,
    ternary,
    ulit,
    var,
)

OUT = ParamQualifier.OUT
INOUT = ParamQualifier.INOUT
IN = ParamQualifier.IN
INTS = ArrayType(INT, 3)
UINTS = ArrayType(UINT, 3)
PAIR = StructType("Pair", (StructField("a", INT), StructField("b", INT)))


def store(value: Expression, name: str = "r") -> Statement:
    return expr(assign(var(name, value.type), value))


def flagged(
    body: Sequence[Statement],
    fields: Mapping[str, Type],
    values: Mapping[str, Value] | None = None,
    **options: Any,
) -> UndefinedBehaviour:
    with pytest.raises(UndefinedBehaviour) as caught:
        run(body, fields, values, **options)
    return caught.value


def assert_flags(category: UBCategory, value: Expression, **options: Any) -> UndefinedBehaviour:
    ub = flagged([store(value)], {"r": value.type}, **options)
    assert ub.category is category, ub
    return ub


# ---------------------------------------------------------------- arithmetic


@pytest.mark.parametrize(
    ("category", "value"),
    [
        (UBCategory.DIVISION, binary(BinaryOp.DIV, lit(INT_MIN), lit(-1))),
        (UBCategory.DIVISION, binary(BinaryOp.DIV, lit(1), lit(0))),
        (UBCategory.DIVISION, binary(BinaryOp.DIV, ulit(1), ulit(0))),
        (
            UBCategory.DIVISION,
            binary(
                BinaryOp.DIV, construct(IVEC2, lit(1), lit(2)), construct(IVEC2, lit(1), lit(0))
            ),
        ),
        (UBCategory.MODULO, binary(BinaryOp.MOD, lit(-7), lit(3))),
        (UBCategory.MODULO, binary(BinaryOp.MOD, lit(7), lit(-3))),
        (UBCategory.MODULO, binary(BinaryOp.MOD, lit(7), lit(0))),
        (UBCategory.MODULO, binary(BinaryOp.MOD, lit(INT_MIN), lit(-1))),
        (UBCategory.MODULO, binary(BinaryOp.MOD, ulit(7), ulit(0))),
        (UBCategory.SHIFT, binary(BinaryOp.SHL, lit(1), lit(32))),
        (UBCategory.SHIFT, binary(BinaryOp.SHL, lit(1), lit(-1))),
        (UBCategory.SHIFT, binary(BinaryOp.SHR, ulit(1), ulit(32))),
        (
            UBCategory.SHIFT,
            binary(
                BinaryOp.SHR, construct(IVEC2, lit(8), lit(8)), construct(IVEC2, lit(1), lit(40))
            ),
        ),
    ],
)
def test_arithmetic_ub(category: UBCategory, value: Expression) -> None:
    assert_flags(category, value)


def test_compound_division_is_checked() -> None:
    x = var("x")
    ub = flagged([expr(assign(x, lit(-1), AssignOp.DIV))], {"x": INT}, {"x": INT_MIN})
    assert ub.category is UBCategory.DIVISION


def test_defined_edges_are_not_flagged() -> None:
    assert run([store(binary(BinaryOp.SHL, lit(1), lit(31)))], {"r": INT})["r"] == INT_MIN
    assert run([store(binary(BinaryOp.MOD, lit(0), lit(5)))], {"r": INT})["r"] == 0
    assert run([store(binary(BinaryOp.DIV, lit(INT_MIN), lit(1)))], {"r": INT})["r"] == INT_MIN


def test_location_names_function_statement_and_expression() -> None:
    ub = assert_flags(UBCategory.DIVISION, binary(BinaryOp.DIV, lit(1), lit(0)))
    assert ub.function == "main"
    assert "main" in ub.location
    assert "1 / 0" in ub.location


# ---------------------------------------------------------------- out of bounds


@pytest.mark.parametrize("at", [-1, 3])
def test_array_index_out_of_bounds(at: int) -> None:
    a = var("a", INTS)
    ub = flagged([store(index(a, var("i")))], {"r": INT, "a": INTS, "i": INT}, {"i": at})
    assert ub.category is UBCategory.OUT_OF_BOUNDS


def test_vector_matrix_and_write_out_of_bounds() -> None:
    fields: dict[str, Type] = {"v": IVEC3, "m": MAT2, "i": INT, "r": INT, "c": VEC2}
    bodies: list[list[Statement]] = [
        [store(index(var("v", IVEC3), var("i")))],
        [store(index(var("m", MAT2), var("i")), "c")],
        [expr(assign(index(var("v", IVEC3), var("i")), lit(1)))],
        [store(index(construct(IVEC2, lit(1), lit(2)), var("i")))],
    ]
    for body in bodies:
        assert flagged(body, fields, {"i": 3}).category is UBCategory.OUT_OF_BOUNDS


def test_runtime_sized_array_has_the_length_of_its_value() -> None:
    data = ArrayType(UINT, None)
    body = [store(index(var("d", data), var("i")), "r")]
    fields: dict[str, Type] = {"r": UINT, "i": INT, "d": data}
    assert run(body, fields, {"i": 2, "d": (1, 2, 3)})["r"] == 3
    assert flagged(body, fields, {"i": 3, "d": (1, 2, 3)}).category is UBCategory.OUT_OF_BOUNDS


# ---------------------------------------------------------------- built-in domains


@pytest.mark.parametrize(
    "value",
    [
        builtin("clamp", INT, lit(1), lit(3), lit(2)),
        builtin(
            "clamp",
            IVEC2,
            construct(IVEC2, lit(1), lit(1)),
            construct(IVEC2, lit(0), lit(5)),
            construct(IVEC2, lit(1), lit(4)),
        ),
        builtin("bitfieldExtract", INT, lit(1), lit(30), lit(4)),
        builtin("bitfieldExtract", UINT, ulit(1), lit(-1), lit(4)),
        builtin("bitfieldInsert", INT, lit(1), lit(1), lit(0), lit(33)),
        builtin("abs", INT, lit(INT_MIN)),
        construct(UINT, lit(-1.0)),
        builtin("sign", FLOAT, lit(0.0)),
        builtin("min", FLOAT, lit(0.5), lit(1.0)),
    ],
)
def test_builtin_domain(value: Expression) -> None:
    assert_flags(UBCategory.BUILTIN_DOMAIN, value)


def test_abs_int_min_can_be_declared_defined() -> None:
    body = [store(builtin("abs", INT, lit(INT_MIN)))]
    assert run(body, {"r": INT}, abs_int_min_is_ub=False)["r"] == INT_MIN


# ---------------------------------------------------------------- uninitialised


def test_uninitialised_vector_component() -> None:
    v = var("v", IVEC2)
    body: list[Statement] = [
        decl("v", IVEC2),
        expr(assign(swizzle(v, "x"), lit(1))),
        store(swizzle(v, "x")),
    ]
    assert run(body, {"r": INT})["r"] == 1  # the written component is fine
    body[-1] = store(swizzle(v, "y"))
    ub = flagged(body, {"r": INT})
    assert ub.category is UBCategory.UNINITIALISED
    assert "v" in ub.message


def test_uninitialised_whole_vector_and_global() -> None:
    v = var("v", IVEC2)
    body: list[Statement] = [decl("v", IVEC2), expr(assign(swizzle(v, "x"), lit(1))), store(v)]
    assert flagged(body, {"r": IVEC2}).category is UBCategory.UNINITIALISED
    ub = flagged([store(var("g"))], {"r": INT}, globals_=[decl("g", INT)])
    assert ub.category is UBCategory.UNINITIALISED


def test_out_parameter_read_before_written() -> None:
    # int f(out int p) { return p + 1; }
    f = function("f", INT, [("p", INT, OUT)], returns(add(var("p"), lit(1))))
    ub = flagged([store(call("f", INT, var("x")))], {"r": INT, "x": INT}, functions=[f])
    assert ub.category is UBCategory.UNINITIALISED
    assert ub.function == "f"


def test_out_parameter_written_then_read_is_fine() -> None:
    f = function(
        "f",
        INT,
        [("p", INT, OUT)],
        expr(assign(var("p"), lit(4))),
        returns(add(var("p"), lit(1))),
    )
    out = run([store(call("f", INT, var("x")))], {"r": INT, "x": INT}, functions=[f])
    assert out == {"r": 5, "x": 4}


def test_out_parameter_never_written_leaves_the_argument_undefined() -> None:
    f = function("f", VOID, [("p", INT, OUT)])
    body: list[Statement] = [
        decl("y", INT, lit(1)),
        expr(call("f", VOID, var("y"))),
        store(var("y")),
    ]
    assert flagged(body, {"r": INT}, functions=[f]).category is UBCategory.UNINITIALISED
    # ... and a buffer field passed that way ends up undefined.
    ub = flagged([expr(call("f", VOID, var("r")))], {"r": INT}, functions=[f])
    assert ub.category is UBCategory.UNINITIALISED


def test_declaration_skipped_by_a_switch_label() -> None:
    # switch (s) { case 0: int y = 1; case 1: r = y; }
    y = var("y")
    sw = Switch(
        var("s"),
        (
            SwitchCase(lit(0), (decl("y", INT, lit(1)),)),
            SwitchCase(lit(1), (store(y),)),
        ),
    )
    assert run([sw], {"r": INT, "s": INT}, {"s": 0})["r"] == 1
    ub = flagged([sw], {"r": INT, "s": INT}, {"s": 1})
    assert ub.category is UBCategory.UNINITIALISED


def test_inout_parameter_carries_an_undefined_argument_in() -> None:
    # void bump(inout int p) { p = p + 1; }   void set(inout int p) { p = 3; }
    bump = function(
        "bump", VOID, [("p", INT, INOUT)], expr(assign(var("p"), add(var("p"), lit(1))))
    )
    set_ = function("set", VOID, [("p", INT, INOUT)], expr(assign(var("p"), lit(3))))
    fields: dict[str, Type] = {"r": INT}
    body: list[Statement] = [decl("y", INT), expr(call("bump", VOID, var("y")))]
    ub = flagged(body, fields, functions=[bump])
    assert ub.category is UBCategory.UNINITIALISED
    assert ub.function == "bump"
    fine: list[Statement] = [decl("y", INT), expr(call("set", VOID, var("y"))), store(var("y"))]
    assert run(fine, fields, functions=[set_])["r"] == 3


def test_missing_return_value() -> None:
    f = function("f", INT, [])
    ub = flagged([store(call("f", INT))], {"r": INT}, functions=[f])
    assert ub.category is UBCategory.UNINITIALISED


# ---------------------------------------------------------------- evaluation order


def _order(
    body: Sequence[Statement], fields: Mapping[str, Type], **options: Any
) -> UBCategory | None:
    try:
        run(body, fields, **options)
    except UndefinedBehaviour as ub:
        return ub.category
    return None


def test_call_arguments_are_unordered() -> None:
    # int f(int a, int b) { return a - b; }   r = f(x++, x);
    f = function(
        "f",
        INT,
        [("a", INT, IN), ("b", INT, IN)],
        returns(binary(BinaryOp.SUB, var("a"), var("b"))),
    )
    x = var("x")
    body = [store(call("f", INT, post_inc(x), x))]
    assert _order(body, {"r": INT, "x": INT}, functions=[f]) is UBCategory.EVALUATION_ORDER


def test_self_assignment_of_increment() -> None:
    x = var("x")
    assert _order([expr(assign(x, post_inc(x)))], {"x": INT}) is UBCategory.EVALUATION_ORDER


def test_index_of_target_against_increment_in_value() -> None:
    a, i = var("a", INTS), var("i")
    body = [expr(assign(index(a, i), post_inc(i)))]
    assert _order(body, {"a": INTS, "i": INT}) is UBCategory.EVALUATION_ORDER


def test_two_out_arguments_naming_one_variable() -> None:
    # void two(out int p, out int q) { p = 1; q = 2; }   two(x, x);
    two = function(
        "two",
        VOID,
        [("p", INT, OUT), ("q", INT, OUT)],
        expr(assign(var("p"), lit(1))),
        expr(assign(var("q"), lit(2))),
    )
    x = var("x")
    body = [expr(call("two", VOID, x, x))]
    assert _order(body, {"x": INT}, functions=[two]) is UBCategory.ALIASING_OUT_ARGUMENTS
    v = var("v", IVEC2)
    fine = [expr(call("two", VOID, swizzle(v, "x"), swizzle(v, "y")))]
    assert run(fine, {"v": IVEC2}, functions=[two])["v"] == (1, 2)


def test_builtin_out_arguments_naming_one_variable() -> None:
    x = var("x", UINT)
    body = [expr(builtin("umulExtended", VOID, ulit(3), ulit(5), x, x))]
    assert _order(body, {"x": UINT}) is UBCategory.ALIASING_OUT_ARGUMENTS


def test_aliasing_out_arguments_are_checked_on_the_places_written() -> None:
    # umulExtended(3u, 5u, a[i], a[j]): undefined only when i == j at run time.
    a, i, j = var("a", UINTS), var("i"), var("j")
    body = [expr(builtin("umulExtended", VOID, ulit(3), ulit(5), index(a, i), index(a, j)))]
    fields: dict[str, Type] = {"a": UINTS, "i": INT, "j": INT}
    ub = flagged(body, fields, {"i": 1, "j": 1})
    assert ub.category is UBCategory.ALIASING_OUT_ARGUMENTS
    assert "`a[1]`" in ub.message
    assert run(body, fields, {"i": 2, "j": 0})["a"] == (15, 0, 0)  # msb a[2], lsb a[0]


def test_containing_out_arguments_alias() -> None:
    # void f(inout ivec2 p, out int q) { q = p.x; p = ivec2(7); }   f(v, v.y);
    f = function(
        "f",
        VOID,
        [("p", IVEC2, INOUT), ("q", INT, OUT)],
        expr(assign(var("q"), swizzle(var("p", IVEC2), "x"))),
        expr(assign(var("p", IVEC2), construct(IVEC2, lit(7)))),
    )
    v = var("v", IVEC2)
    body = [expr(call("f", VOID, v, swizzle(v, "y")))]
    assert _order(body, {"v": IVEC2}, functions=[f]) is UBCategory.ALIASING_OUT_ARGUMENTS
    # g(s.a, s): a struct and one of its fields.
    g = function("g", VOID, [("p", INT, OUT), ("q", PAIR, OUT)])
    s = var("s", PAIR)
    body = [expr(call("g", VOID, member(s, "a"), s))]
    category = _order(body, {"s": PAIR}, functions=[g], structs=[PAIR])
    assert category is UBCategory.ALIASING_OUT_ARGUMENTS


def test_disjoint_out_arguments_are_defined() -> None:
    # g(out int p, out Pair q) on s.b and t; two(out int, out int) on different fields
    # and on a[0], a[1]: nothing copied back twice, results in argument order.
    two = function(
        "two",
        VOID,
        [("p", INT, OUT), ("q", INT, OUT)],
        expr(assign(var("p"), lit(1))),
        expr(assign(var("q"), lit(2))),
    )
    s, a = var("s", PAIR), var("a", INTS)
    body = [
        expr(call("two", VOID, member(s, "a"), member(s, "b"))),
        expr(call("two", VOID, index(a, 2), index(a, 0))),
    ]
    out = run(body, {"s": PAIR, "a": INTS}, functions=[two], structs=[PAIR])
    assert out == {"s": (1, 2), "a": (2, 0, 1)}


def test_out_argument_read_by_another_argument_is_defined() -> None:
    # seed 004 Figure 4.8: f(x, y, x) with out p0, p1 is well defined.
    f = function(
        "f",
        VOID,
        [("p0", INT, OUT), ("p1", INT, OUT), ("p2", INT, IN)],
        expr(assign(var("p0"), add(var("p2"), lit(1)))),
        expr(assign(var("p1"), lit(7))),
    )
    x, y = var("x"), var("y")
    out = run([expr(call("f", VOID, x, y, x))], {"x": INT, "y": INT}, {"x": 10}, functions=[f])
    assert out == {"x": 11, "y": 7}


def test_unordered_operands_of_binary_operators() -> None:
    x = var("x")
    assert _order([store(add(post_inc(x), x))], {"r": INT, "x": INT}) is UBCategory.EVALUATION_ORDER
    both = add(assign(x, lit(2), AssignOp.ADD), assign(x, lit(2), AssignOp.MUL))
    assert _order([store(both)], {"r": INT, "x": INT}) is UBCategory.EVALUATION_ORDER


def test_conflict_on_one_vector_component_only() -> None:
    v = var("v", IVEC2)
    fine = add(post_inc(swizzle(v, "x")), swizzle(v, "y"))
    assert _order([store(fine)], {"r": INT, "v": IVEC2}) is None
    bad = add(post_inc(swizzle(v, "x")), index(v, lit(0)))
    assert _order([store(bad)], {"r": INT, "v": IVEC2}) is UBCategory.EVALUATION_ORDER


def test_constructor_arguments_are_unordered() -> None:
    x = var("x")
    body = [store(construct(IVEC2, pre_inc(x), x), "v")]
    assert _order(body, {"v": IVEC2, "x": INT}) is UBCategory.EVALUATION_ORDER


def test_callee_effects_count_for_the_call() -> None:
    # int bump() { g++; return 1; }   r = bump() + g;
    bump = function("bump", INT, [], expr(post_inc(var("g"))), returns(lit(1)))
    body = [store(add(call("bump", INT), var("g")))]
    fields = {"r": INT, "g": INT}
    assert _order(body, fields, functions=[bump]) is UBCategory.EVALUATION_ORDER


def test_inout_copy_back_conflicts_with_another_operand() -> None:
    # void twice(inout int p) { p = p * 2; }   r = (twice(x), 1) + x;   twice(x) vs x++
    twice = function(
        "twice", VOID, [("p", INT, INOUT)], expr(assign(var("p"), lit(2), AssignOp.MUL))
    )
    x = var("x")

    with_copy_back = SequenceExpr(INT, (call("twice", VOID, x), lit(1)))
    fields: dict[str, Type] = {"r": INT, "x": INT}
    body: list[Statement] = [store(add(with_copy_back, x))]
    assert _order(body, fields, functions=[twice]) is UBCategory.EVALUATION_ORDER
    # int pick(inout int p, int q) { return p + q; }   r = pick(x, x++);
    pick = function(
        "pick", INT, [("p", INT, INOUT), ("q", INT, IN)], returns(add(var("p"), var("q")))
    )
    body = [store(call("pick", INT, x, post_inc(x)))]
    assert _order(body, fields, functions=[pick]) is UBCategory.EVALUATION_ORDER


def test_well_defined_side_effects_are_not_flagged() -> None:
    x, i, j = var("x"), var("i"), var("j")
    # int f() { a++; return a; }  int g() { b++; return b; }
    f = function("f", INT, [], expr(post_inc(var("a"))), returns(var("a")))
    g = function("g", INT, [], expr(post_inc(var("b"))), returns(var("b")))
    body = [
        expr(assign(x, lit(1), AssignOp.ADD)),
        expr(assign(x, add(x, lit(1)))),
        store(add(post_inc(i), post_inc(j))),
        store(add(call("f", INT), call("g", INT)), "s"),
        # && and || and ?: sequence their operands.
        expr(
            binary(
                BinaryOp.LOGICAL_AND,
                binary(BinaryOp.GT, post_inc(x), lit(0)),
                binary(BinaryOp.GT, x, lit(0)),
            )
        ),
        expr(ternary(binary(BinaryOp.GT, post_inc(x), lit(0)), x, lit(0))),
    ]
    fields = {"x": INT, "i": INT, "j": INT, "r": INT, "s": INT, "a": INT, "b": INT}
    out = run(body, fields, functions=[f, g])
    assert out == {"x": 4, "i": 1, "j": 1, "r": 0, "s": 2, "a": 1, "b": 1}


def test_index_with_side_effect_on_another_variable_is_fine() -> None:
    a, i = var("a", INTS), var("i")
    body = [expr(assign(index(a, post_inc(i)), lit(5))), store(index(a, post_inc(i)))]
    out = run(body, {"a": INTS, "i": INT, "r": INT})
    assert out == {"a": (5, 0, 0), "i": 2, "r": 0}


def test_index_that_writes_what_it_indexes() -> None:
    a = var("a", INTS)
    body = [store(index(a, post_inc(index(a, 0))))]  # a[a[0]++] with a[0] == 0
    assert _order(body, {"a": INTS, "r": INT}) is UBCategory.EVALUATION_ORDER


# ---------------------------------------------------------------- floats


def make_in_range(x: Expression) -> Expression:
    """seed 003 Figure 5: abs(x) < 0.1 || abs(x) >= 16777216.0 ? 10.0 : x."""
    absolute = builtin("abs", FLOAT, x)
    out_of_range = binary(
        BinaryOp.LOGICAL_OR,
        binary(BinaryOp.LT, absolute, lit(0.1)),
        binary(BinaryOp.GE, absolute, lit(16777216.0)),
    )
    return ternary(out_of_range, lit(10.0), x)


def test_rounded_sum_is_flagged_when_observed() -> None:
    rounded = add(lit(16777214.0), lit(3.0))  # exact 16777217 is no float32
    ub = assert_flags(UBCategory.FLOAT_ROUNDOFF, rounded)
    assert "rounded" in ub.message
    compared = binary(BinaryOp.EQ, rounded, lit(16777216.0))
    assert_flags(UBCategory.FLOAT_ROUNDOFF, compared)
    assert_flags(UBCategory.FLOAT_ROUNDOFF, add(rounded, lit(1.0)))


def test_make_in_range_keeps_rounded_and_zero_results_defined() -> None:
    body = [
        store(make_in_range(add(lit(16777214.0), lit(3.0))), "a"),
        store(make_in_range(add(lit(5.0), lit(-5.0))), "b"),
        store(make_in_range(binary(BinaryOp.MUL, lit(4096.0), lit(4097.0))), "c"),
        store(make_in_range(construct(FLOAT, lit(16777217))), "d"),
        store(make_in_range(binary(BinaryOp.SUB, lit(7.0), lit(2.0))), "e"),
    ]
    out = run(body, {n: FLOAT for n in "abcde"})
    assert out == {"a": 10.0, "b": 10.0, "c": 10.0, "d": 10.0, "e": 5.0}


def test_zero_stored_to_a_buffer_is_flagged() -> None:
    ub = assert_flags(UBCategory.FLOAT_ROUNDOFF, add(lit(5.0), lit(-5.0)))
    assert "zero" in ub.message
    v = construct(VEC2, lit(1.0), binary(BinaryOp.SUB, lit(2.0), lit(2.0)))
    assert_flags(UBCategory.FLOAT_ROUNDOFF, v)


def test_input_zero_may_be_compared_but_not_used() -> None:
    f = var("f", FLOAT)
    compare = [
        store(ternary(binary(BinaryOp.LT, builtin("abs", FLOAT, f), lit(0.1)), lit(1), lit(2)))
    ]
    assert run(compare, {"r": INT, "f": FLOAT}, {"f": 0.0})["r"] == 1
    use = [store(add(f, lit(1.0)), "g")]
    ub = flagged(use, {"g": FLOAT, "f": FLOAT}, {"f": 0.0})
    assert ub.category is UBCategory.FLOAT_ROUNDOFF


@pytest.mark.parametrize(
    "value",
    [
        # 16777214 + 3 rounds to 16777216 or 16777218: converting shows which.
        construct(INT, add(lit(16777214.0), lit(3.0))),
        construct(BOOL, add(lit(16777214.0), lit(3.0))),
        builtin("floatBitsToUint", UINT, lit(0.0)),
        binary(BinaryOp.MUL, lit(0.5), lit(2.0)),
        binary(BinaryOp.DIV, lit(6.0), lit(3.0)),
        # (4097, 4097) . (4097, -4097): the products round, a fused sum gives 1 or 0.
        builtin(
            "dot",
            FLOAT,
            construct(VEC2, lit(4097.0), lit(4097.0)),
            construct(VEC2, lit(4097.0), lit(-4097.0)),
        ),
    ],
)
def test_float_roundoff(value: Expression) -> None:
    assert_flags(UBCategory.FLOAT_ROUNDOFF, value)


@pytest.mark.parametrize(
    ("value", "type_", "expected"),
    [
        (construct(INT, lit(0.0)), INT, 0),
        (construct(BOOL, neg(lit(0.0))), BOOL, False),
        (construct(INT, lit(16777216.0)), INT, 16777216),
        (construct(UINT, lit(3.5)), UINT, 3),  # a fragment's uint(gl_FragCoord.x)
    ],
)
def test_exact_floats_outside_the_set_convert(
    value: Expression, type_: Type, expected: Value
) -> None:
    """Converting to int, uint or bool observes neither zero's sign nor an exact value's
    place outside S: every implementation truncates alike."""
    assert run([store(value)], {"r": type_})["r"] == expected


def test_float_conversion_outside_the_integer_range() -> None:
    assert_flags(UBCategory.BUILTIN_DOMAIN, construct(INT, lit(3.0e9)))
    assert_flags(UBCategory.BUILTIN_DOMAIN, construct(UINT, lit(5.0e9)))


def test_large_dot_product_only_rounds_out_of_range() -> None:
    big = construct(VEC3, lit(16777214.0), lit(16777214.0), lit(1.0))
    value = make_in_range(builtin("dot", FLOAT, big, big))
    assert run([store(value)], {"r": FLOAT})["r"] == 10.0


def test_float_increment_leaving_the_set() -> None:
    f = var("f", FLOAT)
    body = [expr(pre_inc(f))]
    assert run(body, {"f": FLOAT}, {"f": -2.0})["f"] == -1.0
    assert flagged(body, {"f": FLOAT}, {"f": -1.0}).category is UBCategory.FLOAT_ROUNDOFF


# ---------------------------------------------------------------- termination


def test_endless_loop_exhausts_the_step_budget() -> None:
    ub = flagged([While(lit(True), block())], {"r": INT}, step_budget=10_000)
    assert ub.category is UBCategory.NON_TERMINATION
    endless_for = For(None, None, None, block(If(lit(False), block())))
    ub = flagged([endless_for], {"r": INT}, step_budget=1000)
    assert ub.category is UBCategory.NON_TERMINATION


def test_sanitizer_off_runs_undefined_programs() -> None:
    x = var("x")
    body = [
        expr(assign(x, post_inc(x))),
        store(binary(BinaryOp.MOD, lit(-7), lit(3)), "m"),
        store(add(lit(5.0), lit(-5.0)), "f"),
    ]
    out = run(body, {"x": INT, "m": INT, "f": FLOAT}, sanitize=False)
    assert out["m"] == -1
    assert out["f"] == 0.0


# ---------------------------------------------------------------- generated programs


def test_generated_programs_run_or_report_undefined_behaviour() -> None:
    smith = pytest.importorskip("shadersmith.generate.smith")
    seen: Counter[str] = Counter()
    for seed in range(50):
        generated = smith.generate(seed)
        try:
            run_compute(generated.program, generated.buffer_values, step_budget=50_000)
            seen["completed"] += 1
        except UndefinedBehaviour as ub:
            seen[ub.category.value] += 1
    assert sum(seen.values()) == 50
