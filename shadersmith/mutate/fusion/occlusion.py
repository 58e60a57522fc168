"""MR_o, image occlusion (seed 001, section IV-A, Fig. 5): part 2 runs in the else branch
of an `if` of part 1, and where it ran, its colour is the fragment's.

The paper replaces a branch by P2. Here P2 is added at the start of the branch instead
(an `if` without else gets one), and part 1 keeps all of its own statements: parts share
no variable (rename.py), so part 1 computes exactly its colour whatever P2 does, and the
fragment's colour is one of the two parts' colours, never a mix of them. That is the
oracle's claim (each pixel is I1's or I2's), now with no exception for a P1 "tempered" by
P2.

P2 is guarded, `if (!_occluder_ran) { _occluder_ran = true; _occluder_part = main_f2(); }`,
because the chosen `if` may sit in a loop or in a function called more than once: P2
runs at most once per fragment, and so its globals start from their initial values, as
when it runs alone. The mix then picks `_occluder_part` where the flag is set.
"""

from __future__ import annotations

import random
from dataclasses import replace

from shadersmith.ir.expressions import Assign, Call, Literal, Unary, VariableRef
from shadersmith.ir.operators import AssignOp, UnaryOp
from shadersmith.ir.program import Function, Parameter
from shadersmith.ir.statements import (
    Block,
    DoWhile,
    ExprStmt,
    For,
    If,
    Statement,
    Switch,
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.ir.types import BOOL, VectorType
from shadersmith.mutate.fusion.form import (
    FusedForm,
    RenamedPart,
    part_main,
    part_parameter,
    with_part,
    zero_colour,
)
from shadersmith.mutate.fusion.relations import leaf, occluded
from shadersmith.mutate.fusion.rename import FusionError

RAN_FLAG = "_occluder_ran"
OCCLUDER_COLOUR = "_occluder_part"
FLAG_PARAMETER = "occluded"


def occlude(form: FusedForm, partner: RenamedPart, rng: random.Random) -> tuple[FusedForm, str]:
    """`form` (part 1 alone) with `partner` (part 2) in the else branch of one of part
    1's `if` statements, chosen by `rng`; and where (function, index of the if)."""
    if form.parts != 1 or partner.part != 2:
        raise FusionError("occlusion fuses two programs (pairwise), not more")
    sites = [(f.name, index) for f in form.functions for index in range(_count_ifs(f.body))]
    if not sites:
        raise FusionError("part 1 has no if statement to occlude")
    function_name, chosen = rng.choice(sites)
    colour = form.colour
    guard = _guard(partner.part, colour)
    functions = tuple(
        _with_guard(f, chosen, guard) if f.name == function_name else f for f in form.functions
    )
    flags = (
        VarDecl(RAN_FLAG, BOOL, Literal(BOOL, False)),
        VarDecl(OCCLUDER_COLOUR, colour, zero_colour(colour)),
    )
    fused = with_part(replace(form, functions=functions), partner)
    fused = replace(
        fused,
        globals=(*fused.globals, *flags),
        mix_params=(Parameter(FLAG_PARAMETER, BOOL), *form.mix_params, part_parameter(2, colour)),
        mix_value=occluded(FLAG_PARAMETER, form.mix_value, leaf(part_parameter(2).name, colour)),
        mix_args=(
            VariableRef(BOOL, RAN_FLAG),
            *form.mix_args,
            VariableRef(colour, OCCLUDER_COLOUR),
        ),
    )
    return fused, f"{function_name}#{chosen}"


def _guard(part: int, colour: VectorType) -> If:
    ran = VariableRef(BOOL, RAN_FLAG)
    body = Block(
        (
            ExprStmt(Assign(BOOL, AssignOp.ASSIGN, ran, Literal(BOOL, True))),
            ExprStmt(
                Assign(
                    colour,
                    AssignOp.ASSIGN,
                    VariableRef(colour, OCCLUDER_COLOUR),
                    Call(colour, part_main(part), ()),
                )
            ),
        )
    )
    return If(Unary(BOOL, UnaryOp.NOT, ran), body)


def _count_ifs(stmt: Statement) -> int:
    return _rewrite(stmt, -1, None)[1]


def _with_guard(function: Function, chosen: int, guard: If) -> Function:
    body, _ = _rewrite(function.body, chosen, guard)
    assert isinstance(body, Block)
    return replace(function, body=body)


def _rewrite(
    stmt: Statement, chosen: int, guard: If | None, seen: int = 0
) -> tuple[Statement, int]:
    """`stmt` with the `chosen`-th `if` (pre-order, from `seen`) given `guard` first in
    its else branch; and the count of ifs seen after it."""
    if isinstance(stmt, If):
        index = seen
        seen += 1
        then, seen = _rewrite_block(stmt.then, chosen, guard, seen)
        otherwise = stmt.otherwise
        if otherwise is not None:
            otherwise, seen = _rewrite_block(otherwise, chosen, guard, seen)
        if index == chosen and guard is not None:
            otherwise = Block((guard, *(otherwise.body if otherwise else ())))
        return If(stmt.condition, then, otherwise), seen
    if isinstance(stmt, Block):
        return _rewrite_block(stmt, chosen, guard, seen)
    if isinstance(stmt, Switch):
        cases = []
        for case in stmt.cases:
            statements = []
            for inner in case.body:
                new, seen = _rewrite(inner, chosen, guard, seen)
                statements.append(new)
            cases.append(SwitchCase(case.value, tuple(statements)))
        return Switch(stmt.selector, tuple(cases)), seen
    if isinstance(stmt, For | While | DoWhile):
        loop_body, seen = _rewrite_block(stmt.body, chosen, guard, seen)
        return replace(stmt, body=loop_body), seen
    return stmt, seen


def _rewrite_block(block: Block, chosen: int, guard: If | None, seen: int) -> tuple[Block, int]:
    body = []
    for stmt in block.body:
        new, seen = _rewrite(stmt, chosen, guard, seen)
        body.append(new)
    return Block(tuple(body)), seen
