"""The `precise` qualifier (issue 36): some float locals (scalars, vectors, matrices) of a
GLSL 4.50 program declared `precise float f = ...;` (SmithOptions.precise_probability,
off by default).

`precise` forbids the compiler to reassociate or contract (fuse into fma) the operations
that compute the variable (GLSL 4.60 4.8.1; glslang decorates them NoContraction). In the
exact mode every float is an exact integer of S, whose sums and products have no rounding
to reorder, so it changes no value: the interpreter ignores it, as it does `invariant`.
In the interval mode it only forbids what the intervals allow. Parameters, globals,
constants and specialization constants keep their declarations. The word goes before any
precision word (`precise mediump float`, the order ESSL 3.20 requires). ESSL 3.10 needs
GL_EXT_gpu_shader5 for it and WGSL has none: the profile's `precise` says where.

Drawn after generation from a stream of the seed's own, so that with the option at 0 no
draw is made and every program is the one of before.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from shadersmith.analysis.relaxed_precision import is_float32
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.walk import transform

PRECISE = "precise"


def make_precise(
    program: Program,
    seed: int,
    probability: float,
    profile: LanguageProfile,
    choices: Counter[str],
) -> Program:
    """`program` with each float local declared `precise` with `probability`, counted in
    `choices` as `qualifier:precise`."""
    if probability <= 0.0 or not profile.precise:
        return program
    rng = random.Random(f"shadersmith-precise-{seed}")

    def qualify(node: object) -> object:
        if (
            isinstance(node, VarDecl)
            and not node.const
            and node.specialization is None
            and is_float32(node.type)
            and not node.qualifiers.has(PRECISE)
            and rng.random() < probability
        ):
            choices["qualifier:precise"] += 1
            words = (PRECISE, *node.qualifiers.words)
            return replace(node, qualifiers=Qualifiers(node.qualifiers.layout, words))
        return node

    functions = tuple(replace(f, body=transform(f.body, qualify)) for f in program.functions)
    return replace(program, functions=functions)
