"""Image atomics in multi-invocation compute programs (SmithOptions.image_atomic_probability).

A program that draws them gets one or two *atomic images* beside its other images (if
any): r32ui or r32i 2D images, at most 4 x 4 texels so that invocations meet on a texel,
that no `imageLoad` or `imageStore` touches (TextureSource.atomic keeps them out of the
texture reads and stores). Each has one operation drawn from the order-independent ones,
and statements `imageAtomicAdd(img, p, v);` (or Min, Max, And, Or, Xor) update it, their
returned old value discarded: every update of a texel commutes with every other, so the
final texels, read back by the harness like the other images', are the same whatever the
order the invocations run in. This is generate/atomics.py's design on a texel instead of
a buffer element; the interpreter lowers an image atomic to the plain atomic on the
image's backing buffer (interp/textures.py), so the same semantics and race rules hold
(interp/races.py: atomics meet atomics, never a plain access).

The coordinate `ivec2(x, y)` is drawn like a texture read's (any integer expression at
times) or, at times, follows the invocation (`int(slot % w)`); the reconditioner clamps it
into the image as it clamps every texel access (recondition/texture_coordinates.py).
GLSL needs the image's format qualifier (`r32ui`, `r32i`: emit/glsl.py writes it for
every image) for atomics on GL and Vulkan; `coherent` and `volatile` are not needed, as
nothing reads the image before the dispatch ends.

The decision, the images, their contents and operations are drawn from a stream of the
seed's own, so with image atomics off (or not drawn) the program is the one the generator
made before they existed; the statements come from the generator's stream (divergence.py).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.analysis.builtins import ORDER_INDEPENDENT_IMAGE_ATOMICS
from shadersmith.analysis.gl_bindings import image_room
from shadersmith.generate.invocations import InvocationLayout
from shadersmith.generate.textures import IVEC2, TextureSource, reference, texel_contents
from shadersmith.ir.expressions import Binary, Call, CallKind, Construct, Expression, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import INT, UINT, ScalarKind, ScalarType
from shadersmith.ir.values import BufferValues

if TYPE_CHECKING:
    from shadersmith.config.generator_options import SmithOptions
    from shadersmith.generate.statements import StatementGenerator
    from shadersmith.ir.profile import LanguageProfile

# The chance that a statement of a program with atomic images is an update of one.
IMAGE_ATOMIC_STATEMENT = 0.1
# Sides of an atomic image: small, so that several invocations update one texel.
MAX_SIDE = 4
# The chance that an update's column follows the invocation (`slot % width`).
_OWN_COLUMN = 0.3


@dataclass(frozen=True)
class AtomicImage:
    """An image that only `operation` (imageAtomicAdd ...) updates."""

    texture: Texture
    operation: str


def add_atomic_images(
    seed: int,
    options: SmithOptions,
    profile: LanguageProfile,
    layout: InvocationLayout | None,
    source: TextureSource | None,
) -> tuple[TextureSource | None, BufferValues, tuple[AtomicImage, ...]]:
    """`source` with the program's atomic images added (a source of its own when the
    program drew no textures), their initial texels, and the images; `source`
    unchanged, no values and no images when the program draws none."""
    if (
        options.image_atomic_probability <= 0.0
        or layout is None
        or not profile.image_atomics
        or not profile.textures
    ):
        return source, {}, ()
    rng = random.Random(f"shadersmith-image-atomics-{seed}")
    if rng.random() >= options.image_atomic_probability:
        return source, {}, ()
    textures = () if source is None else source.textures
    images = sum(t.kind is TextureKind.STORAGE for t in textures)
    # Under GL's limits with the most storage blocks the options allow (textures.py).
    room = image_room(options.max_input_buffers + options.max_output_buffers) - images
    drawn: list[AtomicImage] = []
    for number in range(min(rng.randint(1, 2), room)):
        element = rng.choice((ScalarKind.UINT, ScalarKind.INT))
        width, height = rng.randint(1, MAX_SIDE), rng.randint(1, MAX_SIDE)
        texture = Texture(
            f"img_atomic{number}",
            len(textures) + number,
            TextureKind.STORAGE,
            element,
            width,
            height,
        )
        drawn.append(AtomicImage(texture, rng.choice(ORDER_INDEPENDENT_IMAGE_ATOMICS)))
    if not drawn:
        return source, {}, ()
    values: BufferValues = {
        a.texture.name: {a.texture.name: texel_contents(rng, a.texture)} for a in drawn
    }
    atomic = tuple(a.texture for a in drawn)
    if source is None:
        source = TextureSource(atomic, (), None, atomic)
    else:
        source = dataclasses.replace(
            source, textures=source.textures + atomic, atomic=source.atomic + atomic
        )
    return source, values, tuple(drawn)


def image_atomic_statement(
    gen: StatementGenerator, image: AtomicImage, slot: Expression
) -> Statement:
    """`imageAtomicOp(img, ivec2(x, y), v);` on `image`: x and y drawn like a texture
    read's coordinate, x at times the invocation's `int(slot % width)`; v any expression
    of the texel's type."""
    texture = image.texture
    x = gen.exprs.index(texture.width, 0)
    if gen.rng.random() < _OWN_COLUMN:
        x = Construct(INT, (Binary(UINT, BinaryOp.MOD, slot, Literal(UINT, texture.width)),))
    y = gen.exprs.index(texture.height, 0)
    element = ScalarType(texture.element)
    value = gen.exprs.expression(element)
    args = (reference(texture), Construct(IVEC2, (x, y)), value)
    gen.ctx.choices[f"image_atomic:{image.operation}"] += 1
    return ExprStmt(Call(element, image.operation, args, CallKind.BUILTIN))
