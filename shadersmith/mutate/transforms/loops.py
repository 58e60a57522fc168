"""Loop splitting (GraphicsFuzz's split_for_loop): one `for` loop becomes two that run its
iterations one after the other.

A loop of GraphicsFuzz's shape, `for (int i = 0; i < 10; i++)` with literal bounds and a
counter its body never writes, is split at a counter value on its path:

    for (int i = 0; i < 4; i++) B
    for (int i = 4; i < 10; i++) B

which keeps the meaning when the body leaves the loop only by finishing, by `continue`,
by `return`/`discard` (the second loop then never runs), or by the reconditioner's loop
limiter (`if (_ss_loop0 >= 32 || ...) break;` first in the body: its counters only grow,
so once it has broken out of the first loop it breaks out of the second at once).

Any other `for` loop is split by iteration count, its counter hoisted so that the second
loop carries on where the first stopped (`K` opaque):

    { int i = e; int _split0 = 0;
      for (; c && _split0 < K; i++, _split0++) B
      if (_split0 >= K) { for (; c; i++) B } }

The second loop runs only when the first ran its K iterations to the end: a `break`
leaves the counter below K (the update that counts the iteration does not run), as does
the condition turning false. The condition must have no side effects (the second loop
evaluates it once more, in the state where the first last did). `while` and `do ...
while` loops, which GraphicsFuzz does not split, are split the same way by count (a
`while` as the `for` it is; a `do ... while` counts in its condition,
`do B while (c && ++_split0 < K)`, so that only an iteration the loop goes on after is
counted). A loop with a barrier is left alone.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

from shadersmith.analysis.calls import ParameterTable, parameter_table
from shadersmith.analysis.divergence import limiter_guard
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Expression,
    IncDec,
    Literal,
    Sequence,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import Block, DoWhile, For, If, Statement, VarDecl, While
from shadersmith.ir.types import BOOL, INT, ScalarKind, ScalarType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.mutate.transforms.common import (
    SiteParams,
    applied,
    calls_barrier,
    has_free_break,
    is_pure,
    rng_of,
    unchanged,
)
from shadersmith.mutate.transforms.names import fresh_name
from shadersmith.mutate.transforms.opaque import SYNTHESISED, opaque_values
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
)
from shadersmith.steps.registry import Step, StepResult

SPLIT_FOR_LOOP = "split-for-loop"
_MAX_TRIPS = 256  # a literal loop is simulated up to this many iterations


def _splittable(stmt: Statement, stage: Stage, parameters: ParameterTable) -> bool:
    if not isinstance(stmt, For | While | DoWhile):
        return False
    if stage is Stage.COMPUTE and calls_barrier(stmt.body):
        return False
    # A do-while's condition is evaluated as often split as whole; the others' once more.
    return (
        isinstance(stmt, DoWhile) or stmt.condition is None or is_pure(stmt.condition, parameters)
    )


def _leaves_only_by_limiter(loop: For) -> bool:
    """No `break` of its own but the loop limiter's (whose counters only grow: once it
    has broken out of the first loop it breaks out of the second at once)."""
    guard = limiter_guard(loop.body)
    rest = loop.body.body[1:] if guard is not None else loop.body.body
    return not any(has_free_break(s) for s in rest)


# ---------------------------------------------------------------------------- literal form


def _step(update: Expression | None, counter: str) -> int | None:
    """The constant step of `++i`, `i--`, `i += 3`, ... on the counter, else None."""
    if isinstance(update, IncDec) and update.target == VariableRef(update.type, counter):
        return 1 if update.op in (IncDecOp.PRE_INC, IncDecOp.POST_INC) else -1
    if (
        isinstance(update, Assign)
        and isinstance(update.target, VariableRef)
        and update.target.name == counter
        and update.op in (AssignOp.ADD, AssignOp.SUB)
        and isinstance(update.value, Literal)
        and update.value.type == update.type
        and isinstance(update.value.value, int)
        and 0 < update.value.value < 2**16
    ):
        return update.value.value if update.op is AssignOp.ADD else -update.value.value
    return None


_HOLDS: dict[BinaryOp, Callable[[int, int], bool]] = {
    BinaryOp.LT: lambda a, b: a < b,
    BinaryOp.LE: lambda a, b: a <= b,
    BinaryOp.GT: lambda a, b: a > b,
    BinaryOp.GE: lambda a, b: a >= b,
    BinaryOp.NE: lambda a, b: a != b,
}


def _literal_path(loop: For) -> list[int] | None:
    """The counter's values at each iteration of a loop of GraphicsFuzz's shape (literal
    start and bound, constant step, a body that never writes the counter), if its
    counter neither wraps nor overflows on the way; None for any other loop."""
    init = loop.init
    if not _leaves_only_by_limiter(loop) or not (
        isinstance(init, VarDecl)
        and isinstance(init.type, ScalarType)
        and init.type.kind in (ScalarKind.INT, ScalarKind.UINT)
        and isinstance(init.init, Literal)
        and isinstance(loop.condition, Binary)
        and loop.condition.op in _HOLDS
        and loop.condition.left == VariableRef(init.type, init.name)
        and isinstance(loop.condition.right, Literal)
    ):
        return None
    step = _step(loop.update, init.name)
    if step is None or _writes(loop.body, init.name):
        return None
    low, high = (0, 2**32) if init.type.kind is ScalarKind.UINT else (-(2**31), 2**31)
    value, bound = int(init.init.value), int(loop.condition.right.value)
    holds = _HOLDS[loop.condition.op]
    path: list[int] = []
    while holds(value, bound):
        path.append(value)
        value += step
        if len(path) > _MAX_TRIPS or not low <= value < high:
            return None
    return path


def _writes(body: Block, name: str) -> bool:
    for node in iter_nodes(body):
        if isinstance(node, Assign | IncDec) and root_variable(node.target) == name:
            return True
        if isinstance(node, VarDecl) and node.name == name:
            return True  # a declaration of the name (shadowing): not the simple shape
        if isinstance(node, Call) and any(root_variable(a) == name for a in node.args):
            return True  # maybe an out argument: not worth proving otherwise
    return False


def _split_at_value(loop: For, path: list[int], at: int) -> tuple[Statement, ...]:
    init = loop.init
    assert isinstance(init, VarDecl) and isinstance(init.type, ScalarType)
    assert isinstance(loop.condition, Binary)
    type_ = init.type
    middle = Literal(type_, path[at])
    rising = path[1] > path[0]
    first_condition = Binary(
        BOOL, BinaryOp.LT if rising else BinaryOp.GT, VariableRef(type_, init.name), middle
    )
    first = dataclasses.replace(loop, condition=first_condition)
    second = For(
        dataclasses.replace(init, init=middle),
        loop.condition,
        copy.deepcopy(loop.update),
        copy.deepcopy(loop.body),
    )
    return (first, second)


# ---------------------------------------------------------------------------- general form


def _split_by_count(loop: For | While, counter: str, count: Expression) -> Block:
    if isinstance(loop, While):
        split = _split_by_count(For(None, loop.condition, None, loop.body), counter, count)
        *declarations, first_loop, guarded = split.body
        assert isinstance(guarded, If) and isinstance(guarded.then.body[0], For)
        again = guarded.then.body[0]
        assert again.condition is not None
        while_again = While(again.condition, again.body)
        rest = (first_loop, dataclasses.replace(guarded, then=Block((while_again,))))
        return Block((*declarations, *rest))
    ref = VariableRef(INT, counter)
    below = Binary(BOOL, BinaryOp.LT, ref, count)
    first_condition = (
        below
        if loop.condition is None
        else Binary(BOOL, BinaryOp.LOGICAL_AND, loop.condition, below)
    )
    step = IncDec(INT, IncDecOp.POST_INC, ref)
    first_update: Expression = step
    if loop.update is not None:
        first_update = Sequence(INT, (loop.update, step))
    head: tuple[Statement, ...] = () if loop.init is None else (loop.init,)
    first = For(None, first_condition, first_update, loop.body)
    second = For(
        None,
        copy.deepcopy(loop.condition),
        copy.deepcopy(loop.update),
        copy.deepcopy(loop.body),
    )
    # The first loop ran its K iterations: any other exit (a `break`, the condition)
    # leaves the counter below K, as no update ran after it.
    finished = Binary(BOOL, BinaryOp.GE, ref, copy.deepcopy(count))
    return Block(
        (*head, VarDecl(counter, INT, Literal(INT, 0)), first, If(finished, Block((second,))))
    )


def _split_do_while(loop: DoWhile, counter: str, count: Expression) -> Block:
    """`do B while (c && ++_split0 < K); if (_split0 >= K) do B while (c);` with K >= 1:
    the count grows only where the loop goes on, so leaving by the condition or a
    `break` keeps it below K."""
    ref = VariableRef(INT, counter)
    counted = IncDec(INT, IncDecOp.PRE_INC, ref)
    below = Binary(BOOL, BinaryOp.LT, counted, count)
    first = DoWhile(loop.body, Binary(BOOL, BinaryOp.LOGICAL_AND, loop.condition, below))
    second = DoWhile(copy.deepcopy(loop.body), copy.deepcopy(loop.condition))
    finished = Binary(BOOL, BinaryOp.GE, ref, copy.deepcopy(count))
    return Block((VarDecl(counter, INT, Literal(INT, 0)), first, If(finished, Block((second,)))))


def split_for_loop(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """One loop split in two: a `for` loop at a counter value where it has
    GraphicsFuzz's literal shape, any loop after an opaque number of iterations."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque, SYNTHESISED)
    parameters = parameter_table(program.functions)

    def positions(items: tuple[Statement, ...]) -> list[int]:
        return [i for i, s in enumerate(items) if _splittable(s, program.stage, parameters)]

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(positions(items))

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    draw, literal_wanted, count = rng.random(), rng.random() < 0.7, rng.randint(0, 5)
    counter = fresh_name(program, "_split")
    made: dict[str, Any] = {}

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        position = positions(items)[local]
        loop = items[position]
        assert isinstance(loop, For | While | DoWhile)
        path = _literal_path(loop) if isinstance(loop, For) else None
        split: tuple[Statement, ...]
        if literal_wanted and path is not None and len(path) >= 2:
            assert isinstance(loop, For)
            at = 1 + int(draw * (len(path) - 1))
            split = _split_at_value(loop, path, at)
            made.update(form="value", iterations=len(path), first=at)
        elif isinstance(loop, DoWhile):
            first = max(count, 1)
            split = (_split_do_while(loop, counter, values_of.number(ScalarKind.INT, first)),)
            made.update(form="count", first=first)
        else:
            split = (_split_by_count(loop, counter, values_of.number(ScalarKind.INT, count)),)
            made.update(form="count", first=count)
        made["loop"] = type(loop).__name__.lower()
        return (*items[:position], *split, *items[position + 1 :])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, **made)


SPLIT_FOR_LOOP_STEP = Step(SPLIT_FOR_LOOP, SiteParams.from_json, split_for_loop)
