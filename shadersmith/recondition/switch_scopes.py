"""Part of initialisation: declarations made directly in a `switch` body.

A `switch` body is one scope, so a variable declared under one case label is visible under
the later ones, but control that jumps straight to a later label skips the declaration's
initialiser and reads an undefined value:

    switch (s) { case 0: int y = 1; ... case 1: r = y; }

Such a declaration is moved before the `switch` under a fresh name (`_ss_sw0_y`) with the
default value, and its initialiser becomes an assignment where the declaration was. Uses of
the name after the declaration are renamed, except where a nested declaration shadows it.
A `const` declaration keeps its (constant) initialiser and moves as it is.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.traversal import rewrite_expression
from shadersmith.ir.expressions import Expression, VariableRef
from shadersmith.ir.program import Program
from shadersmith.ir.statements import (
    Block,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Statement,
    Switch,
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.recondition.build import assign
from shadersmith.recondition.defaults import default_expression
from shadersmith.recondition.rewrite import rewrite_statement_lists

PREFIX = "_ss_sw"


def hoist_case_declarations(program: Program) -> Program:
    count = 0

    def hoist(stmt: Statement) -> list[Statement]:
        nonlocal count
        if not isinstance(stmt, Switch) or not any(
            isinstance(s, VarDecl) for case in stmt.cases for s in case.body
        ):
            return [stmt]
        hoisted: list[Statement] = []
        mapping: dict[str, str] = {}
        cases: list[SwitchCase] = []
        for case in stmt.cases:
            body: list[Statement] = []
            for item in case.body:
                if not isinstance(item, VarDecl):
                    body.append(_renamed(item, mapping))
                    continue
                init = None if item.init is None else _rename_expr(item.init, mapping)
                name = f"{PREFIX}{count}_{item.name}"
                count += 1
                mapping[item.name] = name
                if item.const:
                    hoisted.append(dataclasses.replace(item, name=name, init=init))
                    continue
                hoisted.append(VarDecl(name, item.type, default_expression(item.type)))
                if init is not None:
                    body.append(ExprStmt(assign(VariableRef(item.type, name), init)))
            cases.append(SwitchCase(case.value, tuple(body)))
        return [*hoisted, dataclasses.replace(stmt, cases=tuple(cases))]

    return rewrite_statement_lists(program, hoist)


def _rename_expr(expr: Expression, mapping: dict[str, str]) -> Expression:
    if not mapping:
        return expr

    def rename(node: Expression) -> Expression:
        if isinstance(node, VariableRef) and node.name in mapping:
            return VariableRef(node.type, mapping[node.name])
        return node

    return rewrite_expression(expr, rename)


def _renamed_list(body: tuple[Statement, ...], mapping: dict[str, str]) -> tuple[Statement, ...]:
    """A statement list in its own scope: a declaration of a renamed name ends the
    renaming of that name for the rest of the list."""
    scope = dict(mapping)
    result: list[Statement] = []
    for stmt in body:
        result.append(_renamed(stmt, scope))
        if isinstance(stmt, VarDecl):
            scope.pop(stmt.name, None)
    return tuple(result)


def _renamed(stmt: Statement, mapping: dict[str, str]) -> Statement:
    if not mapping:
        return stmt
    e = _rename_expr
    if isinstance(stmt, VarDecl):
        return stmt if stmt.init is None else dataclasses.replace(stmt, init=e(stmt.init, mapping))
    if isinstance(stmt, ExprStmt):
        return ExprStmt(e(stmt.expr, mapping))
    if isinstance(stmt, Block):
        return Block(_renamed_list(stmt.body, mapping))
    if isinstance(stmt, If):
        otherwise = (
            None if stmt.otherwise is None else Block(_renamed_list(stmt.otherwise.body, mapping))
        )
        return dataclasses.replace(
            stmt,
            condition=e(stmt.condition, mapping),
            then=Block(_renamed_list(stmt.then.body, mapping)),
            otherwise=otherwise,
        )
    if isinstance(stmt, While):
        return dataclasses.replace(
            stmt,
            condition=e(stmt.condition, mapping),
            body=Block(_renamed_list(stmt.body.body, mapping)),
        )
    if isinstance(stmt, DoWhile):
        body = Block(_renamed_list(stmt.body.body, mapping))
        return dataclasses.replace(stmt, body=body, condition=e(stmt.condition, mapping))
    if isinstance(stmt, Return):
        return stmt if stmt.value is None else Return(e(stmt.value, mapping))
    if isinstance(stmt, Switch):
        scope = dict(mapping)
        cases = []
        for case in stmt.cases:
            cases.append(SwitchCase(case.value, _renamed_list(case.body, scope)))
            for item in case.body:
                if isinstance(item, VarDecl):
                    scope.pop(item.name, None)
        return dataclasses.replace(stmt, selector=e(stmt.selector, mapping), cases=tuple(cases))
    if isinstance(stmt, For):
        init = None if stmt.init is None else _renamed(stmt.init, mapping)
        assert init is None or isinstance(init, VarDecl | ExprStmt)
        inner = dict(mapping)
        if isinstance(stmt.init, VarDecl):
            inner.pop(stmt.init.name, None)
        condition = None if stmt.condition is None else e(stmt.condition, inner)
        update = None if stmt.update is None else e(stmt.update, inner)
        body = Block(_renamed_list(stmt.body.body, inner))
        return dataclasses.replace(stmt, init=init, condition=condition, update=update, body=body)
    return stmt
