"""Step 2 of FShader's fusion (seed 001, section IV-B, Fig. 6b): inline, then interleave.

Inlining replaces main's `uvec4 _part_k = main_fk();` by the statements of `main_fk`,
and within them the call `fragment_body_fk();` by that function's statements, so main
holds the parts' code itself. It is done only where it keeps the meaning:

- the inlined function returns nowhere but at its end (`fragment_body` with an early
  `return` stays a call: turning that return into a jump would need flags or a loop that
  the program did not have, and the paper does not handle it either);
- the names it declares at its top level are new to main's scope, and neither a global
  nor a function nor a struct: a local that shadowed a global inside `fragment_body`
  would otherwise capture the global's later uses in main.

Interleaving then merges the statements of main that came from the fused program and
those of the new part, in a random order that keeps each side's own order. The units are
top-level statements: a loop moves as a whole, never into or out of its body, which is
how the paper skips loops. Parts share no variable (rename.py), so any such order
computes every part's colour as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from shadersmith.analysis.traversal import iter_statements
from shadersmith.ir.expressions import Call, CallKind
from shadersmith.ir.program import Function
from shadersmith.ir.statements import ExprStmt, Return, Statement, VarDecl
from shadersmith.ir.types import VOID
from shadersmith.mutate.fusion.form import PART_LOCAL, FusedForm, part_body, part_main
from shadersmith.mutate.fusion.rename import referenced_names


def inline_parts(form: FusedForm) -> tuple[FusedForm, list[int]]:
    """`form` with every part call of main that can be inlined, inlined; and the parts
    that were."""
    taken = _global_names(form)
    statements: list[Statement] = []
    inlined: list[int] = []
    for stmt in form.statements:
        part = _called_part(stmt, form)
        if part is None:
            statements.append(stmt)
            continue
        assert isinstance(stmt, VarDecl)
        expanded = _inlined_call(stmt, part, form, taken - {stmt.name})
        if expanded is None:
            statements.append(stmt)
            continue
        statements.extend(expanded)
        inlined.append(part)
        taken.update(_top_level_names(expanded))
    form = replace(form, statements=tuple(statements))
    return _without_unused(form, inlined), inlined


def interleave(
    first: Sequence[Statement], second: Sequence[Statement], rng: random.Random
) -> list[Statement]:
    """A uniformly random merge of two statement lists, each keeping its order."""
    merged: list[Statement] = []
    i = j = 0
    while i < len(first) or j < len(second):
        left, right = len(first) - i, len(second) - j
        if rng.random() * (left + right) < left:
            merged.append(first[i])
            i += 1
        else:
            merged.append(second[j])
            j += 1
    return merged


def _called_part(stmt: Statement, form: FusedForm) -> int | None:
    """k, if `stmt` is `uvec4 _part_k = main_fk();`."""
    if not (isinstance(stmt, VarDecl) and isinstance(stmt.init, Call) and not stmt.init.args):
        return None
    for part in range(1, form.parts + 1):
        if stmt.name == PART_LOCAL.format(part) and stmt.init.callee == part_main(part):
            return part
    return None


def _inlined_call(
    decl: VarDecl, part: int, form: FusedForm, taken: set[str]
) -> list[Statement] | None:
    main = form.function(part_main(part))
    if main is None or main.params:
        return None
    body = main.body.body
    end = body[-1] if body else None
    if not isinstance(end, Return) or end.value is None or _returns(body[:-1]):
        return None
    with_body = []
    for stmt in body[:-1]:
        inner = _inlined_body(stmt, part, form)
        with_body.extend([stmt] if inner is None else inner)
    result = VarDecl(decl.name, decl.type, end.value)
    # The body's statements first, and if they do not fit, main_fk's alone.
    for candidate in ([*with_body, result], [*body[:-1], result]):
        names = _top_level_names(candidate)
        if len(set(names)) == len(names) and not taken.intersection(names):
            return candidate
    return None


def _inlined_body(stmt: Statement, part: int, form: FusedForm) -> list[Statement] | None:
    """The statements of `fragment_body_fk` if `stmt` is its call and it inlines."""
    name = part_body(part)
    if not (
        isinstance(stmt, ExprStmt)
        and isinstance(stmt.expr, Call)
        and stmt.expr.kind is CallKind.USER
        and stmt.expr.callee == name
        and not stmt.expr.args
    ):
        return None
    function = form.function(name)
    if function is None or function.params or function.return_type != VOID:
        return None
    if _returns(function.body.body):
        return None
    return list(function.body.body)


def _returns(statements: Sequence[Statement]) -> bool:
    return any(isinstance(s, Return) for stmt in statements for s in iter_statements(stmt))


def _top_level_names(statements: Sequence[Statement]) -> list[str]:
    return [s.name for s in statements if isinstance(s, VarDecl)]


def _global_names(form: FusedForm) -> set[str]:
    """Names a top-level local of main must not take (see the module docstring)."""
    names = {g.name for g in form.globals} | {f.name for f in form.functions}
    names.update(s.name for s in form.structs)
    for buffer in form.buffers:
        if buffer.instance_name is None:
            names.update(f.name for f in buffer.fields)
        else:
            names.add(buffer.instance_name)
    names.update(_top_level_names(form.statements))
    return names


def _without_unused(form: FusedForm, parts: Sequence[int]) -> FusedForm:
    """Drop the inlined parts' `main_fk` and `fragment_body_fk` where nothing calls them."""
    candidates = {part_main(k) for k in parts} | {part_body(k) for k in parts}
    kept: list[Function] = list(form.functions)
    while True:
        used = referenced_names(form.statements) | referenced_names(f.body for f in kept)
        unused = [f for f in kept if f.name in candidates and f.name not in used]
        if not unused:
            return replace(form, functions=tuple(kept))
        kept = [f for f in kept if f not in unused]
