"""Pass: no read of a `writeonly` buffer (a compile error in GLSL). The generator marks
only buffers it never reads (generate/buffer_qualifiers.py), but a transformation or a
reduction may read one later: such a buffer loses the word, which changes nothing the
program computes."""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.buffer_reads import read_buffers
from shadersmith.ir.program import Program


def drop_read_writeonly(program: Program) -> Program:
    marked = [b for b in program.buffers if "writeonly" in b.memory]
    if not marked:
        return program
    read = read_buffers(program)
    buffers = tuple(
        dataclasses.replace(b, memory=tuple(w for w in b.memory if w != "writeonly"))
        if "writeonly" in b.memory and b.block_name in read
        else b
        for b in program.buffers
    )
    return dataclasses.replace(program, buffers=buffers)
