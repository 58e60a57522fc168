"""Pass: no `barrier()` in divergent control flow.

A barrier is defined only where every invocation of the work group reaches it (uniform
control flow, GLSL 4.50 section 8.16); elsewhere some invocations may wait for ever. The
generator only places barriers where analysis/divergence.py finds control flow uniform,
but a reducer's candidate or a foreign shader may hold others: those the analysis cannot
prove uniform are removed. Run last, on the program as it will run (loop limiters and
wrapper functions included), so that the analysis sees what executes.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.divergence import BARRIER, analyse
from shadersmith.analysis.traversal import map_statements
from shadersmith.ir.expressions import Call
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.walk import iter_nodes


def remove_divergent_barriers(program: Program) -> tuple[Program, int]:
    """`program` without its barriers in divergent control flow, and how many there were."""
    if program.stage is not Stage.COMPUTE or not any(
        isinstance(node, Call) and node.callee == BARRIER for node in iter_nodes(program)
    ):
        return program, 0
    divergent = {id(site.call) for site in analyse(program).divergent_barriers}
    if not divergent:
        return program, 0
    removed = 0

    def drop(stmt: Statement) -> list[Statement]:
        nonlocal removed
        if isinstance(stmt, ExprStmt) and id(stmt.expr) in divergent:
            removed += 1
            return []
        return [stmt]

    functions = tuple(map_statements(f, drop) for f in program.functions)
    return dataclasses.replace(program, functions=functions), removed
