"""Where a transformation may act: statement lists and expressions of a program's
functions, enumerated in one fixed order so that a seed picks the same site every time.

A transformation first counts the sites it accepts (`statement_list_sites`,
`expression_sites`), draws one with its own random stream, then rebuilds the program with
that one site changed (`rewrite_statement_list`, `rewrite_expression`): the same walk,
counting the same way, applies the change at the drawn index.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from shadersmith.analysis.calls import parameter_table, written_back_arguments
from shadersmith.analysis.traversal import map_expression_children
from shadersmith.ir.expressions import (
    ArrayLength,
    Assign,
    Call,
    Expression,
    IncDec,
    Index,
    Member,
    Swizzle,
)
from shadersmith.ir.program import Function, Program
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


@dataclass(frozen=True)
class ListContext:
    """Where a statement list sits."""

    function: Function
    depth: int  # 0: the function's own body
    in_loop: bool  # `continue` (and `break`) have a loop to act on
    breakable: bool  # `break` has a loop or switch to act on
    # The local variables and parameters in scope where the list starts, outermost
    # first (a later one of a name shadows an earlier one); parameters as declarations
    # without an initialiser.
    outer: tuple[VarDecl, ...] = ()

    def visible(self, items: tuple[Statement, ...], position: int) -> dict[str, VarDecl]:
        """The locals and parameters in scope before `items[position]`, by name."""
        scope = {decl.name: decl for decl in self.outer}
        scope.update((s.name, s) for s in items[:position] if isinstance(s, VarDecl))
        return scope


ListVisitor = Callable[[tuple[Statement, ...], ListContext], tuple[Statement, ...] | None]


def walk_lists(program: Program, visit: ListVisitor) -> Program:
    """Every statement list of every function body, in one fixed order: `visit` sees a
    list (and may give its replacement) before the lists nested in it."""
    functions = tuple(_walk_function(f, visit) for f in program.functions)
    if all(a is b for a, b in zip(functions, program.functions, strict=True)):
        return program
    return dataclasses.replace(program, functions=functions)


def _walk_function(function: Function, visit: ListVisitor) -> Function:
    params = tuple(VarDecl(p.name, p.type, None, p.const) for p in function.params)
    context = ListContext(function, 0, False, False, params)
    body = _walk_block(function.body, context, visit)
    return function if body is function.body else dataclasses.replace(function, body=body)


def _walk_block(block: Block, context: ListContext, visit: ListVisitor) -> Block:
    items = _walk_items(block.body, context, visit)
    return block if items is block.body else Block(items)


def _walk_items(
    items: tuple[Statement, ...], context: ListContext, visit: ListVisitor
) -> tuple[Statement, ...]:
    replaced = visit(items, context)
    current = items if replaced is None else replaced
    rebuilt_list: list[Statement] = []
    outer = context.outer
    for stmt in current:
        if isinstance(stmt, VarDecl):
            outer = (*outer, stmt)
            rebuilt_list.append(stmt)
            continue
        inner = dataclasses.replace(context, depth=context.depth + 1, outer=outer)
        rebuilt_list.append(_walk_statement(stmt, inner, visit))
    rebuilt = tuple(rebuilt_list)
    if replaced is None and all(a is b for a, b in zip(rebuilt, items, strict=True)):
        return items
    return rebuilt


def _walk_statement(stmt: Statement, context: ListContext, visit: ListVisitor) -> Statement:
    if isinstance(stmt, Block):
        return _walk_block(stmt, context, visit)
    if isinstance(stmt, If):
        then = _walk_block(stmt.then, context, visit)
        other = None if stmt.otherwise is None else _walk_block(stmt.otherwise, context, visit)
        if then is stmt.then and other is stmt.otherwise:
            return stmt
        return If(stmt.condition, then, other)
    if isinstance(stmt, Switch):
        in_switch = dataclasses.replace(context, breakable=True)
        cases = tuple(
            SwitchCase(c.value, _walk_items(c.body, in_switch, visit)) for c in stmt.cases
        )
        if all(a.body is b.body for a, b in zip(cases, stmt.cases, strict=True)):
            return stmt
        return Switch(stmt.selector, cases)
    if isinstance(stmt, For | While | DoWhile):
        in_loop = dataclasses.replace(context, in_loop=True, breakable=True)
        if isinstance(stmt, For) and isinstance(stmt.init, VarDecl):
            in_loop = dataclasses.replace(in_loop, outer=(*in_loop.outer, stmt.init))
        body = _walk_block(stmt.body, in_loop, visit)
        return stmt if body is stmt.body else dataclasses.replace(stmt, body=body)
    return stmt


def statement_list_sites(
    program: Program, accept: Callable[[tuple[Statement, ...], ListContext], int]
) -> int:
    """How many sites `accept` counts over every statement list (it returns the number of
    sites a list offers, e.g. its insertion points)."""
    total = 0

    def count(items: tuple[Statement, ...], context: ListContext) -> None:
        nonlocal total
        total += accept(items, context)

    walk_lists(program, count)
    return total


def rewrite_statement_list(
    program: Program,
    accept: Callable[[tuple[Statement, ...], ListContext], int],
    chosen: int,
    change: Callable[[tuple[Statement, ...], ListContext, int], tuple[Statement, ...]],
) -> Program:
    """`program` with the `chosen`-th site (as `statement_list_sites` counts them)
    changed: `change(items, context, site_within_list)` gives the list's new items."""
    seen = 0

    def visit(items: tuple[Statement, ...], context: ListContext) -> tuple[Statement, ...] | None:
        nonlocal seen
        offered = accept(items, context)
        if seen <= chosen < seen + offered:
            local = chosen - seen
            seen += offered
            return change(items, context, local)
        seen += offered
        return None

    return walk_lists(program, visit)


