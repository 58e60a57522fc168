"""The exact built-in functions of `shadersmith.analysis.builtins`, with exact GLSL 4.50 semantics
and the sanitizer's domain checks.

Float built-ins follow the exact-set rule of exactness.py: abs and mix accept any float
(abs is exact; mix with a bool selector only selects); every other float built-in needs
its float operands in S, and reports BUILTIN_DOMAIN otherwise (dot and cross report
FLOAT_ROUNDOFF, like the products they are made of; floatBitsToInt/Uint report
FLOAT_ROUNDOFF because they observe the sign of zero).

The matrix built-ins follow the same rule: transpose only moves components;
matrixCompMult and outerProduct are float products, component by component; determinant
is a sum of products (Leibniz's formula), exact only when the sum of the absolute values
of its terms stays below EXACT_LIMIT, which bounds every intermediate of every formula
an implementation may use (cofactors, cross and dot, fused or not), since no factor is
below 1 in magnitude. distance is exact only when the squared distance is an exact perfect
square (IEEE square roots are then exact); intBitsToFloat and uintBitsToFloat report
BUILTIN_DOMAIN for a NaN or a denormal, which drivers may canonicalise or flush. These
last two and distance are for real-world shaders: the generators never call them.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shadersmith.analysis.calls import builtin_out_params
from shadersmith.analysis.opt_in_builtins import (
    PACKINGS,
    half_is_integer,
    half_packed,
    half_unpacked,
    packed,
)
from shadersmith.interp.arithmetic import (
    INT_MIN,
    MASK32,
    bit_count32,
    bit_reverse32,
    bits_to_float32,
    find_lsb,
    find_msb_int,
    find_msb_uint,
    float_bits,
    int_from_float_bits,
    to_float32,
    wrap_int,
)
from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.exactness import (
    EXACT_LIMIT,
    HALF_EXACT_LIMIT,
    absolute,
    describe_outside,
    in_exact_set,
)
from shadersmith.interp.operators import (
    binary_operator,
    check_exact_operand,
    float_comparison,
    linear_combination,
)
from shadersmith.interp.semantics import Language, wgsl_extract_bits, wgsl_insert_bits
from shadersmith.interp.sites import Site
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.types import (
    FLOAT,
    MatrixType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    kind_of,
)


@dataclass(slots=True)
class BuiltinImplementation:
    """`function` takes the values of the `in` arguments, in order. Without out
    parameters it returns the result; with them, a tuple (result, *out values) with the
    out values in argument order."""

    function: Callable[..., Any]
    out_positions: tuple[int, ...]


@dataclass(slots=True)
class _Context:
    arg_types: tuple[Type, ...]
    result: Type
    sanitize: bool
    site: Site
    abs_int_min_is_ub: bool
    # WGSL's semantics (interp/semantics.py): integer clamp and the bit-field functions
    # are defined for every argument.
    wgsl: bool = False

    def kind(self, index: int = 0) -> ScalarKind:
        type_ = self.arg_types[index]
        assert isinstance(type_, ScalarType | VectorType)
        return type_.kind

    def sizes(self) -> list[int]:
        return [t.size if isinstance(t, VectorType) else 0 for t in self.arg_types]

    def domain_error(self, message: str) -> Exception:
        return self.site.ub(UBCategory.BUILTIN_DOMAIN, message)

    def check_float(self, value: float, name: str) -> None:
        if self.sanitize and not in_exact_set(value):
            raise self.domain_error(
                f"{name}() of a float outside the exact set S: {describe_outside(value)}"
            )


# The context a kernel factory reads (interval_builtins.py builds on it too).
BuiltinContext = _Context


def componentwise(kernel: Callable[..., Any], sizes: Sequence[int]) -> Callable[..., Any]:
    """Apply a scalar kernel per component; scalar arguments are broadcast."""
    count = max(sizes, default=0)
    if count == 0:
        return kernel
    if all(s == count for s in sizes):
        return lambda *args: tuple(map(kernel, *args))

    def mixed(*args: Any) -> tuple[Any, ...]:
        columns = [a if s else (a,) * count for a, s in zip(args, sizes, strict=True)]
        return tuple(map(kernel, *columns))

    return mixed


def _with_outs(kernel: Callable[..., tuple[Any, ...]], sizes: Sequence[int]) -> Callable[..., Any]:
    """A kernel returning (result, *outs) per component, lifted so that vectors give
    (result vector, *out vectors)."""
    if max(sizes, default=0) == 0:
        return kernel
    lifted = componentwise(kernel, sizes)
    return lambda *args: tuple(zip(*lifted(*args), strict=True))


# ---------------------------------------------------------------- integer and common


def _abs(c: _Context) -> Callable[..., Any]:
    if c.kind() is ScalarKind.FLOAT:
        return componentwise(absolute, c.sizes())
    check = c.sanitize and c.abs_int_min_is_ub

    type_ = c.arg_types[0]
    bits = type_.bits if isinstance(type_, ScalarType | VectorType) else 32
    int_min = INT_MIN if bits == 32 else -(1 << (bits - 1))

    def int_abs(a: int) -> int:
        if a >= 0:
            return a
        if a == int_min:
            if check:
                raise c.domain_error(f"abs({a}) has no {bits}-bit int result")
            return int_min
        return -a

    return componentwise(int_abs, c.sizes())


def _sign(c: _Context) -> Callable[..., Any]:
    if c.kind() is ScalarKind.FLOAT:

        def float_sign(a: float) -> float:
            c.check_float(a, "sign")
            if a > 0:
                return 1.0
            return -1.0 if a < 0 else a

        return componentwise(float_sign, c.sizes())
    return componentwise(lambda a: (a > 0) - (a < 0), c.sizes())


def _min_max(c: _Context, name: str) -> Callable[..., Any]:
    take_smaller = name == "min"
    is_float = c.kind() is ScalarKind.FLOAT

    def pick(x: Any, y: Any) -> Any:
        if is_float:
            c.check_float(x, name)
            c.check_float(y, name)
        # GLSL: min(x, y) is y < x ? y : x; max(x, y) is x < y ? y : x.
        if take_smaller:
            return y if y < x else x
        return y if x < y else x

    return componentwise(pick, c.sizes())


def _clamp(c: _Context) -> Callable[..., Any]:
    is_float = c.kind() is ScalarKind.FLOAT

    def clamp(x: Any, low: Any, high: Any) -> Any:
        if is_float:
            for value in (x, low, high):
                c.check_float(value, "clamp")
        if c.sanitize and low > high and (is_float or not c.wgsl):
            raise c.domain_error(f"clamp with minVal {low} > maxVal {high}")
        return min(max(x, low), high)

    return componentwise(clamp, c.sizes())


def _mix(c: _Context) -> Callable[..., Any]:
    return componentwise(lambda x, y, a: y if a else x, c.sizes())


def _check_bitfield(c: _Context, offset: int, bits: int) -> None:
    if c.sanitize and (offset < 0 or bits < 0 or offset + bits > 32):
        raise c.domain_error(f"bit field offset {offset}, bits {bits} outside 32 bits")


def _bitfield_extract(c: _Context) -> Callable[..., Any]:
    signed = c.kind() is ScalarKind.INT

    def extract_one(value: int, offset: int, bits: int) -> int:
        if bits <= 0:
            return 0
        field = ((value & MASK32) >> offset) & ((1 << bits) - 1)
        if signed and field >> (bits - 1):
            field -= 1 << bits
        return field

    size = c.sizes()[0]

    if c.wgsl:

        def extract_bits(value: Any, offset: int, bits: int) -> Any:
            if size:
                return tuple(wgsl_extract_bits(v, offset, bits, signed) for v in value)
            return wgsl_extract_bits(value, offset, bits, signed)

        return extract_bits

    def extract(value: Any, offset: int, bits: int) -> Any:
        _check_bitfield(c, offset, bits)
        offset, bits = max(offset, 0) & 31, max(0, min(bits, 32 - (offset & 31)))
        if size:
            return tuple(extract_one(v, offset, bits) for v in value)
        return extract_one(value, offset, bits)

    return extract


def _bitfield_insert(c: _Context) -> Callable[..., Any]:
    signed = c.kind() is ScalarKind.INT

    def insert_one(base: int, insert: int, offset: int, bits: int) -> int:
        mask = ((1 << bits) - 1) << offset
        result = (base & MASK32 & ~mask) | ((insert << offset) & mask)
        return wrap_int(result) if signed else result & MASK32

    size = c.sizes()[0]

    if c.wgsl:

        def insert_bits(base: Any, inserted: Any, offset: int, bits: int) -> Any:
            if size:
                return tuple(
                    wgsl_insert_bits(b, i, offset, bits, signed)
                    for b, i in zip(base, inserted, strict=True)
                )
            return wgsl_insert_bits(base, inserted, offset, bits, signed)

        return insert_bits

    def insert(base: Any, inserted: Any, offset: int, bits: int) -> Any:
        _check_bitfield(c, offset, bits)
        offset, bits = max(offset, 0) & 31, max(0, min(bits, 32 - (offset & 31)))
        if size:
            return tuple(
                insert_one(b, i, offset, bits) for b, i in zip(base, inserted, strict=True)
            )
        return insert_one(base, inserted, offset, bits)

    return insert


def _bitfield_reverse(c: _Context) -> Callable[..., Any]:
    if c.kind() is ScalarKind.INT:
        return componentwise(lambda a: wrap_int(bit_reverse32(a)), c.sizes())
    return componentwise(bit_reverse32, c.sizes())


def _find_msb(c: _Context) -> Callable[..., Any]:
    kernel = find_msb_int if c.kind() is ScalarKind.INT else find_msb_uint
    return componentwise(kernel, c.sizes())


def _uadd_carry(c: _Context) -> Callable[..., Any]:
    def add(x: int, y: int) -> tuple[int, int]:
        total = x + y
        return total & MASK32, 1 if total > MASK32 else 0

    return _with_outs(add, c.sizes()[:2])


def _usub_borrow(c: _Context) -> Callable[..., Any]:
    def subtract(x: int, y: int) -> tuple[int, int]:
        return (x - y) & MASK32, 1 if x < y else 0

    return _with_outs(subtract, c.sizes()[:2])


def _mul_extended(c: _Context) -> Callable[..., Any]:
    signed = c.kind() is ScalarKind.INT

    def multiply(x: int, y: int) -> tuple[None, int, int]:
        product = x * y
        if signed:
            return None, wrap_int(product >> 32), wrap_int(product)
        return None, product >> 32, product & MASK32

    lifted = _with_outs(multiply, c.sizes()[:2])
    if c.sizes()[0] == 0:
        return lifted
    # The void result of a vector call is a tuple of Nones; make it one None.
    return lambda x, y: (None, *lifted(x, y)[1:])


# ---------------------------------------------------------------- vector relations

_RELATIONS: dict[str, Callable[[Any, Any], bool]] = {
    "lessThan": operator.lt,
    "lessThanEqual": operator.le,
    "greaterThan": operator.gt,
    "greaterThanEqual": operator.ge,
    "equal": operator.eq,
    "notEqual": operator.ne,
}


def _relation(c: _Context, name: str) -> Callable[..., Any]:
    compare = _RELATIONS[name]
    if c.kind() is ScalarKind.FLOAT:
        compare = float_comparison(compare, name in ("equal", "notEqual"), c.sanitize, c.site)
    return componentwise(compare, c.sizes())


# ---------------------------------------------------------------- float


def _round_even(x: float) -> int:
    return round(x)


_ROUNDINGS: dict[str, Callable[[float], int]] = {
    "floor": math.floor,
    "ceil": math.ceil,
    "trunc": math.trunc,
    "round": _round_even,  # ties to even: one of the directions GLSL's round may choose
    "roundEven": _round_even,
}


def _rounding(c: _Context, name: str) -> Callable[..., Any]:
    python_round = _ROUNDINGS[name]

    def kernel(x: float) -> float:
        c.check_float(x, name)
        if math.isinf(x) or math.isnan(x) or x == int(x):
            return x  # integers (and -0.0) are their own rounding
        return float(python_round(x))

    return componentwise(kernel, c.sizes())


def _float_bits(c: _Context, signed: bool) -> Callable[..., Any]:
    name = "floatBitsToInt" if signed else "floatBitsToUint"

    def kernel(x: float) -> int:
        if c.sanitize:
            check_exact_operand(x, f"the argument of {name}", c.site)
        return int_from_float_bits(x) if signed else float_bits(x)

    return componentwise(kernel, c.sizes())


def _dot(c: _Context) -> Callable[..., Any]:
    combine = linear_combination(c.sanitize, c.site)
    return lambda x, y: combine(list(zip(x, y, strict=True)))


def _cross(c: _Context) -> Callable[..., Any]:
    combine = linear_combination(c.sanitize, c.site)

    def cross(x: Sequence[float], y: Sequence[float]) -> tuple[float, float, float]:
        # -a is exact, so a*b - c*d is the linear combination a*b + (-c)*d.
        return (
            combine([(x[1], y[2]), (-x[2], y[1])]),
            combine([(x[2], y[0]), (-x[0], y[2])]),
            combine([(x[0], y[1]), (-x[1], y[0])]),
        )

    return cross


# ---------------------------------------------------------------- matrices


def _matrix(type_: Type) -> MatrixType:
    if not isinstance(type_, MatrixType):
        raise InterpreterError(f"a matrix built-in needs a matrix, not {type_}")
    return type_


def _transpose(c: _Context) -> Callable[..., Any]:
    m = _matrix(c.arg_types[0])
    # Result column j, row i is the argument's column i, row j.
    order = tuple(i * m.rows + j for j in range(m.rows) for i in range(m.columns))
    return lambda a: tuple(a[k] for k in order)


def _float_product(c: _Context) -> Callable[[float, float], float]:
    """The componentwise product at the result's width (a dmat's, an f16mat's)."""
    result = c.result
    scalar = ScalarType(ScalarKind.FLOAT, result.bits) if isinstance(result, MatrixType) else FLOAT
    kernel: Callable[[float, float], float] = binary_operator(
        BinaryOp.MUL, scalar, scalar, scalar, c.sanitize, c.site
    )
    return kernel


