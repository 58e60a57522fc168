"""What the transformations that make or unmake functions share (outline-function,
inline-function, add-donated-function, add-parameter): a function type found or declared,
an instruction with some ids renamed, a new one-block function, and the decorations a
value carries from one id to another.

spirv-val refuses two OpTypeFunction of the same operands (a duplicate non-aggregate
type), so a function type is the module's own wherever it declares one of that shape.
"""

from __future__ import annotations

from collections.abc import Mapping

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Function, Module
from shadersmith.spirv.operands import Enum, Id

# The decorations a value computed by arithmetic may carry and that stay valid on any id
# computing it: both only loosen or tighten how one result is computed.
MOVABLE_DECORATIONS = frozenset({0, 42})  # RelaxedPrecision, NoContraction
_ON_AN_ID = frozenset({"OpDecorate", "OpDecorateId", "OpDecorateString"})


def function_type(module: Module, operands: tuple[Id, ...]) -> int | None:
    """The module's OpTypeFunction of `operands` (return type, then parameter types)."""
    return next(
        (
            i.result_id
            for i in module.globals
            if i.opname == "OpTypeFunction" and i.operands == operands
        ),
        None,
    )


def declare_function_type(edited: Module, operands: tuple[Id, ...], fresh: int) -> int:
    """The function type of `operands` in `edited` (a clone being edited): the module's
    own, or `fresh` declared at the end of the globals."""
    found = function_type(edited, operands)
    if found is not None:
        return found
    edited.globals.append(Instruction.make("OpTypeFunction", *operands, result_id=fresh))
    return fresh


def renamed(instruction: Instruction, mapping: Mapping[int, int]) -> Instruction:
    """`instruction` with its result id and its id operands renamed by `mapping` (the
    result type is a global type: never renamed)."""
    result = instruction.result_id
    operands = tuple(
        Id(mapping.get(o.value, o.value)) if isinstance(o, Id) else o for o in instruction.operands
    )
    new_result = mapping.get(result, result) if result is not None else None
    return Instruction(instruction.opcode, instruction.result_type, new_result, operands)


def one_block_function(
    definition: Instruction, parameters: list[Instruction], label: int, body: list[Instruction]
) -> Function:
    """A function of one block `label` whose body is `body` and whose terminator is
    `body`'s last instruction (OpReturn or OpReturnValue)."""
    block = Block(Instruction.make("OpLabel", result_id=label), body[:-1], body[-1])
    return Function(definition, parameters, [block], Instruction.make("OpFunctionEnd"))


def decorations_on(module: Module, value: int) -> list[Instruction]:
    """The annotations that decorate `value` itself (OpDecorate*, and any decoration group
    naming it: those are returned too, so a caller can refuse them)."""
    target = Id(value)

    def names_it(annotation: Instruction) -> bool:
        if annotation.opname in _ON_AN_ID:
            return annotation.operands[0] == target
        return annotation.opname == "OpGroupDecorate" and target in annotation.operands[1:]

    return [annotation for annotation in module.annotations if names_it(annotation)]


def movable(decoration: Instruction) -> bool:
    """Is `decoration` an OpDecorate of RelaxedPrecision or NoContraction?"""
    kind = decoration.operands[1] if len(decoration.operands) > 1 else None
    return (
        decoration.opname == "OpDecorate"
        and isinstance(kind, Enum)
        and kind.value in MOVABLE_DECORATIONS
    )


def decorate_copies(edited: Module, mapping: Mapping[int, int]) -> None:
    """Each movable decoration of an id in `mapping` added to the id it maps to (the
    copies an inlined body's values are)."""
    for annotation in list(edited.annotations):
        target = annotation.operands[0] if annotation.operands else None
        if movable(annotation) and isinstance(target, Id) and target.value in mapping:
            edited.annotations.append(renamed(annotation, {target.value: mapping[target.value]}))
