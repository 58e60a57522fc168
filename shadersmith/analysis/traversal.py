"""Fast traversals of the IR for passes that visit every node of every program.

Plain iteration is `ir.walk`'s. What is here is what `ir.walk` does not offer: a
rebuild of expressions by direct construction (the reconditioner's hot path), and
statement-level walks that never enter expressions or that replace one statement of a
body by several.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from shadersmith.ir.expressions import (
    ArrayLength,
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.program import Function
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
from shadersmith.ir.walk import iter_nodes

ExprFn = Callable[[Expression], Expression]


def _tuple(items: tuple[Expression, ...], fn: ExprFn) -> tuple[Expression, ...]:
    new = tuple(fn(i) for i in items)
    return items if all(a is b for a, b in zip(new, items, strict=True)) else new


def map_expression_children(expr: Expression, fn: ExprFn) -> Expression:
    """`expr` with `fn` applied to each direct child; `expr` itself if none changed."""
    cls = type(expr)
    if cls is Literal or cls is VariableRef:
        return expr
    if cls is Binary:
        assert isinstance(expr, Binary)
        left, right = fn(expr.left), fn(expr.right)
        if left is expr.left and right is expr.right:
            return expr
        return Binary(expr.type, expr.op, left, right)
    if cls is Call or cls is Construct:
        assert isinstance(expr, Call | Construct)
        args = _tuple(expr.args, fn)
        if args is expr.args:
            return expr
        if isinstance(expr, Call):
            return Call(expr.type, expr.callee, args, expr.kind)
        return Construct(expr.type, args)
    if cls is Swizzle:
        assert isinstance(expr, Swizzle)
        base = fn(expr.base)
        return expr if base is expr.base else Swizzle(expr.type, base, expr.components, expr.names)
    if cls is Member:
        assert isinstance(expr, Member)
        base = fn(expr.base)
        return expr if base is expr.base else Member(expr.type, base, expr.field)
    if cls is Index:
        assert isinstance(expr, Index)
        base, index = fn(expr.base), fn(expr.index)
        if base is expr.base and index is expr.index:
            return expr
        return Index(expr.type, base, index)
    if cls is Unary:
        assert isinstance(expr, Unary)
        operand = fn(expr.operand)
        return expr if operand is expr.operand else Unary(expr.type, expr.op, operand)
    if cls is IncDec:
        assert isinstance(expr, IncDec)
        target = fn(expr.target)
        return expr if target is expr.target else IncDec(expr.type, expr.op, target)
    if cls is Assign:
        assert isinstance(expr, Assign)
        target, value = fn(expr.target), fn(expr.value)
        if target is expr.target and value is expr.value:
            return expr
        return Assign(expr.type, expr.op, target, value)
    if cls is Ternary:
        assert isinstance(expr, Ternary)
        c, t, f = fn(expr.condition), fn(expr.if_true), fn(expr.if_false)
        if c is expr.condition and t is expr.if_true and f is expr.if_false:
            return expr
        return Ternary(expr.type, c, t, f)
    if cls is Sequence:
        assert isinstance(expr, Sequence)
        items = _tuple(expr.items, fn)
        return expr if items is expr.items else Sequence(expr.type, items)
    if cls is ArrayLength:
        assert isinstance(expr, ArrayLength)
        base = fn(expr.base)
        return expr if base is expr.base else ArrayLength(expr.type, base)
    raise TypeError(f"not an expression: {expr!r}")


def iter_expression(expr: Expression) -> Iterator[Expression]:
    """Every node of `expr`, itself included, in pre-order."""
    return iter_nodes(expr)


def rewrite_expression(expr: Expression, fn: ExprFn) -> Expression:
    """`expr` rebuilt bottom-up with `fn` applied to every node after its children."""

    def visit(current: Expression) -> Expression:
        return fn(map_expression_children(current, visit))

    return visit(expr)


StmtFn = Callable[[Statement], list[Statement]]


def map_statement(stmt: Statement, exprs: ExprFn, lists: StmtFn | None = None) -> Statement:
    """`stmt` with `exprs` applied to each expression it holds directly (not those of
    nested statements) and nested statements mapped the same way, innermost first;
    `lists`, when given, replaces each statement of a block or case body by a list."""

    def opt(e: Expression | None) -> Expression | None:
        return None if e is None else exprs(e)

    def body(items: tuple[Statement, ...]) -> tuple[Statement, ...]:
        out: list[Statement] = []
        changed = False
        for item in items:
            new = map_statement(item, exprs, lists)
            replaced = [new] if lists is None else lists(new)
            changed = changed or len(replaced) != 1 or replaced[0] is not item
            out.extend(replaced)
        return tuple(out) if changed else items

    def block(b: Block) -> Block:
        items = body(b.body)
        return b if items is b.body else Block(items)

    if isinstance(stmt, ExprStmt):
        e = exprs(stmt.expr)
        return stmt if e is stmt.expr else ExprStmt(e)
    if isinstance(stmt, VarDecl):
        init = opt(stmt.init)
        if init is stmt.init:
            return stmt
        return dataclasses.replace(stmt, init=init)  # its qualifiers (`precise`) kept
    if isinstance(stmt, Block):
        return block(stmt)
    if isinstance(stmt, If):
        c, t = exprs(stmt.condition), block(stmt.then)
        o = None if stmt.otherwise is None else block(stmt.otherwise)
        if c is stmt.condition and t is stmt.then and o is stmt.otherwise:
            return stmt
        return dataclasses.replace(stmt, condition=c, then=t, otherwise=o)
    if isinstance(stmt, Switch):
        s = exprs(stmt.selector)
        cases = tuple(SwitchCase(c.value, body(c.body)) for c in stmt.cases)
        if s is stmt.selector and all(
            a.body is b.body for a, b in zip(cases, stmt.cases, strict=True)
        ):
            return stmt
        return dataclasses.replace(stmt, selector=s, cases=cases)
    if isinstance(stmt, For):
        head = None if stmt.init is None else map_statement(stmt.init, exprs, None)
        assert head is None or isinstance(head, VarDecl | ExprStmt)
        cond, update, loop = opt(stmt.condition), opt(stmt.update), block(stmt.body)
        unchanged = head is stmt.init and cond is stmt.condition and update is stmt.update
        if unchanged and loop is stmt.body:
            return stmt
        return dataclasses.replace(stmt, init=head, condition=cond, update=update, body=loop)
    if isinstance(stmt, While):
        c, b = exprs(stmt.condition), block(stmt.body)
        if c is stmt.condition and b is stmt.body:
            return stmt
        return dataclasses.replace(stmt, condition=c, body=b)
    if isinstance(stmt, DoWhile):
        b, c = block(stmt.body), exprs(stmt.condition)
        if c is stmt.condition and b is stmt.body:
            return stmt
        return dataclasses.replace(stmt, body=b, condition=c)
    if isinstance(stmt, Return):
        v = opt(stmt.value)
        return stmt if v is stmt.value else Return(v)
    return stmt


def map_function(function: Function, exprs: ExprFn, lists: StmtFn | None = None) -> Function:
    body = map_statement(function.body, exprs, lists)
    assert isinstance(body, Block)
    if body is function.body:
        return function
    return Function(function.name, function.return_type, function.params, body)


def _same(e: Expression) -> Expression:
    return e


def map_statements(function: Function, lists: StmtFn) -> Function:
    """Statement-level rewrite only: expressions are left as they are, unvisited."""
    return map_function(function, _same, lists)


def iter_statements(stmt: Statement) -> Iterator[Statement]:
    """Every statement under `stmt`, itself included, a `for` initialiser included."""
    stack: list[Any] = [stmt]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, Block):
            stack.extend(reversed(current.body))
        elif isinstance(current, If):
            if current.otherwise is not None:
                stack.append(current.otherwise)
            stack.append(current.then)
        elif isinstance(current, Switch):
            for case in reversed(current.cases):
                stack.extend(reversed(case.body))
        elif isinstance(current, For):
            stack.append(current.body)
            if current.init is not None:
                stack.append(current.init)
        elif isinstance(current, While | DoWhile):
            stack.append(current.body)


def statement_expressions(stmt: Statement) -> tuple[Expression, ...]:
    """The expressions a statement holds directly."""
    if isinstance(stmt, ExprStmt):
        return (stmt.expr,)
    if isinstance(stmt, VarDecl):
        return () if stmt.init is None else (stmt.init,)
    if isinstance(stmt, Return):
        return () if stmt.value is None else (stmt.value,)
    if isinstance(stmt, If | While | DoWhile):
        return (stmt.condition,)
    if isinstance(stmt, Switch):
        return (stmt.selector,)
    if isinstance(stmt, For):
        return tuple(e for e in (stmt.condition, stmt.update) if e is not None)
    return ()


def iter_function_expressions(function: Function) -> Iterator[Expression]:
    """Every expression node of a function body, in pre-order per statement."""
    for stmt in iter_statements(function.body):
        for expr in statement_expressions(stmt):
            yield from iter_expression(expr)
