"""The lookups the transformations' preconditions share, made once per module: where each
block and each value is, whether a value is available at a point (SPIR-V's dominance
rule), fresh ids, insertion points, and finding or adding constants.

A point is a block's label and an offset into its body: the instruction inserted there
goes before `body[offset]`, or before the terminator where `offset == len(body)`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from shadersmith.spirv.cfg import ControlFlowGraph, control_flow_graphs
from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Function, Module
from shadersmith.spirv.operands import Enum, Id, Literal

# Globals that are values (not types, not variables): usable as operands anywhere.
CONSTANTS = frozenset(
    {
        "OpConstant",
        "OpConstantTrue",
        "OpConstantFalse",
        "OpConstantComposite",
        "OpConstantNull",
        "OpUndef",
    }
)
# The types whose values a synonym may copy: plain data. Pointers, images and samplers are
# left alone (logical addressing restricts where their copies may be used).
PLAIN_TYPES = frozenset({"OpTypeInt", "OpTypeFloat", "OpTypeBool", "OpTypeVector", "OpTypeMatrix"})
FUNCTION_STORAGE = 7  # StorageClass Function
# ids above this are left alone: the specification advises readers to accept bounds up to
# 0x3FFFFF, so a record asking for more is refused rather than written.
MAX_ID = 0x3FFFFF


def clone(module: Module) -> Module:
    """A copy whose lists and blocks may be edited without touching `module` (the
    instructions themselves are frozen and shared)."""
    functions = [
        Function(
            function.definition,
            list(function.parameters),
            [Block(block.label, list(block.body), block.terminator) for block in function.blocks],
            function.end,
        )
        for function in module.functions
    ]
    return Module(
        replace(module.header),
        list(module.capabilities),
        list(module.extensions),
        list(module.ext_inst_imports),
        list(module.memory_model),
        list(module.entry_points),
        list(module.execution_modes),
        list(module.debug),
        list(module.annotations),
        list(module.globals),
        functions,
    )


def claim(module: Module, ids: Iterable[int]) -> None:
    """Raise the bound above every id in `ids` (the fresh ids a transformation used)."""
    module.header.bound = max([module.header.bound, *(value + 1 for value in ids)])


def fresh_ids(module: Module, count: int) -> list[int]:
    """`count` ids above every id in use: what a finder puts in its parameters."""
    return list(range(module.header.bound, module.header.bound + count))


@dataclass(frozen=True)
class Place:
    """Where a value is defined inside a function: its block and index in the body."""

    function: int
    block: int
    position: int


def leading(block: Block, opnames: frozenset[str]) -> int:
    """How many of the body's first instructions are of `opnames` (OpPhi, OpVariable)."""
    count = 0
    while count < len(block.body) and block.body[count].opname in opnames:
        count += 1
    return count


def insertion_offsets(block: Block) -> range:
    """The offsets where an ordinary instruction may go: after the OpPhi and OpVariable
    instructions that must open a block, before a merge instruction (which must stay just
    before the terminator)."""
    first = leading(block, frozenset({"OpPhi", "OpVariable"}))
    last = len(block.body) - (1 if block.merge is not None else 0)
    return range(first, last + 1)


