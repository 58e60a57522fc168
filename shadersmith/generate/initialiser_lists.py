"""Initialiser lists `T x = { ... };` and null initialisers `T x = {};` (issue 36).

`spell_initialisers` marks some local declarations of a finished program whose
initialiser is an aggregate constructor that a brace list can spell (ir/initialisers.py)
with VarDecl.spelling: LIST, or NULL where the value is all zero and the declaration not
const (emit/glsl.py writes `{}` under `#ifdef VULKAN`, the list for GL). Only the spelling
changes (the interpreter and the reconditioner see the program of before), but for a
share (ZEROED) of the integer aggregates drawn, which start at zero instead, written `{}`.
A for loop's declaration keeps its constructor.

Each declaration is drawn from a stream of the seed's own, after the program is complete,
so that with `SmithOptions.initialiser_list_probability` 0 no draw is made and every
program is the one of before.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from shadersmith.ir.initialisers import fits_list, is_zero, list_element_types, zero_of
from shadersmith.ir.program import Program
from shadersmith.ir.statements import For, InitSpelling, VarDecl
from shadersmith.ir.types import ScalarKind, ScalarType, Type
from shadersmith.ir.walk import transform

LIST = "initialiser:list"
NULL = "initialiser:null"
# The share of the declarations drawn for a list whose integer aggregate is made to start
# at zero, spelled `{}`: the value changes (from a stream of the seed's own, so only in
# programs that draw it), and no float is involved, so reconditioning keeps it zero.
ZEROED = 0.25


def spell_initialisers(
    program: Program, seed: int, probability: float, choices: Counter[str]
) -> Program:
    """`program` with some local declarations' constructors spelled as brace lists,
    counted in `choices`; no draw at all when `probability` is 0."""
    if probability <= 0.0:
        return program
    rng = random.Random(f"shadersmith-initialiser-lists-{seed}")

    def mark(node: object) -> object:
        if isinstance(node, For) and isinstance(node.init, VarDecl):
            return replace(node, init=replace(node.init, spelling=InitSpelling.CONSTRUCTOR))
        if not isinstance(node, VarDecl) or node.init is None or not fits_list(node.init):
            return node
        if node.specialization is not None or rng.random() >= probability:
            return node
        if not node.const and is_zero(node.init):
            choices[NULL] += 1
            return replace(node, spelling=InitSpelling.NULL)
        zero = zero_of(node.type)
        if not node.const and zero is not None and _integral(node.type) and rng.random() < ZEROED:
            # The generator writes almost no all-zero aggregate by itself, so `{}` would
            # come only from hand-written text: some integer ones start at zero instead.
            choices[NULL] += 1
            return replace(node, init=zero, spelling=InitSpelling.NULL)
        choices[LIST] += 1
        return replace(node, spelling=InitSpelling.LIST)

    functions = tuple(transform(function, mark) for function in program.functions)
    return replace(program, functions=functions)


def _integral(type_: Type) -> bool:
    """Whether every scalar of the aggregate `type_` is an integer or a bool."""
    if isinstance(type_, ScalarType):
        return type_.kind is not ScalarKind.FLOAT
    elements = list_element_types(type_)
    return elements is not None and all(_integral(element) for element in elements)
