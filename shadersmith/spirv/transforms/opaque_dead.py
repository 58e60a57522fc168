"""A dead block behind `opaque[0] == opaque[1]` (opaque.py): a condition no optimiser
can fold, unlike add-dead-block's OpConstantFalse, so the back-end compiles what the
block holds.

What it holds must matter to a compiler too: code whose results nothing reads is removed
as dead whatever guards it (spirv-opt -O removed every such block on the 20 test modules).
So the block stores a value into a variable the function already has (a Function variable
of its own, or a Private one): the block never runs, so the store changes nothing the
program computes, but to the compiler the variable may now hold either value after the
merge. The value stored is a copy of a pure instruction that dominates the block (up to
three are copied: their operands are then available there) or any value available
there, of the variable's type.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.operands import Enum, Id
from shadersmith.spirv.transforms.analysis import (
    FUNCTION_STORAGE,
    PLAIN_TYPES,
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.blocks import may_add_dead_block, rename_predecessor
from shadersmith.spirv.transforms.opaque import (
    ONE_MEMBER,
    ZERO_MEMBER,
    load_member,
    opaque_block,
)
from shadersmith.spirv.transforms.opaque_uses import PURE_CLASSES, glsl_set
from shadersmith.spirv.transforms.unused import PRIVATE_STORAGE


@dataclass(frozen=True)
class OpaqueDeadBlockParams(FieldParameters):
    """`block`'s `OpBranch successor` becomes a selection on `condition = opaque[0] ==
    opaque[1]` (the loads `loads`, through the access chains `accesses`) of the new
    block `dead`, which never runs, and the new merge block `merge`, which branches to
    the successor. `dead` holds `copies` of the pure instructions `sources` and stores
    `value` (one of `copies`, or a value available at the end of `block`) to the
    variable `target`; `bool_type` declares the bool type where the module lacks one."""

    block: int
    accesses: tuple[int, int]
    loads: tuple[int, int]
    condition: int
    dead: int
    merge: int
    sources: tuple[int, ...]
    copies: tuple[int, ...]
    target: int
    value: int
    bool_type: int

    def fresh(self) -> list[int]:
        ids = [*self.accesses, *self.loads, self.condition, self.dead, self.merge]
        return [*ids, *self.copies, self.bool_type]


def copyable(analysis: Analysis, value: int, label: int) -> bool:
    """Is `value` the result of a pure instruction (plain operands and result, no side
    effect) that dominates the end of `label`, so a copy of it may go after `label`?"""
    defined = analysis.index.definition(value)
    if defined is None or value not in analysis.places or defined.spec is None:
        return False
    if defined.opname == "OpExtInst":
        glsl = glsl_set(analysis.module)
        if glsl is None or defined.operands[0] != Id(glsl):
            return False
        operands = defined.operands[2:]
    elif defined.spec.instruction_class in PURE_CLASSES:
        operands = defined.operands
    else:
        return False
    end = len(analysis.blocks[label][1].body)
    return (
        analysis.is_plain_value(value)
        and all(
            analysis.is_plain_value(operand.value)
            for operand in operands
            if isinstance(operand, Id)
        )
        and analysis.available(value, label, end)
    )


def _pointee(analysis: Analysis, label: int, target: int) -> int | None:
    """The plain type `target` points to, where it is a Function variable of `label`'s
    function or a Private variable."""
    defined = analysis.index.definition(target)
    if defined is None or defined.opname != "OpVariable" or defined.result_type is None:
        return None
    pointer = analysis.index.definition(defined.result_type)
    if pointer is None or pointer.opname != "OpTypePointer":
        return None
    storage, pointee = (int(operand.value) for operand in pointer.operands)
    place = analysis.places.get(target)
    function = analysis.blocks[label][0].result_id
    local = storage == FUNCTION_STORAGE and place is not None and place.function == function
    private = storage == PRIVATE_STORAGE and defined in analysis.module.globals
    pointee_type = analysis.index.definition(pointee)
    plain = pointee_type is not None and pointee_type.opname in PLAIN_TYPES
    return pointee if (local or private) and plain else None


def _type_stored(analysis: Analysis, params: OpaqueDeadBlockParams) -> int | None:
    """The type of the value the dead block stores: a copy's source's, or an available
    value's."""
    if params.value in params.copies:
        source = params.sources[params.copies.index(params.value)]
        return analysis.index.definitions[source].result_type
    end = len(analysis.blocks[params.block][1].body)
    if not analysis.is_plain_value(params.value):
        return None
    if not analysis.available(params.value, params.block, end):
        return None
    return analysis.index.definitions[params.value].result_type


def _variables(analysis: Analysis, label: int) -> list[tuple[int, int]]:
    """Every variable a dead block after `label` may store to, with its pointee type."""
    function = analysis.blocks[label][0]
    candidates = [i.result_id for i in function.blocks[0].body if i.opname == "OpVariable"]
    candidates += [i.result_id for i in analysis.module.globals if i.opname == "OpVariable"]
    found = []
    for target in candidates:
        pointee = _pointee(analysis, label, target) if target is not None else None
        if target is not None and pointee is not None:
            found.append((target, pointee))
    return found


def _find_dead(module: Module, rng: random.Random) -> OpaqueDeadBlockParams | None:
    analysis = Analysis(module)
    if opaque_block(module, analysis) is None:
        return None
    labels = [label for label in analysis.blocks if may_add_dead_block(analysis, label)]
    if not labels:
        return None
    label = rng.choice(labels)
    end = len(analysis.blocks[label][1].body)
    available = list(analysis.values_at(label, end))
    copied = [value for value in available if copyable(analysis, value, label)]
    sources = tuple(rng.sample(copied, min(len(copied), rng.randint(1, 3))))
    ids = iter(fresh_ids(module, 8 + len(sources)))
    accesses, loads = (next(ids), next(ids)), (next(ids), next(ids))
    condition, dead, merge = next(ids), next(ids), next(ids)
    copies = tuple(next(ids) for _ in sources)
    type_of = analysis.index.definitions
    # A copy's type first: the copy is then stored, so it is no dead code either.
    stores = [
        (target, copy)
        for target, pointee in _variables(analysis, label)
        for source, copy in zip(sources, copies, strict=True)
        if type_of[source].result_type == pointee
    ]
    if not stores:
        stores = [
            (target, value)
            for target, pointee in _variables(analysis, label)
            for value in available
            if type_of[value].result_type == pointee
        ]
    if not stores:
        return None
    target, value = rng.choice(stores)
    return OpaqueDeadBlockParams(
        label, accesses, loads, condition, dead, merge, sources, copies, target, value, next(ids)
    )


def _dead_applies(module: Module, params: OpaqueDeadBlockParams) -> bool:
    analysis = Analysis(module)
    if opaque_block(module, analysis) is None or not may_add_dead_block(analysis, params.block):
        return False
    if len(params.sources) != len(params.copies) or len(params.sources) > 3:
        return False
    if not all(copyable(analysis, source, params.block) for source in params.sources):
        return False
    pointee = _pointee(analysis, params.block, params.target)
    return (
        pointee is not None
        and _type_stored(analysis, params) == pointee
        and analysis.unused(params.fresh())
    )


def _global_of(module: Module, opname: str) -> int | None:
    return next((i.result_id for i in module.globals if i.opname == opname), None)


def _dead(module: Module, params: OpaqueDeadBlockParams) -> Module:
    analysis = Analysis(module)
    block = opaque_block(module, analysis)
    assert block is not None
    edited = clone(module)
    bool_type = _global_of(module, "OpTypeBool")
    if bool_type is None:
        bool_type = params.bool_type
        edited.globals.append(Instruction.make("OpTypeBool", result_id=bool_type))
    function, header = find_block(edited, params.block)
    successor = int(header.terminator.operands[0].value)
    zero = load_member(block, ZERO_MEMBER, params.accesses[0], params.loads[0])
    one = load_member(block, ONE_MEMBER, params.accesses[1], params.loads[1])
    compare = Instruction.make(
        "OpIEqual",
        Id(params.loads[0]),
        Id(params.loads[1]),
        result_type=bool_type,
        result_id=params.condition,
    )
    header.body.extend([*zero, *one, compare])
    header.body.append(
        Instruction.make("OpSelectionMerge", Id(params.merge), Enum("SelectionControl", 0))
    )
    header.terminator = Instruction.make(
        "OpBranchConditional", Id(params.condition), Id(params.dead), Id(params.merge)
    )
    copies = []
    for source, copy in zip(params.sources, params.copies, strict=True):
        original = analysis.index.definitions[source]
        copies.append(Instruction(original.opcode, original.result_type, copy, original.operands))
    store = Instruction.make("OpStore", Id(params.target), Id(params.value))
    dead = Block(
        Instruction.make("OpLabel", result_id=params.dead),
        [*copies, store],
        Instruction.make("OpBranch", Id(params.merge)),
    )
    merge = Block(
        Instruction.make("OpLabel", result_id=params.merge),
        [],
        Instruction.make("OpBranch", Id(successor)),
    )
    place = function.blocks.index(header) + 1
    function.blocks[place:place] = [dead, merge]
    rename_predecessor(find_block(edited, successor)[1], params.block, params.merge)
    claim(edited, params.fresh())
    return edited


ADD_OPAQUE_DEAD_BLOCK = Transformation(
    "add-opaque-dead-block",
    OpaqueDeadBlockParams.from_json,
    _find_dead,
    _dead_applies,
    _dead,
)
