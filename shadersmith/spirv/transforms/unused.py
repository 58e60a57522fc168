"""Globals nothing uses: a Private variable (with or without an initialiser), a scalar
constant, a struct type. A consumer must carry them or drop them without changing what
the module computes.

No non-aggregate type is ever added twice: spirv-val refuses two OpTypeInt of the same
operands (a duplicate non-aggregate type), so a pointer type is the module's own where
it has one, and the only new type of its own is
a struct (an aggregate, which may repeat). In SPIR-V before 1.4 an entry point's
interface lists only Input and Output variables, and glslang writes 1.0 for Vulkan 1.0,
so a new Private variable is listed nowhere; from 1.4 on an entry point lists the
globals it uses, which an unused one is not.
"""

from __future__ import annotations

import random
import struct
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id, Literal
from shadersmith.spirv.transforms.analysis import (
    PLAIN_TYPES,
    Analysis,
    claim,
    clone,
    fresh_ids,
    pointer_of,
    type_operands,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation

PRIVATE_STORAGE = 6  # StorageClass Private


def _plain_types(analysis: Analysis) -> list[int]:
    return [
        instruction.result_id
        for instruction in analysis.module.globals
        if instruction.opname in PLAIN_TYPES and instruction.result_id is not None
    ]


@dataclass(frozen=True)
class GlobalParams(FieldParameters):
    """`variable = OpVariable %ptr Private [initialiser]` of the plain type `pointee`;
    `initialiser` 0 for none; `pointer` makes the pointer type where the module lacks it."""

    pointee: int
    initialiser: int
    variable: int
    pointer: int


def _initialisers(analysis: Analysis, pointee: int) -> list[int]:
    return sorted(
        constant
        for constant in analysis.constants
        if analysis.index.definitions[constant].result_type == pointee
        and analysis.index.definitions[constant].opname != "OpUndef"
    )


def _find_global(module: Module, rng: random.Random) -> GlobalParams | None:
    analysis = Analysis(module)
    types = _plain_types(analysis)
    if not types:
        return None
    pointee = rng.choice(types)
    initialisers = [0, *_initialisers(analysis, pointee)]
    return GlobalParams(pointee, rng.choice(initialisers), *fresh_ids(module, 2))


def _global_applies(module: Module, params: GlobalParams) -> bool:
    analysis = Analysis(module)
    return (
        params.pointee in _plain_types(analysis)
        and (
            params.initialiser == 0 or params.initialiser in _initialisers(analysis, params.pointee)
        )
        and analysis.unused([params.variable, params.pointer])
    )


def _global(module: Module, params: GlobalParams) -> Module:
    edited = clone(module)
    pointer = pointer_of(module, PRIVATE_STORAGE, params.pointee)
    if pointer is None:
        pointer = params.pointer
        edited.globals.append(
            Instruction.make(
                "OpTypePointer",
                Enum("StorageClass", PRIVATE_STORAGE),
                Id(params.pointee),
                result_id=pointer,
            )
        )
    initialiser = (Id(params.initialiser),) if params.initialiser else ()
    edited.globals.append(
        Instruction.make(
            "OpVariable",
            Enum("StorageClass", PRIVATE_STORAGE),
            *initialiser,
            result_type=pointer,
            result_id=params.variable,
        )
    )
    claim(edited, [params.variable, params.pointer])
    return edited


ADD_GLOBAL_VARIABLE = Transformation(
    "add-global-variable", GlobalParams.from_json, _find_global, _global_applies, _global
)


@dataclass(frozen=True)
class ConstantParams(FieldParameters):
    """`fresh = OpConstant type bits` of a 32-bit integer or float scalar type."""

    type: int
    bits: int
    fresh: int


def _scalar_types(analysis: Analysis) -> list[int]:
    return [
        type_id
        for type_id in _plain_types(analysis)
        if type_operands(analysis, type_id)[0] in ("OpTypeInt", "OpTypeFloat")
        and type_operands(analysis, type_id)[1][0] == 32
    ]


def _find_constant(module: Module, rng: random.Random) -> ConstantParams | None:
    analysis = Analysis(module)
    types = _scalar_types(analysis)
    if not types:
        return None
    type_id = rng.choice(types)
    value = rng.randrange(-8, 9)
    if type_operands(analysis, type_id)[0] == "OpTypeFloat":
        # Small whole floats: 2.0 is 0x40000000 and so on (any bits would do; nothing reads it).
        bits = int.from_bytes(struct.pack("<f", float(value)), "little")
    else:
        bits = value & 0xFFFFFFFF
    return ConstantParams(type_id, bits, fresh_ids(module, 1)[0])


def _constant_applies(module: Module, params: ConstantParams) -> bool:
    analysis = Analysis(module)
    return (
        params.type in _scalar_types(analysis)
        and 0 <= params.bits <= 0xFFFFFFFF
        and analysis.unused([params.fresh])
    )


def _constant(module: Module, params: ConstantParams) -> Module:
    edited = clone(module)
    edited.globals.append(
        Instruction.make(
            "OpConstant", Literal(params.bits), result_type=params.type, result_id=params.fresh
        )
    )
    claim(edited, [params.fresh])
    return edited


ADD_CONSTANT = Transformation(
    "add-constant", ConstantParams.from_json, _find_constant, _constant_applies, _constant
)


@dataclass(frozen=True)
class StructParams(FieldParameters):
    """`fresh = OpTypeStruct members...` of plain member types."""

    members: tuple[int, ...]
    fresh: int


def _find_struct(module: Module, rng: random.Random) -> StructParams | None:
    types = _plain_types(Analysis(module))
    if not types:
        return None
    members = tuple(rng.choice(types) for _ in range(rng.randint(1, 4)))
    return StructParams(members, fresh_ids(module, 1)[0])


def _struct_applies(module: Module, params: StructParams) -> bool:
    analysis = Analysis(module)
    types = set(_plain_types(analysis))
    return (
        bool(params.members)
        and all(member in types for member in params.members)
        and analysis.unused([params.fresh])
    )


def _struct(module: Module, params: StructParams) -> Module:
    edited = clone(module)
    edited.globals.append(
        Instruction.make(
            "OpTypeStruct", *(Id(member) for member in params.members), result_id=params.fresh
        )
    )
    claim(edited, [params.fresh])
    return edited


ADD_STRUCT_TYPE = Transformation(
    "add-struct-type", StructParams.from_json, _find_struct, _struct_applies, _struct
)
