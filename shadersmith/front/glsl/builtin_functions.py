"""The GLSL built-in function catalogue the front-end type-checks calls against.

`shadersmith.ir.builtins` lists only the built-ins our generators may use (exact ones);
real shaders call the whole library (sin, texture, imageStore, atomicAdd, ...). Signatures
are written once with generic placeholders, as the GLSL specification writes them:

- `T`: the generic type of the row's scalar kinds, scalar or vector (genFType, genIType,
  ...); `vT` its vector forms only; `sT` its scalar.
- `B`, `I`, `U`, `F`, `D`: bool, int, uint, float, double of the same size as `T`
  (`vB`: vector only).
- anything else is a type name: `float`, `vec3`, `atomic_uint`, ...
- `out ` / `inout ` before a parameter: the argument must be an l-value.

Each row is `kinds | result name(params)`, kinds among f (float), d (double), i, u, b,
i64, u64. Matrix functions and texture/image functions are typed by code (textures.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.front.glsl.builtin_types import BASIC_TYPES
from shadersmith.front.glsl.typecheck import Conversions
from shadersmith.ir.types import (
    MatrixType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    vector_or_scalar,
)

_CATALOGUE = """
f | T radians(T); T degrees(T); T sin(T); T cos(T); T tan(T); T asin(T); T acos(T)
f | T atan(T, T); T atan(T); T sinh(T); T cosh(T); T tanh(T); T asinh(T); T acosh(T)
f | T atanh(T); T pow(T, T); T exp(T); T log(T); T exp2(T); T log2(T)
f d | T sqrt(T); T inversesqrt(T)
f d i i64 | T abs(T); T sign(T)
f d | T floor(T); T trunc(T); T round(T); T roundEven(T); T ceil(T); T fract(T)
f d | T mod(T, T); T mod(T, sT); T modf(T, out T)
f d i u i64 u64 | T min(T, T); T min(T, sT); T max(T, T); T max(T, sT)
f d i u i64 u64 | T clamp(T, T, T); T clamp(T, sT, sT)
f d | T mix(T, T, T); T mix(T, T, sT)
f d i u b i64 u64 | T mix(T, T, B)
f d | T step(T, T); T step(sT, T); T smoothstep(T, T, T); T smoothstep(sT, sT, T)
f d | B isnan(T); B isinf(T); T fma(T, T, T); T frexp(T, out I); T ldexp(T, I)
f | I floatBitsToInt(T); U floatBitsToUint(T); F intBitsToFloat(I); F uintBitsToFloat(U)
d | I64 doubleBitsToInt64(T); U64 doubleBitsToUint64(T)
d | D int64BitsToDouble(I64); D uint64BitsToDouble(U64)
f | uint packUnorm2x16(vec2); uint packSnorm2x16(vec2); uint packUnorm4x8(vec4)
f | uint packSnorm4x8(vec4); vec2 unpackUnorm2x16(uint); vec2 unpackSnorm2x16(uint)
f | vec4 unpackUnorm4x8(uint); vec4 unpackSnorm4x8(uint); uint packHalf2x16(vec2)
f | vec2 unpackHalf2x16(uint); double packDouble2x32(uvec2); uvec2 unpackDouble2x32(double)
f | int64_t packInt2x32(ivec2); ivec2 unpackInt2x32(int64_t)
f | uint64_t packUint2x32(uvec2); uvec2 unpackUint2x32(uint64_t)
f d | sT length(T); sT distance(T, T); sT dot(T, T); T normalize(T)
f d | T faceforward(T, T, T); T reflect(T, T); T refract(T, T, sT); T refract(T, T, float)
f | vec3 cross(vec3, vec3); dvec3 cross(dvec3, dvec3)
f d i u i64 u64 | B lessThan(vT, vT); B lessThanEqual(vT, vT)
f d i u i64 u64 | B greaterThan(vT, vT); B greaterThanEqual(vT, vT)
f d i u b i64 u64 | B equal(vT, vT); B notEqual(vT, vT)
b | bool any(vT); bool all(vT); T not(vT)
i u i64 u64 | T bitfieldExtract(T, int, int); T bitfieldInsert(T, T, int, int)
i u i64 u64 | T bitfieldReverse(T); I bitCount(T); I findLSB(T); I findMSB(T)
u | T uaddCarry(T, T, out T); T usubBorrow(T, T, out T)
u | void umulExtended(T, T, out T, out T)
i | void imulExtended(T, T, out T, out T)
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
"""

_KINDS: dict[str, ScalarType] = {
    "f": ScalarType(ScalarKind.FLOAT),
    "d": ScalarType(ScalarKind.FLOAT, 64),
    "i": ScalarType(ScalarKind.INT),
    "u": ScalarType(ScalarKind.UINT),
    "b": ScalarType(ScalarKind.BOOL),
    "i64": ScalarType(ScalarKind.INT, 64),
    "u64": ScalarType(ScalarKind.UINT, 64),
}
_SIZED = {"B": "b", "I": "i", "U": "u", "F": "f", "D": "d", "I64": "i64", "U64": "u64"}


@dataclass(frozen=True, slots=True)
class _Row:
    kinds: tuple[str, ...]
    result: str
    params: tuple[str, ...]
    out_params: frozenset[int]

    @property
    def vector_only(self) -> bool:
        return any(p.startswith("v") and p[1:] in ("T", *_SIZED) for p in self.params)


def _parse_catalogue() -> dict[str, list[_Row]]:
    rows: dict[str, list[_Row]] = {}
    for line in _CATALOGUE.strip().splitlines():
        kinds_text, _, signatures = line.partition("|")
        kinds = tuple(kinds_text.split())
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
            rows.setdefault(name, []).append(_Row(kinds, result, tuple(params), frozenset(outs)))
    return rows


CATALOGUE: dict[str, list[_Row]] = _parse_catalogue()
MATRIX_FUNCTIONS = frozenset({"matrixCompMult", "outerProduct", "transpose", "determinant"})
MATRIX_FUNCTIONS |= {"inverse"}


@dataclass(frozen=True, slots=True)
class Resolved:
    """A chosen overload: arguments are converted to `params` where they differ."""

    result: Type
    params: tuple[Type, ...]
    out_params: frozenset[int] = frozenset()


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
    return BASIC_TYPES.get(placeholder)


def _candidates(name: str) -> list[Resolved]:
    found: list[Resolved] = []
    for row in CATALOGUE.get(name, []):
        generic = any(
            p in ("T", "vT", "sT", *_SIZED, *("v" + k for k in _SIZED)) for p in row.params
        )
        sizes = (2, 3, 4) if row.vector_only else (1, 2, 3, 4)
        for kind_name in row.kinds:
            for size in sizes if generic else (1,):
                params = [_instantiate(p, _KINDS[kind_name], size) for p in row.params]
                result = _instantiate(row.result, _KINDS[kind_name], size)
                if result is None or any(p is None for p in params):
                    continue
                typed = tuple(p for p in params if p is not None)
                found.append(Resolved(result, typed, row.out_params))
            if not generic:
                break
    return found


_CANDIDATE_CACHE: dict[str, list[Resolved]] = {}


def is_builtin_function(name: str) -> bool:
    return name in CATALOGUE or name in MATRIX_FUNCTIONS


def resolve(name: str, args: tuple[Type, ...], conversions: Conversions) -> Resolved | None:
    """The overload of built-in `name` that `args` select: an exact match, else the one
    needing the fewest implicit conversions; None when no overload fits."""
    if name in MATRIX_FUNCTIONS:
        return _matrix_function(name, args, conversions)
    candidates = _CANDIDATE_CACHE.get(name)
    if candidates is None:
        candidates = _CANDIDATE_CACHE[name] = _candidates(name)
    best: Resolved | None = None
    best_cost = len(args) + 1
    for candidate in candidates:
        if len(candidate.params) != len(args):
            continue
        cost = 0
        for index, (param, arg) in enumerate(zip(candidate.params, args, strict=True)):
            if param == arg:
                continue
            if index in candidate.out_params or not conversions.allows(arg, param):
                cost = -1
                break
            cost += 1
        if cost == 0:
            return candidate
        if 0 < cost < best_cost:
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
) -> Resolved | None:
    if name == "outerProduct" and len(args) == 2:
        column = _as_float_vector(args[0], conversions)
        row = _as_float_vector(args[1], conversions)
        if column is not None and row is not None and column.bits == row.bits:
            return Resolved(MatrixType(row.size, column.size, column.bits), (column, row))
        return None
    if not args or not all(isinstance(a, MatrixType) for a in args):
        return None
    matrix = args[0]
    assert isinstance(matrix, MatrixType)
    square = matrix.columns == matrix.rows
    if name == "matrixCompMult" and len(args) == 2 and args[1] == matrix:
        return Resolved(matrix, args)
    if name == "transpose" and len(args) == 1:
        return Resolved(MatrixType(matrix.rows, matrix.columns, matrix.bits), args)
    if name == "determinant" and len(args) == 1 and square:
        return Resolved(ScalarType(ScalarKind.FLOAT, matrix.bits), args)
    if name == "inverse" and len(args) == 1 and square:
        return Resolved(matrix, args)
    return None
