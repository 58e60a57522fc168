"""The front-end's entry point: preprocess, tokenize, parse and type-check."""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.front.glsl.errors import FrontEndError, GLSLSyntaxError
from shadersmith.front.glsl.parser import Parser
from shadersmith.front.glsl.preprocess import preprocess
from shadersmith.front.glsl.tokens import tokenize
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program


@dataclass(frozen=True, slots=True)
class ParsedShader:
    program: Program
    profile: LanguageProfile


def parse_glsl(text: str) -> ParsedShader:
    """The program `text` holds, typed; raises FrontEndError when it is rejected."""
    pre = preprocess(text)
    parser = Parser(tokenize(pre.text))
    try:
        program = parser.program()
    except FrontEndError:
        raise
    except RecursionError:
        # Deep nesting exhausts Python's stack before any real shader would.
        token = parser.tok
        raise GLSLSyntaxError("nesting too deep", token.line, token.column) from None
    except (ValueError, KeyError, TypeError, IndexError) as error:
        # A guard against our own gaps: report a position rather than crash the caller.
        token = parser.tok
        message = f"unsupported construct ({type(error).__name__})"
        raise GLSLSyntaxError(message, token.line, token.column) from None
    return ParsedShader(program, pre.profile)
