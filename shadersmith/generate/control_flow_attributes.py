"""Control-flow attributes (issue 36, GL_EXT_control_flow_attributes): `[[unroll]]`,
`[[dont_unroll]]`, `[[loop]]` on loops and `[[flatten]]`, `[[dont_flatten]]`,
`[[branch]]` on `if` and `switch` (ir/control_flow.py says which are never written, and
why). They become SPIR-V's LoopControl and SelectionControl masks, which reach
spirv-opt's loop unroller and every Vulkan driver's reading of the hints (full
unrolling of a loop the generator made, if-conversion of a flattened branch); they
change no value, so the interpreter, the reconditioner and GL ignore them.

`mark_control_flow` gives each if, switch and loop of a finished GLSL program an
attribute with `SmithOptions.control_flow_attribute_probability`, drawn from a stream of
the seed's own, so that with the option at 0 no draw is made and every program is the one
of before.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from shadersmith.ir.control_flow import LOOP_ATTRIBUTES, SELECTION_ATTRIBUTES
from shadersmith.ir.program import Program
from shadersmith.ir.statements import DoWhile, For, If, Switch, While
from shadersmith.ir.walk import transform


def mark_control_flow(
    program: Program, seed: int, probability: float, choices: Counter[str]
) -> Program:
    """`program` with each if, switch and loop given an attribute with `probability`,
    counted in `choices` as `control_flow:ATTRIBUTE`; no draw when `probability` is 0."""
    if probability <= 0.0:
        return program
    rng = random.Random(f"shadersmith-control-flow-attributes-{seed}")

    def mark(node: object) -> object:
        if isinstance(node, For | While | DoWhile):
            names = LOOP_ATTRIBUTES
        elif isinstance(node, If | Switch):
            names = SELECTION_ATTRIBUTES
        else:
            return node
        if rng.random() >= probability:
            return node
        attribute = rng.choice(names)
        choices[f"control_flow:{attribute}"] += 1
        return replace(node, attribute=attribute)

    return transform(program, mark)