class Analysis:
    """Lookups over a module as it was when the analysis was made."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.index = module.index()
        self.cfgs: dict[int, ControlFlowGraph] = control_flow_graphs(module.functions)
        self.blocks: dict[int, tuple[Function, Block]] = {}
        self.places: dict[int, Place] = {}
        self.parameters: dict[int, int] = {}
        self.entry_points = {
            int(instruction.operands[1].value) for instruction in module.entry_points
        }
        self.constants = {
            instruction.result_id
            for instruction in module.globals
            if instruction.opname in CONSTANTS and instruction.result_id is not None
        }
        for function in module.functions:
            for parameter in function.parameters:
                if parameter.result_id is not None:
                    self.parameters[parameter.result_id] = function.result_id
            for block in function.blocks:
                self.blocks[block.label_id] = (function, block)
                for position, instruction in enumerate(block.body):
                    if instruction.result_id is not None:
                        self.places[instruction.result_id] = Place(
                            function.result_id, block.label_id, position
                        )

    def cfg_of(self, label: int) -> ControlFlowGraph | None:
        found = self.blocks.get(label)
        return self.cfgs.get(found[0].result_id) if found else None

    def reachable(self, label: int) -> bool:
        cfg = self.cfg_of(label)
        return cfg is not None and cfg.reachable(label)

    def is_point(self, label: int, offset: int) -> bool:
        """Is (label, offset) a point where an ordinary instruction may go, in a block
        reachable from its function's entry?"""
        found = self.blocks.get(label)
        return found is not None and offset in insertion_offsets(found[1]) and self.reachable(label)

    def instruction_at(self, label: int, offset: int) -> Instruction | None:
        """The instruction at `offset` in block `label` (its terminator where `offset` is
        the body's length), or None where there is none: a stale record's position."""
        found = self.blocks.get(label)
        if found is None or not 0 <= offset <= len(found[1].body):
            return None
        block = found[1]
        return block.terminator if offset == len(block.body) else block.body[offset]

    def random_point(self, rng: random.Random) -> tuple[int, int] | None:
        """A point in a reachable block, chosen at random."""
        labels = [label for label in self.blocks if self.reachable(label)]
        if not labels:
            return None
        label = rng.choice(labels)
        return label, rng.choice(insertion_offsets(self.blocks[label][1]))

    def type_name(self, value_id: int) -> str | None:
        """The opname of `value_id`'s type ("OpTypeInt"); None for a non-value."""
        found = self.index.type_of(value_id)
        return found.opname if found else None

    def is_plain_value(self, value_id: int) -> bool:
        """A constant, parameter or instruction result of plain data type."""
        located = value_id in self.constants or value_id in self.parameters
        located = located or value_id in self.places
        return located and self.type_name(value_id) in PLAIN_TYPES

    def available(self, value_id: int, label: int, offset: int) -> bool:
        """May an instruction at (label, offset) use `value_id`? Constants everywhere; a
        parameter in its function; a result where its definition dominates the point."""
        if value_id in self.constants:
            return True
        found = self.blocks.get(label)
        if found is None or not self.reachable(label):
            return False
        function = found[0].result_id
        if value_id in self.parameters:
            return self.parameters[value_id] == function
        place = self.places.get(value_id)
        if place is None or place.function != function:
            return False
        if place.block == label:
            return place.position < offset
        cfg = self.cfgs[function]
        return cfg.reachable(place.block) and cfg.dominates(place.block, label)

    def values_at(self, label: int, offset: int) -> Iterator[int]:
        """Every plain value available at (label, offset), in a fixed order: the block's own
        results before `offset`, its dominators', the function's parameters, the constants."""
        function = self.blocks[label][0]
        cfg = self.cfgs[function.result_id]
        current, limit = label, offset
        while True:
            body = self.blocks[current][1].body
            for instruction in body[:limit]:
                if instruction.result_id is not None and self.is_plain_value(instruction.result_id):
                    yield instruction.result_id
            parent = cfg.idom.get(current, current)
            if parent == current:
                break
            current, limit = parent, len(self.blocks[parent][1].body)
        for parameter in function.parameters:
            if parameter.result_id is not None and self.is_plain_value(parameter.result_id):
                yield parameter.result_id
        for constant in sorted(self.constants):
            if self.is_plain_value(constant):
                yield constant

    def unused(self, ids: Iterable[int]) -> bool:
        """Are `ids` distinct, in range, and neither defined nor used anywhere?"""
        wanted = list(ids)
        return len(set(wanted)) == len(wanted) and all(
            0 < value <= MAX_ID
            and value not in self.index.definitions
            and value not in self.index.users
            for value in wanted
        )

    def constant(self, opname: str, type_id: int, *operands: Id | Literal) -> int | None:
        """An existing constant `opname` of `type_id` with `operands`."""
        for instruction in self.module.globals:
            if (
                instruction.opname == opname
                and instruction.result_type == type_id
                and instruction.operands == operands
            ):
                return instruction.result_id
        return None


