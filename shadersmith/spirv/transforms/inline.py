"""Inline a call (spirv-fuzz's TransformationInlineFunction, for callees of one block): the
callee's body is copied in place of `OpFunctionCall`, with a fresh id for every result,
its parameters replaced by the call's arguments.

The callee is no entry point and has one block ending in OpReturn or OpReturnValue (SPIR-V
forbids recursion, so the callee is never the caller). Its OpVariables go to the
caller's first block, as SPIR-V wants them: an initializer becomes an OpStore where the
call was, so the variable starts from it at each call, as it did. The call's result id
is kept, as `OpCopyObject` of the returned value, so every use of it stays; a void call
is inlined only where nothing names its result. The callee's RelaxedPrecision and
NoContraction decorations are copied to the fresh ids; a callee whose values carry any
other decoration is left alone. The callee stays in the module (other calls may use it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Function, Module
from shadersmith.spirv.operands import Id
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    leading,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.functions import decorate_copies, decorations_on, movable, renamed

_RETURNS = frozenset({"OpReturn", "OpReturnValue"})


@dataclass(frozen=True)
class InlineParams(FieldParameters):
    """The call whose result id is `call` is replaced by its callee's body, whose results
    take the ids `fresh`, in the body's order."""

    call: int
    fresh: tuple[int, ...]


def _results(function: Function) -> list[int]:
    return [i.result_id for i in function.blocks[0].body if i.result_id is not None]


def _callee(analysis: Analysis, call: int) -> tuple[Instruction, Function] | None:
    """The call `call` and its callee, where the callee may be inlined there."""
    place = analysis.places.get(call)
    if place is None:
        return None
    instruction = analysis.blocks[place.block][1].body[place.position]
    if instruction.opname != "OpFunctionCall":
        return None
    callee_id = int(instruction.operands[0].value)
    callee = next((f for f in analysis.module.functions if f.result_id == callee_id), None)
    if (
        callee is None
        or len(callee.blocks) != 1
        or callee_id in analysis.entry_points
        or callee_id == place.function
        or callee.blocks[0].terminator.opname not in _RETURNS
    ):
        return None
    returned = analysis.index.type_of(call)
    if returned is None or returned.opname == "OpTypePointer":
        return None
    if returned.opname == "OpTypeVoid" and analysis.index.users.get(call):
        return None
    decorated = [d for value in _results(callee) for d in decorations_on(analysis.module, value)]
    return (instruction, callee) if all(movable(d) for d in decorated) else None


def _find_inline(module: Module, rng: random.Random) -> InlineParams | None:
    analysis = Analysis(module)
    calls = sorted(
        result
        for result, place in analysis.places.items()
        if analysis.blocks[place.block][1].body[place.position].opname == "OpFunctionCall"
        and _callee(analysis, result) is not None
    )
    if not calls:
        return None
    call = rng.choice(calls)
    found = _callee(analysis, call)
    assert found is not None
    return InlineParams(call, tuple(fresh_ids(module, len(_results(found[1])))))


def _inline_applies(module: Module, params: InlineParams) -> bool:
    analysis = Analysis(module)
    found = _callee(analysis, params.call)
    return (
        found is not None
        and len(params.fresh) == len(_results(found[1]))
        and analysis.unused(params.fresh)
    )


def _inline(module: Module, params: InlineParams) -> Module:
    analysis = Analysis(module)
    found = _callee(analysis, params.call)
    assert found is not None
    call, callee = found
    place = analysis.places[params.call]
    results = dict(zip(_results(callee), params.fresh, strict=True))
    mapping = dict(results)
    for parameter, argument in zip(callee.parameters, call.operands[1:], strict=True):
        assert parameter.result_id is not None and isinstance(argument, Id)
        mapping[parameter.result_id] = argument.value
    variables: list[Instruction] = []
    copied: list[Instruction] = []
    for instruction in callee.blocks[0].body:
        made = renamed(instruction, mapping)
        if made.opname != "OpVariable":
            copied.append(made)
            continue
        storage, *initializer = made.operands
        variables.append(Instruction(made.opcode, made.result_type, made.result_id, (storage,)))
        if initializer:
            assert made.result_id is not None
            copied.insert(0, Instruction.make("OpStore", Id(made.result_id), initializer[0]))
    terminator = callee.blocks[0].terminator
    if terminator.opname == "OpReturnValue":
        value = renamed(terminator, mapping).operands[0]
        copied.append(
            Instruction.make(
                "OpCopyObject", value, result_type=call.result_type, result_id=params.call
            )
        )
    edited = clone(module)
    _, block = find_block(edited, place.block)
    block.body[place.position : place.position + 1] = copied
    function = next(f for f in edited.functions if f.result_id == place.function)
    entry = function.blocks[0]
    first = leading(entry, frozenset({"OpVariable"}))
    entry.body[first:first] = variables
    decorate_copies(edited, results)
    claim(edited, params.fresh)
    return edited


INLINE_FUNCTION = Transformation(
    "inline-function", InlineParams.from_json, _find_inline, _inline_applies, _inline
)
