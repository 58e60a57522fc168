"""Atomic counters in multi-invocation compute programs (SmithOptions.atomic_probability).

A program that draws them gets one or two extra fields in its last output buffer, arrays
of 1-4 uint or int *counters*. The counters are never in the generator's scope: no plain
read or write reaches them, only statements `atomicAdd(buf.counter[i], e);` (or atomicMin,
Max, And, Or, Xor) whose returned old value is discarded, since it depends on the order in
which the invocations run. Each counter field has one operation, so every update of an
element commutes with every other and the final values, read back by the harness, are the
same whatever the order. The interpreter runs the updates in its own order and its race
sanitizer lets atomics meet atomics, never a plain access (interp/atomics.py, races.py).

The decision and the counters are drawn from a random stream of the seed's own, so with
atomics off (or not drawn) the program is the one the generator made before atomics
existed; the statements come from the generator's stream (divergence.py).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.analysis.builtins import ORDER_INDEPENDENT_ATOMICS
from shadersmith.generate.interface import field_access
from shadersmith.generate.invocations import InvocationLayout
from shadersmith.ir.expressions import Binary, Call, CallKind, Expression, Index, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import BufferAccess, BufferField, StorageBuffer
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import INT, UINT, ArrayType, ScalarType
from shadersmith.ir.values import BufferValues, Value

if TYPE_CHECKING:
    from shadersmith.config.generator_options import SmithOptions
    from shadersmith.generate.statements import StatementGenerator
    from shadersmith.ir.profile import LanguageProfile

# The updates drawn and run: those whose final value is order-independent.
ATOMIC_OPERATIONS = ORDER_INDEPENDENT_ATOMICS
# The chance that a statement of a program with counters is an atomic update.
ATOMIC_STATEMENT = 0.1


@dataclass(frozen=True)
class AtomicTarget:
    """A counter field: how the program reaches it, its element type, its length and the
    one operation that updates it."""

    access: Expression
    element: ScalarType
    length: int
    operation: str


def add_atomic_targets(
    seed: int,
    options: SmithOptions,
    profile: LanguageProfile,
    layout: InvocationLayout | None,
    buffers: tuple[StorageBuffer, ...],
    values: BufferValues,
) -> tuple[tuple[StorageBuffer, ...], BufferValues, tuple[AtomicTarget, ...]]:
    """`buffers` and their initial `values` with counter fields added, and the counters;
    unchanged and none when the program draws no atomics."""
    if options.atomic_probability <= 0.0 or layout is None or not profile.atomics:
        return buffers, values, ()
    rng = random.Random(f"shadersmith-atomics-{seed}")
    if rng.random() >= options.atomic_probability:
        return buffers, values, ()
    position = max(i for i, b in enumerate(buffers) if b.access is not BufferAccess.INPUT)
    buffer = buffers[position]
    stem = buffer.block_name.removeprefix("buf_")
    fields: list[tuple[BufferField, ScalarType, int, str]] = []
    initial: dict[str, Value] = {}
    for number in range(rng.randint(1, 2)):
        element = rng.choice((INT, UINT))
        length = rng.randint(1, 4)
        field = BufferField(f"{stem}_atomic{number}", ArrayType(element, length))
        if element == UINT:
            initial[field.name] = tuple(rng.getrandbits(32) for _ in range(length))
        else:
            initial[field.name] = tuple(rng.getrandbits(32) - 2**31 for _ in range(length))
        fields.append((field, element, length, rng.choice(ATOMIC_OPERATIONS)))
    extended = dataclasses.replace(buffer, fields=buffer.fields + tuple(f[0] for f in fields))
    targets = [
        AtomicTarget(field_access(extended, field), element, length, operation)
        for field, element, length, operation in fields
    ]
    new_values = dict(values)
    new_values[buffer.block_name] = {**values[buffer.block_name], **initial}
    new_buffers = (*buffers[:position], extended, *buffers[position + 1 :])
    return new_buffers, new_values, tuple(targets)


def atomic_statement(
    gen: StatementGenerator, targets: tuple[AtomicTarget, ...], slot: Expression
) -> Statement:
    """`atomicOp(counter[i], e);` on a drawn counter: i a literal or, at times, the
    invocation's `slot % length`; e any expression of the element type."""
    rng = gen.rng
    target = rng.choice(targets)
    index: Expression = Literal(UINT, rng.randrange(target.length))
    if target.length > 1 and rng.random() < 0.3:
        index = Binary(UINT, BinaryOp.MOD, slot, Literal(UINT, target.length))
    place = Index(target.element, target.access, index)
    value = gen.exprs.expression(target.element)
    call = Call(target.element, target.operation, (place, value), CallKind.BUILTIN)
    gen.ctx.choices[f"atomic:{target.operation}"] += 1
    return ExprStmt(call)