# ---------------------------------------------------------------------------- expressions


@dataclass(frozen=True)
class ExprContext:
    function: Function


ExprVisitor = Callable[[Expression, ExprContext], Expression | None]


class _ExpressionWalk:
    """Pre-order over the r-value expressions of every function body: never an
    assignment's target, an increment's operand, an out argument, the base of an l-value,
    or the initialiser of a `const` declaration (which must stay a constant expression)."""

    def __init__(self, program: Program, visit: ExprVisitor) -> None:
        self.visit = visit
        self.parameters = parameter_table(program.functions)

    def program(self, program: Program) -> Program:
        functions = tuple(self.function(f) for f in program.functions)
        if all(a is b for a, b in zip(functions, program.functions, strict=True)):
            return program
        return dataclasses.replace(program, functions=functions)

    def function(self, function: Function) -> Function:
        self.context = ExprContext(function)
        body = self.statement(function.body)
        assert isinstance(body, Block)
        return function if body is function.body else dataclasses.replace(function, body=body)

    def statement(self, stmt: Statement) -> Statement:
        if isinstance(stmt, VarDecl):
            if stmt.const or stmt.init is None:
                return stmt
            init = self.rvalue(stmt.init)
            return stmt if init is stmt.init else dataclasses.replace(stmt, init=init)
        if isinstance(stmt, ExprStmt):
            e = self.rvalue(stmt.expr)
            return stmt if e is stmt.expr else ExprStmt(e)
        if isinstance(stmt, Return):
            if stmt.value is None:
                return stmt
            v = self.rvalue(stmt.value)
            return stmt if v is stmt.value else Return(v)
        if isinstance(stmt, Block):
            items = tuple(self.statement(s) for s in stmt.body)
            return (
                stmt if all(a is b for a, b in zip(items, stmt.body, strict=True)) else Block(items)
            )
        if isinstance(stmt, If):
            c = self.rvalue(stmt.condition)
            t = self.statement(stmt.then)
            o = None if stmt.otherwise is None else self.statement(stmt.otherwise)
            if c is stmt.condition and t is stmt.then and o is stmt.otherwise:
                return stmt
            assert isinstance(t, Block) and (o is None or isinstance(o, Block))
            return If(c, t, o)
        if isinstance(stmt, Switch):
            selector = self.rvalue(stmt.selector)
            changed = selector is not stmt.selector
            cases: list[SwitchCase] = []
            for case in stmt.cases:
                body = tuple(self.statement(x) for x in case.body)
                if all(a is b for a, b in zip(body, case.body, strict=True)):
                    cases.append(case)
                else:
                    changed = True
                    cases.append(SwitchCase(case.value, body))
            return Switch(selector, tuple(cases)) if changed else stmt
        if isinstance(stmt, For):
            head = None if stmt.init is None else self.statement(stmt.init)
            cond = None if stmt.condition is None else self.rvalue(stmt.condition)
            update = None if stmt.update is None else self.rvalue(stmt.update)
            loop = self.statement(stmt.body)
            if (
                head is stmt.init
                and cond is stmt.condition
                and update is stmt.update
                and loop is stmt.body
            ):
                return stmt
            assert isinstance(loop, Block) and (
                head is None or isinstance(head, VarDecl | ExprStmt)
            )
            return For(head, cond, update, loop)
        if isinstance(stmt, While):
            c = self.rvalue(stmt.condition)
            b = self.statement(stmt.body)
            assert isinstance(b, Block)
            return stmt if c is stmt.condition and b is stmt.body else While(c, b)
        if isinstance(stmt, DoWhile):
            b = self.statement(stmt.body)
            c = self.rvalue(stmt.condition)
            assert isinstance(b, Block)
            return stmt if c is stmt.condition and b is stmt.body else DoWhile(b, c)
        return stmt

    def rvalue(self, expr: Expression) -> Expression:
        replaced = self.visit(expr, self.context)
        if replaced is not None:
            return replaced
        return self.children(expr)

    def children(self, expr: Expression) -> Expression:
        if isinstance(expr, Assign):
            target = self.lvalue(expr.target)
            value = self.rvalue(expr.value)
            if target is expr.target and value is expr.value:
                return expr
            return dataclasses.replace(expr, target=target, value=value)
        if isinstance(expr, IncDec):
            target = self.lvalue(expr.target)
            return expr if target is expr.target else dataclasses.replace(expr, target=target)
        if isinstance(expr, Call):
            outs = written_back_arguments(expr, self.parameters)
            args = tuple(
                self.lvalue(a) if i in outs else self.rvalue(a) for i, a in enumerate(expr.args)
            )
            if all(a is b for a, b in zip(args, expr.args, strict=True)):
                return expr
            return dataclasses.replace(expr, args=args)
        if isinstance(expr, ArrayLength):
            return expr  # `a.length()`: a constant of the array's type, nothing to change
        return map_expression_children(expr, self.rvalue)

    def lvalue(self, expr: Expression) -> Expression:
        """An l-value: itself unchanged, but its indices are r-values."""
        if isinstance(expr, Index):
            base = self.lvalue(expr.base)
            index = self.rvalue(expr.index)
            if base is expr.base and index is expr.index:
                return expr
            return dataclasses.replace(expr, base=base, index=index)
        if isinstance(expr, Member | Swizzle):
            base = self.lvalue(expr.base)
            return expr if base is expr.base else dataclasses.replace(expr, base=base)
        return expr


def expression_sites(program: Program, accept: Callable[[Expression, ExprContext], bool]) -> int:
    total = 0

    def count(expr: Expression, context: ExprContext) -> None:
        nonlocal total
        total += accept(expr, context)
        return None

    _ExpressionWalk(program, count).program(program)
    return total


def rewrite_expression(
    program: Program,
    accept: Callable[[Expression, ExprContext], bool],
    chosen: int,
    change: Callable[[Expression, ExprContext], Expression],
) -> Program:
    """`program` with the `chosen`-th accepted r-value expression replaced by
    `change(expr, context)` (the replacement is not walked again)."""
    seen = 0

    def visit(expr: Expression, context: ExprContext) -> Expression | None:
        nonlocal seen
        if not accept(expr, context):
            return None
        seen += 1
        if seen - 1 == chosen:
            return change(expr, context)
        return None

    return _ExpressionWalk(program, visit).program(program)
