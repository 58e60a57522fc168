"""Uses of the opaque block (opaque.py): a constant replaced by a load of the member
holding its value, and a dead block behind `opaque[0] == opaque[1]`, which no optimiser
can fold, so the back-end compiles what the block holds.

A constant is replaced only where any value of its type may stand: an operand of a pure
instruction (arithmetic, bit, logical and relational, conversion, composite), the value
an OpStore stores, an argument of OpFunctionCall or of a GLSL.std.450 instruction, a
condition, a switch's selector, a returned value, and an access chain's index into an
array, vector or matrix (never into a struct, whose index must be a constant, nor the
first index into a descriptor's variable, which would need a dynamic-indexing feature).
Never an OpPhi's operand (the load would have to sit in the predecessor), a constant
instruction's, a scope or memory-semantics id (barriers, atomics, group operations), an
image operand. A 32-bit int takes the member directly, a 32-bit uint the member through
OpBitcast, a bool `opaque[1] == 1` (true) or `opaque[0] == 1` (false).

The dead block holds copies of up to three pure instructions that dominate it (their
operands are then available there) and a store of the opaque one to a fresh Function
variable: code the back-end must compile although it never runs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.operands import Enum, Id, Literal
from shadersmith.spirv.transforms.analysis import (
    FUNCTION_STORAGE,
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    insert,
    leading,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.blocks import may_add_dead_block, rename_predecessor
from shadersmith.spirv.transforms.opaque import (
    ONE_MEMBER,
    OPAQUE_VALUES,
    ZERO_MEMBER,
    OpaqueBlock,
    load_member,
    opaque_block,
    pointer_of,
)

# Instruction classes whose every id operand is a value of any value (no side effects).
PURE_CLASSES = frozenset({"Arithmetic", "Bit", "Relational_and_Logical", "Conversion", "Composite"})
# Storage classes of descriptors and push constants: the first index of an access chain
# into such a variable selects the descriptor.
_DESCRIPTOR_STORAGE = frozenset({0, 2, 9, 12})  # UniformConstant, Uniform, PushConstant, SB
_GLSL_STD_450 = "GLSL.std.450"
_INDEXABLE = frozenset({"OpTypeArray", "OpTypeRuntimeArray", "OpTypeVector", "OpTypeMatrix"})


def _glsl_set(module: Module) -> int | None:
    for instruction in module.ext_inst_imports:
        if instruction.operands and instruction.operands[0].value == _GLSL_STD_450:
            return instruction.result_id
    return None


def _indexes_non_struct(analysis: Analysis, instruction: Instruction, position: int) -> bool:
    """Is operand `position` (>= 1) of an access chain an index into an array, a vector or
    a matrix (not a struct), and not the first index into a descriptor's variable?"""
    base = instruction.operands[0].value
    pointer = analysis.index.type_of(int(base))
    if pointer is None or pointer.opname != "OpTypePointer":
        return False
    storage = int(pointer.operands[0].value)
    if position == 1 and storage in _DESCRIPTOR_STORAGE:
        return False
    current = analysis.index.definition(int(pointer.operands[1].value))
    for index in instruction.operands[1:position]:
        if current is None:
            return False
        if current.opname == "OpTypeStruct":
            member = analysis.index.definition(int(index.value))
            if member is None or member.opname != "OpConstant":
                return False
            chosen = int(member.operands[0].value)
            if not 0 <= chosen < len(current.operands):
                return False
            current = analysis.index.definition(int(current.operands[chosen].value))
        elif current.opname in _INDEXABLE:
            current = analysis.index.definition(int(current.operands[0].value))
        else:
            return False
    return current is not None and current.opname in _INDEXABLE


def replaceable(analysis: Analysis, instruction: Instruction, position: int) -> bool:
    """May operand `position` of `instruction` (in a function body) be any value of its
    type, rather than the constant it is? See the module's docstring."""
    spec = instruction.spec
    if spec is None or not 0 <= position < len(instruction.operands):
        return False
    if not isinstance(instruction.operands[position], Id):
        return False
    name = instruction.opname
    if spec.instruction_class in PURE_CLASSES:
        return True
    if name == "OpStore":
        return position == 1
    if name in ("OpAccessChain", "OpInBoundsAccessChain"):
        return position >= 1 and _indexes_non_struct(analysis, instruction, position)
    if name in ("OpBranchConditional", "OpSwitch", "OpReturnValue"):
        return position == 0
    if name == "OpFunctionCall":
        return position >= 1
    if name == "OpExtInst":
        glsl = _glsl_set(analysis.module)
        return position >= 2 and glsl is not None and instruction.operands[0] == Id(glsl)
    return False


