"""The atomic built-ins on a buffer or shared element: `atomicAdd(buf.f[i], v)` & co.

Each performs its read-modify-write in one step of the running invocation, with the
sanitizer told that the access is atomic (races.ATOMIC), so that atomic updates of one
slot by several invocations are no race while a plain access beside them still is. The
interpreter runs invocations in its own order; the generator makes that order not matter
(it discards the returned old value and gives each element one commutative operation).
atomicAdd wraps around in two's complement for int and uint alike: GLSL and SPIR-V define
it so, unlike the ordinary signed `+` that the reconditioner guards.
"""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.analysis.builtins import ORDER_INDEPENDENT_ATOMICS
from shadersmith.interp.arithmetic import MASK32, wrap_int
from shadersmith.ir.types import ScalarKind

# The updates drawn and run: those whose final value is order-independent.
ATOMIC_OPERATIONS = ORDER_INDEPENDENT_ATOMICS

_OPERATIONS: dict[str, Callable[[int, int], int]] = {
    "atomicAdd": lambda a, b: a + b,
    "atomicMin": min,
    "atomicMax": max,
    "atomicAnd": lambda a, b: a & b,
    "atomicOr": lambda a, b: a | b,
    "atomicXor": lambda a, b: a ^ b,
}


def atomic_operation(name: str, kind: ScalarKind) -> Callable[[int, int], int]:
    """The new value of an element of `kind` (INT or UINT) that `name` updates by an
    operand; Python's bitwise operators on negative ints are two's complement already."""
    operation = _OPERATIONS[name]
    if kind is ScalarKind.UINT:
        return lambda a, b: operation(a, b) & MASK32
    return lambda a, b: wrap_int(operation(a, b))
