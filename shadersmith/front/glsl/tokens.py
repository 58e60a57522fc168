"""The tokenizer: preprocessed text to identifiers, numbers and punctuators with positions."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from shadersmith.front.glsl.errors import GLSLSyntaxError


class TokenKind(enum.Enum):
    IDENT = "identifier"
    INT = "integer literal"
    UINT = "unsigned literal"
    FLOAT = "float literal"
    PUNCT = "punctuator"
    EOF = "end of input"


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    text: str
    line: int
    column: int
    # The literal's magnitude for numbers (range checks happen in the parser, which knows
    # whether a unary minus precedes the literal); 0 otherwise.
    value: int | float = 0
    # A 64-bit literal: `1.5lf` (double), `7l` (int64_t), `7ul` (uint64_t).
    wide: bool = False


# Longest first, so that `<<=` is not read as `<<` `=`.
_PUNCTUATORS = sorted(
    [
        "<<=",
        ">>=",
        "++",
        "--",
        "<=",
        ">=",
        "==",
        "!=",
        "&&",
        "||",
        "^^",
        "+=",
        "-=",
        "*=",
        "/=",
        "%=",
        "&=",
        "|=",
        "^=",
        "<<",
        ">>",
        "+",
        "-",
        "*",
        "/",
        "%",
        "<",
        ">",
        "=",
        "!",
        "~",
        "&",
        "|",
        "^",
        "?",
        ":",
        ";",
        ",",
        ".",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        # Only preprocessing directives and macro bodies use these two.
        "##",
        "#",
    ],
    key=len,
    reverse=True,
)
_TOKEN_RE = re.compile(
    r"(?P<space>[ \t\r\n\f\v]+)"
    r"|(?P<float>(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?(?:lf|LF|[fF])?"
    r"|\d+[eE][+-]?\d+(?:lf|LF|[fF])?)"
    r"|(?P<hex>0[xX][0-9a-fA-F]+(?:ul|UL|[uUlL])?)"
    r"|(?P<dec>\d+(?:ul|UL|[uUlL])?)"
    r"|(?P<ident>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<punct>" + "|".join(re.escape(p) for p in _PUNCTUATORS) + ")"
)


def _integer(text: str, base_text: str, line: int, column: int) -> int:
    if base_text.lower().startswith("0x"):
        return int(base_text, 16)
    if len(base_text) > 1 and base_text.startswith("0"):
        if any(ch in "89" for ch in base_text):
            raise GLSLSyntaxError(f"bad octal literal {text!r}", line, column)
        return int(base_text, 8)
    return int(base_text)


def tokenize(text: str, first_line: int = 1, column_offset: int = 0) -> list[Token]:
    """The tokens of `text`, ending with an EOF token; positions count from `first_line`
    (and, on that first line, from `column_offset` characters in)."""
    tokens: list[Token] = []
    pos = 0
    line, line_start = first_line, -column_offset
    while pos < len(text):
        match = _TOKEN_RE.match(text, pos)
        column = pos - line_start + 1
        if match is None:
            raise GLSLSyntaxError(f"unexpected character {text[pos]!r}", line, column)
        group = match.lastgroup
        lexeme = match.group()
        if group == "space":
            newlines = lexeme.count("\n")
            if newlines:
                line += newlines
                line_start = pos + lexeme.rfind("\n") + 1
        elif group == "float":
            wide = lexeme[-2:] in ("lf", "LF")
            body = lexeme[:-2] if wide else lexeme.rstrip("fF")
            tokens.append(Token(TokenKind.FLOAT, lexeme, line, column, float(body), wide))
        elif group in ("hex", "dec"):
            suffix = lexeme[len(lexeme.rstrip("uUlL")) :]
            body = lexeme[: len(lexeme) - len(suffix)]
            value = _integer(lexeme, body, line, column)
            kind = TokenKind.UINT if "u" in suffix.lower() else TokenKind.INT
            tokens.append(Token(kind, lexeme, line, column, value, "l" in suffix.lower()))
        elif group == "ident":
            tokens.append(Token(TokenKind.IDENT, lexeme, line, column))
        else:
            tokens.append(Token(TokenKind.PUNCT, lexeme, line, column))
        pos = match.end()
    tokens.append(Token(TokenKind.EOF, "", line, pos - line_start + 1))
    return tokens
