"""The registry of built-in functions the IR knows: every overload, spelled out.

GLSL describes built-ins with generic types (genIType is int, ivec2, ivec3 or ivec4 ...).
The registry expands them once, so a generator can ask "which overloads return ivec3?"
and a type checker "which overload takes (uint, int, int)?" by a dictionary look-up.

Only built-ins whose results are exactly defined on the values our programs hold are
listed: integer and boolean ones in full, and float ones built on +, - and * (seed 004,
section 4.2.6), which stay exact on the exact-integer float set.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    VOID,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    vector_or_scalar,
)


@dataclass(frozen=True, slots=True)
class BuiltinOverload:
    name: str
    params: tuple[Type, ...]
    result: Type
    # Indices of `out` parameters (uaddCarry's carry, ...): arguments must be l-values.
    out_params: frozenset[int] = frozenset()


def _gen(kind: ScalarKind) -> list[ScalarType | VectorType]:
    return [vector_or_scalar(kind, n) for n in (1, 2, 3, 4)]


def _vec(kind: ScalarKind) -> list[VectorType]:
    return [VectorType(kind, n) for n in (2, 3, 4)]


def _same_size(kind: ScalarKind, like: Type) -> ScalarType | VectorType:
    size = like.size if isinstance(like, VectorType) else 1
    return vector_or_scalar(kind, size)


_INT_KINDS = (ScalarKind.INT, ScalarKind.UINT)
_NUMERIC_KINDS = (ScalarKind.INT, ScalarKind.UINT, ScalarKind.FLOAT)
_ALL_KINDS = (ScalarKind.BOOL, ScalarKind.INT, ScalarKind.UINT, ScalarKind.FLOAT)


def _overloads() -> Iterable[BuiltinOverload]:
    for kind in (ScalarKind.INT, ScalarKind.FLOAT):
        for t in _gen(kind):
            yield BuiltinOverload("abs", (t,), t)
            yield BuiltinOverload("sign", (t,), t)
    for kind in _NUMERIC_KINDS:
        for t in _gen(kind):
            s = ScalarType(kind)
            for name in ("min", "max"):
                yield BuiltinOverload(name, (t, t), t)
                if t != s:
                    yield BuiltinOverload(name, (t, s), t)
            yield BuiltinOverload("clamp", (t, t, t), t)
            if t != s:
                yield BuiltinOverload("clamp", (t, s, s), t)
    for kind in _ALL_KINDS:
        for t in _gen(kind):
            yield BuiltinOverload("mix", (t, t, _same_size(ScalarKind.BOOL, t)), t)
    for kind in _INT_KINDS:
        for t in _gen(kind):
            as_int = _same_size(ScalarKind.INT, t)
            yield BuiltinOverload("bitfieldExtract", (t, INT, INT), t)
            yield BuiltinOverload("bitfieldInsert", (t, t, INT, INT), t)
            yield BuiltinOverload("bitfieldReverse", (t,), t)
            yield BuiltinOverload("bitCount", (t,), as_int)
            yield BuiltinOverload("findLSB", (t,), as_int)
            yield BuiltinOverload("findMSB", (t,), as_int)
    for t in _gen(ScalarKind.UINT):
        yield BuiltinOverload("uaddCarry", (t, t, t), t, frozenset({2}))
        yield BuiltinOverload("usubBorrow", (t, t, t), t, frozenset({2}))
        yield BuiltinOverload("umulExtended", (t, t, t, t), VOID, frozenset({2, 3}))
    for t in _gen(ScalarKind.INT):
        yield BuiltinOverload("imulExtended", (t, t, t, t), VOID, frozenset({2, 3}))
    for kind in _NUMERIC_KINDS:
        for t in _vec(kind):
            b = _same_size(ScalarKind.BOOL, t)
            for name in ("lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual"):
                yield BuiltinOverload(name, (t, t), b)
    for kind in _ALL_KINDS:
        for t in _vec(kind):
            b = _same_size(ScalarKind.BOOL, t)
            yield BuiltinOverload("equal", (t, t), b)
            yield BuiltinOverload("notEqual", (t, t), b)
    for t in _vec(ScalarKind.BOOL):
        yield BuiltinOverload("any", (t,), BOOL)
        yield BuiltinOverload("all", (t,), BOOL)
        yield BuiltinOverload("not", (t,), t)
    for t in _gen(ScalarKind.FLOAT):
        for name in ("floor", "ceil", "trunc", "round", "roundEven"):
            yield BuiltinOverload(name, (t,), t)
        yield BuiltinOverload("floatBitsToInt", (t,), _same_size(ScalarKind.INT, t))
        yield BuiltinOverload("floatBitsToUint", (t,), _same_size(ScalarKind.UINT, t))
    for t in _vec(ScalarKind.FLOAT):
        yield BuiltinOverload("dot", (t, t), FLOAT)
    vec3 = VectorType(ScalarKind.FLOAT, 3)
    yield BuiltinOverload("cross", (vec3, vec3), vec3)


ALL_OVERLOADS: tuple[BuiltinOverload, ...] = tuple(_overloads())

BY_NAME: dict[str, tuple[BuiltinOverload, ...]] = {}
BY_RESULT: dict[Type, tuple[BuiltinOverload, ...]] = {}
for _overload in ALL_OVERLOADS:
    BY_NAME[_overload.name] = (*BY_NAME.get(_overload.name, ()), _overload)
    BY_RESULT[_overload.result] = (*BY_RESULT.get(_overload.result, ()), _overload)

# Built-ins that compute on floats; the reconditioner wraps their results (seed 003, 4.3).
FLOAT_RESULT_BUILTINS = frozenset({"abs", "sign", "min", "max", "clamp", "mix", "dot", "cross"})


def find_overload(name: str, arg_types: tuple[Type, ...]) -> BuiltinOverload | None:
    """The overload of `name` taking exactly `arg_types` (GLSL has no implicit
    conversion in our programs: emitters always convert explicitly)."""
    for overload in BY_NAME.get(name, ()):
        if overload.params == arg_types:
            return overload
    return None
