"""The typing table of GLSL's built-in functions: every overload, once, for every user.

Real shaders call the whole library (sin, texture, imageStore, atomicAdd, ...): the
front-end resolves a call against the whole catalogue, with the implicit conversions of
the shader's language version (`resolve`). Generators and the reconditioner use only the
*exact* built-ins, whose results are exactly defined on the values our programs hold:
integer and boolean ones in full, and float ones built on +, - and * (seed 004, section
4.2.6), which stay exact on the exact-integer float set. They are the catalogue's starred
kinds, expanded once (`EXACT_OVERLOADS`), so that a generator can ask "which overloads
return ivec3?" and the reconditioner "which overload takes (uint, int, int)?" by a
dictionary look-up. Texture and image functions are typed by the front-end (textures.py).

Signatures are written once with generic placeholders, as the GLSL specification writes
them:

- `T`: the generic type of the row's scalar kinds, scalar or vector (genFType, genIType,
  ...); `vT` its vector forms only; `sT` its scalar.
- `B`, `I`, `U`, `F`, `D`: bool, int, uint, float, double of the same size as `T`
  (`vB`: vector only).
- anything else is a type name: `float`, `vec3`, `atomic_uint`, ...
- `out ` / `inout ` before a parameter: the argument must be an l-value.

Each row is `kinds | result name(params); ...`, kinds among f (float), d (double), i, u, b,
i64, u64, i16, u16, i8, u8, h (float16_t); a kind with a star is exact (for a row without
placeholders: its first kind).
The exact rows come first, in the order generators offer the names: seeded programs
depend on that order. Within one name, the order of rows and kinds decides between
overloads that need equally many conversions: it follows the GLSL specification.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from shadersmith.analysis.typing import NO_CONVERSIONS, Conversions
from shadersmith.ir.types import (
    BOOL,
    VOID,
    MatrixType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    vector_or_scalar,
)

_CATALOGUE = """
f* d i* i64 i16 i8 h | T abs(T); T sign(T)
f* d i* u* i64 u64 i16 u16 i8 u8 h | T min(T, T); T min(T, sT); T max(T, T); T max(T, sT)
f* d i* u* i64 u64 i16 u16 i8 u8 h | T clamp(T, T, T); T clamp(T, sT, sT)
f d h | T mix(T, T, T); T mix(T, T, sT)
f* d i* u* b* i64 u64 i16 u16 i8 u8 h | T mix(T, T, B)
i* u* i64 u64 | T bitfieldExtract(T, int, int); T bitfieldInsert(T, T, int, int)
i* u* i64 u64 | T bitfieldReverse(T); I bitCount(T); I findLSB(T); I findMSB(T)
u* | T uaddCarry(T, T, out T); T usubBorrow(T, T, out T)
u* | void umulExtended(T, T, out T, out T)
i* | void imulExtended(T, T, out T, out T)
f* d i* u* i64 u64 i16 u16 i8 u8 h | B lessThan(vT, vT); B lessThanEqual(vT, vT)
f* d i* u* i64 u64 i16 u16 i8 u8 h | B greaterThan(vT, vT); B greaterThanEqual(vT, vT)
f* d i* u* b* i64 u64 i16 u16 i8 u8 h | B equal(vT, vT); B notEqual(vT, vT)
b* | bool any(vT); bool all(vT); T not(vT)
f* d h | T floor(T); T ceil(T); T trunc(T); T round(T); T roundEven(T)
f* | I floatBitsToInt(T); U floatBitsToUint(T)
f* d | sT dot(vT, vT)
f | float dot(float, float); double dot(double, double)
f* | vec3 cross(vec3, vec3)
f | dvec3 cross(dvec3, dvec3)
f | T radians(T); T degrees(T); T sin(T); T cos(T); T tan(T); T asin(T); T acos(T)
f | T atan(T, T); T atan(T); T sinh(T); T cosh(T); T tanh(T); T asinh(T); T acosh(T)
f | T atanh(T); T pow(T, T); T exp(T); T log(T); T exp2(T); T log2(T)
f d | T sqrt(T); T inversesqrt(T)
f d | T fract(T)
f d | T mod(T, T); T mod(T, sT); T modf(T, out T)
f d | T step(T, T); T step(sT, T); T smoothstep(T, T, T); T smoothstep(sT, sT, T)
f d | B isnan(T); B isinf(T); T fma(T, T, T); T frexp(T, out I); T ldexp(T, I)
f | F intBitsToFloat(I); F uintBitsToFloat(U)
d | I64 doubleBitsToInt64(T); U64 doubleBitsToUint64(T)
d | D int64BitsToDouble(I64); D uint64BitsToDouble(U64)
f | uint packUnorm2x16(vec2); uint packSnorm2x16(vec2); uint packUnorm4x8(vec4)
f | uint packSnorm4x8(vec4); vec2 unpackUnorm2x16(uint); vec2 unpackSnorm2x16(uint)
f | vec4 unpackUnorm4x8(uint); vec4 unpackSnorm4x8(uint); uint packHalf2x16(vec2)
f | vec2 unpackHalf2x16(uint); double packDouble2x32(uvec2); uvec2 unpackDouble2x32(double)
f | int64_t packInt2x32(ivec2); ivec2 unpackInt2x32(int64_t)
f | uint64_t packUint2x32(uvec2); uvec2 unpackUint2x32(uint64_t)
f d | sT length(T); sT distance(T, T); T normalize(T)
f d | T faceforward(T, T, T); T reflect(T, T); T refract(T, T, sT); T refract(T, T, float)
f | T dFdx(T); T dFdy(T); T fwidth(T); T dFdxFine(T); T dFdyFine(T); T fwidthFine(T)
f | T dFdxCoarse(T); T dFdyCoarse(T); T fwidthCoarse(T)
f | T interpolateAtCentroid(T); T interpolateAtSample(T, int)
f | T interpolateAtOffset(T, vec2)
f | float noise1(T); vec2 noise2(T); vec3 noise3(T); vec4 noise4(T)
f i u | T min3(T, T, T); T max3(T, T, T); T mid3(T, T, T)
i u | U countLeadingZeros(T); U countTrailingZeros(T); T absoluteDifference(T, T)
i u | T addSaturate(T, T); T subtractSaturate(T, T); T average(T, T)
i u | T averageRounded(T, T); T multiply32x16(T, T)
i u | sT atomicAdd(inout sT, sT); sT atomicMin(inout sT, sT); sT atomicMax(inout sT, sT)
i u | sT atomicAnd(inout sT, sT); sT atomicOr(inout sT, sT); sT atomicXor(inout sT, sT)
i u | sT atomicExchange(inout sT, sT); sT atomicCompSwap(inout sT, sT, sT)
f | uint atomicCounterIncrement(atomic_uint); uint atomicCounterDecrement(atomic_uint)
f | uint atomicCounter(atomic_uint); uint atomicCounterAddARB(atomic_uint, uint)
f | uint atomicCounterSubtractARB(atomic_uint, uint); uint atomicCounterMinARB(atomic_uint, uint)
f | uint atomicCounterMaxARB(atomic_uint, uint); uint atomicCounterAndARB(atomic_uint, uint)
f | uint atomicCounterOrARB(atomic_uint, uint); uint atomicCounterXorARB(atomic_uint, uint)
f | uint atomicCounterExchangeARB(atomic_uint, uint)
f | uint atomicCounterCompSwapARB(atomic_uint, uint, uint)
f | void barrier(); void memoryBarrier(); void memoryBarrierAtomicCounter()
f | void memoryBarrierBuffer(); void memoryBarrierShared(); void memoryBarrierImage()
f | void groupMemoryBarrier()
f | bool anyInvocationARB(bool); bool allInvocationsARB(bool); bool allInvocationsEqualARB(bool)
f | bool anyInvocation(bool); bool allInvocations(bool); bool allInvocationsEqual(bool)
f | bool subgroupElect(); bool subgroupAll(bool); bool subgroupAny(bool)
f i u b | bool subgroupAllEqual(T); T subgroupBroadcast(T, uint); T subgroupBroadcastFirst(T)
f i u | T subgroupAdd(T); T subgroupMul(T); T subgroupMin(T); T subgroupMax(T)
f i u | T subgroupInclusiveAdd(T); T subgroupInclusiveMul(T); T subgroupInclusiveMin(T)
f i u | T subgroupInclusiveMax(T); T subgroupExclusiveAdd(T); T subgroupExclusiveMul(T)
f i u | T subgroupExclusiveMin(T); T subgroupExclusiveMax(T)
i u b | T subgroupAnd(T); T subgroupOr(T); T subgroupXor(T); T subgroupInclusiveAnd(T)
i u b | T subgroupInclusiveOr(T); T subgroupInclusiveXor(T); T subgroupExclusiveAnd(T)
i u b | T subgroupExclusiveOr(T); T subgroupExclusiveXor(T)
f | uvec4 subgroupBallot(bool); bool subgroupInverseBallot(uvec4)
f | bool subgroupBallotBitExtract(uvec4, uint); uint subgroupBallotBitCount(uvec4)
f | uint subgroupBallotInclusiveBitCount(uvec4); uint subgroupBallotExclusiveBitCount(uvec4)
f | uint subgroupBallotFindLSB(uvec4); uint subgroupBallotFindMSB(uvec4)
"""

_KINDS: dict[str, ScalarType] = {
    "f": ScalarType(ScalarKind.FLOAT),
    "d": ScalarType(ScalarKind.FLOAT, 64),
    "i": ScalarType(ScalarKind.INT),
    "u": ScalarType(ScalarKind.UINT),
    "b": ScalarType(ScalarKind.BOOL),
    "i64": ScalarType(ScalarKind.INT, 64),
    "u64": ScalarType(ScalarKind.UINT, 64),
    # GL_EXT_shader_explicit_arithmetic_types_int16 / _int8's overloads.
    "i16": ScalarType(ScalarKind.INT, 16),
    "u16": ScalarType(ScalarKind.UINT, 16),
    "i8": ScalarType(ScalarKind.INT, 8),
    "u8": ScalarType(ScalarKind.UINT, 8),
    # GL_EXT_shader_explicit_arithmetic_types_float16's (float16_t, f16vecN).
    "h": ScalarType(ScalarKind.FLOAT, 16),
}
# The order in which the exact overloads of one name list their kinds.
_EXACT_KIND_ORDER = ("b", "i", "u", "f")
_SIZED = {"B": "b", "I": "i", "U": "u", "F": "f", "D": "d", "I64": "i64", "U64": "u64"}
_PLACEHOLDERS = frozenset({"T", "vT", "sT", *_SIZED, *("v" + k for k in _SIZED)})


def _named_types() -> dict[str, Type]:
    """The types a signature may name, by their GLSL spelling."""
    types: list[Type] = [VOID, BOOL, OpaqueType("atomic_uint")]
    for bits in (32, 64):
        for kind in (ScalarKind.INT, ScalarKind.UINT, ScalarKind.FLOAT):
            types.append(ScalarType(kind, bits))
            types.extend(VectorType(kind, n, bits) for n in (2, 3, 4))
        types.extend(MatrixType(c, r, bits) for c in (2, 3, 4) for r in (2, 3, 4))
    types.extend(VectorType(ScalarKind.BOOL, n) for n in (2, 3, 4))
    return {str(t): t for t in types}


_NAMED_TYPES = _named_types()


@dataclass(frozen=True, slots=True)
class BuiltinOverload:
    """One overload; a call's arguments are converted to `params` where they differ."""

    name: str
    params: tuple[Type, ...]
    result: Type
    # Indices of `out`/`inout` parameters (uaddCarry's carry, ...): arguments must be l-values.
    out_params: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class _Row:
    name: str
    line: int
    kinds: tuple[str, ...]
    exact_kinds: tuple[str, ...]
    result: str
    params: tuple[str, ...]
    out_params: frozenset[int]

    @property
    def generic(self) -> bool:
        return any(p in _PLACEHOLDERS for p in self.params)

    @property
    def vector_only(self) -> bool:
        return any(p.startswith("v") and p[1:] in ("T", *_SIZED) for p in self.params)


