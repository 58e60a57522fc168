"""Arithmetic transformations: swap a commutative instruction's operands, add `x + 0`,
`x | 0`, `x ^ 0` or `x * 1` as a synonym of an integer `x`, and decorate a float
arithmetic result NoContraction.

Integers only for the identities: `x + 0.0` is not `x` for x = -0.0, and `x * 1.0` may
flush a denormal. NoContraction only forbids fusing the decorated operation with another
(the specification allows it on any arithmetic instruction); the original already
computed each operation unfused wherever a driver chose to, so the decorated result is
one the original module could give.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id, Literal
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    fresh_ids,
    insert,
    type_operands,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation

# Exactly commutative, bit for bit (IEEE addition and multiplication are; so is equality).
COMMUTATIVE = frozenset(
    {
        "OpIAdd",
        "OpIMul",
        "OpFAdd",
        "OpFMul",
        "OpLogicalAnd",
        "OpLogicalOr",
        "OpLogicalEqual",
        "OpLogicalNotEqual",
        "OpBitwiseAnd",
        "OpBitwiseOr",
        "OpBitwiseXor",
        "OpIEqual",
        "OpINotEqual",
        "OpFOrdEqual",
        "OpFOrdNotEqual",
        "OpFUnordEqual",
        "OpFUnordNotEqual",
        "OpDot",
    }
)


def _results(module: Module, opnames: frozenset[str]) -> list[int]:
    """The results of function-body instructions of `opnames`, in module order."""
    return [
        instruction.result_id
        for function in module.functions
        for block in function.blocks
        for instruction in block.body
        if instruction.opname in opnames and instruction.result_id is not None
    ]


@dataclass(frozen=True)
class SwapParams(FieldParameters):
    instruction: int  # the result id of the commutative instruction


def _find_swap(module: Module, rng: random.Random) -> SwapParams | None:
    found = _results(module, COMMUTATIVE)
    return SwapParams(rng.choice(found)) if found else None


def _swap_applies(module: Module, params: SwapParams) -> bool:
    analysis = Analysis(module)
    defined = analysis.index.definition(params.instruction)
    return (
        params.instruction in analysis.places
        and defined is not None
        and defined.opname in COMMUTATIVE
        and len(defined.operands) == 2
    )


def _swap(module: Module, params: SwapParams) -> Module:
    edited = clone(module)
    for function in edited.functions:
        for block in function.blocks:
            for position, instruction in enumerate(block.body):
                if instruction.result_id == params.instruction:
                    first, second = instruction.operands
                    block.body[position] = Instruction(
                        instruction.opcode,
                        instruction.result_type,
                        instruction.result_id,
                        (second, first),
                    )
    return edited


SWAP_COMMUTABLE_OPERANDS = Transformation(
    "swap-commutable-operands", SwapParams.from_json, _find_swap, _swap_applies, _swap
)

# The identity each operation has, by the constant it takes: 0 or 1.
IDENTITIES = {"OpIAdd": 0, "OpBitwiseOr": 0, "OpBitwiseXor": 0, "OpIMul": 1}


@dataclass(frozen=True)
class IdentityParams(FieldParameters):
    """`fresh = target <operation> identity`, inserted at (block, offset). The constant is
    the module's own where it has one; otherwise it is made from `constant_ids` (the
    scalar, then the vector of it)."""

    operation: str
    target: int
    block: int
    offset: int
    fresh: int
    constant_ids: tuple[int, int]


def _int32_shape(analysis: Analysis, value_id: int) -> tuple[int, int, int] | None:
    """(value's type, its scalar int type, component count) for a 32-bit integer scalar or
    vector value; None otherwise."""
    defined = analysis.index.definition(value_id)
    if defined is None or defined.result_type is None:
        return None
    type_id = defined.result_type
    name, operands = type_operands(analysis, type_id)
    scalar, count = type_id, 1
    if name == "OpTypeVector":
        scalar, count = operands
        name, operands = type_operands(analysis, scalar)
    if name != "OpTypeInt" or operands[0] != 32:
        return None
    return type_id, scalar, count


def _find_identity(module: Module, rng: random.Random) -> IdentityParams | None:
    analysis = Analysis(module)
    point = analysis.random_point(rng)
    if point is None:
        return None
    candidates = [
        value for value in analysis.values_at(*point) if _int32_shape(analysis, value) is not None
    ]
    if not candidates:
        return None
    fresh, scalar, vector = fresh_ids(module, 3)
    operation = rng.choice(sorted(IDENTITIES))
    return IdentityParams(operation, rng.choice(candidates), *point, fresh, (scalar, vector))


def _identity_applies(module: Module, params: IdentityParams) -> bool:
    analysis = Analysis(module)
    return (
        params.operation in IDENTITIES
        and analysis.is_point(params.block, params.offset)
        and _int32_shape(analysis, params.target) is not None
        and analysis.available(params.target, params.block, params.offset)
        and analysis.unused([params.fresh, *params.constant_ids])
    )


def _identity_constant(edited: Module, analysis: Analysis, params: IdentityParams) -> int:
    """The identity's constant of the target's type: found, or added to the globals."""
    shape = _int32_shape(analysis, params.target)
    assert shape is not None
    type_id, scalar, count = shape
    value = IDENTITIES[params.operation]
    if value == 0:
        # OpConstantNull is zero for a scalar and a vector alike.
        found = analysis.constant("OpConstantNull", type_id)
        if found is not None:
            return found
        made = params.constant_ids[0]
        edited.globals.append(
            Instruction.make("OpConstantNull", result_type=type_id, result_id=made)
        )
        return made
    one = analysis.constant("OpConstant", scalar, Literal(1))
    if one is None:
        one = params.constant_ids[0]
        edited.globals.append(
            Instruction.make("OpConstant", Literal(1), result_type=scalar, result_id=one)
        )
    if count == 1:
        return one
    ones = tuple(Id(one) for _ in range(count))
    found = analysis.constant("OpConstantComposite", type_id, *ones)
    if found is not None:
        return found
    made = params.constant_ids[1]
    edited.globals.append(
        Instruction.make("OpConstantComposite", *ones, result_type=type_id, result_id=made)
    )
    return made


def _identity(module: Module, params: IdentityParams) -> Module:
    analysis = Analysis(module)
    edited = clone(module)
    constant = _identity_constant(edited, analysis, params)
    type_id = analysis.index.definitions[params.target].result_type
    synonym = Instruction.make(
        params.operation,
        Id(params.target),
        Id(constant),
        result_type=type_id,
        result_id=params.fresh,
    )
    insert(edited, params.block, params.offset, synonym)
    claim(edited, [params.fresh, *params.constant_ids])
    return edited


ADD_ARITHMETIC_SYNONYM = Transformation(
    "add-arithmetic-synonym", IdentityParams.from_json, _find_identity, _identity_applies, _identity
)

# Float arithmetic: the instructions NoContraction may decorate that produce floats.
FLOAT_ARITHMETIC = frozenset(
    {
        "OpFAdd",
        "OpFSub",
        "OpFMul",
        "OpFDiv",
        "OpFNegate",
        "OpVectorTimesScalar",
        "OpMatrixTimesScalar",
        "OpVectorTimesMatrix",
        "OpMatrixTimesVector",
        "OpMatrixTimesMatrix",
        "OpDot",
    }
)
NO_CONTRACTION = 42  # Decoration NoContraction


@dataclass(frozen=True)
class DecorateParams(FieldParameters):
    target: int  # the result id of a float arithmetic instruction


def has_no_contraction(analysis: Analysis, target: int) -> bool:
    return any(
        isinstance(operand, Enum)
        and operand.kind == "Decoration"
        and operand.value == NO_CONTRACTION
        for decoration in analysis.index.decorations(target)
        for operand in decoration.operands[1:2]
    )


def _find_decorate(module: Module, rng: random.Random) -> DecorateParams | None:
    analysis = Analysis(module)
    found = [
        target
        for target in _results(module, FLOAT_ARITHMETIC)
        if not has_no_contraction(analysis, target)
    ]
    return DecorateParams(rng.choice(found)) if found else None


def _decorate_applies(module: Module, params: DecorateParams) -> bool:
    analysis = Analysis(module)
    defined = analysis.index.definition(params.target)
    return (
        params.target in analysis.places
        and defined is not None
        and defined.opname in FLOAT_ARITHMETIC
        and not has_no_contraction(analysis, params.target)
    )


def _decorate(module: Module, params: DecorateParams) -> Module:
    edited = clone(module)
    edited.annotations.append(
        Instruction.make("OpDecorate", Id(params.target), Enum("Decoration", NO_CONTRACTION))
    )
    return edited


ADD_NO_CONTRACTION = Transformation(
    "add-no-contraction", DecorateParams.from_json, _find_decorate, _decorate_applies, _decorate
)
