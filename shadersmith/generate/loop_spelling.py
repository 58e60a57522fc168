"""WGSL's `loop { ... continuing { ... break if } }` for generated loops (issue 20, part 1).

`spell_loops` marks some for and while loops of a finished program `as_loop` (ir/
statements.py), which the WGSL emitter spells as a bare loop with a continuing block
(emit/wgsl.py): the update and the loop test go into the continuing block, where a
`continue` of the body goes too. Only the spelling changes, so the interpreter, the
reconditioner and the GLSL emitter see the loop they saw before; what is tested is the
compiler's lowering of `loop`, `continuing` and `break if` (naga's own IR has only that
loop form, so a for loop reaches it through a different path).

Each loop is drawn from a stream of the seed's own, after the program is complete, so
that with `SmithOptions.loop_continuing_probability` 0 no draw is made and every program
is the one of before.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from shadersmith.ir.program import Program
from shadersmith.ir.statements import For, While
from shadersmith.ir.walk import transform

CHOICE = "loop:continuing"


def spell_loops(program: Program, seed: int, probability: float, choices: Counter[str]) -> Program:
    """`program` with each for/while loop marked `as_loop` with `probability`, counted
    in `choices` under `loop:continuing`; no draw at all when `probability` is 0."""
    if probability <= 0.0:
        return program
    rng = random.Random(f"shadersmith-loop-continuing-{seed}")

    def mark(node: object) -> object:
        if isinstance(node, For | While) and rng.random() < probability:
            choices[CHOICE] += 1
            return replace(node, as_loop=True)
        return node

    return transform(program, mark)
