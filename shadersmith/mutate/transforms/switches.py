"""Switch wrapping (GraphicsFuzz's AddSwitch): a run of statements moves into the case of
a `switch` on an opaque value that the run always takes.

    switch (<opaque 3>) {
        case 7:             // dead labels, before or after, some with a dead copy of the
            { <run> }       // run that falls through into the taken case
        case 3:
            { <run> }
            break;
        default:
            break;
    }

The run keeps its meaning: the selector is 3 in every run, so exactly the run executes,
once, then leaves by the `break`. What may not move: a `break` acting on an enclosing
loop or switch (the new switch would catch it; a `continue` goes through), a barrier
(a switch is uniform here, but not every compiler proves that), a function's closing
`return`, and a declaration still used after the run (a run holding one reaches the end
of its list, where the declaration's scope ended anyway). Each case body is a block, so
no declaration sits directly in the switch (recondition/switch_scopes.py says why).
"""

from __future__ import annotations

import copy
from typing import Any

from shadersmith.ir.expressions import Literal
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import Block, Break, Statement, Switch, SwitchCase, VarDecl
from shadersmith.ir.types import INT, ScalarKind
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.transforms.common import (
    SiteParams,
    applied,
    calls_barrier,
    has_free_break,
    is_closing_return,
    rng_of,
    unchanged,
)
from shadersmith.mutate.transforms.opaque import SYNTHESISED, opaque_values
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
)
from shadersmith.steps.registry import Step, StepResult

ADD_SWITCH = "add-switch"
_LONGEST_RUN = 4


def _movable(stmt: Statement, context: ListContext, stage: Stage) -> bool:
    if is_closing_return(stmt, context.depth, context.function) or has_free_break(stmt):
        return False
    return not (stage is Stage.COMPUTE and calls_barrier(stmt))


def _runs(
    items: tuple[Statement, ...], context: ListContext, stage: Stage
) -> list[tuple[int, list[int]]]:
    """Each position a run may start at, with the lengths the run may have there."""
    runs = []
    for start in range(len(items)):
        lengths = []
        for end in range(start + 1, min(start + _LONGEST_RUN, len(items)) + 1):
            if not _movable(items[end - 1], context, stage):
                break
            declares = any(isinstance(s, VarDecl) for s in items[start:end])
            if not declares or end == len(items):
                lengths.append(end - start)
        if lengths:
            runs.append((start, lengths))
    return runs


def add_switch(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """A run of one to four statements into the taken case of a switch on an opaque
    value, among dead labels (some with a dead copy of the run)."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque, SYNTHESISED)
    stage = program.stage

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(_runs(items, context, stage))

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    length_draw, selector = rng.random(), rng.randrange(16)
    labels = rng.sample([v for v in range(-4, 24) if v != selector], rng.randint(1, 3))
    taken_at = rng.randrange(len(labels) + 1)
    copies = [rng.random() < 0.3 for _ in labels]
    default = rng.choice(("none", "first", "last"))
    made: dict[str, Any] = {}

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        start, lengths = _runs(items, context, stage)[local]
        length = lengths[int(length_draw * len(lengths))]
        run = Block(items[start : start + length])
        cases: list[SwitchCase] = []
        for index, label in enumerate(labels):
            if index == taken_at:
                cases.append(SwitchCase(Literal(INT, selector), (run, Break())))
            # A dead label either breaks, or runs a copy of the run and falls through
            # into the next case (dead too: control never enters before the taken one).
            body: tuple[Statement, ...] = (copy.deepcopy(run),) if copies[index] else (Break(),)
            cases.append(SwitchCase(Literal(INT, label), body))
        if taken_at == len(labels):
            cases.append(SwitchCase(Literal(INT, selector), (run, Break())))
        if cases[-1].body[-1:] != (Break(),):
            cases[-1] = SwitchCase(cases[-1].value, (*cases[-1].body, Break()))
        if default == "first":
            cases.insert(0, SwitchCase(None, (Break(),)))
        elif default == "last":
            cases.append(SwitchCase(None, (Break(),)))
        made.update(statements=length, cases=len(cases), selector=selector)
        switch = Switch(values_of.number(ScalarKind.INT, selector), tuple(cases))
        return (*items[:start], switch, *items[start + length :])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, **made)


ADD_SWITCH_STEP = Step(ADD_SWITCH, SiteParams.from_json, add_switch)
