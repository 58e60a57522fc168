"""Traversals the passes share: rewrite every expression bottom-up, or every statement
list with room to insert statements before a statement."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from shadersmith.ir.expressions import EXPRESSION_CLASSES, Expression
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import Block, Statement, SwitchCase
from shadersmith.ir.walk import map_children

ExpressionRewrite = Callable[[Expression], Expression]


def rewrite_expressions(node: Any, rewrite: ExpressionRewrite) -> Any:
    """`node` rebuilt bottom-up, `rewrite` applied to every expression after its children.
    Unchanged subtrees stay shared, so a rewrite that changes nothing costs no copies."""

    def visit(current: Any) -> Any:
        rebuilt = map_children(current, visit)
        if isinstance(rebuilt, EXPRESSION_CLASSES):
            return rewrite(rebuilt)
        return rebuilt

    return visit(node)


def rewrite_program_expressions(
    program: Program, rewrite: ExpressionRewrite, *, globals_too: bool = True
) -> Program:
    functions = tuple(rewrite_expressions(f, rewrite) for f in program.functions)
    globals_ = program.globals
    if globals_too:
        globals_ = tuple(rewrite_expressions(g, rewrite) for g in program.globals)
    return dataclasses.replace(program, functions=functions, globals=globals_)


StatementRewrite = Callable[[Statement], list[Statement]]


def rewrite_statement_lists(node: Any, rewrite: StatementRewrite) -> Any:
    """Apply `rewrite` to every statement of every block and case body, innermost blocks
    first; it returns the statements that replace the one it is given (inserting
    declarations before it, say)."""

    def visit(current: Any) -> Any:
        rebuilt = map_children(current, visit)
        if isinstance(rebuilt, Block):
            return Block(_flat(rebuilt.body, rewrite))
        if isinstance(rebuilt, SwitchCase):
            return SwitchCase(rebuilt.value, _flat(rebuilt.body, rewrite))
        return rebuilt

    return visit(node)


def _flat(body: tuple[Statement, ...], rewrite: StatementRewrite) -> tuple[Statement, ...]:
    result: list[Statement] = []
    for stmt in body:
        result.extend(rewrite(stmt))
    return tuple(result)


def map_function_bodies(program: Program, fn: Callable[[Function], Function]) -> Program:
    return dataclasses.replace(program, functions=tuple(fn(f) for f in program.functions))
