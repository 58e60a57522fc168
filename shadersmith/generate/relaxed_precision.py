"""Relaxed precision (issue 36 item 2): `mediump` and `lowp` on float locals and `in`
parameters of interval-mode programs (SmithOptions.mediump_probability, off by default).

glslang decorates a mediump or lowp value RelaxedPrecision for Vulkan, which a driver may
compute in 16 bits (NIR's precision lowering, RADV, NVIDIA); desktop GL ignores the words
(GLSL 4.60 4.7: "no semantic meaning"), and a highp result is inside every relaxed interval
(interp/relaxed.py), so one text serves both. `lowp` only in desktop GLSL: on Vulkan it is
RelaxedPrecision like mediump, but ESSL gives lowp its own, far weaker minimum (range
(-2, 2), absolute precision 2^-8: ESSL 3.10 4.7.2), outside the mediump row the interpreter
models, so ESSL programs get mediump alone. Integers stay highp: `mediump int` is only 16
bits wide at least, and wrapping at an unknown width has no exact semantics. Exact mode
never draws (its floats are exact integers the interpreter does not widen), nor WGSL (no
precision qualifiers), nor a generated vertex stage. Out and inout parameters and function
return types stay highp (ir.program.Function has no qualifiers for a return type).

Drawn after generation from a stream of the seed's own, so that with the option at 0 no
draw is made and every program is the one of before.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from shadersmith.analysis.relaxed_precision import is_float32
from shadersmith.ir.profile import Language, LanguageProfile
from shadersmith.ir.program import Function, ParamQualifier, Program
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import MatrixType
from shadersmith.ir.walk import transform

# Of the relaxed declarations of a desktop GLSL program, the share spelled lowp.
LOWP_SHARE = 0.25


def relax_declarations(
    program: Program,
    seed: int,
    probability: float,
    profile: LanguageProfile,
    choices: Counter[str],
) -> Program:
    """`program` with each float local and `in` parameter made mediump (or lowp) with
    `probability`, counted in `choices` as `precision:mediump` / `precision:lowp`."""
    if probability <= 0.0 or profile.language.family is not Language.GLSL:
        return program
    rng = random.Random(f"shadersmith-relaxed-precision-{seed}")
    lowp = profile.language is Language.GLSL

    def word() -> str | None:
        if rng.random() >= probability:
            return None
        chosen = "lowp" if lowp and rng.random() < LOWP_SHARE else "mediump"
        choices[f"precision:{chosen}"] += 1
        return chosen

    def relaxable(type_: object, qualifiers: Qualifiers) -> bool:
        # Matrices stay highp: a relaxed matrix product is a dot product per element,
        # which the interpreter does not bound at 16 bits.
        return is_float32(type_) and not isinstance(type_, MatrixType) and not qualifiers  # type: ignore[arg-type]

    def relax(node: object) -> object:
        if (
            isinstance(node, VarDecl)
            and node.specialization is None
            and relaxable(node.type, node.qualifiers)
        ):
            chosen = word()
            if chosen is not None:
                return replace(node, qualifiers=Qualifiers(words=(chosen,)))
        return node

    def function(f: Function) -> Function:
        params = []
        for p in f.params:
            chosen = None
            if p.qualifier is ParamQualifier.IN and relaxable(p.type, p.qualifiers):
                chosen = word()
            params.append(
                p if chosen is None else replace(p, qualifiers=Qualifiers(words=(chosen,)))
            )
        return replace(f, params=tuple(params), body=transform(f.body, relax))

    return replace(program, functions=tuple(function(f) for f in program.functions))
