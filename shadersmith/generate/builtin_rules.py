"""The exact built-ins of the typing table (`shadersmith.analysis.builtins`) regrouped for
top-down generation: result type -> names -> overloads.

A name is chosen before an overload so that every built-in gets its share: picking among
overloads directly would favour `min`/`max`/`clamp`, which have several per result type.
Names are weighted by 1/sqrt(number of result types they have), because a name that
returns one type only (`cross`: vec3, `dot`: float) is asked for far less often than a
generic one (`abs`: eight types); without it `cross` would be rare.
"""

from __future__ import annotations

import math

from shadersmith.analysis.builtins import EXACT_BY_RESULT, EXACT_OVERLOADS, BuiltinOverload
from shadersmith.analysis.opt_in_builtins import OPT_IN_BY_RESULT, OPT_IN_OVERLOADS
from shadersmith.ir.types import VOID, ScalarKind, Type, kind_of

# (cumulative weight in (0, 1], name, overloads of that name returning the type)
WeightedNames = tuple[tuple[float, str, tuple[BuiltinOverload, ...]], ...]

# Parameters that select bits (offset, bits): kept small when a front-end could fold them.
BIT_RANGE_PARAMS: dict[str, frozenset[int]] = {
    "bitfieldExtract": frozenset({1, 2}),
    "bitfieldInsert": frozenset({2, 3}),
}


def _uses_float(overload: BuiltinOverload) -> bool:
    return any(kind_of(t) is ScalarKind.FLOAT for t in (*overload.params, overload.result))


def overloads_returning(
    result: Type, floats: bool, opt_in: bool = False
) -> tuple[BuiltinOverload, ...]:
    """The exact overloads returning `result`; float-using ones only when `floats`; with
    `opt_in`, analysis/opt_in_builtins.py's after them."""
    overloads = EXACT_BY_RESULT.get(result, ())
    if opt_in:
        overloads = (*overloads, *OPT_IN_BY_RESULT.get(result, ()))
    return tuple(o for o in overloads if floats or not _uses_float(o))


def overloads_writing(floats: bool, opt_in: bool = False) -> tuple[BuiltinOverload, ...]:
    """The overloads with a value and an `out` parameter (uaddCarry, with `opt_in` frexp),
    in registry order; float-using ones only when `floats`."""
    overloads = (*EXACT_OVERLOADS, *(OPT_IN_OVERLOADS if opt_in else ()))
    return tuple(
        o for o in overloads if o.out_params and o.result != VOID and (floats or not _uses_float(o))
    )


def _result_type_counts() -> dict[str, int]:
    results: dict[str, list[Type]] = {}
    for overload in (*EXACT_OVERLOADS, *OPT_IN_OVERLOADS):
        seen = results.setdefault(overload.name, [])
        if overload.result not in seen:
            seen.append(overload.result)
    return {name: len(types) for name, types in results.items()}


_RESULT_TYPE_COUNTS = _result_type_counts()
_cache: dict[tuple[Type, bool, bool], WeightedNames] = {}


def builtins_returning(result: Type, floats: bool, opt_in: bool = False) -> WeightedNames:
    """Built-in names with an overload returning `result`, in registry order, with
    cumulative weights; float-using overloads only when `floats`; the opt-in ones
    (analysis/opt_in_builtins.py) only with `opt_in`, after the others, so that without
    them every weight and draw is the one of before."""
    key = (result, floats, opt_in)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    grouped: dict[str, list[BuiltinOverload]] = {}
    for overload in overloads_returning(result, floats, opt_in):
        grouped.setdefault(overload.name, []).append(overload)
    weights = [1.0 / math.sqrt(_RESULT_TYPE_COUNTS[name]) for name in grouped]
    total = sum(weights)
    running = 0.0
    named = []
    for weight, (name, overloads) in zip(weights, grouped.items(), strict=True):
        running += weight
        named.append((running / total, name, tuple(overloads)))
    _cache[key] = tuple(named)
    return _cache[key]


def draw_name(weighted: WeightedNames, draw: float) -> tuple[str, tuple[BuiltinOverload, ...]]:
    for bound, name, overloads in weighted:
        if draw < bound:
            return name, overloads
    return weighted[-1][1], weighted[-1][2]
