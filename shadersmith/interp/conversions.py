"""Constructors: scalar conversions (`int(u)`, `float(i)`, `bool(x)` ...), vector, matrix,
array and struct constructors, on flat interpreter values."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.interp.arithmetic import (
    MASK32,
    float_to_int_truncating,
    int_to_float32,
    integer_range,
    to_float16,
    to_float32,
    wrap_int,
    wrap_signed,
    wrap_unsigned,
)
from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.exactness import (
    HALF_MAX,
    InexactFloat,
    describe_outside,
    rounded,
    rounded16,
)
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.interval_operators import constant
from shadersmith.interp.interval_operators import scalar_converter as interval_scalar_converter
from shadersmith.interp.semantics import GlslUndefined, note, saturate
from shadersmith.interp.sites import Site
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)

Converter = Callable[[Any], Any]
# source, target, sanitize, site, wgsl, source bits, target bits
ConverterFactory = Callable[[ScalarKind, ScalarKind, bool, Site, bool, int, int], Converter]
Builder = Callable[[Sequence[Any]], Any]


def _identity(value: Any) -> Any:
    return value


def scalar_converter(
    source: ScalarKind,
    target: ScalarKind,
    sanitize: bool,
    site: Site,
    wgsl: bool = False,
    source_bits: int = 32,
    target_bits: int = 32,
) -> Converter:
    """The GLSL conversion of one scalar from `source` to `target` kind (`wgsl`: WGSL's,
    which differs only for a float out of an integer type's range); `*_bits` the integer
    widths (64: int64_t, uint64_t). Between integers the value wraps to the target's
    width, as SPIR-V's SConvert/UConvert and a bitcast do: int64_t(-1) is -1,
    uint64_t(-1) is 2^64 - 1, int(int64_t(2^32 + 5)) is 5."""
    if source is target and source_bits == target_bits:
        return _identity
    if target is ScalarKind.FLOAT and target_bits == 16:
        return _to_half(source, sanitize, site)
    if source is ScalarKind.FLOAT and target is ScalarKind.FLOAT:
        # double(f) is exact; float(d) rounds (the sanitizer's rounded() brackets it);
        # float(h) and double(h) are exact.
        if target_bits == 64 or source_bits == 16:
            return float
        return rounded if sanitize else to_float32
    if target is ScalarKind.FLOAT and target_bits == 64:
        return _to_double(source, sanitize, site)
    if source is ScalarKind.FLOAT:
        return _from_float(target, sanitize, site, wgsl, target_bits)
    if target is ScalarKind.BOOL:
        return lambda x: x != 0
    if target.is_integer and target_bits != 32:
        if source is ScalarKind.BOOL:
            return int
        if target is ScalarKind.INT:
            return lambda x: wrap_signed(x, target_bits)
        return lambda x: wrap_unsigned(x, target_bits)
    if target is ScalarKind.INT:
        return int if source is ScalarKind.BOOL else wrap_int
    if target is ScalarKind.UINT:
        return int if source is ScalarKind.BOOL else lambda x: x & MASK32
    # target is FLOAT
    if source is ScalarKind.BOOL:
        return lambda x: 1.0 if x else 0.0
    # float(i) may round (|i| > 2^24); the result then is an interval, like a rounded sum.
    return (lambda x: rounded(float(x))) if sanitize else int_to_float32


def _to_half(source: ScalarKind, sanitize: bool, site: Site) -> Converter:
    """float16_t(x) of a bool, an integer of any width or a wider float: rounded to
    binary16; the sanitizer's rounded16() brackets a result binary16 does not hold (the
    reconditioner's MAKE_IN_RANGE at the half's width reads it only to replace it) and
    refuses one past 65504, which overflows (the reconditioner clamps the operand)."""
    if source is ScalarKind.BOOL:
        return lambda x: 1.0 if x else 0.0
    if not sanitize:
        return lambda x: to_float16(float(x))

    def to_half(x: float) -> float:
        if isinstance(x, InexactFloat) or abs(x) > HALF_MAX:
            raise site.ub(
                UBCategory.FLOAT_ROUNDOFF, f"float16_t() of {float(x)!r} overflows binary16"
            )
        return rounded16(float(x))

    return to_half


def _to_double(source: ScalarKind, sanitize: bool, site: Site) -> Converter:
    """double(b), double(i) of an integer of any width: exact below 2^53 in magnitude
    (every 32-bit one); a wider one that would round is refused by the sanitizer."""
    if source is ScalarKind.BOOL:
        return lambda x: 1.0 if x else 0.0
    if not sanitize:
        return float

    def to_double(x: int) -> float:
        if abs(x) > 1 << 53:
            raise site.ub(UBCategory.FLOAT_ROUNDOFF, f"double() of {x} rounds")
        return float(x)

    return to_double


def _from_float(
    target: ScalarKind, sanitize: bool, site: Site, wgsl: bool = False, bits: int = 32
) -> Converter:
    """`wgsl`: out of range saturates (interp/semantics.py) instead of being undefined;
    `bits` the integer target's width (its range)."""
    name = target.value if bits == 32 else str(ScalarType(target, bits))
    int_min, int_max = integer_range(True, bits)
    uint_max = integer_range(False, bits)[1]

    def check(x: float) -> None:
        # Converting observes the value: a rounded magnitude would show (the sign of zero
        # would not: int(-0.0) and bool(-0.0) are those of 0.0). An exact float outside S
        # converts the same everywhere: a fragment's `uint(gl_FragCoord.x)` truncates x.5.
        if isinstance(x, InexactFloat):
            raise site.ub(
                UBCategory.FLOAT_ROUNDOFF,
                f"{name}() of a float outside the exact set S: {describe_outside(x)}",
            )

    if target is ScalarKind.BOOL:
        if not sanitize:
            return lambda x: x != 0.0

        def to_bool(x: float) -> bool:
            check(x)
            return x != 0.0

        return to_bool
    if wgsl and target in (ScalarKind.INT, ScalarKind.UINT):
        low, high = (int_min, int_max) if target is ScalarKind.INT else (0, uint_max)

        def saturating(x: float) -> int:
            if sanitize:
                check(x)
            if x < 0 and target is ScalarKind.UINT:
                # GLSL leaves any negative float to uint undefined, -0.5 too.
                note(GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE)
            return saturate(math.trunc(x), low, high)

        return saturating
    if target is ScalarKind.INT:
        if not sanitize:
            return lambda x: float_to_int_truncating(x, int_min, int_max)

        def to_int(x: float) -> int:
            check(x)
            if not int_min <= math.trunc(x) <= int_max:
                raise site.ub(UBCategory.BUILTIN_DOMAIN, f"{name}() of {x!r}, outside its range")
            return int(x)

        return to_int
    if not sanitize:
        return lambda x: wrap_unsigned(float_to_int_truncating(x, int_min, uint_max), bits)

    def to_uint(x: float) -> int:
        check(x)
        if x < 0:
            raise site.ub(UBCategory.BUILTIN_DOMAIN, f"{name}() of the negative float {x!r}")
        if math.trunc(x) > uint_max:
            raise site.ub(UBCategory.BUILTIN_DOMAIN, f"{name}() of {x!r}, outside its range")
        return int(x)

    return to_uint


