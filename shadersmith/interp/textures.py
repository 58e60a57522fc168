"""Texture and image semantics for the interpreters, by lowering to buffers and functions.

A generated texture or image (ir/program.Texture) is exact memory of `height` rows of
`width` 32-bit texels, which is what a storage buffer holding an `element[height][width]`
array is. Before either interpreter compiles a program, `lower_textures` makes each
texture such a buffer (a single field named like the texture, its contents the test's
values under the texture's name, read-only for a sampled texture) and each
`texelFetch(t, p, lod)`, `imageLoad(img, p)`, `imageStore(img, p, v)` a call of a helper
function of its own:

    gvec4 texelFetch_t(ivec2 p, int lod) { return gvec4(t[p.y][p.x + int[1](0)[lod]], 0, 0, 1); }
    gvec4 imageLoad_img(ivec2 p) { return gvec4(img[p.y][p.x], 0, 0, 1); }
    void imageStore_img(ivec2 p, gvec4 v) { img[p.y][p.x] = v.x; }

and a float texture's read at a texel's centre (ir/sampling.py), `textureLod(t, (vec2(p) +
0.5) / vec2(w, h), 0.0)`, a call of

    vec4 textureLod_t(ivec2 p) { return vec4(t[p.y][p.x], 0.0, 0.0, 1.0); }

An image atomic (generate/image_atomics.py) is a call of a helper doing the plain
atomic on the texel, so the interpreter's atomic semantics and race rules apply to it
(interp/atomics.py, races.py: atomics meet atomics, never a plain access):

    uint imageAtomicAdd_img(ivec2 p, uint v) { return atomicAdd(img[p.y][p.x], v); }

imageAtomicExchange and imageAtomicCompSwap, whose final texel depends on the order the
invocations run in, are refused (InterpreterError), as their plain forms are not run.

(nearest filtering at the centre of texel p is texel p exactly: ir/sampling.py says why;
a centre outside the texture is OUT_OF_BOUNDS, though the sampler's clamp-to-edge would
define it, because GL's default wrap is repeat and Vulkan's sampler clamps: the
reconditioner keeps p inside). Any other textureLod is outside what the interpreters
run (InterpreterError): a coordinate off a centre could land on either neighbour.

So the arguments are evaluated once, in order, and every rule of the sanitizer applies as
it does to buffers: a coordinate outside the texture, or a level other than 0, is
OUT_OF_BOUNDS (undefined for texelFetch and image accesses: GLSL 4.60 sections 8.9.2 and
8.12), and an invocation storing to a texel that another one reads or writes is a race.
A one-channel texel (R32UI, R32I, R32F) reads back as (texel, 0, 0, 1).
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.builtins import IMAGE_ATOMIC_OF
from shadersmith.interp.errors import InterpreterError
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Index,
    Literal,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Function,
    Parameter,
    Program,
    StorageBuffer,
    Texture,
    TextureKind,
)
from shadersmith.ir.sampling import SAMPLE_BUILTIN, as_centre_sample, samples_at_centres
from shadersmith.ir.statements import Block, ExprStmt, Return, Statement
from shadersmith.ir.types import INT, VOID, ArrayType, ScalarKind, ScalarType, VectorType
from shadersmith.ir.walk import iter_nodes, transform

_IVEC2 = VectorType(ScalarKind.INT, 2)
TEXTURE_BUILTINS = ("texelFetch", "imageLoad", "imageStore", *IMAGE_ATOMIC_OF)
_ORDER_DEPENDENT_IMAGE_ATOMICS = ("imageAtomicExchange", "imageAtomicCompSwap")


def helper_name(builtin: str, texture: str) -> str:
    return f"{builtin}_{texture}"


def lower_textures(program: Program) -> Program:
    """`program` with its textures as buffers and its texture built-ins as calls of
    helper functions (see the module docstring); `program` itself when it has none."""
    if not program.textures:
        return program
    textures = {t.name: t for t in program.textures}
    updates = _image_atomics(program, textures)

    def rewrite(node: object) -> object:
        if (
            isinstance(node, Call)
            and node.kind is CallKind.BUILTIN
            and node.callee == SAMPLE_BUILTIN
        ):
            return _centre_read(node, textures)
        if (
            isinstance(node, Call)
            and node.kind is CallKind.BUILTIN
            and node.callee in TEXTURE_BUILTINS
            and node.args
            and isinstance(node.args[0], VariableRef)
            and node.args[0].name in textures
        ):
            name = helper_name(node.callee, node.args[0].name)
            return Call(node.type, name, node.args[1:], CallKind.USER)
        return node

    helpers: list[Function] = []
    for texture in program.textures:
        helpers.extend(_helpers(texture))
        helpers.extend(_atomic_helper(texture, name) for name in updates.get(texture.name, ()))
    functions = tuple(transform(f, rewrite) for f in program.functions)
    buffers = tuple(_buffer(t) for t in program.textures)
    return dataclasses.replace(
        program,
        textures=(),
        buffers=(*program.buffers, *buffers),
        functions=(*helpers, *functions),
    )


def _image_atomics(program: Program, textures: dict[str, Texture]) -> dict[str, list[str]]:
    """The image atomics `program` calls on each of its images, in a fixed order (only
    those: lane mode refuses a program with an atomic anywhere); an order-dependent one
    is refused."""
    called: dict[str, set[str]] = {}
    for node in iter_nodes(program):
        if not (
            isinstance(node, Call)
            and node.kind is CallKind.BUILTIN
            and node.callee.startswith("imageAtomic")
            and node.args
            and isinstance(node.args[0], VariableRef)
            and node.args[0].name in textures
        ):
            continue
        if node.callee in _ORDER_DEPENDENT_IMAGE_ATOMICS:
            raise InterpreterError(
                f"{node.callee}: its final texel depends on the order of the invocations"
            )
        called.setdefault(node.args[0].name, set()).add(node.callee)
    return {name: sorted(callees) for name, callees in called.items()}


def _atomic_helper(texture: Texture, builtin: str) -> Function:
    """`T imageAtomicOp_img(ivec2 p, T v) { return atomicOp(img[p.y][p.x], v); }`"""
    if texture.kind is not TextureKind.STORAGE or texture.element is ScalarKind.FLOAT:
        raise InterpreterError(f"{builtin} on {texture.name}: not an r32ui or r32i image")
    element = ScalarType(texture.element)
    p = VariableRef(_IVEC2, "p")
    rows = VariableRef(texture.texel_type, texture.name)
    row = Index(ArrayType(element, texture.width), rows, Swizzle(INT, p, (1,)))
    texel = Index(element, row, Swizzle(INT, p, (0,)))
    update = Call(
        element,
        IMAGE_ATOMIC_OF[builtin],
        (texel, VariableRef(element, "v")),
        CallKind.BUILTIN,
    )
    params = (Parameter("p", _IVEC2), Parameter("v", element))
    body = Block((Return(update),))
    return Function(helper_name(builtin, texture.name), element, params, body)


def _centre_read(call: Call, textures: dict[str, Texture]) -> Call:
    """A centre read as a call of its texture's helper; any other textureLod refused."""
    sample = as_centre_sample(call, textures)
    if sample is None:
        raise InterpreterError(
            "textureLod is run only at a float texture's texel centre, "
            "textureLod(t, (vec2(p) + 0.5) / vec2(w, h), 0.0) with power-of-two sides"
        )
    return Call(
        call.type, helper_name(SAMPLE_BUILTIN, sample.texture), (sample.texel,), CallKind.USER
    )


