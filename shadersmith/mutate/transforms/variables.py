"""Variable transformations (GraphicsFuzz): vectorisation packs scalar locals into the
components of one vector, struct wrapping puts a local into a field of a new struct.

Every reference to the variable after its declaration becomes the component or field
(`_v0.y`, `_w0.value`), which is an l-value like the variable was, so assignments,
increments and out arguments keep working. A declaration of the same name in a nested
scope shadows it there, and references past that point are left alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from shadersmith.ir.expressions import (
    Assign,
    Construct,
    Expression,
    Literal,
    Member,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Program
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
from shadersmith.ir.types import INT, ScalarType, StructField, StructType, Type, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import transform
from shadersmith.mutate.transforms.common import SiteParams, applied, rng_of, unchanged
from shadersmith.mutate.transforms.names import fresh_name, is_plain_value, zero_of
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
)
from shadersmith.steps.registry import Step, StepResult

VECTORISE = "vectorise"
STRUCT_WRAP = "struct-wrap"

Replacement = Callable[[VariableRef], Expression]


# ---------------------------------------------------------------------------- renaming


def _expr(expr: Expression, name: str, new: Replacement) -> Expression:
    def swap(node: Any) -> Any:
        if isinstance(node, VariableRef) and node.name == name:
            return new(node)
        return node

    return transform(expr, swap)


def replace_in_items(
    items: tuple[Statement, ...], name: str, new: Replacement
) -> tuple[Statement, ...]:
    """`items` with each reference to the variable `name` in scope replaced; stops at a
    declaration of the same name (whose own initialiser still sees the old one)."""
    out: list[Statement] = []
    shadowed = False
    for stmt in items:
        if shadowed:
            out.append(stmt)
            continue
        if isinstance(stmt, VarDecl) and stmt.name == name:
            shadowed = True
            init = None if stmt.init is None else _expr(stmt.init, name, new)
            out.append(dataclasses.replace(stmt, init=init))
            continue
        out.append(_statement(stmt, name, new))
    return tuple(out)


def _statement(stmt: Statement, name: str, new: Replacement) -> Statement:
    def e(expr: Expression | None) -> Expression | None:
        return None if expr is None else _expr(expr, name, new)

    def block(b: Block) -> Block:
        return Block(replace_in_items(b.body, name, new))

    if isinstance(stmt, VarDecl):
        return dataclasses.replace(stmt, init=e(stmt.init))
    if isinstance(stmt, ExprStmt):
        return ExprStmt(_expr(stmt.expr, name, new))
    if isinstance(stmt, Block):
        return block(stmt)
    if isinstance(stmt, If):
        other = None if stmt.otherwise is None else block(stmt.otherwise)
        return If(_expr(stmt.condition, name, new), block(stmt.then), other)
    if isinstance(stmt, Switch):
        cases = tuple(SwitchCase(c.value, replace_in_items(c.body, name, new)) for c in stmt.cases)
        return Switch(_expr(stmt.selector, name, new), cases)
    if isinstance(stmt, For):
        init = stmt.init
        if isinstance(init, VarDecl) and init.name == name:
            # The loop's own variable of that name shadows ours in the whole loop.
            return dataclasses.replace(stmt, init=dataclasses.replace(init, init=e(init.init)))
        new_init = None if init is None else _statement(init, name, new)
        assert new_init is None or isinstance(new_init, VarDecl | ExprStmt)
        return For(new_init, e(stmt.condition), e(stmt.update), block(stmt.body))
    if isinstance(stmt, While):
        return While(_expr(stmt.condition, name, new), block(stmt.body))
    if isinstance(stmt, DoWhile):
        return DoWhile(block(stmt.body), _expr(stmt.condition, name, new))
    if isinstance(stmt, Return) and stmt.value is not None:
        return Return(_expr(stmt.value, name, new))
    return stmt


def _declarations(items: tuple[Statement, ...], plain_scalar: bool) -> list[int]:
    return [
        i
        for i, s in enumerate(items)
        if isinstance(s, VarDecl)
        and not s.const
        and s.init is not None
        and (not plain_scalar or (isinstance(s.type, ScalarType) and is_plain_value(s.type)))
    ]


# ---------------------------------------------------------------------------- vectorise


def vectorise(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """A scalar local `a` (and the next scalar local `b` of its kind declared after it
    in the same list, if any) become the components of one 2-vector: `vec2 _v0 =
    vec2(a_init, 0); ... _v0.y = b_init; ...`."""
    rng = rng_of(params.seed)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(_declarations(items, plain_scalar=True))

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    vector_name = fresh_name(program, "_v")
    merged: list[int] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        declarations = _declarations(items, plain_scalar=True)
        first = declarations[local]
        a = items[first]
        assert isinstance(a, VarDecl) and isinstance(a.type, ScalarType) and a.init is not None
        partner = next(
            (i for i in declarations if i > first and items[i].type == a.type),  # type: ignore[union-attr]
            None,
        )
        vector = VectorType(a.type.kind, 2)
        ref = VariableRef(vector, vector_name)
        component = a.type

        def lane(index: int) -> Replacement:
            return lambda _: Swizzle(component, ref, (index,))

        head = VarDecl(vector_name, vector, Construct(vector, (a.init, zero_of(component))))
        rest = replace_in_items(items[first + 1 :], a.name, lane(0))
        if partner is not None:
            b = rest[partner - first - 1]
            assert isinstance(b, VarDecl) and b.init is not None
            position = partner - first - 1
            assign = ExprStmt(
                Assign(component, AssignOp.ASSIGN, Swizzle(component, ref, (1,)), b.init)
            )
            after = replace_in_items(rest[position + 1 :], b.name, lane(1))
            rest = (*rest[:position], assign, *after)
            merged.append(2)
        else:
            merged.append(1)
        return (*items[:first], head, *rest)

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, variables=merged[0] if merged else 0)


# ---------------------------------------------------------------------------- struct wrap


def struct_wrap(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """A local `T x = init;` becomes `_Wrap0 _w0 = _Wrap0(init, 1);`, a struct of `T value`
    and an unused `int pad`, and `x` becomes `_w0.value`."""
    rng = rng_of(params.seed)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(_declarations(items, plain_scalar=False))

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    struct_name = fresh_name(program, "_Wrap")
    variable = fresh_name(program, "_w")
    made: list[StructType] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        position = _declarations(items, plain_scalar=False)[local]
        decl = items[position]
        assert isinstance(decl, VarDecl) and decl.init is not None
        value_type: Type = decl.type
        struct = StructType(
            struct_name, (StructField("value", value_type), StructField("pad", INT))
        )
        made.append(struct)
        ref = VariableRef(struct, variable)
        head = VarDecl(variable, struct, Construct(struct, (decl.init, Literal(INT, 1))))
        rest = replace_in_items(
            items[position + 1 :], decl.name, lambda _: Member(value_type, ref, "value")
        )
        return (*items[:position], head, *rest)

    changed = rewrite_statement_list(program, accept, chosen, change)
    changed = dataclasses.replace(changed, structs=(*changed.structs, made[0]))
    return applied(changed, values, chosen, sites, struct=struct_name)


VECTORISE_STEP = Step(VECTORISE, SiteParams.from_json, vectorise)
STRUCT_WRAP_STEP = Step(STRUCT_WRAP, SiteParams.from_json, struct_wrap)
