"""Where WGSL defines what GLSL leaves undefined: the interpreter's WGSL mode.

A program reconditioned for WGSL (ReconditionOptions(language=Language.WGSL)) keeps the
operations below as written; run with `language=Language.WGSL`, the interpreter computes
WGSL's answer for them instead of reporting undefined behaviour. Section names are those
of the WGSL specification (W3C Candidate Recommendation, gpuweb/gpuweb wgsl/index.bs).

- Integer division and remainder ("Arithmetic Expressions", `e1 / e2` and `e1 % e2`):
  by zero, `e1 / 0` is e1 and `e1 % 0` is 0; INT_MIN / -1 is INT_MIN and INT_MIN % -1 is
  0; otherwise both truncate, so a non-zero remainder has the sign of e1 (GLSL leaves `%`
  with a negative operand undefined).
- Shifts ("Bit Expressions", concrete `e1 << e2`, `e1 >> e2`): "the number of bits to
  shift is the value of e2, modulo the bit width of e1". WGSL's amount is a u32, so the
  emitter converts an int amount with u32(), which keeps its bits: the amount is
  `e2 & 31` either way. `>>` of an i32 is arithmetic.
- `clamp(e, low, high)` ("Numeric Built-in Functions"): for integers, min(max(e, low),
  high) whatever the order of the bounds. (For floats WGSL allows min-max or the median,
  which differ when low > high: still reported, and the reconditioner wraps it.)
- `extractBits(e, offset, count)` and `insertBits(e, newbits, offset, count)` ("Bit
  Reinterpretation" / "Numeric Built-in Functions"): offset and count are u32 (an int
  converts with its bits), `o = min(offset, 32)`, `c = min(count, 32 - o)`; c = 0 gives 0
  (extract) or e (insert); a signed extract sign-extends bit c-1.
- `abs(INT_MIN)` is INT_MIN ("Numeric Built-in Functions", abs: "if e is the most
  negative value, the result is e").
- A float converted to an integer type outside its range ("Floating Point Conversion"):
  the value of the type nearest to it, so u32(-5.0) is 0u (saturation). Values the
  reconditioner keeps (exact integers below 2^24) need no rounding.
- Evaluation order ("Evaluation order" in "Expressions"): left to right, so unordered
  operand accesses are not reported; `select(f, t, c)` (the emitter's spelling of
  `c ? t : f`) evaluates f, t and c, in that order, and the interpreter does the same.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from shadersmith.interp.arithmetic import INT_MIN, MASK32, SIGN_BIT
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.profile import Language
from shadersmith.ir.types import ScalarKind

Kernel = Callable[[Any, Any], Any]

__all__ = [
    "GlslUndefined",
    "Language",
    "integer_kernel",
    "noting_glsl_undefined",
    "wgsl_extract_bits",
    "wgsl_insert_bits",
]


class GlslUndefined(enum.Enum):
    """An operation a WGSL run evaluated whose GLSL spelling has an undefined result.

    Noted so that a translator known to pass the operation through to GLSL unchanged
    (oracle/known_bugs.py) takes the blame for what its GLSL then computes."""

    INT_DIVIDE_BY_ZERO = "int / 0"
    INT_DIVIDE_OVERFLOW = "INT_MIN / -1"
    INT_REMAINDER_BY_ZERO = "int % 0"
    INT_REMAINDER_OVERFLOW = "INT_MIN % -1"
    INT_REMAINDER_NEGATIVE = "int % with a negative operand"
    UINT_DIVIDE_BY_ZERO = "uint / 0"
    UINT_REMAINDER_BY_ZERO = "uint % 0"
    SHIFT_OUT_OF_RANGE = "shift by an amount outside 0..31"
    FLOAT_TO_INTEGER_OUT_OF_RANGE = "float to integer outside the type's range"


# The set the current run notes into; None outside `noting_glsl_undefined` (GLSL runs,
# and WGSL runs nobody asked about), where noting costs one look-up.
_noted: ContextVar[set[str] | None] = ContextVar("glsl_undefined_noted", default=None)


@contextmanager
def noting_glsl_undefined() -> Iterator[set[str]]:
    """Collect the GlslUndefined values (their `.value`) that WGSL kernels meet inside."""
    noted: set[str] = set()
    token = _noted.set(noted)
    try:
        yield noted
    finally:
        _noted.reset(token)


def note(operation: GlslUndefined) -> None:
    noted = _noted.get()
    if noted is not None:
        noted.add(operation.value)


def _signed(value: int) -> int:
    return ((value + SIGN_BIT) & MASK32) - SIGN_BIT


def _truncated_quotient(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def _int_divide(a: int, b: int) -> int:
    if b == 0:
        note(GlslUndefined.INT_DIVIDE_BY_ZERO)
        return a
    if a == INT_MIN and b == -1:
        note(GlslUndefined.INT_DIVIDE_OVERFLOW)
        return INT_MIN
    return _truncated_quotient(a, b)


def _int_remainder(a: int, b: int) -> int:
    if b == 0:
        note(GlslUndefined.INT_REMAINDER_BY_ZERO)
        return 0
    if a == INT_MIN and b == -1:
        note(GlslUndefined.INT_REMAINDER_OVERFLOW)
        return 0
    if a < 0 or b < 0:
        note(GlslUndefined.INT_REMAINDER_NEGATIVE)
    return a - _truncated_quotient(a, b) * b


def _uint_divide(a: int, b: int) -> int:
    if b == 0:
        note(GlslUndefined.UINT_DIVIDE_BY_ZERO)
        return a
    return a // b


def _uint_remainder(a: int, b: int) -> int:
    if b == 0:
        note(GlslUndefined.UINT_REMAINDER_BY_ZERO)
        return 0
    return a % b


def _shift_amount(s: int) -> int:
    """WGSL's amount, e2 mod 32; GLSL leaves an amount outside 0..31 undefined."""
    if not 0 <= s <= 31:
        note(GlslUndefined.SHIFT_OUT_OF_RANGE)
    return s & 31


