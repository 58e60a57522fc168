"""Storage buffers read through buffer references (GL_EXT_buffer_reference, issue 36).

With `SmithOptions.buffer_reference_probability`, each storage buffer of a compute
program that has an instance name (`out_0.f0` accesses) is at that probability declared
as a reference type and an address block at its binding (emit/glsl.py):

    layout(buffer_reference, std430, buffer_reference_align = 16) buffer buf_out_0_ref { ... };
    layout(std430, binding = 1) readonly buffer buf_out_0 { buf_out_0_ref out_0; };

so every `out_0.f0` of the body reads and writes through a PhysicalStorageBuffer pointer
(glslang), with no value changed: `Program.buffer_references`, a spelling the interpreter
and the reconditioner ignore. A Vulkan runner puts the data buffer's device address in
the address block (targets/runners/vk_runner.py); GL has no such references, so its
targets answer `unsupported` (analysis/widths.BUFFER_REFERENCE). A buffer without an
instance name (its fields global names), a uniform block and a push-constant block stay
plain. The draws come from a stream of the seed's own once the program is complete, so
the program is otherwise the one of before; with the probability 0 nothing is drawn.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program, Stage


def reference_buffers(
    program: Program,
    seed: int,
    probability: float,
    profile: LanguageProfile,
    choices: Counter[str],
) -> Program:
    """`program` with some of its storage buffers spelled as references (see above)."""
    if probability <= 0.0 or not profile.buffer_references or program.stage is not Stage.COMPUTE:
        return program
    rng = random.Random(f"shadersmith-buffer-references-{seed}")
    chosen = tuple(
        b.block_name for b in program.buffers if b.referable and rng.random() < probability
    )
    choices["buffer:reference"] += len(chosen)
    return dataclasses.replace(program, buffer_references=chosen)
