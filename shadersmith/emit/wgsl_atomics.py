"""Atomics in WGSL: counters declared atomic and reached through pointers.

GLSL's atomic built-ins update any int or uint buffer or shared element in place; WGSL's
take a pointer to an `atomic<i32>` or `atomic<u32>`, a type that only storage and
workgroup variables may hold and that no plain read or write reaches. So a *counter*, a
storage-buffer field or shared variable (a scalar, or an array of scalars) that some
atomic call updates, is declared with atomic elements (`array<atomic<u32>, 4>`, laid out
as `array<u32, 4>` is, so the harness's std430 bytes stay as they are), and:

- the call's first argument is the element's address: `atomicAdd(&buf.c[i], e)`, a call
  statement when its old value is discarded (WGSL ignores the value of a call statement
  unless the function is `@must_use`, which the atomics are not);
- a plain read of a counter element is `atomicLoad(&buf.c[i])`, a plain `=` to one
  `atomicStore(&buf.c[i], e)`;
- anything else on a counter (a compound assignment, ++, the whole array as a value)
  raises WGSLEmitError.

The generator's counters only ever meet the first rule: they are out of the generator's
scope and only atomic statements name them (generate/atomics.py). Loads and stores are for
programs the GLSL front-end reads (atomics on shared memory, with plain initialisation)
or a reducer changes.
"""

from __future__ import annotations

from shadersmith.analysis.builtins import ORDER_INDEPENDENT_ATOMICS
from shadersmith.emit.wgsl_types import WGSLEmitError, type_text
from shadersmith.ir.expressions import Call, CallKind, Expression, Index, Member, VariableRef
from shadersmith.ir.program import Program
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, Type
from shadersmith.ir.walk import iter_nodes

# The atomic read-modify-writes spelled alike in both languages (GLSL's atomicCompSwap
# would be WGSL's atomicCompareExchangeWeak, which may fail spuriously: not emitted).
ATOMIC_BUILTINS = frozenset({*ORDER_INDEPENDENT_ATOMICS, "atomicExchange"})

# A counter, as the IR names it: (variable,) for a shared variable or a field of a block
# without an instance name, (instance, field) for a field of a named block.
Place = tuple[str, ...]


def place_of(expr: Expression) -> Place | None:
    """The variable or block field `expr` names, if it names one directly."""
    if isinstance(expr, VariableRef):
        return (expr.name,)
    if isinstance(expr, Member) and isinstance(expr.base, VariableRef):
        return (expr.base.name, expr.field)
    return None


def is_atomic_call(expr: Expression) -> bool:
    return (
        isinstance(expr, Call) and expr.kind is CallKind.BUILTIN and expr.callee in ATOMIC_BUILTINS
    )


def counters(program: Program) -> frozenset[Place]:
    """The places the program's atomic calls update; a call on anything but an element
    of a writable storage field or a shared variable raises WGSLEmitError."""
    allowed = _atomic_capable(program)
    found: set[Place] = set()
    for node in iter_nodes(program):
        if not is_atomic_call(node):
            continue
        assert isinstance(node, Call)
        target = node.args[0]
        base = target.base if isinstance(target, Index) else target
        place = place_of(base)
        if place is None or place not in allowed or not isinstance(target.type, ScalarType):
            raise WGSLEmitError(
                f"{node.callee} on something other than an element of a storage-buffer "
                "field or shared variable: WGSL's atomics live only there"
            )
        found.add(place)
    return frozenset(found)


def _atomic_capable(program: Program) -> set[Place]:
    """Fields of read_write storage buffers and shared variables: where WGSL allows
    atomic types."""
    places: set[Place] = {(shared.name,) for shared in program.shared}
    for buffer in program.buffers:
        if buffer.uniform or buffer.readonly:
            continue
        for field in buffer.fields:
            if buffer.instance_name is None:
                places.add((field.name,))
            else:
                places.add((buffer.instance_name, field.name))
    return places


def counter_type_text(type_: Type) -> str:
    """A counter's type with atomic elements: `atomic<i32>`, `array<atomic<u32>, 4>`."""
    if isinstance(type_, ArrayType):
        inner = counter_type_text(type_.element)
        return f"array<{inner}>" if type_.length is None else f"array<{inner}, {type_.length}>"
    if isinstance(type_, ScalarType) and type_.kind in (ScalarKind.INT, ScalarKind.UINT):
        return f"atomic<{type_text(type_)}>"
    raise WGSLEmitError(f"WGSL has no atomic {type_} (only i32 and u32)")
