"""GLSL text to typed IR, for the shaders our emitter writes (compute first).

    parse_glsl(text) -> ParsedShader(program, profile)

Every rejection raises a FrontEndError (GLSLSyntaxError or GLSLTypeError) whose message
is one line, `line L, column C: ...`; no other exception escapes on any input.
"""

from shadersmith.front.glsl.api import ParsedShader, parse_glsl
from shadersmith.front.glsl.errors import FrontEndError, GLSLSyntaxError, GLSLTypeError

__all__ = ["FrontEndError", "GLSLSyntaxError", "GLSLTypeError", "ParsedShader", "parse_glsl"]
