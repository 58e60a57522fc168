"""A generic walker and transformer over every IR node.

Children are found from the dataclass fields of each node: a field holding a node, or a
tuple of nodes, is a child. Types are values, not nodes, and are never walked. Adding a
node class therefore needs no change here beyond listing it in `NODE_CLASSES`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from shadersmith.ir.expressions import EXPRESSION_CLASSES
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
    Switch,
    SwitchCase,
    VarDecl,
    While,
)

STATEMENT_CLASSES: tuple[type, ...] = (
    VarDecl,
    ExprStmt,
    Block,
    If,
    Switch,
    For,
    While,
    DoWhile,
    Break,
    Continue,
    Return,
    Discard,
)
NODE_CLASSES: tuple[type, ...] = (
    *EXPRESSION_CLASSES,
    *STATEMENT_CLASSES,
    SwitchCase,
    Function,
    Program,
)

N = TypeVar("N")

_field_names_cache: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _field_names_cache.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        _field_names_cache[cls] = names
    return names


def _is_node(value: object) -> bool:
    return isinstance(value, NODE_CLASSES)


def children(node: object) -> Iterator[Any]:
    """The direct child nodes of `node`, in source order."""
    for name in _field_names(type(node)):
        value = getattr(node, name)
        if _is_node(value):
            yield value
        elif isinstance(value, tuple):
            for item in value:
                if _is_node(item):
                    yield item


def iter_nodes(node: object) -> Iterator[Any]:
    """Every node under `node`, itself included, in pre-order (source order)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(list(children(current))))


def map_children(node: N, fn: Callable[[Any], Any]) -> N:
    """A copy of `node` with `fn` applied to each direct child; `node` itself when no
    child changed, so unchanged subtrees stay shared."""
    changes: dict[str, Any] = {}
    for name in _field_names(type(node)):
        value = getattr(node, name)
        if _is_node(value):
            new = fn(value)
            if new is not value:
                changes[name] = new
        elif isinstance(value, tuple) and value and any(_is_node(v) for v in value):
            new_items = tuple(fn(v) if _is_node(v) else v for v in value)
            if any(a is not b for a, b in zip(new_items, value, strict=True)):
                changes[name] = new_items
    if not changes:
        return node
    return dataclasses.replace(node, **changes)  # type: ignore[type-var]


def transform(node: N, fn: Callable[[Any], Any]) -> N:
    """Rebuild `node` bottom-up: children first, then `fn` on the rebuilt node.

    `fn` returns the node unchanged or a replacement; it sees every node exactly once.
    """

    def visit(current: Any) -> Any:
        return fn(map_children(current, visit))

    result: N = visit(node)
    return result


class Visitor:
    """Double dispatch on the node class: define `visit_Binary(self, node)` and so on.

    Unhandled classes fall to `generic_visit`, which visits the children.
    """

    def visit(self, node: Any) -> Any:
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            return self.generic_visit(node)
        return method(node)

    def generic_visit(self, node: Any) -> Any:
        for child in children(node):
            self.visit(child)
        return None
