"""The reference interpreter computes exact GLSL 4.50 results (sanitizer tests are in
test_interp_sanitizer.py)."""

from __future__ import annotations

from typing import Any

import pytest

from shadersmith.interp import InterpreterError, UndefinedBehaviour, run_compute
from shadersmith.ir.expressions import Expression, IncDec, SwizzleSet, Unary
from shadersmith.ir.expressions import Sequence as SequenceExpr
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.program import ParamQualifier
from shadersmith.ir.statements import (
    Break,
    Continue,
    DoWhile,
    For,
    If,
    Statement,
    Switch,
    SwitchCase,
    While,
)
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    StructField,
    StructType,
)
from shadersmith.ir.values import Value
from tests.interp_builders import (
    BVEC2,
    BVEC3,
    INT_MAX,
    INT_MIN,
    IVEC2,
    IVEC3,
    IVEC4,
    MAT2,
    UVEC2,
    UVEC3,
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
    execute,
    expr,
    function,
    index,
    lit,
    member,
    neg,
    post_inc,
    pre_inc,
    program,
    returns,
    run,
    swizzle,
    ternary,
    ulit,
    var,
)

IN = ParamQualifier.IN
OUT = ParamQualifier.OUT
INOUT = ParamQualifier.INOUT


def store(value: Expression, name: str = "r") -> Statement:
    return expr(assign(var(name, value.type), value))


def result_of(value: Expression, **options: Any) -> Value:
    """Evaluate one expression in main and give its value, stored to buffer field r."""
    return run([store(value)], {"r": value.type}, **options)["r"]


# ---------------------------------------------------------------- integers


@pytest.mark.parametrize(
    ("op", "a", "b", "expected"),
    [
        (BinaryOp.ADD, INT_MAX, 1, INT_MIN),
        (BinaryOp.SUB, INT_MIN, 1, INT_MAX),
        (BinaryOp.MUL, 65536, 65536, 0),
        (BinaryOp.MUL, INT_MIN, -1, INT_MIN),
        (BinaryOp.MUL, 46341, 46341, -2147479015),
        (BinaryOp.DIV, -7, 2, -3),
        (BinaryOp.DIV, 7, -2, -3),
        (BinaryOp.DIV, INT_MIN, 2, -(2**30)),
        (BinaryOp.MOD, 7, 3, 1),
        (BinaryOp.SHL, 1, 31, INT_MIN),
        (BinaryOp.SHL, 3, 31, INT_MIN),
        (BinaryOp.SHR, -8, 1, -4),
        (BinaryOp.SHR, INT_MIN, 31, -1),
        (BinaryOp.BIT_AND, -1, 0xF0, 0xF0),
        (BinaryOp.BIT_OR, INT_MIN, 1, INT_MIN + 1),
        (BinaryOp.BIT_XOR, -1, INT_MAX, INT_MIN),
    ],
)
def test_int_operators_wrap_and_truncate(op: BinaryOp, a: int, b: int, expected: int) -> None:
    assert result_of(binary(op, lit(a), lit(b))) == expected


@pytest.mark.parametrize(
    ("op", "a", "b", "expected"),
    [
        (BinaryOp.SUB, 0, 1, 0xFFFFFFFF),
        (BinaryOp.ADD, 0xFFFFFFFF, 2, 1),
        (BinaryOp.MUL, 0x10000, 0x10000, 0),
        (BinaryOp.DIV, 0xFFFFFFFF, 2, 0x7FFFFFFF),
        (BinaryOp.MOD, 0xFFFFFFFF, 10, 5),
        (BinaryOp.SHL, 0xFFFFFFFF, 4, 0xFFFFFFF0),
        (BinaryOp.SHR, 0x80000000, 31, 1),
    ],
)
def test_uint_operators_wrap(op: BinaryOp, a: int, b: int, expected: int) -> None:
    assert result_of(binary(op, ulit(a), ulit(b))) == expected


def test_unary_minus_and_not_wrap() -> None:
    assert result_of(neg(lit(INT_MIN))) == INT_MIN
    assert result_of(neg(ulit(1))) == 0xFFFFFFFF
    assert result_of(Unary(INT, UnaryOp.BIT_NOT, lit(0))) == -1
    assert result_of(Unary(UINT, UnaryOp.BIT_NOT, ulit(0))) == 0xFFFFFFFF
    assert result_of(Unary(BOOL, UnaryOp.NOT, lit(False))) is True


