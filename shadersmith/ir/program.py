"""Functions, the shader interface, and the program."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from shadersmith.ir.expressions import Expression
from shadersmith.ir.qualifiers import NO_QUALIFIERS, Qualifiers
from shadersmith.ir.statements import Block, VarDecl
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, StructType, Type


class ParamQualifier(enum.Enum):
    IN = "in"
    OUT = "out"
    INOUT = "inout"

    @property
    def writes_back(self) -> bool:
        return self is not ParamQualifier.IN


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str
    type: Type
    qualifier: ParamQualifier = ParamQualifier.IN
    const: bool = False
    # Precision or memory qualifiers (`highp`, `readonly image2D`) of real-world shaders.
    qualifiers: Qualifiers = NO_QUALIFIERS


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    return_type: Type
    params: tuple[Parameter, ...]
    body: Block


class Stage(enum.Enum):
    COMPUTE = "compute"
    FRAGMENT = "fragment"
    # The generated vertex shader of a fragment test (generate/vertex_stage.py): never a
    # test's stage of its own, always the partner of a fragment program.
    VERTEX = "vertex"


# The vertex index as a generated vertex shader's IR names it: GL's spelling; the GLSL
# emitter maps it to Vulkan's gl_VertexIndex where glslang compiles for Vulkan.
VERTEX_INDEX = "gl_VertexID"
# The clip position a generated vertex shader's IR writes: GLSL's built-in output, which
# the WGSL emitter declares and returns at `@builtin(position)`.
POSITION = "gl_Position"


class BufferAccess(enum.Enum):
    """How the harness treats a storage buffer: filled before, read back after, or both."""

    INPUT = "input"
    OUTPUT = "output"
    INPUT_OUTPUT = "input_output"


@dataclass(frozen=True, slots=True)
class BufferField:
    name: str
    type: Type


# How GLSL spells a buffer of Program.buffer_references (emit/glsl.py writes it, front/
# glsl reads it back): its fields in a reference type of the block's name and this
# suffix, whose addresses are promised this aligned (every buffer a runner gives an
# address has memory of its own, far more aligned); the block's own name stays on the
# block at its binding that holds the address.
REFERENCE_SUFFIX = "_ref"
REFERENCE_ALIGN = 16

# A storage block's memory qualifiers besides `readonly` (StorageBuffer.memory), in the
# order they are written; WGSL has none of them (its storage buffers are read or read_write).
MEMORY_QUALIFIERS: tuple[str, ...] = ("coherent", "volatile", "restrict", "writeonly")


@dataclass(frozen=True, slots=True)
class StorageBuffer:
    """A std430 shader storage block or, with `uniform`, a std140 uniform block (how a
    fragment shader gets its inputs: GLSL 3.30 and ESSL have no storage buffers in that
    stage on every driver, and Vulkan has no default-block uniforms). A uniform block is
    read-only and its access is INPUT; everything else treats both alike.

    With `instance_name` None the fields are global names in the shader; otherwise they
    are reached as `instance_name.field`.

    `memory` holds the block's memory qualifiers other than `readonly` (a subset of
    MEMORY_QUALIFIERS, in that order): they change what a compiler may assume (`restrict`:
    no other name reaches the memory; `coherent`, `volatile`: other invocations' writes
    may be seen; `writeonly`: never read) but not what a program of ours computes, since
    every invocation reads only what it wrote or what no one writes.
    """

    block_name: str
    instance_name: str | None
    binding: int
    fields: tuple[BufferField, ...]
    access: BufferAccess = BufferAccess.INPUT_OUTPUT
    readonly: bool = False
    uniform: bool = False
    memory: tuple[str, ...] = ()
    # A uniform block that Vulkan gets as `layout(push_constant)` (its values set by
    # vkCmdPushConstants) and GL as a std140 block at `binding` (emit/glsl.py writes both
    # under `#ifdef VULKAN`; generate/push_constants.py). Its fields are scalars and 2- or
    # 4-vectors, laid out alike by std140 and std430 (glslang's push-constant layout).
    push_constant: bool = False

    @property
    def layout(self) -> str:
        return "std140" if self.uniform else "std430"

    @property
    def referable(self) -> bool:
        """A storage buffer reached through its instance name, which a buffer reference
        can stand for (Program.buffer_references)."""
        plain = not self.uniform and not self.push_constant
        return plain and self.instance_name is not None


class TextureKind(enum.Enum):
    """A texture read by texelFetch (`usampler2D`), or an image read and written by
    imageLoad/imageStore (`uimage2D`)."""

    SAMPLED = "sampled"
    STORAGE = "storage"


# The GLSL type-name prefix and image format suffix of a texel's scalar kind: one 32-bit
# channel (R32UI, R32I, R32F), which every GL and Vulkan target samples and stores.
_TEXTURE_PREFIX = {ScalarKind.UINT: "u", ScalarKind.INT: "i", ScalarKind.FLOAT: ""}
_IMAGE_FORMAT = {ScalarKind.UINT: "r32ui", ScalarKind.INT: "r32i", ScalarKind.FLOAT: "r32f"}


@dataclass(frozen=True, slots=True)
class Texture:
    """A generated program's 2D texture or image with one 32-bit channel of `element`:
    `width` x `height` texels, the harness's input (and, for a STORAGE image, its output,
    read back like a buffer). Its contents are test inputs kept with the buffer values
    under the texture's name: `{name: {name: rows}}`, row y a tuple of `width` texels (the
    value of a `element[height][width]` array: `texel_type`). Its binding is one of set
    0's numbers, which no buffer shares (images before the buffers, samplers after:
    analysis/gl_bindings.py says why)."""

    name: str
    binding: int
    kind: TextureKind
    element: ScalarKind
    width: int
    height: int

    @property
    def glsl_type(self) -> str:
        word = "sampler2D" if self.kind is TextureKind.SAMPLED else "image2D"
        return _TEXTURE_PREFIX[self.element] + word

    @property
    def image_format(self) -> str:
        return _IMAGE_FORMAT[self.element]

    @property
    def texel_type(self) -> ArrayType:
        return ArrayType(ArrayType(ScalarType(self.element), self.width), self.height)


@dataclass(frozen=True, slots=True)
class Uniform:
    """A default-block uniform (GL) or a member of a uniform block (Vulkan).

    `location` None: the shader leaves it to the linker, as real-world GL shaders do.
    `qualifiers` holds any other layout item or word (`layout(binding = 1)`, `highp`), and
    `init` a GLSL initialiser (`uniform float k = 2.0;`).
    """

    name: str
    type: Type
    location: int | None
    qualifiers: Qualifiers = NO_QUALIFIERS
    init: Expression | None = None


@dataclass(frozen=True, slots=True)
class StageInput:
    """An `in` variable; also the old spellings (`varying`, `attribute`), which then are in
    `qualifiers.words` along with interpolation words such as `flat`."""

    name: str
    type: Type
    location: int | None
    qualifiers: Qualifiers = NO_QUALIFIERS


@dataclass(frozen=True, slots=True)
class StageOutput:
    """An `out` variable, or a redeclared built-in output such as `gl_FragDepth`."""

    name: str
    type: Type
    location: int | None
    qualifiers: Qualifiers = NO_QUALIFIERS


@dataclass(frozen=True, slots=True)
class SharedVariable:
    """A compute shader's `shared` variable: one copy per work group, never initialised."""

    name: str
    type: Type
    qualifiers: Qualifiers = NO_QUALIFIERS


