"""Which kind of buffer a shader declares at each binding, read from its text.

WebGPU binds resources through explicit bind group layouts, and wgpu checks each layout
entry against the shader's declaration exactly: a `var<storage, read>` must be bound as
"read-only-storage", a `read_write` one as "storage", a `var<uniform>` as "uniform"
(wgpu-core's binding validation compares address space and access). A job only says
"storage buffer (std430)" or "uniform block (std140)", so the access mode comes from the
shader. A pipeline with layout "auto" would avoid this, but it drops the bindings the
shader never uses, and then a bind group with every job buffer is refused.

Storage textures are checked the same way: a `texture_storage_2d<f, read>` must be bound
"read-only", `write` "write-only", `read_write` "read-write" (wgsl_image_accesses). A GLSL
image without `readonly` or `writeonly`, all the generator writes, is read-write to naga.

Samplers are read too (wgsl_sampler_bindings): the WGSL emitter declares one `var
_ss_nearest: sampler;` for a module that samples a float texture at its texel centres
(emit/wgsl_textures.py), at a binding no job input has; the runner binds a nearest
sampler there.

Only group 0 is read (where every job binds its buffers); naga's GLSL front-end puts a
block without `set =` there too.
"""

from __future__ import annotations

import enum
import re


class BufferKind(enum.Enum):
    UNIFORM = "uniform"
    STORAGE = "storage"  # read_write
    READ_ONLY_STORAGE = "read-only-storage"


# `@group(0) @binding(3) var<storage, read_write> name: T;` with the two attributes in
# either order (WGSL allows both); comments are removed before matching.
_WGSL_GROUP = r"@\s*group\s*\(\s*(?P<g{n}>\d+)\s*\)"
_WGSL_BINDING = r"@\s*binding\s*\(\s*(?P<b{n}>\d+)\s*\)"
_WGSL_ATTRIBUTES = (
    rf"(?:{_WGSL_GROUP.format(n=1)}\s*{_WGSL_BINDING.format(n=1)}"
    rf"|{_WGSL_BINDING.format(n=2)}\s*{_WGSL_GROUP.format(n=2)})"
)
_WGSL_VAR = re.compile(
    _WGSL_ATTRIBUTES + r"\s*var\s*<\s*(?P<space>\w+)\s*(?:,\s*(?P<access>\w+)\s*)?>"
)
_WGSL_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
# `@group(0) @binding(5) var img: texture_storage_2d<r32uint, read_write>;`
_WGSL_STORAGE_TEXTURE = re.compile(
    _WGSL_ATTRIBUTES + r"\s*var\s+\w+\s*:\s*texture_storage_2d\s*<\s*\w+\s*,\s*(?P<access>\w+)\s*>"
)
# `@group(0) @binding(6) var s: sampler;`
_WGSL_SAMPLER = re.compile(_WGSL_ATTRIBUTES + r"\s*var\s+\w+\s*:\s*sampler\s*;")
# WGSL's access modes as a WebGPU storage texture binding names them.
_STORAGE_TEXTURE_ACCESS = {"read": "read-only", "write": "write-only", "read_write": "read-write"}
READ_WRITE = _STORAGE_TEXTURE_ACCESS["read_write"]

# `layout(std430, binding = 2) readonly buffer Name {` or `layout(std140, binding = 0)
# uniform Name {`; qualifiers may sit before or after the layout.
_GLSL_BLOCK = re.compile(
    r"(?P<before>(?:\b(?:readonly|writeonly|restrict|coherent|volatile)\s+)*)"
    r"layout\s*\((?P<layout>[^)]*)\)\s*"
    r"(?P<after>(?:\b(?:readonly|writeonly|restrict|coherent|volatile)\s+)*)"
    r"(?P<kind>buffer|uniform)\s+\w+\s*\{"
)
_GLSL_BINDING = re.compile(r"\bbinding\s*=\s*(\d+)")
_GLSL_SET = re.compile(r"\bset\s*=\s*(\d+)")
_GLSL_COMMENTS = _WGSL_COMMENTS


def wgsl_buffer_kinds(source: str) -> dict[int, BufferKind]:
    """Group 0's buffer bindings of a WGSL module. `var<storage>` without an access mode
    is read-only (WGSL's default)."""
    kinds: dict[int, BufferKind] = {}
    for match in _WGSL_VAR.finditer(_WGSL_COMMENTS.sub(" ", source)):
        group = int(match.group("g1") or match.group("g2"))
        binding = int(match.group("b1") or match.group("b2"))
        if group != 0:
            continue
        space, access = match.group("space"), match.group("access")
        if space == "uniform":
            kinds[binding] = BufferKind.UNIFORM
        elif space == "storage":
            writable = access in ("read_write", "write")
            kinds[binding] = BufferKind.STORAGE if writable else BufferKind.READ_ONLY_STORAGE
    return kinds


def wgsl_image_accesses(source: str) -> dict[int, str]:
    """Group 0's storage textures of a WGSL module, each with its binding's access
    ("read-only", "write-only", "read-write")."""
    accesses: dict[int, str] = {}
    for match in _WGSL_STORAGE_TEXTURE.finditer(_WGSL_COMMENTS.sub(" ", source)):
        group = int(match.group("g1") or match.group("g2"))
        binding = int(match.group("b1") or match.group("b2"))
        access = _STORAGE_TEXTURE_ACCESS.get(match.group("access"))
        if group == 0 and access is not None:
            accesses[binding] = access
    return accesses


def wgsl_sampler_bindings(source: str) -> list[int]:
    """The bindings of group 0's samplers of a WGSL module (`sampler`, not the comparison
    kind), in order."""
    bindings: list[int] = []
    for match in _WGSL_SAMPLER.finditer(_WGSL_COMMENTS.sub(" ", source)):
        if int(match.group("g1") or match.group("g2")) == 0:
            bindings.append(int(match.group("b1") or match.group("b2")))
    return bindings


def glsl_buffer_kinds(source: str) -> dict[int, BufferKind]:
    """Set 0's buffer blocks of a GLSL 450 shader: `readonly buffer` is read-only."""
    kinds: dict[int, BufferKind] = {}
    for match in _GLSL_BLOCK.finditer(_GLSL_COMMENTS.sub(" ", source)):
        layout = match.group("layout")
        binding = _GLSL_BINDING.search(layout)
        set_ = _GLSL_SET.search(layout)
        if binding is None or (set_ is not None and int(set_.group(1)) != 0):
            continue
        if match.group("kind") == "uniform":
            kinds[int(binding.group(1))] = BufferKind.UNIFORM
            continue
        qualifiers = f"{match.group('before')} {match.group('after')}".split()
        read_only = "readonly" in qualifiers
        kinds[int(binding.group(1))] = (
            BufferKind.READ_ONLY_STORAGE if read_only else BufferKind.STORAGE
        )
    return kinds