def test_shift_with_mixed_signedness_and_vector_scalar() -> None:
    shifted = binary(BinaryOp.SHL, construct(IVEC2, lit(1), lit(-1)), ulit(4))
    assert result_of(shifted) == (16, -16)
    right = binary(BinaryOp.SHR, construct(UVEC3, ulit(256), ulit(1), ulit(0x80000000)), lit(8))
    assert result_of(right) == (1, 0, 0x800000)
    per_component = binary(
        BinaryOp.SHL, construct(IVEC2, lit(1), lit(1)), construct(UVEC2, ulit(1), ulit(30))
    )
    assert result_of(per_component) == (2, 1 << 30)


def test_vector_scalar_arithmetic() -> None:
    v = construct(IVEC3, lit(1), lit(2), lit(INT_MAX))
    assert result_of(binary(BinaryOp.MUL, v, lit(2))) == (2, 4, -2)
    assert result_of(binary(BinaryOp.SUB, lit(10), v)) == (9, 8, -(2**31) + 11)
    assert result_of(binary(BinaryOp.EQ, v, construct(IVEC3, lit(1), lit(2), lit(INT_MAX))))


def test_comparisons_and_logical_operators() -> None:
    assert result_of(binary(BinaryOp.LT, lit(-1), lit(0))) is True
    assert result_of(binary(BinaryOp.GE, ulit(0), ulit(0xFFFFFFFF))) is False
    assert result_of(binary(BinaryOp.LOGICAL_XOR, lit(True), lit(True))) is False
    assert result_of(binary(BinaryOp.LOGICAL_XOR, lit(True), lit(False))) is True


def test_short_circuit_and_ternary_evaluate_only_what_they_must() -> None:
    x = var("x")
    body = [
        expr(binary(BinaryOp.LOGICAL_AND, lit(False), binary(BinaryOp.GT, post_inc(x), lit(0)))),
        expr(binary(BinaryOp.LOGICAL_OR, lit(True), binary(BinaryOp.GT, post_inc(x), lit(0)))),
        expr(ternary(lit(True), pre_inc(x), assign(x, lit(100)))),
    ]
    assert run(body, {"x": INT})["x"] == 1


# ---------------------------------------------------------------- conversions


@pytest.mark.parametrize(
    ("target", "value", "expected"),
    [
        (INT, ulit(0xFFFFFFFF), -1),
        (UINT, lit(-1), 0xFFFFFFFF),
        (INT, lit(-3.0), -3),
        (UINT, lit(7.0), 7),
        (BOOL, lit(2), True),
        (BOOL, ulit(0), False),
        (INT, lit(True), 1),
        (UINT, lit(False), 0),
        (FLOAT, lit(-5), -5.0),
        (FLOAT, lit(True), 1.0),
    ],
)
def test_scalar_conversions(target, value, expected) -> None:
    assert result_of(construct(target, value)) == expected


def test_conversions_without_sanitizer_truncate_and_round() -> None:
    assert result_of(construct(INT, lit(-2.75)), sanitize=False) == -2
    rounded = construct(FLOAT, lit(16777217))
    assert run([store(construct(INT, rounded))], {"r": INT}, sanitize=False)["r"] == 16777216


def test_vector_constructors() -> None:
    assert result_of(construct(IVEC3, lit(7))) == (7, 7, 7)
    assert result_of(construct(IVEC4, construct(IVEC2, lit(1), lit(2)), lit(3), lit(4))) == (
        1,
        2,
        3,
        4,
    )
    assert result_of(construct(IVEC2, construct(IVEC3, lit(5), lit(6), lit(7)))) == (5, 6)
    assert result_of(construct(BVEC2, construct(IVEC2, lit(0), lit(5)))) == (False, True)
    assert result_of(construct(UVEC2, construct(IVEC2, lit(-1), lit(3)))) == (0xFFFFFFFF, 3)
    assert result_of(construct(VEC2, lit(2))) == (2.0, 2.0)
    # Zero is outside the exact set, so storing the off-diagonal zeros needs no sanitizer.
    diagonal = construct(MAT2, lit(3.0))
    assert result_of(diagonal, sanitize=False) == ((3.0, 0.0), (0.0, 3.0))


