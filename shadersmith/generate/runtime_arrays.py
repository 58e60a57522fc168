"""Runtime-sized buffer arrays and `.length()` (issue 36).

With SmithOptions.runtime_array_probability, a compute program's storage buffer whose last
field is an array reached only through `[i]` becomes runtime-sized (`int f[];`, WGSL
`array<i32>`): its values keep their elements, so the length the harness binds (the
values' count, targets/runners/std430.py) is the old one, and the reconditioner bounds
indices with that count (recondition/buffer_values.py). Each non-constant int index into
such an array becomes, with one chance in two, `i % f.length()`: the length read at run
time. Drawn from a stream of the seed's own once the program is complete, so that without
it the program is the one of before; labels `runtime_array:*` count them in the choices.
Buffers read through a buffer reference, uniform and push-constant blocks are left alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from shadersmith.ir.expressions import (
    ArrayLength,
    Binary,
    Expression,
    Index,
    Literal,
    Member,
    VariableRef,
)
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Program, Stage, StorageBuffer
from shadersmith.ir.types import INT, ArrayType
from shadersmith.ir.walk import iter_nodes, transform


def _is_field(expr: object, buffer: StorageBuffer, field: str) -> bool:
    if buffer.instance_name is None:
        return isinstance(expr, VariableRef) and expr.name == field
    return (
        isinstance(expr, Member)
        and expr.field == field
        and isinstance(expr.base, VariableRef)
        and expr.base.name == buffer.instance_name
    )


def _only_indexed(program: Program, buffer: StorageBuffer, field: str) -> bool:
    """Whether every use of the field is the base of an index (no whole-array copy,
    assignment or argument, which a runtime-sized array cannot be)."""
    uses = indexed = 0
    for node in iter_nodes(program):
        if _is_field(node, buffer, field):
            uses += 1
        elif isinstance(node, Index) and _is_field(node.base, buffer, field):
            indexed += 1
    return uses == indexed


def unsize_arrays(
    program: Program, seed: int, probability: float, choices: Counter[str]
) -> Program:
    """`program` with some buffers' last arrays runtime-sized (see above)."""
    if probability <= 0.0 or program.stage is not Stage.COMPUTE:
        return program
    rng = random.Random(f"shadersmith-runtime-arrays-{seed}")
    buffers = []
    for buffer in program.buffers:
        last = buffer.fields[-1] if buffer.fields else None
        plain = not buffer.uniform and not buffer.push_constant
        sized = last is not None and isinstance(last.type, ArrayType) and last.type.length
        if not (plain and sized) or buffer.block_name in program.buffer_references:
            buffers.append(buffer)
            continue
        if rng.random() >= probability:
            buffers.append(buffer)
            continue
        assert last is not None and isinstance(last.type, ArrayType)
        if not _only_indexed(program, buffer, last.name):
            buffers.append(buffer)
            continue
        program = _unsize(program, buffer, last.name, last.type, rng, choices)
        unsized = ArrayType(last.type.element, None)
        field = dataclasses.replace(last, type=unsized)
        buffers.append(dataclasses.replace(buffer, fields=(*buffer.fields[:-1], field)))
        choices["runtime_array:declared"] += 1
    return dataclasses.replace(program, buffers=tuple(buffers))


def _unsize(
    program: Program,
    buffer: StorageBuffer,
    field: str,
    sized: ArrayType,
    rng: random.Random,
    choices: Counter[str],
) -> Program:
    unsized = ArrayType(sized.element, None)

    def retype(node: Any) -> Any:
        if isinstance(node, Index) and _is_field(node.base, buffer, field):
            old: Any = node.base  # a VariableRef or a Member (_is_field)
            base = dataclasses.replace(old, type=unsized)
            index: Expression = node.index
            if index.type == INT and not isinstance(index, Literal) and rng.random() < 0.5:
                length = ArrayLength(INT, base)
                index = Binary(INT, BinaryOp.MOD, index, length)
                choices["runtime_array:length"] += 1
            return dataclasses.replace(node, base=base, index=index)
        return node

    return transform(program, retype)
