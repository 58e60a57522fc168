"""The evaluation-order part of the sanitizer (seed 003 section 4.2, seed 004 section 4.3.6).

GLSL leaves unspecified the order in which the operands of most operators, the arguments
of a call or constructor, the two sides of an assignment, and the base and index of an
indexing are evaluated. A program is undefined when two such unordered operands touch the
same scalar location and at least one writes it.

Statically, `EffectAnalysis` says which expressions may write at all; only nodes with two
or more unordered operands of which one may write are checked, so everything else runs
without bookkeeping. Such a node is compiled in *tracked* mode: every read and write under
it appends `location * 2 (+ 1 for a write)` to the invocation's log, and the node compares
the log segments of its operands. A user call under a tracked node runs a tracked copy of
the callee, so the callee's accesses to globals and buffers count for the call. Locations
are ids unique per component and per activation (frames.py), so a callee's locals never
collide with anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from shadersmith.analysis.calls import (
    parameter_table,
    written_back_arguments,
    written_back_roots,
)
from shadersmith.interp.frames import Frame
from shadersmith.ir.expressions import Assign, Call, CallKind, Expression, IncDec, root_variable
from shadersmith.ir.program import Program
from shadersmith.ir.walk import children, iter_nodes


class EffectAnalysis:
    """Which expressions may write memory that outlives them (a conservative answer), and
    which names are passed as out/inout arguments, from one walk over the program."""

    def __init__(self, program: Program, nonlocal_names: set[str]) -> None:
        # Globals, buffer fields and buffer instances: a write to one is visible to callers.
        self._nonlocal_names = nonlocal_names
        self._writes_nonlocal: dict[str, bool] = {}
        self._parameters = parameter_table(program.functions)
        self._memo: dict[int, bool] = {}
        # Names passed as out/inout arguments of user functions anywhere: such variables
        # can receive undefined slots from the callee, so reading them must be checked.
        self.out_argument_roots: set[str] = set()
        for decl in program.globals:
            self._writes_nonlocal_in(decl)
        # GLSL defines every function before its calls, so callees are known in order.
        for function in program.functions:
            name = function.name
            writes = self._writes_nonlocal_in(function.body)
            self._writes_nonlocal[name] = self._writes_nonlocal.get(name, False) or writes

    def _writes_nonlocal_in(self, top: object) -> bool:
        """Whether `top` writes a nonlocal name directly or through a call; records out
        argument roots on the way."""
        nonlocal_names = self._nonlocal_names
        writes = False
        for node in iter_nodes(top):
            kind = type(node)
            if kind is Assign or kind is IncDec:
                writes = writes or root_variable(node.target) in nonlocal_names
            elif kind is Call:
                roots = written_back_roots(node, self._parameters)
                writes = writes or not roots.isdisjoint(nonlocal_names)
                if node.kind is CallKind.USER:
                    writes = writes or self._writes_nonlocal.get(node.callee, True)
                    self.out_argument_roots.update(roots)
        return writes

    def writeback_positions(self, call: Call) -> frozenset[int]:
        return written_back_arguments(call, self._parameters)

    def may_write(self, expr: Expression) -> bool:
        memo = self._memo
        known = memo.get(id(expr))
        if known is not None:
            return known
        kind = type(expr)
        result = False
        if kind is Assign or kind is IncDec:
            result = True
        elif kind is Call:
            assert isinstance(expr, Call)
            result = bool(self.writeback_positions(expr)) or (
                expr.kind is CallKind.USER and self._writes_nonlocal.get(expr.callee, True)
            )
        if not result:
            for child in children(expr):
                if self.may_write(child):
                    result = True
                    break
        memo[id(expr)] = result
        return result

    def any_may_write(self, exprs: Sequence[Expression]) -> bool:
        return any(self.may_write(expr) for expr in exprs)


def read_write_sets(log: list[int], start: int, stop: int) -> tuple[set[int], set[int]]:
    reads: set[int] = set()
    writes: set[int] = set()
    for entry in log[start:stop]:
        if entry & 1:
            writes.add(entry >> 1)
        else:
            reads.add(entry >> 1)
    return reads, writes


def segment_conflict(log: list[int], bounds: Sequence[int]) -> tuple[int, str] | None:
    """A location two unordered operands conflict on, with how; `bounds` are the log
    positions between consecutive operands (n + 1 of them for n operands)."""
    segments = [read_write_sets(log, bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1)]
    for i, (reads_i, writes_i) in enumerate(segments):
        for reads_j, writes_j in segments[i + 1 :]:
            both_write = writes_i & writes_j
            if both_write:
                return min(both_write), "written by two unsequenced operands"
            read_write = (writes_i & reads_j) | (writes_j & reads_i)
            if read_write:
                return min(read_write), "written by one operand and read by another, unsequenced"
    return None


def access_conflict(log: list[int], start: int, accessed: Sequence[int]) -> int | None:
    """A location of `accessed` written by the log since `start`: an access whose address
    computation wrote the very location it then reads or writes (`a[a[0]++]`)."""
    _, writes = read_write_sets(log, start, len(log))
    for location in accessed:
        if location in writes:
            return location
    return None


LocationNamer = Callable[[Frame, int], str]
