"""Function-local variables: add one that nothing reads for its value (declared in the
entry block, a value stored to it and loaded back at a point, the load's result never
used), and turn an OpCopyObject into a store to a new local variable and a load back.

The unused variable's pointer type must be one the module already declares (Function
storage class, a plain pointee): adding a second OpTypePointer of the same storage class
and pointee is legal, but a module's own type is what drivers are used to. A copy's
store and load need a pointer to the copy's type, which is declared where the module
lacks it (so never twice).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id
from shadersmith.spirv.transforms.analysis import (
    FUNCTION_STORAGE,
    PLAIN_TYPES,
    Analysis,
    claim,
    clone,
    fresh_ids,
    insert,
    leading,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation


@dataclass(frozen=True)
class LocalParams(FieldParameters):
    """`variable = OpVariable pointer_type Function` in the entry block of `block`'s
    function; `OpStore variable value; load = OpLoad variable` at (block, offset)."""

    pointer_type: int
    value: int
    block: int
    offset: int
    variable: int
    load: int


def _local_pointers(analysis: Analysis) -> dict[int, int]:
    """Pointee type -> a Function-storage pointer type to it, for plain pointees."""
    found: dict[int, int] = {}
    for instruction in analysis.module.globals:
        if instruction.opname != "OpTypePointer" or instruction.result_id is None:
            continue
        storage, pointee = instruction.operands
        pointee_type = analysis.index.definition(int(pointee.value))
        if (
            storage.value == FUNCTION_STORAGE
            and pointee_type is not None
            and pointee_type.opname in PLAIN_TYPES
        ):
            found.setdefault(int(pointee.value), instruction.result_id)
    return found


def _find_local(module: Module, rng: random.Random) -> LocalParams | None:
    analysis = Analysis(module)
    point = analysis.random_point(rng)
    if point is None:
        return None
    pointers = _local_pointers(analysis)
    candidates = [
        (value, pointers[type_id])
        for value in analysis.values_at(*point)
        if (type_id := analysis.index.definitions[value].result_type) in pointers
    ]
    if not candidates:
        return None
    value, pointer = rng.choice(candidates)
    variable, load = fresh_ids(module, 2)
    return LocalParams(pointer, value, *point, variable, load)


def _local_applies(module: Module, params: LocalParams) -> bool:
    analysis = Analysis(module)
    pointers = _local_pointers(analysis)
    value = analysis.index.definition(params.value)
    return (
        analysis.is_point(params.block, params.offset)
        and analysis.is_plain_value(params.value)
        and value is not None
        and pointers.get(value.result_type or 0) == params.pointer_type
        and analysis.available(params.value, params.block, params.offset)
        and analysis.unused([params.variable, params.load])
    )


def _local(module: Module, params: LocalParams) -> Module:
    analysis = Analysis(module)
    function = analysis.blocks[params.block][0].result_id
    pointee = analysis.index.definitions[params.value].result_type
    edited = clone(module)
    insert(
        edited,
        params.block,
        params.offset,
        Instruction.make("OpStore", Id(params.variable), Id(params.value)),
        Instruction.make("OpLoad", Id(params.variable), result_type=pointee, result_id=params.load),
    )
    # The declaration goes last, after the store: the entry block's variables come first,
    # so the store's offset is counted without it.
    entry = next(f for f in edited.functions if f.result_id == function).blocks[0]
    entry.body.insert(
        leading(entry, frozenset({"OpVariable"})),
        Instruction.make(
            "OpVariable",
            Enum("StorageClass", FUNCTION_STORAGE),
            result_type=params.pointer_type,
            result_id=params.variable,
        ),
    )
    claim(edited, [params.variable, params.load])
    return edited


ADD_LOCAL_VARIABLE = Transformation(
    "add-local-variable", LocalParams.from_json, _find_local, _local_applies, _local
)


@dataclass(frozen=True)
class CopyToMemoryParams(FieldParameters):
    """The OpCopyObject `instruction` of `x` becomes `OpStore variable x; instruction =
    OpLoad variable`, `variable` a new Function variable of the copy's type in the entry
    block; `pointer` declares its pointer type where the module lacks one (a new pointer
    type only where none of that storage class and pointee exists, so never a second)."""

    instruction: int
    variable: int
    pointer: int


def _copy_of_plain(analysis: Analysis, result: int) -> int | None:
    """The copy's type where `result` is a function body's OpCopyObject of plain data."""
    defined = analysis.index.definition(result)
    if defined is None or result not in analysis.places or defined.opname != "OpCopyObject":
        return None
    return defined.result_type if analysis.type_name(result) in PLAIN_TYPES else None


def _find_copy_to_memory(module: Module, rng: random.Random) -> CopyToMemoryParams | None:
    analysis = Analysis(module)
    copies = sorted(r for r in analysis.places if _copy_of_plain(analysis, r) is not None)
    return CopyToMemoryParams(rng.choice(copies), *fresh_ids(module, 2)) if copies else None


def _copy_to_memory_applies(module: Module, params: CopyToMemoryParams) -> bool:
    analysis = Analysis(module)
    return _copy_of_plain(analysis, params.instruction) is not None and analysis.unused(
        [params.variable, params.pointer]
    )


def _copy_to_memory(module: Module, params: CopyToMemoryParams) -> Module:
    analysis = Analysis(module)
    pointee = _copy_of_plain(analysis, params.instruction)
    assert pointee is not None
    place = analysis.places[params.instruction]
    edited = clone(module)
    pointer = _local_pointers(analysis).get(pointee)
    if pointer is None:
        pointer = params.pointer
        edited.globals.append(
            Instruction.make(
                "OpTypePointer",
                Enum("StorageClass", FUNCTION_STORAGE),
                Id(pointee),
                result_id=pointer,
            )
        )
    function = next(f for f in edited.functions if f.result_id == place.function)
    block = next(b for b in function.blocks if b.label_id == place.block)
    copied = block.body[place.position].operands[0]
    block.body[place.position : place.position + 1] = [
        Instruction.make("OpStore", Id(params.variable), copied),
        Instruction.make(
            "OpLoad", Id(params.variable), result_type=pointee, result_id=params.instruction
        ),
    ]
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
    claim(edited, [params.variable, params.pointer])
    return edited


REPLACE_COPY_WITH_STORE_AND_LOAD = Transformation(
    "replace-copy-with-store-and-load",
    CopyToMemoryParams.from_json,
    _find_copy_to_memory,
    _copy_to_memory_applies,
    _copy_to_memory,
)
