"""Add the definitions of the wrappers a program calls, and only those, before the
program's own functions (wrappers call no function, so their order does not matter;
they are sorted by name so the output is deterministic)."""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.traversal import iter_expression, iter_statements, statement_expressions
from shadersmith.ir.expressions import Call, CallKind, Expression
from shadersmith.ir.program import Function, Program
from shadersmith.recondition.wrappers.registry import is_wrapper_name, wrapper_function


def called_wrappers(program: Program) -> tuple[str, ...]:
    """Names of the wrappers called by the program's functions, sorted."""
    names: set[str] = set()
    expressions = [g.init for g in program.globals if g.init is not None]
    for function in program.functions:
        if not is_wrapper_name(function.name):
            expressions.extend(statement_expressions_of(function))
    for expr in expressions:
        for node in iter_expression(expr):
            if (
                isinstance(node, Call)
                and node.kind is CallKind.USER
                and is_wrapper_name(node.callee)
            ):
                names.add(node.callee)
    return tuple(sorted(names))


def statement_expressions_of(function: Function) -> list[Expression]:
    return [e for s in iter_statements(function.body) for e in statement_expressions(s)]


def without_wrappers(program: Program) -> Program:
    functions = tuple(f for f in program.functions if not is_wrapper_name(f.name))
    return dataclasses.replace(program, functions=functions)


def add_wrapper_definitions(program: Program, names: tuple[str, ...]) -> Program:
    definitions: tuple[Function, ...] = tuple(wrapper_function(name) for name in names)
    return dataclasses.replace(program, functions=definitions + program.functions)
