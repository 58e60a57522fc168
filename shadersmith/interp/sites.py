"""Where an undefined behaviour happened, in words a compiler engineer reads.

A `Site` is made at compile time for every node that can misbehave; the text is built only
when something is raised. The GLSL emitter prints the expression when it is available;
otherwise a small fully parenthesised printer here does.
"""

from __future__ import annotations

import importlib

from shadersmith.interp.errors import UBCategory, UndefinedBehaviour
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
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
from shadersmith.ir.profile import GLSL450
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
    Statement,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.types import ScalarKind


class Site:
    """A node of one function, with the statement that holds it."""

    __slots__ = ("function", "node", "statement")

    def __init__(self, function: str, statement: Statement | None, node: Expression | None) -> None:
        self.function = function
        self.statement = statement
        self.node = node

    def ub(self, category: UBCategory, message: str) -> UndefinedBehaviour:
        return UndefinedBehaviour(category, self.function, self.location(), message)

    def location(self) -> str:
        parts = [f"in {self.function}()"]
        if self.statement is not None:
            parts.append(f"statement `{statement_text(self.statement)}`")
        if self.node is not None:
            parts.append(f"at `{expression_text(self.node)}`")
        return ", ".join(parts)


def expression_text(expr: Expression) -> str:
    """The expression as GLSL, by the emitter when there is one."""
    try:
        # Looked up at run time: the emitter is written concurrently and is optional here.
        emitter = importlib.import_module("shadersmith.emit.glsl")
        text = emitter.emit_expression(expr, GLSL450)
        if isinstance(text, str):
            return text
    except Exception:  # a location must never fail, whatever the emitter does
        pass
    return _fallback_expression(expr)


def statement_text(stmt: Statement) -> str:
    """One line naming the statement: compound statements show only their header."""
    if isinstance(stmt, VarDecl):
        const = "const " if stmt.const else ""
        init = f" = {expression_text(stmt.init)}" if stmt.init is not None else ""
        return f"{const}{stmt.type} {stmt.name}{init};"
    if isinstance(stmt, ExprStmt):
        return f"{expression_text(stmt.expr)};"
    if isinstance(stmt, If):
        return f"if ({expression_text(stmt.condition)}) ..."
    if isinstance(stmt, Switch):
        return f"switch ({expression_text(stmt.selector)}) ..."
    if isinstance(stmt, For):
        init = statement_text(stmt.init).rstrip(";") if stmt.init is not None else ""
        cond = expression_text(stmt.condition) if stmt.condition is not None else ""
        update = expression_text(stmt.update) if stmt.update is not None else ""
        return f"for ({init}; {cond}; {update}) ..."
    if isinstance(stmt, While):
        return f"while ({expression_text(stmt.condition)}) ..."
    if isinstance(stmt, DoWhile):
        return f"do ... while ({expression_text(stmt.condition)});"
    if isinstance(stmt, Return):
        return "return;" if stmt.value is None else f"return {expression_text(stmt.value)};"
    if isinstance(stmt, Break):
        return "break;"
    if isinstance(stmt, Continue):
        return "continue;"
    if isinstance(stmt, Discard):
        return "discard;"
    if isinstance(stmt, Block):
        return "{ ... }"
    return type(stmt).__name__


def _literal_text(node: Literal) -> str:
    kind = node.type.kind
    if kind is ScalarKind.BOOL:
        return "true" if node.value else "false"
    if kind is ScalarKind.UINT:
        return f"{node.value}u"
    if kind is ScalarKind.FLOAT:
        return repr(float(node.value))
    return str(node.value)


def _fallback_expression(expr: Expression) -> str:
    text = _fallback_expression
    if isinstance(expr, Literal):
        return _literal_text(expr)
    if isinstance(expr, VariableRef):
        return expr.name
    if isinstance(expr, Unary):
        return f"{expr.op.value}{text(expr.operand)}"
    if isinstance(expr, IncDec):
        if expr.op.is_prefix:
            return f"{expr.op.token}{text(expr.target)}"
        return f"{text(expr.target)}{expr.op.token}"
    if isinstance(expr, Binary):
        return f"({text(expr.left)} {expr.op.value} {text(expr.right)})"
    if isinstance(expr, Assign):
        return f"({text(expr.target)} {expr.op.value} {text(expr.value)})"
    if isinstance(expr, Ternary):
        return f"({text(expr.condition)} ? {text(expr.if_true)} : {text(expr.if_false)})"
    if isinstance(expr, Construct):
        return f"{expr.type}({', '.join(text(a) for a in expr.args)})"
    if isinstance(expr, Swizzle):
        return f"{text(expr.base)}.{expr.text}"
    if isinstance(expr, Index):
        return f"{text(expr.base)}[{text(expr.index)}]"
    if isinstance(expr, Member):
        return f"{text(expr.base)}.{expr.field}"
    if isinstance(expr, Call):
        return f"{expr.callee}({', '.join(text(a) for a in expr.args)})"
    if isinstance(expr, Sequence):
        return f"({', '.join(text(a) for a in expr.items)})"
    return repr(expr)