def _matrix_comp_mult(c: _Context) -> Callable[..., Any]:
    multiply = _float_product(c)
    return lambda a, b: tuple(map(multiply, a, b))


def _outer_product(c: _Context) -> Callable[..., Any]:
    multiply = _float_product(c)
    # outerProduct(u, v) has column j = u * v[j].
    return lambda u, v: tuple(multiply(x, y) for y in v for x in u)


def _permutations(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Every permutation of range(n) with its sign, in lexicographic order."""
    result: list[tuple[tuple[int, ...], int]] = []
    for perm in itertools.permutations(range(n)):
        inversions = sum(1 for i in range(n) for j in range(i + 1, n) if perm[i] > perm[j])
        result.append((perm, -1 if inversions % 2 else 1))
    return result


def _determinant(c: _Context) -> Callable[..., Any]:
    m = _matrix(c.arg_types[0])
    if m.bits != 32:
        # Its bound is S's, in float32; the generators take no determinant of a dmat or an
        # f16mat (generate/float_widths.py).
        raise InterpreterError(f"determinant of a {m} is not interpreted")
    if m.columns != m.rows:
        raise InterpreterError(f"determinant of a non-square {m}")
    n = m.rows
    terms = _permutations(n)

    def entries(a: Sequence[float], perm: tuple[int, ...]) -> list[float]:
        return [a[column * n + perm[column]] for column in range(n)]

    def exact(a: Sequence[float]) -> float:
        for value in a:
            check_exact_operand(value, "an entry of a determinant", c.site)
        total = 0
        magnitude = 0
        for perm, sign in terms:
            term = sign * math.prod(int(x) for x in entries(a, perm))
            total += term
            magnitude += abs(term)
        if magnitude >= EXACT_LIMIT:
            raise c.site.ub(
                UBCategory.FLOAT_ROUNDOFF,
                "the terms of a determinant reach 2^24 - 1 in magnitude: the result "
                "depends on how the implementation rounds",
            )
        return float(total)

    def plain(a: Sequence[float]) -> float:
        return to_float32(math.fsum(sign * math.prod(entries(a, perm)) for perm, sign in terms))

    return exact if c.sanitize else plain


def _distance(c: _Context) -> Callable[..., Any]:
    def exact(x: Any, y: Any) -> float:
        for value in (*_items(x), *_items(y)):
            check_exact_operand(value, "an operand of distance", c.site)
        squared = sum((int(a) - int(b)) ** 2 for a, b in zip(_items(x), _items(y), strict=True))
        root = math.isqrt(squared)
        if squared >= EXACT_LIMIT or root * root != squared:
            raise c.site.ub(
                UBCategory.FLOAT_ROUNDOFF,
                f"distance() of a squared distance {squared} that is no exact perfect square",
            )
        return float(root)

    def plain(x: Any, y: Any) -> float:
        differences = [to_float32(a - b) for a, b in zip(_items(x), _items(y), strict=True)]
        return to_float32(math.sqrt(math.fsum(d * d for d in differences)))

    return exact if c.sanitize else plain


def _items(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (value,)


def _bits_to_float(c: _Context, name: str) -> Callable[..., Any]:
    def kernel(bits: int) -> float:
        value = bits_to_float32(bits & MASK32)
        if c.sanitize and (math.isnan(value) or (value != 0.0 and abs(value) < 2.0**-126)):
            raise c.domain_error(f"{name}() gives a NaN or a denormal: 0x{bits & MASK32:08x}")
        return value

    return componentwise(kernel, c.sizes())


def _nan_or_inf(c: _Context, name: str) -> Callable[..., Any]:
    """isnan, isinf: false on S, which is all a reconditioned program holds; a value
    outside S is the caller's undefined behaviour (analysis/opt_in_builtins.py)."""
    test = math.isnan if name == "isnan" else math.isinf

    def kernel(x: float) -> bool:
        if c.sanitize:
            check_exact_operand(x, f"the argument of {name}", c.site)
        return test(x)

    return componentwise(kernel, c.sizes())


def _packing(c: _Context, name: str) -> Callable[..., Any]:
    """The normalized packing functions, exact on S (analysis/opt_in_builtins.py)."""

    def kernel(vector: tuple[float, ...]) -> int:
        if c.sanitize:
            for x in vector:
                check_exact_operand(x, f"a component of {name}'s argument", c.site)
        return packed(name, vector)

    return kernel


# The smallest normal float32: below it a result is a denormal, which a GPU may flush.
_SMALLEST_NORMAL = 2.0**-126


def _ldexp(c: _Context) -> Callable[..., Any]:
    """ldexp(x, e) = x * 2^e, exact where it is a float (analysis/opt_in_builtins.py). GLSL
    leaves the value undefined for an exponent above 128 or a result too large for a
    float: the sanitizer refuses both, a significand that is no finite float, and a
    result that is not a normal float exactly (a denormal may be flushed to zero). The
    significand may be outside S: frexp's mantissa is, which the reconditioner scales
    back into S at once (`ldexp(frexp(x, e), 24)`); a result outside S is refused where
    it is next used, as any float's."""

    def kernel(x: float, exponent: int) -> float:
        if c.sanitize:
            if not math.isfinite(x):
                raise c.domain_error(f"ldexp() of {x}")
            if not -126 <= exponent <= 128:
                raise c.domain_error(f"ldexp() with the exponent {exponent}, outside [-126, 128]")
        result = to_float32(math.ldexp(x, exponent))
        if c.sanitize:
            exact = math.ldexp(x, exponent)
            if math.isinf(result) or result != exact or 0 < abs(exact) < _SMALLEST_NORMAL:
                raise c.domain_error(f"ldexp({x}, {exponent}) is not a normal float exactly")
        return result

    return componentwise(kernel, c.sizes())


def _frexp(c: _Context) -> Callable[..., Any]:
    """frexp(x, out e): x = m * 2^e with |m| in [0.5, 1), m and e 0 for 0, exact for every
    float (analysis/opt_in_builtins.py); GLSL leaves it undefined for an infinity or a
    NaN, which the sanitizer refuses. m leaves S: the reconditioner scales it back."""

    def kernel(x: float) -> tuple[float, int]:
        if c.sanitize and not math.isfinite(x):
            raise c.domain_error(f"frexp() of {x}")
        mantissa, exponent = math.frexp(x)
        return to_float32(mantissa), exponent

    return _with_outs(kernel, c.sizes()[:1])


# ---------------------------------------------------------------- registry

_FACTORIES: dict[str, Callable[[_Context], Callable[..., Any]]] = {
    "abs": _abs,
    "sign": _sign,
    "min": lambda c: _min_max(c, "min"),
    "max": lambda c: _min_max(c, "max"),
    "clamp": _clamp,
    "mix": _mix,
    "bitfieldExtract": _bitfield_extract,
    "bitfieldInsert": _bitfield_insert,
    "bitfieldReverse": _bitfield_reverse,
    "bitCount": lambda c: componentwise(bit_count32, c.sizes()),
    "findLSB": lambda c: componentwise(find_lsb, c.sizes()),
    "findMSB": _find_msb,
    "uaddCarry": _uadd_carry,
    "usubBorrow": _usub_borrow,
    "umulExtended": _mul_extended,
    "imulExtended": _mul_extended,
    "any": lambda c: any,
    "all": lambda c: all,
    "not": lambda c: lambda v: tuple(not x for x in v),
    "floatBitsToInt": lambda c: _float_bits(c, True),
    "floatBitsToUint": lambda c: _float_bits(c, False),
    "dot": _dot,
    "cross": _cross,
    "transpose": _transpose,
    "matrixCompMult": _matrix_comp_mult,
    "outerProduct": _outer_product,
    "determinant": _determinant,
    "distance": _distance,
    "intBitsToFloat": lambda c: _bits_to_float(c, "intBitsToFloat"),
    "uintBitsToFloat": lambda c: _bits_to_float(c, "uintBitsToFloat"),
}


def _named(
    factory: Callable[[_Context, str], Callable[..., Any]], name: str
) -> Callable[[_Context], Callable[..., Any]]:
    return lambda c: factory(c, name)


for _name in _RELATIONS:
    _FACTORIES[_name] = _named(_relation, _name)
for _name in ("floor", "ceil", "trunc", "round", "roundEven"):
    _FACTORIES[_name] = _named(_rounding, _name)
for _name in ("isnan", "isinf"):
    _FACTORIES[_name] = _named(_nan_or_inf, _name)
for _name in PACKINGS:
    _FACTORIES[_name] = _named(_packing, _name)


def _half_packing(c: _Context) -> Callable[..., Any]:
    """packHalf2x16 on integers of S up to HALF_EXACT_LIMIT in magnitude, which binary16
    holds exactly (analysis/opt_in_builtins.py); a larger one would round, in a mode the
    implementation chooses: undefined for the sanitizer, which the reconditioner's clamp
    prevents."""

    def kernel(vector: tuple[float, float]) -> int:
        if c.sanitize:
            for x in vector:
                check_exact_operand(x, "a component of packHalf2x16's argument", c.site)
                if abs(x) > HALF_EXACT_LIMIT:
                    raise c.domain_error(f"packHalf2x16 of {x}, which binary16 rounds")
        return half_packed(vector)

    return kernel


_FACTORIES["packHalf2x16"] = _half_packing


def _half_unpacking(c: _Context) -> Callable[..., Any]:
    """unpackHalf2x16: exact, binary16 being a subset of float32. A half that is not a
    non-zero integer (a fraction, zero, a denormal, an infinity, a NaN) leaves S: undefined
    for the sanitizer, which the reconditioner's HALF_UNPACK prevents."""

    def kernel(word: int) -> tuple[float, float]:
        if c.sanitize:
            for half in (word & 0xFFFF, (word >> 16) & 0xFFFF):
                if not half_is_integer(half):
                    raise c.domain_error(
                        f"unpackHalf2x16 of the half 0x{half:04x}, not a non-zero integer"
                    )
        return half_unpacked(word)

    return kernel


_FACTORIES["unpackHalf2x16"] = _half_unpacking
_FACTORIES["ldexp"] = _ldexp
_FACTORIES["frexp"] = _frexp


# The built-ins whose kernels are right at any integer width: they compare, select or
# negate (abs takes its width from its argument); and the matrix ones of a dmat or an
# f16mat, which move components (transpose) or multiply them at the result's width
# (_float_product).
ANY_WIDTH = frozenset({"abs", "sign", "min", "max", "clamp", "mix", "any", "all", "not"}) | (
    frozenset(_RELATIONS) | frozenset({"transpose", "matrixCompMult", "outerProduct"})
)


def _wide(type_: Type) -> bool:
    return isinstance(type_, ScalarType | VectorType) and type_.bits != 32


def _half(type_: Type) -> bool:
    return (
        isinstance(type_, ScalarType | VectorType)
        and type_.bits == 16
        and (type_.kind is ScalarKind.FLOAT)
    )


def builtin_context(
    name: str,
    arg_types: tuple[Type, ...],
    result: Type,
    *,
    sanitize: bool,
    site: Site,
    abs_int_min_is_ub: bool,
    language: Language = Language.GLSL,
) -> tuple[BuiltinContext, tuple[int, ...]]:
    """What a kernel of built-in `name` is built from, and its out parameters' positions."""
    out_positions = builtin_out_params(name)
    in_types = tuple(t for i, t in enumerate(arg_types) if i not in out_positions)
    wgsl = language is Language.WGSL
    # WGSL defines abs(INT_MIN) as INT_MIN (interp/semantics.py).
    context = _Context(in_types, result, sanitize, site, abs_int_min_is_ub and not wgsl, wgsl)
    return context, out_positions


def exact_builtin_factory(name: str) -> Callable[[BuiltinContext], Callable[..., Any]]:
    return _FACTORIES[name]


def builtin_implementation(
    name: str,
    arg_types: tuple[Type, ...],
    result: Type,
    *,
    sanitize: bool,
    site: Site,
    abs_int_min_is_ub: bool,
    language: Language = Language.GLSL,
) -> BuiltinImplementation:
    if name not in _FACTORIES:
        raise InterpreterError(f"unknown built-in function {name}")
    if name not in ANY_WIDTH and any(_wide(t) for t in (*arg_types, result)):
        # The other kernels compute at 32 bits (bitCount, findMSB, the bit fields and
        # the carries); the int64/int16/int8 extensions overload few of them anyway.
        raise InterpreterError(f"{name}() on integers other than 32-bit is not interpreted")
    if name == "mix" and _half(arg_types[0]) and kind_of(arg_types[-1]) is ScalarKind.FLOAT:
        # The blend computes x * (1 - a) + y * a, whose roundings at 16 bits the float
        # kernel does not make (mix with a bool selects: any width).
        raise InterpreterError("mix() of halves with a float weight is not interpreted")
    context, out_positions = builtin_context(
        name,
        arg_types,
        result,
        sanitize=sanitize,
        site=site,
        abs_int_min_is_ub=abs_int_min_is_ub,
        language=language,
    )
    return BuiltinImplementation(_FACTORIES[name](context), out_positions)