@dataclass(frozen=True, slots=True)
class BlockField:
    name: str
    type: Type
    qualifiers: Qualifiers = NO_QUALIFIERS


@dataclass(frozen=True, slots=True)
class InterfaceBlock:
    """A uniform, buffer, in or out block of a real-world shader, with whatever layout it
    has (`StorageBuffer` is the std430 form our own programs use and the harness fills).

    `qualifiers.words` holds the storage word (`uniform`, `buffer`, `in`, `out`) and any
    memory qualifiers; `array` the instance's array sizes (`} lights[4];`), outermost first.
    """

    block_name: str
    instance_name: str | None
    fields: tuple[BlockField, ...]
    qualifiers: Qualifiers
    array: tuple[int | None, ...] = ()

    @property
    def storage(self) -> str:
        for word in ("uniform", "buffer", "in", "out"):
            if word in self.qualifiers.words:
                return word
        return ""


@dataclass(frozen=True, slots=True)
class MacroSpelling:
    """Asks the GLSL emitter to write the program's text through the preprocessor
    (emit/preprocessor.py: macros, conditional groups, `__LINE__`), so that every GLSL
    front-end must expand it back to this program. Like a loop's `as_loop`, it changes only
    the spelling, never the meaning: the interpreter, the reconditioner and the WGSL
    emitter ignore it. The emitter's draws come from a stream named by `seed` (the
    program's), each site spelled with `probability` (SmithOptions.preprocessor_probability)."""

    seed: int
    probability: float


