"""The typing table of operators and built-ins (analysis/typing.py, analysis/builtins.py)."""

from __future__ import annotations

import pytest

from shadersmith.analysis.builtins import (
    EXACT_BY_NAME,
    EXACT_BY_RESULT,
    EXACT_OVERLOADS,
    find_exact,
    is_builtin_function,
    resolve,
)
from shadersmith.analysis.typing import (
    NO_CONVERSIONS,
    Conversions,
    Typed,
    binary_type,
    binary_typing,
    compound_assign_typing,
    construct_error,
    inc_dec_ok,
    operands_giving,
    ternary_typing,
    unary_ops_giving,
    unary_type,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, UnaryOp
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    MatrixType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    vector_or_scalar,
)

IVEC3 = VectorType(ScalarKind.INT, 3)
UVEC3 = VectorType(ScalarKind.UINT, 3)
VEC2 = VectorType(ScalarKind.FLOAT, 2)
VEC3 = VectorType(ScalarKind.FLOAT, 3)
BVEC3 = VectorType(ScalarKind.BOOL, 3)
DOUBLE = ScalarType(ScalarKind.FLOAT, 64)
MAT2X3 = MatrixType(2, 3)
GLSL450 = Conversions.for_version(450, es=False, extensions=frozenset())
GLSL330 = Conversions.for_version(330, es=False, extensions=frozenset())
ESSL310 = Conversions.for_version(310, es=True, extensions=frozenset())
VALUE_TYPES: tuple[Type, ...] = tuple(
    vector_or_scalar(kind, size) for kind in ScalarKind for size in (1, 2, 3, 4)
)


@pytest.mark.parametrize(
    ("op", "left", "right", "result"),
    [
        (BinaryOp.ADD, INT, INT, INT),
        (BinaryOp.MUL, IVEC3, INT, IVEC3),
        (BinaryOp.SUB, UINT, UVEC3, UVEC3),
        (BinaryOp.MOD, IVEC3, IVEC3, IVEC3),
        (BinaryOp.SHL, IVEC3, UINT, IVEC3),
        (BinaryOp.SHR, IVEC3, UVEC3, IVEC3),
        (BinaryOp.LT, FLOAT, FLOAT, BOOL),
        (BinaryOp.EQ, BVEC3, BVEC3, BOOL),
        (BinaryOp.EQ, ArrayType(INT, 2), ArrayType(INT, 2), BOOL),
        (BinaryOp.LOGICAL_XOR, BOOL, BOOL, BOOL),
        (BinaryOp.MUL, MAT2X3, VEC2, VEC3),
        (BinaryOp.MUL, VEC3, MAT2X3, VEC2),
        (BinaryOp.MUL, MatrixType(3, 2), MAT2X3, MatrixType(2, 2)),
    ],
)
def test_operators_accept(op: BinaryOp, left: Type, right: Type, result: Type) -> None:
    assert binary_type(op, left, right) == result
    assert binary_typing(op, left, right) == Typed(result, (left, right))


@pytest.mark.parametrize(
    ("op", "left", "right"),
    [
        (BinaryOp.ADD, INT, UINT),  # no implicit conversion without a language version
        (BinaryOp.ADD, BOOL, BOOL),
        (BinaryOp.MOD, FLOAT, FLOAT),
        (BinaryOp.BIT_AND, VEC3, VEC3),
        (BinaryOp.SHL, INT, IVEC3),  # a scalar is not shifted by a vector
        (BinaryOp.SHL, FLOAT, INT),
        (BinaryOp.LT, IVEC3, IVEC3),  # lessThan() compares vectors
        (BinaryOp.ADD, IVEC3, VectorType(ScalarKind.INT, 2)),
        (BinaryOp.EQ, OpaqueType("sampler2D"), OpaqueType("sampler2D")),
        (BinaryOp.LOGICAL_AND, BVEC3, BVEC3),
        (BinaryOp.MUL, MAT2X3, MAT2X3),  # non-square
    ],
)
def test_operators_refuse(op: BinaryOp, left: Type, right: Type) -> None:
    assert isinstance(binary_type(op, left, right), str)
    assert isinstance(binary_typing(op, left, right), str)


