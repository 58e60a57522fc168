"""Opaque values: constants the compiler cannot see (GraphicsFuzz, seed 002 section 3).

A transformation that must be semantics-preserving guards its injected code with values
that are fixed (0, 1, true, false) but that a compiler cannot fold, because they come from
an input block the test fills at run time: `_opaque.one` is 1 in every run, yet to the
compiler it is any int. Dead code under `if (opaque_false)` must therefore be compiled,
and `x + opaque_zero` cannot be simplified away before the optimiser has proven nothing.

The block is a read-only storage buffer in a compute shader and a std140 uniform block in
a fragment shader (as the generator's own inputs are), bound after every other block.
"""

from __future__ import annotations

import dataclasses

from shadersmith.ir.expressions import Binary, Expression, Literal, Member, VariableRef
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import BufferAccess, BufferField, Program, Stage, StorageBuffer
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
)
from shadersmith.ir.values import BufferValues

OPAQUE_BLOCK = "_OpaqueValues"
OPAQUE_INSTANCE = "_opaque"
# field -> (type, value): the values every run gives the block.
OPAQUE_FIELDS: dict[str, tuple[ScalarType, int | float]] = {
    "zero": (INT, 0),
    "one": (INT, 1),
    "uzero": (UINT, 0),
    "uone": (UINT, 1),
    "fzero": (FLOAT, 0.0),
    "fone": (FLOAT, 1.0),
}
_STRUCT = StructType(OPAQUE_BLOCK, tuple(StructField(n, t) for n, (t, _) in OPAQUE_FIELDS.items()))


def with_opaque_block(program: Program, values: BufferValues) -> tuple[Program, BufferValues]:
    """`program` with the opaque block declared (once) and its values."""
    if any(b.block_name == OPAQUE_BLOCK for b in program.buffers):
        return program, values
    binding = 1 + max((b.binding for b in program.buffers), default=-1)
    block = StorageBuffer(
        OPAQUE_BLOCK,
        OPAQUE_INSTANCE,
        binding,
        tuple(BufferField(n, t) for n, (t, _) in OPAQUE_FIELDS.items()),
        BufferAccess.INPUT,
        readonly=True,
        uniform=program.stage is Stage.FRAGMENT,
    )
    extended = dataclasses.replace(program, buffers=(*program.buffers, block))
    new_values = dict(values)
    new_values[OPAQUE_BLOCK] = {n: v for n, (_, v) in OPAQUE_FIELDS.items()}
    return extended, new_values


def opaque(field: str) -> Expression:
    """`_opaque.<field>`."""
    return Member(OPAQUE_FIELDS[field][0], VariableRef(_STRUCT, OPAQUE_INSTANCE), field)


def opaque_zero(kind: ScalarKind) -> Expression:
    return opaque(
        {ScalarKind.INT: "zero", ScalarKind.UINT: "uzero", ScalarKind.FLOAT: "fzero"}[kind]
    )


def opaque_one(kind: ScalarKind) -> Expression:
    return opaque({ScalarKind.INT: "one", ScalarKind.UINT: "uone", ScalarKind.FLOAT: "fone"}[kind])


def opaque_true() -> Expression:
    """`(_opaque.one == 1)`: true in every run."""
    return Binary(BOOL, BinaryOp.EQ, opaque("one"), Literal(INT, 1))


def opaque_false() -> Expression:
    """`(_opaque.zero != 0)`: false in every run."""
    return Binary(BOOL, BinaryOp.NE, opaque("zero"), Literal(INT, 0))
