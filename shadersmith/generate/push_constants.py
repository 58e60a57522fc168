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

With `SmithOptions.narrow_storage_probability` > 0 too, and where the profile has 8- and
16-bit integers (GLSL), each field is at that probability 16 or 8 bits wide (`int16_t`,
`u8vec4`, ...: Vulkan's storagePushConstant16 / storagePushConstant8 features, SPIR-V's
StoragePushConstant16/8 capabilities, which a device without answers `unsupported`),
drawn from a stream of its own, so the block is otherwise the one of before. The program
reads such a field widened, as a narrow buffer field (generate/narrow_storage.py); its
values are the narrow type's. A block with a narrow field has no instance name (as a
buffer with one, generate/interface.py), and its bytes are padded to a multiple of four
(a push-constant range's size must be: targets/runners/vk_runner.pushed_bytes).
"""

from __future__ import annotations

import random

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.interface import declare_buffers
from shadersmith.generate.narrow_storage import at_width, is_narrow, narrow_value
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
    signed = type_.kind is ScalarKind.INT
    top = 2 ** (type_.bits - 1)
    extremes = (0, 1, top - 1, -top) if signed else (0, 1, top, 2 * top - 1)
    if rng.random() < 0.1:
        return rng.choice(extremes)
    value = narrow_value(rng.randint(-64, 64) if signed else rng.randint(0, 128), type_)
    assert isinstance(value, int)
    return value


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
    fields = _narrowed(seed, options, profile, fields)
    instance = ctx.fresh_name("pc")
    block = StorageBuffer(
        block_name="PushConstants",
        instance_name=None if any(is_narrow(f.type) for f in fields) else instance,
        binding=max((b.binding for b in buffers), default=-1) + 1,
        fields=fields,
        access=BufferAccess.INPUT,
        readonly=True,
        uniform=True,
        push_constant=True,
    )
    declare_buffers(ctx, (block,))
    ctx.choices["push_constant:field"] += len(fields)
    ctx.choices["push_constant:narrow_field"] += sum(1 for f in fields if is_narrow(f.type))
    return (block,), {block.block_name: {f.name: _value(rng, f.type) for f in fields}}


def _narrowed(
    seed: int, options: SmithOptions, profile: LanguageProfile, fields: tuple[BufferField, ...]
) -> tuple[BufferField, ...]:
    """`fields` with some at 16 or 8 bits (module docstring); no draw at all when the
    narrow-storage knob is 0 or the profile has no small integers."""
    probability = options.narrow_storage_probability
    if probability <= 0.0 or not profile.small_ints:
        return fields
    rng = random.Random(f"shadersmith-push-constants-narrow-{seed}")
    narrowed: list[BufferField] = []
    for field in fields:
        type_ = field.type
        if rng.random() < probability:
            assert isinstance(type_, ScalarType | VectorType)
            type_ = at_width(type_, rng.choice((8, 16)))
        narrowed.append(BufferField(field.name, type_))
    return tuple(narrowed)
