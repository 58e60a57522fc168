"""Compile statements and function bodies into closures `frame -> signal`.

A statement closure returns None to go on, or BREAK / CONTINUE / RETURN (frames.py);
control flow is plain Python loops and returns, never exceptions.
Steps: entering a block counts its statements, each loop iteration counts one; the
budget is checked at every iteration, since only loops can run forever.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shadersmith.interp.errors import FragmentDiscarded, InterpreterError, UBCategory
from shadersmith.interp.expressions import ExpressionCompiler
from shadersmith.interp.frames import (
    BREAK,
    CONTINUE,
    INVOCATION,
    LOCALS,
    RETURN,
    RETURN_VALUE,
    UNDEF,
    Frame,
)
from shadersmith.interp.functions import CompiledBody
from shadersmith.interp.layout import slot_count, zero_slots
from shadersmith.interp.program_scope import ProgramScope
from shadersmith.interp.sites import Site
from shadersmith.interp.variables import Variable
from shadersmith.ir.expressions import Literal
from shadersmith.ir.program import Function, ParamQualifier, Stage
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
from shadersmith.ir.types import ScalarType, Type

Stmt = Callable[[Frame], int | None]


def _nothing(fr: Frame) -> int | None:
    return None


def _over_budget(site: Site) -> Exception:
    return site.ub(UBCategory.NON_TERMINATION, "the step budget is exhausted (a loop runs on)")


class FunctionCompiler:
    """Compiles one function body: scopes, slot allocation, statements."""

    def __init__(
        self,
        program: ProgramScope,
        name: str,
        *,
        tracked: bool,
        out_argument_roots: frozenset[str],
        stage: Stage,
    ) -> None:
        self.program = program
        self.sanitize = program.sanitize
        self.tracked = tracked
        self.name = name
        self.stage = stage
        self._out_argument_roots = out_argument_roots
        self._scopes: list[dict[str, Variable]] = [{}]
        # Inside a switch a jump to a later label skips declarations and their initialisers.
        self._switch_depth = 0
        self.variables: list[Variable] = []
        self.template: list[Any] = []
        self.expressions = ExpressionCompiler(program, name, self._lookup, self.variables)

    # ------------------------------------------------------------ scopes

    def _lookup(self, name: str) -> Variable | None:
        for scope in reversed(self._scopes):
            found = scope.get(name)
            if found is not None:
                return found
        return None

    def declare(self, name: str, type_: Type, *, initialised: bool) -> Variable:
        may_undef = not initialised or self._switch_depth > 0 or name in self._out_argument_roots
        variable = Variable(name, type_, LOCALS, len(self.template), may_undef)
        self.template.extend([UNDEF] * slot_count(type_) if self.sanitize else zero_slots(type_))
        self._scopes[-1][name] = variable
        self.variables.append(variable)
        return variable

    def _expression(self, expr: Any) -> Callable[[Frame], Any]:
        return self.expressions.expression(expr, self.tracked)

    # ------------------------------------------------------------ function

    def function(self, function: Function) -> CompiledBody:
        for param in function.params:
            # An inout parameter carries in whatever its argument held, defined or not.
            self.declare(param.name, param.type, initialised=param.qualifier is ParamQualifier.IN)
        # Parameters and the outermost block share one scope, as in GLSL.
        body = self._block_body(function.body)
        return CompiledBody(body, self.template, self.variables)

    # ------------------------------------------------------------ statements

    def statement(self, stmt: Statement) -> Stmt:
        self.expressions.statement = stmt
        if isinstance(stmt, VarDecl):
            return self._var_decl(stmt)
        if isinstance(stmt, ExprStmt):
            evaluate = self._expression(stmt.expr)

            def expression_statement(fr: Frame) -> int | None:
                evaluate(fr)
                return None

            return expression_statement
        if isinstance(stmt, Block):
            return self._nested_block(stmt)
        if isinstance(stmt, If):
            return self._if(stmt)
        if isinstance(stmt, Switch):
            return self._switch(stmt)
        if isinstance(stmt, For):
            return self._for(stmt)
        if isinstance(stmt, While):
            return self._while(stmt)
        if isinstance(stmt, DoWhile):
            return self._do_while(stmt)
        if isinstance(stmt, Break):
            return lambda fr: BREAK
        if isinstance(stmt, Continue):
            return lambda fr: CONTINUE
        if isinstance(stmt, Return):
            return self._return(stmt)
        if isinstance(stmt, Discard):
            # Raised when reached, not when compiled: a metamorphic variant's dead
            # `if (opaque false) discard;` runs (a fragment runs here as a compute shader,
            # interp/fragment.py, whose FragmentInterpreter catches it).
            name = self.name

            def discard(fr: Frame) -> int | None:
                raise FragmentDiscarded(f"{name}: discard (reached)")

            return discard
        raise InterpreterError(f"unknown statement {type(stmt).__name__}")

    def _block_body(self, block: Block) -> Stmt:
        statements = tuple(self.statement(s) for s in block.body)
        count = len(statements)
        if count == 0:
            return _nothing
        if count == 1:
            (only,) = statements

            def single(fr: Frame) -> int | None:
                fr[INVOCATION].steps += 1
                return only(fr)

            return single

        def block_run(fr: Frame) -> int | None:
            fr[INVOCATION].steps += count
            for run in statements:
                signal = run(fr)
                if signal is not None:
                    return signal
            return None

        return block_run

    def _nested_block(self, block: Block) -> Stmt:
        self._scopes.append({})
        try:
            return self._block_body(block)
        finally:
            self._scopes.pop()

    def _var_decl(self, stmt: VarDecl) -> Stmt:
        # The initialiser sees the names outside: the new one is in scope after it.
        init = self._expression(stmt.init) if stmt.init is not None else None
        variable = self.declare(stmt.name, stmt.type, initialised=init is not None)
        offset = variable.offset
        size = slot_count(stmt.type)
        scalar = isinstance(stmt.type, ScalarType)
        if init is None:
            fresh = [UNDEF] * size if self.sanitize else zero_slots(stmt.type)

            def declare_undefined(fr: Frame) -> int | None:
                fr[LOCALS][offset : offset + size] = fresh
                return None

            return declare_undefined
        evaluate = init
        if scalar:

            def declare_scalar(fr: Frame) -> int | None:
                fr[LOCALS][offset] = evaluate(fr)
                return None

            return declare_scalar

        def declare_composite(fr: Frame) -> int | None:
            fr[LOCALS][offset : offset + size] = evaluate(fr)
            return None

        return declare_composite

    def _if(self, stmt: If) -> Stmt:
        condition = self._expression(stmt.condition)
        then = self._nested_block(stmt.then)
        if stmt.otherwise is None:
            return lambda fr: then(fr) if condition(fr) else None
        otherwise = self._nested_block(stmt.otherwise)
        return lambda fr: then(fr) if condition(fr) else otherwise(fr)

    def _switch(self, stmt: Switch) -> Stmt:
        selector = self._expression(stmt.selector)
        # One scope for all the cases; a label is an entry point into one statement list.
        self._scopes.append({})
        self._switch_depth += 1
        entries: dict[Any, int] = {}
        default: int | None = None
        statements: list[Stmt] = []
        try:
            for case in stmt.cases:
                if case.value is None:
                    default = len(statements)
                else:
                    entries.setdefault(_label(case.value), len(statements))
                statements.extend(self.statement(s) for s in case.body)
        finally:
            self._switch_depth -= 1
            self._scopes.pop()
        body = tuple(statements)

        def switch(fr: Frame) -> int | None:
            start = entries.get(selector(fr), default)
            if start is None:
                return None
            fr[INVOCATION].steps += 1
            for index in range(start, len(body)):
                signal = body[index](fr)
                if signal is not None:
                    return None if signal == BREAK else signal
            return None

        return switch

    def _loop_site(self, stmt: Statement) -> Site:
        return Site(self.name, stmt, None)

    def _for(self, stmt: For) -> Stmt:
        site = self._loop_site(stmt)
        self._scopes.append({})
        try:
            init = self.statement(stmt.init) if stmt.init is not None else _nothing
            self.expressions.statement = stmt
            condition = self._expression(stmt.condition) if stmt.condition is not None else None
            update = self._expression(stmt.update) if stmt.update is not None else None
            body = self._nested_block(stmt.body)
        finally:
            self._scopes.pop()

        def for_loop(fr: Frame) -> int | None:
            init(fr)
            invocation = fr[INVOCATION]
            while True:
                invocation.steps += 1
                if invocation.steps > invocation.step_budget:
                    raise _over_budget(site)
                if condition is not None and not condition(fr):
                    return None
                signal = body(fr)
                if signal is not None and signal != CONTINUE:
                    return None if signal == BREAK else signal
                if update is not None:
                    update(fr)

        return for_loop

    def _while(self, stmt: While) -> Stmt:
        site = self._loop_site(stmt)
        condition = self._expression(stmt.condition)
        body = self._nested_block(stmt.body)

        def while_loop(fr: Frame) -> int | None:
            invocation = fr[INVOCATION]
            while True:
                invocation.steps += 1
                if invocation.steps > invocation.step_budget:
                    raise _over_budget(site)
                if not condition(fr):
                    return None
                signal = body(fr)
                if signal is not None and signal != CONTINUE:
                    return None if signal == BREAK else signal

        return while_loop

    def _do_while(self, stmt: DoWhile) -> Stmt:
        site = self._loop_site(stmt)
        body = self._nested_block(stmt.body)
        self.expressions.statement = stmt
        condition = self._expression(stmt.condition)

        def do_while_loop(fr: Frame) -> int | None:
            invocation = fr[INVOCATION]
            while True:
                invocation.steps += 1
                if invocation.steps > invocation.step_budget:
                    raise _over_budget(site)
                signal = body(fr)
                if signal is not None and signal != CONTINUE:
                    return None if signal == BREAK else signal
                if not condition(fr):
                    return None

        return do_while_loop

    def _return(self, stmt: Return) -> Stmt:
        if stmt.value is None:
            return lambda fr: RETURN
        evaluate = self._expression(stmt.value)

        def return_value(fr: Frame) -> int | None:
            fr[RETURN_VALUE] = evaluate(fr)
            return RETURN

        return return_value


def _label(value: Literal) -> Any:
    return int(value.value)


def compile_function_body(
    program: ProgramScope,
    function: Function,
    *,
    tracked: bool,
    out_argument_roots: frozenset[str],
    stage: Stage,
) -> CompiledBody:
    compiler = FunctionCompiler(
        program,
        function.name,
        tracked=tracked,
        out_argument_roots=out_argument_roots,
        stage=stage,
    )
    return compiler.function(function)
