"""The opaque block: an input block whose values the test fixes (OPAQUE_VALUES) and the
compiler cannot see, so that code guarded by them or computed from them reaches the
back-end (spirv-fuzz's and GraphicsFuzz's method; mutate/transforms/opaque.py is the
GLSL level's). Constants (`OpConstantFalse` guards) are folded by every optimiser before
a back-end sees the code they guard; a load from a block bound at run time is not.

`add-opaque-block` declares it once per module, at a binding above every binding the
module uses (descriptor set 0): a struct of 32-bit signed ints at offsets 0, 4, 8, ...
(what both std140 and std430 give a struct of scalars, so the runner's layout of the
job's BufferInput matches), decorated Block. In a compute module it is a read-only
storage buffer, in the form glslang's own storage buffers take: the StorageBuffer storage
class with Block from SPIR-V 1.3 on (or where the module already uses that class), the
Uniform storage class with BufferBlock before (SPIR-V 1.0 needs an extension for the
other); each member NonWritable. In a fragment module it is a Uniform block. The job
that runs the variant binds it (spirv_pair.py reads it back with `opaque_block`).

The block is known again by its OpName (`OPAQUE_NAME`) and its shape: the other
transformations find the variable, its member pointer type and the member index
constants from the module alone, so a recorded list replays without state beside it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id, Literal, String
from shadersmith.spirv.transforms.analysis import Analysis, claim, clone, fresh_ids, pointer_of
from shadersmith.spirv.transforms.base import FieldParameters, Transformation

# The members' values, member i holding OPAQUE_VALUES[i]: the constants glslang's modules
# use most (loop bounds and indices), and -1 (every bit set, 0xFFFFFFFF as a uint).
OPAQUE_VALUES = (0, 1, 2, 3, -1)
OPAQUE_NAME = "_spirv_opaque"
ZERO_MEMBER, ONE_MEMBER = OPAQUE_VALUES.index(0), OPAQUE_VALUES.index(1)

UNIFORM, STORAGE_BUFFER = 2, 12  # StorageClass
FRAGMENT, GL_COMPUTE = 4, 5  # ExecutionModel
BLOCK, BUFFER_BLOCK, NON_WRITABLE, OFFSET, BINDING, DESCRIPTOR_SET = 2, 3, 24, 35, 33, 34
SPIRV_1_3, SPIRV_1_4 = 0x10300, 0x10400


@dataclass(frozen=True)
class OpaqueBlock:
    """Where a module's opaque block is: its variable and binding, the storage class, the
    pointer type to one member, the int type and the constant indexing each member."""

    variable: int
    binding: int
    storage: int
    member_pointer: int
    int_type: int
    indices: tuple[int, ...]


def stage_of(module: Module) -> int | None:
    """The one entry point's execution model where it is GLCompute or Fragment, else None."""
    if len(module.entry_points) != 1:
        return None
    model = module.entry_points[0].operands[0].value
    return model if model in (FRAGMENT, GL_COMPUTE) else None


def int_type_of(module: Module) -> int | None:
    """The module's 32-bit signed integer type."""
    for instruction in module.globals:
        if instruction.opname == "OpTypeInt" and instruction.operands == (Literal(32), Literal(1)):
            return instruction.result_id
    return None


def int_constant(module: Module, int_type: int, value: int) -> int | None:
    """The module's OpConstant of `int_type` holding `value`."""
    for instruction in module.globals:
        if (
            instruction.opname == "OpConstant"
            and instruction.result_type == int_type
            and instruction.operands == (Literal(value & 0xFFFFFFFF),)
        ):
            return instruction.result_id
    return None


def _decorations(analysis: Analysis, target: int, decoration: int) -> list[int]:
    """The literal of each `decoration` of `target` (Binding 3 -> [3])."""
    found = []
    for instruction in analysis.index.decorations(target):
        operands = instruction.operands
        if instruction.opname == "OpDecorate" and operands[1] == Enum("Decoration", decoration):
            found.append(int(operands[2].value) if len(operands) > 2 else 0)
    return found


def opaque_block(module: Module, analysis: Analysis | None = None) -> OpaqueBlock | None:
    """The module's opaque block, where `add-opaque-block` made one and it is whole."""
    analysis = analysis or Analysis(module)
    int_type = int_type_of(module)
    if int_type is None:
        return None
    for instruction in module.globals:
        variable = instruction.result_id
        if instruction.opname != "OpVariable" or variable is None:
            continue
        if analysis.index.name(variable) != OPAQUE_NAME:
            continue
        storage = int(instruction.operands[0].value)
        pointer = analysis.index.definition(instruction.result_type or 0)
        struct = analysis.index.definition(int(pointer.operands[1].value)) if pointer else None
        binding = _decorations(analysis, variable, BINDING)
        member_pointer = pointer_of(module, storage, int_type)
        indices = [int_constant(module, int_type, i) for i in range(len(OPAQUE_VALUES))]
        if (
            struct is None
            or struct.opname != "OpTypeStruct"
            or struct.operands != tuple(Id(int_type) for _ in OPAQUE_VALUES)
            or len(binding) != 1
            or member_pointer is None
            or None in indices
        ):
            return None
        known = tuple(index for index in indices if index is not None)
        return OpaqueBlock(variable, binding[0], storage, member_pointer, int_type, known)
    return None


def load_member(
    block: OpaqueBlock, member: int, access: int, load: int
) -> tuple[Instruction, Instruction]:
    """`access = OpAccessChain member_pointer variable index; load = OpLoad access`."""
    return (
        Instruction.make(
            "OpAccessChain",
            Id(block.variable),
            Id(block.indices[member]),
            result_type=block.member_pointer,
            result_id=access,
        ),
        Instruction.make("OpLoad", Id(access), result_type=block.int_type, result_id=load),
    )


