"""Evaluation of `#if` and `#elif` conditions: integer arithmetic after `defined` and macros."""

from __future__ import annotations

from shadersmith.front.glsl.errors import GLSLSyntaxError
from shadersmith.front.glsl.macros import MacroExpander
from shadersmith.front.glsl.tokens import Token, TokenKind

_BINARY_LEVELS: tuple[tuple[str, ...], ...] = (
    ("||",),
    ("&&",),
    ("|",),
    ("^",),
    ("&",),
    ("==", "!="),
    ("<", ">", "<=", ">="),
    ("<<", ">>"),
    ("+", "-"),
    ("*", "/", "%"),
)


def _resolve_defined(words: list[Token], expander: MacroExpander) -> list[Token]:
    """`defined X` and `defined(X)` become 1 or 0 before macros expand (as in C)."""
    out: list[Token] = []
    i = 0
    while i < len(words):
        token = words[i]
        if token.kind is TokenKind.IDENT and token.text == "defined":
            parenthesised = i + 1 < len(words) and words[i + 1].text == "("
            j = i + 2 if parenthesised else i + 1
            if j >= len(words) or words[j].kind is not TokenKind.IDENT:
                raise GLSLSyntaxError("expected a name after 'defined'", token.line, token.column)
            if parenthesised and (j + 1 >= len(words) or words[j + 1].text != ")"):
                raise GLSLSyntaxError("expected ')' after 'defined('", token.line, token.column)
            value = int(words[j].text in expander.macros)
            out.append(Token(TokenKind.INT, str(value), token.line, token.column, value))
            i = j + 2 if parenthesised else j + 1
            continue
        out.append(token)
        i += 1
    return out


def evaluate_condition(words: list[Token], expander: MacroExpander, line: int, column: int) -> bool:
    if not words:
        raise GLSLSyntaxError("expected an expression after #if", line, column)
    tokens = expander.expand(_resolve_defined(words, expander))
    return _Evaluator(tokens, line, column).run() != 0


class _Evaluator:
    def __init__(self, tokens: list[Token], line: int, column: int) -> None:
        self.tokens = tokens
        self.pos = 0
        self.line = line
        self.column = column

    def error(self, message: str) -> GLSLSyntaxError:
        if self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            return GLSLSyntaxError(message, token.line, token.column)
        return GLSLSyntaxError(message, self.line, self.column)

    def peek(self) -> str | None:
        if self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            return token.text if token.kind is TokenKind.PUNCT else None
        return None

    def run(self) -> int:
        value = self.binary(0)
        if self.pos != len(self.tokens):
            raise self.error("unexpected token in #if expression")
        return value

    def binary(self, level: int) -> int:
        if level == len(_BINARY_LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in _BINARY_LEVELS[level]:
            op = self.tokens[self.pos].text
            self.pos += 1
            right = self.binary(level + 1)
            left = self.apply(op, left, right)
        return left

    def apply(self, op: str, a: int, b: int) -> int:
        if op in ("/", "%"):
            if b == 0:
                raise self.error("division by zero in #if expression")
            quotient = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
            return quotient if op == "/" else a - quotient * b
        if op in ("<<", ">>"):
            if not 0 <= b < 64:
                raise self.error("bad shift in #if expression")
            return a << b if op == "<<" else a >> b
        table = {
            "||": lambda: int(bool(a) or bool(b)),
            "&&": lambda: int(bool(a) and bool(b)),
            "|": lambda: a | b,
            "^": lambda: a ^ b,
            "&": lambda: a & b,
            "==": lambda: int(a == b),
            "!=": lambda: int(a != b),
            "<": lambda: int(a < b),
            ">": lambda: int(a > b),
            "<=": lambda: int(a <= b),
            ">=": lambda: int(a >= b),
            "+": lambda: a + b,
            "-": lambda: a - b,
            "*": lambda: a * b,
        }
        return table[op]()

    def unary(self) -> int:
        if self.pos >= len(self.tokens):
            raise self.error("incomplete #if expression")
        token = self.tokens[self.pos]
        self.pos += 1
        if token.kind is TokenKind.PUNCT and token.text in ("-", "+", "~", "!"):
            value = self.unary()
            return {"-": -value, "+": value, "~": ~value, "!": int(not value)}[token.text]
        if token.kind is TokenKind.PUNCT and token.text == "(":
            value = self.binary(0)
            if self.peek() != ")":
                raise self.error("expected ')' in #if expression")
            self.pos += 1
            return value
        if token.kind in (TokenKind.INT, TokenKind.UINT):
            return int(token.value)
        if token.kind is TokenKind.IDENT:
            return 0  # an undefined name counts as 0, as in C
        self.pos -= 1
        raise self.error("bad token in #if expression")
