"""Live code that touches the recipient's state (GraphicsFuzz's live code injection:
"executed while making sure to save and restore all variables affected by it",
`{t = x; x = foo(x); x = t;}`).

Some of the donor entry's own top-level locals are bound to recipient variables of the
same type that are in scope where the donor runs (locals, parameters, globals):

- *written*: the donor's `T d = init;` becomes `r = init;` and the donor then uses `r`
  where it used `d`: it computes exactly what it computed alone, in the recipient's
  storage;
- *read*: the declaration goes (its initialiser has no side effect) and the donor starts
  from the recipient's value of `r`: it computes on the recipient's state. Reconditioned
  code is free of undefined behaviour whatever its variables hold (wrappers guard every
  operation on run-time values, loops are limited, floats stay in S because every value
  of a reconditioned recipient is in S), which the tests check on the interpreter.

The binding is one to one (two donor locals never share a recipient variable, so no
expression of the donor gains an unsequenced pair of accesses), and the whole is
`{ T _save0 = r; ...; <donor>; r = _save0; }`: whatever the donor leaves in `r` is
undone before the recipient reads it again. The reconditioner's own variables (`_ss_*`)
are never bound, on either side.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Expression,
    IncDec,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, Parameter, ParamQualifier, Program
from shadersmith.ir.statements import Block, ExprStmt, Statement, VarDecl
from shadersmith.ir.types import ScalarType, Type, VectorType
from shadersmith.ir.walk import iter_nodes
from shadersmith.mutate.transforms.names import fresh_name
from shadersmith.mutate.transforms.variables import replace_in_items

_RECONDITIONER = "_ss_"


@dataclass(frozen=True)
class Binding:
    donor: str  # the donor's local
    recipient: str  # the recipient's variable
    type: Type
    reads: bool  # the donor starts from the recipient's value


def _bindable(decl: VarDecl) -> bool:
    type_ = decl.type
    return (
        not decl.const
        and _RECONDITIONER not in decl.name
        and isinstance(type_, ScalarType | VectorType)
        and type_.bits == 32
    )


def _pure(decl: VarDecl) -> bool:
    if decl.init is None:
        return False
    for node in iter_nodes(decl.init):
        if isinstance(node, Assign | IncDec):
            return False
        if isinstance(node, Call) and node.kind is CallKind.USER:
            return False
    return True


def recipient_variables(program: Program, visible: dict[str, VarDecl]) -> list[VarDecl]:
    """The recipient's variables a donor may be bound to at a point: the locals and
    parameters in scope there, and the globals they do not shadow."""
    found = {name: decl for name, decl in visible.items() if _bindable(decl)}
    for decl in program.globals:
        if decl.name not in visible and _bindable(decl):
            found[decl.name] = decl
    return list(found.values())


def choose_bindings(
    entry: Function, candidates: Sequence[VarDecl], rng: random.Random
) -> list[Binding]:
    """Each of the donor entry's top-level locals bound, three times in four, to a
    recipient variable of its type not bound yet; each read or written, one time in two."""
    free = list(candidates)
    bindings: list[Binding] = []
    for stmt in entry.body.body:
        if not isinstance(stmt, VarDecl) or not _bindable(stmt):
            continue
        same = [c for c in free if c.type == stmt.type]
        if not same or rng.random() < 0.25:
            continue
        chosen = same[rng.randrange(len(same))]
        free.remove(chosen)
        reads = rng.random() < 0.5 and _pure(stmt)
        bindings.append(Binding(stmt.name, chosen.name, stmt.type, reads))
    return bindings


def bound_body(body: Block, bindings: Sequence[Binding], names: dict[str, str]) -> Block:
    """The donor entry's body with each bound local replaced by `names[local]`: its
    declaration becomes an assignment (written) or goes (read)."""
    items = body.body
    for binding in bindings:
        position = next(
            i for i, s in enumerate(items) if isinstance(s, VarDecl) and s.name == binding.donor
        )
        decl = items[position]
        assert isinstance(decl, VarDecl) and decl.init is not None
        target = VariableRef(binding.type, names[binding.donor])
        replacement: tuple[Statement, ...] = ()
        if not binding.reads:
            replacement = (ExprStmt(Assign(binding.type, AssignOp.ASSIGN, target, decl.init)),)
        rest = replace_in_items(items[position + 1 :], binding.donor, _always(target))
        items = (*items[:position], *replacement, *rest)
    return Block(items)


def _always(target: VariableRef) -> Callable[[VariableRef], Expression]:
    return lambda _: target


def bound_entry(entry: Function, bindings: Sequence[Binding]) -> Function:
    """The donor entry as a function of its bound locals (`inout` parameters), for a
    donor that is called rather than inlined (its `return`s must stay its own)."""
    names = {b.donor: b.donor for b in bindings}
    params = tuple(Parameter(b.donor, b.type, ParamQualifier.INOUT) for b in bindings)
    return dataclasses.replace(
        entry, params=(*entry.params, *params), body=bound_body(entry.body, bindings, names)
    )


def saved_and_restored(program: Program, bindings: Sequence[Binding], live: Statement) -> Statement:
    """`{ T _save0 = r; ...; live; r = _save0; ... }`."""
    saves: list[Statement] = []
    restores: list[Statement] = []
    taken: set[str] = set()
    for binding in bindings:
        saved = fresh_name(program, "_save", taken)
        taken.add(saved)
        recipient = VariableRef(binding.type, binding.recipient)
        saves.append(VarDecl(saved, binding.type, recipient))
        value = VariableRef(binding.type, saved)
        restores.append(ExprStmt(Assign(binding.type, AssignOp.ASSIGN, recipient, value)))
    return Block((*saves, live, *restores))
