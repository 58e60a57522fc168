"""Pass: bound every loop (seed 003 section 4.2, seed 004 section 4.3.5).

Each loop gets its own counter, declared (zero) just before the loop so that it restarts
at every entry of the loop, and one global counter bounds the total work of the whole
invocation, so nested loops and loops in functions called from loops cannot multiply into
a timeout. The check and the increments go first in the body:

    int _ss_loop0 = 0;
    while (c) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) break;
        _ss_loop0++;
        _ss_loop_total++;
        ...
    }

At the top, `continue` cannot skip them; in a `for` loop the update still runs after every
iteration (the check only adds a `break`); in a `do ... while` the body's first iteration
is checked like any other. Once the total is spent, every loop breaks at its first check.
"""

from __future__ import annotations

import dataclasses

from shadersmith.ir.expressions import IncDec, VariableRef
from shadersmith.ir.operators import BinaryOp, IncDecOp
from shadersmith.ir.program import Program
from shadersmith.ir.statements import (
    Block,
    Break,
    DoWhile,
    ExprStmt,
    For,
    If,
    Statement,
    VarDecl,
    While,
)
from shadersmith.ir.types import INT
from shadersmith.recondition.build import compare, int_lit, logical_or
from shadersmith.recondition.rewrite import rewrite_statement_lists

TOTAL_COUNTER = "_ss_loop_total"
COUNTER_PREFIX = "_ss_loop"


def limit_loops(program: Program, per_loop: int, total: int) -> tuple[Program, dict[str, int]]:
    """`program` with every loop bounded, and the bound of each counter by name."""
    bounds: dict[str, int] = {}
    total_ref = VariableRef(INT, TOTAL_COUNTER)

    def limit(stmt: Statement) -> list[Statement]:
        if not isinstance(stmt, For | While | DoWhile):
            return [stmt]
        name = f"{COUNTER_PREFIX}{len(bounds)}"
        bounds[name] = per_loop
        counter = VariableRef(INT, name)
        guard: tuple[Statement, ...] = (
            If(
                logical_or(
                    compare(BinaryOp.GE, counter, int_lit(per_loop)),
                    compare(BinaryOp.GE, total_ref, int_lit(total)),
                ),
                Block((Break(),)),
            ),
            ExprStmt(IncDec(INT, IncDecOp.POST_INC, counter)),
            ExprStmt(IncDec(INT, IncDecOp.POST_INC, total_ref)),
        )
        body = Block(guard + stmt.body.body)
        return [VarDecl(name, INT, int_lit(0)), dataclasses.replace(stmt, body=body)]

    limited = rewrite_statement_lists(program, limit)
    if not bounds:
        return program, {}
    bounds[TOTAL_COUNTER] = total
    globals_ = (*program.globals, VarDecl(TOTAL_COUNTER, INT, int_lit(0)))
    return dataclasses.replace(limited, globals=globals_), bounds
