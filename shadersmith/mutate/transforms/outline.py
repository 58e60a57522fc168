"""Function outlining (GraphicsFuzz): an expression becomes a call of a new function that
computes it, its local variables passed in by value.

Only expressions without side effects on locals are outlined (no assignment, increment or
out argument): a callee's copy of a local could not write it back. Globals, buffers and
calls of user functions stay as they are inside the new function, which is placed just
before the function it came from, after everything the expression calls.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from shadersmith.analysis.calls import parameter_table, written_back_arguments
from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Expression,
    IncDec,
    Literal,
    VariableRef,
)
from shadersmith.ir.program import Function, Parameter, Program
from shadersmith.ir.statements import Block, Return, VarDecl
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes, transform
from shadersmith.mutate.transforms.common import SiteParams, applied, rng_of, unchanged
from shadersmith.mutate.transforms.names import fresh_name, is_plain_value
from shadersmith.mutate.transforms.sites import (
    ExprContext,
    expression_sites,
    rewrite_expression,
)
from shadersmith.steps.registry import Step, StepResult

OUTLINE = "outline"


def global_names(program: Program) -> set[str]:
    names = {g.name for g in program.globals} | {o.name for o in program.outputs}
    names |= {v.name for v in program.shared}
    for buffer in program.buffers:
        if buffer.instance_name:
            names.add(buffer.instance_name)
        else:
            names.update(f.name for f in buffer.fields)
    return names


def local_names(function: Function) -> set[str]:
    names = {p.name for p in function.params}
    names.update(n.name for n in iter_nodes(function.body) if isinstance(n, VarDecl))
    return names


class _Outliner:
    def __init__(self, program: Program) -> None:
        self.globals = global_names(program)
        self.functions = {f.name: f for f in program.functions}
        self.parameters = parameter_table(program.functions)
        self.locals: dict[str, set[str]] = {f.name: local_names(f) for f in program.functions}

    def accept(self, expr: Expression, context: ExprContext) -> bool:
        if not is_plain_value(expr.type) or isinstance(expr, Literal | VariableRef):
            return False
        local = self.locals[context.function.name]
        for node in iter_nodes(expr):
            if isinstance(node, Assign | IncDec):
                return False
            if isinstance(node, Call) and written_back_arguments(node, self.parameters):
                return False
            if (
                isinstance(node, Call)
                and node.kind is CallKind.USER
                and node.callee not in self.functions
            ):
                return False
            if isinstance(node, VariableRef) and node.name in local and node.name in self.globals:
                return False  # a local shadowing a global: which one is meant depends on the spot
        return True

    def free_locals(self, expr: Expression, context: ExprContext) -> list[VariableRef]:
        local = self.locals[context.function.name]
        seen: dict[str, VariableRef] = {}
        for node in iter_nodes(expr):
            if isinstance(node, VariableRef) and node.name in local and node.name not in seen:
                seen[node.name] = node
        return list(seen.values())


def outline(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    rng = rng_of(params.seed)
    outliner = _Outliner(program)
    sites = expression_sites(program, outliner.accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    name = fresh_name(program, "_outlined")
    made: list[tuple[Function, str]] = []

    def change(expr: Expression, context: ExprContext) -> Expression:
        free = outliner.free_locals(expr, context)
        renames = {ref.name: f"_p{i}" for i, ref in enumerate(free)}

        def rename(node: Any) -> Any:
            if isinstance(node, VariableRef) and node.name in renames:
                return VariableRef(node.type, renames[node.name])
            return node

        body = transform(expr, rename)
        function = Function(
            name,
            expr.type,
            tuple(Parameter(renames[ref.name], ref.type) for ref in free),
            Block((Return(body),)),
        )
        made.append((function, context.function.name))
        return Call(expr.type, name, tuple(free), CallKind.USER)

    changed = rewrite_expression(program, outliner.accept, chosen, change)
    function, before = made[0]
    position = next(i for i, f in enumerate(changed.functions) if f.name == before)
    functions = (*changed.functions[:position], function, *changed.functions[position:])
    changed = dataclasses.replace(changed, functions=functions)
    return applied(changed, values, chosen, sites, function=name, parameters=len(function.params))


OUTLINE_STEP = Step(OUTLINE, SiteParams.from_json, outline)
