"""The subgroup built-ins (analysis/subgroups.py) on the values of a subgroup's lanes.

The interpreter models a subgroup size S, a run parameter: the invocations of a work group
form subgroups of S consecutive local invocation indices (lane = index % S), the last one
partial when the work group's size is not a multiple of S, with its missing lanes
inactive. That is how lavapipe (S = 8 on AVX2 hosts), SwiftShader (S = 4) and NVIDIA
(S = 32) lay out a compute work group; tests/test_subgroups.py checks it on the drivers.

A collective operation gets the values of the subgroup's active lanes in lane order and
gives each lane its result (`collective`); the scheduler (interp/dispatch.py) gathers them.
Integer arithmetic wraps in two's complement, as SPIR-V's OpGroupNonUniformIAdd/IMul
define it; floats are refused in the EXACT float mode (the order of a float reduction is
the driver's, so its rounding is not defined) and bounded over every order in the
INTERVAL mode (interval_subgroups.py).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.interp.arithmetic import INT_MAX, INT_MIN, MASK32, wrap_int
from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.interval_subgroups import all_equal, float_arithmetic
from shadersmith.interp.sites import Site
from shadersmith.ir.types import ScalarKind, ScalarType, Type, VectorType

# What a collective operation does: the active lanes' argument tuples in, one result per
# lane out.
Collective = Callable[[Sequence[tuple[Any, ...]]], list[Any]]

_REDUCTIONS: dict[str, Callable[[Any, Any], Any]] = {
    "Add": operator.add,
    "Mul": operator.mul,
    "Min": min,
    "Max": max,
    "And": operator.and_,
    "Or": operator.or_,
    "Xor": operator.xor,
}


def _scalar_kind(type_: Type) -> ScalarKind:
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    raise InterpreterError(f"subgroup operation on a {type_}")


def _identity(op: str, kind: ScalarKind) -> Any:
    if kind is ScalarKind.BOOL:
        return op == "And"
    table = {
        "Add": 0,
        "Mul": 1,
        "Min": INT_MAX if kind is ScalarKind.INT else MASK32,
        "Max": INT_MIN if kind is ScalarKind.INT else 0,
        "And": -1 if kind is ScalarKind.INT else MASK32,
        "Or": 0,
        "Xor": 0,
    }
    return table[op]


def _componentwise(
    scalar: Callable[[Any, Any], Any], kind: ScalarKind
) -> Callable[[Any, Any], Any]:
    """`scalar` on scalars or, component by component, on vectors; wrapped to 32 bits."""
    if kind is ScalarKind.INT:

        def fix(v: Any) -> Any:
            return wrap_int(v)
    elif kind is ScalarKind.UINT:

        def fix(v: Any) -> Any:
            return v & MASK32
    else:

        def fix(v: Any) -> Any:
            return bool(v)

    def combine(a: Any, b: Any) -> Any:
        if isinstance(a, tuple):
            return tuple(fix(scalar(x, y)) for x, y in zip(a, b, strict=True))
        return fix(scalar(a, b))

    return combine


def _arithmetic(name: str, type_: Type, floats: FloatMode) -> Collective:
    """subgroup[Inclusive|Exclusive]<Op>: a reduction or a prefix scan in lane order."""
    kind = _scalar_kind(type_)
    rest = name.removeprefix("subgroup")
    scan = next((s for s in ("Inclusive", "Exclusive") if rest.startswith(s)), "")
    op = rest.removeprefix(scan)
    if kind is ScalarKind.FLOAT:
        if floats is not FloatMode.INTERVAL:
            raise InterpreterError(
                f"{name} on floats: the driver's order of rounding is not defined"
            )
        size = type_.size if isinstance(type_, VectorType) else None
        kernel = float_arithmetic(op, scan, size)
        return lambda lanes: kernel([args[0] for args in lanes])
    combine = _componentwise(_REDUCTIONS[op], kind)
    unit = _identity(op, kind)
    if isinstance(type_, VectorType):
        unit = (unit,) * type_.size

    def run(lanes: Sequence[tuple[Any, ...]]) -> list[Any]:
        values = [args[0] for args in lanes]
        if not scan:
            total = functools.reduce(combine, values, unit)
            return [total] * len(values)
        results, running = [], unit
        for value in values:
            after = combine(running, value)
            results.append(after if scan == "Inclusive" else running)
            running = after
        return results

    return run


def _ballot(lanes: Sequence[tuple[Any, ...]]) -> list[Any]:
    mask = sum(1 << lane for lane, (value,) in enumerate(lanes) if value)
    words = tuple((mask >> (32 * i)) & MASK32 for i in range(4))
    return [words] * len(lanes)


def collective(
    name: str,
    type_: Type,
    arg_types: Sequence[Type],
    site: Site,
    floats: FloatMode = FloatMode.EXACT,
) -> Collective:
    """The collective built-in `name` returning `type_` (see the module docstring); in
    the INTERVAL float mode a float operand's lanes are intervals."""
    if name == "subgroupElect":
        return lambda lanes: [lane == 0 for lane in range(len(lanes))]
    if name in ("subgroupAll", "subgroupAny"):
        pick = all if name == "subgroupAll" else any
        return lambda lanes: [pick(v for (v,) in lanes)] * len(lanes)
    if name == "subgroupAllEqual":
        operand = arg_types[0] if arg_types else None
        if (
            floats is FloatMode.INTERVAL
            and operand is not None
            and _scalar_kind(operand) is ScalarKind.FLOAT
        ):
            size = operand.size if isinstance(operand, VectorType) else None
            equal = all_equal(site, size)
            return lambda lanes: [equal([v for (v,) in lanes])] * len(lanes)
        return lambda lanes: [len({v for (v,) in lanes}) == 1] * len(lanes)
    if name == "subgroupBroadcastFirst":
        return lambda lanes: [lanes[0][0]] * len(lanes)
    if name == "subgroupBroadcast":
        return _broadcast(site)
    if name == "subgroupBallot":
        return _ballot
    if name.startswith("subgroup") and arg_types:
        return _arithmetic(name, arg_types[0], floats)
    raise InterpreterError(f"no subgroup operation {name}")