def test_array_and_struct_constructors_and_members() -> None:
    point = StructType("Point", (StructField("p", IVEC2), StructField("w", UINT)))
    arr = ArrayType(point, 2)
    a = var("a", arr)
    body: list[Statement] = [
        decl(
            "a",
            arr,
            construct(
                arr,
                construct(point, construct(IVEC2, lit(1), lit(2)), ulit(3)),
                construct(point, construct(IVEC2, lit(4), lit(5)), ulit(6)),
            ),
        ),
        expr(assign(swizzle(member(index(a, 1), "p"), "y"), lit(50))),
        store(member(index(a, 1), "p"), "p"),
        store(member(index(a, 0), "w"), "w"),
        store(index(construct(ArrayType(INT, 3), lit(7), lit(8), lit(9)), 2), "x"),
    ]
    out = run(body, {"p": IVEC2, "w": UINT, "x": INT}, structs=[point])
    assert out == {"p": (4, 50), "w": 3, "x": 9}


def test_struct_buffer_field_round_trips() -> None:
    pair = StructType("Pair", (StructField("a", INT), StructField("b", UVEC2)))
    s = var("s", pair)
    body = [expr(assign(swizzle(member(s, "b"), "y"), ulit(9)))]
    out = run(body, {"s": pair}, {"s": (1, (2, 3))}, structs=[pair])
    assert out["s"] == (1, (2, 9))


# ---------------------------------------------------------------- l-values


def test_swizzle_writes_and_indexing() -> None:
    v = var("v", IVEC4)
    body = [
        expr(assign(swizzle(v, "zx"), construct(IVEC2, lit(7), lit(8)))),
        expr(assign(index(v, 3), lit(40))),
        expr(assign(index(swizzle(v, "wy"), 1), lit(20))),  # v.wy[1] is v.y
        expr(assign(swizzle(v, "w"), lit(41), AssignOp.ADD)),
    ]
    assert run(body, {"v": IVEC4})["v"] == (8, 20, 7, 81)


def test_swizzle_name_sets_are_equivalent() -> None:
    v = construct(IVEC3, lit(1), lit(2), lit(3))
    from shadersmith.ir.expressions import Swizzle

    assert result_of(Swizzle(IVEC2, v, (2, 0), SwizzleSet.RGBA)) == (3, 1)


def test_dynamic_index_into_vector_and_matrix() -> None:
    i = var("i")
    m = var("m", MAT2)
    body = [
        expr(assign(index(var("v", IVEC3), i), lit(9))),
        expr(assign(index(index(m, i), lit(0)), lit(5.0))),
        store(index(m, lit(1)), "col"),
    ]
    out = run(body, {"i": INT, "v": IVEC3, "m": MAT2, "col": VEC2}, {"i": 1})
    assert out["v"] == (0, 9, 0)
    assert out["col"] == (5.0, 1.0)


def test_assignment_and_increment_values() -> None:
    x = var("x")
    body = [
        store(assign(x, lit(5)), "a"),  # a = (x = 5) -> 5
        store(assign(x, lit(3), AssignOp.MUL), "b"),  # b = (x *= 3) -> 15
        store(post_inc(x), "c"),  # c = x++ -> 15, x = 16
        store(pre_inc(x), "d"),  # d = ++x -> 17
        store(IncDec(INT, IncDecOp.POST_DEC, x), "e"),  # 17, x = 16
    ]
    out = run(body, {n: INT for n in "xabcde"})
    assert out == {"x": 16, "a": 5, "b": 15, "c": 15, "d": 17, "e": 17}


def test_increment_of_vectors_and_floats() -> None:
    v = var("v", UVEC2)
    f = var("f", FLOAT)
    body = [expr(post_inc(v)), expr(pre_inc(f))]
    out = run(body, {"v": UVEC2, "f": FLOAT}, {"v": (0xFFFFFFFF, 1), "f": 2.0})
    assert out == {"v": (0, 2), "f": 3.0}


