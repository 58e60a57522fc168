"""Exact 32-bit integer and float32 arithmetic on Python numbers.

Python ints are unbounded and Python floats are doubles, so every GLSL result is brought
back to its 32-bit type here. Computing a float32 +, - or * in double and rounding once to
float32 gives the correctly rounded float32 result (double has more than 2 * 24 + 2
significant bits, so the double rounding is innocuous).
"""

from __future__ import annotations

import math
import struct

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
UINT_MAX = 2**32 - 1
MASK32 = 0xFFFFFFFF
SIGN_BIT = 0x80000000

_FLOAT32 = struct.Struct("<f")
_FLOAT16 = struct.Struct("<e")
_INT32 = struct.Struct("<i")
_UINT32 = struct.Struct("<I")


def wrap_int(value: int) -> int:
    """Two's-complement wrap-around into [-2^31, 2^31)."""
    return ((value + SIGN_BIT) & MASK32) - SIGN_BIT


def wrap_signed(value: int, bits: int) -> int:
    """Two's-complement wrap-around into [-2^(bits-1), 2^(bits-1)): int64_t's at 64."""
    half = 1 << (bits - 1)
    return ((value + half) & ((1 << bits) - 1)) - half


def wrap_unsigned(value: int, bits: int) -> int:
    """Wrap-around into [0, 2^bits): uint64_t's at 64."""
    return value & ((1 << bits) - 1)


def integer_range(signed: bool, bits: int) -> tuple[int, int]:
    """The lowest and highest value of a `bits`-wide int (signed) or uint."""
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def trunc_div(a: int, b: int) -> int:
    """Integer division rounding toward zero (Python's // rounds toward minus infinity)."""
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def trunc_rem(a: int, b: int) -> int:
    """The remainder that goes with `trunc_div` (sign of the dividend, as C)."""
    return a - b * trunc_div(a, b)


def to_float32(value: float) -> float:
    """Round a double to the nearest float32 (ties to even); overflow gives an infinity."""
    try:
        result: float = _FLOAT32.unpack(_FLOAT32.pack(value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)
    return result


def to_float16(value: float) -> float:
    """Round a double to the nearest binary16 (ties to even, as struct's `e` format and
    numpy.float16 both do); overflow gives an infinity. A binary16 +, - or * computed in
    double is exact (11-bit significands) and rounded once here."""
    try:
        result: float = _FLOAT16.unpack(_FLOAT16.pack(float(value)))[0]
    except (OverflowError, struct.error):
        return math.copysign(math.inf, value)
    return result


def float_bits(value: float) -> int:
    """The IEEE-754 binary32 bit pattern of a float32 value, as a uint."""
    result: int = _UINT32.unpack(_FLOAT32.pack(value))[0]
    return result


def bits_to_float32(pattern: int) -> float:
    """The float32 value of an IEEE-754 binary32 bit pattern (a uint)."""
    result: float = _FLOAT32.unpack(_UINT32.pack(pattern))[0]
    return result


def int_to_float32(value: int) -> float:
    """float(i) for an integer of any width, rounded once to nearest even: a 32-bit one
    is exact in double (|i| < 2^53) and rounded from there; a wider one is cut to 24
    significant bits here first (rounding to double, then to float32, could round twice)."""
    magnitude = abs(value)
    if magnitude <= 1 << 53:
        return to_float32(float(value))
    shift = magnitude.bit_length() - 24
    quotient, remainder = divmod(magnitude, 1 << shift)
    half = 1 << (shift - 1)
    if remainder > half or (remainder == half and quotient & 1):
        quotient += 1
    return to_float32(math.copysign(float(quotient << shift), value))


def float_to_int_truncating(value: float, low: int, high: int) -> int:
    """int(f) / uint(f) for a value the sanitizer did not check: truncate toward zero and
    saturate into [low, high]; NaN gives 0. Any answer is right for undefined input; this
    one never raises."""
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return high if value > 0 else low
    return max(low, min(high, math.trunc(value)))


def bit_reverse32(value: int) -> int:
    """Reverse the 32 bits of a uint pattern."""
    return int(f"{value & MASK32:032b}"[::-1], 2)


def find_lsb(pattern: int) -> int:
    """Index of the least significant set bit of a 32-bit pattern, -1 for zero."""
    pattern &= MASK32
    if pattern == 0:
        return -1
    return (pattern & -pattern).bit_length() - 1


def find_msb_uint(value: int) -> int:
    return value.bit_length() - 1


def find_msb_int(value: int) -> int:
    """GLSL findMSB on int: the most significant bit that differs from the sign bit, so -1
    for both 0 and -1."""
    if value < 0:
        value = ~value
    return value.bit_length() - 1


def bit_count32(value: int) -> int:
    return (value & MASK32).bit_count()


def int_from_float_bits(value: float) -> int:
    result: int = _INT32.unpack(_FLOAT32.pack(value))[0]
    return result
