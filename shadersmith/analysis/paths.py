"""Access paths: which part of a variable an expression reads or writes.

GLSL has no pointers and no aliasing, so the storage an l-value names is its root variable
plus a chain of field names, element numbers and vector components. Two accesses can touch
the same scalar only when their paths overlap; a path with a run-time index is compared as
"any element" at that step. This is what lets `a[0] = a[1]++` stay as it is while
`a[i] = a[j]++` is treated as a possible conflict.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.ir.expressions import Expression, Index, Literal, Member, Swizzle, VariableRef
from shadersmith.ir.types import VectorType

# One step of a path: a struct field name, an array element or matrix column number, the
# vector components selected (in order, so that swizzles compose), or None for "any
# element" (a run-time index).
Step = str | int | tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class AccessPath:
    root: str
    steps: tuple[Step, ...] = ()


def paths_overlap(a: AccessPath, b: AccessPath) -> bool:
    """Whether the two paths may name a common scalar (a prefix overlaps its extensions)."""
    if a.root != b.root:
        return False
    for x, y in zip(a.steps, b.steps, strict=False):
        if x is None or y is None or x == y:
            continue
        if isinstance(x, str) and isinstance(y, str):
            return False
        if isinstance(x, int) and isinstance(y, int):
            return False
        if isinstance(x, tuple) and isinstance(y, tuple) and set(x).isdisjoint(y):
            return False
    return True


def any_overlap(xs: frozenset[AccessPath], ys: frozenset[AccessPath]) -> bool:
    if not xs or not ys:
        return False
    roots = {p.root for p in ys}
    return any(x.root in roots and any(paths_overlap(x, y) for y in ys) for x in xs)


@dataclass(frozen=True, slots=True)
class AccessChain:
    """A variable-rooted chain `v.f[i].xy`: its path and its run-time index expressions,
    innermost first (the order `rebuild_chain` takes them back)."""

    path: AccessPath
    indices: tuple[Expression, ...]


def chain_root(expr: Expression) -> tuple[list[Member | Index | Swizzle], Expression]:
    """The fields, indices and swizzles from `expr` down (outermost first), and what they
    start at: a VariableRef for a variable's access chain, else a call, a constructor..."""
    nodes: list[Member | Index | Swizzle] = []
    current = expr
    while isinstance(current, Member | Index | Swizzle):
        nodes.append(current)
        current = current.base
    return nodes, current


def access_chain(expr: Expression) -> AccessChain | None:
    """The chain of `expr` when it is a variable reached through fields, indices and
    swizzles; None when the chain starts at something else (a call, a constructor)."""
    nodes, current = chain_root(expr)
    if not isinstance(current, VariableRef):
        return None
    steps: list[Step] = []
    indices: list[Expression] = []
    for node in reversed(nodes):
        if isinstance(node, Member):
            steps.append(node.field)
        elif isinstance(node, Swizzle):
            steps.append(_compose(steps, node.components))
        else:
            is_vector = isinstance(node.base.type, VectorType)
            index = node.index
            if isinstance(index, Literal) and not isinstance(index.value, bool):
                number = int(index.value)
                steps.append(_compose(steps, (number,)) if is_vector else number)
            else:
                indices.append(index)
                # After a swizzle, a run-time index selects among the swizzled components,
                # which the swizzle's step already names.
                if not (is_vector and steps and isinstance(steps[-1], tuple)):
                    steps.append(None)
    return AccessChain(AccessPath(current.name, tuple(steps)), tuple(indices))


def _compose(steps: list[Step], components: tuple[int, ...]) -> Step:
    """A swizzle or constant component index applied after an earlier swizzle selects
    through it: `v.zyx.x` is `v.z`. The earlier step is replaced."""
    last = steps[-1] if steps else None
    if isinstance(last, tuple):
        previous = last
        steps.pop()
        try:
            return tuple(previous[c] for c in components)
        except IndexError:
            return previous
    return components


def rebuild_chain(expr: Expression, new_indices: tuple[Expression, ...]) -> Expression:
    """`expr` (as decomposed by `access_chain`) with its run-time indices replaced."""
    replacements = list(new_indices)
    return _rebuild(expr, replacements)


def _rebuild(expr: Expression, replacements: list[Expression]) -> Expression:
    if isinstance(expr, Member):
        base = _rebuild(expr.base, replacements)
        return expr if base is expr.base else Member(expr.type, base, expr.field)
    if isinstance(expr, Swizzle):
        base = _rebuild(expr.base, replacements)
        if base is expr.base:
            return expr
        return Swizzle(expr.type, base, expr.components, expr.names)
    if isinstance(expr, Index):
        base = _rebuild(expr.base, replacements)
        index = expr.index
        if not (isinstance(index, Literal) and not isinstance(index.value, bool)):
            index = replacements.pop(0)
        if base is expr.base and index is expr.index:
            return expr
        return Index(expr.type, base, index)
    return expr
