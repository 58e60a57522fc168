"""`discard` in generated fragment shaders (issue 20, part 1).

`add_discards` puts `if (cond) discard;` into `fragment_body` (generate/fragment.py)
after the program has become a fragment shader: at one point of one of its blocks, drawn
from a stream of the seed's own, so that with `SmithOptions.discard_probability` 0 no
draw is made and every program is the one of before. The condition reads only the
pixel's integer coordinates (`uint(gl_FragCoord.x)`, `.y`, exact in every driver), so
the interpreters evaluate it and it divides the image: some fragments are discarded and
show the attachment's clear value, the others run on and fold their outputs into
`_color`. A discard inside a loop or a callee's caller ends the fragment wherever it is
(interp/lanes/state.py), which is the point of placing it anywhere in the body.

Nothing in our fragment programs reads derivatives or textures, so a fragment that
stops early changes no other fragment's result, and the reconditioner has nothing to do
for it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from shadersmith.generate.divergence import fragment_coordinate
from shadersmith.generate.fragment import BODY_FUNCTION
from shadersmith.ir.expressions import Binary, Expression, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Program
from shadersmith.ir.statements import Block, Discard, If
from shadersmith.ir.types import BOOL, UINT
from shadersmith.ir.walk import transform

# At most this many discards in one program.
MAX_DISCARDS = 2


def add_discards(
    program: Program, seed: int, probability: float, size: tuple[int, int]
) -> tuple[Program, int]:
    """`program` (a generated fragment shader) with 0 to MAX_DISCARDS conditional
    discards in `fragment_body`, and how many; no draw at all when `probability` is 0."""
    if probability <= 0.0:
        return program, 0
    rng = random.Random(f"shadersmith-discard-{seed}")
    count = 0
    while count < MAX_DISCARDS and rng.random() < probability:
        program = _add_one(program, rng, size)
        count += 1
    return program, count


def _add_one(program: Program, rng: random.Random, size: tuple[int, int]) -> Program:
    position = [i for i, f in enumerate(program.functions) if f.name == BODY_FUNCTION]
    assert position, "a generated fragment shader has a fragment_body"
    index = position[0]
    function = program.functions[index]
    blocks = _count_blocks(function.body)
    chosen = rng.randrange(blocks)
    statement = If(discard_condition(rng, size), Block((Discard(),)))
    seen = 0

    def insert(node: Any) -> Any:
        nonlocal seen
        if not isinstance(node, Block):
            return node
        seen += 1
        if seen - 1 != chosen:
            return node
        at = rng.randint(0, len(node.body))
        return Block((*node.body[:at], statement, *node.body[at:]))

    body = transform(function.body, insert)
    functions = list(program.functions)
    functions[index] = replace(function, body=body)
    return replace(program, functions=tuple(functions))


def _count_blocks(body: Block) -> int:
    found = 0

    def count(node: Any) -> Any:
        nonlocal found
        found += isinstance(node, Block)
        return node

    transform(body, count)
    return found


def discard_condition(rng: random.Random, size: tuple[int, int]) -> Expression:
    """A condition on the pixel's column and row that holds for some fragments of a
    `size` target: a column or row threshold, or a diagonal stripe pattern."""
    width, height = size
    x, y = fragment_coordinate(0), fragment_coordinate(1)
    kind = rng.randrange(3)
    if kind == 0:
        return Binary(BOOL, BinaryOp.LT, x, Literal(UINT, rng.randint(1, max(1, width - 1))))
    if kind == 1:
        return Binary(BOOL, BinaryOp.GE, y, Literal(UINT, rng.randint(1, max(1, height - 1))))
    modulus = rng.randint(2, 5)
    stripe = Binary(UINT, BinaryOp.MOD, Binary(UINT, BinaryOp.ADD, x, y), Literal(UINT, modulus))
    return Binary(BOOL, BinaryOp.EQ, stripe, Literal(UINT, rng.randrange(modulus)))
