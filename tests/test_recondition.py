"""The reconditioner: each pass on hand-built programs at the edges it exists for, then
generated programs through the sanitizing interpreter and glslang.

A hand-built program's undefined behaviour is first shown to the sanitizer (so the test
would notice a reconditioner that did nothing), then the reconditioned program must run
clean and compute what the pass promises.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import shutil
from pathlib import Path

import pytest

from shadersmith.analysis.aliasing import aliasing_calls
from shadersmith.analysis.calls import argument_qualifiers, parameter_table
from shadersmith.interp import UndefinedBehaviour, run_compute
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
    Sequence,
    Swizzle,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.program import (
    Function,
    Parameter,
    ParamQualifier,
    Program,
)
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Statement,
    Switch,
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    MatrixType,
    ScalarKind,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value
from shadersmith.ir.walk import iter_nodes, transform
from shadersmith.recondition import (
    Reconditioned,
    ReconditionOptions,
    hits_buffer_values,
    instrument,
    prune_wrappers,
    recondition,
    wrapper_hits,
    wrapper_sites,
)
from shadersmith.recondition.buffer_values import exact_float
from shadersmith.recondition.wrappers.registry import KINDS, parse_wrapper_name, wrapper_name
from tests.glslang_check import rejected_in_gl, rejected_in_vulkan
from tests.programs import BLOCK
from tests.programs import one_buffer_program as program

IVEC3 = VectorType(ScalarKind.INT, 3)
VEC3 = VectorType(ScalarKind.FLOAT, 3)
INT_MIN = -(2**31)


# ------------------------------------------------------------------ building programs


def ref(name: str, type_: Type = INT) -> VariableRef:
    return VariableRef(type_, name)


def lit(value: int | float | bool) -> Literal:
    if isinstance(value, bool):
        return Literal(BOOL, value)
    if isinstance(value, float):
        return Literal(FLOAT, value)
    return Literal(INT, value)


def binary(op: BinaryOp, left: Expression, right: Expression, type_: Type | None = None) -> Binary:
    return Binary(type_ or left.type, op, left, right)


def assign(target: Expression, value: Expression, op: AssignOp = AssignOp.ASSIGN) -> ExprStmt:
    return ExprStmt(Assign(target.type, op, target, value))


def post_inc(target: Expression) -> IncDec:
    return IncDec(target.type, IncDecOp.POST_INC, target)


def values(**fields: Value) -> BufferValues:
    return {BLOCK: dict(fields)}


def first_ub(prog: Program, inputs: BufferValues) -> str | None:
    try:
        run_compute(prog, inputs, sanitize=True, step_budget=20_000)
    except UndefinedBehaviour as ub:
        return ub.category.value
    return None


def run_clean(result: Reconditioned) -> dict[str, Value]:
    """The buffer after running the reconditioned program; the sanitizer must see no UB."""
    outcome = run_compute(result.program, result.buffer_values, sanitize=True)
    return outcome.buffers[BLOCK]


def recondition_checked(prog: Program, inputs: BufferValues, category: str) -> Reconditioned:
    """Recondition a program whose undefined behaviour the sanitizer sees as `category`."""
    assert first_ub(prog, inputs) == category
    return recondition(prog, inputs)


def number(value: Value) -> int | float:
    assert isinstance(value, int | float)
    return value


def calls_to(prog: Program, prefix: str) -> list[str]:
    return [
        n.callee
        for f in prog.functions
        for n in iter_nodes(f.body)
        if isinstance(n, Call) and n.callee.startswith(prefix)
    ]


# ------------------------------------------------------------------ arithmetic wrappers


def test_int_min_divided_by_minus_one() -> None:
    prog = program(
        [assign(ref("r"), binary(BinaryOp.DIV, ref("a"), ref("b")))],
        {"a": INT, "b": INT, "r": INT},
    )
    result = recondition_checked(prog, values(a=INT_MIN, b=-1, r=0), "division")
    assert "SAFE_DIV_int_int" in result.wrappers_used
    assert run_clean(result)["r"] == -(2**30)  # the safe path: a / 2
    # Ordinary operands take the plain path.
    ordinary = dataclasses.replace(result, buffer_values=values(a=-7, b=2, r=0))
    assert run_clean(ordinary)["r"] == -3


def test_division_and_modulo_by_zero_and_negative_modulo() -> None:
    prog = program(
        [
            assign(ref("q"), binary(BinaryOp.DIV, ref("a"), ref("z"))),
            assign(ref("m"), binary(BinaryOp.MOD, ref("a"), ref("b"))),
            assign(ref("u"), binary(BinaryOp.MOD, ref("v", UINT), ref("w", UINT))),
        ],
        {"a": INT, "b": INT, "z": INT, "q": INT, "m": INT, "u": UINT, "v": UINT, "w": UINT},
    )
    inputs = values(a=-7, b=3, z=0, q=0, m=0, u=0, v=5, w=0)
    result = recondition_checked(prog, inputs, "division")
    out = run_clean(result)
    assert out["m"] == 7 % 3  # |a| % |b| on the safe path


def test_constant_divisor_stays_plain() -> None:
    prog = program([assign(ref("r"), binary(BinaryOp.DIV, ref("a"), lit(3)))], {"a": INT, "r": INT})
    result = recondition(prog, values(a=9, r=0))
    assert result.wrappers_used == ()
    assert run_clean(result)["r"] == 3


def test_shift_by_32() -> None:
    prog = program(
        [assign(ref("r"), binary(BinaryOp.SHL, ref("a"), ref("s")))],
        {"a": INT, "s": INT, "r": INT},
    )
    result = recondition_checked(prog, values(a=1, s=32, r=0), "shift")
    assert run_clean(result)["r"] == 1  # 32 & 31 == 0
    assert (
        run_clean(dataclasses.replace(result, buffer_values=values(a=1, s=31, r=0)))["r"] == INT_MIN
    )


def test_vector_shift_with_one_component_32() -> None:
    prog = program(
        [assign(ref("r", IVEC3), binary(BinaryOp.SHL, ref("a", IVEC3), ref("s", IVEC3)))],
        {"a": IVEC3, "s": IVEC3, "r": IVEC3},
    )
    inputs = values(a=(1, 1, 1), s=(1, 32, 2), r=(0, 0, 0))
    result = recondition_checked(prog, inputs, "shift")
    assert run_clean(result)["r"] == (2, 1, 4)  # per component: only the 32 is masked


def test_vector_by_scalar_division() -> None:
    prog = program(
        [assign(ref("r", IVEC3), binary(BinaryOp.DIV, ref("a", IVEC3), ref("b")))],
        {"a": IVEC3, "b": INT, "r": IVEC3},
    )
    result = recondition_checked(prog, values(a=(4, 6, 8), b=0, r=(0, 0, 0)), "division")
    assert "SAFE_DIV_ivec3_int" in result.wrappers_used
    assert run_clean(result)["r"] == (2, 3, 4)


def test_compound_assignment_evaluates_its_lvalue_once() -> None:
    # a[i++] /= z with z == 0: wrapped through an inout parameter, i++ happens once.
    arr = ArrayType(INT, 4)
    target = Index(INT, ref("a", arr), post_inc(ref("i")))
    prog = program(
        [ExprStmt(Assign(INT, AssignOp.DIV, target, ref("z")))],
        {"a": arr, "i": INT, "z": INT},
    )
    result = recondition_checked(prog, values(a=(8, 8, 8, 8), i=1, z=0), "division")
    assert "SAFE_DIV_ASSIGN_int_int" in result.wrappers_used
    out = run_clean(result)
    assert out["i"] == 2
    assert out["a"] == (8, 4, 8, 8)


def test_clamp_and_bitfield_built_ins() -> None:
    prog = program(
        [
            assign(
                ref("c"),
                Call(INT, "clamp", (ref("x"), ref("lo"), ref("hi")), CallKind.BUILTIN),
            ),
            assign(
                ref("e"),
                Call(INT, "bitfieldExtract", (ref("x"), ref("lo"), ref("hi")), CallKind.BUILTIN),
            ),
        ],
        {"x": INT, "lo": INT, "hi": INT, "c": INT, "e": INT},
    )
    result = recondition_checked(prog, values(x=5, lo=30, hi=20, c=0, e=0), "builtin_domain")
    assert run_clean(result)["c"] == 20  # clamp(5, min, max) of the swapped bounds


def test_abs_of_int_min() -> None:
    prog = program(
        [assign(ref("r"), Call(INT, "abs", (ref("x"),), CallKind.BUILTIN))],
        {"x": INT, "r": INT},
    )
    result = recondition_checked(prog, values(x=INT_MIN, r=0), "builtin_domain")
    assert number(run_clean(result)["r"]) >= 0


# ------------------------------------------------------------------ index bounding


def test_indices_are_bounded_and_constant_ones_kept() -> None:
    arr = ArrayType(INT, 5)
    prog = program(
        [
            assign(Index(INT, ref("a", arr), ref("i")), lit(7)),
            assign(ref("r"), Index(INT, ref("a", arr), lit(2))),
        ],
        {"a": arr, "i": INT, "r": INT},
    )
    result = recondition_checked(prog, values(a=(0,) * 5, i=-12, r=0), "out_of_bounds")
    out = run_clean(result)
    assert out["a"] == (0, 0, 7, 0, 0)  # |-12| % 5 == 2
    assert out["r"] == 7
    constant_indices = [
        n.index
        for n in iter_nodes(result.program.entry_point.body)
        if isinstance(n, Index) and isinstance(n.index, Literal)
    ]
    assert constant_indices == [lit(2)]


def test_runtime_sized_array_uses_the_buffer_length() -> None:
    runtime = ArrayType(UINT, None)
    prog = program(
        [assign(ref("r", UINT), Index(UINT, ref("data", runtime), ref("i")))],
        {"i": INT, "r": UINT, "data": runtime},
    )
    inputs = values(i=7, r=0, data=(10, 11, 12))
    result = recondition_checked(prog, inputs, "out_of_bounds")
    assert run_clean(result)["r"] == 11  # 7 % 3


def test_int_min_index() -> None:
    arr = ArrayType(INT, 3)
    prog = program(
        [assign(ref("r"), Index(INT, ref("a", arr), ref("i")))], {"a": arr, "i": INT, "r": INT}
    )
    result = recondition_checked(prog, values(a=(5, 6, 7), i=INT_MIN, r=0), "out_of_bounds")
    assert run_clean(result)["r"] == 5


# ------------------------------------------------------------------ initialisation


def test_uninitialised_out_parameter_and_locals() -> None:
    # void f(out int p) {}   main: int y; f(y); r = y;   int z; s = z;
    f = Function("f", VOID, (Parameter("p", INT, ParamQualifier.OUT),), Block(()))
    prog = program(
        [
            VarDecl("y", INT),
            ExprStmt(Call(VOID, "f", (ref("y"),))),
            assign(ref("r"), ref("y")),
            VarDecl("z", FLOAT),
            assign(ref("s", FLOAT), ref("z", FLOAT)),
        ],
        {"r": INT, "s": FLOAT},
        functions=(f,),
    )
    result = recondition_checked(prog, values(r=0, s=1.0), "uninitialised")
    out = run_clean(result)
    assert out["r"] == 1
    assert out["s"] == 1.0


def test_declaration_under_a_case_label() -> None:
    # switch (s) { case 0: int y = 5; n = y; case 1: r = y; break; }
    cases = (
        SwitchCase(lit(0), (VarDecl("y", INT, lit(5)), assign(ref("n"), ref("y")))),
        SwitchCase(lit(1), (assign(ref("r"), ref("y")), Break())),
    )
    prog = program([Switch(ref("s"), cases)], {"s": INT, "n": INT, "r": INT})
    result = recondition_checked(prog, values(s=1, n=0, r=0), "uninitialised")
    assert run_clean(result) == {"s": 1, "n": 0, "r": 1}
    fallthrough = dataclasses.replace(result, buffer_values=values(s=0, n=0, r=0))
    assert run_clean(fallthrough) == {"s": 0, "n": 5, "r": 5}


def test_missing_return_gets_a_default() -> None:
    g = Function(
        "g", INT, (Parameter("c", BOOL),), Block((If(ref("c", BOOL), Block((Return(lit(5)),))),))
    )
    prog = program([assign(ref("r"), Call(INT, "g", (lit(False),)))], {"r": INT}, functions=(g,))
    result = recondition(prog, values(r=0))
    assert run_clean(result)["r"] == 1


# ------------------------------------------------------------------ loop limiters


def test_continue_before_the_loop_end_cannot_bypass_the_limiter() -> None:
    body = Block((ExprStmt(post_inc(ref("n"))), Continue(), ExprStmt(post_inc(ref("m")))))
    prog = program([While(lit(True), body)], {"n": INT, "m": INT})
    result = recondition_checked(prog, values(n=0, m=0), "non_termination")
    out = run_clean(result)
    assert out == {"n": 32, "m": 0}
    assert result.bounds == {"_ss_loop0": 32, "_ss_loop_total": 1000}


def test_for_update_still_runs_and_do_while_is_bounded() -> None:
    loop = For(
        VarDecl("i", INT, lit(0)), None, post_inc(ref("i")), Block((assign(ref("n"), ref("i")),))
    )
    forever = DoWhile(Block((ExprStmt(post_inc(ref("m"))),)), lit(True))
    prog = program([loop, forever], {"n": INT, "m": INT})
    out = run_clean(recondition(prog, values(n=0, m=0)))
    assert out == {"n": 31, "m": 32}


def test_nested_loops_are_bounded_by_the_total_counter() -> None:
    def forever(inner: Statement) -> While:
        return While(lit(True), Block((inner,)))

    innermost = ExprStmt(post_inc(ref("n")))
    prog = program([forever(forever(forever(innermost)))], {"n": INT})
    options = ReconditionOptions(loop_iteration_limit=32, total_iteration_limit=1000)
    result = recondition(prog, values(n=0), options)
    n = number(run_clean(result)["n"])
    assert 0 < n < 1000  # 32^3 without the total counter; outer iterations count too


# ------------------------------------------------------------------ evaluation order


def _f_of_two() -> Function:
    params = (Parameter("p", INT), Parameter("q", INT))
    return Function("f", INT, params, Block((Return(binary(BinaryOp.SUB, ref("p"), ref("q"))),)))


def test_unordered_call_arguments() -> None:
    # r = f(x++, x): the write of x and the read of x are unordered.
    call = Call(INT, "f", (post_inc(ref("x")), ref("x")))
    prog = program([assign(ref("r"), call)], {"x": INT, "r": INT}, functions=(_f_of_two(),))
    result = recondition_checked(prog, values(x=5, r=0), "evaluation_order")
    out = run_clean(result)
    assert out["x"] == 6  # the side effect is kept
    assert out["r"] in (-1, 0)  # one of the orders GLSL allows


def test_index_assigned_from_its_own_increment() -> None:
    # a[i] = i++;
    arr = ArrayType(INT, 4)
    stmt = assign(Index(INT, ref("a", arr), ref("i")), post_inc(ref("i")))
    prog = program([stmt], {"a": arr, "i": INT})
    result = recondition_checked(prog, values(a=(0, 0, 0, 0), i=1), "evaluation_order")
    out = run_clean(result)
    assert out["i"] == 2
    assert out["a"] in ((0, 1, 0, 0), (0, 0, 1, 0))


def test_side_effects_in_the_right_of_and_stay_conditional() -> None:
    # if (c && x++ + x > 0) n = 1;  with c false, x must not change.
    unordered = binary(BinaryOp.ADD, post_inc(ref("x")), ref("x"))
    condition = binary(
        BinaryOp.LOGICAL_AND,
        ref("c", BOOL),
        binary(BinaryOp.GT, unordered, lit(0), BOOL),
        BOOL,
    )
    prog = program(
        [
            VarDecl("c", BOOL, binary(BinaryOp.NE, ref("k"), lit(0), BOOL)),
            If(condition, Block((assign(ref("n"), lit(1)),))),
        ],
        {"k": INT, "x": INT, "n": INT},
    )
    result = recondition_checked(prog, values(k=1, x=3, n=0), "evaluation_order")
    assert run_clean(dataclasses.replace(result, buffer_values=values(k=0, x=3, n=0))) == {
        "k": 0,
        "x": 3,
        "n": 0,
    }
    assert run_clean(result) == {"k": 1, "x": 4, "n": 1}
    # Nothing was hoisted out of the `&&`: the temporary is assigned inside its right side.
    root = result.program.entry_point.body.body[-1]
    assert isinstance(root, If)
    assert isinstance(root.condition, Binary) and root.condition.op is BinaryOp.LOGICAL_AND
    assert any(isinstance(n, Sequence) for n in iter_nodes(root.condition.right))


def test_side_effects_in_a_loop_condition_are_evaluated_every_iteration() -> None:
    # while (x++ + x < 20) n++;
    condition = binary(
        BinaryOp.LT, binary(BinaryOp.ADD, post_inc(ref("x")), ref("x")), lit(20), BOOL
    )
    prog = program([While(condition, Block((ExprStmt(post_inc(ref("n"))),)))], {"x": INT, "n": INT})
    result = recondition_checked(prog, values(x=0, n=0), "evaluation_order")
    out = run_clean(result)
    assert number(out["n"]) >= 5  # x grows by one per test, so the loop runs, and stops


def test_two_out_arguments_to_one_variable() -> None:
    # void g(out int p, out int q) { p = 1; q = 2; }   g(x, x);
    g = Function(
        "g",
        VOID,
        (Parameter("p", INT, ParamQualifier.OUT), Parameter("q", INT, ParamQualifier.OUT)),
        Block((assign(ref("p"), lit(1)), assign(ref("q"), lit(2)))),
    )
    prog = program([ExprStmt(Call(VOID, "g", (ref("x"), ref("x"))))], {"x": INT}, functions=(g,))
    result = recondition_checked(prog, values(x=0), "aliasing_out_arguments")
    assert run_clean(result)["x"] == 1  # the first argument's copy-back is kept
    assert not any(aliasing_calls(result.program))


def test_aliasing_inout_argument_gets_a_temporary_holding_its_value() -> None:
    # void h(inout ivec3 p, inout int q) { p.x += q; q += 10; }   h(v, v.y);
    # The temporary for v.y starts at v.y, so p.x still sees q == v.y.
    p, q = ref("p", IVEC3), ref("q")
    p_x = Swizzle(INT, p, (0,))
    h = Function(
        "h",
        VOID,
        (Parameter("p", IVEC3, ParamQualifier.INOUT), Parameter("q", INT, ParamQualifier.INOUT)),
        Block((assign(p_x, q, AssignOp.ADD), assign(q, lit(10), AssignOp.ADD))),
    )
    v = ref("v", IVEC3)
    call = Call(VOID, "h", (v, Swizzle(INT, v, (1,))), CallKind.USER)
    prog = program([ExprStmt(call)], {"v": IVEC3}, functions=(h,))
    result = recondition_checked(prog, values(v=(1, 2, 3)), "aliasing_out_arguments")
    assert run_clean(result)["v"] == (3, 2, 3)  # v copied back whole, v.y's write dropped
    assert not any(aliasing_calls(result.program))


def test_aliasing_builtin_out_arguments_with_run_time_indices() -> None:
    # umulExtended(3u, 5u, a[i], a[j]): undefined when i == j, and possibly so for any
    # i, j, so the reconditioner redirects a[j] whatever they are.
    arr = ArrayType(UINT, 3)
    args: tuple[Expression, ...] = (
        Literal(UINT, 3),
        Literal(UINT, 5),
        Index(UINT, ref("a", arr), ref("i")),
        Index(UINT, ref("a", arr), ref("j")),
    )
    prog = program(
        [ExprStmt(Call(VOID, "umulExtended", args, CallKind.BUILTIN))],
        {
            "a": arr,
            "i": INT,
            "j": INT,
        },
    )
    result = recondition_checked(prog, values(a=(7, 7, 7), i=1, j=1), "aliasing_out_arguments")
    assert run_clean(result)["a"] == (7, 0, 7)  # the msb, the first out argument
    assert not any(aliasing_calls(result.program))
    different = dataclasses.replace(result, buffer_values=values(a=(7, 7, 7), i=2, j=0))
    assert run_clean(different)["a"] == (7, 7, 0)  # the lsb went to the temporary


def test_disjoint_elements_need_no_temporary() -> None:
    # a[0] = a[1]++;  different elements of one array: nothing to reorder.
    arr = ArrayType(INT, 2)
    stmt = assign(Index(INT, ref("a", arr), lit(0)), post_inc(Index(INT, ref("a", arr), lit(1))))
    prog = program([stmt], {"a": arr})
    result = recondition(prog, values(a=(0, 5)))
    assert not any(isinstance(n, VarDecl) for n in iter_nodes(result.program.entry_point.body))
    assert run_clean(result)["a"] == (5, 6)


def test_callee_writes_to_globals_are_seen() -> None:
    # int h() { n = n + 1; return n; }   r = h() + n;
    h = Function(
        "h",
        INT,
        (),
        Block((assign(ref("n"), binary(BinaryOp.ADD, ref("n"), lit(1))), Return(ref("n")))),
    )
    prog = program(
        [assign(ref("r"), binary(BinaryOp.ADD, Call(INT, "h", ()), ref("n")))],
        {"n": INT, "r": INT},
        functions=(h,),
    )
    result = recondition_checked(prog, values(n=1, r=0), "evaluation_order")
    assert run_clean(result)["r"] in (3, 4)


# ------------------------------------------------------------------ exact floats


def test_float_literal_zero_is_mapped() -> None:
    prog = program([assign(ref("r", FLOAT), lit(0.0))], {"r": FLOAT})
    result = recondition(prog, values(r=1.0))
    assert run_clean(result)["r"] == 10.0
    assert [exact_float(v) for v in (0.0, -0.0, 2.6, 1e9, float("nan"))] == [
        10.0,
        10.0,
        3.0,
        10.0,
        10.0,
    ]


def test_float_sum_that_would_leave_s() -> None:
    prog = program(
        [assign(ref("r", FLOAT), binary(BinaryOp.ADD, ref("a", FLOAT), ref("b", FLOAT)))],
        {"a": FLOAT, "b": FLOAT, "r": FLOAT},
    )
    big = 16777000.0
    result = recondition(prog, values(a=big, b=big, r=1.0))
    assert run_clean(result)["r"] == 10.0
    small = dataclasses.replace(result, buffer_values=values(a=2.0, b=3.0, r=1.0))
    assert run_clean(small)["r"] == 5.0


def test_float_inputs_are_mapped_into_s() -> None:
    prog = program([assign(ref("r", FLOAT), ref("a", FLOAT))], {"a": FLOAT, "r": FLOAT})
    result = recondition(prog, values(a=0.5, r=-0.0))
    assert result.buffer_values[BLOCK] == {"a": 10.0, "r": 10.0}


def test_dot_with_a_rounding_intermediate() -> None:
    dot = Call(FLOAT, "dot", (ref("a", VEC3), ref("b", VEC3)), CallKind.BUILTIN)
    prog = program([assign(ref("r", FLOAT), dot)], {"a": VEC3, "b": VEC3, "r": FLOAT})
    inputs = values(a=(4096.0, 4097.0, 1.0), b=(4097.0, -4096.0, 3.0), r=1.0)
    result = recondition_checked(prog, inputs, "float_roundoff")
    assert run_clean(result)["r"] == 10.0
    exact = dataclasses.replace(
        result, buffer_values=values(a=(1.0, 2.0, 3.0), b=(4.0, 5.0, 6.0), r=1.0)
    )
    assert run_clean(exact)["r"] == 32.0


def test_float_conversions() -> None:
    prog = program(
        [
            assign(ref("f", FLOAT), Construct(FLOAT, (ref("i"),))),
            assign(ref("u", UINT), Construct(UINT, (ref("g", FLOAT),))),
            assign(ref("z", FLOAT), ref("g", FLOAT), AssignOp.DIV),
        ],
        {"i": INT, "f": FLOAT, "g": FLOAT, "u": UINT, "z": FLOAT},
    )
    inputs = values(i=2**25 + 1, f=1.0, g=-3.0, u=0, z=7.0)
    assert first_ub(prog, inputs) is not None
    out = run_clean(recondition(prog, inputs))
    assert out["f"] == 10.0  # float(2^25 + 1) rounds
    assert out["u"] == 2**32 - 3  # uint(-3.0) is undefined; uint(int(-3.0)) is not
    assert out["z"] == -2.0  # float division becomes a truncating integer division


def test_matrices() -> None:
    m2 = MatrixType(2, 2)
    v2 = VectorType(ScalarKind.FLOAT, 2)
    prog = program(
        [
            VarDecl("m", m2, Construct(m2, (ref("f", FLOAT),))),  # diagonal: zeros elsewhere
            assign(ref("v", v2), Binary(v2, BinaryOp.MUL, ref("m", m2), ref("v", v2))),
            VarDecl("n", m2, Binary(m2, BinaryOp.MUL, ref("m", m2), ref("m", m2))),
            ExprStmt(Assign(m2, AssignOp.DIV, ref("n", m2), ref("f", FLOAT))),
            ExprStmt(IncDec(m2, IncDecOp.POST_INC, ref("n", m2))),
            assign(ref("w", v2), Binary(v2, BinaryOp.MUL, ref("v", v2), ref("n", m2))),
            ExprStmt(Assign(v2, AssignOp.MUL, ref("w", v2), ref("n", m2))),
        ],
        {"f": FLOAT, "v": v2, "w": v2},
    )
    inputs = values(f=3.0, v=(5000.0, 7.0), w=(1.0, 1.0))
    result = recondition_checked(prog, inputs, "float_roundoff")
    out = run_clean(result)
    assert out["v"] == (3.0 * 5000.0 + 10.0 * 7.0, 10.0 * 5000.0 + 3.0 * 7.0)
    large = values(f=4095.0, v=(16000000.0, 7.0), w=(1.0, 1.0))
    run_clean(dataclasses.replace(result, buffer_values=large))


# ------------------------------------------------------------------ names, purity, constness


def test_reserved_names_in_the_input_are_renamed() -> None:
    clash = Function(
        "SAFE_DIV_int_int", INT, (Parameter("_ss_a", INT),), Block((Return(ref("_ss_a")),))
    )
    prog = program(
        [
            VarDecl("_ss_t0", INT, lit(4)),
            assign(
                ref("r"),
                binary(BinaryOp.DIV, Call(INT, "SAFE_DIV_int_int", (ref("_ss_t0"),)), ref("z")),
            ),
        ],
        {"r": INT, "z": INT},
        functions=(clash,),
    )
    result = recondition(prog, values(r=0, z=0))
    names = [f.name for f in result.program.functions]
    assert len(names) == len(set(names))
    assert "user_SAFE_DIV_int_int" in names
    assert run_clean(result)["r"] == 2


def test_constant_initialiser_that_needs_a_wrapper() -> None:
    glob = VarDecl(
        "k", INT, binary(BinaryOp.DIV, lit(7), binary(BinaryOp.SUB, lit(1), lit(1))), const=True
    )
    prog = program([assign(ref("r"), ref("k"))], {"r": INT}, globals_=(glob,))
    result = recondition(prog, values(r=0))
    decl = result.program.globals[0]
    assert not decl.const and isinstance(decl.init, Literal)
    assert run_clean(result)["r"] == 3


def test_recondition_is_pure_and_deterministic() -> None:
    prog = program(
        [assign(ref("r"), binary(BinaryOp.DIV, ref("a"), ref("b")))], {"a": INT, "b": INT, "r": INT}
    )
    inputs = values(a=1, b=0, r=0)
    snapshot = {k: dict(v) for k, v in inputs.items()}
    first, second = recondition(prog, inputs), recondition(prog, inputs)
    assert first == second
    assert inputs == snapshot


def test_wrapper_names_round_trip() -> None:
    for kind in KINDS.values():
        name = wrapper_name(kind, (INT, INT))
        parsed = parse_wrapper_name(name)
        assert parsed is not None and parsed[0] is kind


# ------------------------------------------------------------------ pruning


def test_instrument_and_prune() -> None:
    prog = program(
        [
            assign(ref("q"), binary(BinaryOp.DIV, ref("a"), ref("z"))),
            assign(ref("p"), binary(BinaryOp.DIV, ref("a"), ref("b"))),
        ],
        {"a": INT, "b": INT, "z": INT, "p": INT, "q": INT},
    )
    inputs = values(a=12, b=4, z=0, p=0, q=0)
    result = recondition(prog, inputs)
    assert wrapper_sites(result) == ("SAFE_DIV_int_int#0", "SAFE_DIV_int_int#1")
    probe = instrument(result)
    after = run_compute(probe, hits_buffer_values(result), sanitize=True).buffers
    taken = wrapper_hits(result, after)
    assert taken == {"SAFE_DIV_int_int#0"}
    pruned = prune_wrappers(result, taken)
    assert len(calls_to(pruned.program, "SAFE_")) == 1
    assert run_clean(pruned) == run_clean(result)
    assert prune_wrappers(result, set()).wrappers_used == ()


# ------------------------------------------------------------------ generated programs

_HAVE_GENERATOR = importlib.util.find_spec("shadersmith.generate.smith") is not None
_HAVE_GLSLANG = shutil.which("glslangValidator") is not None


@pytest.mark.skipif(not _HAVE_GENERATOR, reason="no generator")
@pytest.mark.parametrize("chunk", range(4))
def test_generated_programs_have_no_undefined_behaviour(chunk: int) -> None:
    from shadersmith.generate.smith import generate

    for seed in range(chunk * 25, chunk * 25 + 25):
        generated = generate(seed)
        result = recondition(generated.program, generated.buffer_values)
        try:
            run_compute(
                result.program,
                result.buffer_values,
                sanitize=True,
                workgroups=generated.workgroups,
            )
        except UndefinedBehaviour as ub:  # pragma: no cover - the failure message
            pytest.fail(f"seed {seed}: {ub}")


def _with_aliasing_out_arguments(prog: Program) -> Program:
    """`prog` with each call's later out/inout arguments replaced by an earlier one of the
    same type: `umulExtended(a, b, x, y)` becomes `umulExtended(a, b, x, x)`. What a
    reducer or a hand-written shader may bring, which the generator never makes."""
    parameters = parameter_table(prog.functions)

    def alias(node: object) -> object:
        if not isinstance(node, Call):
            return node
        qualifiers = argument_qualifiers(node, parameters)
        outs = [i for i, q in enumerate(qualifiers) if q.writes_back]
        args = list(node.args)
        for later in outs[1:]:
            same_type = [i for i in outs if i < later and args[i].type == args[later].type]
            if same_type:
                args[later] = args[same_type[0]]
        if args == list(node.args):
            return node
        return dataclasses.replace(node, args=tuple(args))

    return transform(prog, alias)


@pytest.mark.skipif(not _HAVE_GENERATOR, reason="no generator")
@pytest.mark.parametrize("chunk", range(4))
def test_reconditioning_removes_aliasing_out_arguments(chunk: int) -> None:
    """Over 400 seeds, calls made to alias: the reconditioned program has no aliasing
    call (static test) and the sanitizer sees no copy-back to a common place, nor any
    other undefined behaviour (the temporaries must not bring any)."""
    from shadersmith.generate.smith import generate

    aliased = 0
    for seed in range(chunk * 100, chunk * 100 + 100):
        generated = generate(seed)
        prog = _with_aliasing_out_arguments(generated.program)
        if prog is generated.program:
            continue  # no call with two out arguments of one type
        aliased += 1
        assert any(aliasing_calls(prog)), seed
        result = recondition(prog, generated.buffer_values)
        assert not any(aliasing_calls(result.program)), seed
        try:
            run_compute(
                result.program,
                result.buffer_values,
                sanitize=True,
                workgroups=generated.workgroups,
            )
        except UndefinedBehaviour as ub:  # pragma: no cover - the failure message
            pytest.fail(f"seed {seed}: {ub}")
    assert aliased > 20


@pytest.mark.skipif(not _HAVE_GENERATOR, reason="no generator")
def test_pruning_generated_programs_keeps_their_results() -> None:
    from shadersmith.generate.smith import generate

    for seed in range(20):
        generated = generate(seed)
        groups = generated.workgroups
        result = recondition(generated.program, generated.buffer_values)
        # Every invocation records its hits in the same elements: a race by design, so
        # the sanitizer checks the instrumented program of one invocation only.
        after = run_compute(
            instrument(result),
            hits_buffer_values(result),
            sanitize=generated.invocations == 1,
            workgroups=groups,
        )
        pruned = prune_wrappers(result, wrapper_hits(result, after.buffers))
        assert len(wrapper_sites(pruned)) <= len(wrapper_sites(result))
        expected = run_compute(
            result.program, result.buffer_values, sanitize=True, workgroups=groups
        ).buffers
        assert (
            run_compute(pruned.program, pruned.buffer_values, workgroups=groups).buffers == expected
        ), seed
        run_compute(pruned.program, pruned.buffer_values, sanitize=True, workgroups=groups)


@pytest.mark.skipif(not (_HAVE_GENERATOR and _HAVE_GLSLANG), reason="no generator or glslang")
@pytest.mark.parametrize("chunk", range(2))  # 50 seeds: CI's 20 minutes
def test_generated_programs_compile_in_both_profiles(chunk: int, tmp_path: Path) -> None:
    from shadersmith.emit.glsl import emit_glsl
    from shadersmith.generate.smith import generate
    from shadersmith.ir.profile import PROFILES
    from shadersmith.targets.tools.glslang import validation_modes

    texts: dict[str, dict[str, str]] = {name: {} for name in PROFILES}
    for seed in range(1000 + chunk * 25, 1000 + chunk * 25 + 25):
        generated = generate(seed)
        result = recondition(generated.program, generated.buffer_values)
        for name, profile in PROFILES.items():
            texts[name][f"seed-{seed}"] = emit_glsl(result.program, profile)
    # glslang_check.py: one glslangValidator run per profile for GL semantics, the
    # in-process library for Vulkan's (a process per program and mode was 3 s of 4).
    for name, profile in PROFILES.items():
        for mode in validation_modes(profile):
            if mode == "gl":
                log = rejected_in_gl(texts[name], "compute", tmp_path / name)
                assert not log, f"{name} gl:\n{log}"
                continue
            assert mode == "vulkan", mode
            for shader, text in texts[name].items():
                log = rejected_in_vulkan(text, "compute")
                assert not log, f"{shader} {name} vulkan: {log}"


def test_modulo_of_a_constant_that_converts_to_a_negative_int_is_wrapped() -> None:
    """Found by a campaign (seeds 2583, 3391): `int(2886675422u) % 2` was left plain
    because the constant was read as 2886675422 instead of GLSL's -1408291874."""
    from shadersmith.recondition.constants import constant_components

    converted = Construct(INT, (Literal(UINT, 2886675422),))
    assert constant_components(converted) == (-1408291874,)
    assert constant_components(Unary(UINT, UnaryOp.NEG, Literal(UINT, 5))) == (4294967291,)
    prog = program([assign(ref("r"), binary(BinaryOp.MOD, converted, lit(2)))], {"r": INT})
    result = recondition_checked(prog, values(r=0), "modulo")
    assert calls_to(result.program, "SAFE_MOD")
    assert number(run_clean(result)["r"]) >= 0


def test_a_switch_never_ends_with_an_empty_label() -> None:
    """Mesa 25 rejects `case 2: }`, which a reducer readily leaves; the reconditioner
    closes it with a `break;` (falling off the end means the same)."""
    from shadersmith.emit.glsl import emit_glsl
    from shadersmith.front.glsl import parse_glsl

    text = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int x; int y; };
void main() {
    switch (x) {
        case 1:
            y = 1;
        case 2:
    }
}
"""
    program = parse_glsl(text).program
    out = emit_glsl(recondition(program, {"B": {"x": 1, "y": 0}}).program)
    assert "case 2:\n            break;\n    }" in out
    assert (
        run_compute(
            recondition(program, {"B": {"x": 1, "y": 0}}).program, {"B": {"x": 1, "y": 0}}
        ).buffers["B"]["y"]
        == 1
    )
