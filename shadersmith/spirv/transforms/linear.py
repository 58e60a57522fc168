"""Expand linear algebra into scalar arithmetic: `OpVectorTimesScalar v s` becomes each
component `OpCompositeExtract`ed, multiplied by `s` and the products put together again
by `OpCompositeConstruct`; `OpDot a b` becomes the products of the components summed
left to right, `((a0*b0 + a1*b1) + a2*b2) + a3*b3`, the order of GLSL's definition of
dot (the SPIR-V specification gives none).

The vector product is exact (the same multiplications); the dot product is exact on the
project's programs, whose float values are small whole numbers, and a driver may order
its own dot product's additions any way. A result decorated NoContraction passes the
decoration to every new multiplication and addition, so no fused multiply-add appears
that the original forbade.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id, Literal, Operand
from shadersmith.spirv.transforms.analysis import Analysis, claim, clone, find_block, type_operands
from shadersmith.spirv.transforms.arithmetic import NO_CONTRACTION, has_no_contraction
from shadersmith.spirv.transforms.base import FieldParameters, Transformation

EXPANDED = frozenset({"OpVectorTimesScalar", "OpDot"})


@dataclass(frozen=True)
class ExpandParams(FieldParameters):
    """The OpVectorTimesScalar or OpDot `instruction` expanded, its new ids `fresh`,
    `fresh + 1`, ... (as many as its vector's size asks for: 2n for a product by a
    scalar, 4n - 2 for a dot product of n components)."""

    instruction: int
    fresh: int


def _shape(analysis: Analysis, result: int) -> tuple[str, int, int] | None:
    """(opname, component type, component count) of an expandable instruction."""
    defined = analysis.index.definition(result)
    if defined is None or result not in analysis.places or defined.opname not in EXPANDED:
        return None
    vector = analysis.index.definition(int(defined.operands[0].value))
    if vector is None or vector.result_type is None:
        return None
    name, operands = type_operands(analysis, vector.result_type)
    if name != "OpTypeVector":
        return None
    return defined.opname, operands[0], operands[1]


def _needed(opname: str, count: int) -> int:
    return 2 * count if opname == "OpVectorTimesScalar" else 4 * count - 2


def _find_expand(module: Module, rng: random.Random) -> ExpandParams | None:
    analysis = Analysis(module)
    found = sorted(r for r in analysis.places if _shape(analysis, r) is not None)
    return ExpandParams(rng.choice(found), module.header.bound) if found else None


def _expand_applies(module: Module, params: ExpandParams) -> bool:
    analysis = Analysis(module)
    shape = _shape(analysis, params.instruction)
    if shape is None:
        return False
    return analysis.unused(range(params.fresh, params.fresh + _needed(shape[0], shape[2])))


def _expansion(defined: Instruction, component: int, count: int, fresh: int) -> list[Instruction]:
    ids = iter(range(fresh, fresh + _needed(defined.opname, count)))
    first, second = defined.operands
    expanded: list[Instruction] = []

    def add(opname: str, *operands: Operand, result: int | None = None) -> Id:
        made = next(ids) if result is None else result
        expanded.append(Instruction.make(opname, *operands, result_type=component, result_id=made))
        return Id(made)

    if defined.opname == "OpVectorTimesScalar":
        products = [
            add("OpFMul", add("OpCompositeExtract", first, Literal(index)), second)
            for index in range(count)
        ]
        expanded.append(
            Instruction.make(
                "OpCompositeConstruct",
                *products,
                result_type=defined.result_type,
                result_id=defined.result_id,
            )
        )
        return expanded
    products = []
    for index in range(count):
        left = add("OpCompositeExtract", first, Literal(index))
        right = add("OpCompositeExtract", second, Literal(index))
        products.append(add("OpFMul", left, right))
    total = products[0]
    for index, product in enumerate(products[1:], start=2):
        total = add("OpFAdd", total, product, result=defined.result_id if index == count else None)
    return expanded


def _expand(module: Module, params: ExpandParams) -> Module:
    analysis = Analysis(module)
    shape = _shape(analysis, params.instruction)
    assert shape is not None
    _, component, count = shape
    place = analysis.places[params.instruction]
    defined = analysis.index.definitions[params.instruction]
    edited = clone(module)
    _, block = find_block(edited, place.block)
    expanded = _expansion(defined, component, count, params.fresh)
    block.body[place.position : place.position + 1] = expanded
    if has_no_contraction(analysis, params.instruction):
        # The new multiplications and additions (the last addition is the decorated result).
        arithmetic = [
            instruction.result_id
            for instruction in expanded
            if instruction.opname in ("OpFMul", "OpFAdd")
            and instruction.result_id not in (None, params.instruction)
        ]
        for result in arithmetic:
            assert result is not None
            edited.annotations.append(
                Instruction.make("OpDecorate", Id(result), Enum("Decoration", NO_CONTRACTION))
            )
    claim(edited, range(params.fresh, params.fresh + _needed(defined.opname, count)))
    return edited


EXPAND_LINEAR_ALGEBRA = Transformation(
    "expand-linear-algebra", ExpandParams.from_json, _find_expand, _expand_applies, _expand
)
