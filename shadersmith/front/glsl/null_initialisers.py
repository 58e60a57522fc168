"""Null initialisers read back from the text the GLSL emitter writes for them
(emit/glsl.py `_null_initialised`):

    #ifdef VULKAN
    T x = {};
    #else
    T x = {0, 0};
    #endif

The preprocessor keeps the `#else` group (VULKAN is glslang's macro for Vulkan, never
defined here), so the parser reads the list; this module finds the names so declared and
gives their declarations the NULL spelling back (ir/initialisers.py), so that the reducers'
candidates keep `{}`. Only an all-zero initialiser takes it, so a name declared twice
changes no value, only a spelling.
"""

from __future__ import annotations

import dataclasses
import re

from shadersmith.ir.initialisers import is_zero
from shadersmith.ir.program import Program
from shadersmith.ir.statements import InitSpelling, VarDecl
from shadersmith.ir.walk import transform

_BLOCK = re.compile(
    r"^[ \t]*#[ \t]*ifdef[ \t]+VULKAN[ \t]*\n"
    r"[^\n#]*?(?P<name>\w+)(?:\[\d+\])?[ \t]*=[ \t]*\{[ \t]*\};[ \t]*\n"
    r"[ \t]*#[ \t]*else[ \t]*\n",
    re.MULTILINE,
)


def null_initialised_names(text: str) -> frozenset[str]:
    """The names the text declares `= {}` for Vulkan."""
    return frozenset(block["name"] for block in _BLOCK.finditer(text))


def with_null_initialisers(program: Program, names: frozenset[str]) -> Program:
    """`program` with its local all-zero declarations of `names` spelled `{}`."""
    if not names:
        return program

    def mark(node: object) -> object:
        if (
            isinstance(node, VarDecl)
            and node.name in names
            and node.init is not None
            and is_zero(node.init)
        ):
            return dataclasses.replace(node, spelling=InitSpelling.NULL)
        return node

    functions = tuple(transform(function, mark) for function in program.functions)
    return dataclasses.replace(program, functions=functions)
