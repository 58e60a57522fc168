"""What every transformation family shares: its seeded choice of one site, its report,
and the questions it asks of a statement before moving or wrapping it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shadersmith.analysis.calls import ParameterTable, written_back_arguments
from shadersmith.ir.expressions import Assign, Call, CallKind, Expression, IncDec
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    DoWhile,
    For,
    If,
    Return,
    Statement,
    Switch,
    While,
)
from shadersmith.ir.types import VOID
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.mutate.transforms.opaque import with_opaque_block
from shadersmith.recondition.wrappers.registry import PREFIX as WRAPPER_PREFIX
from shadersmith.steps.registry import StepResult


@dataclass(frozen=True)
class SiteParams:
    """The parameters of a family that acts on one site: the seed of its choices."""

    seed: int
    # Its opaque values (opaque.py): DIRECT or SYNTHESISED. None where a record has none:
    # the family's own default (DIRECT for the families older than synthesis). New plans
    # record it for every family (planned); those without opaque values ignore it.
    opaque: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed}
        if self.opaque is not None:
            data["opaque"] = self.opaque
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SiteParams:
        return cls(int(data["seed"]), optional_int(data, "opaque"))


def optional_int(data: Mapping[str, Any], key: str) -> int | None:
    return None if key not in data else int(data[key])


def rng_of(seed: int) -> random.Random:
    """The stream of a step's choices, from its seed."""
    return random.Random(seed)


def unchanged(program: Program, values: BufferValues, sites: int = 0) -> StepResult:
    """Nowhere to act: the program as it was (a step is still recorded, so the list of
    steps of a variant stays what its plan said)."""
    return StepResult(program, values, {"applied": False, "sites": sites})


def applied(
    program: Program, values: BufferValues, site: int, sites: int, **extra: Any
) -> StepResult:
    """The changed program, with the opaque block it may use declared."""
    with_block, new_values = with_opaque_block(program, values)
    return StepResult(
        with_block, new_values, {"applied": True, "site": site, "sites": sites, **extra}
    )


def has_free_jump(stmt: Statement, in_loop: bool = False, in_switch: bool = False) -> bool:
    """Whether `stmt` holds a `break` or `continue` that acts on a loop or switch around
    it: moving it into a new loop would retarget the jump."""
    if isinstance(stmt, Break):
        return not (in_loop or in_switch)
    if isinstance(stmt, Continue):
        return not in_loop
    if isinstance(stmt, Block):
        return any(has_free_jump(s, in_loop, in_switch) for s in stmt.body)
    if isinstance(stmt, If):
        branches = [stmt.then] + ([stmt.otherwise] if stmt.otherwise else [])
        return any(has_free_jump(b, in_loop, in_switch) for b in branches)
    if isinstance(stmt, Switch):
        return any(has_free_jump(s, in_loop, True) for c in stmt.cases for s in c.body)
    if isinstance(stmt, For | While | DoWhile):
        return False  # its jumps act on itself
    return False


def has_free_break(stmt: Statement) -> bool:
    """Whether `stmt` holds a `break` that acts on a loop or switch around it (a new
    switch around it would catch the break; a `continue` goes through a switch)."""
    if isinstance(stmt, Break):
        return True
    if isinstance(stmt, Block):
        return any(has_free_break(s) for s in stmt.body)
    if isinstance(stmt, If):
        branches = [stmt.then] + ([stmt.otherwise] if stmt.otherwise else [])
        return any(has_free_break(b) for b in branches)
    return False  # a loop's or a switch's own breaks act on itself


def is_closing_return(stmt: Statement, depth: int, function: Function) -> bool:
    """The `return` of a function with a value at the end of its body: moved into a
    construct, the end of the function would become reachable to the compiler."""
    return isinstance(stmt, Return) and depth == 0 and function.return_type != VOID


def calls_beyond_wrappers(node: object) -> bool:
    """A call of a user function other than the reconditioner's wrappers (whose only
    effect is their value, or a write through their own `inout` argument)."""
    return (
        isinstance(node, Call)
        and node.kind is CallKind.USER
        and not node.callee.startswith(WRAPPER_PREFIX)
    )


def is_pure(expr: Expression, parameters: ParameterTable) -> bool:
    """No side effects: no assignment, increment, out argument, or call of a user
    function other than the reconditioner's wrappers."""
    for node in iter_nodes(expr):
        if isinstance(node, Assign | IncDec) or calls_beyond_wrappers(node):
            return False
        if isinstance(node, Call) and written_back_arguments(node, parameters):
            return False
    return True


def calls_barrier(stmt: Statement) -> bool:
    return any(
        isinstance(n, Call) and n.kind is CallKind.BUILTIN and n.callee == "barrier"
        for n in iter_nodes(stmt)
    )
