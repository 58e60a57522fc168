"""A real-world shader, as the GLSL front-end reads it, turned into a program a test can
run: every input in a block the test fills, every output where the test reads it.

- Default-block uniforms (`uniform int x;`, set by piglit's `uniform int x 5`) become the
  fields of one block, `corpus_uniforms`: a std140 uniform block in a fragment shader, a
  read-only storage buffer in a compute shader (how our tests feed each stage,
  generate/fragment.py); a bool is stored as a uint and a matrix as its columns, and read
  back through a constructor. A uniform with an initialiser becomes a global variable
  holding it. A fragment shader reading `in` variables is not taken: its vertex shader
  computes them (ours passes none), and such a shader mostly only passes them on.
- Uniform and buffer blocks become the blocks the harness fills (ir.StorageBuffer):
  std140 uniform blocks in a fragment shader; read-only or read-write std430 storage
  buffers in a compute shader, whatever their layout was (the layout only changes the
  bytes the host writes, never what the shader computes).
- A compute shader's 2D image that it only writes (`imageStore(img, p, v)`, how most of
  piglit's compute tests report) becomes an array in a storage buffer with one element
  per invocation of the dispatch, row by row, written by a function of ours.
- A fragment shader's outputs (`out` variables, and `gl_FragColor`, `gl_FragData` and
  `gl_FragDepth`, renamed) become global variables; its `main` becomes `fragment_body`,
  and a new `main` folds them into the `uvec4 _color` a generated fragment program
  writes (generate/fragment.py), so a converted shader is judged, transformed and fused
  exactly as a generated one.

What a test cannot give (textures, atomic counters, images it reads, structs and
arrays of matrices as inputs, built-ins our draws and dispatches do not set, double matrices,
extensions beyond GLSL 4.50) makes the shader Unusable, with the reason.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass

from shadersmith.analysis.widths import EXTENSION
from shadersmith.corpus.files import Unusable
from shadersmith.front.glsl import ParsedShader
from shadersmith.generate.fragment import BODY_FUNCTION, COLOR_OUTPUT, colour_fold
from shadersmith.interp.program import MAX_INVOCATIONS
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Index,
    Literal,
    Member,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Function,
    InterfaceBlock,
    Parameter,
    Program,
    Stage,
    StageOutput,
    StorageBuffer,
)
from shadersmith.ir.statements import Block, ExprStmt, VarDecl
from shadersmith.ir.types import (
    INT,
    VOID,
    ArrayType,
    MatrixType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.walk import iter_nodes, transform

UNIFORM_BLOCK = "corpus_uniforms"
# The largest dispatch a corpus program keeps (invocations in all): piglit's own, where it
# is no larger; the reference interpreter runs every invocation in Python.
MAX_CORPUS_INVOCATIONS = min(1024, MAX_INVOCATIONS)
# A fragment test's target, as for generated fragment programs (rebuild/jobs.py).
FRAMEBUFFER = (64, 64)
# Extensions whose features GLSL 4.50 has without them (the converted program is GLSL
# 4.50 and names no extension).
CORE_IN_450 = frozenset(
    {
        "GL_ARB_arrays_of_arrays",
        "GL_ARB_compute_shader",
        "GL_ARB_enhanced_layouts",
        "GL_ARB_explicit_attrib_location",
        "GL_ARB_explicit_uniform_location",
        "GL_ARB_fragment_coord_conventions",
        "GL_ARB_gpu_shader5",
        "GL_ARB_separate_shader_objects",
        "GL_ARB_shader_bit_encoding",
        "GL_ARB_shader_image_load_store",
        "GL_ARB_shader_image_size",
        "GL_ARB_shader_storage_buffer_object",
        "GL_ARB_shading_language_420pack",
        "GL_ARB_shading_language_packing",
        "GL_ARB_uniform_buffer_object",
        "GL_EXT_shader_integer_mix",
        "GL_ARB_texture_query_levels",
        "GL_ARB_derivative_control",
        "GL_ARB_conservative_depth",
        "GL_ARB_sample_shading",
    }
)
# The built-ins a test sets: compute ids and sizes, and gl_FragCoord's x and y (its z
# differs between GL and Vulkan, so a program reading it is not one program).
_COMPUTE_BUILTINS = frozenset(
    {
        "gl_GlobalInvocationID",
        "gl_LocalInvocationID",
        "gl_WorkGroupID",
        "gl_LocalInvocationIndex",
        "gl_NumWorkGroups",
        "gl_WorkGroupSize",
    }
)
_FRAG_COORD = "gl_FragCoord"
# Built-in fragment outputs: the global each becomes.
_BUILTIN_OUTPUTS = {
    "gl_FragColor": "_gl_FragColor",
    "gl_FragData": "_gl_FragData",
    "gl_FragDepth": "_gl_FragDepth",
}
_IMAGE_ELEMENTS = {
    "image2D": VectorType(ScalarKind.FLOAT, 4),
    "iimage2D": VectorType(ScalarKind.INT, 4),
    "uimage2D": VectorType(ScalarKind.UINT, 4),
}
_IVEC2 = VectorType(ScalarKind.INT, 2)


@dataclass(frozen=True)
class Converted:
    """A corpus shader as a program of ours (not yet reconditioned), with what its test
    dispatches or draws, and the conversions it took (for the record)."""

    program: Program
    dispatch: tuple[int, int, int] = (1, 1, 1)
    framebuffer: tuple[int, int] | None = None
    conversions: tuple[str, ...] = ()


def convert(
    parsed: ParsedShader, stage: Stage, dispatch: tuple[int, int, int] | None = None
) -> Converted:
    """`parsed`, the `stage` shader of a corpus file, as a program a test runs (see the
    module docstring); `dispatch`: the work groups its own test dispatches, kept when the
    interpreter can run them all. Raises Unusable."""
    program = parsed.program
    if program.stage is not stage:
        raise Unusable("not the stage its file says", f"a {program.stage.value} shader")
    _check_extensions(parsed.extensions)
    _check_types(program)
    conversions: list[str] = []
    if stage is Stage.COMPUTE:
        groups = _dispatch(program.local_size, dispatch)
        program, images = _images_as_buffers(program, groups)
        if images:
            conversions.append("images as buffers")
    else:
        groups = (1, 1, 1)
    _check_builtins(program)
    program, moved = _inputs_in_a_block(program)
    conversions += moved
    program = _blocks_filled(program)
    if stage is Stage.FRAGMENT:
        program = _fragment_shape(program)
        conversions.append("outputs folded into _color")
    elif all(b.readonly for b in program.buffers):
        raise Unusable("writes no output")
    program = _numbered(program)
    framebuffer = FRAMEBUFFER if stage is Stage.FRAGMENT else None
    return Converted(program, groups, framebuffer, tuple(conversions))


# ---------------------------------------------------------------------------- checks


WIDTH_EXTENSIONS = frozenset(EXTENSION.values())


def _check_extensions(extensions: Iterable[tuple[str, str]]) -> None:
    for name, behavior in extensions:
        # The explicit-width types' extensions are the ones our programs carry too
        # (analysis/widths.py: the emitter writes them back from the types).
        if behavior != "disable" and name not in CORE_IN_450 and name not in WIDTH_EXTENSIONS:
            raise Unusable("needs an extension", name)


def _check_types(program: Program) -> None:
    for node in iter_nodes(program):
        type_ = getattr(node, "type", None)
        if type_ is not None and _is_wide(type_):
            raise Unusable("double matrices", str(type_))


def _is_wide(type_: Type) -> bool:
    """A 64-bit type the interpreter does not compute with: a double matrix (double,
    dvecN and the 64-bit integers it does)."""
    if isinstance(type_, ArrayType):
        return _is_wide(type_.element)
    return isinstance(type_, MatrixType) and type_.bits == 64


def _check_builtins(program: Program) -> None:
    """Only the built-ins a test sets are read (gl_FragCoord's x and y alone)."""
    allowed = _COMPUTE_BUILTINS if program.stage is Stage.COMPUTE else frozenset()
    frag_coords = 0
    xy_reads = 0
    for node in iter_nodes(program):
        if isinstance(node, VariableRef) and node.name.startswith("gl_"):
            if node.name == _FRAG_COORD and program.stage is Stage.FRAGMENT:
                frag_coords += 1
            elif node.name not in allowed and node.name not in _BUILTIN_OUTPUTS:
                raise Unusable("reads a built-in our tests do not set", node.name)
        elif (
            isinstance(node, Swizzle)
            and isinstance(node.base, VariableRef)
            and node.base.name == _FRAG_COORD
            and set(node.components) <= {0, 1}
        ):
            xy_reads += 1
    if frag_coords > xy_reads:
        raise Unusable("reads gl_FragCoord beyond x and y", "its z differs between GL and Vulkan")


def _dispatch(
    local_size: tuple[int, int, int], given: tuple[int, int, int] | None
) -> tuple[int, int, int]:
    group = math.prod(local_size)
    if group > MAX_CORPUS_INVOCATIONS:
        raise Unusable(
            "too many invocations", f"local size {local_size} over {MAX_CORPUS_INVOCATIONS}"
        )
    fits = given is not None and group * math.prod(given) <= MAX_CORPUS_INVOCATIONS
    if given is not None and fits and all(n >= 1 for n in given):
        return given
    return (1, 1, 1)


def _fillable(type_: Type, runtime_last: bool = False) -> bool:
    """A type a test's inputs can hold (case/typenames.py): 32-bit scalars, vectors and
    arrays of them; a runtime-sized array where `runtime_last` allows it."""
    if isinstance(type_, ArrayType):
        if type_.length is None and not runtime_last:
            return False
        return _fillable(type_.element)
    return isinstance(type_, ScalarType | VectorType) and type_.bits == 32


def _unfillable_reason(type_: Type) -> str:
    while isinstance(type_, ArrayType):
        type_ = type_.element
    if isinstance(type_, MatrixType):
        return "a matrix input"
    if isinstance(type_, StructType):
        return "a struct input"
    return "an input of a type a test cannot fill"


# ---------------------------------------------------------------------------- images


def _images_as_buffers(program: Program, groups: tuple[int, int, int]) -> tuple[Program, list[str]]:
    """Each 2D image the shader only stores to, as a storage buffer array with one
    element per invocation of the dispatch (row by row) and a function of ours that
    stores to it (see the module docstring)."""
    images = [u for u in program.uniforms if isinstance(u.type, OpaqueType)]
    width = program.local_size[0] * groups[0]
    height = program.local_size[1] * groups[1]
    buffers: list[StorageBuffer] = []
    functions: list[Function] = []
    stores: dict[str, str] = {}
    for image in images:
        name = image.type.name if isinstance(image.type, OpaqueType) else ""
        element = _IMAGE_ELEMENTS.get(name)
        if element is None:
            raise Unusable(_opaque_reason(name), f"{name} {image.name}")
        _check_only_stored(program, image.name)
        pixels = ArrayType(element, width * height)
        buffers.append(
            StorageBuffer(
                f"image_{image.name}",
                None,
                0,
                (BufferField(image.name, pixels),),
                BufferAccess.INPUT_OUTPUT,
            )
        )
        store = f"image_store_{image.name}"
        stores[image.name] = store
        functions.append(_store_function(store, image.name, pixels, width))
    if not images:
        return program, []

    def rewrite(node: object) -> object:
        if (
            isinstance(node, Call)
            and node.callee == "imageStore"
            and isinstance(node.args[0], VariableRef)
            and node.args[0].name in stores
        ):
            return Call(VOID, stores[node.args[0].name], node.args[1:], CallKind.USER)
        return node

    changed = transform(program, rewrite)
    return (
        dataclasses.replace(
            changed,
            uniforms=tuple(u for u in program.uniforms if u not in images),
            buffers=(*program.buffers, *buffers),
            functions=(*functions, *changed.functions),
        ),
        [i.name for i in images],
    )


def _opaque_reason(name: str) -> str:
    """Why a uniform of opaque type `name` is more than a test gives (a compute shader's
    2D images it only stores to are converted before this is asked)."""
    if name.startswith(("sampler", "isampler", "usampler")):
        return "samples a texture"
    if name == "atomic_uint":
        return "uses atomic counters"
    return "uses an image (not a 2D one a compute shader only stores to)"


def _check_only_stored(program: Program, image: str) -> None:
    refs = sum(1 for n in iter_nodes(program) if isinstance(n, VariableRef) and n.name == image)
    stores = sum(
        1
        for n in iter_nodes(program)
        if isinstance(n, Call)
        and n.callee == "imageStore"
        and isinstance(n.args[0], VariableRef)
        and n.args[0].name == image
        and n.args[1].type == _IVEC2
    )
    if refs != stores:
        raise Unusable("reads an image", image)


def _store_function(name: str, image: str, pixels: ArrayType, width: int) -> Function:
    """`void image_store_<image>(ivec2 p, <element> v) { <image>[p.y * width + p.x] = v; }`"""
    element = pixels.element
    p = VariableRef(_IVEC2, "p")
    row = Binary(INT, BinaryOp.MUL, Swizzle(INT, p, (1,)), Literal(INT, width))
    index = Binary(INT, BinaryOp.ADD, row, Swizzle(INT, p, (0,)))
    target = Index(element, VariableRef(pixels, image), index)
    store = Assign(element, AssignOp.ASSIGN, target, VariableRef(element, "v"))
    return Function(
        name,
        VOID,
        (Parameter("p", _IVEC2), Parameter("v", element)),
        Block((ExprStmt(store),)),
    )


# ---------------------------------------------------------------------------- inputs


def _inputs_in_a_block(program: Program) -> tuple[Program, list[str]]:
    """Default-block uniforms as the fields of UNIFORM_BLOCK; uniforms with an
    initialiser as globals holding it."""
    fields: list[BufferField] = []
    globals_: list[VarDecl] = []
    conversions: list[str] = []
    read_as: dict[str, Type] = {}
    if program.inputs:
        # Its vertex shader computes them: most such fragment shaders only pass them on
        # (piglit's vertex shader tests), and the code worth testing is not here.
        stage_input = program.inputs[0]
        raise Unusable("reads what its vertex shader computes", f"in {stage_input.name}")
    declared = [(u.name, u.type) for u in program.uniforms if u.init is None]
    for uniform in program.uniforms:
        if isinstance(uniform.type, OpaqueType):
            raise Unusable(_opaque_reason(uniform.type.name), f"{uniform.type} {uniform.name}")
        if uniform.init is not None:
            globals_.append(VarDecl(uniform.name, uniform.type, uniform.init))
    for name, type_ in declared:
        stored = _stored_type(type_)
        if stored is None:
            raise Unusable(_unfillable_reason(type_), f"{type_} {name}")
        fields.append(BufferField(name, stored))
        if stored != type_:
            read_as[name] = type_
    if program.uniforms:
        conversions.append("uniforms in a block")
    buffers = program.buffers
    if fields:
        fragment = program.stage is Stage.FRAGMENT
        block = StorageBuffer(
            UNIFORM_BLOCK,
            None,
            0,
            tuple(fields),
            BufferAccess.INPUT,
            readonly=True,
            uniform=fragment,
        )
        buffers = (block, *buffers)
    changed = dataclasses.replace(
        program,
        uniforms=(),
        buffers=buffers,
        globals=(*program.globals, *globals_),
    )
    if read_as:
        changed = _read_as(changed, read_as, None)
        conversions.append("bools and matrices stored as uints and columns")
    return changed, conversions


def _stored_type(type_: Type) -> Type | None:
    """How an input of `type_` is stored in a block a test fills: as it is where a test
    can hold it; a bool or bvec as a uint or uvec (a uniform block of bools is not one
    every target fills alike); a float matrix as an array of its columns (the same bytes
    in std140 and std430); None where it cannot be stored."""
    if _fillable(type_) and not _holds_bool(type_):
        return type_
    if isinstance(type_, ScalarType | VectorType) and type_.kind is ScalarKind.BOOL:
        if isinstance(type_, ScalarType):
            return ScalarType(ScalarKind.UINT)
        return VectorType(ScalarKind.UINT, type_.size)
    if isinstance(type_, MatrixType) and type_.bits == 32:
        return ArrayType(type_.column_type, type_.columns)
    return None


def _holds_bool(type_: Type) -> bool:
    while isinstance(type_, ArrayType):
        type_ = type_.element
    return isinstance(type_, ScalarType | VectorType) and type_.kind is ScalarKind.BOOL


def _reader(type_: Type, stored: Expression) -> Expression:
    """The value of `type_` that `stored` (of `_stored_type(type_)`) holds."""
    if isinstance(type_, MatrixType):
        column = type_.column_type
        return Construct(
            type_, tuple(Index(column, stored, Literal(INT, i)) for i in range(type_.columns))
        )
    return Construct(type_, (stored,))


def _read_as(program: Program, read_as: dict[str, Type], instance: str | None) -> Program:
    """Every read of a field stored in another type (`read_as`: field -> its type in the
    shader) made through `_reader`; fields of the block instance `instance`, or global
    names where it is None. Inputs are read-only, so every use is a read."""

    def rewrite(node: object) -> object:
        if instance is None and isinstance(node, VariableRef) and node.name in read_as:
            type_ = read_as[node.name]
            if node.type == type_:  # not a local of the same name and another type
                stored = _stored_type(type_)
                assert stored is not None
                return _reader(type_, VariableRef(stored, node.name))
        if (
            instance is not None
            and isinstance(node, Member)
            and isinstance(node.base, VariableRef)
            and node.base.name == instance
            and node.field in read_as
        ):
            type_ = read_as[node.field]
            stored = _stored_type(type_)
            assert stored is not None
            return _reader(type_, Member(stored, node.base, node.field))
        return node

    return transform(program, rewrite)


def _blocks_filled(program: Program) -> Program:
    """Every uniform and buffer block as a block the harness fills (module docstring)."""
    fragment = program.stage is Stage.FRAGMENT
    buffers = list(program.buffers)
    for buffer in program.buffers:
        if fragment and not buffer.uniform:
            raise Unusable("a storage buffer in a fragment shader", buffer.block_name)
    for block in program.blocks:
        buffer, read_as = _filled_block(block, fragment)
        buffers.append(buffer)
        if read_as:
            program = _read_as(program, read_as, block.instance_name)
    return dataclasses.replace(program, buffers=tuple(buffers), blocks=())


def _filled_block(block: InterfaceBlock, fragment: bool) -> tuple[StorageBuffer, dict[str, Type]]:
    """The block as one the harness fills, and its fields stored in another type."""
    storage = block.storage
    if storage not in ("uniform", "buffer"):
        raise Unusable("an in or out block", block.block_name)
    if block.array:
        raise Unusable("an array of blocks", block.block_name)
    if fragment and storage == "buffer":
        raise Unusable("a storage buffer in a fragment shader", block.block_name)
    uniform = storage == "uniform"
    last = len(block.fields) - 1
    fields: list[BufferField] = []
    read_as: dict[str, Type] = {}
    for position, field in enumerate(block.fields):
        if _fillable(field.type, runtime_last=not uniform and position == last):
            stored: Type | None = field.type
            if uniform and _holds_bool(field.type):
                stored = _stored_type(field.type)
        else:
            # A storage buffer's fields may be written: only inputs are read through
            # another type.
            stored = _stored_type(field.type) if uniform else None
        if stored is None:
            raise Unusable(_unfillable_reason(field.type), f"{field.type} {field.name}")
        if stored != field.type:
            read_as[field.name] = field.type
        fields.append(BufferField(field.name, stored))
    readonly = uniform or "readonly" in block.qualifiers.words
    buffer = StorageBuffer(
        block.block_name,
        block.instance_name,
        0,
        tuple(fields),
        BufferAccess.INPUT if readonly else BufferAccess.INPUT_OUTPUT,
        readonly=readonly,
        uniform=uniform and fragment,
    )
    return buffer, read_as


def _numbered(program: Program) -> Program:
    """Bindings 0, 1, ... in declaration order (blocks from different places may share
    one, and a driver checks each binding's block)."""
    buffers = tuple(dataclasses.replace(b, binding=i) for i, b in enumerate(program.buffers))
    return dataclasses.replace(program, buffers=buffers)


# ---------------------------------------------------------------------------- outputs


def _fragment_shape(program: Program) -> Program:
    """Outputs as globals, `main` as `fragment_body`, and a `main` folding them into
    `_color` (module docstring)."""
    taken = _declared_names(program)
    for name in (BODY_FUNCTION, COLOR_OUTPUT, *_BUILTIN_OUTPUTS.values()):
        if name in taken:
            raise Unusable("declares a name the conversion needs", name)
    outputs = list(program.outputs)
    for builtin, global_name in _BUILTIN_OUTPUTS.items():
        used = next(
            (n for n in iter_nodes(program) if isinstance(n, VariableRef) and n.name == builtin),
            None,
        )
        if used is not None:
            outputs.append(StageOutput(global_name, used.type, None))
    for output in outputs:
        if not _fillable(output.type):
            raise Unusable("an output of a type we cannot fold", f"{output.type} {output.name}")
    if not outputs:
        raise Unusable("writes no output")

    def rename(node: object) -> object:
        if isinstance(node, VariableRef) and node.name in _BUILTIN_OUTPUTS:
            return VariableRef(node.type, _BUILTIN_OUTPUTS[node.name])
        return node

    renamed = transform(program, rename)
    globals_ = tuple(VarDecl(o.name, o.type, _zero(o.type)) for o in outputs)
    body = [
        Function(BODY_FUNCTION, f.return_type, f.params, f.body) if f.name == "main" else f
        for f in renamed.functions
    ]
    folded: list[tuple[Expression, Type]] = [(VariableRef(o.type, o.name), o.type) for o in outputs]
    return dataclasses.replace(
        renamed,
        outputs=(StageOutput(COLOR_OUTPUT, _UVEC4, 0),),
        globals=(*globals_, *renamed.globals),
        functions=(*body, colour_fold(folded)),
    )


_UVEC4 = VectorType(ScalarKind.UINT, 4)


def _zero(type_: Type) -> Expression:
    """A zero of `type_` (an output a shader may leave unwritten holds it)."""
    if isinstance(type_, ArrayType):
        assert type_.length is not None
        return Construct(type_, tuple(_zero(type_.element) for _ in range(type_.length)))
    if isinstance(type_, VectorType):
        return Construct(type_, (_zero(type_.component),))
    assert isinstance(type_, ScalarType)
    zero = {
        ScalarKind.BOOL: False,
        ScalarKind.INT: 0,
        ScalarKind.UINT: 0,
        ScalarKind.FLOAT: 0.0,
    }[type_.kind]
    return Literal(type_, zero)


def _declared_names(program: Program) -> set[str]:
    names = {f.name for f in program.functions} | {s.name for s in program.structs}
    names |= {g.name for g in program.globals} | {o.name for o in program.outputs}
    names |= {b.block_name for b in program.buffers} | {u.name for u in program.uniforms}
    for node in iter_nodes(program):
        if isinstance(node, VarDecl):
            names.add(node.name)
    return names