def _parse_catalogue() -> dict[str, list[_Row]]:
    rows: dict[str, list[_Row]] = {}
    for number, line in enumerate(_CATALOGUE.strip().splitlines()):
        kinds_text, _, signatures = line.partition("|")
        marked = kinds_text.split()
        kinds = tuple(k.rstrip("*") for k in marked)
        exact = tuple(k for k in _EXACT_KIND_ORDER if k + "*" in marked)
        for signature in signatures.split(";"):
            head, _, params_text = signature.strip().rstrip(")").partition("(")
            result, name = head.split()
            params: list[str] = []
            outs: set[int] = set()
            for index, param in enumerate(p.strip() for p in params_text.split(",") if p.strip()):
                words = param.split()
                if words[0] in ("out", "inout"):
                    outs.add(index)
                params.append(words[-1])
            for word in (result, *params):
                if word not in _PLACEHOLDERS and word not in _NAMED_TYPES:
                    raise ValueError(f"built-in catalogue: unknown type {word} in {name}")
            row = _Row(name, number, kinds, exact, result, tuple(params), frozenset(outs))
            rows.setdefault(name, []).append(row)
    return rows


CATALOGUE: dict[str, list[_Row]] = _parse_catalogue()
MATRIX_FUNCTIONS = frozenset(
    {"matrixCompMult", "outerProduct", "transpose", "determinant", "inverse"}
)