@dataclass(frozen=True)
class Replacement:
    """How a constant comes from the block: the member loaded and what follows the load
    ("" the int itself, "bitcast" to a uint, "equal" compared with int 1 for a bool)."""

    member: int
    then: str


def replacement_of(analysis: Analysis, block: OpaqueBlock, constant: int) -> Replacement | None:
    """How the scalar 32-bit int, uint or bool `constant` comes from the block, if it can."""
    defined = analysis.index.definition(constant)
    if defined is None or constant not in analysis.constants:
        return None
    if defined.opname in ("OpConstantTrue", "OpConstantFalse"):
        member = ONE_MEMBER if defined.opname == "OpConstantTrue" else ZERO_MEMBER
        return Replacement(member, "equal")
    if defined.opname != "OpConstant" or defined.result_type is None:
        return None
    type_def = analysis.index.definition(defined.result_type)
    if type_def is None or type_def.opname != "OpTypeInt" or type_def.operands[0] != Literal(32):
        return None
    bits = int(defined.operands[0].value)
    signed = bits - (1 << 32) if bits >= 1 << 31 else bits
    if signed not in OPAQUE_VALUES:
        return None
    then = "" if defined.result_type == block.int_type else "bitcast"
    return Replacement(OPAQUE_VALUES.index(signed), then)


@dataclass(frozen=True)
class ReplaceConstantParams(FieldParameters):
    """Operand `operand` of the instruction at `offset` in `block` (the terminator where
    `offset == len(body)`), a constant, becomes a value computed from the block just
    before that instruction: `access` and `load` read the member, `converted` is the
    OpBitcast or OpIEqual a uint or a bool needs."""

    block: int
    offset: int
    operand: int
    access: int
    load: int
    converted: int


def _use_at(analysis: Analysis, label: int, offset: int) -> Instruction | None:
    found = analysis.blocks.get(label)
    if found is None or not 0 <= offset <= len(found[1].body):
        return None
    body = found[1].body
    return found[1].terminator if offset == len(body) else body[offset]


def _insertion_offset(block: Block, offset: int) -> int:
    """Where the loads go for a use at `offset`: just before it, or before the merge
    instruction where the use is the terminator."""
    if offset == len(block.body) and block.merge is not None:
        return offset - 1
    return offset


def _replacement_at(
    analysis: Analysis, block: OpaqueBlock, params: ReplaceConstantParams
) -> Replacement | None:
    used = _use_at(analysis, params.block, params.offset)
    if used is None or used.opname == "OpPhi" or not analysis.reachable(params.block):
        return None
    if not replaceable(analysis, used, params.operand):
        return None
    return replacement_of(analysis, block, int(used.operands[params.operand].value))


def _find_replace(module: Module, rng: random.Random) -> ReplaceConstantParams | None:
    analysis = Analysis(module)
    block = opaque_block(module, analysis)
    if block is None:
        return None
    fresh = fresh_ids(module, 3)
    candidates = []
    for label, (_, found) in analysis.blocks.items():
        if not analysis.reachable(label):
            continue
        for offset, instruction in enumerate([*found.body, found.terminator]):
            for position, operand in enumerate(instruction.operands):
                if isinstance(operand, Id) and operand.value in analysis.constants:
                    params = ReplaceConstantParams(label, offset, position, *fresh)
                    if _replacement_at(analysis, block, params) is not None:
                        candidates.append(params)
    return rng.choice(candidates) if candidates else None


def _replace_applies(module: Module, params: ReplaceConstantParams) -> bool:
    analysis = Analysis(module)
    block = opaque_block(module, analysis)
    return (
        block is not None
        and _replacement_at(analysis, block, params) is not None
        and analysis.unused([params.access, params.load, params.converted])
    )


def _replace(module: Module, params: ReplaceConstantParams) -> Module:
    analysis = Analysis(module)
    block = opaque_block(module, analysis)
    assert block is not None
    replacement = _replacement_at(analysis, block, params)
    assert replacement is not None
    used = _use_at(analysis, params.block, params.offset)
    assert used is not None
    constant = analysis.index.definitions[int(used.operands[params.operand].value)]
    made = list(load_member(block, replacement.member, params.access, params.load))
    value = params.load
    if replacement.then:
        value = params.converted
        if replacement.then == "bitcast":
            made.append(
                Instruction.make(
                    "OpBitcast", Id(params.load), result_type=constant.result_type, result_id=value
                )
            )
        else:
            one = block.indices[1]  # the int constant 1 (OPAQUE_VALUES[1] is 1, too)
            made.append(
                Instruction.make(
                    "OpIEqual",
                    Id(params.load),
                    Id(one),
                    result_type=constant.result_type,
                    result_id=value,
                )
            )
    edited = clone(module)
    _, target = find_block(edited, params.block)
    operands = list(used.operands)
    operands[params.operand] = Id(value)
    changed = Instruction(used.opcode, used.result_type, used.result_id, tuple(operands))
    if params.offset == len(target.body):
        target.terminator = changed
    else:
        target.body[params.offset] = changed
    insert(edited, params.block, _insertion_offset(target, params.offset), *made)
    claim(edited, [params.access, params.load, params.converted])
    return edited