@dataclass(frozen=True)
class OpaqueBlockParams(FieldParameters):
    """The block at `binding` (descriptor set 0): `variable` of the struct type `struct`
    through the pointer type `struct_pointer`; `member_pointer`, `int_type` and
    `indices` (one per member) declare the member pointer type, the int type and the
    member index constants where the module lacks them."""

    binding: int
    variable: int
    struct: int
    struct_pointer: int
    member_pointer: int
    int_type: int
    indices: tuple[int, ...]

    def fresh(self) -> list[int]:
        ids = [self.variable, self.struct, self.struct_pointer, self.member_pointer]
        return [*ids, self.int_type, *self.indices]


def _bindings(analysis: Analysis) -> set[int]:
    """Every Binding a resource of the module has."""
    return {
        int(instruction.operands[2].value)
        for instruction in analysis.module.annotations
        if instruction.opname == "OpDecorate"
        and instruction.operands[1] == Enum("Decoration", BINDING)
    }


def _find_block(module: Module, rng: random.Random) -> OpaqueBlockParams | None:
    analysis = Analysis(module)
    binding = max(_bindings(analysis), default=-1) + 1
    ids = fresh_ids(module, 5 + len(OPAQUE_VALUES))
    variable, struct, struct_pointer, member_pointer, int_type = ids[:5]
    params = OpaqueBlockParams(
        binding, variable, struct, struct_pointer, member_pointer, int_type, tuple(ids[5:])
    )
    return params if _block_applies(module, params) else None


def _block_applies(module: Module, params: OpaqueBlockParams) -> bool:
    analysis = Analysis(module)
    return (
        stage_of(module) is not None
        and opaque_block(module, analysis) is None
        and not any(
            instruction.opname == "OpName" and instruction.operands[1] == String(OPAQUE_NAME)
            for instruction in module.debug
        )
        and 0 <= params.binding < 1024
        and params.binding not in _bindings(analysis)
        and len(params.indices) == len(OPAQUE_VALUES)
        and analysis.unused(params.fresh())
    )


def storage_form(module: Module) -> tuple[int, int]:
    """The storage class and block decoration of a read-only block in `module`: as its
    own storage buffers are (see the module's docstring)."""
    if stage_of(module) == FRAGMENT:
        return UNIFORM, BLOCK
    uses_storage_buffer = any(
        instruction.opname == "OpVariable"
        and instruction.operands[0] == Enum("StorageClass", STORAGE_BUFFER)
        for instruction in module.globals
    )
    if module.header.version >= SPIRV_1_3 or uses_storage_buffer:
        return STORAGE_BUFFER, BLOCK
    return UNIFORM, BUFFER_BLOCK


def _add_block(module: Module, params: OpaqueBlockParams) -> Module:
    storage, decoration = storage_form(module)
    edited = clone(module)
    added: list[Instruction] = []
    int_type = int_type_of(module)
    if int_type is None:
        int_type = params.int_type
        added.append(Instruction.make("OpTypeInt", Literal(32), Literal(1), result_id=int_type))
    for value, fresh in enumerate(params.indices):
        if int_constant(module, int_type, value) is None:
            added.append(
                Instruction.make(
                    "OpConstant", Literal(value), result_type=int_type, result_id=fresh
                )
            )
    members = tuple(Id(int_type) for _ in OPAQUE_VALUES)
    added.append(Instruction.make("OpTypeStruct", *members, result_id=params.struct))
    klass = Enum("StorageClass", storage)
    added.append(
        Instruction.make("OpTypePointer", klass, Id(params.struct), result_id=params.struct_pointer)
    )
    if pointer_of(module, storage, int_type) is None:
        added.append(
            Instruction.make("OpTypePointer", klass, Id(int_type), result_id=params.member_pointer)
        )
    added.append(
        Instruction.make(
            "OpVariable", klass, result_type=params.struct_pointer, result_id=params.variable
        )
    )
    edited.globals.extend(added)
    annotations = [
        Instruction.make("OpDecorate", Id(params.struct), Enum("Decoration", decoration)),
        Instruction.make(
            "OpDecorate", Id(params.variable), Enum("Decoration", DESCRIPTOR_SET), Literal(0)
        ),
        Instruction.make(
            "OpDecorate", Id(params.variable), Enum("Decoration", BINDING), Literal(params.binding)
        ),
    ]
    for member in range(len(OPAQUE_VALUES)):
        where = (Id(params.struct), Literal(member))
        offset = Literal(4 * member)
        annotations.append(
            Instruction.make("OpMemberDecorate", *where, Enum("Decoration", OFFSET), offset)
        )
        if storage == STORAGE_BUFFER or decoration == BUFFER_BLOCK:
            annotations.append(
                Instruction.make("OpMemberDecorate", *where, Enum("Decoration", NON_WRITABLE))
            )
    edited.annotations.extend(annotations)
    # OpName comes after the sources and before OpModuleProcessed.
    place = len(edited.debug)
    while place > 0 and edited.debug[place - 1].opname == "OpModuleProcessed":
        place -= 1
    edited.debug.insert(place, Instruction.make("OpName", Id(params.variable), String(OPAQUE_NAME)))
    if module.header.version >= SPIRV_1_4:
        # From SPIR-V 1.4 an entry point lists every global it uses (before: only Input
        # and Output ones, and listing another is invalid).
        entry = edited.entry_points[0]
        edited.entry_points[0] = Instruction(
            entry.opcode, None, None, (*entry.operands, Id(params.variable))
        )
    claim(edited, params.fresh())
    return edited


ADD_OPAQUE_BLOCK = Transformation(
    "add-opaque-block", OpaqueBlockParams.from_json, _find_block, _block_applies, _add_block
)
