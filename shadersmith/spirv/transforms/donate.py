"""Add a donated function (spirv-fuzz's donation, in small): a fresh function of one block
that computes an integer from its parameters with a few wrapping operations, called at a
point with values available there as arguments; nothing uses the call's result.

The function has no effect and reads nothing but its parameters, so the call changes
nothing the module computes; a consumer still has to compile (or inline, or see dead)
a call with arguments and a value. Only the operations that are defined for every
operand are drawn: OpIAdd, OpISub and OpIMul wrap in SPIR-V, and the bitwise operations
are total; no division, remainder or shift (undefined for some operands).

The parameters are of one 32-bit integer type (signed or unsigned), the arguments' type;
the program is a flat list of triples (operation, left, right), where an operand index
names a parameter (below the parameter count) or an earlier instruction's result (the
count plus its index); the last instruction's result is returned.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id, Literal
from shadersmith.spirv.transforms.analysis import Analysis, claim, clone, fresh_ids, insert
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.functions import declare_function_type, one_block_function

OPERATIONS = ("OpIAdd", "OpISub", "OpIMul", "OpBitwiseXor", "OpBitwiseAnd", "OpBitwiseOr")
MAX_ARGUMENTS = 3
MAX_INSTRUCTIONS = 6
# The fresh ids before the parameters' and the instructions': function, label, function
# type (where the module lacks it), call.
_FIXED = 4


@dataclass(frozen=True)
class DonateParams(FieldParameters):
    """`call = OpFunctionCall` of the new function, at (block, offset) with `arguments`;
    `program` its instructions as triples; `fresh` its ids: function, label, function
    type, call, then one per parameter and one per instruction."""

    block: int
    offset: int
    arguments: tuple[int, ...]
    program: tuple[int, ...]
    fresh: tuple[int, ...]


def _int32_scalar(analysis: Analysis, value: int) -> int | None:
    """`value`'s type where it is a 32-bit integer scalar."""
    defined = analysis.index.definition(value)
    type_of = analysis.index.type_of(value)
    if defined is None or type_of is None or type_of.opname != "OpTypeInt":
        return None
    return defined.result_type if type_of.operands[0] == Literal(32) else None


def _program_holds(program: tuple[int, ...], parameters: int) -> bool:
    if not program or len(program) % 3 or len(program) > 3 * MAX_INSTRUCTIONS:
        return False
    for index in range(len(program) // 3):
        operation, left, right = program[3 * index : 3 * index + 3]
        names = parameters + index
        if not (0 <= operation < len(OPERATIONS) and 0 <= left < names and 0 <= right < names):
            return False
    return True


def _find_donate(module: Module, rng: random.Random) -> DonateParams | None:
    analysis = Analysis(module)
    point = analysis.random_point(rng)
    if point is None:
        return None
    by_type: dict[int, list[int]] = {}
    for value in analysis.values_at(*point):
        type_id = _int32_scalar(analysis, value)
        if type_id is not None:
            by_type.setdefault(type_id, []).append(value)
    if not by_type:
        return None
    values = by_type[rng.choice(sorted(by_type))]
    arguments = tuple(rng.choice(values) for _ in range(rng.randint(1, MAX_ARGUMENTS)))
    program: list[int] = []
    for index in range(rng.randint(1, MAX_INSTRUCTIONS)):
        names = len(arguments) + index
        program += [rng.randrange(len(OPERATIONS)), rng.randrange(names), rng.randrange(names)]
    fresh = fresh_ids(module, _FIXED + len(arguments) + len(program) // 3)
    return DonateParams(*point, arguments, tuple(program), tuple(fresh))


def _donate_applies(module: Module, params: DonateParams) -> bool:
    analysis = Analysis(module)
    if not (1 <= len(params.arguments) <= MAX_ARGUMENTS) or not analysis.is_point(
        params.block, params.offset
    ):
        return False
    types = {_int32_scalar(analysis, argument) for argument in params.arguments}
    return (
        len(types) == 1
        and None not in types
        and all(analysis.available(a, params.block, params.offset) for a in params.arguments)
        and _program_holds(params.program, len(params.arguments))
        and len(params.fresh) == _FIXED + len(params.arguments) + len(params.program) // 3
        and analysis.unused(params.fresh)
    )


def _donate(module: Module, params: DonateParams) -> Module:
    analysis = Analysis(module)
    type_id = _int32_scalar(analysis, params.arguments[0])
    assert type_id is not None
    function, label, function_type, call = params.fresh[:_FIXED]
    count = len(params.arguments)
    names = params.fresh[_FIXED:]  # the parameters', then the instructions' results
    edited = clone(module)
    signature = (Id(type_id),) * (count + 1)
    definition = Instruction.make(
        "OpFunction",
        Enum("FunctionControl", 0),
        Id(declare_function_type(edited, signature, function_type)),
        result_type=type_id,
        result_id=function,
    )
    parameters = [
        Instruction.make("OpFunctionParameter", result_type=type_id, result_id=name)
        for name in names[:count]
    ]
    body = []
    for index in range(len(params.program) // 3):
        operation, left, right = params.program[3 * index : 3 * index + 3]
        body.append(
            Instruction.make(
                OPERATIONS[operation],
                Id(names[left]),
                Id(names[right]),
                result_type=type_id,
                result_id=names[count + index],
            )
        )
    body.append(Instruction.make("OpReturnValue", Id(names[-1])))
    edited.functions.append(one_block_function(definition, parameters, label, body))
    arguments = (Id(argument) for argument in params.arguments)
    made = Instruction.make(
        "OpFunctionCall", Id(function), *arguments, result_type=type_id, result_id=call
    )
    insert(edited, params.block, params.offset, made)
    claim(edited, params.fresh)
    return edited


ADD_DONATED_FUNCTION = Transformation(
    "add-donated-function", DonateParams.from_json, _find_donate, _donate_applies, _donate
)
