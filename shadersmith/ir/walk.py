"""A generic walker and transformer over every IR node.

Children are the fields that hold nodes, listed per class in `_CHILD_FIELDS`. Types are
values, not nodes, and are never walked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from shadersmith.ir.expressions import (
    EXPRESSION_CLASSES,
    ArrayLength,
    Assign,
    Binary,
    Call,
    Construct,
    IncDec,
    Index,
    Literal,
    Member,
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
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

# Per node class: (fields holding one node or None, fields holding a tuple of nodes), in
# source order. Listed once, here, because every pass, the interpreter and the
# reconditioner walk every node of every program: reflecting over dataclass fields per
# node would cost most of their time. A new node class is added to this table.
_CHILD_FIELDS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {
    Literal: ((), ()),
    VariableRef: ((), ()),
    Unary: (("operand",), ()),
    IncDec: (("target",), ()),
    Binary: (("left", "right"), ()),
    Assign: (("target", "value"), ()),
    Ternary: (("condition", "if_true", "if_false"), ()),
    Construct: ((), ("args",)),
    Swizzle: (("base",), ()),
    Index: (("base", "index"), ()),
    Member: (("base",), ()),
    Call: ((), ("args",)),
    Sequence: ((), ("items",)),
    ArrayLength: (("base",), ()),
    VarDecl: (("init",), ()),
    ExprStmt: (("expr",), ()),
    Block: ((), ("body",)),
    If: (("condition", "then", "otherwise"), ()),
    Switch: (("selector",), ("cases",)),
    SwitchCase: ((), ("body",)),
    For: (("init", "condition", "update", "body"), ()),
    While: (("condition", "body"), ()),
    DoWhile: (("body", "condition"), ()),
    Break: ((), ()),
    Continue: ((), ()),
    Return: (("value",), ()),
    Discard: ((), ()),
    Function: (("body",), ()),
    Program: ((), ("globals", "functions")),
}
assert set(EXPRESSION_CLASSES) | set(STATEMENT_CLASSES) <= set(_CHILD_FIELDS)

N = TypeVar("N")

# _CHILD_FIELDS with each tuple of names reversed (iter_nodes).
_REVERSED_CHILD_FIELDS = {
    kind: (singles[::-1], sequences[::-1]) for kind, (singles, sequences) in _CHILD_FIELDS.items()
}


def children(node: object) -> Iterator[Any]:
    """The direct child nodes of `node`, in source order."""
    singles, sequences = _CHILD_FIELDS[type(node)]
    for name in singles:
        child = getattr(node, name)
        if child is not None:
            yield child
    for name in sequences:
        yield from getattr(node, name)


def iter_nodes(node: object) -> Iterator[Any]:
    """Every node under `node`, itself included, in pre-order (source order)."""
    # Children are pushed last first, so that they pop in source order: the analyses
    # walk a program a few dozen times a test, ~2,000 nodes each with the deeper
    # constructs, and this costs a third less than collecting each node's children.
    stack = [node]
    push, extend, pop = stack.append, stack.extend, stack.pop
    table = _REVERSED_CHILD_FIELDS
    while stack:
        current = pop()
        yield current
        singles, sequences = table[type(current)]
        for name in sequences:
            extend(reversed(getattr(current, name)))
        for name in singles:
            child = getattr(current, name)
            if child is not None:
                push(child)


def depth(node: object) -> int:
    """The number of nodes on the longest path from `node` down to a leaf (a leaf is 1),
    found without recursion, so that it can measure a tree too deep for recursive code."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        current, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children(current))
    return deepest


def map_children(node: N, fn: Callable[[Any], Any]) -> N:
    """A copy of `node` with `fn` applied to each direct child; `node` itself when no
    child changed, so unchanged subtrees stay shared."""
    singles, sequences = _CHILD_FIELDS[type(node)]
    changes: dict[str, Any] = {}
    for name in singles:
        child = getattr(node, name)
        if child is not None:
            new = fn(child)
            if new is not child:
                changes[name] = new
    for name in sequences:
        items = getattr(node, name)
        new_items = tuple(fn(item) for item in items)
        if any(a is not b for a, b in zip(new_items, items, strict=True)):
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
