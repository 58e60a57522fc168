"""Pass: give everything that can be read before it is written a value (seed 003, 4.2).

- every variable declared without an initialiser, local or global, gets the default of
  defaults.py (1, 1u, 1.0, true, per component);
- every `out` parameter is assigned the default first thing in the callee (GLSL leaves an
  `out` parameter undefined on entry, and the callee may read it or not write it);
- a variable declared directly under a `case` label is moved before the `switch`
  (switch_scopes.py): jumping to a later label skips its initialiser;
- a non-void function whose body can end without `return` gets `return <default>;` at the
  end (falling off the end returns an undefined value). An unreachable extra return is
  harmless;
- `main` starts by giving every stage output (a fragment shader's colour) the default.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.traversal import map_statements
from shadersmith.ir.expressions import Assign, VariableRef
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, ParamQualifier, Program
from shadersmith.ir.statements import Block, ExprStmt, For, Return, Statement, VarDecl
from shadersmith.ir.types import VoidType
from shadersmith.recondition.defaults import default_expression
from shadersmith.recondition.switch_scopes import hoist_case_declarations


def _with_initialiser(decl: VarDecl) -> VarDecl:
    if decl.init is not None:
        return decl
    return dataclasses.replace(decl, init=default_expression(decl.type))


def _initialise_statement(stmt: Statement) -> list[Statement]:
    if isinstance(stmt, VarDecl):
        return [_with_initialiser(stmt)]
    if isinstance(stmt, For) and isinstance(stmt.init, VarDecl) and stmt.init.init is None:
        return [dataclasses.replace(stmt, init=_with_initialiser(stmt.init))]
    return [stmt]


def _initialise_function(function: Function) -> Function:
    body = map_statements(function, _initialise_statement).body
    entry: list[Statement] = [
        ExprStmt(
            Assign(p.type, AssignOp.ASSIGN, VariableRef(p.type, p.name), default_expression(p.type))
        )
        for p in function.params
        if p.qualifier is ParamQualifier.OUT
    ]
    statements = [*entry, *body.body]
    if not isinstance(function.return_type, VoidType) and not (
        statements and isinstance(statements[-1], Return)
    ):
        statements.append(Return(default_expression(function.return_type)))
    if not entry and len(statements) == len(body.body):
        return function if body is function.body else dataclasses.replace(function, body=body)
    return dataclasses.replace(function, body=Block(tuple(statements)))


def _initialise_outputs(program: Program, function: Function) -> Function:
    """`main` first gives every stage output a value: an output never written leaves
    the driver's leftovers in the image (a reducer readily deletes the final write)."""
    if function.name != "main" or not program.outputs:
        return function
    writes = tuple(
        ExprStmt(
            Assign(o.type, AssignOp.ASSIGN, VariableRef(o.type, o.name), default_expression(o.type))
        )
        for o in program.outputs
    )
    return dataclasses.replace(function, body=Block(writes + function.body.body))


def initialise(program: Program) -> Program:
    program = hoist_case_declarations(program)
    return dataclasses.replace(
        program,
        globals=tuple(_with_initialiser(g) for g in program.globals),
        functions=tuple(
            _initialise_outputs(program, _initialise_function(f)) for f in program.functions
        ),
    )