@dataclass(frozen=True, slots=True)
class Program:
    """One shader: its interface, its declarations and its functions (entry point `main`).

    Functions appear in definition order; a function is defined before any call to it,
    which GLSL requires and which also rules out recursion.
    """

    stage: Stage
    functions: tuple[Function, ...]
    structs: tuple[StructType, ...] = ()
    buffers: tuple[StorageBuffer, ...] = ()
    uniforms: tuple[Uniform, ...] = ()
    inputs: tuple[StageInput, ...] = ()
    outputs: tuple[StageOutput, ...] = ()
    globals: tuple[VarDecl, ...] = ()
    local_size: tuple[int, int, int] = field(default=(1, 1, 1))
    # What real-world shaders declare beyond the above (never made by the generators).
    blocks: tuple[InterfaceBlock, ...] = ()
    shared: tuple[SharedVariable, ...] = ()
    # Layout declarations without a variable: `layout(early_fragment_tests) in;`,
    # `layout(std140) uniform;` (the qualifiers with their storage word).
    stage_layouts: tuple[Qualifiers, ...] = ()
    # Generated textures and images (generate/textures.py); empty in every other program.
    textures: tuple[Texture, ...] = ()
    # Whether (and how) the GLSL emitter writes the text through macros; None: plainly.
    macros: MacroSpelling | None = None
    # A generated vertex shader's clip position declared invariant (GLSL `invariant
    # gl_Position;`, WGSL `@invariant`: generate/vertex_stage.py). It asks the compilers
    # to compute the position the same way in every program that computes it alike, and
    # changes no value: the interpreter ignores it.
    invariant_position: bool = False
    # The stage inputs (`input_block`) or outputs (`output_block`) declared as the members
    # of one interface block without an instance name, so named (GLSL from 1.50; a
    # generated pair's varyings: generate/vertex_stage.py). Like `macros`, a spelling
    # only: the members are read by their own names either way, so the interpreter, the
    # reconditioner and the WGSL emitter ignore it, and so does GLSL that has no such
    # blocks (ESSL 3.10).
    input_block: str | None = None
    output_block: str | None = None
    # The storage buffers (their block names) declared as a GL_EXT_buffer_reference type
    # and read through the address an `{block}` block holds (GLSL 4.50 for Vulkan;
    # generate/buffer_references.py). Like `input_block`, a spelling only: every
    # `instance.field` reads and writes the same memory either way, so the interpreter
    # and the reconditioner ignore it; a job needs the device's bufferDeviceAddress
    # (analysis/widths.BUFFER_REFERENCE), and a profile without such references
    # (LanguageProfile.buffer_references) writes the buffers plainly.
    buffer_references: tuple[str, ...] = ()

    @property
    def referenced_buffers(self) -> frozenset[str]:
        """The block names of the buffers read through references: those of
        `buffer_references` that can be (StorageBuffer.referable)."""
        named = set(self.buffer_references)
        return frozenset(
            b.block_name for b in self.buffers if b.referable and b.block_name in named
        )

    def function(self, name: str) -> Function:
        for candidate in self.functions:
            if candidate.name == name:
                return candidate
        raise KeyError(f"no function {name}")

    @property
    def entry_point(self) -> Function:
        return self.function("main")
