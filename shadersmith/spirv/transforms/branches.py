"""Branch transformations: swap a conditional branch's targets under a negated condition,
permute an OpPhi's (value, parent) pairs, and wrap a straight-line run of a block in a
selection whose condition is always true.

- Swapping targets keeps any merge instruction (a selection's merge block or a loop's
  exit is still named by it), and swaps branch weights where there are any.
- An OpPhi's pairs may come in any order: each pair names its parent.
- A wrapped run goes to a new block `inner` behind `OpSelectionMerge merge;
  OpBranchConditional (c == c) inner merge`, where `c` is an integer constant (a
  consumer must fold it to see the branch is always taken); the rest of the block, its
  merge instruction and terminator go to `merge`, which the successors' OpPhi then name.
  `inner` no longer dominates what follows it, so every value the run defines must be
  used inside the run alone; a loop header is never wrapped (its back edges must reach
  the block holding OpLoopMerge), nor a block falling through to a switch's case.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.operands import Enum, Id, Literal
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    insertion_offsets,
    leading,
)
from shadersmith.spirv.transforms.base import FieldParameters, Transformation
from shadersmith.spirv.transforms.blocks import rename_predecessor, switch_targets


@dataclass(frozen=True)
class SwapBranchParams(FieldParameters):
    """`block`'s `OpBranchConditional c t f` becomes `fresh = OpLogicalNot c;
    OpBranchConditional fresh f t`."""

    block: int
    fresh: int


def _conditional(analysis: Analysis, label: int) -> Instruction | None:
    found = analysis.blocks.get(label)
    terminator = found[1].terminator if found else None
    if terminator is None or terminator.opname != "OpBranchConditional":
        return None
    return terminator if len(terminator.operands) in (3, 5) else None


def _find_swap_branch(module: Module, rng: random.Random) -> SwapBranchParams | None:
    analysis = Analysis(module)
    labels = [label for label in analysis.blocks if _conditional(analysis, label) is not None]
    return SwapBranchParams(rng.choice(labels), fresh_ids(module, 1)[0]) if labels else None


def _swap_branch_applies(module: Module, params: SwapBranchParams) -> bool:
    analysis = Analysis(module)
    return _conditional(analysis, params.block) is not None and analysis.unused([params.fresh])


def _swap_branch(module: Module, params: SwapBranchParams) -> Module:
    analysis = Analysis(module)
    condition = int(analysis.blocks[params.block][1].terminator.operands[0].value)
    bool_type = analysis.index.definitions[condition].result_type
    edited = clone(module)
    _, block = find_block(edited, params.block)
    operands = block.terminator.operands
    swapped = [Id(params.fresh), operands[2], operands[1], *reversed(operands[3:])]
    block.body.insert(
        insertion_offsets(block)[-1],
        Instruction.make(
            "OpLogicalNot", Id(condition), result_type=bool_type, result_id=params.fresh
        ),
    )
    block.terminator = Instruction.make("OpBranchConditional", *swapped)
    claim(edited, [params.fresh])
    return edited


SWAP_CONDITIONAL_BRANCH = Transformation(
    "swap-conditional-branch",
    SwapBranchParams.from_json,
    _find_swap_branch,
    _swap_branch_applies,
    _swap_branch,
)


@dataclass(frozen=True)
class PermutePhiParams(FieldParameters):
    """The OpPhi `instruction`'s pairs in the order `order` (a permutation of their
    indices)."""

    instruction: int
    order: tuple[int, ...]


def _phi_pairs(analysis: Analysis, result: int) -> int | None:
    defined = analysis.index.definition(result)
    if defined is None or result not in analysis.places or defined.opname != "OpPhi":
        return None
    return len(defined.operands) // 2


def _find_permute_phi(module: Module, rng: random.Random) -> PermutePhiParams | None:
    analysis = Analysis(module)
    phis = sorted(r for r in analysis.places if (_phi_pairs(analysis, r) or 0) > 1)
    if not phis:
        return None
    chosen = rng.choice(phis)
    order = list(range(_phi_pairs(analysis, chosen) or 0))
    rng.shuffle(order)
    return PermutePhiParams(chosen, tuple(order))


def _permute_phi_applies(module: Module, params: PermutePhiParams) -> bool:
    pairs = _phi_pairs(Analysis(module), params.instruction)
    return pairs is not None and sorted(params.order) == list(range(pairs))


def _permute_phi(module: Module, params: PermutePhiParams) -> Module:
    edited = clone(module)
    place = Analysis(module).places[params.instruction]
    _, block = find_block(edited, place.block)
    phi = block.body[place.position]
    pairs = [phi.operands[2 * index : 2 * index + 2] for index in params.order]
    block.body[place.position] = Instruction(
        phi.opcode, phi.result_type, phi.result_id, tuple(o for pair in pairs for o in pair)
    )
    return edited


PERMUTE_PHI_OPERANDS = Transformation(
    "permute-phi-operands",
    PermutePhiParams.from_json,
    _find_permute_phi,
    _permute_phi_applies,
    _permute_phi,
)


@dataclass(frozen=True)
class WrapParams(FieldParameters):
    """`block`'s `body[start:end]` moves to the new block `inner`, taken when `condition
    = OpIEqual constant constant`; the rest goes to the new block `merge`."""

    block: int
    start: int
    end: int
    constant: int
    condition: int
    inner: int
    merge: int


def _wrappable_block(analysis: Analysis, label: int) -> Block | None:
    """`label`'s block where a run of it may be wrapped: reachable, no loop header, no
    fall-through to a case (the switch header's own OpSwitch moves to `merge` whole)."""
    found = analysis.blocks.get(label)
    cfg = analysis.cfg_of(label)
    if found is None or cfg is None or not cfg.reachable(label):
        return None
    block = found[1]
    if block.merge is not None and block.merge.opname == "OpLoopMerge":
        return None
    if block.terminator.opname != "OpSwitch" and set(cfg.successors[label]) & switch_targets(cfg):
        return None
    return block


def _last_uses(analysis: Analysis, block: Block) -> list[int]:
    """For each body position, the last body position that uses its result (itself where
    it has none, len(body) + 1 where a use is anywhere else: the terminator, an OpPhi of
    another block, another block's instruction)."""
    positions = {id(instruction): index for index, instruction in enumerate(block.body)}
    outside = len(block.body) + 1
    last = []
    for index, instruction in enumerate(block.body):
        latest = index
        if instruction.result_id is not None:
            for user in analysis.index.users.get(instruction.result_id, []):
                spec = user.spec
                if spec is not None and spec.instruction_class in ("Debug", "Annotation"):
                    continue
                latest = max(latest, positions.get(id(user), outside))
        last.append(latest)
    return last


def _runs(block: Block, last: list[int], start: int) -> list[int]:
    """The ends of the runs from `start` that keep every value they define to themselves."""
    limit = len(block.body) - (1 if block.merge is not None else 0)
    ends, reach = [], start
    for end in range(start + 1, limit + 1):
        reach = max(reach, last[end - 1])
        if reach < end:
            ends.append(end)
    return ends


def _int_constants(analysis: Analysis) -> list[int]:
    """The module's 32-bit integer scalar OpConstant ids."""
    found = []
    for instruction in analysis.module.globals:
        if instruction.opname != "OpConstant" or instruction.result_id is None:
            continue
        type_of = analysis.index.definition(instruction.result_type or 0)
        if (
            type_of is not None
            and type_of.opname == "OpTypeInt"
            and type_of.operands[0] == Literal(32)
        ):
            found.append(instruction.result_id)
    return found


def _bool_type(module: Module) -> int | None:
    return next((i.result_id for i in module.globals if i.opname == "OpTypeBool"), None)


def _find_wrap(module: Module, rng: random.Random) -> WrapParams | None:
    analysis = Analysis(module)
    constants = _int_constants(analysis)
    if not constants or _bool_type(module) is None:
        return None
    labels = [label for label in analysis.blocks if _wrappable_block(analysis, label)]
    for _ in range(8):
        if not labels:
            return None
        label = rng.choice(labels)
        block = analysis.blocks[label][1]
        first = leading(block, frozenset({"OpPhi", "OpVariable"}))
        if first >= len(block.body):
            continue
        start = rng.randrange(first, len(block.body))
        ends = _runs(block, _last_uses(analysis, block), start)
        if ends:
            fresh = fresh_ids(module, 3)
            return WrapParams(label, start, rng.choice(ends), rng.choice(constants), *fresh)
    return None


def _wrap_applies(module: Module, params: WrapParams) -> bool:
    analysis = Analysis(module)
    block = _wrappable_block(analysis, params.block)
    if block is None or _bool_type(module) is None:
        return False
    if params.constant not in _int_constants(analysis):
        return False
    first = leading(block, frozenset({"OpPhi", "OpVariable"}))
    if not first <= params.start < len(block.body):
        return False
    ends = _runs(block, _last_uses(analysis, block), params.start)
    fresh = [params.condition, params.inner, params.merge]
    return params.end in ends and analysis.unused(fresh)


def _wrap(module: Module, params: WrapParams) -> Module:
    bool_type = _bool_type(module)
    edited = clone(module)
    function, block = find_block(edited, params.block)
    successors = {
        int(operand.value)
        for operand in block.terminator.operands
        if isinstance(operand, Id) and operand.value in {b.label_id for b in function.blocks}
    }
    inner = Block(
        Instruction.make("OpLabel", result_id=params.inner),
        block.body[params.start : params.end],
        Instruction.make("OpBranch", Id(params.merge)),
    )
    merge = Block(
        Instruction.make("OpLabel", result_id=params.merge),
        block.body[params.end :],
        block.terminator,
    )
    block.body[params.start :] = [
        Instruction.make(
            "OpIEqual",
            Id(params.constant),
            Id(params.constant),
            result_type=bool_type,
            result_id=params.condition,
        ),
        Instruction.make("OpSelectionMerge", Id(params.merge), Enum("SelectionControl", 0)),
    ]
    block.terminator = Instruction.make(
        "OpBranchConditional", Id(params.condition), Id(params.inner), Id(params.merge)
    )
    place = function.blocks.index(block) + 1
    function.blocks[place:place] = [inner, merge]
    for successor in successors:
        rename_predecessor(find_block(edited, successor)[1], params.block, params.merge)
    claim(edited, [params.condition, params.inner, params.merge])
    return edited


WRAP_IN_SELECTION = Transformation(
    "wrap-in-selection", WrapParams.from_json, _find_wrap, _wrap_applies, _wrap
)
