"""Push-constant blocks read back from the text the GLSL emitter writes for them
(emit/glsl.py `_buffer`):

    #ifdef VULKAN
    layout(push_constant) uniform PC { ... } pc;
    #else
    layout(std140, binding = N) uniform PC { ... } pc;
    #endif

The preprocessor keeps the `#else` group (VULKAN is never defined here), so the parser
sees the std140 block GL binds; this module finds the block names of the `#ifdef VULKAN`
groups and marks those blocks `push_constant` again, so that whatever reads a test's
text (the reducers' candidates) makes jobs whose Vulkan runs push the block.
"""

from __future__ import annotations

import dataclasses
import re

from shadersmith.ir.program import Program

_BLOCK = re.compile(
    r"^[ \t]*#[ \t]*ifdef[ \t]+VULKAN[ \t]*\n"
    r"[ \t]*layout\(push_constant\) uniform (?P<name>\w+) \{",
    re.MULTILINE,
)


def push_constant_blocks(text: str) -> frozenset[str]:
    """The names of the blocks the text gives Vulkan as push constants."""
    return frozenset(block["name"] for block in _BLOCK.finditer(text))


def with_push_constants(program: Program, names: frozenset[str]) -> Program:
    """`program` with its uniform blocks of those names marked push constants."""
    if not names:
        return program
    buffers = tuple(
        dataclasses.replace(buffer, push_constant=True)
        if buffer.uniform and buffer.block_name in names
        else buffer
        for buffer in program.buffers
    )
    return dataclasses.replace(program, buffers=buffers)