def _kind_and_size(type_: Type) -> tuple[ScalarKind, int]:
    """Scalar kind and component count of a constructor argument (0 for a scalar)."""
    if isinstance(type_, ScalarType):
        return type_.kind, 0
    if isinstance(type_, VectorType):
        return type_.kind, type_.size
    if isinstance(type_, MatrixType):
        return ScalarKind.FLOAT, type_.columns * type_.rows
    raise InterpreterError(f"{type_} cannot be a constructor argument here")


def _bits(type_: Type) -> int:
    """The component width of a scalar, vector or matrix type (64: int64_t's, double's;
    16: a half's), else 32."""
    return type_.bits if isinstance(type_, ScalarType | VectorType | MatrixType) else 32


def _components(values: Sequence[Any], sizes: Sequence[int]) -> list[Any]:
    flat: list[Any] = []
    for value, size in zip(values, sizes, strict=True):
        if size:
            flat.extend(value)
        else:
            flat.append(value)
    return flat


def constructor(
    target: Type,
    args: Sequence[Type],
    sanitize: bool,
    site: Site,
    wgsl: bool = False,
    floats: FloatMode = FloatMode.EXACT,
) -> Builder:
    """The function building a `target` value from evaluated constructor arguments;
    `floats` INTERVAL: float components are intervals (interval_operators.py)."""
    convert: ConverterFactory = scalar_converter
    unit: tuple[Any, Any] = (0.0, 1.0)
    if floats is FloatMode.INTERVAL:
        convert, unit = _interval_converter, (constant(0.0), constant(1.0))
    if isinstance(target, ArrayType | StructType):
        sizes = [0 if isinstance(a, ScalarType) else 1 for a in args]
        return lambda values: tuple(_components(values, sizes))
    if isinstance(target, ScalarType):
        if len(args) != 1:
            raise InterpreterError(f"{target}() takes one argument, got {len(args)}")
        kind, size = _kind_and_size(args[0])
        convert_one = convert(kind, target.kind, sanitize, site, wgsl, _bits(args[0]), target.bits)
        if size:
            return lambda values: convert_one(values[0][0])
        return lambda values: convert_one(values[0])
    if isinstance(target, VectorType):
        return _vector_constructor(
            target.kind, target.size, args, sanitize, site, wgsl, convert, target.bits
        )
    if isinstance(target, MatrixType):
        return _matrix_constructor(target, args, sanitize, site, convert, unit)
    raise InterpreterError(f"cannot construct {target}")


