"""Comparison transformations: invert a comparison (`a < b` becomes `!(a >= b)`), mirror
one (`a < b` becomes `b > a`), and replace a use of a boolean constant with a comparison
of integer constants (`true` becomes `1 < 2`).

Each is exact, NaN included: a float comparison's inverse pairs ordered with unordered
(`!(a <o b)` is `a >=u b`, since an unordered comparison is true where either operand is
NaN and the ordered one false), and mirroring keeps the kind (`a <o b` is `b >o a`).
Equality is left to swap-commutable-operands (its mirror is itself).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Id, Literal
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    insertion_offsets,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation


def _both_ways(pairs: dict[str, str]) -> dict[str, str]:
    return {**pairs, **{second: first for first, second in pairs.items()}}


# not (a OP b) == a INVERSE[OP] b, bit for bit.
INVERSE = _both_ways(
    {
        "OpIEqual": "OpINotEqual",
        "OpLogicalEqual": "OpLogicalNotEqual",
        "OpSLessThan": "OpSGreaterThanEqual",
        "OpSGreaterThan": "OpSLessThanEqual",
        "OpULessThan": "OpUGreaterThanEqual",
        "OpUGreaterThan": "OpULessThanEqual",
        "OpFOrdEqual": "OpFUnordNotEqual",
        "OpFOrdNotEqual": "OpFUnordEqual",
        "OpFOrdLessThan": "OpFUnordGreaterThanEqual",
        "OpFOrdGreaterThan": "OpFUnordLessThanEqual",
        "OpFOrdLessThanEqual": "OpFUnordGreaterThan",
        "OpFOrdGreaterThanEqual": "OpFUnordLessThan",
    }
)
# a OP b == b MIRROR[OP] a.
MIRROR = _both_ways(
    {
        "OpSLessThan": "OpSGreaterThan",
        "OpSLessThanEqual": "OpSGreaterThanEqual",
        "OpULessThan": "OpUGreaterThan",
        "OpULessThanEqual": "OpUGreaterThanEqual",
        "OpFOrdLessThan": "OpFOrdGreaterThan",
        "OpFOrdLessThanEqual": "OpFOrdGreaterThanEqual",
        "OpFUnordLessThan": "OpFUnordGreaterThan",
        "OpFUnordLessThanEqual": "OpFUnordGreaterThanEqual",
    }
)


def _comparisons(analysis: Analysis, table: dict[str, str]) -> list[int]:
    """The results of function-body comparisons `table` knows, in id order."""
    return sorted(
        result
        for result in analysis.places
        if (defined := analysis.index.definition(result)) is not None
        and defined.opname in table
        and len(defined.operands) == 2
    )


def _replace_instruction(module: Module, result: int, *replacements: Instruction) -> None:
    """The body instruction whose result is `result` becomes `replacements` (a clone)."""
    for function in module.functions:
        for block in function.blocks:
            for position, instruction in enumerate(block.body):
                if instruction.result_id == result:
                    block.body[position : position + 1] = replacements
                    return
    raise KeyError(f"no instruction %{result}")


@dataclass(frozen=True)
class InvertParams(FieldParameters):
    """The comparison `instruction` becomes `fresh = <inverse> a b; instruction =
    OpLogicalNot fresh` (its uses keep their id)."""

    instruction: int
    fresh: int


def _find_invert(module: Module, rng: random.Random) -> InvertParams | None:
    found = _comparisons(Analysis(module), INVERSE)
    return InvertParams(rng.choice(found), fresh_ids(module, 1)[0]) if found else None


def _invert_applies(module: Module, params: InvertParams) -> bool:
    analysis = Analysis(module)
    return params.instruction in _comparisons(analysis, INVERSE) and analysis.unused([params.fresh])


def _invert(module: Module, params: InvertParams) -> Module:
    comparison = module.index().definitions[params.instruction]
    edited = clone(module)
    inverse = Instruction.make(
        INVERSE[comparison.opname],
        *comparison.operands,
        result_type=comparison.result_type,
        result_id=params.fresh,
    )
    negation = Instruction.make(
        "OpLogicalNot",
        Id(params.fresh),
        result_type=comparison.result_type,
        result_id=params.instruction,
    )
    _replace_instruction(edited, params.instruction, inverse, negation)
    claim(edited, [params.fresh])
    return edited


INVERT_COMPARISON = Transformation(
    "invert-comparison", InvertParams.from_json, _find_invert, _invert_applies, _invert
)


@dataclass(frozen=True)
class MirrorParams(FieldParameters):
    instruction: int  # the result id of the ordering comparison


def _find_mirror(module: Module, rng: random.Random) -> MirrorParams | None:
    found = _comparisons(Analysis(module), MIRROR)
    return MirrorParams(rng.choice(found)) if found else None


def _mirror_applies(module: Module, params: MirrorParams) -> bool:
    return params.instruction in _comparisons(Analysis(module), MIRROR)


def _mirror(module: Module, params: MirrorParams) -> Module:
    comparison = module.index().definitions[params.instruction]
    edited = clone(module)
    first, second = comparison.operands
    mirrored = Instruction.make(
        MIRROR[comparison.opname],
        second,
        first,
        result_type=comparison.result_type,
        result_id=comparison.result_id,
    )
    _replace_instruction(edited, params.instruction, mirrored)
    return edited


MIRROR_COMPARISON = Transformation(
    "mirror-comparison", MirrorParams.from_json, _find_mirror, _mirror_applies, _mirror
)


@dataclass(frozen=True)
class BooleanParams(FieldParameters):
    """Operand `operand` of the instruction at `offset` in `block` (the terminator where
    `offset == len(body)`), an OpConstantTrue or OpConstantFalse, becomes `fresh =
    OpSLessThan one two` (or `two one` for false), inserted just before the instruction
    (before the merge instruction for a terminator). `constant_ids` make the 32-bit
    integer constants 1 and 2 where the module lacks them."""

    block: int
    offset: int
    operand: int
    fresh: int
    constant_ids: tuple[int, int]


def _int_type(analysis: Analysis) -> int | None:
    """A 32-bit integer type of the module (the first declared)."""
    for instruction in analysis.module.globals:
        if instruction.opname == "OpTypeInt" and instruction.operands[0] == Literal(32):
            return instruction.result_id
    return None


def _boolean_use(analysis: Analysis, params: BooleanParams) -> bool | None:
    """The constant's value where the operand is a use of a scalar boolean constant in an
    instruction that may take a computed value (not an OpPhi, whose value would have to
    be computed in a predecessor, nor an OpVariable's initialiser)."""
    found = analysis.blocks.get(params.block)
    if found is None or not 0 <= params.offset <= len(found[1].body):
        return None
    block = found[1]
    instruction = (
        block.terminator if params.offset == len(block.body) else block.body[params.offset]
    )
    if instruction.opname in ("OpPhi", "OpVariable"):
        return None
    if not 0 <= params.operand < len(instruction.operands):
        return None
    operand = instruction.operands[params.operand]
    constant = analysis.index.definition(operand.value) if isinstance(operand, Id) else None
    if constant is None or constant.opname not in ("OpConstantTrue", "OpConstantFalse"):
        return None
    return constant.opname == "OpConstantTrue"


def _find_boolean(module: Module, rng: random.Random) -> BooleanParams | None:
    analysis = Analysis(module)
    if _int_type(analysis) is None:
        return None
    fresh, one, two = fresh_ids(module, 3)
    candidates = []
    for label, (_, block) in analysis.blocks.items():
        for offset, instruction in enumerate([*block.body, block.terminator]):
            for position in range(len(instruction.operands)):
                params = BooleanParams(label, offset, position, fresh, (one, two))
                if _boolean_use(analysis, params) is not None:
                    candidates.append(params)
    return rng.choice(candidates) if candidates else None


def _boolean_applies(module: Module, params: BooleanParams) -> bool:
    analysis = Analysis(module)
    return (
        _int_type(analysis) is not None
        and _boolean_use(analysis, params) is not None
        and analysis.unused([params.fresh, *params.constant_ids])
    )


def _boolean(module: Module, params: BooleanParams) -> Module:
    analysis = Analysis(module)
    value = _boolean_use(analysis, params)
    int_type = _int_type(analysis)
    assert value is not None and int_type is not None
    edited = clone(module)
    made = []
    for literal, fresh in zip((1, 2), params.constant_ids, strict=True):
        found = analysis.constant("OpConstant", int_type, Literal(literal))
        if found is None:
            found = fresh
            edited.globals.append(
                Instruction.make(
                    "OpConstant", Literal(literal), result_type=int_type, result_id=fresh
                )
            )
        made.append(found)
    one, two = made if value else reversed(made)
    _, block = find_block(edited, params.block)
    at_end = params.offset == len(block.body)
    instruction = block.terminator if at_end else block.body[params.offset]
    bool_type = analysis.index.definitions[int(instruction.operands[params.operand].value)]
    operands = list(instruction.operands)
    operands[params.operand] = Id(params.fresh)
    changed = Instruction(
        instruction.opcode, instruction.result_type, instruction.result_id, tuple(operands)
    )
    comparison = Instruction.make(
        "OpSLessThan",
        Id(one),
        Id(two),
        result_type=bool_type.result_type,
        result_id=params.fresh,
    )
    if at_end:
        block.terminator = changed
        block.body.insert(insertion_offsets(block)[-1], comparison)
    else:
        block.body[params.offset : params.offset + 1] = [comparison, changed]
    claim(edited, [params.fresh, *params.constant_ids])
    return edited


REPLACE_BOOLEAN_CONSTANT = Transformation(
    "replace-boolean-constant-with-comparison",
    BooleanParams.from_json,
    _find_boolean,
    _boolean_applies,
    _boolean,
)
