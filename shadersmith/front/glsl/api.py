"""The front-end's entry point: preprocess, tokenize, parse and type-check."""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.front.glsl.errors import FrontEndError, GLSLSyntaxError
from shadersmith.front.glsl.null_initialisers import (
    null_initialised_names,
    with_null_initialisers,
)
from shadersmith.front.glsl.parser import Parser
from shadersmith.front.glsl.preprocess import preprocess
from shadersmith.front.glsl.push_constants import push_constant_blocks, with_push_constants
from shadersmith.front.glsl.specialization import specialization_marks, with_specializations
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program


@dataclass(frozen=True, slots=True)
class ParsedShader:
    program: Program
    profile: LanguageProfile
    # `#extension` directives (name, behavior) in source order: the IR's types and
    # built-ins do not say which extension a compiler needs, so they travel beside it.
    extensions: tuple[tuple[str, str], ...] = ()


def parse_glsl(text: str) -> ParsedShader:
    """The program `text` holds, typed; raises FrontEndError when it is rejected."""
    parser: Parser | None = None
    try:
        pre = preprocess(text)
        enabled = frozenset(name for name, behavior in pre.extensions if behavior != "disable")
        parser = Parser(pre.tokens, pre.profile, enabled)
        # The constants a Vulkan pipeline specialises: the text's #else group is what the
        # parser read; their ids and DEFAULTs come from its #ifdef VULKAN group.
        program = with_specializations(parser.program(), specialization_marks(text))
        # Likewise the blocks a Vulkan pipeline pushes: the parser read GL's std140 block.
        program = with_push_constants(program, push_constant_blocks(text))
        # Likewise Vulkan's `{}` initialisers: the parser read GL's list.
        program = with_null_initialisers(program, null_initialised_names(text))
    except FrontEndError:
        raise
    except RecursionError:
        # Deep nesting exhausts Python's stack before any real shader would.
        line, column = _position(parser)
        raise GLSLSyntaxError("nesting too deep", line, column) from None
    except (ValueError, KeyError, TypeError, IndexError, AssertionError) as error:
        # A guard against our own gaps: report a position rather than crash the caller.
        line, column = _position(parser)
        message = f"unsupported construct ({type(error).__name__})"
        raise GLSLSyntaxError(message, line, column) from None
    return ParsedShader(program, pre.profile, pre.extensions)


def _position(parser: Parser | None) -> tuple[int, int]:
    if parser is None:
        return 1, 1
    token = parser.tok
    return token.line, token.column