def _instantiate(placeholder: str, kind: ScalarType, size: int) -> Type | None:
    vector = placeholder.startswith("v") and placeholder[1:] in ("T", *_SIZED)
    base = placeholder[1:] if vector else placeholder
    if vector and size == 1:
        return None
    if base == "T":
        return vector_or_scalar(kind.kind, size, kind.bits)
    if base == "sT":
        return kind
    if base in _SIZED:
        scalar = _KINDS[_SIZED[base]]
        return vector_or_scalar(scalar.kind, size, scalar.bits)
    return _NAMED_TYPES[placeholder]


def _expand(row: _Row, kinds: tuple[str, ...]) -> Iterator[BuiltinOverload]:
    """The overloads a row stands for with `kinds`, kind by kind and size by size (a row
    without placeholders stands for one overload)."""
    generic = row.generic
    sizes = (2, 3, 4) if row.vector_only else (1, 2, 3, 4)
    for kind_name in kinds[:1] if not generic else kinds:
        for size in sizes if generic else (1,):
            params = [_instantiate(p, _KINDS[kind_name], size) for p in row.params]
            result = _instantiate(row.result, _KINDS[kind_name], size)
            if result is None or any(p is None for p in params):
                continue
            typed = tuple(p for p in params if p is not None)
            yield BuiltinOverload(row.name, typed, result, row.out_params)


