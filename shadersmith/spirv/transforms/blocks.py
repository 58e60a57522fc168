"""Control-flow transformations: split a block in two and merge two back into one, add
a dead block behind a constant-false conditional branch, dead breaks and continues, and
reorder a function's blocks.

Structured control flow (SPIR-V 1.6, 2.11) bounds each of them:
- a split keeps a block's OpPhi instructions (and the entry block's OpVariable ones) in
  its first half, and its merge instruction with the terminator in its second; a loop
  header is never split (its back edges must reach the block holding OpLoopMerge), and
  the successors' OpPhi instructions name the second half as their predecessor;
- a dead block makes its block a selection header of a new merge block, which then
  branches where the block did (so a break stays a break, a back edge a back edge);
- a dead break (continue) goes from a block whose innermost breakable construct is a
  loop (no switch, case or continue construct between) to that loop's merge block
  (continue target), which must have no OpPhi to extend, and only where every value
  used there is still defined on the new path and every block still comes after its
  dominators;
- blocks may appear in any order that lists every block after its dominators, the
  entry block first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.cfg import ControlFlowGraph
from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.operands import Enum, Id
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    dominance_holds,
    find_block,
    fresh_ids,
    layout_holds,
    leading,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation


@dataclass(frozen=True)
class SplitParams(FieldParameters):
    """`block` keeps `body[:offset]` and branches to the new block `fresh`, which takes the
    rest of the body and the terminator."""

    block: int
    offset: int
    fresh: int


def _split_offsets(block: Block) -> range:
    if block.merge is not None and block.merge.opname == "OpLoopMerge":
        return range(0)
    first = leading(block, frozenset({"OpPhi", "OpVariable"}))
    last = len(block.body) - (1 if block.merge is not None else 0)
    return range(first, last + 1)


def _find_split(module: Module, rng: random.Random) -> SplitParams | None:
    analysis = Analysis(module)
    labels = [label for label, (_, block) in analysis.blocks.items() if _split_offsets(block)]
    if not labels:
        return None
    label = rng.choice(labels)
    offset = rng.choice(_split_offsets(analysis.blocks[label][1]))
    return SplitParams(label, offset, fresh_ids(module, 1)[0])


def _split_applies(module: Module, params: SplitParams) -> bool:
    analysis = Analysis(module)
    found = analysis.blocks.get(params.block)
    return (
        found is not None
        and params.offset in _split_offsets(found[1])
        and analysis.unused([params.fresh])
    )


def rename_predecessor(block: Block, old: int, new: int) -> None:
    """The OpPhi instructions of `block` name `new` where they named the predecessor `old`."""
    for position, instruction in enumerate(block.body):
        if instruction.opname != "OpPhi":
            continue
        operands = list(instruction.operands)
        for parent in range(1, len(operands), 2):
            if operands[parent] == Id(old):
                operands[parent] = Id(new)
        block.body[position] = Instruction(
            instruction.opcode, instruction.result_type, instruction.result_id, tuple(operands)
        )


def _split(module: Module, params: SplitParams) -> Module:
    edited = clone(module)
    function, block = find_block(edited, params.block)
    cfg = ControlFlowGraph(function)
    second = Block(
        Instruction.make("OpLabel", result_id=params.fresh),
        block.body[params.offset :],
        block.terminator,
    )
    del block.body[params.offset :]
    block.terminator = Instruction.make("OpBranch", Id(params.fresh))
    function.blocks.insert(function.blocks.index(block) + 1, second)
    for successor in cfg.successors[params.block]:
        rename_predecessor(find_block(edited, successor)[1], params.block, params.fresh)
    claim(edited, [params.fresh])
    return edited


SPLIT_BLOCK = Transformation(
    "split-block", SplitParams.from_json, _find_split, _split_applies, _split
)


@dataclass(frozen=True)
class DeadBlockParams(FieldParameters):
    """`block`'s `OpBranch successor` becomes `OpSelectionMerge merge; OpBranchConditional
    false fresh merge`; the new block `fresh` branches to the new block `merge`, which
    branches to the successor. `false_id` and `bool_id` make OpConstantFalse and
    OpTypeBool where the module lacks them."""

    block: int
    fresh: int
    merge: int
    false_id: int
    bool_id: int


def switch_targets(cfg: ControlFlowGraph) -> set[int]:
    found: set[int] = set()
    for label, block in cfg.blocks.items():
        if block.terminator.opname == "OpSwitch":
            found.update(cfg.successors[label])
    return found


def _plain_branch(analysis: Analysis, label: int) -> tuple[Block, ControlFlowGraph] | None:
    """`label`'s block and its function's CFG where the block is reachable, heads no
    construct and ends in an OpBranch: where a dead block or a dead jump may go."""
    found = analysis.blocks.get(label)
    cfg = analysis.cfg_of(label)
    if found is None or cfg is None or not cfg.reachable(label):
        return None
    block = found[1]
    if block.merge is not None or block.terminator.opname != "OpBranch":
        return None
    return block, cfg


def may_add_dead_block(analysis: Analysis, label: int) -> bool:
    """Is `label` a reachable block ending in OpBranch that heads no construct? Its new
    merge block takes its place as the successor's predecessor, so whatever its branch
    was (a break, a continue, a back edge, a step to the next block) stays that kind of
    branch; only a switch's fall-through is left alone (a case may fall through once)."""
    plain = _plain_branch(analysis, label)
    if plain is None:
        return False
    block, cfg = plain
    return int(block.terminator.operands[0].value) not in switch_targets(cfg)


def _find_dead_block(module: Module, rng: random.Random) -> DeadBlockParams | None:
    analysis = Analysis(module)
    labels = [label for label in analysis.blocks if may_add_dead_block(analysis, label)]
    if not labels:
        return None
    return DeadBlockParams(rng.choice(labels), *fresh_ids(module, 4))


def _global(module: Module, opname: str, result_type: int | None = None) -> int | None:
    for instruction in module.globals:
        if instruction.opname == opname and instruction.result_type == result_type:
            return instruction.result_id
    return None


def _dead_block_applies(module: Module, params: DeadBlockParams) -> bool:
    analysis = Analysis(module)
    return may_add_dead_block(analysis, params.block) and analysis.unused(
        [params.fresh, params.merge, params.false_id, params.bool_id]
    )


def _false_constant(edited: Module, false_id: int, bool_id: int) -> int:
    """The module's OpConstantFalse; added (with OpTypeBool where it lacks one) if missing."""
    bool_type = _global(edited, "OpTypeBool")
    if bool_type is None:
        bool_type = bool_id
        edited.globals.append(Instruction.make("OpTypeBool", result_id=bool_type))
    false = _global(edited, "OpConstantFalse", bool_type)
    if false is None:
        false = false_id
        edited.globals.append(
            Instruction.make("OpConstantFalse", result_type=bool_type, result_id=false)
        )
    return false


def _dead_block(module: Module, params: DeadBlockParams) -> Module:
    edited = clone(module)
    false = _false_constant(edited, params.false_id, params.bool_id)
    function, block = find_block(edited, params.block)
    successor = int(block.terminator.operands[0].value)
    block.body.append(
        Instruction.make("OpSelectionMerge", Id(params.merge), Enum("SelectionControl", 0))
    )
    block.terminator = Instruction.make(
        "OpBranchConditional", Id(false), Id(params.fresh), Id(params.merge)
    )
    dead = Block(
        Instruction.make("OpLabel", result_id=params.fresh),
        [],
        Instruction.make("OpBranch", Id(params.merge)),
    )
    merge = Block(
        Instruction.make("OpLabel", result_id=params.merge),
        [],
        Instruction.make("OpBranch", Id(successor)),
    )
    place = function.blocks.index(block) + 1
    function.blocks[place:place] = [dead, merge]
    rename_predecessor(find_block(edited, successor)[1], params.block, params.merge)
    claim(edited, [params.fresh, params.merge, params.false_id, params.bool_id])
    return edited


ADD_DEAD_BLOCK = Transformation(
    "add-dead-block", DeadBlockParams.from_json, _find_dead_block, _dead_block_applies, _dead_block
)


@dataclass(frozen=True)
class PermuteBlocksParams(FieldParameters):
    """The function `function`'s blocks in the order `order` (every label, once)."""

    function: int
    order: tuple[int, ...]


def _parent(cfg: ControlFlowGraph, label: int) -> int:
    """A block's immediate dominator; the entry for an unreachable block (which only has
    to come after the entry)."""
    parent = cfg.idom.get(label, cfg.entry)
    return cfg.entry if parent == label and label != cfg.entry else parent


def _find_permute_blocks(module: Module, rng: random.Random) -> PermuteBlocksParams | None:
    analysis = Analysis(module)
    functions = [cfg for cfg in analysis.cfgs.values() if len(cfg.order) > 2]
    if not functions:
        return None
    cfg = rng.choice(functions)
    children: dict[int, list[int]] = {}
    for label in cfg.order[1:]:
        children.setdefault(_parent(cfg, label), []).append(label)
    # A random topological order of the dominator tree: each block after its dominator.
    order, ready = [cfg.entry], list(children.get(cfg.entry, []))
    while ready:
        label = ready.pop(rng.randrange(len(ready)))
        order.append(label)
        ready.extend(children.get(label, []))
    function = analysis.blocks[cfg.entry][0].result_id
    return PermuteBlocksParams(function, tuple(order))


def _permute_blocks_applies(module: Module, params: PermuteBlocksParams) -> bool:
    cfg = Analysis(module).cfgs.get(params.function)
    if cfg is None or sorted(params.order) != sorted(cfg.order) or params.order[0] != cfg.entry:
        return False
    seen: set[int] = set()
    for label in params.order:
        if label != cfg.entry and _parent(cfg, label) not in seen:
            return False
        seen.add(label)
    return True


def _permute_blocks(module: Module, params: PermuteBlocksParams) -> Module:
    edited = clone(module)
    for function in edited.functions:
        if function.result_id == params.function:
            by_label = {block.label_id: block for block in function.blocks}
            function.blocks = [by_label[label] for label in params.order]
    return edited


PERMUTE_BLOCKS = Transformation(
    "permute-blocks",
    PermuteBlocksParams.from_json,
    _find_permute_blocks,
    _permute_blocks_applies,
    _permute_blocks,
)


@dataclass(frozen=True)
class DeadJumpParams(FieldParameters):
    """`block`'s `OpBranch successor` becomes `OpBranchConditional false target successor`,
    the target being the innermost loop's merge block (a break) or continue target (a
    continue) that is never taken. `false_id` and `bool_id` as for a dead block."""

    block: int
    false_id: int
    bool_id: int


def _jump_target(analysis: Analysis, label: int, to_merge: bool) -> int | None:
    """The merge block (or continue target) of the loop a dead break (or continue) from
    `label` would go to, where one may: the loop is the innermost construct that a break
    may leave, the target has no OpPhi to extend and is not already the successor."""
    plain = _plain_branch(analysis, label)
    if plain is None:
        return None
    block, cfg = plain
    for construct in cfg.containing(label):
        header = cfg.blocks[construct.header]
        if construct.kind == "selection" and header.terminator.opname != "OpSwitch":
            continue
        if construct.kind != "loop":
            return None  # a case, a switch or a continue construct: no jump to a loop's
        target = construct.merge if to_merge else construct.continue_target
        successor = int(block.terminator.operands[0].value)
        target_block = cfg.blocks.get(target or 0)
        if target is None or successor == target or target_block is None:
            return None
        return None if any(i.opname == "OpPhi" for i in target_block.body) else target
    return None


def _dead_jump(name: str, to_merge: bool) -> Transformation[DeadJumpParams]:
    def find(module: Module, rng: random.Random) -> DeadJumpParams | None:
        analysis = Analysis(module)
        labels = [label for label in analysis.blocks if _jump_target(analysis, label, to_merge)]
        if not labels:
            return None
        return DeadJumpParams(rng.choice(labels), *fresh_ids(module, 2))

    def applies(module: Module, params: DeadJumpParams) -> bool:
        analysis = Analysis(module)
        if _jump_target(analysis, params.block, to_merge) is None or not analysis.unused(
            [params.false_id, params.bool_id]
        ):
            return False
        # The new edge reaches its target by a new path: a value of the loop's body used
        # after the loop (or in its continue construct) may no longer be defined on every
        # path there, and a target nothing reached before may now be laid out before its
        # new dominator.
        function = find_block(apply(module, params), params.block)[0]
        return dominance_holds(function) and layout_holds(function)

    def apply(module: Module, params: DeadJumpParams) -> Module:
        target = _jump_target(Analysis(module), params.block, to_merge)
        assert target is not None
        edited = clone(module)
        false = _false_constant(edited, params.false_id, params.bool_id)
        _, block = find_block(edited, params.block)
        successor = block.terminator.operands[0]
        block.terminator = Instruction.make("OpBranchConditional", Id(false), Id(target), successor)
        claim(edited, [params.false_id, params.bool_id])
        return edited

    return Transformation(name, DeadJumpParams.from_json, find, applies, apply)


ADD_DEAD_BREAK = _dead_jump("add-dead-break", to_merge=True)
ADD_DEAD_CONTINUE = _dead_jump("add-dead-continue", to_merge=False)


@dataclass(frozen=True)
class MergeParams(FieldParameters):
    """`block`'s successor, which only `block` reaches, joins `block`: its body after
    `block`'s, its terminator in place of `block`'s OpBranch."""

    block: int


def _mergeable_successor(analysis: Analysis, label: int) -> int | None:
    """The successor `label` may absorb: reached from `label` alone by an OpBranch from a
    block that heads no construct, no OpPhi in it, and named by nothing but that branch
    and its own successors' OpPhi (no merge instruction names it, so it is no merge
    block or continue target; a loop header would be named by its back edge)."""
    plain = _plain_branch(analysis, label)
    if plain is None:
        return None
    block, cfg = plain
    successor = int(block.terminator.operands[0].value)
    target = cfg.blocks.get(successor)
    if target is None or successor == label or cfg.predecessors.get(successor) != [label]:
        return None
    if any(instruction.opname == "OpPhi" for instruction in target.body):
        return None
    users = analysis.index.users.get(successor, [])
    branches = [user for user in users if user.opname != "OpPhi"]
    return successor if branches == [block.terminator] else None


def _find_merge(module: Module, rng: random.Random) -> MergeParams | None:
    analysis = Analysis(module)
    labels = [label for label in analysis.blocks if _mergeable_successor(analysis, label)]
    return MergeParams(rng.choice(labels)) if labels else None


def _merge_applies(module: Module, params: MergeParams) -> bool:
    return _mergeable_successor(Analysis(module), params.block) is not None


def _merge(module: Module, params: MergeParams) -> Module:
    successor = _mergeable_successor(Analysis(module), params.block)
    assert successor is not None
    edited = clone(module)
    function, block = find_block(edited, params.block)
    _, absorbed = find_block(edited, successor)
    cfg = ControlFlowGraph(function)
    block.body.extend(absorbed.body)
    block.terminator = absorbed.terminator
    function.blocks.remove(absorbed)
    for after in cfg.successors[successor]:
        rename_predecessor(find_block(edited, after)[1], successor, params.block)
    return edited


MERGE_BLOCKS = Transformation(
    "merge-blocks", MergeParams.from_json, _find_merge, _merge_applies, _merge
)