def layout_holds(function: Function) -> bool:
    """Does every reachable block come after its immediate dominator in the function's
    order (SPIR-V 1.6, 2.16.1)? What a new edge must not break either: a block nothing
    reached (glslang's continue target of a loop that always breaks) may be laid out
    anywhere after the entry, and once a new edge reaches it, its new dominator may come
    later (permute-blocks puts such blocks anywhere)."""
    cfg = ControlFlowGraph(function)
    seen: set[int] = set()
    for label in cfg.order:
        parent = cfg.idom.get(label, label)
        if parent != label and parent not in seen:
            return False
        seen.add(label)
    return True


def dominance_holds(function: Function) -> bool:
    """Does every use of a value defined in `function`'s blocks, in a block reachable from
    the entry, come after its definition on every path (an OpPhi's use at the end of its
    parent block)? What a new edge must not break: a block reached by a new path may lose
    a dominator whose values it uses."""
    cfg = ControlFlowGraph(function)
    places: dict[int, tuple[int, int]] = {}
    for block in function.blocks:
        for position, instruction in enumerate(block.body):
            if instruction.result_id is not None:
                places[instruction.result_id] = (block.label_id, position)

    def before(value: int, label: int, position: int) -> bool:
        block, defined = places[value]
        if block == label:
            return defined < position
        return cfg.reachable(block) and cfg.dominates(block, label)

    for block in function.blocks:
        label = block.label_id
        if not cfg.reachable(label):
            continue
        for position, instruction in enumerate([*block.body, block.terminator]):
            operands = instruction.operands
            if instruction.opname == "OpPhi":
                for index in range(0, len(operands) - 1, 2):
                    value, parent = int(operands[index].value), int(operands[index + 1].value)
                    end = len(cfg.blocks[parent].body) + 1 if parent in cfg.blocks else 0
                    if value in places and cfg.reachable(parent) and not before(value, parent, end):
                        return False
                continue
            for operand in operands:
                used = operand.value if isinstance(operand, Id) else None
                if used in places and not before(used, label, position):
                    return False
    return True


def type_operands(analysis: Analysis, type_id: int) -> tuple[str, list[int]]:
    """A type's opname and its operands as numbers (OpTypeVector %float 4 -> [float, 4])."""
    found = analysis.index.definition(type_id)
    if found is None:
        return "", []
    return found.opname, [int(operand.value) for operand in found.operands]


def insert(module: Module, label: int, offset: int, *instructions: Instruction) -> None:
    """Put `instructions` at the point (label, offset) of `module` (a clone being edited)."""
    for function in module.functions:
        for block in function.blocks:
            if block.label_id == label:
                block.body[offset:offset] = instructions
                return
    raise KeyError(f"no block %{label}")


def find_block(module: Module, label: int) -> tuple[Function, Block]:
    for function in module.functions:
        for block in function.blocks:
            if block.label_id == label:
                return function, block
    raise KeyError(f"no block %{label}")


def enum_value(instruction: Instruction, position: int) -> int | None:
    operand = instruction.operands[position] if position < len(instruction.operands) else None
    return operand.value if isinstance(operand, Enum) else None


def pointer_of(module: Module, storage: int, pointee: int) -> int | None:
    """The module's pointer type of `storage` to `pointee`."""
    for instruction in module.globals:
        if instruction.opname == "OpTypePointer" and instruction.operands == (
            Enum("StorageClass", storage),
            Id(pointee),
        ):
            return instruction.result_id
    return None