# ---------------------------------------------------------------- the exact built-ins


def _exact_overloads() -> Iterator[BuiltinOverload]:
    # A name takes the place of its first exact row; its overloads follow its rows.
    first_exact: dict[str, int] = {}
    for name, rows in CATALOGUE.items():
        lines = [row.line for row in rows if row.exact_kinds]
        if lines:
            first_exact[name] = min(lines)
    for name in sorted(first_exact, key=first_exact.__getitem__):
        seen: list[BuiltinOverload] = []
        for row in CATALOGUE[name]:
            for overload in _expand(row, row.exact_kinds):
                if overload not in seen:  # min(int, sT) is min(int, int) again
                    seen.append(overload)
                    yield overload


EXACT_OVERLOADS: tuple[BuiltinOverload, ...] = tuple(_exact_overloads())
EXACT_BY_NAME: dict[str, tuple[BuiltinOverload, ...]] = {}
EXACT_BY_RESULT: dict[Type, tuple[BuiltinOverload, ...]] = {}
for _overload in EXACT_OVERLOADS:
    EXACT_BY_NAME[_overload.name] = (*EXACT_BY_NAME.get(_overload.name, ()), _overload)
    EXACT_BY_RESULT[_overload.result] = (*EXACT_BY_RESULT.get(_overload.result, ()), _overload)


def find_exact(name: str, arg_types: tuple[Type, ...]) -> BuiltinOverload | None:
    """The exact overload of `name` taking exactly `arg_types` (our own programs never
    rely on an implicit conversion: emitters always convert explicitly)."""
    for overload in EXACT_BY_NAME.get(name, ()):
        if overload.params == arg_types:
            return overload
    return None


# ---------------------------------------------------------------- the whole library

_CANDIDATE_CACHE: dict[str, list[BuiltinOverload]] = {}


