"""Control-flow transformations (GraphicsFuzz): wrap a statement in `if (opaque true)` or
in a loop that runs once, and insert dead jumps under `if (opaque false)`: `return`,
`break`, `continue`, and in a fragment shader `discard` (GraphicsFuzz's add_jump; a step
with the parameter `discard`, as plans make since, so that older records replay).

Each keeps the program's meaning exactly: the guard's value is fixed at run time, only
the compiler cannot know it (opaque.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shadersmith.ir.expressions import Binary, Expression, IncDec, Literal, VariableRef
from shadersmith.ir.operators import BinaryOp, IncDecOp
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    Discard,
    For,
    If,
    Return,
    Statement,
    VarDecl,
)
from shadersmith.ir.types import BOOL, INT, VOID, ScalarKind, ScalarType, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.transforms.common import (
    SiteParams,
    applied,
    calls_barrier,
    has_free_jump,
    rng_of,
    unchanged,
)
from shadersmith.mutate.transforms.names import fresh_name, is_plain_value, zero_of
from shadersmith.mutate.transforms.opaque import opaque_values
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
)
from shadersmith.steps.registry import Step, StepResult

WRAP_IF = "wrap-if"
WRAP_LOOP = "wrap-loop"
DEAD_JUMP = "dead-jump"


@dataclass(frozen=True)
class DeadJumpParams(SiteParams):
    # `discard` among the jumps of a fragment program (plans since dead discard); a
    # record without it never discards.
    discard: bool = False

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "discard": self.discard}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeadJumpParams:
        site = SiteParams.from_json(data)
        return cls(site.seed, site.opaque, bool(data.get("discard", False)))


def _wrappable(items: tuple[Statement, ...], context: ListContext, loop: bool) -> list[int]:
    """Positions of the statements of a list that may be wrapped: not a declaration (its
    scope would shrink), not the closing `return` of a function with a value (the end of
    the function would become reachable to the compiler), and for a loop no jump that
    would be retargeted and no barrier (a loop around a barrier is legal when uniform, but
    not every compiler proves that)."""
    positions = []
    for position, stmt in enumerate(items):
        if isinstance(stmt, VarDecl):
            continue
        last_return = (
            isinstance(stmt, Return) and context.depth == 0 and context.function.return_type != VOID
        )
        if last_return:
            continue
        if loop and (has_free_jump(stmt) or calls_barrier(stmt)):
            continue
        positions.append(position)
    return positions


def _wrap(program: Program, values: BufferValues, params: SiteParams, loop: bool) -> StepResult:
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(_wrappable(items, context, loop))

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    counter = fresh_name(program, "_loop")
    form = rng.choice(["then", "else"])

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        position = _wrappable(items, context, loop)[local]
        body = Block((items[position],))
        wrapped: Statement
        if loop:
            wrapped = _once_loop(counter, body, values_of.one(ScalarKind.INT))
        elif form == "then":
            wrapped = If(values_of.true(), body)
        else:
            wrapped = If(values_of.false(), Block(()), body)
        return (*items[:position], wrapped, *items[position + 1 :])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, form="loop" if loop else form)


def _once_loop(counter: str, body: Block, one: Expression) -> For:
    """`for (int c = 0; c < _opaque.one; c++) body`: exactly one iteration."""
    ref = VariableRef(INT, counter)
    return For(
        VarDecl(counter, INT, Literal(INT, 0)),
        Binary(BOOL, BinaryOp.LT, ref, one),
        IncDec(INT, IncDecOp.POST_INC, ref),
        body,
    )


def wrap_if(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """One statement into `if (opaque true) {S}` or `if (opaque false) {} else {S}`."""
    return _wrap(program, values, params, loop=False)


def wrap_loop(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """One statement into a loop of one iteration whose bound is opaque."""
    return _wrap(program, values, params, loop=True)


def _jumps(context: ListContext, discard: bool) -> list[str]:
    kinds = []
    return_type = context.function.return_type
    if return_type == VOID or (
        isinstance(return_type, ScalarType | VectorType) and is_plain_value(return_type)
    ):
        kinds.append("return")
    if context.breakable:
        kinds.append("break")
    if context.in_loop:
        kinds.append("continue")
    if discard:
        kinds.append("discard")
    return kinds


def dead_jump(program: Program, values: BufferValues, params: DeadJumpParams) -> StepResult:
    """`if (opaque false) { return; | break; | continue; | discard; }` at one point of a
    list (`discard` only in a fragment shader)."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque)
    discard = params.discard and program.stage is Stage.FRAGMENT

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(items) + 1 if _jumps(context, discard) else 0

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    draw = random.Random(rng.random())
    made: list[str] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        kind = draw.choice(_jumps(context, discard))
        made.append(kind)
        jump: Statement
        if kind == "discard":
            jump = Discard()
        elif kind == "break":
            jump = Break()
        elif kind == "continue":
            jump = Continue()
        else:
            return_type = context.function.return_type
            value = None
            if return_type != VOID:
                assert isinstance(return_type, ScalarType | VectorType)
                value = zero_of(return_type)
            jump = Return(value)
        return (*items[:local], If(values_of.false(), Block((jump,))), *items[local:])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, jump=made[0] if made else None)


WRAP_IF_STEP = Step(WRAP_IF, SiteParams.from_json, wrap_if)
WRAP_LOOP_STEP = Step(WRAP_LOOP, SiteParams.from_json, wrap_loop)
DEAD_JUMP_STEP = Step(DEAD_JUMP, DeadJumpParams.from_json, dead_jump)
