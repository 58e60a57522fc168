"""Reaching definitions over the control-flow graph of one function body (ShaDiv's
DefReach, section 4.3: the statements a definition of `v` reaches without meeting
another definition of `v`).

The graph has one node per simple statement (`T v = e;`, `e;`, `return`, `break`,
`continue`, `discard`), per controlling expression (an `if` or loop condition, a switch
selector, a `for` update: each may write) and a join node at the head of each loop; its
edges follow GLSL's structured control flow (fall-through between cases, `break` to the
end of the innermost loop or switch, `continue` to the update). Statements after a jump
have no predecessor, and nothing reaches them.

Variables are their declarations, not their names: `Variable` is the declaration that a
name resolves to where it is used (block scopes, `for` initialisers scoped to their loop,
a switch's case bodies sharing one scope as in GLSL, parameters, then globals), so two
variables that share a name never share definitions, and a use added at a statement can
be checked to name the variable a definition wrote.

Every write is a definition and kills the variable's other definitions: whole
assignments and declarations, partial writes (`v.x = e`, `a[i] = e`, `v += e`, `v++`),
the copy-back of `out` and `inout` arguments, and a user function's writes to globals.
A write that only may happen (the right operand of `&&`, an arm of `?:`) kills too:
the definitions found reaching are then a subset of the true ones, so a use added at one
of them always names a value that definition may have given. Statement order within one
statement is not modelled: a statement is one node, whose definitions are what it
writes (a variable written twice by one statement gets no whole value from it).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from shadersmith.analysis.calls import (
    FunctionSummary,
    argument_qualifiers,
    parameter_table,
    summarise_functions,
)
from shadersmith.analysis.traversal import iter_statements
from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Expression,
    IncDec,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, Program
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


@dataclass(frozen=True, slots=True)
class Variable:
    """One declared variable: its name, what declares it and a serial number that tells
    apart declarations of one name (globals and parameters have their own kinds)."""

    name: str
    kind: str  # "global", "parameter", "local" or "case-local" (directly in a case body)
    serial: int
    type: Type


@dataclass(frozen=True, slots=True)
class Definition:
    """A statement that writes `variable`. `value` is the expression the whole variable
    gets (`T v = e;`, `v = e;`), None for a partial, conditional or copy-back write."""

    index: int
    variable: Variable
    statement: Statement
    value: Expression | None

    @property
    def whole(self) -> bool:
        return self.value is not None


@dataclass(slots=True)
class _Node:
    index: int
    statement: Statement | None  # None for a loop's head
    part: str  # "statement", "condition", "update" or "head"
    scope: dict[str, Variable]
    expressions: tuple[Expression, ...] = ()
    successors: list[int] = field(default_factory=list)
    writes: list[Variable] = field(default_factory=list)
    generates: list[int] = field(default_factory=list)  # definition indices


@dataclass(slots=True)
class _Targets:
    """Where jumps go from inside a loop or switch: nodes that jump there are collected
    and connected once the target exists."""

    is_loop: bool
    breaks: list[int] = field(default_factory=list)
    continues: list[int] = field(default_factory=list)


class ReachingDefinitions:
    """The definitions reaching each statement of one function body (see the module
    docstring). Statements are looked up by identity; an object that occurs twice in the
    body (the IR is immutable, so it may) is left out, since its two places differ."""

    def __init__(self, function: Function, program: Program) -> None:
        self.function = function
        self._summaries = summarise_functions(program)
        self._parameters = parameter_table(program.functions)
        self._globals: dict[str, Variable] = {}
        for decl in program.globals:
            self._globals[decl.name] = Variable(decl.name, "global", 0, decl.type)
        self._serial = 0
        self.nodes: list[_Node] = []
        self.definitions: list[Definition] = []
        self._by_statement: dict[int, int] = {}  # id(statement) -> its node
        self._seen: dict[int, int] = {}  # id(statement) -> occurrences in the body
        self._targets: list[_Targets] = []
        scope: dict[str, Variable] = dict(self._globals)
        for param in function.params:
            scope[param.name] = self._declare(param.name, "parameter", param.type)
        for stmt in iter_statements(function.body):
            self._seen[id(stmt)] = self._seen.get(id(stmt), 0) + 1
        self._block(function.body.body, [], [scope])
        self._reaching_in = self._solve()

    # ----------------------------------------------------------------- queries

    def node_of(self, stmt: Statement) -> _Node | None:
        index = self._by_statement.get(id(stmt))
        if index is None or self._seen.get(id(stmt), 0) != 1:
            return None
        return self.nodes[index]

    def reaching(self, stmt: Statement) -> tuple[Definition, ...]:
        """The definitions reaching the point just before `stmt` (a simple statement, or
        the condition of an `if`, loop or switch), in program order."""
        node = self.node_of(stmt)
        if node is None:
            return ()
        return tuple(self._definitions_in(self._reaching_in[node.index]))

    def resolve(self, stmt: Statement, name: str) -> Variable | None:
        """The variable `name` names at `stmt` (before a declaration `stmt` makes)."""
        node = self.node_of(stmt)
        return None if node is None else node.scope.get(name)

    def writes(self, stmt: Statement) -> tuple[Variable, ...]:
        """The variables `stmt`'s own node may write."""
        node = self.node_of(stmt)
        return () if node is None else tuple(node.writes)

    def definitions_of(self, stmt: Statement) -> tuple[Definition, ...]:
        node = self.node_of(stmt)
        if node is None:
            return ()
        return tuple(self.definitions[i] for i in node.generates)

    def reached_by(self, definition: Definition) -> Iterator[Statement]:
        """DefReach(s, v): the simple statements `definition` reaches, in program order."""
        bit = 1 << definition.index
        for node in self.nodes:
            if (
                node.part == "statement"
                and node.statement is not None
                and self._reaching_in[node.index] & bit
                and self._seen.get(id(node.statement), 0) == 1
            ):
                yield node.statement

    def _definitions_in(self, bits: int) -> Iterator[Definition]:
        index = 0
        while bits:
            if bits & 1:
                yield self.definitions[index]
            bits >>= 1
            index += 1

    # ----------------------------------------------------------------- the graph

    def _declare(self, name: str, kind: str, type_: Type) -> Variable:
        self._serial += 1
        return Variable(name, kind, self._serial, type_)

    def _node(
        self,
        stmt: Statement | None,
        part: str,
        preds: list[int],
        scopes: list[dict[str, Variable]],
        expressions: tuple[Expression, ...] = (),
    ) -> int:
        index = len(self.nodes)
        node = _Node(index, stmt, part, dict(_flatten(scopes)), expressions)
        self.nodes.append(node)
        for pred in preds:
            self.nodes[pred].successors.append(index)
        if stmt is not None and part in ("statement", "condition"):
            self._by_statement.setdefault(id(stmt), index)
        for expr in expressions:
            self._expression_writes(expr, node)
        return index

    def _define(self, node: _Node, variable: Variable | None, value: Expression | None) -> None:
        if variable is None:
            return
        if node.statement is None:
            return
        if variable in node.writes:
            # Written twice in one statement: which write is last is not modelled, so
            # the statement's definition is not a whole value.
            node.generates = [d for d in node.generates if self.definitions[d].variable != variable]
            value = None
        else:
            node.writes.append(variable)
        definition = Definition(len(self.definitions), variable, node.statement, value)
        self.definitions.append(definition)
        node.generates.append(definition.index)

    def _expression_writes(self, expr: Expression, node: _Node) -> None:
        for current in iter_nodes(expr):
            if isinstance(current, Assign):
                whole = isinstance(current.target, VariableRef) and current.op is AssignOp.ASSIGN
                variable = node.scope.get(root_variable(current.target) or "")
                value = current.value if whole and current is expr else None
                self._define(node, variable, value)
            elif isinstance(current, IncDec):
                self._define(node, node.scope.get(root_variable(current.target) or ""), None)
            elif isinstance(current, Call):
                self._call_writes(current, node)

    def _call_writes(self, call: Call, node: _Node) -> None:
        summaries: dict[str, FunctionSummary] = self._summaries
        qualifiers = argument_qualifiers(call, self._parameters)
        known = call.kind is CallKind.BUILTIN or call.callee in self._parameters
        for position, arg in enumerate(call.args):
            writes = (
                not known
                or (position < len(qualifiers) and qualifiers[position].writes_back)
                or (position == 0 and call.callee.startswith("atomic"))
            )
            if writes:
                self._define(node, node.scope.get(root_variable(arg) or ""), None)
        if call.kind is CallKind.USER:
            summary = summaries.get(call.callee)
            written = summary.writes if summary is not None else frozenset(self._globals)
            for name in sorted(written):
                # A callee writes the global, whatever local shadows its name here.
                self._define(node, self._globals.get(name), None)

    def _block(
        self,
        body: tuple[Statement, ...],
        preds: list[int],
        scopes: list[dict[str, Variable]],
        scope_kind: str = "local",
    ) -> list[int]:
        scopes = [*scopes, {}]
        for stmt in body:
            preds = self._statement(stmt, preds, scopes, scope_kind)
        return preds

    def _statement(
        self,
        stmt: Statement,
        preds: list[int],
        scopes: list[dict[str, Variable]],
        scope_kind: str = "local",
    ) -> list[int]:
        """Add `stmt`'s nodes after `preds`; the nodes control leaves it from."""
        if isinstance(stmt, VarDecl):
            index = self._node(stmt, "statement", preds, scopes, _optional(stmt.init))
            variable = self._declare(stmt.name, scope_kind, stmt.type)
            scopes[-1][stmt.name] = variable
            self._define(self.nodes[index], variable, stmt.init)
            return [index]
        if isinstance(stmt, ExprStmt):
            return [self._node(stmt, "statement", preds, scopes, (stmt.expr,))]
        if isinstance(stmt, Block):
            return self._block(stmt.body, preds, scopes)
        if isinstance(stmt, If):
            condition = self._node(stmt, "condition", preds, scopes, (stmt.condition,))
            exits = self._block(stmt.then.body, [condition], scopes)
            if stmt.otherwise is None:
                return [*exits, condition]
            return exits + self._block(stmt.otherwise.body, [condition], scopes)
        if isinstance(stmt, Switch):
            return self._switch(stmt, preds, scopes)
        if isinstance(stmt, For | While | DoWhile):
            return self._loop(stmt, preds, scopes)
        if isinstance(stmt, Return):
            self._node(stmt, "statement", preds, scopes, _optional(stmt.value))
            return []
        if isinstance(stmt, Discard):
            self._node(stmt, "statement", preds, scopes)
            return []
        if isinstance(stmt, Break | Continue):
            index = self._node(stmt, "statement", preds, scopes)
            targets = next(
                (t for t in reversed(self._targets) if t.is_loop or isinstance(stmt, Break)),
                None,
            )
            if targets is not None:
                (targets.breaks if isinstance(stmt, Break) else targets.continues).append(index)
            return []
        raise TypeError(f"not a statement: {stmt!r}")

    def _switch(
        self, stmt: Switch, preds: list[int], scopes: list[dict[str, Variable]]
    ) -> list[int]:
        selector = self._node(stmt, "condition", preds, scopes, (stmt.selector,))
        targets = _Targets(is_loop=False)
        self._targets.append(targets)
        # GLSL: the case bodies are one scope (a declaration is seen by later cases,
        # which a jump to their label skips: such variables are "case-local").
        shared = [*scopes, {}]
        falling: list[int] = []
        for case in stmt.cases:
            entry = [selector, *falling]
            for inner in case.body:
                entry = self._statement(inner, entry, shared, "case-local")
            falling = entry
        self._targets.pop()
        exits = targets.breaks + falling
        if not any(case.value is None for case in stmt.cases):
            exits.append(selector)
        return exits

    def _loop(
        self, stmt: For | While | DoWhile, preds: list[int], scopes: list[dict[str, Variable]]
    ) -> list[int]:
        scopes = [*scopes, {}]  # a `for` initialiser's variable lives in the loop
        if isinstance(stmt, For) and stmt.init is not None:
            preds = self._statement(stmt.init, preds, scopes)
        head = self._node(None, "head", preds, scopes)
        targets = _Targets(is_loop=True)
        self._targets.append(targets)
        exits: list[int] = []
        if isinstance(stmt, DoWhile):
            body_exits = self._block(stmt.body.body, [head], scopes)
            condition = self._node(
                stmt, "condition", body_exits + targets.continues, scopes, (stmt.condition,)
            )
            self.nodes[condition].successors.append(head)
            exits.append(condition)
        else:
            entry = head
            if stmt.condition is not None:
                entry = self._node(stmt, "condition", [head], scopes, (stmt.condition,))
                exits.append(entry)
            body_exits = self._block(stmt.body.body, [entry], scopes)
            back = body_exits + targets.continues
            if isinstance(stmt, For) and stmt.update is not None:
                back = [self._node(stmt, "update", back, scopes, (stmt.update,))]
            for index in back:
                self.nodes[index].successors.append(head)
        self._targets.pop()
        return exits + targets.breaks

    # ----------------------------------------------------------------- the data flow

    def _solve(self) -> list[int]:
        """IN of every node, as bit sets of definition indices (round-robin iteration in
        node order, which is close to reverse post-order for structured code)."""
        kills: list[int] = []
        by_variable: dict[Variable, int] = {}
        for definition in self.definitions:
            by_variable[definition.variable] = by_variable.get(definition.variable, 0) | (
                1 << definition.index
            )
        for node in self.nodes:
            kill = 0
            for variable in node.writes:
                kill |= by_variable.get(variable, 0)
            kills.append(kill)
        gens = [sum(1 << d for d in node.generates) for node in self.nodes]
        preds: list[list[int]] = [[] for _ in self.nodes]
        for node in self.nodes:
            for successor in node.successors:
                preds[successor].append(node.index)
        reaching_in = [0] * len(self.nodes)
        out = [0] * len(self.nodes)
        changed = True
        while changed:
            changed = False
            for node in self.nodes:
                i = node.index
                incoming = 0
                for p in preds[i]:
                    incoming |= out[p]
                new_out = gens[i] | (incoming & ~kills[i])
                if incoming != reaching_in[i] or new_out != out[i]:
                    reaching_in[i], out[i] = incoming, new_out
                    changed = True
        return reaching_in


def reaching_definitions(program: Program, function: Function | None = None) -> ReachingDefinitions:
    """Reaching definitions of `function` (default: `main`) of `program`."""
    return ReachingDefinitions(function or program.entry_point, program)


def _optional(expr: Expression | None) -> tuple[Expression, ...]:
    return () if expr is None else (expr,)


def _flatten(scopes: list[dict[str, Variable]]) -> Iterator[tuple[str, Variable]]:
    for scope in scopes:
        yield from scope.items()
