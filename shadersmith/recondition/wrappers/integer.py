"""Wrappers for integer operators and built-ins whose result GLSL leaves undefined.

- `/` by zero, and INT_MIN / -1;
- `%` by zero, and with a negative operand (GLSL: undefined when either is negative);
- `<<` and `>>` by a negative amount or by 32 or more, per component for vectors;
- clamp(x, lo, hi) with lo > hi (any component), for every numeric kind;
- bitfieldExtract / bitfieldInsert with a negative offset or bit count, or offset + bits > 32;
- array, vector and matrix indices outside [0, n);
- abs(INT_MIN) (optional: GLSL defines it as INT_MIN, some back-ends treat it as poison).

The safe paths keep the operation and its operand shapes (`ivec3 / int` stays a vector by
scalar division) and only replace the offending operand, per component where there is one.
"""

from __future__ import annotations

from shadersmith.ir.expressions import Construct, Expression, Literal, Ternary
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.types import INT, ScalarKind, ScalarType, Type, VectorType
from shadersmith.recondition.build import (
    INT_MAX,
    INT_MIN,
    any_of,
    binary,
    builtin,
    compare,
    int_lit,
    literal,
    logical_and,
    logical_or,
    scalar_kind,
    select,
    splat,
)
from shadersmith.recondition.wrappers.base import Params, WrapperBody, WrapperKind, assigning


def _lit(type_: Type, value: int) -> Expression:
    """`value` as a literal of `type_`'s scalar, at its width (`0ul` for a uint64_t)."""
    if isinstance(type_, ScalarType | VectorType) and type_.bits != 32:
        return Literal(ScalarType(type_.kind, type_.bits), value)
    return literal(scalar_kind(type_), value)


def _bits(type_: Type) -> int:
    return type_.bits if isinstance(type_, ScalarType | VectorType) else 32


def _int_min(type_: Type) -> int:
    """The most negative value of a signed integer type's width (INT_MIN at 32 bits)."""
    return INT_MIN if _bits(type_) == 32 else -(1 << (_bits(type_) - 1))


def _division(p: Params) -> WrapperBody:
    a, b = p
    result = binary(BinaryOp.DIV, a, b)
    divisor: Expression
    if scalar_kind(b.type) is ScalarKind.UINT:
        unsafe = any_of(compare(BinaryOp.EQ, b, _lit(b.type, 0)))
        divisor = builtin("max", b, _lit(b.type, 1))
    else:
        unsafe = logical_or(
            any_of(compare(BinaryOp.EQ, b, _lit(b.type, 0))),
            logical_and(
                any_of(compare(BinaryOp.EQ, a, _lit(a.type, _int_min(a.type)))),
                any_of(compare(BinaryOp.EQ, b, _lit(b.type, -1))),
            ),
        )
        # b >> 1 == b exactly for 0 and -1: those become 2, per component.
        halved = binary(BinaryOp.SHR, b, int_lit(1))
        divisor = select(compare(BinaryOp.EQ, halved, b), splat(b.type, 2), b)
    safe = binary(BinaryOp.DIV, a, divisor)
    return WrapperBody(result.type, unsafe, safe, result)


def non_negative(x: Expression) -> Expression:
    """|x| for an int expression, with INT_MIN (whose abs has no int value) as INT_MAX
    (at the expression's width)."""
    low = _int_min(x.type)
    is_min = compare(BinaryOp.EQ, x, _lit(x.type, low))
    if _bits(x.type) == 32:
        return builtin("abs", select(is_min, splat(x.type, INT_MAX), x))
    high = _lit(x.type, -low - 1)
    assert isinstance(x.type, ScalarType | VectorType)
    most = high if isinstance(x.type, ScalarType) else Construct(x.type, (high,))
    return builtin("abs", select(is_min, most, x))


def _modulo(p: Params) -> WrapperBody:
    a, b = p
    result = binary(BinaryOp.MOD, a, b)
    if scalar_kind(b.type) is ScalarKind.UINT:
        unsafe = any_of(compare(BinaryOp.EQ, b, _lit(b.type, 0)))
        safe = binary(BinaryOp.MOD, a, builtin("max", b, _lit(b.type, 1)))
    else:
        unsafe = logical_or(
            any_of(compare(BinaryOp.LT, a, _lit(a.type, 0))),
            any_of(compare(BinaryOp.LE, b, _lit(b.type, 0))),
        )
        one = _lit(b.type, 1)
        safe = binary(BinaryOp.MOD, non_negative(a), builtin("max", non_negative(b), one))
    return WrapperBody(result.type, unsafe, safe, result)


def _shift(op: BinaryOp) -> WrapperKind:
    def build(p: Params) -> WrapperBody:
        a, b = p
        result = binary(op, a, b)
        # The amount may be of another width than the shifted value, whose width bounds it.
        width = _bits(a.type)
        too_far = any_of(compare(BinaryOp.GE, b, _lit(b.type, width)))
        if scalar_kind(b.type) is ScalarKind.UINT:
            unsafe = too_far
        else:
            unsafe = logical_or(any_of(compare(BinaryOp.LT, b, _lit(b.type, 0))), too_far)
        amount = binary(BinaryOp.BIT_AND, b, _lit(b.type, width - 1))
        return WrapperBody(result.type, unsafe, binary(op, a, amount), result)

    return WrapperKind(op.name, build, lambda args: binary(op, args[0], args[1]))