def test_compound_assignment_with_vector_and_scalar() -> None:
    v = var("v", IVEC3)
    body = [
        expr(assign(v, lit(3), AssignOp.MUL)),
        expr(assign(v, ulit(1), AssignOp.SHL)),
        expr(assign(v, construct(IVEC3, lit(1), lit(2), lit(3)), AssignOp.SUB)),
    ]
    # INT_MAX * 3 wraps to 2^31 - 3; << 1 wraps to -6; - 3 gives -9.
    assert run(body, {"v": IVEC3}, {"v": (1, -1, INT_MAX)})["v"] == (5, -8, -9)


def test_sequence_evaluates_in_order() -> None:
    x = var("x")
    seq = SequenceExpr(INT, (assign(x, lit(2)), assign(x, lit(3), AssignOp.MUL), add(x, lit(1))))
    assert run([store(seq)], {"r": INT, "x": INT}) == {"r": 7, "x": 6}


def test_buffer_instance_members_and_runtime_sized_array() -> None:
    data = ArrayType(INT, None)
    inst = var("data_in")
    from shadersmith.ir.expressions import Member

    count = Member(UINT, inst, "count")
    items = Member(data, inst, "items")
    body: list[Statement] = [
        decl("i", INT, lit(0)),
        For(
            None,
            binary(BinaryOp.LT, var("i"), construct(INT, count)),
            post_inc(var("i")),
            block(expr(assign(index(items, var("i")), var("i"), AssignOp.MUL))),
        ),
    ]
    result = execute(
        body,
        {"count": UINT, "items": data},
        {"count": 4, "items": (5, 6, 7, 8)},
        instance="data_in",
    )
    assert result.buffers["Data"] == {"count": 4, "items": (0, 6, 14, 24)}


def test_globals_with_initialisers() -> None:
    g = var("g")
    body = [store(add(g, lit(1)))]
    assert run(body, {"r": INT}, globals_=[decl("g", INT, lit(41))])["r"] == 42


# ---------------------------------------------------------------- functions


def test_in_out_inout_parameters_copy() -> None:
    # void f(in int a, out int b, inout int c) { a = 100; b = a + 1; c = c * 2; }
    f = function(
        "f",
        VOID,
        [("a", INT, IN), ("b", INT, OUT), ("c", INT, INOUT)],
        expr(assign(var("a"), lit(100))),
        expr(assign(var("b"), add(var("a"), lit(1)))),
        expr(assign(var("c"), lit(2), AssignOp.MUL)),
    )
    body = [expr(call("f", VOID, var("x"), var("y"), var("z")))]
    out = run(body, {"x": INT, "y": INT, "z": INT}, {"x": 1, "y": 2, "z": 3}, functions=[f])
    assert out == {"x": 1, "y": 101, "z": 6}


def test_out_copy_back_overwrites_global_written_by_callee() -> None:
    # void g(inout int p) { glob = 5; p = p + 1; } ... g(glob): p copied in before, out after.
    g = function(
        "g",
        VOID,
        [("p", INT, INOUT)],
        expr(assign(var("glob"), lit(5))),
        expr(assign(var("p"), add(var("p"), lit(1)))),
    )
    body = [expr(call("g", VOID, var("glob"))), store(var("glob"))]
    assert run(body, {"r": INT}, functions=[g], globals_=[decl("glob", INT, lit(1))])["r"] == 2


def test_function_returns_and_swizzle_out_argument() -> None:
    # int h(out ivec2 v) { v = ivec2(3, 4); return 7; }   r = h(w.zx);
    h = function(
        "h",
        INT,
        [("v", IVEC2, OUT)],
        expr(assign(var("v", IVEC2), construct(IVEC2, lit(3), lit(4)))),
        returns(lit(7)),
    )
    w = var("w", IVEC3)
    body = [store(call("h", INT, swizzle(w, "zx")))]
    out = run(body, {"r": INT, "w": IVEC3}, functions=[h])
    assert out == {"r": 7, "w": (4, 0, 3)}