def _candidates(name: str) -> list[BuiltinOverload]:
    found = _CANDIDATE_CACHE.get(name)
    if found is None:
        found = [o for row in CATALOGUE.get(name, []) for o in _expand(row, row.kinds)]
        _CANDIDATE_CACHE[name] = found
    return found


def is_builtin_function(name: str) -> bool:
    return name in CATALOGUE or name in MATRIX_FUNCTIONS


def resolve(
    name: str, args: tuple[Type, ...], conversions: Conversions = NO_CONVERSIONS
) -> BuiltinOverload | None:
    """The overload of built-in `name` that `args` select: an exact match, else the first
    one needing the fewest implicit conversions; None when no overload fits."""
    if name in MATRIX_FUNCTIONS:
        return _matrix_function(name, args, conversions)
    best: BuiltinOverload | None = None
    best_cost = len(args) + 1
    for candidate in _candidates(name):
        cost = conversions.cost(candidate.params, args, candidate.out_params)
        if cost == 0:
            return candidate
        if cost is not None and cost < best_cost:
            best, best_cost = candidate, cost
    return best


def _as_float_vector(type_: Type, conversions: Conversions) -> VectorType | None:
    """`type_` if a float vector, or the float vector an int vector converts to."""
    if not isinstance(type_, VectorType):
        return None
    if type_.kind is ScalarKind.FLOAT:
        return type_
    wanted = VectorType(ScalarKind.FLOAT, type_.size)
    return wanted if conversions.allows(type_, wanted) else None


def _matrix_function(
    name: str, args: tuple[Type, ...], conversions: Conversions
) -> BuiltinOverload | None:
    def overload(result: Type, params: tuple[Type, ...]) -> BuiltinOverload:
        return BuiltinOverload(name, params, result)

    if name == "outerProduct" and len(args) == 2:
        column = _as_float_vector(args[0], conversions)
        row = _as_float_vector(args[1], conversions)
        if column is not None and row is not None and column.bits == row.bits:
            return overload(MatrixType(row.size, column.size, column.bits), (column, row))
        return None
    if not args or not all(isinstance(a, MatrixType) for a in args):
        return None
    matrix = args[0]
    assert isinstance(matrix, MatrixType)
    square = matrix.columns == matrix.rows
    if name == "matrixCompMult" and len(args) == 2 and args[1] == matrix:
        return overload(matrix, args)
    if name == "transpose" and len(args) == 1:
        return overload(MatrixType(matrix.rows, matrix.columns, matrix.bits), args)
    if name == "determinant" and len(args) == 1 and square:
        return overload(ScalarType(ScalarKind.FLOAT, matrix.bits), args)
    if name == "inverse" and len(args) == 1 and square:
        return overload(matrix, args)
    return None


# The atomics whose final value does not depend on the order of the invocations that run
# them, when a memory location takes only one of them: what the generator draws and the
# interpreter runs (generate/atomics.py, interp/atomics.py). atomicExchange and
# atomicCompSwap are left out: their final value depends on that order.
# Built-ins that order a work group's invocations or their memory accesses rather than
# compute a value (the catalogue's barrier rows and the subgroup ones).
SYNCHRONISATION: frozenset[str] = frozenset(
    {
        "barrier",
        "memoryBarrier",
        "memoryBarrierAtomicCounter",
        "memoryBarrierBuffer",
        "memoryBarrierImage",
        "memoryBarrierShared",
        "groupMemoryBarrier",
        "subgroupBarrier",
        "subgroupMemoryBarrier",
        "subgroupMemoryBarrierBuffer",
        "subgroupMemoryBarrierImage",
        "subgroupMemoryBarrierShared",
    }
)
ORDER_INDEPENDENT_ATOMICS: tuple[str, ...] = (
    "atomicAdd",
    "atomicMin",
    "atomicMax",
    "atomicAnd",
    "atomicOr",
    "atomicXor",
)
# Their image forms, `imageAtomicAdd(img, p, v)` & co. (generate/image_atomics.py), each
# the update of its plain form on one texel (interp/textures.py lowers it so).
IMAGE_ATOMIC_OF: dict[str, str] = {
    "image" + name[0].upper() + name[1:]: name for name in ORDER_INDEPENDENT_ATOMICS
}
ORDER_INDEPENDENT_IMAGE_ATOMICS: tuple[str, ...] = tuple(IMAGE_ATOMIC_OF)
