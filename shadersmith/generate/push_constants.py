"""Push constants (issue 36): `layout(push_constant) uniform PC { int a; uvec2 b; } pc;`,
whose bytes a Vulkan pipeline's command buffer pushes (vkCmdPushConstants) rather than a
descriptor binding: what reaches the drivers' push-constant lowering (lavapipe and
SwiftShader load them from a separate constant buffer, RADV from user SGPRs) and
spirv-opt's handling of the PushConstant storage class. WGSL spells it naga 29's
`var<immediate> pc: PC;`, which wgpu sets with `set_immediates` (its `immediates` native
feature): naga's SPIR-V and GLSL writers' push-constant paths.

With `SmithOptions.push_constant_probability` > 0 a program gets, at that probability,
one such block (Vulkan allows one a stage) of 1-4 fields, drawn from a stream of the
seed's own: with the option at 0 nothing is drawn and programs are those of before. The
fields are int and uint scalars and 2- and 4-vectors, which std430 (glslang's layout for
push constants) and std140 (GL's block, emit/glsl.py) and WGSL place alike, at most 64
bytes (the Vulkan minimum of maxPushConstantsSize is 128). They are read-only inputs the
expression generator reads like any input buffer's field; the test records their values
as a uniform block's, marked `push_constant`.
"""

from __future__ import annotations

import random

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.interface import declare_buffers
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import BufferAccess, BufferField, StorageBuffer
from shadersmith.ir.types import INT, UINT, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value

MAX_FIELDS = 4
_TYPES: tuple[Type, ...] = (
    INT,
    UINT,
    VectorType(ScalarKind.INT, 2),
    VectorType(ScalarKind.UINT, 2),
    VectorType(ScalarKind.INT, 4),
    VectorType(ScalarKind.UINT, 4),
)


def _scalar(rng: random.Random, type_: ScalarType) -> int:
    extremes = (0, 1, 2**31 - 1, -(2**31)) if type_ == INT else (0, 1, 2**31, 2**32 - 1)
    if rng.random() < 0.1:
        return rng.choice(extremes)
    return rng.randint(-64, 64) if type_ == INT else rng.randint(0, 128)


def _value(rng: random.Random, type_: Type) -> Value:
    if isinstance(type_, VectorType):
        return tuple(_scalar(rng, type_.component) for _ in range(type_.size))
    assert isinstance(type_, ScalarType)
    return _scalar(rng, type_)


def push_constant_block(
    seed: int,
    options: SmithOptions,
    profile: LanguageProfile,
    ctx: GenerationContext,
    buffers: tuple[StorageBuffer, ...],
) -> tuple[tuple[StorageBuffer, ...], BufferValues]:
    """The program's push-constant block (at the binding after `buffers`', which GL
    uses), its fields declared in `ctx`'s scope, and its values; none when the option is
    off, the profile has no push constants, or the draw says so."""
    probability = options.push_constant_probability
    if probability <= 0.0 or not profile.push_constants:
        return (), {}
    rng = random.Random(f"shadersmith-push-constants-{seed}")
    if rng.random() >= probability:
        return (), {}
    fields = tuple(
        BufferField(ctx.fresh_name("push_f"), rng.choice(_TYPES))
        for _ in range(rng.randint(1, MAX_FIELDS))
    )
    block = StorageBuffer(
        block_name="PushConstants",
        instance_name=ctx.fresh_name("pc"),
        binding=max((b.binding for b in buffers), default=-1) + 1,
        fields=fields,
        access=BufferAccess.INPUT,
        readonly=True,
        uniform=True,
        push_constant=True,
    )
    declare_buffers(ctx, (block,))
    ctx.choices["push_constant:field"] += len(fields)
    return (block,), {block.block_name: {f.name: _value(rng, f.type) for f in fields}}
