"""Macro definitions and their expansion (object-like and function-like, with `##`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from shadersmith.front.glsl.errors import GLSLSyntaxError
from shadersmith.front.glsl.tokens import Token, TokenKind, tokenize

# A bound on expansion output: a few nested macros can grow exponentially, and a reducer
# or fuzzer will eventually write such a text.
MAX_EXPANDED_TOKENS = 1_000_000


@dataclass(frozen=True, slots=True)
class Macro:
    name: str
    params: tuple[str, ...] | None  # None: object-like
    body: tuple[Token, ...]

    def same_as(self, other: Macro) -> bool:
        """Whether a redefinition is the same definition (allowed) or another (an error)."""
        texts = tuple(t.text for t in self.body)
        return self.params == other.params and texts == tuple(t.text for t in other.body)


def _at(token: Token, origin: Token) -> Token:
    """`token` moved to where the macro was invoked, so errors point at the source."""
    return dataclasses.replace(token, line=origin.line, column=origin.column)


class MacroExpander:
    def __init__(self, macros: Mapping[str, Macro]) -> None:
        self.macros = macros
        self.produced = 0

    def expand(self, tokens: list[Token], disabled: frozenset[str] = frozenset()) -> list[Token]:
        out: list[Token] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            i += 1
            if token.kind is not TokenKind.IDENT:
                out.append(token)
                continue
            if token.text == "__LINE__":
                out.append(
                    Token(TokenKind.INT, str(token.line), token.line, token.column, token.line)
                )
                continue
            macro = self.macros.get(token.text)
            if macro is None or token.text in disabled:
                out.append(token)
                continue
            if macro.params is None:
                body = [_at(t, token) for t in macro.body]
            else:
                if i >= len(tokens) or tokens[i].text != "(":
                    out.append(token)  # a function-like macro's name alone is a plain name
                    continue
                args, i = self._arguments(tokens, i, token)
                if len(args) != len(macro.params) and not (not macro.params and args == [[]]):
                    raise GLSLSyntaxError(
                        f"macro {macro.name!r} takes {len(macro.params)} arguments, "
                        f"not {len(args)}",
                        token.line,
                        token.column,
                    )
                body = self._substitute(macro, args, token, disabled)
            self.produced += len(body)
            if self.produced > MAX_EXPANDED_TOKENS:
                raise GLSLSyntaxError("macro expansion too large", token.line, token.column)
            inner = disabled | {macro.name}
            expanded = self.expand(self._paste(body), inner)
            # C rescans an expansion together with the rest of the text: a function-like
            # macro's name that ends it takes its arguments from what follows
            # (`#define F G` then `F(1)` is `G(1)`).
            if expanded and i < len(tokens) and tokens[i].text == "(":
                last = expanded[-1]
                callee = self.macros.get(last.text) if last.kind is TokenKind.IDENT else None
                if callee is not None and callee.params is not None and last.text not in inner:
                    tokens = [*tokens[:i], expanded.pop(), *tokens[i:]]
            out.extend(expanded)
        return out

    @staticmethod
    def _arguments(tokens: list[Token], i: int, name: Token) -> tuple[list[list[Token]], int]:
        """The comma-separated arguments after the `(` at `i`, and the index after `)`."""
        args: list[list[Token]] = [[]]
        depth = 0
        i += 1
        while i < len(tokens):
            token = tokens[i]
            i += 1
            if token.text == "(" and token.kind is TokenKind.PUNCT:
                depth += 1
            elif token.text == ")" and token.kind is TokenKind.PUNCT:
                if depth == 0:
                    return args, i
                depth -= 1
            elif token.text == "," and token.kind is TokenKind.PUNCT and depth == 0:
                args.append([])
                continue
            args[-1].append(token)
        raise GLSLSyntaxError(f"unterminated call of macro {name.text!r}", name.line, name.column)

    def _substitute(
        self, macro: Macro, args: list[list[Token]], origin: Token, disabled: frozenset[str]
    ) -> list[Token]:
        params = macro.params or ()
        body = macro.body
        result: list[Token] = []
        for index, token in enumerate(body):
            if token.kind is TokenKind.IDENT and token.text in params:
                arg = args[params.index(token.text)]
                pasted = (index > 0 and body[index - 1].text == "##") or (
                    index + 1 < len(body) and body[index + 1].text == "##"
                )
                # Arguments next to `##` are pasted as written, the others fully expanded.
                replacement = arg if pasted else self.expand(arg, disabled)
                result.extend(_at(t, origin) for t in replacement)
            else:
                result.append(_at(token, origin))
        return result

    @staticmethod
    def _paste(body: list[Token]) -> list[Token]:
        if not any(t.text == "##" for t in body):
            return body
        out: list[Token] = []
        i = 0
        while i < len(body):
            token = body[i]
            if token.text == "##" and token.kind is TokenKind.PUNCT:
                if not out or i + 1 >= len(body):
                    raise GLSLSyntaxError("'##' at the edge of a macro", token.line, token.column)
                left = out.pop()
                joined = tokenize(left.text + body[i + 1].text, left.line, left.column - 1)[:-1]
                if len(joined) != 1:
                    raise GLSLSyntaxError("'##' does not make one token", token.line, token.column)
                out.append(joined[0])
                i += 2
                continue
            out.append(token)
            i += 1
        return out
