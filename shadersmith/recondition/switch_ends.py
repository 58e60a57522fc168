"""Pass: no `switch` ends with a case label that has no statement.

`switch (x) { case 1: f(); case 2: }` is valid for glslang and our front-end but Mesa 25
rejects it ("syntax error, unexpected '}'"), and a reducer readily deletes the last
case's statements. Falling off the end of a switch and `break` are the same, so the last
label gets a `break;`: the meaning is unchanged and every front-end accepts it.
"""

from __future__ import annotations

import dataclasses

from shadersmith.ir.program import Program
from shadersmith.ir.statements import Break, Statement, Switch
from shadersmith.recondition.rewrite import rewrite_statement_lists


def close_switches(program: Program) -> Program:
    def close(stmt: Statement) -> list[Statement]:
        if not isinstance(stmt, Switch) or not stmt.cases or stmt.cases[-1].body:
            return [stmt]
        last = dataclasses.replace(stmt.cases[-1], body=(Break(),))
        return [dataclasses.replace(stmt, cases=(*stmt.cases[:-1], last))]

    return rewrite_statement_lists(program, close)
