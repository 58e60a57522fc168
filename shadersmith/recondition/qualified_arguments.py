"""Pass: no memory-qualified variable passed to a user function's parameter that lacks
its qualifiers (analysis/call_rules.py, DROPPED_MEMORY_QUALIFIER: NVIDIA's GL compiler
and Mali's refuse it). Such an argument is passed as a copy, which has no qualifiers:

    f(b.x)           ->  f(float(b.x))                        (in: scalar, vector, matrix)
    f(b.s)           ->  f((_ss_copy0 = b.s, _ss_copy0))      (in: struct, array)
    g(b.a[i++], y)   ->  (_ss_copy0 = i++, _ss_copy1 = b.a[_ss_copy0],
                          _ss_copy2 = g(_ss_copy1, y), b.a[_ss_copy0] = _ss_copy1, _ss_copy2)
                                                              (inout; out has no copy-in)

The parameter cannot take the words instead: Mesa refuses memory qualifiers on a
parameter that is not an image. A constructor of the argument's own type is the lightest
copy, but GLSL has none for structs and arrays (`S(s)` is not a struct constructor), so
those go through a temporary. A written-back argument is copied in (for `inout`), the call
made on the temporary, and the temporary copied back to the same l-value: its run-time
indices are evaluated once, into temporaries, before the call, as GLSL evaluates an `out`
argument's l-value at call time. Moving them and the copy-in ahead of the call's other
arguments changes nothing: the evaluation-order pass has left no two operands of a call
in conflict, so they may be evaluated in any order. Every temporary is declared, with a
default value, at the top of its function: it is always assigned just before it is read,
in the same expression, so a loop condition or the right of `&&` stays as it was.

Built-ins keep their arguments (section 4.10 exempts them), and so do WGSL programs,
which have no memory qualifiers; the pass runs last, on wrapper calls too, since a
reconditioned compound assignment `b.x += y` is `SAFE_FADD_ASSIGN_float_float(b.x, y)`.
Names are not resolved with scopes: a local that shadows a qualified buffer field is
copied too, which costs a copy and changes nothing.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.call_rules import (
    UNDROPPABLE,
    GlobalStorage,
    Storage,
    argument_storage,
    global_storage,
    parameter_words,
)
from shadersmith.analysis.calls import ParameterTable, argument_qualifiers, parameter_table
from shadersmith.analysis.paths import access_chain, rebuild_chain
from shadersmith.analysis.traversal import map_function, rewrite_expression
from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Construct,
    Expression,
    Sequence,
    VariableRef,
)
from shadersmith.ir.program import Function, ParamQualifier, Program
from shadersmith.ir.statements import Block, ExprStmt, Statement, VarDecl
from shadersmith.ir.types import ArrayType, OpaqueType, StructType, Type, VoidType
from shadersmith.recondition.build import assign
from shadersmith.recondition.defaults import default_expression

COPY_PREFIX = "_ss_copy"


class _Copies:
    """The copies of one program; temporaries are numbered across the program."""

    def __init__(self, program: Program) -> None:
        self.table: GlobalStorage = global_storage(program)
        self.parameters: ParameterTable = parameter_table(program.functions)
        self.words = parameter_words(program)
        self.count = 0
        # The temporaries of the function being rewritten, in order.
        self.temporaries: list[VarDecl] = []
        # The sequences made for written-back arguments (by id, kept alive): at the root
        # of an expression statement they become statements of their own.
        self.made: dict[int, tuple[Sequence, Call, VariableRef | None]] = {}

    def any_qualified(self) -> bool:
        entries = (e for entry in self.table.values() for e in _flat(entry))
        return any(e.memory & UNDROPPABLE for e in entries)

    def fresh(self, type_: Type) -> VariableRef:
        name = f"{COPY_PREFIX}{self.count}"
        self.count += 1
        self.temporaries.append(VarDecl(name, type_, default_expression(type_)))
        return VariableRef(type_, name)

    def dropped(self, call: Call, position: int, arg: Expression) -> bool:
        storage = argument_storage(arg, self.table.get)
        if storage is None:
            return False
        params = self.words.get(call.callee, ())
        held = params[position] if position < len(params) else frozenset()
        return bool((storage.memory & UNDROPPABLE) - held)

    def rewrite(self, expr: Expression) -> Expression:
        if not isinstance(expr, Call) or expr.kind is not CallKind.USER:
            return expr
        qualifiers = argument_qualifiers(expr, self.parameters)
        before: list[Expression] = []
        after: list[Expression] = []
        args = list(expr.args)
        changed = False
        for position, (arg, qualifier) in enumerate(zip(expr.args, qualifiers, strict=True)):
            if isinstance(arg.type, OpaqueType) or not self.dropped(expr, position, arg):
                continue  # an image cannot be copied: call_violations reports it
            changed = True
            if qualifier is ParamQualifier.IN:
                args[position] = self.copy_in(arg)
                continue
            chain = access_chain(arg)
            assert chain is not None  # dropped() found its storage: a variable's chain
            indices: list[Expression] = []
            for index in chain.indices:
                temporary = self.fresh(index.type)
                before.append(assign(temporary, index))
                indices.append(temporary)
            target = rebuild_chain(arg, tuple(indices))
            copy = self.fresh(arg.type)
            if qualifier is ParamQualifier.INOUT:
                before.append(assign(copy, target))
            after.append(assign(target, copy))
            args[position] = copy
        if not changed:
            return expr
        call = Call(expr.type, expr.callee, tuple(args), expr.kind)
        if not after:
            return call
        if isinstance(call.type, VoidType):
            # `(..., f(_ss_copy0), b.x = _ss_copy0)`: a void call stands only where its
            # value is unused (a statement, a for update, the left of a comma).
            items = (*before, call, *after)
            sequence = Sequence(items[-1].type, items)
            self.made[id(sequence)] = (sequence, call, None)
            return sequence
        result = self.fresh(call.type)
        sequence = Sequence(call.type, (*before, assign(result, call), *after, result))
        self.made[id(sequence)] = (sequence, call, result)
        return sequence

    def split(self, stmt: Statement) -> list[Statement]:
        """An expression statement that is one of the sequences above, as statements:
        the call's value is unused there, so it needs no temporary."""
        if not isinstance(stmt, ExprStmt) or id(stmt.expr) not in self.made:
            return [stmt]
        sequence, call, result = self.made[id(stmt.expr)]
        items: list[Expression] = []
        for item in sequence.items:
            if result is not None and item == result:
                continue
            if result is not None and isinstance(item, Assign) and item.target == result:
                item = call
            items.append(item)
        if result is not None:
            self.temporaries = [t for t in self.temporaries if t.name != result.name]
        return [ExprStmt(item) for item in items]

    def copy_in(self, arg: Expression) -> Expression:
        if isinstance(arg.type, StructType | ArrayType):
            copy = self.fresh(arg.type)
            return Sequence(arg.type, (assign(copy, arg), copy))
        return Construct(arg.type, (arg,))

    def function(self, function: Function) -> Function:
        self.temporaries = []
        self.made = {}
        rewritten = map_function(
            function, lambda e: rewrite_expression(e, self.rewrite), self.split
        )
        if not self.temporaries:
            return rewritten
        body = Block((*self.temporaries, *rewritten.body.body))
        return dataclasses.replace(rewritten, body=body)


def _flat(entry: Storage | dict[str, Storage]) -> tuple[Storage, ...]:
    return (entry,) if isinstance(entry, Storage) else tuple(entry.values())


def copy_qualified_arguments(program: Program) -> Program:
    """`program` with every argument that would drop a memory qualifier passed as a copy."""
    copies = _Copies(program)
    if not copies.any_qualified():
        return program
    functions = tuple(copies.function(f) for f in program.functions)
    return dataclasses.replace(program, functions=functions)
