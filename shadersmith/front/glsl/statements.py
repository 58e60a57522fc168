"""Statement parsing. Non-block bodies become Blocks and `else if` an else Block holding
one If, inverting the emitter; a declaration of several variables becomes several VarDecls."""

from __future__ import annotations

import dataclasses

from shadersmith.front.glsl.constants import fold
from shadersmith.front.glsl.declarations import DeclarationParser
from shadersmith.front.glsl.tokens import Token, TokenKind
from shadersmith.ir.control_flow import LOOP_ATTRIBUTES, SELECTION_ATTRIBUTES
from shadersmith.ir.expressions import Expression, Literal
from shadersmith.ir.program import Stage
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
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.ir.types import BOOL, INT, UINT, ScalarType, StructType, VoidType

_INT_RANGES = {INT: (-(2**31), 2**31 - 1), UINT: (0, 2**32 - 1)}


class StatementParser(DeclarationParser):
    def starts_declaration(self) -> bool:
        token = self.tok
        if token.kind is not TokenKind.IDENT:
            return False
        if token.text in ("const", "struct", "layout") or token.text in (
            "highp",
            "mediump",
            "lowp",
            "invariant",
            "precise",
        ):
            return True
        if not self.is_type_start(token):
            return False
        # `T name`, `T[3] name`; `T(...)` is a constructor expression.
        following = self.peek()
        return following.kind is TokenKind.IDENT or (
            following.text == "[" and self._array_type_decl()
        )

    def _array_type_decl(self) -> bool:
        """After `T [`: a declaration `T[3] a` rather than an expression `T[3](...)`."""
        depth = 0
        offset = 1
        while True:
            token = self.peek(offset)
            if token.kind is TokenKind.EOF:
                return False
            if token.text == "[":
                depth += 1
            elif token.text == "]":
                depth -= 1
                if depth == 0 and self.peek(offset + 1).text != "[":
                    return self.peek(offset + 1).kind is TokenKind.IDENT
            offset += 1

    def declaration_statement(self) -> list[Statement]:
        qualifiers = self.qualifiers()
        base = self.type_specifier()
        if self.accept(";"):
            if isinstance(base, StructType):
                return []  # a local struct definition: hoisted to the program
            raise self.syntax("expected a variable name")
        return list(self.local_declaration(qualifiers, base))

    def block(self, new_scope: bool = True) -> Block:
        self.expect("{")
        if new_scope:
            self.scopes.append({})
        body: list[Statement] = []
        while not self.accept("}"):
            if self.tok.kind is TokenKind.EOF:
                raise self.syntax("expected '}'")
            body.extend(self.statement())
        if new_scope:
            self.scopes.pop()
        return Block(tuple(body))

    def sub_block(self) -> Block:
        """A body: braces written by the emitter, or one statement that we wrap."""
        if self.at("{"):
            return self.block()
        self.scopes.append({})
        statements = self.statement()
        self.scopes.pop()
        return Block(tuple(statements))

    def condition(self) -> Expression:
        self.expect("(")
        token = self.tok
        expr = self.expression()
        if expr.type != BOOL:
            raise self.type_error(f"condition must be bool, not {expr.type}", token)
        self.expect(")")
        return expr

    def attributed_statement(self) -> list[Statement]:
        """`[[a, b(N)]] statement` (GL_EXT_control_flow_attributes): the statement, with
        the first attribute of ours (ir/control_flow.py) that suits it; the others, hints
        that change no value, are dropped."""
        self.expect("[")
        self.expect("[")
        names: list[str] = []
        while True:
            word = self.tok
            if word.kind is not TokenKind.IDENT:
                raise self.syntax("expected an attribute name")
            self.advance()
            names.append(word.text)
            if self.accept("("):  # dependency_length(N) and the like
                while not self.accept(")"):
                    if self.tok.kind is TokenKind.EOF:
                        raise self.syntax("expected ')'")
                    self.advance()
            if not self.accept(","):
                break
        self.expect("]")
        self.expect("]")
        statements = self.statement()
        if not statements:
            return statements
        last = statements[-1]  # a for loop's hoisted declarations come first
        if isinstance(last, For | While | DoWhile):
            chosen = next((name for name in names if name in LOOP_ATTRIBUTES), "")
            statements[-1] = dataclasses.replace(last, attribute=chosen)
        elif isinstance(last, If | Switch):
            chosen = next((name for name in names if name in SELECTION_ATTRIBUTES), "")
            statements[-1] = dataclasses.replace(last, attribute=chosen)
        return statements

    def statement(self) -> list[Statement]:
        self.enter()
        try:
            return self._statement()
        finally:
            self.leave()

    def _statement(self) -> list[Statement]:
        token = self.tok
        if self.at("[") and self.peek().text == "[":
            return self.attributed_statement()
        if self.at("{"):
            return [self.block()]
        if self.at(";"):
            self.advance()
            return []
        if self.at("precision"):
            self.precision_statement()
            return []
        if self.starts_declaration():
            return self.declaration_statement()
        word = token.text if token.kind is TokenKind.IDENT else ""
        if word == "if":
            self.advance()
            condition = self.condition()
            then = self.sub_block()
            otherwise: Block | None = None
            if self.accept("else"):
                otherwise = self.sub_block()
            return [If(condition, then, otherwise)]
        if word == "switch":
            return [self.switch()]
        if word == "for":
            return self.for_loop()
        if word == "while":
            self.advance()
            condition = self.condition()
            return [While(condition, self.sub_block())]
        if word == "do":
            self.advance()
            body = self.sub_block()
            self.expect("while")
            condition = self.condition()
            self.expect(";")
            return [DoWhile(body, condition)]
        if word in ("break", "continue", "discard"):
            self.advance()
            self.expect(";")
            if word == "discard":
                self.stage_use.note(Stage.FRAGMENT, "discard", token)
                return [Discard()]
            return [Break() if word == "break" else Continue()]
        if word == "return":
            return [self.return_statement(token)]
        if word in ("case", "default"):
            raise self.syntax("case label outside a switch")
        if word in ("else", "while"):
            raise self.syntax("unexpected keyword")
        expr = self.expression()
        self.expect(";")
        return [ExprStmt(expr)]

    def return_statement(self, token: Token) -> Return:
        self.advance()
        value: Expression | None = None
        if not self.at(";"):
            value = self.expression()
        if value is None:
            if not isinstance(self.return_type, VoidType):
                raise self.type_error(f"return of void in a {self.return_type} function", token)
        elif value.type != self.return_type:
            if isinstance(self.return_type, VoidType) or not self.conversions.allows(
                value.type, self.return_type
            ):
                raise self.type_error(
                    f"return of {value.type} in a {self.return_type} function", token
                )
            value = self.convert(value, self.return_type, token, "return value")
        self.expect(";")
        return Return(value)

    def switch(self) -> Switch:
        self.expect("switch")
        self.expect("(")
        token = self.tok
        selector = self.expression()
        if selector.type not in (INT, UINT):
            raise self.type_error("switch selector must be int or uint", token)
        self.expect(")")
        self.expect("{")
        self.scopes.append({})
        cases: list[tuple[Literal | None, list[Statement]]] = []
        seen: set[object] = set()
        while not self.accept("}"):
            label = self.tok
            if self.accept("case"):
                value = self.case_label(selector.type, label)
                self.expect(":")
                key: object = value.value
                cases.append((value, []))
            elif self.accept("default"):
                self.expect(":")
                key = None
                cases.append((None, []))
            else:
                if not cases:
                    raise self.syntax("statement before the first case label")
                if self.tok.kind is TokenKind.EOF:
                    raise self.syntax("expected '}'")
                cases[-1][1].extend(self.statement())
                continue
            if key in seen:
                raise self.type_error("duplicate case label", label)
            seen.add(key)
        self.scopes.pop()
        return Switch(selector, tuple(SwitchCase(v, tuple(body)) for v, body in cases))

    def case_label(self, selector: object, label: Token) -> Literal:
        value = self.conditional()
        if isinstance(value, Literal) and value.type == selector:
            return value
        folded = fold(value, self.constant_env)
        if (
            isinstance(selector, ScalarType)
            and selector in _INT_RANGES
            and isinstance(folded, int)
            and not isinstance(folded, bool)
            and isinstance(value.type, ScalarType)
            and value.type in _INT_RANGES
        ):
            low, high = _INT_RANGES[selector]
            if value.type == selector or low <= folded <= high:
                return Literal(selector, folded)
        raise self.type_error(f"case label must be a {selector} constant", label)

    def for_loop(self) -> list[Statement]:
        self.expect("for")
        self.expect("(")
        self.scopes.append({})
        init: VarDecl | ExprStmt | None = None
        # `for (int i = 0, j = 0; ...)`: the IR's For holds one declaration, so the others
        # go into a block around the loop, which scopes them exactly as the loop would.
        hoisted: list[Statement] = []
        if self.starts_declaration():
            decls = self.declaration_statement()
            if decls:
                *hoisted, last = decls
                if not isinstance(last, VarDecl):
                    raise self.syntax("expected a declaration")
                init = last
        elif not self.accept(";"):
            init = ExprStmt(self.expression())
            self.expect(";")
        condition: Expression | None = None
        if not self.at(";"):
            token = self.tok
            condition = self.expression()
            if condition.type != BOOL:
                raise self.type_error("loop condition must be bool", token)
        self.expect(";")
        update = None if self.at(")") else self.expression()
        self.expect(")")
        body = self.sub_block()
        self.scopes.pop()
        loop = For(init, condition, update, body)
        if hoisted:
            return [Block((*hoisted, loop))]
        return [loop]