def test_return_from_inside_a_loop() -> None:
    # int first_over(int limit) { for (int i = 0;; i++) { if (i * i > limit) return i; } }
    i = var("i")
    f = function(
        "first_over",
        INT,
        [("limit", INT, IN)],
        For(
            decl("i", INT, lit(0)),
            None,
            post_inc(i),
            block(
                If(
                    binary(BinaryOp.GT, binary(BinaryOp.MUL, i, i), var("limit")),
                    block(returns(i)),
                )
            ),
        ),
    )
    assert run([store(call("first_over", INT, lit(50)))], {"r": INT}, functions=[f])["r"] == 8


# ---------------------------------------------------------------- control flow


def _switch(selector: int, with_break_in_two: bool) -> dict[str, Value]:
    x = var("x")
    two_body = (expr(assign(x, lit(20), AssignOp.ADD)),) + ((Break(),) if with_break_in_two else ())
    sw = Switch(
        var("s"),
        (
            SwitchCase(lit(1), (expr(assign(x, lit(1), AssignOp.ADD)),)),
            SwitchCase(None, (expr(assign(x, lit(100), AssignOp.ADD)),)),
            SwitchCase(lit(2), two_body),
            SwitchCase(lit(3), ()),
            SwitchCase(lit(4), (expr(assign(x, lit(1000), AssignOp.ADD)), Break())),
        ),
    )
    return run([sw], {"s": INT, "x": INT}, {"s": selector})


def test_switch_fallthrough_default_in_the_middle_and_break() -> None:
    assert _switch(1, True)["x"] == 121  # 1, falls into default, into 2, break
    assert _switch(2, True)["x"] == 20
    assert _switch(2, False)["x"] == 1020  # falls through 3 (empty) into 4
    assert _switch(3, True)["x"] == 1000
    assert _switch(9, True)["x"] == 120  # default, falls into 2


def test_continue_in_for_runs_the_update() -> None:
    # for (int i = 0; i < 10; i++) { if (i % 2 == 0) continue; n += i; }
    i = var("i")
    loop = For(
        decl("i", INT, lit(0)),
        binary(BinaryOp.LT, i, lit(10)),
        post_inc(i),
        block(
            If(
                binary(BinaryOp.EQ, binary(BinaryOp.MOD, i, lit(2)), lit(0)),
                block(Continue()),
            ),
            expr(assign(var("n"), i, AssignOp.ADD)),
        ),
    )
    assert run([loop], {"n": INT})["n"] == 25


def test_break_in_switch_inside_loop_only_leaves_the_switch() -> None:
    i = var("i")
    loop = For(
        decl("i", INT, lit(0)),
        binary(BinaryOp.LT, i, lit(3)),
        post_inc(i),
        block(
            Switch(i, (SwitchCase(None, (expr(post_inc(var("n"))), Break())),)),
            expr(assign(var("m"), lit(10), AssignOp.ADD)),
        ),
    )
    assert run([loop], {"n": INT, "m": INT}) == {"n": 3, "m": 30}


def test_while_and_do_while() -> None:
    n = var("n")
    body: list[Statement] = [
        While(binary(BinaryOp.LT, n, lit(5)), block(expr(post_inc(n)))),
        DoWhile(block(expr(post_inc(var("m")))), lit(False)),
        DoWhile(
            block(expr(post_inc(var("k"))), If(lit(True), block(Continue()))),
            binary(BinaryOp.LT, var("k"), lit(4)),
        ),
    ]
    assert run(body, {"n": INT, "m": INT, "k": INT}) == {"n": 5, "m": 1, "k": 4}


def test_locals_in_a_loop_are_fresh_each_iteration_and_steps_count() -> None:
    i = var("i")
    loop = For(
        decl("i", INT, lit(0)),
        binary(BinaryOp.LT, i, lit(4)),
        post_inc(i),
        block(decl("t", INT, i), expr(assign(var("s"), var("t"), AssignOp.ADD))),
    )
    result = execute([loop], {"s": INT})
    assert result.buffers["Data"]["s"] == 6
    assert result.steps >= 4 * 2


# ---------------------------------------------------------------- built-ins


