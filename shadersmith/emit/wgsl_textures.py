"""Generated textures and images (ir/program.Texture) in WGSL.

- a sampled texture is `var t: texture_2d<u32>` (i32, f32) read by `textureLoad(t, p,
  level)`, which is texelFetch: integer coordinates, an explicit level, no sampler;
- an image is `var img: texture_storage_2d<r32uint, access>` (r32sint) read by
  `textureLoad(img, p)` and written by `textureStore(img, p, v)`, imageLoad and
  imageStore. Its access is what the program does with it: `read` if it only loads, `write`
  if it only stores, `read_write` if both (or neither); the runner binds it with the access
  the shader declares (targets/runners/wgpu_bindings.py).

- a float texture read at a texel's centre (ir/sampling.py), `textureLod(t, uv, 0.0)`, is
  `textureSampleLevel(t, _ss_nearest, uv, 0.0)`: WGSL has no combined sampler, so a
  module that samples declares one `var _ss_nearest: sampler;` at the binding after every
  buffer's and texture's (SAMPLER_NAME, sampler_declaration), and the runner binds a
  nearest, clamp-to-edge, non-filtering sampler there (r32float is an unfilterable-float
  texture, which WebGPU pairs only with a non-filtering sampler; nearest filtering at a
  centre is exact anyway). textureSampleLevel, unlike textureSample, runs in any stage.

A one-channel format reads as `(texel, 0, 0, 1)` in WGSL as in GLSL (WebGPU fills the
missing green and blue with 0, alpha with 1), so the IR's texel reads mean the same here.
WGSL's texel formats are WebGPU's texture format names, which the runner creates the
texture with (TEXEL_FORMATS).
"""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.emit.wgsl_types import WGSLEmitError, scalar_name
from shadersmith.ir.expressions import Call, Expression, VariableRef
from shadersmith.ir.program import Program, Texture, TextureKind
from shadersmith.ir.sampling import SAMPLE_BUILTIN
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.walk import iter_nodes

# One 32-bit channel of each texel kind: WGSL's texel format and WebGPU's texture format.
TEXEL_FORMATS = {
    ScalarKind.UINT: "r32uint",
    ScalarKind.INT: "r32sint",
    ScalarKind.FLOAT: "r32float",
}
# The IR's (GLSL's) texel built-ins, each with WGSL's counterpart.
TEXTURE_BUILTINS = {
    "texelFetch": "textureLoad",
    "imageLoad": "textureLoad",
    "imageStore": "textureStore",
    SAMPLE_BUILTIN: "textureSampleLevel",
}
# The one sampler of a module that samples textures (a reserved name: recondition/
# reserved_names.py renames user names with the `_ss_` prefix).
SAMPLER_NAME = "_ss_nearest"

Text = Callable[[Expression], str]


def texture_declaration(texture: Texture, program: Program) -> str:
    """`@group(0) @binding(N) var name: texture_2d<u32>;` or the storage texture's."""
    if texture.kind is TextureKind.SAMPLED:
        type_ = f"texture_2d<{scalar_name(texture.element)}>"
    else:
        access = _image_access(texture.name, program)
        type_ = f"texture_storage_2d<{TEXEL_FORMATS[texture.element]}, {access}>"
    return f"@group(0) @binding({texture.binding}) var {texture.name}: {type_};"


def sampler_declaration(program: Program) -> str | None:
    """`@group(0) @binding(K) var _ss_nearest: sampler;` at the binding after every other
    of `program`, if it samples a texture; else None."""
    samples = any(
        isinstance(node, Call) and node.callee == SAMPLE_BUILTIN for node in iter_nodes(program)
    )
    if not samples:
        return None
    bindings = [b.binding for b in program.buffers] + [t.binding for t in program.textures]
    binding = max(bindings, default=-1) + 1
    return f"@group(0) @binding({binding}) var {SAMPLER_NAME}: sampler;"


def _image_access(name: str, program: Program) -> str:
    """`read`, `write` or `read_write`: how `program` uses the image `name`."""
    uses = {
        node.callee
        for node in iter_nodes(program)
        if isinstance(node, Call)
        and node.callee in ("imageLoad", "imageStore")
        and isinstance(node.args[0], VariableRef)
        and node.args[0].name == name
    }
    if uses == {"imageLoad"}:
        return "read"
    if uses == {"imageStore"}:
        return "write"
    return "read_write"


def texture_call(call: Call, text: Text) -> str:
    """`textureLoad(t, p, level)`, `textureLoad(img, p)` or `textureStore(img, p, v)`:
    the same arguments as the IR's texelFetch, imageLoad and imageStore; or
    `textureSampleLevel(t, _ss_nearest, uv, level)` of textureLod's."""
    if not isinstance(call.args[0], VariableRef):
        raise WGSLEmitError(f"{call.callee} of something other than a texture variable")
    args = [text(a) for a in call.args]
    if call.callee == SAMPLE_BUILTIN:
        args.insert(1, SAMPLER_NAME)
    return f"{TEXTURE_BUILTINS[call.callee]}({', '.join(args)})"
