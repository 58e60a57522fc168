"""The exact built-in functions (shadersmith.analysis.builtins) on lane values.

Each one matches interp/builtins.py without its sanitizer, component by component; the
bit-twiddling ones compute in int64/uint64 so that shifts by 32 and sign extension need
no special cases.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from shadersmith.analysis.calls import builtin_out_params
from shadersmith.analysis.opt_in_builtins import PACKINGS
from shadersmith.interp.builtins import ANY_WIDTH
from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.values import Lanes
from shadersmith.ir.types import MatrixType, ScalarKind, ScalarType, Type, VectorType

Function = Callable[..., Any]


@dataclass(slots=True)
class LaneBuiltin:
    """`function` takes the `in` argument values in order; with out parameters it returns
    (result, *out values) in argument order, else the result (None for void)."""

    function: Function
    out_positions: tuple[int, ...]


def _not_32_bits(type_: Type) -> bool:
    return isinstance(type_, ScalarType | VectorType) and type_.bits != 32


def _kind(type_: Type) -> ScalarKind:
    assert isinstance(type_, ScalarType | VectorType)
    return type_.kind


def _u64(value: Lanes) -> Lanes:
    """The 32-bit pattern of an int or uint value, widened to uint64."""
    return value.view(np.uint32).astype(np.uint64)


def _back(value: Lanes, kind: ScalarKind) -> Lanes:
    """An int64/uint64 result holding a 32-bit pattern, as int32 or uint32."""
    pattern = value.astype(np.uint32)
    return pattern.view(np.int32) if kind is ScalarKind.INT else pattern


# ---------------------------------------------------------------- common


def _abs(x: Lanes) -> Lanes:
    return np.abs(x)  # abs(INT_MIN) wraps to INT_MIN, as GLSL's -x


def _sign(x: Lanes) -> Lanes:
    one = x.dtype.type(1)
    # Not np.sign: the scalar interpreter keeps -0.0 and NaN as they are.
    return np.where(x > 0, one, np.where(x < 0, -one, x))


def _min(x: Lanes, y: Lanes) -> Lanes:
    return np.where(y < x, y, x)  # GLSL: y < x ? y : x


def _max(x: Lanes, y: Lanes) -> Lanes:
    return np.where(x < y, y, x)  # GLSL: x < y ? y : x


def _clamp(x: Lanes, low: Lanes, high: Lanes) -> Lanes:
    # Python's min(max(x, low), high), which the scalar interpreter uses.
    raised = np.where(low > x, low, x)
    return np.where(high < raised, high, raised)


def _mix(x: Lanes, y: Lanes, a: Lanes) -> Lanes:
    return np.where(a, y, x)


def _rounding(numpy_round: Callable[[Lanes], Lanes]) -> Function:
    def kernel(x: Lanes) -> Lanes:
        rounded = numpy_round(x)
        # The scalar interpreter returns an integer (and -0.0) unchanged, and rounds any
        # other value through a Python int, which has no negative zero.
        return np.where(x == rounded, x, rounded + np.float32(0.0))

    return kernel


# ---------------------------------------------------------------- bits


def _bitfield_extract(kind: ScalarKind) -> Function:
    signed = kind is ScalarKind.INT

    def extract(value: Lanes, offset: Lanes, bits: Lanes) -> Lanes:
        o64, b64 = offset.astype(np.int64), bits.astype(np.int64)
        # As the scalar interpreter clamps an undefined offset and width.
        start = np.maximum(o64, 0) & 31
        width = np.maximum(0, np.minimum(b64, 32 - (o64 & 31)))
        field = (_u64(value) >> start.astype(np.uint64)) & (
            (np.uint64(1) << width.astype(np.uint64)) - np.uint64(1)
        )
        field = field.astype(np.int64)
        if signed:
            top = (field >> np.maximum(width - 1, 0)) & 1
            field = np.where((width > 0) & (top == 1), field - (np.int64(1) << width), field)
        return _back(field, kind)

    return extract


def _bitfield_insert(kind: ScalarKind) -> Function:
    def insert(base: Lanes, inserted: Lanes, offset: Lanes, bits: Lanes) -> Lanes:
        o64, b64 = offset.astype(np.int64), bits.astype(np.int64)
        start = (np.maximum(o64, 0) & 31).astype(np.uint64)
        width = np.maximum(0, np.minimum(b64, 32 - (o64 & 31))).astype(np.uint64)
        mask = ((np.uint64(1) << width) - np.uint64(1)) << start
        result = (_u64(base) & ~mask) | ((_u64(inserted) << start) & mask)
        return _back(result & np.uint64(0xFFFFFFFF), kind)

    return insert


def _bitfield_reverse(kind: ScalarKind) -> Function:
    def reverse(value: Lanes) -> Lanes:
        v = value.view(np.uint32).astype(np.uint32)
        for shift, mask in (
            (1, 0x55555555),
            (2, 0x33333333),
            (4, 0x0F0F0F0F),
            (8, 0x00FF00FF),
        ):
            m = np.uint32(mask)
            v = ((v >> np.uint32(shift)) & m) | ((v & m) << np.uint32(shift))
        v = (v >> np.uint32(16)) | (v << np.uint32(16))
        return v.view(np.int32) if kind is ScalarKind.INT else v

    return reverse


def _bit_count(value: Lanes) -> Lanes:
    return np.bitwise_count(value.view(np.uint32)).astype(np.int32)


def _find_lsb(value: Lanes) -> Lanes:
    v = value.view(np.uint32)
    lowest = v & (~v + np.uint32(1))
    index = np.bitwise_count(lowest - np.uint32(1)).astype(np.int32)
    return np.where(v == 0, np.int32(-1), index)


def _find_msb(kind: ScalarKind) -> Function:
    def find(value: Lanes) -> Lanes:
        v = value.astype(np.int64)
        if kind is ScalarKind.INT:
            v = np.where(v < 0, ~v, v)
        # frexp gives v = m * 2^e with m in [0.5, 1): e is the bit length (0 for 0).
        _, exponent = np.frexp(v.astype(np.float64))
        return (exponent - 1).astype(np.int32)

    return find


def _frexp(x: Lanes) -> tuple[Lanes, Lanes]:
    """frexp's mantissa and its out exponent (exact: numpy splits the float's own bits)."""
    mantissa, exponent = np.frexp(x)
    return mantissa.astype(np.float32), exponent.astype(np.int32)


def _uadd_carry(x: Lanes, y: Lanes) -> tuple[Lanes, Lanes]:
    total = x.astype(np.uint64) + y.astype(np.uint64)
    return total.astype(np.uint32), (total >> np.uint64(32)).astype(np.uint32)


def _usub_borrow(x: Lanes, y: Lanes) -> tuple[Lanes, Lanes]:
    return x - y, (x < y).astype(np.uint32)


def _mul_extended(kind: ScalarKind) -> Function:
    def multiply(x: Lanes, y: Lanes) -> tuple[None, Lanes, Lanes]:
        if kind is ScalarKind.INT:
            product = x.astype(np.int64) * y.astype(np.int64)
            return None, (product >> 32).astype(np.int32), product.astype(np.int32)
        wide = x.astype(np.uint64) * y.astype(np.uint64)
        return None, (wide >> np.uint64(32)).astype(np.uint32), wide.astype(np.uint32)

    return multiply


# ---------------------------------------------------------------- vectors and floats


def _dot(x: Lanes, y: Lanes) -> Lanes:
    # Exact in double (factors in S, so products below 2^48), rounded once.
    product = x.astype(np.float64) * y.astype(np.float64)
    total = product if product.ndim == 1 else product.sum(axis=0)
    return total.astype(np.float32)


def _cross(x: Lanes, y: Lanes) -> Lanes:
    a, b = x.astype(np.float64), y.astype(np.float64)
    rows = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    count = max(r.shape[-1] for r in rows)
    return np.stack([np.broadcast_to(r, (count,)) for r in rows]).astype(np.float32)


def _float_bits(kind: ScalarKind) -> Function:
    dtype = np.int32 if kind is ScalarKind.INT else np.uint32
    return lambda x: x.view(dtype)


def _bits_to_float(x: Lanes) -> Lanes:
    return x.view(np.float32)


def _distance(x: Lanes, y: Lanes) -> Lanes:
    difference = (x - y).astype(np.float64)
    squared = difference * difference
    total = squared if squared.ndim == 1 else squared.sum(axis=0)
    return np.sqrt(total).astype(np.float32)


# ---------------------------------------------------------------- matrices


def _matrix_functions(name: str, args: tuple[Type, ...]) -> Function | None:
    """The matrix built-ins (interp/builtins.py): slots are columns, row by row."""
    if name == "matrixCompMult":
        return lambda a, b: a * b
    if name == "outerProduct":

        def outer(u: Lanes, v: Lanes) -> Lanes:
            width = max(u.shape[-1], v.shape[-1])
            columns = [np.broadcast_to(u * v[j], (u.shape[0], width)) for j in range(len(v))]
            return np.concatenate(columns)

        return outer
    if not args or not isinstance(args[0], MatrixType):
        return None
    m = args[0]
    if name == "transpose":
        order = [i * m.rows + j for j in range(m.rows) for i in range(m.columns)]
        return lambda a: a[order]
    if name == "determinant" and m.bits != 32:
        raise InterpreterError(f"lane mode: determinant of a {m} is not interpreted")
    if name == "determinant" and m.columns == m.rows:
        n = m.rows
        terms = []
        for perm in itertools.permutations(range(n)):
            inversions = sum(1 for i in range(n) for j in range(i + 1, n) if perm[i] > perm[j])
            terms.append(([c * n + perm[c] for c in range(n)], -1.0 if inversions % 2 else 1.0))

        def determinant(a: Lanes) -> Lanes:
            # Exact in double while the terms stay below 2^53, as the sanitizer demands.
            wide = a.astype(np.float64)
            total = sum(sign * np.prod(wide[slots], axis=0) for slots, sign in terms)
            return np.asarray(total).astype(np.float32)

        return determinant
    return None


_RELATIONS: dict[str, Function] = {
    "lessThan": np.less,
    "lessThanEqual": np.less_equal,
    "greaterThan": np.greater,
    "greaterThanEqual": np.greater_equal,
    "equal": np.equal,
    "notEqual": np.not_equal,
}


def _vectorised(name: str, args: tuple[Type, ...]) -> Function | None:
    kind = _kind(args[0]) if args and isinstance(args[0], ScalarType | VectorType) else None
    simple: dict[str, Function] = {
        "abs": _abs,
        "sign": _sign,
        "min": _min,
        "max": _max,
        "clamp": _clamp,
        "mix": _mix,
        "bitCount": _bit_count,
        "findLSB": _find_lsb,
        "uaddCarry": _uadd_carry,
        "usubBorrow": _usub_borrow,
        "any": lambda v: np.any(v, axis=0),
        "all": lambda v: np.all(v, axis=0),
        "not": np.logical_not,
        "dot": _dot,
        "cross": _cross,
        "distance": _distance,
        "intBitsToFloat": _bits_to_float,
        "uintBitsToFloat": _bits_to_float,
        "floor": _rounding(np.floor),
        "ceil": _rounding(np.ceil),
        "trunc": _rounding(np.trunc),
        "round": _rounding(np.rint),  # ties to even, as the scalar interpreter's round
        "roundEven": _rounding(np.rint),
        "isnan": np.isnan,
        "isinf": np.isinf,
        # Exact on the reconditioned operands (an integer of S and an exponent in [0, 8],
        # or frexp's mantissa and 24).
        "ldexp": lambda x, e: np.ldexp(x, e.astype(np.int32)).astype(np.float32),
        "frexp": _frexp,
        **_RELATIONS,
    }
    if name in simple:
        return simple[name]
    if name in PACKINGS:
        return _packing(name)
    if name == "packHalf2x16":
        return _half_packing
    if name == "unpackHalf2x16":
        return _half_unpacking
    matrix = _matrix_functions(name, args)
    if matrix is not None:
        return matrix
    if kind is None:
        return None
    by_kind: dict[str, Callable[[ScalarKind], Function]] = {
        "bitfieldExtract": _bitfield_extract,
        "bitfieldInsert": _bitfield_insert,
        "bitfieldReverse": _bitfield_reverse,
        "findMSB": _find_msb,
        "umulExtended": _mul_extended,
        "imulExtended": _mul_extended,
    }
    if name in by_kind:
        return by_kind[name](kind)
    if name == "floatBitsToInt":
        return _float_bits(ScalarKind.INT)
    if name == "floatBitsToUint":
        return _float_bits(ScalarKind.UINT)
    return None


def _half_packing(vector: Lanes) -> Lanes:
    """packHalf2x16 on (2, lanes) integers up to 2048 in magnitude, exact in binary16
    (the scalar interpreter's sanitizer checks the range; the reconditioner keeps it)."""
    bits = vector.astype(np.float16).view(np.uint16).astype(np.uint32)
    words: Lanes = (bits[0] | (bits[1] << np.uint32(16))).astype(np.uint32)
    return words


def _half_unpacking(words: Lanes) -> Lanes:
    """unpackHalf2x16 on lanes of uints: (2, lanes) floats, the low halves first (exact:
    the reconditioner leaves only integers there; the scalar sanitizer checks it)."""
    halves = np.stack([words & np.uint32(0xFFFF), words >> np.uint32(16)])
    floats: Lanes = halves.astype(np.uint16).view(np.float16).astype(np.float32)
    return floats


def _packing(name: str) -> Function:
    """A normalized packing function on (components, lanes) floats of S: each component
    is 0 or the code's maximum (Unorm), or minus it (Snorm), never a rounding tie."""
    bits, top = PACKINGS[name]
    low = -1.0 if name.startswith("packS") else 0.0

    def pack(vector: Lanes) -> Lanes:
        codes = np.rint(np.clip(vector.astype(np.float64), low, 1.0) * top).astype(np.int64)
        words = np.zeros(vector.shape[1:], dtype=np.uint64)
        for index, code in enumerate(codes):
            pattern = code.astype(np.uint64) & np.uint64((1 << bits) - 1)
            words |= pattern << np.uint64(bits * index)
        return words.astype(np.uint32)

    return pack


def lane_builtin(name: str, arg_types: tuple[Type, ...], result: Type) -> LaneBuiltin:
    outs = builtin_out_params(name)
    in_types = tuple(t for i, t in enumerate(arg_types) if i not in outs)
    if name not in ANY_WIDTH and any(_not_32_bits(t) for t in (*arg_types, result)):
        # As the scalar interpreter (interp/builtins.py): the other kernels compute at 32
        # bits.
        raise InterpreterError(f"{name}() on integers other than 32-bit is not interpreted")
    function = _vectorised(name, in_types)
    if function is None:
        types = ", ".join(str(t) for t in arg_types)
        raise InterpreterError(f"built-in {name}({types}) is not supported in lane mode")
    return LaneBuiltin(function, outs)