@pytest.mark.parametrize(
    ("call_", "expected"),
    [
        (builtin("findMSB", INT, lit(-1)), -1),
        (builtin("findMSB", INT, lit(-2)), 0),
        (builtin("findMSB", INT, lit(INT_MIN)), 30),
        (builtin("findMSB", INT, lit(0)), -1),
        (builtin("findMSB", INT, lit(0x40000000)), 30),
        (builtin("findMSB", INT, ulit(0x80000000)), 31),
        (builtin("findLSB", INT, lit(0)), -1),
        (builtin("findLSB", INT, lit(-8)), 3),
        (builtin("bitCount", INT, lit(-1)), 32),
        (builtin("bitCount", INT, ulit(0xF0F0)), 8),
        (builtin("bitfieldExtract", INT, lit(-16), lit(4), lit(4)), -1),
        (builtin("bitfieldExtract", INT, lit(0x70), lit(4), lit(4)), 7),
        (builtin("bitfieldExtract", UINT, ulit(0xF0), lit(4), lit(4)), 15),
        (builtin("bitfieldExtract", INT, lit(-1), lit(0), lit(0)), 0),
        (builtin("bitfieldExtract", UINT, ulit(0x80000000), lit(31), lit(1)), 1),
        (builtin("bitfieldInsert", INT, lit(0), lit(0xFF), lit(8), lit(4)), 0xF00),
        (builtin("bitfieldInsert", INT, lit(0), lit(1), lit(31), lit(1)), INT_MIN),
        (builtin("bitfieldInsert", UINT, ulit(0xFFFFFFFF), ulit(0), lit(0), lit(32)), 0),
        (builtin("bitfieldReverse", UINT, ulit(1)), 0x80000000),
        (builtin("bitfieldReverse", INT, lit(1)), INT_MIN),
        (builtin("abs", INT, lit(-3)), 3),
        (builtin("sign", INT, lit(-5)), -1),
        (builtin("min", INT, lit(-5), lit(3)), -5),
        (builtin("max", UINT, ulit(5), ulit(0xFFFFFFFF)), 0xFFFFFFFF),
        (builtin("clamp", INT, lit(50), lit(-1), lit(10)), 10),
        (builtin("mix", INT, lit(1), lit(2), lit(True)), 2),
        (
            builtin(
                "dot",
                FLOAT,
                construct(VEC3, lit(1.0), lit(2.0), lit(3.0)),
                construct(VEC3, lit(4.0), lit(5.0), lit(6.0)),
            ),
            32.0,
        ),
        (builtin("floatBitsToInt", INT, lit(1.0)), 0x3F800000),
        (builtin("floatBitsToUint", UINT, lit(-2.0)), 0xC0000000),
        (builtin("floor", FLOAT, lit(-3.0)), -3.0),
        (builtin("any", BOOL, construct(BVEC2, lit(False), lit(True))), True),
        (builtin("all", BOOL, construct(BVEC2, lit(False), lit(True))), False),
    ],
)
def test_scalar_builtins(call_, expected) -> None:
    assert result_of(call_) == expected


def test_vector_builtins() -> None:
    a = construct(IVEC3, lit(1), lit(5), lit(-2))
    b = construct(IVEC3, lit(3), lit(5), lit(-4))
    assert result_of(builtin("lessThan", BVEC3, a, b)) == (True, False, False)
    assert result_of(builtin("equal", BVEC3, a, b)) == (False, True, False)
    assert result_of(builtin("notEqual", BVEC3, a, b)) == (True, False, True)
    assert result_of(builtin("min", IVEC3, a, lit(0))) == (0, 0, -2)
    assert result_of(builtin("clamp", IVEC3, a, lit(0), lit(3))) == (1, 3, 0)
    assert result_of(builtin("abs", IVEC3, b)) == (3, 5, 4)
    selector = construct(BVEC3, lit(True), lit(False), lit(True))
    assert result_of(builtin("mix", IVEC3, a, b, selector)) == (3, 5, -4)
    assert result_of(builtin("not", BVEC3, selector)) == (False, True, False)
    x = construct(VEC3, lit(1.0), lit(2.0), lit(3.0))
    y = construct(VEC3, lit(4.0), lit(5.0), lit(6.0))
    assert result_of(builtin("cross", VEC3, x, y)) == (-3.0, 6.0, -3.0)


