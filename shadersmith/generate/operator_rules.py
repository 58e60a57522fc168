"""Which operators the generator offers for a result type: the typing table
(`shadersmith.analysis.typing`) says which operand types give it; this module only says
which operators are drawn, in which order (seeded programs depend on it).

The generator works top-down: it knows the type it needs and asks which operator and
operand types produce it, never relying on an implicit conversion. Floats get `+ - *`
only: exact-float programs never divide (`%` and the bit operators refuse floats anyway).
A compound assignment `a op= b` needs `a op b` to have the type of `a`.
"""

from __future__ import annotations

from shadersmith.analysis.typing import compound_assign_values, operands_giving
from shadersmith.ir.operators import (
    ARITHMETIC_OPS,
    BITWISE_OPS,
    COMPOUND_ASSIGN_FOR,
    SHIFT_OPS,
    AssignOp,
    BinaryOp,
)
from shadersmith.ir.types import ScalarKind, ScalarType, Type, VectorType, kind_of

# Operand type pairs of one operator.
Shapes = tuple[tuple[Type, Type], ...]
# Every operator giving a result type, with its operand shapes.
BinaryRules = tuple[tuple[BinaryOp, Shapes], ...]

ORDERING_OPS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE)
EQUALITY_OPS = (BinaryOp.EQ, BinaryOp.NE)
LOGICAL_OPS = (BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_XOR)
# The operators drawn, in this order, for whatever result type they can give.
_BINARY_OPS = (
    *ORDERING_OPS,
    *EQUALITY_OPS,
    *LOGICAL_OPS,
    *ARITHMETIC_OPS,
    *BITWISE_OPS,
    *SHIFT_OPS,
)
# The compound assignments drawn, in this order (after `=`).
_COMPOUND_OPS = tuple(COMPOUND_ASSIGN_FOR[op] for op in (*ARITHMETIC_OPS, *BITWISE_OPS, *SHIFT_OPS))


def value_kinds(floats: bool) -> tuple[ScalarKind, ...]:
    kinds = (ScalarKind.BOOL, ScalarKind.INT, ScalarKind.UINT)
    return (*kinds, ScalarKind.FLOAT) if floats else kinds


def scalar_and_vector_types(floats: bool) -> tuple[ScalarType | VectorType, ...]:
    result: list[ScalarType | VectorType] = []
    for kind in value_kinds(floats):
        result.append(ScalarType(kind))
        result.extend(VectorType(kind, n) for n in (2, 3, 4))
    return tuple(result)


def _never_generated(op: BinaryOp, result: Type) -> bool:
    """Float division: exact-float programs never divide."""
    return op is BinaryOp.DIV and kind_of(result) is ScalarKind.FLOAT


_binary_cache: dict[tuple[Type, bool], BinaryRules] = {}


def binary_rules(result: Type, floats: bool) -> BinaryRules:
    """Operators and operand types whose result is `result` (empty when none)."""
    key = (result, floats)
    cached = _binary_cache.get(key)
    if cached is not None:
        return cached
    types = scalar_and_vector_types(floats)
    rules: list[tuple[BinaryOp, Shapes]] = []
    for op in _BINARY_OPS:
        shapes = operands_giving(op, result, types)
        if shapes and not _never_generated(op, result):
            rules.append((op, shapes))
    frozen = tuple(rules)
    _binary_cache[key] = frozen
    return frozen


# Compound assignments: target type -> (operator, value types) pairs.
AssignRules = tuple[tuple[AssignOp, tuple[Type, ...]], ...]
_assign_cache: dict[tuple[Type, bool], AssignRules] = {}


def assign_rules(target: Type, floats: bool) -> AssignRules:
    """Assignment operators applicable to an l-value of type `target`, with the value
    types each accepts (`=` always takes the target type)."""
    key = (target, floats)
    cached = _assign_cache.get(key)
    if cached is not None:
        return cached
    types = scalar_and_vector_types(floats)
    rules: list[tuple[AssignOp, tuple[Type, ...]]] = [(AssignOp.ASSIGN, (target,))]
    for op in _COMPOUND_OPS:
        binary = op.binary
        assert binary is not None
        values = compound_assign_values(op, target, types)
        if values and not _never_generated(binary, target):
            rules.append((op, values))
    frozen = tuple(rules)
    _assign_cache[key] = frozen
    return frozen


# Operators whose right operand must not fold to a bad value (see constness.py).
NONZERO_RIGHT = frozenset({BinaryOp.DIV, BinaryOp.MOD, AssignOp.DIV, AssignOp.MOD})
SHIFT_RIGHT = frozenset({BinaryOp.SHL, BinaryOp.SHR, AssignOp.SHL, AssignOp.SHR})
