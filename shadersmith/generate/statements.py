"""Random statements: declarations, expression statements, blocks, if/else and jumps.

Loops and switches live in loops.py and switches.py; this module dispatches to them.
Each function body gets a statement budget: generation stops adding statements when it
is spent, so program size stays bounded however deep the nesting goes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shadersmith.analysis.builtins import BuiltinOverload
from shadersmith.generate import loops, switches
from shadersmith.generate.builtin_rules import overloads_returning, overloads_writing
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.expressions import ExpressionGenerator
from shadersmith.generate.scope import Variable
from shadersmith.ir.expressions import Assign, Call, CallKind, Construct, IncDec, VariableRef
from shadersmith.ir.operators import AssignOp, IncDecOp
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    ExprStmt,
    If,
    Return,
    Statement,
    VarDecl,
)
from shadersmith.ir.types import VOID, ArrayType, ScalarKind, Type, VoidType

_INC_DEC_OPS = tuple(IncDecOp)


@dataclass(slots=True)
class JumpContext:
    """Where the statement being generated sits: what jumps are legal there."""

    loops: int = 0  # enclosing loops: `continue` (and `break`) allowed when > 0
    switches: int = 0  # enclosing switches: `break` allowed when > 0
    # The function's return type; VOID for main and void functions (`return;`).
    return_type: Type = VOID

    @property
    def can_break(self) -> bool:
        return self.loops > 0 or self.switches > 0


class StatementGenerator:
    def __init__(self, context: GenerationContext, expressions: ExpressionGenerator) -> None:
        self.ctx = context
        self.rng = context.rng
        self.options = context.options
        self.profile = context.profile
        self.exprs = expressions
        self.scope = context.scope
        self.jumps = JumpContext()
        self.budget = 0
        self._void_builtins = tuple(
            overload
            for overload in overloads_returning(VOID, context.options.floats)
            if overload.name not in context.profile.missing_builtins
        )
        # Built-ins with a value and an `out` parameter (frexp) where an expression may
        # not write (WGSL, whose `out` is a pointer): a call statement declares a variable
        # with the call as its whole initialiser, `T var_N = frexp(x, e);`, the write
        # through the pointer its one side effect. None where expressions call them
        # (GLSL) or without the opt-in built-ins: those programs keep their draws.
        self._valued_builtins: tuple[BuiltinOverload, ...] = ()
        if not context.profile.side_effects_in_expressions:
            self._valued_builtins = tuple(
                overload
                for overload in overloads_writing(
                    context.options.floats, expressions.opt_in_builtins
                )
                if overload.name not in context.profile.missing_builtins
            )
        # Each form with its name in options.CONSTRUCTS (None: never left out).
        compound: list[tuple[str | None, float, Callable[[int], Statement | None]]] = [
            ("if", 3.0, self.if_statement),
            ("switch", 1.2, lambda nesting: switches.switch_statement(self, nesting)),
            ("for", 1.2, lambda nesting: loops.for_statement(self, nesting)),
            ("while", 0.7, lambda nesting: loops.while_statement(self, nesting)),
            ("block", 0.4, self.nested_block),
        ]
        if context.profile.do_while:
            compound.append(
                ("do-while", 0.7, lambda nesting: loops.do_while_statement(self, nesting))
            )
        simple: list[tuple[str | None, float, Callable[[int], Statement | None]]] = [
            (None, 3.0, self.declaration),
            (None, 5.0, self.assignment_statement),
            ("increment-statement", 0.7, self.inc_dec_statement),
            ("call-statement", 1.0, self.call_statement),
            ("jump", 0.8, self.guarded_jump),
        ]
        omitted = context.options.omitted_constructs
        self._jumps = "jump" not in omitted
        self._compound = _cumulative([(w, f) for n, w, f in compound if n not in omitted])
        self._simple = _cumulative([(w, f) for n, w, f in simple if n not in omitted])

    # ----------------------------------------------------------------- blocks

    def block(self, nesting: int) -> Block:
        """A `{ ... }` with its own scope: 1..max_statements_per_block statements while
        the budget lasts, sometimes closed by a jump."""
        self.scope.push()
        try:
            body = self.statements(nesting)
            if self.rng.random() < 0.08 and self._jumps:
                jump = self.jump()
                if jump is not None:
                    body.append(jump)
            return Block(tuple(body))
        finally:
            self.scope.pop()

    def statements(self, nesting: int) -> list[Statement]:
        """Statements in the current scope (the caller pushes and pops it)."""
        count = self.rng.randint(1, self.options.max_statements_per_block)
        body: list[Statement] = []
        for _ in range(count):
            if self.budget <= 0:
                break
            body.append(self.statement(nesting))
        return body

    def statement(self, nesting: int) -> Statement:
        if self.ctx.divergence is not None:  # a multi-invocation program: generate/divergence.py
            return self.ctx.divergence.statement(self, nesting)
        return self.plain_statement(nesting)

    def plain_statement(self, nesting: int) -> Statement:
        self.budget -= 1
        textures = self.exprs.textures
        if textures is not None and textures.store_chance():
            return textures.store()
        if (
            self._compound
            and nesting < self.options.max_nesting
            and self.ctx.chance(self.options.control_flow_probability)
        ):
            compound = _draw(self.rng.random(), self._compound)(nesting + 1)
            if compound is not None:
                return compound
        simple = _draw(self.rng.random(), self._simple)(nesting)
        return simple if simple is not None else self.declaration(nesting)

    def nested_block(self, nesting: int) -> Statement:
        return self.block(nesting)

    # ----------------------------------------------------------------- simple statements

    def declaration(self, nesting: int) -> Statement:
        """`T var_N;`, `T var_N = e;` or `const T var_N = constant;`."""
        type_ = self.random_variable_type()
        name = self.ctx.fresh_name("var")
        draw = self.rng.random()
        if draw < 0.15:
            init = self.exprs.constant_expression(type_)
            self.ctx.constant_names.add(name)
            self.scope.declare(Variable(name, type_, VariableRef(type_, name), False, True))
            return VarDecl(name, type_, init, const=True)
        if draw < 0.3:
            self.scope.declare(Variable(name, type_, VariableRef(type_, name), True))
            return VarDecl(name, type_)
        init = self.exprs.expression(type_)
        self.scope.declare(Variable(name, type_, VariableRef(type_, name), True))
        return VarDecl(name, type_, init)

    def assignment_statement(self, nesting: int) -> Statement | None:
        stores = self.ctx.narrow_stores
        if stores and self.rng.random() < self.ctx.options.narrow_storage_probability:
            # A store to a narrow buffer field (generate/narrow_storage.py).
            store = self.rng.choice(stores)
            value = Construct(store.type, (self.exprs.expression(store.wide, 0),))
            return ExprStmt(Assign(store.type, AssignOp.ASSIGN, store.access, value))
        type_ = self.random_variable_type()
        target = self.exprs.lvalue(type_, 0)
        if target is None:
            return None
        return ExprStmt(self.exprs.assign_to(target, 0))

    def inc_dec_statement(self, nesting: int) -> Statement | None:
        type_ = self.exprs.random_value_type()
        if type_.kind is ScalarKind.BOOL:
            return None
        target = self.exprs.lvalue(type_, 0)
        if target is None:
            return None
        return ExprStmt(IncDec(type_, self.rng.choice(_INC_DEC_OPS), target))

    def call_statement(self, nesting: int) -> Statement | None:
        """A call for its side effects: a user function (void or not), a void built-in
        such as `umulExtended`, or (WGSL) a built-in with a value and an `out` parameter
        initialising a new variable."""
        if self.ctx.functions and self.rng.random() < 0.6:
            call = self.exprs.call(self.rng.choice(self.ctx.functions), 0)
            return None if call is None else ExprStmt(call)
        overloads = self._void_builtins + self._valued_builtins
        if not overloads:
            return None
        overload = self.rng.choice(overloads)
        args = self.exprs.arguments(overload.name, overload.params, overload.out_params, 0)
        if args is None:
            return None
        call = Call(overload.result, overload.name, args, CallKind.BUILTIN)
        if isinstance(overload.result, VoidType):
            return ExprStmt(call)
        name = self.ctx.fresh_name("var")
        self.scope.declare(Variable(name, call.type, VariableRef(call.type, name), True))
        return VarDecl(name, call.type, call)

    # ----------------------------------------------------------------- control flow

    def if_statement(self, nesting: int) -> Statement:
        condition = self.exprs.condition()
        then = self.block(nesting)
        otherwise = self.block(nesting) if self.rng.random() < 0.5 else None
        return If(condition, then, otherwise)

    def jump(self) -> Statement | None:
        """A legal `break`, `continue` or `return` here, or None."""
        choices: list[str] = []
        if self.jumps.can_break:
            choices.append("break")
        if self.jumps.loops > 0:
            choices.append("continue")
        # Returns are rarer than loop exits: they end the whole function.
        kind = self.rng.choice(choices) if choices and self.rng.random() < 0.8 else "return"
        if kind == "break":
            return Break()
        if kind == "continue":
            return Continue()
        if isinstance(self.jumps.return_type, VoidType):
            return Return()
        return Return(self.exprs.expression(self.jumps.return_type))

    def guarded_jump(self, nesting: int) -> Statement | None:
        """`if (c) jump;`, so that the statements after it stay reachable."""
        if not self.jumps.can_break and self.rng.random() < 0.6:
            return None  # only `return` is possible here: keep it rare
        jump = self.jump()
        if jump is None:
            return None
        return If(self.exprs.condition(), Block((jump,)))

    def guarded_break(self) -> Statement:
        return If(self.exprs.condition(), Block((Break(),)))

    # ----------------------------------------------------------------- types

    def random_variable_type(self) -> Type:
        """A type for a variable: scalar, vector or (15%) a short array of them; a float
        matrix at times when matrices are on (generate/matrices.py), a struct or an array
        of structs when structs are (generate/structs.py)."""
        matrices = self.exprs.matrices
        if matrices is not None and matrices.chance():
            self.ctx.choices["matrix:variable"] += 1
            return matrices.random_type()
        structs = self.exprs.structs
        if structs is not None and structs.chance():
            self.ctx.choices["struct:variable"] += 1
            return structs.random_type()
        element = self.exprs.random_value_type()
        if self.rng.random() < 0.15:
            return ArrayType(element, self.rng.randint(1, self.options.max_array_length))
        return element


def _cumulative(
    weighted: list[tuple[float, Callable[[int], Statement | None]]],
) -> tuple[tuple[float, Callable[[int], Statement | None]], ...]:
    total = sum(weight for weight, _ in weighted)
    running = 0.0
    table = []
    for weight, make in weighted:
        running += weight
        table.append((running / total, make))
    return tuple(table)


def _draw(
    draw: float, table: tuple[tuple[float, Callable[[int], Statement | None]], ...]
) -> Callable[[int], Statement | None]:
    for bound, make in table:
        if draw < bound:
            return make
    return table[-1][1]
