"""Fast traversal of IR nodes for the compiler's pre-passes.

`shadersmith.ir.walk` finds children generically through dataclass fields, which costs
microseconds per node; the interpreter walks every program it compiles, so it lists the
child fields of each class once here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from shadersmith.ir.expressions import (
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
from shadersmith.ir.program import Function
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

# Per class: (fields holding one node or None, fields holding a tuple of nodes).
_CHILDREN: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {
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
}


def child_nodes(node: Any) -> Iterator[Any]:
    singles, sequences = _CHILDREN[type(node)]
    for name in singles:
        child = getattr(node, name)
        if child is not None:
            yield child
    for name in sequences:
        yield from getattr(node, name)


def all_nodes(node: Any) -> Iterator[Any]:
    """`node` and every node under it (pre-order)."""
    stack = [node]
    pop, push = stack.pop, stack.extend
    children = _CHILDREN
    while stack:
        current = pop()
        yield current
        singles, sequences = children[type(current)]
        for name in singles:
            child = getattr(current, name)
            if child is not None:
                stack.append(child)
        for name in sequences:
            push(getattr(current, name))
