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
count plus its index); the last instruction's result is returned. With `trips` above 0
the program runs in a loop of that many iterations (a signed or unsigned counter from 0,
compared with a constant, as glslang writes a `for` loop: header, body, continue target,
merge), an accumulator standing for the first parameter: it starts as that parameter and
takes the last result at each iteration, and the function returns it. The trip count is a
constant, so the loop always ends and its counter never wraps.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Function, Module
from shadersmith.spirv.operands import Enum, Id, Literal
from shadersmith.spirv.transforms.analysis import Analysis, claim, clone, fresh_ids, insert
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.functions import declare_function_type, one_block_function

OPERATIONS = ("OpIAdd", "OpISub", "OpIMul", "OpBitwiseXor", "OpBitwiseAnd", "OpBitwiseOr")
MAX_ARGUMENTS = 3
MAX_INSTRUCTIONS = 6
MAX_TRIPS = 8
# The loop's fresh ids, in this order, where `trips` is above 0 (a type or a constant the
# module already declares is used instead of its fresh id).
LOOP_IDS = (
    "header",
    "body",
    "continue",
    "merge",
    "counter",
    "accumulator",
    "condition",
    "next",
    "bool",
    "zero",
    "one",
    "limit",
)
# The fresh ids before the parameters' and the instructions': function, label, function
# type (where the module lacks it), call.
_FIXED = 4


@dataclass(frozen=True)
class DonateParams(FieldParameters):
    """`call = OpFunctionCall` of the new function, at (block, offset) with `arguments`;
    `program` its instructions as triples; `fresh` its ids: function, label, function
    type, call, then one per parameter and one per instruction; `trips` the loop's
    iterations (0: no loop) and `loop` its ids (LOOP_IDS; none without a loop)."""

    block: int
    offset: int
    arguments: tuple[int, ...]
    program: tuple[int, ...]
    fresh: tuple[int, ...]
    trips: int
    loop: tuple[int, ...]


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
    fresh = fresh_ids(module, _FIXED + len(arguments) + len(program) // 3 + len(LOOP_IDS))
    trips = rng.choice((0, rng.randint(1, MAX_TRIPS)))
    loop = tuple(fresh[-len(LOOP_IDS) :]) if trips else ()
    return DonateParams(
        *point, arguments, tuple(program), tuple(fresh[: -len(LOOP_IDS)]), trips, loop
    )


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
        and 0 <= params.trips <= MAX_TRIPS
        and len(params.loop) == (len(LOOP_IDS) if params.trips else 0)
        and analysis.unused([*params.fresh, *params.loop])
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
    # What the program's operand indices name: the parameters (the first one the
    # accumulator in a loop), then the instructions' results.
    operands = list(names)
    if params.trips:
        operands[0] = params.loop[LOOP_IDS.index("accumulator")]
    body = []
    for index in range(len(params.program) // 3):
        operation, left, right = params.program[3 * index : 3 * index + 3]
        body.append(
            Instruction.make(
                OPERATIONS[operation],
                Id(operands[left]),
                Id(operands[right]),
                result_type=type_id,
                result_id=names[count + index],
            )
        )
    if params.trips:
        made_function = _looped(edited, params, type_id, definition, parameters, body)
    else:
        body.append(Instruction.make("OpReturnValue", Id(names[-1])))
        made_function = one_block_function(definition, parameters, label, body)
    edited.functions.append(made_function)
    arguments = (Id(argument) for argument in params.arguments)
    made = Instruction.make(
        "OpFunctionCall", Id(function), *arguments, result_type=type_id, result_id=call
    )
    insert(edited, params.block, params.offset, made)
    claim(edited, [*params.fresh, *params.loop])
    return edited


def _declared(edited: Module, wanted: Instruction) -> int:
    """The id of a global like `wanted` (same opcode, type and operands) in `edited`, or
    `wanted`'s own id, added to the globals."""
    for instruction in edited.globals:
        if (
            instruction.opcode == wanted.opcode
            and instruction.result_type == wanted.result_type
            and instruction.operands == wanted.operands
            and instruction.result_id is not None
        ):
            return instruction.result_id
    edited.globals.append(wanted)
    assert wanted.result_id is not None
    return wanted.result_id


def _looped(
    edited: Module,
    params: DonateParams,
    type_id: int,
    definition: Instruction,
    parameters: list[Instruction],
    body: list[Instruction],
) -> Function:
    """The function whose `body` runs `params.trips` times (the module's docstring)."""
    ids = dict(zip(LOOP_IDS, params.loop, strict=True))
    signed = next(i.operands[1] == Literal(1) for i in edited.globals if i.result_id == type_id)
    bool_type = _declared(edited, Instruction.make("OpTypeBool", result_id=ids["bool"]))
    zero, one, limit = (
        _declared(
            edited,
            Instruction.make(
                "OpConstant", Literal(value), result_type=type_id, result_id=ids[name]
            ),
        )
        for name, value in (("zero", 0), ("one", 1), ("limit", params.trips))
    )
    entry = params.fresh[1]
    first = parameters[0].result_id
    assert first is not None and body[-1].result_id is not None
    header = Block(
        Instruction.make("OpLabel", result_id=ids["header"]),
        [
            Instruction.make(
                "OpPhi",
                Id(zero),
                Id(entry),
                Id(ids["next"]),
                Id(ids["continue"]),
                result_type=type_id,
                result_id=ids["counter"],
            ),
            Instruction.make(
                "OpPhi",
                Id(first),
                Id(entry),
                Id(body[-1].result_id),
                Id(ids["continue"]),
                result_type=type_id,
                result_id=ids["accumulator"],
            ),
            Instruction.make(
                "OpSLessThan" if signed else "OpULessThan",
                Id(ids["counter"]),
                Id(limit),
                result_type=bool_type,
                result_id=ids["condition"],
            ),
            Instruction.make(
                "OpLoopMerge", Id(ids["merge"]), Id(ids["continue"]), Enum("LoopControl", 0)
            ),
        ],
        Instruction.make(
            "OpBranchConditional", Id(ids["condition"]), Id(ids["body"]), Id(ids["merge"])
        ),
    )
    blocks = [
        Block(Instruction.make("OpLabel", result_id=entry), [], _branch(ids["header"])),
        header,
        Block(Instruction.make("OpLabel", result_id=ids["body"]), body, _branch(ids["continue"])),
        Block(
            Instruction.make("OpLabel", result_id=ids["continue"]),
            [
                Instruction.make(
                    "OpIAdd",
                    Id(ids["counter"]),
                    Id(one),
                    result_type=type_id,
                    result_id=ids["next"],
                )
            ],
            _branch(ids["header"]),
        ),
        Block(
            Instruction.make("OpLabel", result_id=ids["merge"]),
            [],
            Instruction.make("OpReturnValue", Id(ids["accumulator"])),
        ),
    ]
    return Function(definition, parameters, blocks, Instruction.make("OpFunctionEnd"))


def _branch(target: int) -> Instruction:
    return Instruction.make("OpBranch", Id(target))


ADD_DONATED_FUNCTION = Transformation(
    "add-donated-function", DonateParams.from_json, _find_donate, _donate_applies, _donate
)
