"""A function's control flow: successors from the terminators, dominators and
post-dominators, and the structured constructs (SPIR-V 1.6, 2.11 Structured Control
Flow) that the transformations' preconditions ask about: "does A dominate B?", "is B
inside loop L's continue construct?".

The constructs as the specification defines them:
- a selection construct: the blocks dominated by a selection header, minus those
  dominated by its merge block;
- a continue construct: the blocks dominated by a loop's continue target and
  post-dominated by its back-edge block;
- a loop construct: the blocks dominated by the loop header, minus those dominated by
  its merge block, minus its continue construct;
- a case construct: the blocks dominated by an OpSwitch target other than the merge
  block, minus those dominated by the merge block.

Dominance (Cooper, Harvey and Kennedy's iterative algorithm over reverse postorder) is
over the blocks reachable from the entry; post-dominance over a virtual exit that every
block without successors reaches. A block unreachable from the entry (glslang writes a
loop's unreachable continue target where the body always breaks) is dominated by itself
alone, and a continue target that is unreachable makes a continue construct of itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shadersmith.spirv.module import Block, Function
from shadersmith.spirv.operands import Id

# The virtual exit of post-dominance: never an id, since ids start at 1.
EXIT = 0


def successors(block: Block) -> list[int]:
    """The labels `block`'s terminator may branch to, without repeats, in operand order."""
    terminator = block.terminator
    name = terminator.opname
    ids = [operand.value for operand in terminator.operands if isinstance(operand, Id)]
    if name == "OpBranch":
        targets = ids[:1]
    elif name == "OpBranchConditional":
        targets = ids[1:3]
    elif name == "OpSwitch":
        targets = ids[1:]  # the default and each case's target; ids[0] is the selector
    else:
        targets = []  # OpReturn*, OpKill, OpUnreachable, OpTerminateInvocation, ...
    return list(dict.fromkeys(targets))


def _postorder(start: int, edges: dict[int, list[int]]) -> list[int]:
    """The nodes reachable from `start`, in postorder (iterative: deep CFGs are common)."""
    seen = {start}
    order: list[int] = []
    stack = [(start, iter(edges.get(start, ())))]
    while stack:
        node, children = stack[-1]
        for child in children:
            if child not in seen:
                seen.add(child)
                stack.append((child, iter(edges.get(child, ()))))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _immediate_dominators(start: int, edges: dict[int, list[int]]) -> dict[int, int]:
    """Each node reachable from `start` -> its immediate dominator (`start` -> itself)."""
    order = list(reversed(_postorder(start, edges)))
    rank = {node: index for index, node in enumerate(order)}
    predecessors: dict[int, list[int]] = {node: [] for node in order}
    for node in order:
        for child in edges.get(node, ()):
            if child in rank:
                predecessors[child].append(node)
    idom = {start: start}
    changed = True
    while changed:
        changed = False
        for node in order[1:]:
            processed = [p for p in predecessors[node] if p in idom]
            new = processed[0]
            for other in processed[1:]:
                new = _intersect(new, other, idom, rank)
            if idom.get(node) != new:
                idom[node] = new
                changed = True
    return idom


def _intersect(a: int, b: int, idom: dict[int, int], rank: dict[int, int]) -> int:
    while a != b:
        while rank[a] > rank[b]:
            a = idom[a]
        while rank[b] > rank[a]:
            b = idom[b]
    return a


def _dominates(idom: dict[int, int], a: int, b: int) -> bool:
    if a == b:
        return True
    if b not in idom:
        return False
    node = b
    while idom[node] != node:
        node = idom[node]
        if node == a:
            return True
    return False


@dataclass(frozen=True)
class Construct:
    """A structured construct. `header`: the block whose merge instruction declares it
    (for a continue construct, the loop header; for a case, the OpSwitch's block);
    `entry`: the block it starts at (the header, the continue target, the case target)."""

    kind: str  # "selection", "loop", "continue" or "case"
    header: int
    entry: int
    merge: int
    continue_target: int | None
    blocks: frozenset[int]