def _buffer(texture: Texture) -> StorageBuffer:
    sampled = texture.kind is TextureKind.SAMPLED
    return StorageBuffer(
        block_name=texture.name,
        instance_name=None,
        binding=texture.binding,
        fields=(BufferField(texture.name, texture.texel_type),),
        access=BufferAccess.INPUT if sampled else BufferAccess.INPUT_OUTPUT,
        readonly=sampled,
    )


def _helpers(texture: Texture) -> list[Function]:
    element = ScalarType(texture.element)
    texel_vector = VectorType(texture.element, 4)
    p = VariableRef(_IVEC2, "p")
    x = Swizzle(INT, p, (0,))
    y = Swizzle(INT, p, (1,))
    rows = VariableRef(texture.texel_type, texture.name)
    row = Index(ArrayType(element, texture.width), rows, y)
    coordinate = Parameter("p", _IVEC2)
    if texture.kind is TextureKind.SAMPLED:
        # A level other than 0 indexes past a one-element array: out of bounds.
        only = Construct(ArrayType(INT, 1), (Literal(INT, 0),))
        level = Index(INT, only, VariableRef(INT, "lod"))
        texel = Index(element, row, _plus(x, level))
        fetch = _returning(texel_vector, texel)
        params = (coordinate, Parameter("lod", INT))
        helpers = [Function(helper_name("texelFetch", texture.name), texel_vector, params, fetch)]
        if samples_at_centres(texture):
            at_centre = _returning(texel_vector, Index(element, row, x))
            name = helper_name(SAMPLE_BUILTIN, texture.name)
            helpers.append(Function(name, texel_vector, (coordinate,), at_centre))
        return helpers
    load = _returning(texel_vector, Index(element, row, x))
    value = VariableRef(texel_vector, "v")
    store = Assign(element, AssignOp.ASSIGN, Index(element, row, x), Swizzle(element, value, (0,)))
    store_body = Block((ExprStmt(store),))
    return [
        Function(helper_name("imageLoad", texture.name), texel_vector, (coordinate,), load),
        Function(
            helper_name("imageStore", texture.name),
            VOID,
            (coordinate, Parameter("v", texel_vector)),
            store_body,
        ),
    ]


def _plus(a: Expression, b: Expression) -> Expression:
    return Binary(INT, BinaryOp.ADD, a, b)


def _returning(vector: VectorType, texel: Expression) -> Block:
    """`return gvec4(texel, 0, 0, 1);`"""
    element = vector.component
    zero: int | float = 0.0 if element.kind is ScalarKind.FLOAT else 0
    one: int | float = 1.0 if element.kind is ScalarKind.FLOAT else 1
    args = (texel, Literal(element, zero), Literal(element, zero), Literal(element, one))
    body: tuple[Statement, ...] = (Return(Construct(vector, args)),)
    return Block(body)
