"""Specialization constants read back from the text the GLSL emitter writes for them
(emit/glsl.py `_specialization_constant`):

    #ifdef VULKAN
    layout(constant_id = N) const T K = DEFAULT;
    #else
    const T K = VALUE;
    #endif

The preprocessor keeps the `#else` group (VULKAN is glslang's macro for Vulkan, never
defined here), so the parser sees `const T K = VALUE;`, the constant the program computes
with. This module finds the blocks in the text and gives the parsed program's constants
their `Specialization` (id and DEFAULT) back, so that whatever reads a test's text (the
reducers' candidates, a test read from its text) keeps the constants a pipeline sets, and
the jobs made from it carry the VALUE (ir/specialization.py).
"""

from __future__ import annotations

import dataclasses
import re

from shadersmith.ir.expressions import Literal
from shadersmith.ir.program import Program
from shadersmith.ir.statements import Specialization
from shadersmith.ir.types import BOOL, INT, UINT, ScalarType

_BLOCK = re.compile(
    r"^[ \t]*#[ \t]*ifdef[ \t]+VULKAN[ \t]*\n"
    r"[ \t]*layout\(constant_id = (?P<id>\d+)\) const (?P<type>int|uint|bool) (?P<name>\w+)"
    r" = (?P<default>[^;\n]+);[ \t]*\n"
    r"[ \t]*#[ \t]*else[ \t]*\n"
    r"[ \t]*const (?P=type) (?P=name) = [^;\n]+;[ \t]*\n"
    r"[ \t]*#[ \t]*endif",
    re.MULTILINE,
)
_TYPES: dict[str, ScalarType] = {"int": INT, "uint": UINT, "bool": BOOL}
_INTEGER = re.compile(r"-?\d+u?")


def specialization_marks(text: str) -> dict[str, Specialization]:
    """Each specialization constant's name and its id and DEFAULT, as the text declares
    them; a block whose DEFAULT is not a literal of its type is not ours and is left out."""
    marks: dict[str, Specialization] = {}
    for block in _BLOCK.finditer(text):
        type_ = _TYPES[block["type"]]
        default = _literal(block["default"].strip(), type_)
        if default is not None:
            marks[block["name"]] = Specialization(int(block["id"]), default)
    return marks


def with_specializations(program: Program, marks: dict[str, Specialization]) -> Program:
    """`program` with `marks` on its global constants of those names."""
    if not marks:
        return program
    globals_ = tuple(
        dataclasses.replace(decl, specialization=marks[decl.name])
        if decl.const and decl.name in marks
        else decl
        for decl in program.globals
    )
    return dataclasses.replace(program, globals=globals_)


def _literal(text: str, type_: ScalarType) -> Literal | None:
    if type_ is BOOL:
        return Literal(BOOL, text == "true") if text in ("true", "false") else None
    if not _INTEGER.fullmatch(text) or text.endswith("u") != (type_ is UINT):
        return None
    return Literal(type_, int(text.removesuffix("u")))
