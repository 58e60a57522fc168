"""Which operators GLSL accepts on which operand types, without implicit conversions.

Tables are indexed by the *result* type, because the generator works top-down: it
knows the type it needs and asks which operator and operand types produce it.

Rules (GLSL 4.50 / ESSL 3.10, section 5.9):
- `+ - * / %` and `& | ^`: operands of one component kind; a scalar may be paired with a
  vector (`ivec3 * int`, `int - ivec3`); `%`, `&`, `|`, `^` integers only; floats get
  `+ - *` only (exact-float programs never divide).
- `<< >>`: integer operands of any signedness; a vector left operand takes a scalar or a
  same-size vector; a scalar left operand takes a scalar; the result has the left type.
- `< > <= >=`: scalar int, uint or float operands; `== !=`: any two equal types.
- `&& || ^^`: scalar bools.
- compound assignment `a op= b` needs `a op b` to have the type of `a`.
"""

from __future__ import annotations

from shadersmith.ir.operators import (
    ARITHMETIC_OPS,
    BITWISE_OPS,
    COMPOUND_ASSIGN_FOR,
    SHIFT_OPS,
    AssignOp,
    BinaryOp,
    UnaryOp,
)
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)

# Operand type pairs of one operator.
Shapes = tuple[tuple[Type, Type], ...]
# Every operator giving a result type, with its operand shapes.
BinaryRules = tuple[tuple[BinaryOp, Shapes], ...]

ORDERING_OPS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE)
EQUALITY_OPS = (BinaryOp.EQ, BinaryOp.NE)
LOGICAL_OPS = (BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_XOR)
FLOAT_ARITHMETIC_OPS = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
DIVISION_OPS = (BinaryOp.DIV, BinaryOp.MOD)


def value_kinds(floats: bool) -> tuple[ScalarKind, ...]:
    kinds = (ScalarKind.BOOL, ScalarKind.INT, ScalarKind.UINT)
    return (*kinds, ScalarKind.FLOAT) if floats else kinds


def scalar_and_vector_types(floats: bool) -> tuple[ScalarType | VectorType, ...]:
    result: list[ScalarType | VectorType] = []
    for kind in value_kinds(floats):
        result.append(ScalarType(kind))
        result.extend(VectorType(kind, n) for n in (2, 3, 4))
    return tuple(result)


def _component_shapes(result: ScalarType | VectorType) -> Shapes:
    """`T op T`, and for a vector also `T op scalar` and `scalar op T`."""
    if isinstance(result, VectorType):
        s = result.component
        return ((result, result), (result, s), (s, result))
    return ((result, result),)


def _shift_shapes(result: ScalarType | VectorType) -> Shapes:
    shapes: list[tuple[Type, Type]] = [(result, INT), (result, UINT)]
    if isinstance(result, VectorType):
        shapes.append((result, VectorType(ScalarKind.INT, result.size)))
        shapes.append((result, VectorType(ScalarKind.UINT, result.size)))
    return tuple(shapes)


_binary_cache: dict[tuple[Type, bool], BinaryRules] = {}


def binary_rules(result: Type, floats: bool) -> BinaryRules:
    """Operators and operand types whose result is `result` (empty when none)."""
    key = (result, floats)
    cached = _binary_cache.get(key)
    if cached is not None:
        return cached
    rules: list[tuple[BinaryOp, Shapes]] = []
    if result == BOOL:
        ordered: list[Type] = [INT, UINT, FLOAT] if floats else [INT, UINT]
        for op in ORDERING_OPS:
            rules.append((op, tuple((t, t) for t in ordered)))
        comparable = scalar_and_vector_types(floats)
        for op in EQUALITY_OPS:
            rules.append((op, tuple((t, t) for t in comparable)))
        for op in LOGICAL_OPS:
            rules.append((op, ((BOOL, BOOL),)))
    elif isinstance(result, ScalarType | VectorType):
        if result.kind.is_integer:
            for op in (*ARITHMETIC_OPS, *BITWISE_OPS):
                rules.append((op, _component_shapes(result)))
            for op in SHIFT_OPS:
                rules.append((op, _shift_shapes(result)))
        elif result.kind is ScalarKind.FLOAT and floats:
            for op in FLOAT_ARITHMETIC_OPS:
                rules.append((op, _component_shapes(result)))
    frozen = tuple(rules)
    _binary_cache[key] = frozen
    return frozen


def unary_ops(result: Type) -> tuple[UnaryOp, ...]:
    """Unary operators whose result (= operand) type is `result`."""
    if result == BOOL:
        return (UnaryOp.NOT,)
    if isinstance(result, ScalarType | VectorType):
        if result.kind.is_integer:
            return (UnaryOp.NEG, UnaryOp.PLUS, UnaryOp.BIT_NOT)
        if result.kind is ScalarKind.FLOAT:
            return (UnaryOp.NEG, UnaryOp.PLUS)
    return ()


def supports_inc_dec(type_: Type) -> bool:
    return isinstance(type_, ScalarType | VectorType) and type_.kind.is_numeric


# Compound assignments: target type -> (operator, value types) pairs.
AssignRules = tuple[tuple[AssignOp, tuple[Type, ...]], ...]
_assign_cache: dict[Type, AssignRules] = {}


def assign_rules(target: Type) -> AssignRules:
    """Assignment operators applicable to an l-value of type `target`, with the value
    types each accepts (`=` always takes the target type)."""
    cached = _assign_cache.get(target)
    if cached is not None:
        return cached
    rules: list[tuple[AssignOp, tuple[Type, ...]]] = [(AssignOp.ASSIGN, (target,))]
    if isinstance(target, ScalarType | VectorType) and target.kind.is_numeric:
        same_kind: tuple[Type, ...] = (target,)
        if isinstance(target, VectorType):
            same_kind = (target, target.component)
        if target.kind is ScalarKind.FLOAT:
            ops: tuple[BinaryOp, ...] = FLOAT_ARITHMETIC_OPS
        else:
            ops = (*ARITHMETIC_OPS, *BITWISE_OPS)
        for op in ops:
            rules.append((COMPOUND_ASSIGN_FOR[op], same_kind))
        if target.kind.is_integer:
            shift_values = tuple(right for _, right in _shift_shapes(target))
            for op in SHIFT_OPS:
                rules.append((COMPOUND_ASSIGN_FOR[op], shift_values))
    frozen = tuple(rules)
    _assign_cache[target] = frozen
    return frozen


# Operators whose right operand must not fold to a bad value (see constness.py).
NONZERO_RIGHT = frozenset({BinaryOp.DIV, BinaryOp.MOD, AssignOp.DIV, AssignOp.MOD})
SHIFT_RIGHT = frozenset({BinaryOp.SHL, BinaryOp.SHR, AssignOp.SHL, AssignOp.SHR})
