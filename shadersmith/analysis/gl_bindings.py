"""Whether a program's bindings are valid on every GL implementation, and the one order
the generator numbers them in.

A generated program is one GLSL text for GL and Vulkan, so each block and texture has one
`binding`. Vulkan puts every descriptor in one set (set 0), where two resources may not
share a number: one number space. GL has four spaces, each with its own limit, and a
binding at or past its space's limit is a compile-time error (GLSL 4.50 section 4.4.5 for
blocks, 4.4.6 for opaque types; NVIDIA's GL says `invalid value '8' for layout qualifier
'binding'` for an image at 8). The minima an implementation of GL 4.5 must offer (GL 4.5
core, table 23.x "Implementation Dependent Values"):

- images: image units, GL_MAX_IMAGE_UNITS >= 8;
- shader storage blocks: GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS >= 8;
- samplers: texture units, GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS >= 80;
- uniform blocks: GL_MAX_UNIFORM_BUFFER_BINDINGS >= 84.

Two kinds have small limits, so one number space that puts them first stays under both:
images take 0, 1, ..., the buffers follow in their own order (storage blocks, then any
uniform block: the push-constant block comes last), then the samplers
(generate/textures.bind_textures). Then an image is below 8 whenever the program has at
most 8 images, and a storage block whenever images and storage blocks number at most 8
(`image_room`, which the generator's image count respects); samplers and uniform blocks
stay far below 80 and 84. The alternative, each kind numbered from 0 in GL and the
Vulkan numbers under `#ifdef VULKAN`, would need a second binding in every record, the
GL runner, the piglit export and the front-end's reading of both; recorded tests keep
the numbers they were recorded with, which GL reads as they are.
"""

from __future__ import annotations

import enum

from shadersmith.ir.program import Program, StorageBuffer, Texture, TextureKind


class GLBindingKind(enum.Enum):
    """A GL binding's number space, its value the name GL gives its limit."""

    IMAGE = "GL_MAX_IMAGE_UNITS"
    STORAGE_BLOCK = "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS"
    SAMPLER = "GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS"
    UNIFORM_BLOCK = "GL_MAX_UNIFORM_BUFFER_BINDINGS"


# Each space's guaranteed minimum in GL 4.5 (table 23.x): a binding must be below it.
GL_MINIMUM_LIMITS: dict[GLBindingKind, int] = {
    GLBindingKind.IMAGE: 8,
    GLBindingKind.STORAGE_BLOCK: 8,
    GLBindingKind.SAMPLER: 80,
    GLBindingKind.UNIFORM_BLOCK: 84,
}


def binding_kind(resource: StorageBuffer | Texture) -> GLBindingKind:
    if isinstance(resource, Texture):
        if resource.kind is TextureKind.STORAGE:
            return GLBindingKind.IMAGE
        return GLBindingKind.SAMPLER
    # A push-constant block is a uniform block in GL (emit/glsl.py's `#else`).
    return GLBindingKind.UNIFORM_BLOCK if resource.uniform else GLBindingKind.STORAGE_BLOCK


def image_room(storage_blocks: int) -> int:
    """How many images a program of `storage_blocks` storage blocks may have, numbered
    before them, with every image and storage block under its GL minimum limit."""
    limit = min(
        GL_MINIMUM_LIMITS[GLBindingKind.IMAGE], GL_MINIMUM_LIMITS[GLBindingKind.STORAGE_BLOCK]
    )
    return max(limit - storage_blocks, 0)


def gl_binding_problems(program: Program) -> list[str]:
    """What makes `program`'s bindings invalid somewhere: a GL binding at or past its
    space's minimum limit, or two resources at one number (Vulkan's set 0). Empty when
    valid on every GL 4.5 implementation and on Vulkan."""
    problems: list[str] = []
    owners: dict[int, str] = {}
    resources: list[StorageBuffer | Texture] = [*program.buffers, *program.textures]
    for resource in resources:
        name = resource.block_name if isinstance(resource, StorageBuffer) else resource.name
        kind = binding_kind(resource)
        limit = GL_MINIMUM_LIMITS[kind]
        if resource.binding >= limit:
            problems.append(f"{name}: binding {resource.binding} >= {kind.value}'s minimum {limit}")
        if resource.binding in owners:
            problems.append(f"{name}: binding {resource.binding} is {owners[resource.binding]}'s")
        owners[resource.binding] = name
    return problems
