"""Aliasing out arguments: two `out` / `inout` arguments of one call that may name a
common scalar.

GLSL 4.60 section 6.1.1: "the order in which output parameters are copied back to the
caller is undefined". `umulExtended(a, b, x, x)`, `f(v, v.x)`, `g(s.a, s)` or `h(x[i], x[j])`
therefore have no single right answer, and two correct compilers may disagree on them. The
test of whether two l-values may overlap lives here, once, and serves:

- the generator, which never passes two overlapping l-values to one call;
- the reconditioner (evaluation_order.py), which redirects every `aliased_arguments`
  position of a call to a fresh temporary;
- the interpreter's sanitizer, which checks the places actually written at run time, and
  only for calls this static test cannot clear.

Two l-values overlap when they have the same root variable and no step of their access
paths (paths.py) proves them disjoint: different struct fields, different constant array
indices or matrix columns, or swizzles and constant vector indices with no component in
common. A run-time index is "any element", so `x[i]` and `x[j]` overlap here whatever `i`
and `j` are: which is why the sanitizer decides on the actual places. The test is sound:
l-values it calls disjoint never share a scalar at run time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from shadersmith.analysis.calls import ParameterTable, argument_qualifiers, parameter_table
from shadersmith.analysis.paths import access_chain, paths_overlap
from shadersmith.ir.expressions import Call, Expression
from shadersmith.ir.program import Program
from shadersmith.ir.walk import iter_nodes


def lvalues_overlap(a: Expression, b: Expression) -> bool:
    """Whether the l-values `a` and `b` may name a common scalar."""
    chain_a, chain_b = access_chain(a), access_chain(b)
    if chain_a is None or chain_b is None:
        return False  # not storage (a malformed out argument): nothing is copied back there
    return paths_overlap(chain_a.path, chain_b.path)


def overlaps_any(candidate: Expression, chosen: Sequence[Expression]) -> bool:
    """Whether `candidate` may overlap one of the l-values already `chosen`."""
    return any(lvalues_overlap(candidate, other) for other in chosen)


def aliased_arguments(args: Sequence[Expression], writes_back: Sequence[bool]) -> tuple[int, ...]:
    """Positions of the copied-back arguments that may overlap an earlier copied-back
    argument that is kept; the first of each overlapping group is kept.

    Comparing with the kept arguments only (not with every earlier one) redirects as few
    arguments as possible: in `f(v.x, v.xy, v.y)` only `v.xy` goes, and once the returned
    positions write elsewhere, the remaining copy-backs are pairwise disjoint.
    """
    kept: list[Expression] = []
    aliased: list[int] = []
    for position, (arg, copied_back) in enumerate(zip(args, writes_back, strict=True)):
        if not copied_back:
            continue
        if overlaps_any(arg, kept):
            aliased.append(position)
        else:
            kept.append(arg)
    return tuple(aliased)


def call_aliased_arguments(call: Call, parameters: ParameterTable) -> tuple[int, ...]:
    """`aliased_arguments` of a call, its parameter qualifiers taken from `parameters` (user
    functions) or the built-in registry."""
    qualifiers = argument_qualifiers(call, parameters)
    return aliased_arguments(call.args, [q.writes_back for q in qualifiers])


def aliasing_calls(program: Program) -> Iterator[Call]:
    """Every call of `program` with at least one aliased out argument, in source order."""
    parameters = parameter_table(program.functions)
    for function in program.functions:
        for node in iter_nodes(function.body):
            if isinstance(node, Call) and call_aliased_arguments(node, parameters):
                yield node
