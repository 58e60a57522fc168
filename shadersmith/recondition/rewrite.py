"""Traversals the passes share, on top of analysis/traversal.py."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from shadersmith.analysis.traversal import map_function, map_statements, rewrite_expression
from shadersmith.ir.expressions import Expression
from shadersmith.ir.program import Program
from shadersmith.ir.statements import Statement

ExpressionRewrite = Callable[[Expression], Expression]


def compose(rewrites: Sequence[ExpressionRewrite]) -> ExpressionRewrite:
    """One node rewrite applying `rewrites` in order. Applied bottom-up in one traversal,
    it gives what applying each in its own traversal would: every rewrite here only wraps
    the node it is given, around children that all rewrites have already seen."""

    def apply(expr: Expression) -> Expression:
        for rewrite in rewrites:
            expr = rewrite(expr)
        return expr

    return apply


def rewrite_program_expressions(program: Program, rewrite: ExpressionRewrite) -> Program:
    """Every expression of the functions and global initialisers rewritten bottom-up."""

    def whole(expr: Expression) -> Expression:
        return rewrite_expression(expr, rewrite)

    functions = tuple(map_function(f, whole) for f in program.functions)
    globals_ = tuple(
        g if g.init is None else dataclasses.replace(g, init=whole(g.init)) for g in program.globals
    )
    return dataclasses.replace(program, functions=functions, globals=globals_)


def rewrite_statement_lists(
    program: Program, rewrite: Callable[[Statement], list[Statement]]
) -> Program:
    """Every statement of every block and case body replaced by `rewrite(statement)`,
    innermost blocks first; expressions are not visited."""
    functions = tuple(map_statements(f, rewrite) for f in program.functions)
    return dataclasses.replace(program, functions=functions)
