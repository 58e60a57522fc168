"""Transformations that change nothing a shader computes by construction: the order of
functions, an id's debug name, and the hints on selection and loop headers.

Functions may come in any order (OpFunctionCall may name a function defined later); the
entry points keep their places, as spirv-fuzz's permutation does. Selection control
hints are None, Flatten or DontFlatten; loop control hints None, Unroll or DontUnroll,
only on a loop whose mask has no bit that takes parameters (DependencyLength,
MinIterations...), so the operands stay as the grammar reads them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Enum, Id, String
from shadersmith.spirv.transforms.analysis import Analysis, clone, enum_value, find_block
from shadersmith.spirv.transforms.base import FieldParameters, Transformation


@dataclass(frozen=True)
class PermuteFunctionsParams(FieldParameters):
    """The functions that are not entry points, in the order `order` (every one, once),
    in the places such functions held."""

    order: tuple[int, ...]


def _movable(module: Module) -> list[int]:
    entry_points = {int(instruction.operands[1].value) for instruction in module.entry_points}
    return [f.result_id for f in module.functions if f.result_id not in entry_points]


def _find_permute_functions(module: Module, rng: random.Random) -> PermuteFunctionsParams | None:
    movable = _movable(module)
    if len(movable) < 2:
        return None
    rng.shuffle(movable)
    return PermuteFunctionsParams(tuple(movable))


def _permute_functions_applies(module: Module, params: PermuteFunctionsParams) -> bool:
    movable = _movable(module)
    return len(params.order) == len(movable) and sorted(params.order) == sorted(movable)


def _permute_functions(module: Module, params: PermuteFunctionsParams) -> Module:
    edited = clone(module)
    by_id = {function.result_id: function for function in edited.functions}
    moved = iter(params.order)
    edited.functions = [
        by_id[next(moved)] if function.result_id in params.order else function
        for function in edited.functions
    ]
    return edited


PERMUTE_FUNCTIONS = Transformation(
    "permute-functions",
    PermuteFunctionsParams.from_json,
    _find_permute_functions,
    _permute_functions_applies,
    _permute_functions,
)


@dataclass(frozen=True)
class NameParams(FieldParameters):
    """OpName `target` `name`, in place of the name it had."""

    target: int
    name: str


def _find_name(module: Module, rng: random.Random) -> NameParams | None:
    analysis = Analysis(module)
    targets = sorted(analysis.places)
    if not targets:
        return None
    return NameParams(rng.choice(targets), f"smith_{rng.randrange(1 << 16)}")


def _name_applies(module: Module, params: NameParams) -> bool:
    # A name is any string; an id that is defined may take one (OpName on a forward or
    # missing id is invalid).
    return params.target in module.index().definitions and "\0" not in params.name


def _name(module: Module, params: NameParams) -> Module:
    edited = clone(module)
    named = Instruction.make("OpName", Id(params.target), String(params.name))
    debug = edited.debug
    for position, instruction in enumerate(debug):
        if instruction.opname == "OpName" and instruction.operands[0] == Id(params.target):
            debug[position] = named
            return edited
    # OpName and OpMemberName come after the sources and before OpModuleProcessed.
    place = len(debug)
    while place > 0 and debug[place - 1].opname == "OpModuleProcessed":
        place -= 1
    debug.insert(place, named)
    return edited


SET_NAME = Transformation("set-name", NameParams.from_json, _find_name, _name_applies, _name)

SELECTION_HINTS = (0, 1, 2)  # None, Flatten, DontFlatten
LOOP_HINTS = (0, 1, 2)  # None, Unroll, DontUnroll


@dataclass(frozen=True)
class ControlParams(FieldParameters):
    """The header `block`'s merge instruction takes the control hint `control`."""

    block: int
    control: int


# opname of the merge instruction -> (operand kind, the position of its mask, the hints).
_CONTROLS = {
    "OpSelectionMerge": ("SelectionControl", 1, SELECTION_HINTS),
    "OpLoopMerge": ("LoopControl", 2, LOOP_HINTS),
}


def _controllable(module: Module, opname: str) -> list[int]:
    """The headers whose `opname` merge holds a hint and nothing after it."""
    found = []
    _, position, hints = _CONTROLS[opname]
    for function in module.functions:
        for block in function.blocks:
            merge = block.merge
            if (
                merge is not None
                and merge.opname == opname
                and len(merge.operands) == position + 1
                and enum_value(merge, position) in hints
            ):
                found.append(block.label_id)
    return found


def _control_transformation(name: str, opname: str) -> Transformation[ControlParams]:
    kind, position, hints = _CONTROLS[opname]

    def find(module: Module, rng: random.Random) -> ControlParams | None:
        headers = _controllable(module, opname)
        return ControlParams(rng.choice(headers), rng.choice(hints)) if headers else None

    def applies(module: Module, params: ControlParams) -> bool:
        return params.control in hints and params.block in _controllable(module, opname)

    def apply(module: Module, params: ControlParams) -> Module:
        edited = clone(module)
        _, block = find_block(edited, params.block)
        merge = block.body[-1]
        operands = (*merge.operands[:position], Enum(kind, params.control))
        block.body[-1] = Instruction(merge.opcode, None, None, operands)
        return edited

    return Transformation(name, ControlParams.from_json, find, applies, apply)


SET_SELECTION_CONTROL = _control_transformation("set-selection-control", "OpSelectionMerge")
SET_LOOP_CONTROL = _control_transformation("set-loop-control", "OpLoopMerge")