def _broadcast(site: Site) -> Collective:
    """subgroupBroadcast(v, id): id must be the same in every lane (GLSL requires a
    constant) and name an active lane."""

    def run(lanes: Sequence[tuple[Any, ...]]) -> list[Any]:
        ids = {lane_id for _, lane_id in lanes}
        if len(ids) != 1:
            raise site.ub(UBCategory.NON_UNIFORM_SUBGROUP, f"subgroupBroadcast from lanes {ids}")
        (lane_id,) = ids
        if lane_id >= len(lanes):
            raise site.ub(
                UBCategory.NON_UNIFORM_SUBGROUP,
                f"subgroupBroadcast from lane {lane_id}, but only {len(lanes)} are active",
            )
        return [lanes[lane_id][0]] * len(lanes)

    return run


def _mask(ballot: tuple[int, ...]) -> int:
    return sum(word << (32 * i) for i, word in enumerate(ballot))


def local(name: str, site: Site) -> Callable[[int, int, tuple[Any, ...]], Any]:
    """The built-in `name` that reads only this invocation's values: a function of the
    subgroup size, the lane and the arguments."""

    def bit_count(size: int, lane: int, args: tuple[Any, ...]) -> int:
        return bin(_mask(args[0]) & ((1 << size) - 1)).count("1")

    def inclusive(size: int, lane: int, args: tuple[Any, ...]) -> int:
        return bin(_mask(args[0]) & ((1 << (lane + 1)) - 1)).count("1")

    def exclusive(size: int, lane: int, args: tuple[Any, ...]) -> int:
        return bin(_mask(args[0]) & ((1 << lane) - 1)).count("1")

    def inverse(size: int, lane: int, args: tuple[Any, ...]) -> bool:
        return bool(_mask(args[0]) >> lane & 1)

    def extract(size: int, lane: int, args: tuple[Any, ...]) -> bool:
        if args[1] >= size:
            raise site.ub(
                UBCategory.NON_UNIFORM_SUBGROUP,
                f"subgroupBallotBitExtract of bit {args[1]} of a subgroup of {size}",
            )
        return bool(_mask(args[0]) >> args[1] & 1)

    def find(size: int, lane: int, args: tuple[Any, ...]) -> int:
        bits = _mask(args[0]) & ((1 << size) - 1)
        if not bits:
            raise site.ub(UBCategory.NON_UNIFORM_SUBGROUP, f"{name} of a ballot with no bit set")
        return (bits & -bits).bit_length() - 1 if name.endswith("LSB") else bits.bit_length() - 1

    table = {
        "subgroupBallotBitCount": bit_count,
        "subgroupBallotInclusiveBitCount": inclusive,
        "subgroupBallotExclusiveBitCount": exclusive,
        "subgroupInverseBallot": inverse,
        "subgroupBallotBitExtract": extract,
        "subgroupBallotFindLSB": find,
        "subgroupBallotFindMSB": find,
    }
    return table[name]
