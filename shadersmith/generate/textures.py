"""Textures and images in generated programs (SmithOptions.texture_probability).

A program that draws them gets one or two 2D textures read by `texelFetch(t, p, 0)` and,
in a compute shader, up to two images read by `imageLoad(img, p)` and written by
`imageStore(img, p, v)`, each with one 32-bit channel (R32UI, R32I, and R32F for
textures: what every GL and Vulkan target samples and stores; `Texture` in
ir/program.py). Images hold integers only: a float store would need the reconditioner to
bound the stored value as it bounds a float written to a buffer. A texel read is exact:
texelFetch takes integer coordinates and level 0, so no filtering happens, and a float
texture holds small integers. With SmithOptions.texture_sampling_probability, a float
texture has power-of-two sides and a read of it may sample it instead, with nearest
filtering at the texel's centre, `textureLod(t, (vec2(p) + 0.5) / vec2(w, h), 0.0)`
(ir/sampling.py; WGSL's textureSampleLevel), which is exact too. A read gives
`gvec4(texel, 0, 0, 1)`, of which an expression of the texel's kind takes a component or
a swizzle. The IR names the GLSL built-ins; WGSL spells them textureLoad and textureStore
(emit/wgsl_textures.py).

Coordinates are `ivec2(i, j)` of two indices drawn like array indices (in range or any
integer expression); the reconditioner clamps them into the texture
(recondition/texture_coordinates.py), as it bounds array indices.

Multi-invocation programs stay free of races: an image there is either read-only, or
written by `imageStore` at the invocation's own texel only (`ivec2(gl_GlobalInvocationID.
xy)`, the image as large as the dispatch) and never read, so that no invocation reads or
writes a texel another one writes. A single invocation reads and writes its images
anywhere.

The decision, the textures and their contents are drawn from a stream of the seed's own,
so with textures off (or not drawn) the program is the one the generator made before
textures existed; the reads and stores come from the generator's stream.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.analysis.gl_bindings import image_room
from shadersmith.generate.invocations import UVEC3, InvocationLayout
from shadersmith.ir.expressions import (
    Call,
    CallKind,
    Construct,
    Expression,
    Literal,
    Swizzle,
    SwizzleSet,
    VariableRef,
)
from shadersmith.ir.program import Program, Texture, TextureKind
from shadersmith.ir.sampling import centre_sample, samples_at_centres
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import (
    INT,
    VOID,
    OpaqueType,
    ScalarKind,
    ScalarType,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value

if TYPE_CHECKING:
    from shadersmith.config.generator_options import SmithOptions
    from shadersmith.generate.expressions import ExpressionGenerator
    from shadersmith.ir.profile import LanguageProfile

IVEC2 = VectorType(ScalarKind.INT, 2)
# The chance that an expression of a texel's kind reads a texture, and that a statement
# of a program with writable images stores to one.
TEXTURE_READ = 0.08
IMAGE_STORE = 0.08
# Sides of a texture or a read-only image: small, so that in-range coordinates are common.
MAX_SIDE = 8
# Sides of a float texture that may be read at its texel centres: powers of two.
CENTRE_SIDES = (1, 2, 4, 8)


@dataclass(frozen=True)
class TextureSource:
    """A program's textures as the generator uses them: `writable` images are stored to,
    and read only where one invocation runs (`own_texel` None); `own_texel` is the
    coordinate each invocation of a multi-invocation program stores at; `atomic` images
    (among `textures`) are updated only by image atomics (generate/image_atomics.py),
    never read or stored to."""

    textures: tuple[Texture, ...]
    writable: tuple[Texture, ...]
    own_texel: Expression | None
    atomic: tuple[Texture, ...] = ()

    def readable(self, kind: ScalarKind) -> list[Texture]:
        return [
            t
            for t in self.textures
            if t.element is kind
            and t not in self.atomic
            and (self.own_texel is None or t not in self.writable)
        ]


def draw_textures(
    seed: int,
    options: SmithOptions,
    profile: LanguageProfile,
    fragment: bool,
    layout: InvocationLayout | None,
) -> tuple[TextureSource | None, BufferValues]:
    """The textures of the program of `seed` with their contents (bindings 0, 1, ...:
    `bind_textures` numbers them around the buffers), or None when it draws none."""
    if options.texture_probability <= 0.0 or not profile.textures:
        return None, {}
    rng = random.Random(f"shadersmith-textures-{seed}")
    if rng.random() >= options.texture_probability:
        return None, {}
    kinds = [ScalarKind.UINT, ScalarKind.INT] + ([ScalarKind.FLOAT] if options.floats else [])
    textures: list[Texture] = []
    writable: list[Texture] = []
    for number in range(rng.randint(1, 2)):
        width, height = rng.randint(1, MAX_SIDE), rng.randint(1, MAX_SIDE)
        element = rng.choice(kinds)
        if element is ScalarKind.FLOAT and options.texture_sampling_probability > 0.0:
            # Sides a centre read is exact at (ir/sampling.py); drawn only when on.
            width, height = rng.choice(CENTRE_SIDES), rng.choice(CENTRE_SIDES)
        name = f"tex_{number}"
        textures.append(Texture(name, number, TextureKind.SAMPLED, element, width, height))
    own_texel: Expression | None = None
    if not fragment:
        # Images are numbered before the storage blocks, which must stay under GL's
        # limit too (analysis/gl_bindings.py): the count is capped by the most storage
        # blocks the options allow (never with the defaults, so the draws stay the same).
        most_blocks = options.max_input_buffers + options.max_output_buffers
        for number in range(min(rng.randint(0, 2), image_room(most_blocks))):
            # r32ui and r32i: a float store would need the reconditioner's float bounds.
            element = rng.choice(kinds[:2])
            store = rng.random() < 0.7
            width, height = rng.randint(1, MAX_SIDE), rng.randint(1, MAX_SIDE)
            if store and layout is not None:
                # One texel per invocation of the dispatch (work groups lie along x).
                width = layout.local_size[0] * layout.workgroups[0]
                height = layout.local_size[1] * layout.workgroups[1]
                gid = VariableRef(UVEC3, "gl_GlobalInvocationID")
                xy = Swizzle(VectorType(ScalarKind.UINT, 2), gid, (0, 1))
                own_texel = Construct(IVEC2, (xy,))
            image = Texture(
                f"img_{number}", len(textures), TextureKind.STORAGE, element, width, height
            )
            textures.append(image)
            if store:
                writable.append(image)
    values: BufferValues = {t.name: {t.name: texel_contents(rng, t)} for t in textures}
    return TextureSource(tuple(textures), tuple(writable), own_texel), values


def texel_contents(rng: random.Random, texture: Texture) -> Value:
    """Rows of texels: any 32-bit word at times, small and special values at others;
    floats are small non-zero integers, in the exact set S (interp/exactness.py)."""

    def texel() -> Value:
        draw = rng.random()
        if texture.element is ScalarKind.FLOAT:
            return float(rng.choice((-1, 1)) * rng.randint(1, 64))
        if draw < 0.2:
            word = rng.choice((0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF))
        elif draw < 0.6:
            word = rng.randint(0, 32)
        else:
            word = rng.getrandbits(32)
        if texture.element is ScalarKind.INT and word >= 2**31:
            word -= 2**32
        return word

    return tuple(tuple(texel() for _ in range(texture.width)) for _ in range(texture.height))


def bind_textures(program: Program, source: TextureSource | None) -> Program:
    """`program` with `source`'s textures declared in the one number space Vulkan's set 0
    needs, ordered so that every GL binding stays under its GL minimum limit
    (analysis/gl_bindings.py): the images first (image units: 8), then the buffers in
    their order, moved up past the images (storage blocks: 8), then the samplers
    (texture units: 80). A program without images keeps its buffers' bindings."""
    if source is None:
        return program
    images = [t for t in source.textures if t.kind is TextureKind.STORAGE]
    samplers = [t for t in source.textures if t.kind is not TextureKind.STORAGE]
    buffers = tuple(
        dataclasses.replace(b, binding=b.binding + len(images)) for b in program.buffers
    )
    first = max((b.binding for b in buffers), default=len(images) - 1) + 1
    numbered = {t.name: i for i, t in enumerate(images)}
    numbered.update({t.name: first + i for i, t in enumerate(samplers)})
    textures = tuple(dataclasses.replace(t, binding=numbered[t.name]) for t in source.textures)
    return dataclasses.replace(program, buffers=buffers, textures=textures)


