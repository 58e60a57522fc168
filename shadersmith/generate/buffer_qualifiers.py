"""Memory qualifiers on a compute program's storage buffers (issue 20, part 1).

Each storage buffer gets, with SmithOptions.buffer_qualifier_probability, some of
`coherent`, `volatile` and `restrict`, and an output buffer that the finished program never
reads may also be `writeonly` (input buffers are `readonly` already). The words change what
a compiler may assume about the memory, not what our programs compute: every invocation
reads only its own slot of an output buffer, or input buffers no one writes. They are drawn
from a stream of the seed's own once the program is complete, so that the program is the
one it was without them; labels `buffer:<word>` count them in the choices. Fragment
programs have no storage buffers (generate/fragment.py), and WGSL no such words.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from shadersmith.analysis.buffer_reads import read_buffers
from shadersmith.ir.program import MEMORY_QUALIFIERS, BufferAccess, Program

_SHARED_WORDS = tuple(w for w in MEMORY_QUALIFIERS if w != "writeonly")


def qualify_buffers(
    program: Program, seed: int, probability: float, choices: Counter[str]
) -> Program:
    """`program` with memory qualifiers drawn on its storage buffers (see above)."""
    if probability <= 0.0:
        return program
    rng = random.Random(f"shadersmith-buffer-qualifiers-{seed}")
    read = read_buffers(program)
    buffers = []
    for buffer in program.buffers:
        if buffer.uniform or rng.random() >= probability:
            buffers.append(buffer)
            continue
        words = {w for w in _SHARED_WORDS if rng.random() < 0.5}
        never_read = buffer.access is not BufferAccess.INPUT and buffer.block_name not in read
        if never_read and rng.random() < 0.5:
            words.add("writeonly")
        if not words:
            words.add(rng.choice(_SHARED_WORDS))
        memory = tuple(w for w in MEMORY_QUALIFIERS if w in words)
        choices.update(f"buffer:{w}" for w in memory)
        buffers.append(dataclasses.replace(buffer, memory=memory))
    return dataclasses.replace(program, buffers=tuple(buffers))