def test_carry_borrow_and_extended_multiplication_write_out_arguments() -> None:
    c, lo, hi = var("c", UINT), var("lo", UINT), var("hi", UINT)
    ilo, ihi = var("ilo"), var("ihi")
    body = [
        store(builtin("uaddCarry", UINT, ulit(0xFFFFFFFF), ulit(2), c), "sum"),
        store(builtin("usubBorrow", UINT, ulit(1), ulit(2), var("b", UINT)), "diff"),
        expr(builtin("umulExtended", VOID, ulit(0xFFFFFFFF), ulit(0xFFFFFFFF), hi, lo)),
        expr(builtin("imulExtended", VOID, lit(-1), lit(1), ihi, ilo)),
    ]
    fields = {
        "sum": UINT,
        "c": UINT,
        "diff": UINT,
        "b": UINT,
        "lo": UINT,
        "hi": UINT,
        "ilo": INT,
        "ihi": INT,
    }
    out = run(body, fields)
    assert out == {
        "sum": 1,
        "c": 1,
        "diff": 0xFFFFFFFF,
        "b": 1,
        "hi": 0xFFFFFFFE,
        "lo": 1,
        "ihi": -1,
        "ilo": -1,
    }


def test_vector_carry() -> None:
    c = var("c", UVEC2)
    body = [
        store(
            builtin(
                "uaddCarry",
                UVEC2,
                construct(UVEC2, ulit(0xFFFFFFFF), ulit(1)),
                construct(UVEC2, ulit(1), ulit(1)),
                c,
            ),
            "s",
        )
    ]
    assert run(body, {"s": UVEC2, "c": UVEC2}) == {"s": (0, 2), "c": (1, 0)}


def test_float_arithmetic_is_exact_on_integers() -> None:
    assert result_of(binary(BinaryOp.MUL, lit(3.0), lit(-4.0))) == -12.0
    assert result_of(binary(BinaryOp.ADD, lit(16777214.0), lit(-3.0))) == 16777211.0


def test_matrix_vector_product() -> None:
    m = construct(MAT2, lit(1.0), lit(2.0), lit(3.0), lit(4.0))  # columns (1,2), (3,4)
    v = construct(VEC2, lit(5.0), lit(6.0))
    assert result_of(binary(BinaryOp.MUL, m, v)) == (23.0, 34.0)


# ---------------------------------------------------------------- the interface


def test_output_keeps_the_input_shape_and_untouched_fields() -> None:
    arr = ArrayType(UVEC2, 2)
    out = run([store(lit(1), "a")], {"a": INT, "arr": arr}, {"arr": ((1, 2), (3, 4))})
    assert out == {"a": 1, "arr": ((1, 2), (3, 4))}


def test_bad_input_value_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="out of range"):
        run([], {"a": INT}, {"a": 2**31})


def test_undefined_without_the_sanitizer_gives_a_value() -> None:
    body = [store(binary(BinaryOp.DIV, var("a"), lit(0)))]
    assert run(body, {"r": INT, "a": INT}, {"a": 5}, sanitize=False)["r"] == -1
    shift = [store(binary(BinaryOp.SHL, lit(1), lit(33)))]
    assert run(shift, {"r": INT}, sanitize=False)["r"] == 2


def test_discard_in_compute_is_an_interpreter_error() -> None:
    from shadersmith.ir.statements import Discard

    with pytest.raises(InterpreterError, match="discard"):
        run([Discard()], {"r": INT})


def test_unknown_variable_is_an_interpreter_error() -> None:
    with pytest.raises(InterpreterError, match="unknown variable"):
        run([store(var("nope"))], {"r": INT})


def test_compiled_program_runs_again_with_other_inputs() -> None:
    from shadersmith.interp import compile_program

    prog = program([store(binary(BinaryOp.MUL, var("a"), lit(2)))], {"r": INT, "a": INT})
    compiled = compile_program(prog)
    assert compiled.run({"Data": {"r": 0, "a": 4}}).buffers["Data"]["r"] == 8
    assert compiled.run({"Data": {"r": 0, "a": -4}}).buffers["Data"]["r"] == -8


def test_run_compute_reports_ub_as_exception_type() -> None:
    prog = program([store(binary(BinaryOp.DIV, lit(1), lit(0)))], {"r": INT})
    with pytest.raises(UndefinedBehaviour):
        run_compute(prog, {"Data": {"r": 0}})