REPLACE_CONSTANT_WITH_OPAQUE_LOAD = Transformation(
    "replace-constant-with-opaque-load",
    ReplaceConstantParams.from_json,
    _find_replace,
    _replace_applies,
    _replace,
)


@dataclass(frozen=True)
class OpaqueDeadBlockParams(FieldParameters):
    """`block`'s `OpBranch successor` becomes a selection on `condition = opaque[0] ==
    opaque[1]` (the loads `loads`, through the access chains `accesses`) of the new
    block `dead`, which never runs, and the new merge block `merge`, which branches to
    the successor. `dead` holds `copies` of the pure instructions `sources` and stores
    opaque[1] to the new Function variable `variable`; `bool_type` and `pointer` declare
    the bool type and the Function pointer to the int type where the module lacks them."""

    block: int
    accesses: tuple[int, int]
    loads: tuple[int, int]
    condition: int
    dead: int
    merge: int
    sources: tuple[int, ...]
    copies: tuple[int, ...]
    variable: int
    bool_type: int
    pointer: int

    def fresh(self) -> list[int]:
        ids = [*self.accesses, *self.loads, self.condition, self.dead, self.merge]
        return [*ids, *self.copies, self.variable, self.bool_type, self.pointer]


def copyable(analysis: Analysis, value: int, label: int) -> bool:
    """Is `value` the result of a pure instruction (plain operands and result, no side
    effect) that dominates the end of `label`, so a copy of it may go after `label`?"""
    defined = analysis.index.definition(value)
    if defined is None or value not in analysis.places or defined.spec is None:
        return False
    if defined.opname == "OpExtInst":
        glsl = _glsl_set(analysis.module)
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


def _find_dead(module: Module, rng: random.Random) -> OpaqueDeadBlockParams | None:
    analysis = Analysis(module)
    if opaque_block(module, analysis) is None:
        return None
    labels = [label for label in analysis.blocks if may_add_dead_block(analysis, label)]
    if not labels:
        return None
    label = rng.choice(labels)
    end = len(analysis.blocks[label][1].body)
    values = [v for v in analysis.values_at(label, end) if copyable(analysis, v, label)]
    sources = tuple(rng.sample(values, min(len(values), rng.randint(0, 3))))
    ids = iter(fresh_ids(module, 10 + len(sources)))
    return OpaqueDeadBlockParams(
        block=label,
        accesses=(next(ids), next(ids)),
        loads=(next(ids), next(ids)),
        condition=next(ids),
        dead=next(ids),
        merge=next(ids),
        sources=sources,
        copies=tuple(next(ids) for _ in sources),
        variable=next(ids),
        bool_type=next(ids),
        pointer=next(ids),
    )


def _dead_applies(module: Module, params: OpaqueDeadBlockParams) -> bool:
    analysis = Analysis(module)
    return (
        opaque_block(module, analysis) is not None
        and may_add_dead_block(analysis, params.block)
        and len(params.sources) == len(params.copies) <= 3
        and all(copyable(analysis, source, params.block) for source in params.sources)
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
    pointer = pointer_of(module, FUNCTION_STORAGE, block.int_type)
    if pointer is None:
        pointer = params.pointer
        edited.globals.append(
            Instruction.make(
                "OpTypePointer",
                Enum("StorageClass", FUNCTION_STORAGE),
                Id(block.int_type),
                result_id=pointer,
            )
        )
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
    store = Instruction.make("OpStore", Id(params.variable), Id(params.loads[1]))
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
    entry = function.blocks[0]
    entry.body.insert(
        leading(entry, frozenset({"OpVariable"})),
        Instruction.make(
            "OpVariable",
            Enum("StorageClass", FUNCTION_STORAGE),
            result_type=pointer,
            result_id=params.variable,
        ),
    )
    claim(edited, params.fresh())
    return edited


ADD_OPAQUE_DEAD_BLOCK = Transformation(
    "add-opaque-dead-block",
    OpaqueDeadBlockParams.from_json,
    _find_dead,
    _dead_applies,
    _dead,
)
