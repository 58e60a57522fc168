"""The GLSL emitter: minimal parentheses, literal spelling, and real front-end acceptance."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from shadersmith.emit.glsl import emit_expression, emit_glsl, literal_text
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
    SwizzleSet,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.profile import ESSL310, GLSL450, LanguageProfile
from shadersmith.ir.program import (
    BufferField,
    Function,
    Parameter,
    ParamQualifier,
    Program,
    Stage,
    StorageBuffer,
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
    ScalarKind,
    StructField,
    StructType,
    VectorType,
)

IVEC3 = VectorType(ScalarKind.INT, 3)
a, b, c = (VariableRef(INT, n) for n in "abc")
p, q = (VariableRef(BOOL, n) for n in "pq")


def lit(value: int) -> Literal:
    return Literal(INT, value)


def add(x: Expression, y: Expression) -> Binary:
    return Binary(INT, BinaryOp.ADD, x, y)


def sub(x: Expression, y: Expression) -> Binary:
    return Binary(INT, BinaryOp.SUB, x, y)


def mul(x: Expression, y: Expression) -> Binary:
    return Binary(INT, BinaryOp.MUL, x, y)


@pytest.mark.parametrize(
    ("expr", "text"),
    [
        (sub(sub(a, b), c), "a - b - c"),
        (sub(a, sub(b, c)), "a - (b - c)"),
        (mul(add(a, b), c), "(a + b) * c"),
        (add(a, mul(b, c)), "a + b * c"),
        (Unary(INT, UnaryOp.NEG, Unary(INT, UnaryOp.NEG, a)), "-(-a)"),
        (Unary(INT, UnaryOp.NEG, lit(-5)), "-(-5)"),
        (Unary(INT, UnaryOp.NEG, lit(5)), "-(5)"),
        (sub(a, lit(-1)), "a - -1"),
        (Unary(INT, UnaryOp.BIT_NOT, add(a, b)), "~(a + b)"),
        (Assign(INT, AssignOp.ASSIGN, a, Assign(INT, AssignOp.ADD, b, c)), "a = b += c"),
        (add(a, Assign(INT, AssignOp.ASSIGN, b, c)), "a + (b = c)"),
        (Ternary(INT, p, a, Ternary(INT, q, b, c)), "p ? a : q ? b : c"),
        (Ternary(INT, Ternary(BOOL, p, q, p), a, b), "(p ? q : p) ? a : b"),
        (add(IncDec(INT, IncDecOp.POST_INC, a), IncDec(INT, IncDecOp.PRE_DEC, b)), "a++ + --b"),
        (
            Binary(BOOL, BinaryOp.LOGICAL_OR, Binary(BOOL, BinaryOp.LOGICAL_AND, p, q), p),
            "p && q || p",
        ),
        (
            Binary(BOOL, BinaryOp.LOGICAL_AND, p, Binary(BOOL, BinaryOp.LOGICAL_OR, q, p)),
            "p && (q || p)",
        ),
        (
            Swizzle(INT, Construct(IVEC3, (a, b, c)), (2,), SwizzleSet.RGBA),
            "ivec3(a, b, c).b",
        ),
        (
            Index(INT, Binary(IVEC3, BinaryOp.ADD, VariableRef(IVEC3, "v"), a), a),
            "(v + a)[a]",
        ),
        (
            Call(INT, "f", (Sequence(INT, (a, b)), c), CallKind.USER),
            "f((a, b), c)",
        ),
        (Binary(INT, BinaryOp.SHL, add(a, b), c), "a + b << c"),
        (Binary(INT, BinaryOp.BIT_AND, a, Binary(INT, BinaryOp.BIT_OR, b, c)), "a & (b | c)"),
    ],
)
def test_minimal_parentheses(expr: Expression, text: str) -> None:
    assert emit_expression(expr) == text


@pytest.mark.parametrize(
    ("literal", "text"),
    [
        (Literal(INT, -(2**31)), "-2147483648"),
        (Literal(UINT, 2**32 - 1), "4294967295u"),
        (Literal(FLOAT, 12.0), "12.0"),
        (Literal(FLOAT, -4095.0), "-4095.0"),
        (Literal(FLOAT, 0.5), "0.5"),
        (Literal(BOOL, False), "false"),
    ],
)
def test_literal_spelling(literal: Literal, text: str) -> None:
    assert literal_text(literal) == text


def test_nan_literal_is_refused() -> None:
    with pytest.raises(ValueError, match="no GLSL spelling"):
        literal_text(Literal(FLOAT, float("nan")))


def _sample_program() -> Program:
    """A hand-built program touching every statement form and the whole interface."""
    point = StructType("Point", (StructField("x", INT), StructField("y", UVEC2)))
    out_field = VariableRef(ArrayType(INT, 4), "results")
    i = VariableRef(INT, "i")
    value = VariableRef(INT, "value")
    helper = Function(
        "helper",
        INT,
        (
            Parameter("value", INT),
            Parameter("doubled", INT, ParamQualifier.OUT),
            Parameter("acc", INT, ParamQualifier.INOUT),
        ),
        Block(
            (
                ExprStmt(
                    Assign(INT, AssignOp.ASSIGN, VariableRef(INT, "doubled"), add(value, value))
                ),
                ExprStmt(Assign(INT, AssignOp.ADD, VariableRef(INT, "acc"), lit(1))),
                Return(VariableRef(INT, "value")),
            )
        ),
    )
    main_body = (
        VarDecl("a", INT, lit(3)),
        VarDecl("b", INT),
        VarDecl("k", INT, lit(7), const=True),
        VarDecl("pt", point, Construct(point, (a, Construct(UVEC2, (Literal(UINT, 1),))))),
        ExprStmt(Assign(INT, AssignOp.ASSIGN, b, Member(INT, VariableRef(point, "pt"), "x"))),
        If(Binary(BOOL, BinaryOp.LT, a, b), Block((ExprStmt(IncDec(INT, IncDecOp.POST_INC, a)),))),
        If(
            p_true,
            Block((ExprStmt(IncDec(INT, IncDecOp.PRE_INC, b)),)),
            Block((If(p_true, Block(()), Block((ExprStmt(a),))),)),
        ),
        Switch(
            a,
            (
                SwitchCase(lit(1), ()),
                SwitchCase(lit(2), (ExprStmt(IncDec(INT, IncDecOp.PRE_INC, b)), Break())),
                SwitchCase(None, (ExprStmt(IncDec(INT, IncDecOp.PRE_DEC, b)),)),
            ),
        ),
        Switch(b, ()),
        For(
            VarDecl("i", INT, lit(0)),
            Binary(BOOL, BinaryOp.LT, i, lit(4)),
            IncDec(INT, IncDecOp.POST_INC, i),
            Block(
                (ExprStmt(Assign(INT, AssignOp.ASSIGN, Index(INT, out_field, i), i)), Continue())
            ),
        ),
        For(None, None, None, Block((Break(),))),
        While(
            Binary(BOOL, BinaryOp.GT, a, lit(0)),
            Block((ExprStmt(IncDec(INT, IncDecOp.POST_DEC, a)),)),
        ),
        DoWhile(
            Block((ExprStmt(IncDec(INT, IncDecOp.POST_INC, a)),)),
            Binary(BOOL, BinaryOp.LT, a, lit(2)),
        ),
        ExprStmt(
            Assign(
                INT,
                AssignOp.ASSIGN,
                Index(INT, out_field, lit(0)),
                Call(INT, "helper", (a, b, VariableRef(INT, "a")), CallKind.USER),
            )
        ),
        ExprStmt(
            Assign(
                INT,
                AssignOp.ASSIGN,
                Index(INT, out_field, lit(1)),
                Call(INT, "bitfieldExtract", (a, lit(1), lit(3)), CallKind.BUILTIN),
            )
        ),
    )
    buffer = StorageBuffer(
        "Outputs",
        None,
        0,
        (BufferField("results", ArrayType(INT, 4)), BufferField("tail", ArrayType(UINT, None))),
    )
    return Program(
        stage=Stage.COMPUTE,
        functions=(helper, Function("main", VOID, (), Block(main_body))),
        structs=(point,),
        buffers=(buffer,),
    )


UVEC2 = VectorType(ScalarKind.UINT, 2)
p_true = Literal(BOOL, True)


def test_program_text_is_deterministic_and_readable() -> None:
    program = _sample_program()
    text = emit_glsl(program, GLSL450)
    assert text == emit_glsl(program, GLSL450)
    assert text.startswith("#version 450\n")
    assert "    for (int i = 0; i < 4; i++) {\n" in text
    assert "} else if (true) {" in text
    assert "for (;;) {" in text
    assert "int helper(int value, out int doubled, inout int acc) {" in text
    essl = emit_glsl(program, ESSL310)
    assert essl.startswith("#version 310 es\nprecision highp float;\nprecision highp int;\n")


@pytest.mark.skipif(shutil.which("glslangValidator") is None, reason="glslang-tools not installed")
@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_real_front_end_accepts_sample(tmp_path: Path, profile: LanguageProfile) -> None:
    shader = tmp_path / "shader.comp"
    shader.write_text(emit_glsl(_sample_program(), profile))
    commands = [["glslangValidator", str(shader)]]
    if profile is GLSL450:
        commands.append(["glslangValidator", "-V", str(shader), "-o", str(tmp_path / "s.spv")])
    for command in commands:
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stdout + result.stderr
