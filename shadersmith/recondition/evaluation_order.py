"""Pass: remove the side effects whose order GLSL leaves undefined (seed 003 section 4.2,
seed 004 section 4.3.6).

GLSL does not order the operands of most operators (all but `&&`, `||`, `?:` and `,`), the
arguments of calls and constructors (taken as unordered here, conservatively), the base
and the index of an indexing, or the two sides of an assignment, and it does not order the
copy-back of `out` / `inout` arguments. Two such unordered operands that touch the same
location, one of them writing it, make the program undefined.

For each node with unordered operands, bottom-up, the operands are examined left to right
against what the node itself does (the read of `a[i]`, the store of an assignment, the
read of an `inout` argument): an operand that conflicts with what is kept so far is moved
into a temporary and evaluated first, with the comma operator:

    a[i] = i++;          ->   (_ss_t0 = i++, a[i] = _ss_t0);
    f(x++, x)            ->   (_ss_t0 = x, f(x++, _ss_t0))

The temporary is evaluated at the very place the operand was, so an operand in the right
of `&&` or `||`, in a branch of `?:`, or in a loop condition or update stays exactly as
conditional and as repeated as it was; only its order relative to its unordered siblings
is fixed (any order was allowed). Every side effect is kept, with one exception: when two
`out` / `inout` arguments may be copied back to overlapping locations (`f(x, x)`,
`f(v, v.x)`, `f(x[i], x[j])`; the test is analysis/aliasing.py's), every argument but the
first of each overlapping group is given a temporary instead, and its copy-back is dropped:

    umulExtended(a, b, x, x)   ->   (_ss_t0 = x, umulExtended(a, b, x, _ss_t0))

The temporary is assigned the l-value's value, so an `inout` parameter receives what it
would have, and the l-value's indices are still evaluated. Why this rewrite: it needs
nothing of the callee (built-ins included), adds no statement after the call (which an
expression context could not hold), and gives one defined result. Where the later l-value
lies within the first (`f(x, x)`, `f(v, v.x)`) that result is one GLSL allows, the first
argument's copy-back landing last; with a partial overlap (`f(v.xy, v.yz)`) the later
argument's own part keeps its old value, which no order gives but which is defined, and
a defined program is all the reconditioner promises.

When the whole expression of a statement (`x = ...;`, a declaration's initialiser, an
`if` or `switch` head, a `return`) is such a sequence, its temporaries become declarations
before the statement instead: `int _ss_t0 = i++; a[i] = _ss_t0;`. Other temporaries are
declared (with the default value) just before the statement that uses them.

Conflicts are found with the access paths of analysis/paths.py (so `a[0]` and `a[1]` do not
conflict) and the function summaries of analysis/calls.py (a call counts as reading and
writing every global its callee may read or write).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from shadersmith.analysis.aliasing import aliased_arguments
from shadersmith.analysis.calls import (
    ParameterTable,
    argument_qualifiers,
    parameter_table,
    summarise_functions,
)
from shadersmith.analysis.effects import NO_EFFECTS, Effects, EffectsAnalysis, conflict
from shadersmith.analysis.paths import access_chain, rebuild_chain
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
    IncDec,
    Index,
    Member,
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, ParamQualifier, Program
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
from shadersmith.ir.types import Type
from shadersmith.recondition.build import assign
from shadersmith.recondition.defaults import default_expression

TEMP_PREFIX = "_ss_t"


class _FunctionOrder:
    """Resolves the conflicts of one function's statements."""

    def __init__(self, analysis: EffectsAnalysis, parameters: ParameterTable) -> None:
        self.analysis = analysis
        self.parameters = parameters
        self.count = 0
        # Temporaries still to declare before the current statement.
        self.pending: dict[str, Type] = {}
        # Sequences made here (by id, kept alive): their prefixes may become statements.
        self.made: dict[int, Sequence] = {}

    # ------------------------------------------------------------------ expressions

    def fresh(self, type_: Type) -> VariableRef:
        name = f"{TEMP_PREFIX}{self.count}"
        self.count += 1
        self.pending[name] = type_
        return VariableRef(type_, name)

    def settle(
        self,
        operands: list[Expression],
        fixed: Effects,
        rebuild: Callable[[list[Expression]], Expression],
        first: list[Expression] | None = None,
    ) -> Expression:
        """Keep the operands that do not conflict with `fixed` and the operands kept
        before them; evaluate the others first, into temporaries."""
        prefix = list(first or ())
        kept = fixed
        settled = list(operands)
        for position, operand in enumerate(operands):
            effects = self.analysis.of(operand)
            if conflict(kept, effects):
                temp = self.fresh(operand.type)
                prefix.append(assign(temp, operand))
                settled[position] = temp
            else:
                kept = kept | effects
        node = rebuild(settled)
        if not prefix:
            return node
        sequence = Sequence(node.type, (*prefix, node))
        self.made[id(sequence)] = sequence
        return sequence

    def resolve(self, expr: Expression) -> Expression:
        if not self.analysis.of(expr).writes_anything:
            return expr  # nothing under it writes: nothing can conflict
        if isinstance(expr, Binary):
            left, right = self.resolve(expr.left), self.resolve(expr.right)
            if expr.op.is_short_circuit:
                return Binary(expr.type, expr.op, left, right)
            return self.settle(
                [left, right], NO_EFFECTS, lambda ops: Binary(expr.type, expr.op, ops[0], ops[1])
            )
        if isinstance(expr, Unary):
            return Unary(expr.type, expr.op, self.resolve(expr.operand))
        if isinstance(expr, Ternary):
            parts = [self.resolve(e) for e in (expr.condition, expr.if_true, expr.if_false)]
            return Ternary(expr.type, parts[0], parts[1], parts[2])
        if isinstance(expr, Sequence):
            return Sequence(expr.type, tuple(self.resolve(e) for e in expr.items))
        if isinstance(expr, Construct):
            args = [self.resolve(a) for a in expr.args]
            return self.settle(args, NO_EFFECTS, lambda ops: Construct(expr.type, tuple(ops)))
        if isinstance(expr, Index | Member | Swizzle):
            return self._access(expr)
        if isinstance(expr, IncDec):
            return self._store(
                expr.target, [], read=True, rebuild=lambda t, _: IncDec(expr.type, expr.op, t)
            )
        if isinstance(expr, Assign):
            value = self.resolve(expr.value)
            return self._store(
                expr.target,
                [value],
                read=expr.op is not AssignOp.ASSIGN,
                rebuild=lambda t, rest: Assign(expr.type, expr.op, t, rest[0]),
            )
        if isinstance(expr, Call):
            return self._call(expr)
        return expr

    def _access(self, expr: Index | Member | Swizzle) -> Expression:
        """An r-value access: the run-time indices are unordered with each other and with
        the read of the element they select (`a[a[0]++]` reads what it writes)."""
        chain = access_chain(expr)
        if chain is not None:
            indices = [self.resolve(i) for i in chain.indices]
            fixed = Effects(reads=frozenset({chain.path}))
            return self.settle(indices, fixed, lambda ops: rebuild_chain(expr, tuple(ops)))
        if isinstance(expr, Index):
            base, index = self.resolve(expr.base), self.resolve(expr.index)
            return self.settle(
                [base, index], NO_EFFECTS, lambda ops: Index(expr.type, ops[0], ops[1])
            )
        base = self.resolve(expr.base)
        return dataclasses.replace(expr, base=base)

    def _store(
        self,
        target: Expression,
        others: list[Expression],
        *,
        read: bool,
        rebuild: Callable[[Expression, list[Expression]], Expression],
    ) -> Expression:
        """An assignment or ++/--: the target's indices and the other operands are
        unordered; the store comes after their values but not after their side effects."""
        chain = access_chain(target)
        if chain is None:
            return rebuild(target, others)
        indices = [self.resolve(i) for i in chain.indices]
        paths = frozenset({chain.path})
        fixed = Effects(reads=paths if read else frozenset(), late_writes=paths)
        count = len(indices)
        return self.settle(
            [*indices, *others],
            fixed,
            lambda ops: rebuild(rebuild_chain(target, tuple(ops[:count])), ops[count:]),
        )

    def _call(self, call: Call) -> Expression:
        qualifiers = argument_qualifiers(call, self.parameters)
        first: list[Expression] = []
        operands: list[Expression] = []
        # Where each argument's operands sit in `operands`: (start, stop, chain or None).
        slots: list[tuple[int, int, Expression | None]] = []
        fixed = NO_EFFECTS
        aliased = aliased_arguments(call.args, [q.writes_back for q in qualifiers])
        for position, (arg, qualifier) in enumerate(zip(call.args, qualifiers, strict=True)):
            chain = access_chain(arg) if qualifier.writes_back else None
            start = len(operands)
            if chain is None:
                operands.append(self.resolve(arg))
                slots.append((start, start + 1, None))
                continue
            if position in aliased:
                # Copied back over an earlier argument: this one writes a temporary, which
                # starts with the l-value's value (what an `inout` parameter receives).
                temp = self.fresh(arg.type)
                first.append(assign(temp, self.resolve(arg)))
                slots.append((start, start, temp))
                continue
            if qualifier is ParamQualifier.INOUT:
                fixed = fixed | Effects(reads=frozenset({chain.path}))
            operands.extend(self.resolve(i) for i in chain.indices)
            slots.append((start, len(operands), arg))

        def rebuild(ops: list[Expression]) -> Expression:
            args: list[Expression] = []
            for start, stop, lvalue in slots:
                if lvalue is None:
                    args.append(ops[start])
                else:  # an l-value, or the temporary standing for a dropped copy-back
                    args.append(rebuild_chain(lvalue, tuple(ops[start:stop])))
            return Call(call.type, call.callee, tuple(args), call.kind)

        return self.settle(operands, fixed, rebuild, first)

    # ------------------------------------------------------------------ statements

    def _for(self, stmt: For) -> list[Statement]:
        """The initialiser runs once: its temporaries go before the loop. The condition
        and the update run every iteration: their temporaries are assigned in place."""
        head: list[Statement] = []
        init = stmt.init
        if init is not None:
            *head, last = self.statement(init)
            assert isinstance(last, VarDecl | ExprStmt)
            init = last
        condition = None if stmt.condition is None else self.resolve(stmt.condition)
        update = None if stmt.update is None else self.resolve(stmt.update)
        head += self._declarations()
        body = self.block(stmt.body)
        loop = dataclasses.replace(stmt, init=init, condition=condition, update=update, body=body)
        return [*head, loop]

    def _declarations(self) -> list[Statement]:
        decls: list[Statement] = [
            VarDecl(name, type_, default_expression(type_)) for name, type_ in self.pending.items()
        ]
        self.pending.clear()
        return decls

    def _split(self, expr: Expression) -> tuple[list[Statement], Expression]:
        """A sequence made here at the root of a statement becomes declarations."""
        made = self.made.get(id(expr))
        if made is None:
            return [], expr
        prefix: list[Statement] = []
        for item in made.items[:-1]:
            assert isinstance(item, Assign) and isinstance(item.target, VariableRef)
            name = item.target.name
            prefix.append(VarDecl(name, item.type, item.value))
            self.pending.pop(name, None)
        return prefix, made.items[-1]

    def _head(self, expr: Expression) -> tuple[list[Statement], Expression]:
        prefix, root = self._split(self.resolve(expr))
        return [*self._declarations(), *prefix], root

    def statements(self, body: tuple[Statement, ...]) -> tuple[Statement, ...]:
        result: list[Statement] = []
        for stmt in body:
            result.extend(self.statement(stmt))
        return tuple(result)

    def block(self, block: Block) -> Block:
        return Block(self.statements(block.body))

    def statement(self, stmt: Statement) -> list[Statement]:
        if isinstance(stmt, VarDecl):
            if stmt.init is None:
                return [stmt]
            before, init = self._head(stmt.init)
            return [*before, dataclasses.replace(stmt, init=init)]
        if isinstance(stmt, ExprStmt):
            before, expr = self._head(stmt.expr)
            return [*before, ExprStmt(expr)]
        if isinstance(stmt, Return):
            if stmt.value is None:
                return [stmt]
            before, value = self._head(stmt.value)
            return [*before, Return(value)]
        if isinstance(stmt, If):
            before, condition = self._head(stmt.condition)
            otherwise = None if stmt.otherwise is None else self.block(stmt.otherwise)
            then = self.block(stmt.then)
            return [
                *before,
                dataclasses.replace(stmt, condition=condition, then=then, otherwise=otherwise),
            ]
        if isinstance(stmt, Switch):
            before, selector = self._head(stmt.selector)
            cases = tuple(SwitchCase(c.value, self.statements(c.body)) for c in stmt.cases)
            return [*before, dataclasses.replace(stmt, selector=selector, cases=cases)]
        if isinstance(stmt, For):
            return self._for(stmt)
        if isinstance(stmt, While):
            condition = self.resolve(stmt.condition)
            declared = self._declarations()  # the condition's, before the body makes more
            loop = dataclasses.replace(stmt, condition=condition, body=self.block(stmt.body))
            return [*declared, loop]
        if isinstance(stmt, DoWhile):
            condition = self.resolve(stmt.condition)
            declared = self._declarations()  # the condition's, before the body makes more
            do_loop = dataclasses.replace(stmt, body=self.block(stmt.body), condition=condition)
            return [*declared, do_loop]
        if isinstance(stmt, Block):
            return [self.block(stmt)]
        return [stmt]


def order_evaluation(program: Program) -> Program:
    parameters = parameter_table(program.functions)
    analysis = EffectsAnalysis(summarise_functions(program), parameters)

    def fix(function: Function) -> Function:
        order = _FunctionOrder(analysis, parameters)
        body = order.block(function.body)
        return dataclasses.replace(function, body=body)

    return dataclasses.replace(program, functions=tuple(fix(f) for f in program.functions))
