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

In a multi-invocation program the whole-invocation count differs between invocations
(divergent loops run different numbers of iterations), so a uniform loop that checked it
could stop earlier in some invocations than in others: its barriers would no longer be
reached by all, and values the generator made uniform would diverge. The loops that
analysis/divergence.py proves uniform (same entry, same trip count in every invocation of
a work group) therefore count against a total of their own, `_ss_loop_uniform_total`,
which only uniform loops touch and which therefore stays uniform itself.

A loop of a user function that the analysis cannot prove uniform (it analyses a function
for every context it may be called from) does not check the whole-invocation total: were
it to, the function's effects would depend on how many divergent iterations its
invocation ran before, and a call from uniform control flow would give divergent results
(an exchange placed after it would lose its barriers). It checks its own counter and the
function's own total for this call, `_ss_call_total` (a local, zero at entry, at most
100), and still adds to the whole-invocation total, which bounds `main`'s loops: nested
loops and calls from loops cannot multiply into a timeout.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.divergence import LIMITER_COUNTER_PREFIX, analyse
from shadersmith.ir.expressions import IncDec, VariableRef
from shadersmith.ir.operators import BinaryOp, IncDecOp
from shadersmith.ir.program import Function, Program, Stage
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
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition.build import compare, int_lit, logical_or
from shadersmith.recondition.rewrite import rewrite_statement_lists

TOTAL_COUNTER = "_ss_loop_total"
UNIFORM_TOTAL_COUNTER = "_ss_loop_uniform_total"
COUNTER_PREFIX = LIMITER_COUNTER_PREFIX  # the divergence analysis knows these guards
# A user function's own total per call (module docstring), and its bound: with the
# per-loop bound it keeps nested calls from multiplying into a timeout.
CALL_TOTAL_COUNTER = "_ss_call_total"
CALL_TOTAL_LIMIT = 100


def limit_loops(program: Program, per_loop: int, total: int) -> tuple[Program, dict[str, int]]:
    """`program` with every loop bounded, and the bound of each counter by name."""
    bounds: dict[str, int] = {}
    uniform, per_call = _uniform_loops(program)
    total_ref = VariableRef(INT, TOTAL_COUNTER)
    uniform_total_ref = VariableRef(INT, UNIFORM_TOTAL_COUNTER)
    call_total_ref = VariableRef(INT, CALL_TOTAL_COUNTER)
    totals_used: list[str] = []

    def limit(stmt: Statement) -> list[Statement]:
        if not isinstance(stmt, For | While | DoWhile):
            return [stmt]
        ordinal = len(bounds)
        name = f"{COUNTER_PREFIX}{ordinal}"
        bounds[name] = per_loop
        counter = VariableRef(INT, name)
        guard: tuple[Statement, ...]
        if ordinal in per_call:
            if TOTAL_COUNTER not in totals_used:
                totals_used.append(TOTAL_COUNTER)
            guard = (
                If(
                    logical_or(
                        compare(BinaryOp.GE, counter, int_lit(per_loop)),
                        compare(BinaryOp.GE, call_total_ref, int_lit(CALL_TOTAL_LIMIT)),
                    ),
                    Block((Break(),)),
                ),
                ExprStmt(IncDec(INT, IncDecOp.POST_INC, counter)),
                ExprStmt(IncDec(INT, IncDecOp.POST_INC, call_total_ref)),
                # Counted in the whole-invocation total too (main's loops stop sooner),
                # but never read here.
                ExprStmt(IncDec(INT, IncDecOp.POST_INC, total_ref)),
            )
            body = Block(guard + stmt.body.body)
            return [VarDecl(name, INT, int_lit(0)), dataclasses.replace(stmt, body=body)]
        whole = uniform_total_ref if ordinal in uniform else total_ref
        if whole.name not in totals_used:
            totals_used.append(whole.name)
        guard = (
            If(
                logical_or(
                    compare(BinaryOp.GE, counter, int_lit(per_loop)),
                    compare(BinaryOp.GE, whole, int_lit(total)),
                ),
                Block((Break(),)),
            ),
            ExprStmt(IncDec(INT, IncDecOp.POST_INC, counter)),
            ExprStmt(IncDec(INT, IncDecOp.POST_INC, whole)),
        )
        body = Block(guard + stmt.body.body)
        return [VarDecl(name, INT, int_lit(0)), dataclasses.replace(stmt, body=body)]

    limited = rewrite_statement_lists(program, limit)
    if not bounds:
        return program, {}
    limited = _declare_call_totals(limited)
    if any(_uses(f, CALL_TOTAL_COUNTER) for f in limited.functions):
        bounds[CALL_TOTAL_COUNTER] = CALL_TOTAL_LIMIT
    for name in (TOTAL_COUNTER, UNIFORM_TOTAL_COUNTER):
        if name in totals_used:
            bounds[name] = total
    globals_ = (
        *program.globals,
        *(VarDecl(name, INT, int_lit(0)) for name in sorted(totals_used)),
    )
    return dataclasses.replace(limited, globals=globals_), bounds


def _uses(function: Function, name: str) -> bool:
    return any(isinstance(n, VariableRef) and n.name == name for n in iter_nodes(function.body))


def _declare_call_totals(program: Program) -> Program:
    """`int _ss_call_total = 0;` first in every function whose loops count against it."""
    functions = tuple(
        dataclasses.replace(
            f, body=Block((VarDecl(CALL_TOTAL_COUNTER, INT, int_lit(0)), *f.body.body))
        )
        if f.name != "main" and _uses(f, CALL_TOTAL_COUNTER)
        else f
        for f in program.functions
    )
    return dataclasses.replace(program, functions=functions)


def _uniform_loops(program: Program) -> tuple[set[int], set[int]]:
    """Which loops, numbered in the order `limit` meets them, run uniformly in a
    multi-invocation program (none in a single-invocation one: nothing to keep apart),
    and which are loops of user functions that do not (see the module docstring)."""
    if program.stage is not Stage.COMPUTE or program.local_size == (1, 1, 1):
        return set(), set()
    report = analyse(program)
    in_main = {
        id(node)
        for function in program.functions
        if function.name == "main"
        for node in iter_nodes(function.body)
        if isinstance(node, For | While | DoWhile)
    }
    met: list[Statement] = []

    def meet(stmt: Statement) -> list[Statement]:
        if isinstance(stmt, For | While | DoWhile):
            met.append(stmt)
        return [stmt]

    rewrite_statement_lists(program, meet)  # unchanged: every statement is the original
    uniform = {ordinal for ordinal, loop in enumerate(met) if report.uniform_loop(loop)}
    per_call = {
        ordinal
        for ordinal, loop in enumerate(met)
        if ordinal not in uniform and id(loop) not in in_main
    }
    return uniform, per_call