def test_implicit_conversions_depend_on_the_version() -> None:
    # int * vec3 multiplies floats from GLSL 1.20 on; ESSL never converts.
    assert binary_typing(BinaryOp.MUL, INT, VEC3, GLSL330) == Typed(VEC3, (FLOAT, VEC3))
    assert isinstance(binary_typing(BinaryOp.MUL, INT, VEC3, ESSL310), str)
    # int -> uint only from GLSL 4.00 on.
    assert binary_typing(BinaryOp.ADD, INT, UINT, GLSL450) == Typed(UINT, (UINT, UINT))
    assert isinstance(binary_typing(BinaryOp.ADD, INT, UINT, GLSL330), str)
    assert binary_typing(BinaryOp.LT, INT, DOUBLE, GLSL450) == Typed(BOOL, (DOUBLE, DOUBLE))
    # Shifts and logical operators never convert.
    assert isinstance(binary_typing(BinaryOp.SHL, FLOAT, INT, GLSL450), str)
    assert GLSL450.allows(IVEC3, VEC3) and not GLSL450.allows(VEC3, IVEC3)
    assert not NO_CONVERSIONS.allows(INT, FLOAT)


def test_compound_assignment_keeps_the_target_type() -> None:
    assert compound_assign_typing(AssignOp.ADD, VEC3, FLOAT) == Typed(VEC3, (VEC3, FLOAT))
    assert compound_assign_typing(AssignOp.MUL, FLOAT, INT, GLSL450) == Typed(FLOAT, (FLOAT, FLOAT))
    assert compound_assign_typing(AssignOp.SHL, INT, UVEC3) == ("cannot apply <<= to int and uvec3")
    assert isinstance(compound_assign_typing(AssignOp.MUL, FLOAT, VEC3), str)
    assert isinstance(compound_assign_typing(AssignOp.ADD, INT, FLOAT, GLSL450), str)


def test_unary_ternary_and_constructors() -> None:
    assert unary_type(UnaryOp.BIT_NOT, UVEC3) == UVEC3
    assert unary_type(UnaryOp.NOT, BOOL) == BOOL
    assert isinstance(unary_type(UnaryOp.NOT, BVEC3), str)
    assert isinstance(unary_type(UnaryOp.BIT_NOT, FLOAT), str)
    assert isinstance(unary_type(UnaryOp.NEG, BOOL), str)
    assert inc_dec_ok(MAT2X3) and not inc_dec_ok(BVEC3)
    assert ternary_typing(INT, FLOAT, GLSL450) == Typed(FLOAT, (FLOAT, FLOAT))
    assert isinstance(ternary_typing(INT, FLOAT), str)
    assert construct_error(VEC3, (INT, VEC2)) is None
    assert construct_error(VEC3, (VEC2, VEC2)) is None  # the last argument partly used
    assert construct_error(VEC2, (VEC2, FLOAT)) == "constructor vec2 has too many arguments"


def test_generator_direction() -> None:
    assert operands_giving(BinaryOp.ADD, IVEC3, VALUE_TYPES) == (
        (IVEC3, IVEC3),
        (IVEC3, INT),
        (INT, IVEC3),
    )
    assert operands_giving(BinaryOp.SHR, IVEC3, VALUE_TYPES) == (
        (IVEC3, INT),
        (IVEC3, UINT),
        (IVEC3, IVEC3),
        (IVEC3, UVEC3),
    )
    assert operands_giving(BinaryOp.LE, BOOL, VALUE_TYPES) == (
        (INT, INT),
        (UINT, UINT),
        (FLOAT, FLOAT),
    )
    assert operands_giving(BinaryOp.MOD, FLOAT, VALUE_TYPES) == ()
    assert operands_giving(BinaryOp.ADD, FLOAT, (INT, UINT)) == ()  # float not offered
    assert unary_ops_giving(INT) == (UnaryOp.NEG, UnaryOp.PLUS, UnaryOp.BIT_NOT)
    assert unary_ops_giving(BVEC3) == ()


def test_the_generator_direction_agrees_with_the_checker() -> None:
    """Every pair offered types as asked, and every pair of value types that gives a
    value type with no conversion is offered."""
    for op in BinaryOp:
        for result in VALUE_TYPES:
            offered = set(operands_giving(op, result, VALUE_TYPES))
            for left in VALUE_TYPES:
                for right in VALUE_TYPES:
                    gives = binary_type(op, left, right) == result
                    assert gives == ((left, right) in offered), (op, left, right, result)


