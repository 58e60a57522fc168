"""The front-end's exceptions: every rejection of an input is one of these, with a position."""

from __future__ import annotations


class FrontEndError(Exception):
    """A rejected shader text; `str()` is one line: `line L, column C: message`."""

    def __init__(self, message: str, line: int, column: int) -> None:
        self.message = message
        self.line = line
        self.column = column
        super().__init__(f"line {line}, column {column}: {message}")


class GLSLSyntaxError(FrontEndError):
    """The text is not in the GLSL subset the front-end reads (lexing, preprocessing, grammar)."""


class GLSLTypeError(FrontEndError):
    """The text parses but breaks a typing rule (unknown name, mismatched operands, ...)."""
