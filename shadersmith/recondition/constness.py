"""Last pass: keep the program valid where GLSL requires constant expressions.

Wrapping can turn a constant initialiser into a call (`const int c = 7 / k0;` with `k0` a
constant that is zero). GLSL (and ESSL in particular) requires global initialisers and
`const` initialisers to be constant expressions, so:

- a `const` local whose initialiser is no longer constant loses `const` (nothing in the IR
  needs it: array sizes are numbers in the types, case labels are literals);
- a global whose initialiser is no longer constant is declared with the default value
  and assigned its initialiser first thing in `main`, in declaration order (every function
  runs after that, since `main` is the entry point).

"No longer constant" means: it calls a function, or names a variable that lost `const`.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.traversal import iter_expression, iter_statements, map_statements
from shadersmith.ir.expressions import Call, CallKind, Expression, VariableRef
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import Block, ExprStmt, Statement, VarDecl
from shadersmith.recondition.build import assign
from shadersmith.recondition.defaults import default_expression


def _is_constant(expr: Expression, lost: set[str], consts: set[str]) -> bool:
    for node in iter_expression(expr):
        if isinstance(node, Call) and node.kind is CallKind.USER:
            return False
        if isinstance(node, VariableRef) and (node.name in lost or node.name not in consts):
            return False
    return True


def restore_constness(program: Program) -> Program:
    lost: set[str] = set()
    consts: set[str] = set()
    globals_: list[VarDecl] = []
    moved: list[Statement] = []
    for decl in program.globals:
        if decl.init is None or _is_constant(decl.init, lost, consts):
            globals_.append(decl)
            if decl.const:
                consts.add(decl.name)
            continue
        lost.add(decl.name)
        globals_.append(VarDecl(decl.name, decl.type, default_expression(decl.type)))
        moved.append(ExprStmt(assign(VariableRef(decl.type, decl.name), decl.init)))

    def fix_local(stmt: Statement) -> list[Statement]:
        if isinstance(stmt, VarDecl) and stmt.const and stmt.init is not None:
            if not _is_constant(stmt.init, lost, consts):
                lost.add(stmt.name)
                return [dataclasses.replace(stmt, const=False)]
            consts.add(stmt.name)
        return [stmt]

    def fix_function(function: Function) -> Function:
        body = map_statements(function, fix_local).body
        if function.name == "main" and moved:
            body = Block((*moved, *body.body))
        return function if body is function.body else dataclasses.replace(function, body=body)

    if not lost and not any(_has_const_local(f) for f in program.functions):
        return program
    return dataclasses.replace(
        program,
        globals=tuple(globals_),
        functions=tuple(fix_function(f) for f in program.functions),
    )


def _has_const_local(function: Function) -> bool:
    return any(isinstance(s, VarDecl) and s.const for s in iter_statements(function.body))