@pytest.mark.parametrize(
    ("name", "args", "conversions", "result", "params"),
    [
        ("clamp", (INT, INT, INT), NO_CONVERSIONS, INT, (INT, INT, INT)),
        ("min", (VEC3, FLOAT), NO_CONVERSIONS, VEC3, (VEC3, FLOAT)),
        ("mix", (IVEC3, IVEC3, BVEC3), NO_CONVERSIONS, IVEC3, (IVEC3, IVEC3, BVEC3)),
        ("lessThan", (UVEC3, UVEC3), NO_CONVERSIONS, BVEC3, (UVEC3, UVEC3)),
        ("findMSB", (UVEC3,), NO_CONVERSIONS, IVEC3, (UVEC3,)),
        ("dot", (VEC2, VEC2), NO_CONVERSIONS, FLOAT, (VEC2, VEC2)),
        ("dot", (FLOAT, FLOAT), NO_CONVERSIONS, FLOAT, (FLOAT, FLOAT)),
        # The fewest conversions win; among equals the float overload comes first.
        ("sin", (INT,), GLSL330, FLOAT, (FLOAT,)),
        ("abs", (UINT,), GLSL450, FLOAT, (FLOAT,)),
        ("max", (IVEC3, FLOAT), GLSL450, VEC3, (VEC3, FLOAT)),
        ("transpose", (MAT2X3,), NO_CONVERSIONS, MatrixType(3, 2), (MAT2X3,)),
        ("outerProduct", (VEC3, VEC2), NO_CONVERSIONS, MAT2X3, (VEC3, VEC2)),
    ],
)
def test_builtins_resolve(
    name: str,
    args: tuple[Type, ...],
    conversions: Conversions,
    result: Type,
    params: tuple[Type, ...],
) -> None:
    overload = resolve(name, args, conversions)
    assert overload is not None
    assert (overload.result, overload.params) == (result, params)


@pytest.mark.parametrize(
    ("name", "args", "conversions"),
    [
        ("sin", (INT,), NO_CONVERSIONS),
        ("sin", (INT,), ESSL310),
        ("modf", (FLOAT, INT), GLSL450),  # an out argument never converts
        ("bitfieldExtract", (IVEC3, INT), NO_CONVERSIONS),
        ("any", (BOOL,), NO_CONVERSIONS),  # vectors only
        ("determinant", (MAT2X3,), NO_CONVERSIONS),
        ("noSuchFunction", (INT,), GLSL450),
    ],
)
def test_builtins_refuse(name: str, args: tuple[Type, ...], conversions: Conversions) -> None:
    assert resolve(name, args, conversions) is None


def test_out_parameters() -> None:
    carry = resolve("uaddCarry", (UVEC3, UVEC3, UVEC3))
    assert carry is not None and carry.out_params == frozenset({2})
    atomic = resolve("atomicAdd", (UINT, UINT))
    assert atomic is not None and atomic.out_params == frozenset({0})
    assert is_builtin_function("inverse") and not is_builtin_function("main")


def test_the_exact_builtins_are_part_of_the_catalogue() -> None:
    for overload in EXACT_OVERLOADS:
        assert find_exact(overload.name, overload.params) == overload
        resolved = resolve(overload.name, overload.params)
        assert resolved is not None
        assert (resolved.result, resolved.out_params) == (overload.result, overload.out_params)
    # Only 32-bit types, and only the exact forms of a name.
    for overload in EXACT_OVERLOADS:
        for t in (*overload.params, overload.result):
            assert getattr(t, "bits", 32) == 32
    assert find_exact("dot", (FLOAT, FLOAT)) is None
    assert find_exact("mix", (VEC3, VEC3, FLOAT)) is None
    assert "fract" not in EXACT_BY_NAME and "sin" not in EXACT_BY_NAME
    assert [o.name for o in EXACT_BY_RESULT[VOID]] == ["umulExtended"] * 4 + ["imulExtended"] * 4
    assert len(EXACT_OVERLOADS) == len(set(EXACT_OVERLOADS)) == 260