def _clamp(p: Params) -> WrapperBody:
    x, low, high = p
    unsafe = any_of(compare(BinaryOp.GT, low, high))
    safe = builtin("clamp", x, builtin("min", low, high), builtin("max", low, high))
    plain = builtin("clamp", x, low, high)
    return WrapperBody(plain.type, unsafe, safe, plain)


def _bitfield_unsafe(offset: Expression, bits: Expression) -> Expression:
    return logical_or(
        compare(BinaryOp.LT, offset, int_lit(0)),
        compare(BinaryOp.LT, bits, int_lit(0)),
        compare(BinaryOp.GT, offset, int_lit(32)),
        compare(BinaryOp.GT, bits, binary(BinaryOp.SUB, int_lit(32), offset)),
    )


def _bitfield_safe(offset: Expression, bits: Expression) -> tuple[Expression, Expression]:
    """An offset in [0, 31] and a bit count that fits after it."""
    safe_offset = binary(BinaryOp.BIT_AND, offset, int_lit(31))
    room = binary(BinaryOp.SUB, int_lit(32), safe_offset)
    safe_bits = builtin("min", binary(BinaryOp.BIT_AND, bits, int_lit(31)), room)
    return safe_offset, safe_bits


def _bitfield_extract(p: Params) -> WrapperBody:
    value, offset, bits = p
    safe_offset, safe_bits = _bitfield_safe(offset, bits)
    plain = builtin("bitfieldExtract", value, offset, bits)
    return WrapperBody(
        plain.type,
        _bitfield_unsafe(offset, bits),
        builtin("bitfieldExtract", value, safe_offset, safe_bits),
        plain,
    )


def _bitfield_insert(p: Params) -> WrapperBody:
    base, insert, offset, bits = p
    safe_offset, safe_bits = _bitfield_safe(offset, bits)
    plain = builtin("bitfieldInsert", base, insert, offset, bits)
    return WrapperBody(
        plain.type,
        _bitfield_unsafe(offset, bits),
        builtin("bitfieldInsert", base, insert, safe_offset, safe_bits),
        plain,
    )


def _index(p: Params) -> WrapperBody:
    """An index into [0, n): |i| % n, which spreads values over every element (seed 003,
    section 4.2) rather than piling them on the ends as clamping would."""
    i, n = p
    if scalar_kind(i.type) is ScalarKind.UINT:
        unsafe = compare(BinaryOp.GE, i, n)
        return WrapperBody(i.type, unsafe, binary(BinaryOp.MOD, i, n), i)
    unsafe = logical_or(compare(BinaryOp.LT, i, int_lit(0)), compare(BinaryOp.GE, i, n))
    magnitude = Ternary(
        INT, compare(BinaryOp.EQ, i, int_lit(INT_MIN)), int_lit(0), builtin("abs", i)
    )
    return WrapperBody(i.type, unsafe, binary(BinaryOp.MOD, magnitude, n), i)


def _abs(p: Params) -> WrapperBody:
    (x,) = p
    # The type's own minimum: int16_t's -32768 has no abs either.
    unsafe = any_of(compare(BinaryOp.EQ, x, _lit(x.type, _int_min(x.type))))
    plain = builtin("abs", x)
    return WrapperBody(plain.type, unsafe, non_negative(x), plain)


DIV = WrapperKind("DIV", _division, lambda args: binary(BinaryOp.DIV, args[0], args[1]))
MOD = WrapperKind("MOD", _modulo, lambda args: binary(BinaryOp.MOD, args[0], args[1]))
SHL = _shift(BinaryOp.SHL)
SHR = _shift(BinaryOp.SHR)
CLAMP = WrapperKind("CLAMP", _clamp, lambda args: builtin("clamp", *args))
BITFIELD_EXTRACT = WrapperKind(
    "BITFIELD_EXTRACT", _bitfield_extract, lambda args: builtin("bitfieldExtract", *args)
)
BITFIELD_INSERT = WrapperKind(
    "BITFIELD_INSERT", _bitfield_insert, lambda args: builtin("bitfieldInsert", *args)
)
INDEX = WrapperKind("INDEX", _index, lambda args: args[0])
ABS = WrapperKind("ABS", _abs, lambda args: builtin("abs", *args))

BINARY_KINDS: dict[BinaryOp, WrapperKind] = {
    BinaryOp.DIV: DIV,
    BinaryOp.MOD: MOD,
    BinaryOp.SHL: SHL,
    BinaryOp.SHR: SHR,
}
ASSIGN_KINDS: dict[AssignOp, WrapperKind] = {
    AssignOp.DIV: assigning(DIV, AssignOp.DIV),
    AssignOp.MOD: assigning(MOD, AssignOp.MOD),
    AssignOp.SHL: assigning(SHL, AssignOp.SHL),
    AssignOp.SHR: assigning(SHR, AssignOp.SHR),
}
INTEGER_KINDS: tuple[WrapperKind, ...] = (
    DIV,
    MOD,
    SHL,
    SHR,
    CLAMP,
    BITFIELD_EXTRACT,
    BITFIELD_INSERT,
    INDEX,
    ABS,
    *ASSIGN_KINDS.values(),
)
