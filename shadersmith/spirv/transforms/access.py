"""Make a vector access dynamic: `OpCompositeExtract v i` becomes `OpVectorExtractDynamic
v c` with `c` a 32-bit integer constant holding `i`, so a consumer sees an index it must
fold (or not) itself. The index is in range by construction (it was a literal index into
the same vector), so the result is the same component.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Id, Literal
from shadersmith.spirv.transforms.analysis import Analysis, claim, clone, type_operands
from shadersmith.spirv.transforms.base import FieldParameters, Transformation


@dataclass(frozen=True)
class DynamicParams(FieldParameters):
    """The OpCompositeExtract whose result is `instruction` reads its component through
    the constant `fresh` where the module has no 32-bit integer constant of the index."""

    instruction: int
    fresh: int


def _int32_types(analysis: Analysis) -> list[int]:
    return [
        instruction.result_id
        for instruction in analysis.module.globals
        if instruction.opname == "OpTypeInt"
        and instruction.operands[0] == Literal(32)
        and instruction.result_id is not None
    ]


def _index_of(analysis: Analysis, result: int) -> int | None:
    """The literal index of a one-index OpCompositeExtract from a vector, in a function."""
    defined = analysis.index.definition(result)
    if defined is None or result not in analysis.places or defined.opname != "OpCompositeExtract":
        return None
    if len(defined.operands) != 2 or not isinstance(defined.operands[1], Literal):
        return None
    composite = analysis.index.definition(int(defined.operands[0].value))
    if composite is None or composite.result_type is None:
        return None
    name, _ = type_operands(analysis, composite.result_type)
    return defined.operands[1].value if name == "OpTypeVector" else None


def _index_constant(analysis: Analysis, index: int) -> int | None:
    for type_id in _int32_types(analysis):
        found = analysis.constant("OpConstant", type_id, Literal(index))
        if found is not None:
            return found
    return None


def _find_dynamic(module: Module, rng: random.Random) -> DynamicParams | None:
    analysis = Analysis(module)
    if not _int32_types(analysis):
        return None
    found = sorted(result for result in analysis.places if _index_of(analysis, result) is not None)
    return DynamicParams(rng.choice(found), module.header.bound) if found else None


def _dynamic_applies(module: Module, params: DynamicParams) -> bool:
    analysis = Analysis(module)
    return (
        bool(_int32_types(analysis))
        and _index_of(analysis, params.instruction) is not None
        and analysis.unused([params.fresh])
    )


def _dynamic(module: Module, params: DynamicParams) -> Module:
    analysis = Analysis(module)
    index = _index_of(analysis, params.instruction)
    assert index is not None
    edited = clone(module)
    constant = _index_constant(analysis, index)
    if constant is None:
        constant = params.fresh
        edited.globals.append(
            Instruction.make(
                "OpConstant",
                Literal(index),
                result_type=_int32_types(analysis)[0],
                result_id=constant,
            )
        )
    for function in edited.functions:
        for block in function.blocks:
            for position, instruction in enumerate(block.body):
                if instruction.result_id == params.instruction:
                    block.body[position] = Instruction.make(
                        "OpVectorExtractDynamic",
                        instruction.operands[0],
                        Id(constant),
                        result_type=instruction.result_type,
                        result_id=instruction.result_id,
                    )
    claim(edited, [params.fresh])
    return edited


MAKE_VECTOR_ACCESS_DYNAMIC = Transformation(
    "make-vector-access-dynamic", DynamicParams.from_json, _find_dynamic, _dynamic_applies, _dynamic
)
