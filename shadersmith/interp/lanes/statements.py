"""Compile statements and function bodies into closures `(frame, mask) -> mask`.

A statement runs for the lanes of its mask and returns the lanes that go on after it;
lanes that break, continue or return leave the mask and are recorded in the frame
(state.py). A statement that cannot jump returns its mask object unchanged, which lets a
block test "did anything jump" by identity. All lanes of a loop run the same iteration:
the loop goes on while any lane does, lanes rejoin after `continue`, and the loop ends
for a lane on its condition or `break`. A lane that executes `discard` is done for the
whole run (state.py: `alive`).

Declarations store into every lane, masked or not: a lane outside the mask is outside
the variable's scope until it executes the declaration itself (loops run in lockstep,
and only a switch could jump over a declaration, which the reconditioner rules out).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.expressions import (
    Body,
    ExpressionCompiler,
    LaneFunction,
    ProgramScope,
    own,
)
from shadersmith.interp.lanes.places import Evaluator, LaneVariable
from shadersmith.interp.lanes.state import (
    Frame,
    Mask,
    alive,
    any_lane,
    minus,
    union,
    where_false,
    where_true,
)
from shadersmith.interp.lanes.values import zeros
from shadersmith.ir.expressions import Literal
from shadersmith.ir.program import Function
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    Discard,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Statement,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.types import Type
from shadersmith.ir.walk import iter_nodes

Stmt = Callable[[Frame, Mask], Mask]


def _keep(fr: Frame, mask: Mask) -> Mask:
    return mask


def _contains(stmt: object, kinds: tuple[type, ...]) -> bool:
    return any(isinstance(node, kinds) for node in iter_nodes(stmt))


def _loop_jumps_out(body: Block) -> bool:
    """Whether lanes can leave a loop other than by its condition or `break`."""
    return _contains(body, (Return, Discard))


class FunctionCompiler:
    """Compiles one function body: scopes, local slots, statements."""

    def __init__(self, program: ProgramScope, name: str) -> None:
        self.program = program
        self.name = name
        self._scopes: list[dict[str, LaneVariable]] = [{}]
        self.local_count = 0
        self.expressions = ExpressionCompiler(program, name, self._lookup)

    def _lookup(self, name: str) -> LaneVariable | None:
        for scope in reversed(self._scopes):
            found = scope.get(name)
            if found is not None:
                return found
        return None

    def declare(self, name: str, type_: Type) -> LaneVariable:
        variable = LaneVariable(name, type_, True, self.local_count)
        self.local_count += 1
        self._scopes[-1][name] = variable
        return variable

    def _expression(self, expr: object) -> Evaluator:
        return self.expressions.expression(expr)  # type: ignore[arg-type]

    # ------------------------------------------------------------ function

    def function(self, function: Function) -> LaneFunction:
        slots = tuple(self.declare(p.name, p.type).index for p in function.params)
        body = self._block_body(function.body)  # parameters share the outermost scope
        return LaneFunction(function, slots, self.local_count, body)

    # ------------------------------------------------------------ statements

    def statement(self, stmt: Statement) -> Stmt:
        if isinstance(stmt, VarDecl):
            return self._var_decl(stmt)
        if isinstance(stmt, ExprStmt):
            evaluate = self.expressions.discarded(stmt.expr)

            def expression_statement(fr: Frame, mask: Mask) -> Mask:
                evaluate(fr, mask)
                return mask

            return expression_statement
        if isinstance(stmt, Block):
            return self._nested_block(stmt)
        if isinstance(stmt, If):
            return self._if(stmt)
        if isinstance(stmt, Switch):
            return self._switch(stmt)
        if isinstance(stmt, For | While | DoWhile):
            return self._loop(stmt)
        if isinstance(stmt, Break):
            return _break
        if isinstance(stmt, Continue):
            return _continue
        if isinstance(stmt, Return):
            return self._return(stmt)
        if isinstance(stmt, Discard):
            return _discard
        raise InterpreterError(f"lane mode: unknown statement {type(stmt).__name__}")

    def _block_body(self, block: Block) -> Body:
        statements = tuple(self.statement(s) for s in block.body)
        if not statements:
            return _keep
        if len(statements) == 1:
            return statements[0]

        def block_run(fr: Frame, mask: Mask) -> Mask:
            for run in statements:
                after = alive(fr.run, run(fr, mask))
                if after is not mask:
                    if not any_lane(fr.run, after):
                        return fr.run.empty
                    mask = after
            return mask

        return block_run

    def _nested_block(self, block: Block) -> Body:
        self._scopes.append({})
        try:
            return self._block_body(block)
        finally:
            self._scopes.pop()

    def _var_decl(self, stmt: VarDecl) -> Stmt:
        # The initialiser sees the names outside: the new one is in scope after it.
        init = self._expression(stmt.init) if stmt.init is not None else None
        slot = self.declare(stmt.name, stmt.type).index
        if init is None:
            fresh = zeros(stmt.type)

            def declare_zero(fr: Frame, mask: Mask) -> Mask:
                fr.locals[slot] = fresh.copy()
                return mask

            return declare_zero

        def declare(fr: Frame, mask: Mask) -> Mask:
            fr.locals[slot] = own(init(fr, mask))
            return mask

        return declare

    def _if(self, stmt: If) -> Stmt:
        condition = self._expression(stmt.condition)
        then = self._nested_block(stmt.then)
        otherwise = self._nested_block(stmt.otherwise) if stmt.otherwise is not None else _keep
        jumps = _contains(stmt, (Break, Continue, Return, Discard))

        def if_statement(fr: Frame, mask: Mask) -> Mask:
            c = condition(fr, mask)
            run = fr.run
            mask = alive(run, mask)  # the condition may call a function that discards
            if c.shape[-1] == 1:  # uniform: one side for every lane
                return then(fr, mask) if c[0] else otherwise(fr, mask)
            taken = where_true(run, mask, c)
            not_taken = where_false(run, mask, c)
            after_then = then(fr, taken) if any_lane(run, taken) else taken
            after_else = otherwise(fr, not_taken) if any_lane(run, not_taken) else not_taken
            return union(run, after_then, after_else) if jumps else mask

        return if_statement

    def _switch(self, stmt: Switch) -> Stmt:
        selector = self._expression(stmt.selector)
        # One scope for all the cases; a label is an entry point into one statement list.
        self._scopes.append({})
        labels: dict[int, int] = {}
        default: int | None = None
        statements: list[Stmt] = []
        try:
            for case in stmt.cases:
                if case.value is None:
                    default = len(statements)
                else:
                    labels.setdefault(_label(case.value), len(statements))
                statements.extend(self.statement(s) for s in case.body)
        finally:
            self._scopes.pop()
        body = tuple(statements)
        end = len(body)
        # `break` only leaves the switch; `continue` and `return` leave more.
        jumps = _contains(stmt, (Continue, Return, Discard))

        def run_from(fr: Frame, start: int, active: Mask) -> Mask:
            for index in range(start, end):
                after = alive(fr.run, body[index](fr, active))
                if after is not active:
                    active = after
                    if not any_lane(fr.run, active):
                        return fr.run.empty
            return active

        def switch(fr: Frame, mask: Mask) -> Mask:
            run = fr.run
            s = selector(fr, mask)
            mask = alive(run, mask)
            saved = fr.breaks
            fr.breaks = run.empty
            if s.shape[-1] == 1:
                start = labels.get(int(s[0]), default)
                finished = run_from(fr, start, mask) if start is not None else mask
            else:
                entries: dict[int, Mask] = {}
                matched = run.empty
                for value, index in labels.items():
                    lanes = where_true(run, mask, s == value)
                    if any_lane(run, lanes):
                        entries[index] = union(run, entries.get(index, run.empty), lanes)
                        matched = union(run, matched, lanes)
                unmatched = minus(run, mask, matched)
                if default is not None:
                    entries[default] = union(run, entries.get(default, run.empty), unmatched)
                    unmatched = run.empty
                active = run.empty
                for index in range(end):
                    entering = entries.get(index)
                    if entering is not None:
                        active = union(run, active, entering)
                    if any_lane(run, active):
                        active = alive(run, body[index](fr, active))
                finished = union(run, union(run, active, entries.get(end, run.empty)), unmatched)
            after = union(run, finished, fr.breaks)
            fr.breaks = saved
            return after if jumps else mask

        return switch

    def _loop(self, stmt: For | While | DoWhile) -> Stmt:
        self._scopes.append({})
        try:
            init: Stmt = _keep
            update: Evaluator | None = None
            condition: Evaluator | None = None
            if isinstance(stmt, For):
                if stmt.init is not None:
                    init = self.statement(stmt.init)
                if stmt.condition is not None:
                    condition = self._expression(stmt.condition)
                if stmt.update is not None:
                    update = self.expressions.discarded(stmt.update)
                body = self._nested_block(stmt.body)
            elif isinstance(stmt, While):
                condition = self._expression(stmt.condition)
                body = self._nested_block(stmt.body)
            else:
                body = self._nested_block(stmt.body)
                condition = self._expression(stmt.condition)
        finally:
            self._scopes.pop()
        test_first = not isinstance(stmt, DoWhile)
        jumps = _loop_jumps_out(stmt.body)

        def loop(fr: Frame, mask: Mask) -> Mask:
            run = fr.run
            init(fr, mask)
            saved = fr.breaks, fr.continues
            fr.breaks = fr.continues = run.empty
            active = mask
            exited = run.empty
            first = True
            while True:
                if condition is not None and (test_first or not first):
                    c = condition(fr, active)
                    active = alive(run, active)
                    exited = union(run, exited, where_false(run, active, c))
                    active = where_true(run, active, c)
                    if not any_lane(run, active):
                        break
                first = False
                run.step()
                active = union(run, alive(run, body(fr, active)), fr.continues)
                fr.continues = run.empty
                if not any_lane(run, active):
                    break
                if update is not None:
                    update(fr, active)
                    active = alive(run, active)
            after = union(run, exited, fr.breaks)
            fr.breaks, fr.continues = saved
            return after if jumps else mask

        return loop

    def _return(self, stmt: Return) -> Stmt:
        if stmt.value is None:
            return lambda fr, mask: fr.run.empty
        evaluate = self._expression(stmt.value)

        def return_value(fr: Frame, mask: Mask) -> Mask:
            value = evaluate(fr, mask)
            # Lanes outside this return keep what an earlier return left; the first return
            # may leave anything in them (a later one, or none, decides).
            fr.ret = value if fr.ret is None else np.where(mask, value, fr.ret)
            return fr.run.empty

        return return_value


def _discard(fr: Frame, mask: Mask) -> Mask:
    fr.run.discarded = union(fr.run, fr.run.discarded, mask)
    return fr.run.empty


def _break(fr: Frame, mask: Mask) -> Mask:
    fr.breaks = union(fr.run, fr.breaks, mask)
    return fr.run.empty


def _continue(fr: Frame, mask: Mask) -> Mask:
    fr.continues = union(fr.run, fr.continues, mask)
    return fr.run.empty


def _label(value: Literal) -> int:
    return int(value.value)


def compile_function(program: ProgramScope, function: Function) -> LaneFunction:
    return FunctionCompiler(program, function.name).function(function)
