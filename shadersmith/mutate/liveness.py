"""ShaDiv's M_liv (Algorithm 8): extend the liveness of values by giving them new uses.

For a definition `s` of a variable `v` in `main` (`T v = e;` or `v = e;`), the candidate
sites are the later statements of the same block that `s`'s value still reaches (nothing
in between, the site included, writes `v`: DefReach) and that define a value of `v`'s type
themselves. Of those, only the sites whose right-hand side has `v`'s divergence type at
that point are kept (uniform with uniform, divergent with divergent), and one is drawn;
its right-hand side `e'` becomes `e' op v`. So `v` stays live until the site, and the
divergence environment of the program is exactly what it was: a barrier in uniform
control flow stays in uniform control flow. The folded value may wrap or leave the exact
float range; the reconditioner, which always runs later, takes care of that.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from shadersmith.analysis.divergence import DivergenceAnalysis, DivergenceState
from shadersmith.analysis.traversal import iter_statements, map_statements
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
    IncDec,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import Block, ExprStmt, If, Statement, Switch, VarDecl
from shadersmith.ir.types import BOOL, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.walk import iter_nodes


class _Recorder(DivergenceAnalysis):
    """The divergence analysis, keeping the state before each statement (inside loops,
    the last one: the fixed point)."""

    def __init__(self, **parts: Any) -> None:
        super().__init__(**parts)
        self.before: dict[int, DivergenceState] = {}

    def statement(self, stmt: Statement, state: DivergenceState) -> None:
        self.before[id(stmt)] = state.copy()
        super().statement(stmt, state)


def extend_liveness(
    program: Program, rng: random.Random, probability: float
) -> tuple[Program, int]:
    """`program` with new uses of values defined in `main`, and how many were added."""
    main = program.entry_point
    recorder = _Recorder.of_program(program)
    assert isinstance(recorder, _Recorder)
    state = recorder.entry_state()
    for decl in program.globals:
        recorder.statement(decl, state)
    recorder.block(main.body, state)
    folds: dict[int, list[tuple[BinaryOp, Expression]]] = {}
    for stmt in iter_statements(main.body):
        for body in _bodies(stmt):
            _extend_block(body, recorder, rng, probability, folds)
    if not folds:
        return program, 0
    sites = {id(s): s for s in iter_statements(main.body) if id(s) in folds}

    def rewrite(stmt: Statement) -> list[Statement]:
        if id(stmt) in folds and sites.get(id(stmt)) is stmt:
            return [_folded(stmt, folds[id(stmt)])]
        return [stmt]

    new_main = map_statements(main, rewrite)
    functions = tuple(new_main if f is main else f for f in program.functions)
    count = sum(len(uses) for uses in folds.values())
    return _replace_functions(program, functions), count


def _replace_functions(program: Program, functions: tuple[Function, ...]) -> Program:
    return dataclasses.replace(program, functions=functions)


def _bodies(stmt: Statement) -> list[tuple[Statement, ...]]:
    """The statement lists directly inside `stmt`."""
    if isinstance(stmt, Block):
        return [stmt.body]
    if isinstance(stmt, If):
        return [stmt.then.body] + ([stmt.otherwise.body] if stmt.otherwise else [])
    if isinstance(stmt, Switch):
        return [case.body for case in stmt.cases]
    return []


def _definition(stmt: Statement) -> tuple[str, Type, Expression] | None:
    """`v`, its type and the defining expression, when `stmt` defines a whole value."""
    if isinstance(stmt, VarDecl) and stmt.init is not None and not stmt.const:
        return stmt.name, stmt.type, stmt.init
    if isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign):
        assign = stmt.expr
        if assign.op is AssignOp.ASSIGN and isinstance(assign.target, VariableRef):
            return assign.target.name, assign.type, assign.value
    return None


def _site_value(stmt: Statement) -> Expression | None:
    """The right-hand side a new use can be folded into."""
    if isinstance(stmt, VarDecl) and stmt.init is not None and not stmt.const:
        return stmt.init
    if isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign):
        assign = stmt.expr
        if assign.op in (AssignOp.ASSIGN, AssignOp.ADD, AssignOp.SUB, AssignOp.BIT_XOR):
            return assign.value
    return None


def _writes(stmt: Statement, name: str) -> bool:
    """Whether `stmt` may write `name` (an argument naming it counts: a callee's out
    parameter may write it)."""
    for node in iter_nodes(stmt):
        if isinstance(node, Assign | IncDec) and root_variable(node.target) == name:
            return True
        if isinstance(node, VarDecl) and node.name == name:
            return True
        if isinstance(node, Call) and any(root_variable(arg) == name for arg in node.args):
            return True
    return False


def _foldable(type_: Type) -> bool:
    if isinstance(type_, VectorType):
        return type_.kind is not ScalarKind.BOOL
    return isinstance(type_, ScalarType)


def _operator(type_: Type, rng: random.Random) -> BinaryOp:
    assert isinstance(type_, ScalarType | VectorType)
    if type_.kind is ScalarKind.BOOL:
        return rng.choice((BinaryOp.LOGICAL_XOR, BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR))
    if type_.kind is ScalarKind.FLOAT:
        return rng.choice((BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL))
    return rng.choice((BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL, BinaryOp.BIT_XOR, BinaryOp.BIT_OR))


def _extend_block(
    body: tuple[Statement, ...],
    analysis: _Recorder,
    rng: random.Random,
    probability: float,
    folds: dict[int, list[tuple[BinaryOp, Expression]]],
) -> None:
    for position, stmt in enumerate(body):
        definition = _definition(stmt)
        if definition is None:
            continue
        name, type_, _ = definition
        if not _foldable(type_) or rng.random() >= probability:
            continue
        candidates: list[Statement] = []
        for later in body[position + 1 :]:
            if _writes(later, name):
                break
            value = _site_value(later)
            state = analysis.before.get(id(later))
            if value is None or state is None or state.dead:
                continue
            if _converted(VariableRef(type_, name), value.type) is None:
                continue
            divergent_v = analysis.is_divergent_name(name, state)
            if analysis.expression(value, state.copy()) == divergent_v:
                candidates.append(later)
        if candidates:
            site = rng.choice(candidates)
            site_value = _site_value(site)
            assert site_value is not None
            use = _converted(VariableRef(type_, name), site_value.type)
            assert use is not None
            folds.setdefault(id(site), []).append((_operator(site_value.type, rng), use))


# Conversions a folded use may go through: exact (bool to a number, int and uint into
# each other with wrap-around) or made exact by the reconditioner (a number to float).
_CONVERSIONS = {
    (ScalarKind.INT, ScalarKind.UINT),
    (ScalarKind.UINT, ScalarKind.INT),
    (ScalarKind.BOOL, ScalarKind.INT),
    (ScalarKind.BOOL, ScalarKind.UINT),
    (ScalarKind.BOOL, ScalarKind.FLOAT),
    (ScalarKind.INT, ScalarKind.FLOAT),
    (ScalarKind.UINT, ScalarKind.FLOAT),
    (ScalarKind.INT, ScalarKind.BOOL),
    (ScalarKind.UINT, ScalarKind.BOOL),
}


def _converted(use: VariableRef, to: Type) -> Expression | None:
    """`use` as a value of type `to`, or None when no safe conversion exists."""
    source = use.type
    if source == to:
        return use
    if not isinstance(source, ScalarType | VectorType) or not isinstance(
        to, ScalarType | VectorType
    ):
        return None
    if type(source) is not type(to) or (
        isinstance(source, VectorType) and isinstance(to, VectorType) and source.size != to.size
    ):
        return None
    if (source.kind, to.kind) not in _CONVERSIONS or not _foldable(to):
        return None
    return Construct(to, (use,))


def _folded(stmt: Statement, uses: list[tuple[BinaryOp, Expression]]) -> Statement:
    value = _site_value(stmt)
    assert value is not None
    for op, variable in uses:
        value = Binary(BOOL if op.is_logical else value.type, op, value, variable)
    if isinstance(stmt, VarDecl):
        return VarDecl(stmt.name, stmt.type, value, stmt.const, stmt.qualifiers)
    assert isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign)
    assign = stmt.expr
    return ExprStmt(Assign(assign.type, assign.op, assign.target, value))
