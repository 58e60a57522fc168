"""Outline a straight-line run of a block into a new function (spirv-fuzz's
TransformationOutlineFunction, for one block): `body[start:end]` moves to a new function
of one block, called where the run was.

The run is of pure instructions only: arithmetic, bit, relational and logical,
conversion, composite and extended (GLSL.std.450) instructions whose result is plain
data. Loads and stores, calls, OpPhi, OpVariable, derivatives, images and anything whose
result or operand is a pointer, an image or a sampler stay out, so the function needs
no pointer parameter and has no effect: moving it cannot reorder memory accesses.

The run's inputs (plain values defined before it: results, the enclosing function's
parameters) become the new function's parameters, passed by value in the order of
their first use; constants and extended-instruction sets are globals, used as they are.
At most one value the run defines may be used after it: the function returns it, and
the call takes its id (so every later use, an OpPhi's included, stays as it is) while
inside the function the value takes the fresh id `result`, with its RelaxedPrecision or
NoContraction decoration moved to it. The other values keep their ids and decorations,
now inside the function. A run whose values carry any other decoration is refused.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.operands import Enum, Id
from shadersmith.spirv.transforms.analysis import (
    PLAIN_TYPES,
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    insertion_offsets,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.functions import (
    declare_function_type,
    decorations_on,
    movable,
    one_block_function,
    renamed,
)

# Instruction classes of the grammar whose instructions compute a value from their
# operands alone (no memory, no control flow, no implicit derivatives).
PURE_CLASSES = frozenset(
    {"Arithmetic", "Bit", "Relational_and_Logical", "Conversion", "Composite", "Extension"}
)
_IGNORED_USERS = frozenset({"Debug", "Annotation"})


@dataclass(frozen=True)
class OutlineParams(FieldParameters):
    """`block`'s `body[start:end]` becomes the body of the new function `function` (its
    block `label`, its parameters `parameters`, one per input), of the type declared as
    `function_type` where the module lacks it; `result` is the call's id where no value of
    the run is used after it, else the id the returned value takes inside the function."""

    block: int
    start: int
    end: int
    function: int
    label: int
    result: int
    function_type: int
    parameters: tuple[int, ...]


@dataclass(frozen=True)
class _Run:
    """A run that may be outlined: its inputs and the value used after it, if any."""

    instructions: list[Instruction]
    inputs: list[int]
    returned: int | None


def _pure(analysis: Analysis, instruction: Instruction) -> bool:
    spec = instruction.spec
    return (
        spec is not None
        and spec.instruction_class in PURE_CLASSES
        and instruction.result_id is not None
        and analysis.type_name(instruction.result_id) in PLAIN_TYPES
    )


def _last_uses(analysis: Analysis, block: Block) -> list[int]:
    """For each body position, the last body position that uses its result; len(body)
    where a use is anywhere else (the terminator, another block, an OpPhi, which may use
    a value of its own block through a back edge)."""
    positions = {
        instruction.result_id: index
        for index, instruction in enumerate(block.body)
        if instruction.result_id is not None
    }
    last = []
    for index, instruction in enumerate(block.body):
        latest = index
        for user in analysis.index.users.get(instruction.result_id or 0, []):
            spec = user.spec
            if spec is not None and spec.instruction_class in _IGNORED_USERS:
                continue
            inside = positions.get(user.result_id or 0) if user.opname != "OpPhi" else None
            latest = max(latest, inside if inside is not None else len(block.body))
        last.append(latest)
    return last


def _run(analysis: Analysis, block: Block, start: int, end: int, last: list[int]) -> _Run | None:
    """`body[start:end]` of `block` where it may be outlined."""
    offsets = insertion_offsets(block)
    if not (offsets[0] <= start < end <= offsets[-1]):
        return None
    instructions = block.body[start:end]
    if not all(_pure(analysis, instruction) for instruction in instructions):
        return None
    defined = {instruction.result_id for instruction in instructions}
    sets = {i.result_id for i in analysis.module.ext_inst_imports}
    inputs: list[int] = []
    for instruction in instructions:
        for operand in instruction.operands:
            value = operand.value if isinstance(operand, Id) else None
            if value is None or value in defined or value in sets or value in analysis.constants:
                continue
            if not analysis.is_plain_value(value):
                return None
            if value not in inputs:
                inputs.append(value)
    escaping = [
        instruction.result_id
        for position, instruction in enumerate(instructions, start)
        if last[position] >= end and instruction.result_id is not None
    ]
    if len(escaping) > 1 or not all(
        movable(decoration)
        for value in defined
        if value is not None
        for decoration in decorations_on(analysis.module, value)
    ):
        return None
    return _Run(instructions, inputs, escaping[0] if escaping else None)


def _void(module: Module) -> int | None:
    return next((i.result_id for i in module.globals if i.opname == "OpTypeVoid"), None)


def _find_outline(module: Module, rng: random.Random) -> OutlineParams | None:
    analysis = Analysis(module)
    labels = [label for label in analysis.blocks if analysis.reachable(label)]
    if not labels or _void(module) is None:
        return None
    for _ in range(16):
        label = rng.choice(labels)
        block = analysis.blocks[label][1]
        offsets = insertion_offsets(block)
        starts = [o for o in offsets[:-1] if _pure(analysis, block.body[o])]
        if not starts:
            continue
        start = rng.choice(starts)
        last = _last_uses(analysis, block)
        ends = []
        for end in range(start + 1, offsets[-1] + 1):
            if not _pure(analysis, block.body[end - 1]):
                break
            if _run(analysis, block, start, end, last) is not None:
                ends.append(end)
        if not ends:
            continue
        end = rng.choice(ends)
        run = _run(analysis, block, start, end, last)
        assert run is not None
        function, label_id, result, type_id, *parameters = fresh_ids(module, 4 + len(run.inputs))
        return OutlineParams(
            label, start, end, function, label_id, result, type_id, tuple(parameters)
        )
    return None


def _checked(module: Module, params: OutlineParams) -> tuple[Analysis, _Run] | None:
    analysis = Analysis(module)
    found = analysis.blocks.get(params.block)
    if found is None or not analysis.reachable(params.block) or _void(module) is None:
        return None
    block = found[1]
    run = _run(analysis, block, params.start, params.end, _last_uses(analysis, block))
    if run is None or len(run.inputs) != len(params.parameters):
        return None
    fresh = [params.function, params.label, params.result, params.function_type]
    return (analysis, run) if analysis.unused([*fresh, *params.parameters]) else None


def _outline_applies(module: Module, params: OutlineParams) -> bool:
    return _checked(module, params) is not None


def _outline(module: Module, params: OutlineParams) -> Module:
    checked = _checked(module, params)
    assert checked is not None
    analysis, run = checked
    mapping = dict(zip(run.inputs, params.parameters, strict=True))
    if run.returned is not None:
        mapping[run.returned] = params.result
    returned_type = (
        analysis.index.definitions[run.returned].result_type if run.returned is not None else None
    )
    return_type = returned_type if returned_type is not None else _void(module)
    assert return_type is not None
    input_types = [analysis.index.definitions[value].result_type for value in run.inputs]
    edited = clone(module)
    signature = (Id(return_type), *(Id(t) for t in input_types if t is not None))
    type_id = declare_function_type(edited, signature, params.function_type)
    definition = Instruction.make(
        "OpFunction",
        Enum("FunctionControl", 0),
        Id(type_id),
        result_type=return_type,
        result_id=params.function,
    )
    parameters = [
        Instruction.make("OpFunctionParameter", result_type=t, result_id=p)
        for t, p in zip(input_types, params.parameters, strict=True)
    ]
    body = [renamed(instruction, mapping) for instruction in run.instructions]
    body.append(
        Instruction.make("OpReturnValue", Id(params.result))
        if run.returned is not None
        else Instruction.make("OpReturn")
    )
    edited.functions.append(one_block_function(definition, parameters, params.label, body))
    call = Instruction.make(
        "OpFunctionCall",
        Id(params.function),
        *(Id(value) for value in run.inputs),
        result_type=return_type,
        result_id=run.returned if run.returned is not None else params.result,
    )
    _, block = find_block(edited, params.block)
    block.body[params.start : params.end] = [call]
    if run.returned is not None:
        # The returned value's decorations go with it into the function.
        for position, annotation in enumerate(edited.annotations):
            if movable(annotation) and annotation.operands[0] == Id(run.returned):
                edited.annotations[position] = renamed(annotation, {run.returned: params.result})
    claim(edited, [params.function, params.label, params.result, params.function_type])
    claim(edited, params.parameters)
    return edited


OUTLINE_FUNCTION = Transformation(
    "outline-function", OutlineParams.from_json, _find_outline, _outline_applies, _outline
)