def _per_component_converters(
    kind: ScalarKind,
    args: Sequence[Type],
    count: int,
    sanitize: bool,
    site: Site,
    wgsl: bool = False,
    convert: ConverterFactory = scalar_converter,
    bits: int = 32,
) -> list[Converter]:
    converters: list[Converter] = []
    for arg in args:
        arg_kind, size = _kind_and_size(arg)
        one = convert(arg_kind, kind, sanitize, site, wgsl, _bits(arg), bits)
        converters.extend([one] * max(size, 1))
    if len(converters) < count:
        raise InterpreterError(f"too few components for a constructor of {count}")
    return converters[:count]


def _vector_constructor(
    kind: ScalarKind,
    size: int,
    args: Sequence[Type],
    sanitize: bool,
    site: Site,
    wgsl: bool = False,
    convert: ConverterFactory = scalar_converter,
    bits: int = 32,
) -> Builder:
    shapes = [_kind_and_size(a) for a in args]
    if len(args) == 1 and shapes[0][1] == 0:  # a single scalar splats
        splat = convert(shapes[0][0], kind, sanitize, site, wgsl, _bits(args[0]), bits)
        return lambda values: (splat(values[0]),) * size
    sizes = [s for _, s in shapes]
    if all(k is kind and s == 0 for k, s in shapes) and len(args) == size:
        return tuple
    converters = _per_component_converters(kind, args, size, sanitize, site, wgsl, convert, bits)
    if all(c is _identity for c in converters):
        return lambda values: tuple(_components(values, sizes)[:size])
    return lambda values: tuple(
        c(x) for c, x in zip(converters, _components(values, sizes)[:size], strict=True)
    )


def _matrix_constructor(
    target: MatrixType,
    args: Sequence[Type],
    sanitize: bool,
    site: Site,
    convert: ConverterFactory = scalar_converter,
    unit: tuple[Any, Any] = (0.0, 1.0),
) -> Builder:
    """A matrix of any width (dmat, f16mat) from scalars, vectors or one matrix; a
    component of another width is converted as a scalar is (`mat2(dmat2)` rounds as
    `float(d)` does, `f16mat2(mat2)` as `float16_t(f)`)."""
    zero, one = unit
    columns, rows = target.columns, target.rows
    count = columns * rows
    shapes = [_kind_and_size(a) for a in args]
    if len(args) == 1 and shapes[0][1] == 0:  # a scalar fills the diagonal
        fill = convert(
            shapes[0][0], ScalarKind.FLOAT, sanitize, site, False, _bits(args[0]), target.bits
        )

        def diagonal(values: Sequence[Any]) -> tuple[Any, ...]:
            x = fill(values[0])
            return tuple(x if c == r else zero for c in range(columns) for r in range(rows))

        return diagonal
    if len(args) == 1 and isinstance(args[0], MatrixType):
        source = args[0]
        change: Converter = _identity
        if source.bits != target.bits:
            change = convert(
                ScalarKind.FLOAT, ScalarKind.FLOAT, sanitize, site, False, source.bits, target.bits
            )

        def resize(values: Sequence[Any]) -> tuple[Any, ...]:
            m = values[0]
            return tuple(
                change(m[c * source.rows + r])
                if c < source.columns and r < source.rows
                else (one if c == r else zero)
                for c in range(columns)
                for r in range(rows)
            )

        return resize
    sizes = [s for _, s in shapes]
    converters = _per_component_converters(
        ScalarKind.FLOAT, args, count, sanitize, site, False, convert, target.bits
    )
    return lambda values: tuple(
        c(x) for c, x in zip(converters, _components(values, sizes)[:count], strict=True)
    )


def _interval_converter(
    source: ScalarKind,
    target: ScalarKind,
    sanitize: bool,
    site: Site,
    wgsl: bool = False,
    source_bits: int = 32,
    target_bits: int = 32,
) -> Converter:
    """The INTERVAL float mode's conversions: from or to float on intervals, the others
    exact (64-bit integers to or from float are not interpreted in this mode)."""
    if ScalarKind.FLOAT in (source, target) and 64 in (source_bits, target_bits):
        raise InterpreterError("a 64-bit integer to or from float in the interval mode")
    return interval_scalar_converter(source, target, site, wgsl) or scalar_converter(
        source, target, sanitize, site, wgsl, source_bits, target_bits
    )
