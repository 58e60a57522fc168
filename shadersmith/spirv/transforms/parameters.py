"""Function-signature transformations: add a parameter nothing reads to a function, and
permute a function's parameters; every call is changed with it (a constant passed for
the new parameter, the arguments put in the new order).

An entry point's signature is fixed (no parameters), so only the other functions are
changed. The function's new OpTypeFunction is the module's own where it declares one of
that shape (spirv-val refuses two function types of the same operands), else a new one;
the old type stays, since other functions may have it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Function, Module
from shadersmith.spirv.operands import Id
from shadersmith.spirv.transforms.analysis import (
    PLAIN_TYPES,
    Analysis,
    claim,
    clone,
    fresh_ids,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.functions import declare_function_type


def _changeable(analysis: Analysis) -> list[Function]:
    """The functions with a body that are no entry point."""
    return [
        function
        for function in analysis.module.functions
        if function.blocks and function.result_id not in analysis.entry_points
    ]


def _function(analysis: Analysis, function_id: int) -> Function | None:
    return next((f for f in _changeable(analysis) if f.result_id == function_id), None)


def _retype(edited: Module, function: Function, operands: tuple[Id, ...], fresh: int) -> None:
    """`function` (of `edited`) gets the function type of `operands` (return type, then
    parameter types): the module's own, or `fresh` declared."""
    found = declare_function_type(edited, operands, fresh)
    control, _ = function.definition.operands
    function.definition = Instruction(
        function.definition.opcode,
        function.definition.result_type,
        function.definition.result_id,
        (control, Id(found)),
    )


def _signature(function: Function) -> tuple[Id, ...]:
    assert function.definition.result_type is not None
    types = [Id(p.result_type) for p in function.parameters if p.result_type is not None]
    return (Id(function.definition.result_type), *types)


def _rewrite_calls(edited: Module, callee: int, change: CallChange) -> None:
    for function in edited.functions:
        for block in function.blocks:
            for position, instruction in enumerate(block.body):
                if instruction.opname == "OpFunctionCall" and instruction.operands[0] == Id(callee):
                    arguments = change(list(instruction.operands[1:]))
                    block.body[position] = Instruction(
                        instruction.opcode,
                        instruction.result_type,
                        instruction.result_id,
                        (instruction.operands[0], *arguments),
                    )


class CallChange:
    """What happens to each call's arguments: `extra` appended, then `order` applied."""

    def __init__(self, extra: tuple[Id, ...] = (), order: tuple[int, ...] | None = None) -> None:
        self.extra = extra
        self.order = order

    def __call__(self, arguments: list[object]) -> list[Id]:
        typed = [argument for argument in arguments if isinstance(argument, Id)]
        typed.extend(self.extra)
        return [typed[index] for index in self.order] if self.order is not None else typed


@dataclass(frozen=True)
class AddParameterParams(FieldParameters):
    """`function` gets a last parameter `parameter` of the plain type `type`, which every
    call passes as the constant `value`; `function_type` declares the new signature where
    the module lacks it."""

    function: int
    type: int
    value: int
    parameter: int
    function_type: int


def _arguments(analysis: Analysis) -> list[int]:
    """Constants of plain type a call may pass (no OpUndef: a call should pass a value)."""
    return sorted(
        constant
        for constant in analysis.constants
        if analysis.is_plain_value(constant)
        and analysis.index.definitions[constant].opname != "OpUndef"
    )


def _find_add_parameter(module: Module, rng: random.Random) -> AddParameterParams | None:
    analysis = Analysis(module)
    functions, values = _changeable(analysis), _arguments(analysis)
    if not functions or not values:
        return None
    value = rng.choice(values)
    type_id = analysis.index.definitions[value].result_type
    assert type_id is not None
    return AddParameterParams(
        rng.choice(functions).result_id, type_id, value, *fresh_ids(module, 2)
    )


def _add_parameter_applies(module: Module, params: AddParameterParams) -> bool:
    analysis = Analysis(module)
    value = analysis.index.definition(params.value)
    type_of = analysis.index.definition(params.type)
    return (
        _function(analysis, params.function) is not None
        and params.value in _arguments(analysis)
        and value is not None
        and value.result_type == params.type
        and type_of is not None
        and type_of.opname in PLAIN_TYPES
        and analysis.unused([params.parameter, params.function_type])
    )


def _add_parameter(module: Module, params: AddParameterParams) -> Module:
    edited = clone(module)
    function = next(f for f in edited.functions if f.result_id == params.function)
    function.parameters.append(
        Instruction.make("OpFunctionParameter", result_type=params.type, result_id=params.parameter)
    )
    _retype(edited, function, _signature(function), params.function_type)
    _rewrite_calls(edited, params.function, CallChange(extra=(Id(params.value),)))
    claim(edited, [params.parameter, params.function_type])
    return edited


ADD_PARAMETER = Transformation(
    "add-parameter",
    AddParameterParams.from_json,
    _find_add_parameter,
    _add_parameter_applies,
    _add_parameter,
)


@dataclass(frozen=True)
class PermuteParametersParams(FieldParameters):
    """`function`'s parameters in the order `order` (a permutation of their indices), and
    each call's arguments with them; `function_type` as for add-parameter."""

    function: int
    order: tuple[int, ...]
    function_type: int


def _find_permute_parameters(module: Module, rng: random.Random) -> PermuteParametersParams | None:
    analysis = Analysis(module)
    functions = [f for f in _changeable(analysis) if len(f.parameters) > 1]
    if not functions:
        return None
    function = rng.choice(functions)
    order = list(range(len(function.parameters)))
    rng.shuffle(order)
    return PermuteParametersParams(function.result_id, tuple(order), fresh_ids(module, 1)[0])


def _permute_parameters_applies(module: Module, params: PermuteParametersParams) -> bool:
    analysis = Analysis(module)
    function = _function(analysis, params.function)
    return (
        function is not None
        and sorted(params.order) == list(range(len(function.parameters)))
        and analysis.unused([params.function_type])
    )


def _permute_parameters(module: Module, params: PermuteParametersParams) -> Module:
    edited = clone(module)
    function = next(f for f in edited.functions if f.result_id == params.function)
    function.parameters = [function.parameters[index] for index in params.order]
    _retype(edited, function, _signature(function), params.function_type)
    _rewrite_calls(edited, params.function, CallChange(order=params.order))
    claim(edited, [params.function_type])
    return edited


PERMUTE_PARAMETERS = Transformation(
    "permute-function-parameters",
    PermuteParametersParams.from_json,
    _find_permute_parameters,
    _permute_parameters_applies,
    _permute_parameters,
)
