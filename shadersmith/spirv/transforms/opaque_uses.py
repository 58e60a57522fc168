"""A constant replaced by a load of the opaque block's member holding its value
(opaque.py): a value no optimiser can fold, so the arithmetic, the branches and the
indexing that used the constant reach the back-end.

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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.operands import Id, Literal
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    insert,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.opaque import (
    ONE_MEMBER,
    OPAQUE_VALUES,
    ZERO_MEMBER,
    OpaqueBlock,
    load_member,
    opaque_block,
)

# Instruction classes whose every id operand is a value of any value (no side effects).
PURE_CLASSES = frozenset({"Arithmetic", "Bit", "Relational_and_Logical", "Conversion", "Composite"})
# Storage classes of descriptors and push constants: the first index of an access chain
# into such a variable selects the descriptor.
_DESCRIPTOR_STORAGE = frozenset({0, 2, 9, 12})  # UniformConstant, Uniform, PushConstant, SB
_GLSL_STD_450 = "GLSL.std.450"
_INDEXABLE = frozenset({"OpTypeArray", "OpTypeRuntimeArray", "OpTypeVector", "OpTypeMatrix"})


def glsl_set(module: Module) -> int | None:
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
        glsl = glsl_set(analysis.module)
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


def _insertion_offset(block: Block, offset: int) -> int:
    """Where the loads go for a use at `offset`: just before it, or before the merge
    instruction where the use is the terminator."""
    if offset == len(block.body) and block.merge is not None:
        return offset - 1
    return offset


def _replacement_at(
    analysis: Analysis, block: OpaqueBlock, params: ReplaceConstantParams
) -> Replacement | None:
    used = analysis.instruction_at(params.block, params.offset)
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
    used = analysis.instruction_at(params.block, params.offset)
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