def reference(texture: Texture) -> VariableRef:
    return VariableRef(OpaqueType(texture.glsl_type), texture.name)


def texel_call(texture: Texture, coordinate: Expression) -> Call:
    """`texelFetch(t, p, 0)` or `imageLoad(img, p)`: the texel and (0, 0, 1)."""
    result = VectorType(texture.element, 4)
    if texture.kind is TextureKind.SAMPLED:
        args: tuple[Expression, ...] = (reference(texture), coordinate, Literal(INT, 0))
        return Call(result, "texelFetch", args, CallKind.BUILTIN)
    return Call(result, "imageLoad", (reference(texture), coordinate), CallKind.BUILTIN)


class TextureExpressions:
    """Texture reads and image stores for one program's expression generator."""

    def __init__(self, exprs: ExpressionGenerator, source: TextureSource) -> None:
        self.exprs = exprs
        self.rng = exprs.rng
        self.source = source

    def chance(self) -> bool:
        return self.rng.random() < TEXTURE_READ

    def coordinate(self, texture: Texture, depth: int) -> Expression:
        x = self.exprs.index(texture.width, depth)
        y = self.exprs.index(texture.height, depth)
        return Construct(IVEC2, (x, y))

    def read(self, type_: ScalarType | VectorType, depth: int) -> Expression | None:
        """A component or swizzle of a texel of `type_`'s kind; None if no texture has it."""
        candidates = self.source.readable(type_.kind)
        if not candidates:
            return None
        texture = self.rng.choice(candidates)
        coordinate = self.coordinate(texture, depth)
        call = texel_call(texture, coordinate)
        if self._samples(texture):
            call = centre_sample(reference(texture), coordinate, texture)
        self.exprs.ctx.choices[f"texture:{call.callee}"] += 1
        # A whole float texel holds 0.0s, outside S (below).
        whole = isinstance(type_, VectorType) and type_.size == 4
        if whole and type_.kind is not ScalarKind.FLOAT and self.rng.random() < 0.5:
            return call
        count = type_.size if isinstance(type_, VectorType) else 1
        # Mostly the texel's own channel: the other three are the constants 0, 0, 1, and
        # a float 0 is outside the exact set S (it has two signs), so floats take x or w.
        others = (3,) if type_.kind is ScalarKind.FLOAT else (1, 2, 3)
        components = tuple(
            0 if self.rng.random() < 0.7 else self.rng.choice(others) for _ in range(count)
        )
        return Swizzle(type_, call, components, self.rng.choice(list(SwizzleSet)))

    def _samples(self, texture: Texture) -> bool:
        """Whether a read of `texture` samples it at the texel's centre rather than
        fetching the texel (drawn only where the option is on and the texture allows)."""
        probability = self.exprs.ctx.options.texture_sampling_probability
        if probability <= 0.0 or not samples_at_centres(texture):
            return False
        return self.rng.random() < probability

    def store_chance(self) -> bool:
        return bool(self.source.writable) and self.rng.random() < IMAGE_STORE

    def store(self, depth: int = 0) -> Statement:
        """`imageStore(img, p, v);` at the invocation's own texel in a multi-invocation
        program, anywhere otherwise."""
        image = self.rng.choice(self.source.writable)
        if self.source.own_texel is not None:
            coordinate = self.source.own_texel
        else:
            coordinate = self.coordinate(image, depth)
        value = self.exprs.expression(VectorType(image.element, 4), depth)
        self.exprs.ctx.choices["texture:imageStore"] += 1
        call = Call(VOID, "imageStore", (reference(image), coordinate, value), CallKind.BUILTIN)
        return ExprStmt(call)
