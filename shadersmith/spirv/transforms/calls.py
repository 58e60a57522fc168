"""Add a call to a new function that does nothing: `void f() { return; }` appended to the
module, and `OpFunctionCall %void f` at a point. The function type it needs is the one
every entry point already has (`OpTypeFunction %void`), so nothing but the function and
the call is added; a consumer has to see through (or inline) a call with no effect.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Function, Module
from shadersmith.spirv.operands import Enum, Id
from shadersmith.spirv.transforms.analysis import Analysis, claim, clone, fresh_ids, insert
from shadersmith.spirv.transforms.base import FieldParameters, Transformation


@dataclass(frozen=True)
class CallParams(FieldParameters):
    """The function `function` (its one block `label`) and `call = OpFunctionCall` of it at
    (block, offset)."""

    function: int
    label: int
    call: int
    block: int
    offset: int


def _void_function_type(module: Module) -> tuple[int, int] | None:
    """(OpTypeVoid, OpTypeFunction %void with no parameters), where the module has both."""
    void = next((i.result_id for i in module.globals if i.opname == "OpTypeVoid"), None)
    if void is None:
        return None
    for instruction in module.globals:
        if (
            instruction.opname == "OpTypeFunction"
            and instruction.operands == (Id(void),)
            and instruction.result_id is not None
        ):
            return void, instruction.result_id
    return None


def _find_call(module: Module, rng: random.Random) -> CallParams | None:
    if _void_function_type(module) is None:
        return None
    point = Analysis(module).random_point(rng)
    if point is None:
        return None
    function, label, call = fresh_ids(module, 3)
    return CallParams(function, label, call, *point)


def _call_applies(module: Module, params: CallParams) -> bool:
    analysis = Analysis(module)
    return (
        _void_function_type(module) is not None
        and analysis.is_point(params.block, params.offset)
        and analysis.unused([params.function, params.label, params.call])
    )


def _call(module: Module, params: CallParams) -> Module:
    found = _void_function_type(module)
    assert found is not None
    void, function_type = found
    edited = clone(module)
    definition = Instruction.make(
        "OpFunction",
        Enum("FunctionControl", 0),
        Id(function_type),
        result_type=void,
        result_id=params.function,
    )
    body = Block(
        Instruction.make("OpLabel", result_id=params.label), [], Instruction.make("OpReturn")
    )
    edited.functions.append(Function(definition, [], [body], Instruction.make("OpFunctionEnd")))
    call = Instruction.make(
        "OpFunctionCall", Id(params.function), result_type=void, result_id=params.call
    )
    insert(edited, params.block, params.offset, call)
    claim(edited, [params.function, params.label, params.call])
    return edited


ADD_EMPTY_FUNCTION_CALL = Transformation(
    "add-empty-function-call", CallParams.from_json, _find_call, _call_applies, _call
)