def integer_kernel(op: BinaryOp, kind: ScalarKind) -> Kernel | None:
    """WGSL's kernel for the integer `/ % << >>` on scalars of `kind` (the shifted value's
    kind for shifts), or None where WGSL and GLSL compute alike."""
    if kind is ScalarKind.INT:
        if op is BinaryOp.DIV:
            return _int_divide
        if op is BinaryOp.MOD:
            return _int_remainder
        if op is BinaryOp.SHL:
            return lambda a, s: _signed(a << _shift_amount(s))
        if op is BinaryOp.SHR:
            return lambda a, s: a >> _shift_amount(s)
    if kind is ScalarKind.UINT:
        if op is BinaryOp.DIV:
            return _uint_divide
        if op is BinaryOp.MOD:
            return _uint_remainder
        if op is BinaryOp.SHL:
            return lambda a, s: (a << _shift_amount(s)) & MASK32
        if op is BinaryOp.SHR:
            return lambda a, s: a >> _shift_amount(s)
    return None


def _field(offset: int, count: int) -> tuple[int, int]:
    """WGSL's clamped offset and count, from GLSL int arguments reinterpreted as u32."""
    o = min(offset & MASK32, 32)
    return o, min(count & MASK32, 32 - o)


def wgsl_extract_bits(value: int, offset: int, count: int, signed: bool) -> int:
    o, c = _field(offset, count)
    if c == 0:
        return 0
    field = ((value & MASK32) >> o) & ((1 << c) - 1)
    if signed and field >> (c - 1):
        field -= 1 << c
    return field


def wgsl_insert_bits(base: int, inserted: int, offset: int, count: int, signed: bool) -> int:
    o, c = _field(offset, count)
    if c == 0:
        return base
    mask = ((1 << c) - 1) << o
    result = (base & MASK32 & ~mask) | ((inserted << o) & mask)
    return _signed(result) if signed else result & MASK32


def saturate(value: int, low: int, high: int) -> int:
    """A float's truncated value converted to an integer type of range low..high."""
    if not low <= value <= high:
        note(GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE)
    return max(low, min(high, value))