class ControlFlowGraph:
    """One function's control-flow graph and structured constructs (of the function as
    it was when the graph was made)."""

    def __init__(self, function: Function) -> None:
        self.blocks: dict[int, Block] = {block.label_id: block for block in function.blocks}
        self.order = [block.label_id for block in function.blocks]
        self.entry = self.order[0] if self.order else EXIT
        self.successors = {label: successors(block) for label, block in self.blocks.items()}
        self.predecessors: dict[int, list[int]] = {label: [] for label in self.order}
        for label in self.order:
            for target in self.successors[label]:
                self.predecessors.setdefault(target, []).append(label)
        self.idom = _immediate_dominators(self.entry, self.successors) if self.order else {}
        self.dominated_children: dict[int, list[int]] = {}
        for label in self.order:
            parent = self.idom.get(label, label)
            if parent != label:
                self.dominated_children.setdefault(parent, []).append(label)
        reverse: dict[int, list[int]] = {EXIT: []}
        for label in self.order:
            if not self.successors[label]:
                reverse[EXIT].append(label)
            for target in self.successors[label]:
                reverse.setdefault(target, []).append(label)
        self.ipdom = _immediate_dominators(EXIT, reverse)
        self.constructs = self._constructs()

    def reachable(self, label: int) -> bool:
        return label in self.idom

    def dominates(self, a: int, b: int) -> bool:
        """Every path from the entry to `b` passes through `a` (a block dominates itself)."""
        return _dominates(self.idom, a, b)

    def post_dominates(self, a: int, b: int) -> bool:
        """Every path from `b` to the function's exit passes through `a`."""
        return _dominates(self.ipdom, a, b)

    def back_edge_blocks(self, loop_header: int) -> list[int]:
        """The blocks that branch back to `loop_header` (the loop's back edges)."""
        return [p for p in self.predecessors.get(loop_header, []) if self.dominates(loop_header, p)]

    def _dominated(self, by: int) -> set[int]:
        """The blocks `by` dominates: its subtree of the dominator tree."""
        found = {by}
        stack = [by]
        while stack:
            for child in self.dominated_children.get(stack.pop(), ()):
                found.add(child)
                stack.append(child)
        return found

    def _constructs(self) -> list[Construct]:
        found = []
        for label in self.order:
            merge = self.blocks[label].merge
            if merge is None:
                continue
            targets = [operand.value for operand in merge.operands if isinstance(operand, Id)]
            merge_block = targets[0]
            outside = self._dominated(merge_block)
            if merge.opname == "OpLoopMerge":
                found.extend(self._loop(label, merge_block, targets[1], outside))
                continue
            found.append(
                Construct(
                    "selection",
                    label,
                    label,
                    merge_block,
                    None,
                    frozenset(self._dominated(label) - outside),
                )
            )
            if self.blocks[label].terminator.opname == "OpSwitch":
                for target in successors(self.blocks[label]):
                    if target != merge_block:
                        blocks = frozenset(self._dominated(target) - outside)
                        found.append(Construct("case", label, target, merge_block, None, blocks))
        return found

    def _loop(self, header: int, merge: int, target: int, outside: set[int]) -> list[Construct]:
        back_edges = self.back_edge_blocks(header)
        if not self.reachable(target) or not back_edges:
            continuing = {target}
        elif back_edges[0] in self.ipdom:
            continuing = {
                label
                for label in self._dominated(target)
                if self.post_dominates(back_edges[0], label)
            }
        else:
            # An endless loop: its blocks reach no exit, so nothing post-dominates them;
            # the continue construct is then what the continue target dominates inside the loop.
            continuing = self._dominated(target) - outside
        loop = self._dominated(header) - outside - continuing
        return [
            Construct("loop", header, header, merge, target, frozenset(loop)),
            Construct("continue", header, target, merge, target, frozenset(continuing)),
        ]

    def containing(self, label: int) -> list[Construct]:
        """The constructs `label` is in, innermost first (the fewest blocks first)."""
        inside = [construct for construct in self.constructs if label in construct.blocks]
        return sorted(inside, key=lambda construct: len(construct.blocks))

    def construct(self, kind: str, header: int) -> Construct | None:
        """The `kind` construct `header` declares (a loop header declares both its loop and
        its continue construct)."""
        for construct in self.constructs:
            if construct.kind == kind and construct.header == header:
                return construct
        return None

    def in_continue_construct(self, label: int, loop_header: int) -> bool:
        """Is `label` inside the continue construct of the loop headed by `loop_header`?"""
        construct = self.construct("continue", loop_header)
        return construct is not None and label in construct.blocks

    def in_loop(self, label: int, loop_header: int) -> bool:
        """Is `label` inside the loop construct headed by `loop_header` (its continue
        construct excluded, as the specification defines it)?"""
        construct = self.construct("loop", loop_header)
        return construct is not None and label in construct.blocks


def control_flow_graphs(functions: Iterable[Function]) -> dict[int, ControlFlowGraph]:
    """The graph of every function with a body, by the function's id."""
    return {
        function.result_id: ControlFlowGraph(function) for function in functions if function.blocks
    }
