"""Fragment shaders from the generator's programs (ShaDiv's fragment setting, seed 000).

The generator makes a program over input and output buffers whose divergent ids are the
fragment's coordinates (divergence.py, FragmentLayout). `as_fragment` turns it into a
fragment shader every fragment stage can run, GLSL 3.30 (softpipe) included:

- input buffers become std140 uniform blocks, the same for every fragment;
- output buffers become the fragment's own globals, initialised with the values the
  buffers would have held (a block with an instance name becomes a struct variable of
  that name, so `out_0.f` reads the same);
- the generated `main` becomes `fragment_body`, and the new `main` calls it, then folds
  every output value into `uvec4 _color` (location 0, an integer colour attachment): an
  early `return` in the body still reaches the fold, and every output bit shows in the
  image.

In interval mode (SmithOptions.float_mode, issue 37) the colour is a float one instead,
`vec4 _color` drawn into RGBA8 as a fused program's is (interp/fragment_image.py): a hash
of float bits would differ between any two conforming implementations, a colour lies in
an interval. `float_colour` makes each channel 0.5 + the sum of t(v) / 2n' over the n
output values v dealt to it (n' = n rounded up to a power of two), t(v) = v / (abs(v) +
1.0) in ]-1, 1[ (ints and bools converted to float first): every output moves its
channel, none saturates it.

The fold is FNV-1a over 32-bit words, one running hash per channel, output values dealt
round the four channels: two images are equal exactly when (barring a 2^-32 collision
per channel and pixel) every output value of every fragment is.

Several colour outputs (SmithOptions.fragment_output_probability, `colour_outputs`): a
program may write N = 2..4 `uvec4`s at locations 0..N-1 (`_color`, `_color1`, ...), the
words dealt round the outputs first and then round each output's four channels (word
p to output p % N, channel (p // N) % 4), so each output holds its own share of the fold
from the first words on; with N = 1 that is the fold above. The targets draw the N
attachments side by side (targets/runners/images.py). Interval mode keeps one float
colour.
"""

from __future__ import annotations

import random

from shadersmith.generate.narrow_storage import is_narrow, widened
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
    Function,
    Program,
    Stage,
    StageOutput,
    StorageBuffer,
)
from shadersmith.ir.statements import Block, ExprStmt, VarDecl
from shadersmith.ir.types import (
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value

COLOR_OUTPUT = "_color"
BODY_FUNCTION = "fragment_body"
UVEC4 = VectorType(ScalarKind.UINT, 4)
VEC4 = VectorType(ScalarKind.FLOAT, 4)
_FNV_OFFSET = 2166136261
_FNV_PRIME = 16777619
MAX_COLOUR_OUTPUTS = 4


def colour_output_name(location: int) -> str:
    """The name of the colour output at `location`: `_color`, then `_color1`, `_color2`..."""
    return COLOR_OUTPUT if location == 0 else f"{COLOR_OUTPUT}{location}"


def colour_outputs(seed: int, probability: float) -> int:
    """How many colour outputs a generated fragment shader writes: 1, or with
    `probability` 2 to MAX_COLOUR_OUTPUTS, drawn from the seed's own stream (nothing is
    drawn when `probability` is 0)."""
    if probability <= 0.0:
        return 1
    rng = random.Random(f"shadersmith-fragment-outputs-{seed}")
    if rng.random() >= probability:
        return 1
    return rng.randint(2, MAX_COLOUR_OUTPUTS)


def as_fragment(
    program: Program, values: BufferValues, float_colour: bool = False, colours: int = 1
) -> tuple[Program, BufferValues]:
    """The fragment shader of a generated buffer program (see the module docstring), and
    the values of its uniform blocks; with `float_colour`, a `vec4` colour (interval
    mode) instead of the hash; `colours`: how many uvec4 colour outputs share the fold."""
    assert colours == 1 or not float_colour, "interval mode keeps one float colour"
    uniforms: list[StorageBuffer] = []
    uniform_values: BufferValues = {}
    structs = list(program.structs)
    globals_: list[VarDecl] = []
    outputs: list[tuple[Expression, Type]] = []
    for buffer in program.buffers:
        if buffer.readonly:
            uniforms.append(
                StorageBuffer(
                    buffer.block_name,
                    buffer.instance_name,
                    len(uniforms),
                    buffer.fields,
                    BufferAccess.INPUT,
                    readonly=True,
                    uniform=True,
                    push_constant=buffer.push_constant,
                )
            )
            uniform_values[buffer.block_name] = dict(values[buffer.block_name])
            continue
        given = values[buffer.block_name]
        if buffer.instance_name is None:
            for field in buffer.fields:
                globals_.append(
                    VarDecl(field.name, field.type, value_expression(field.type, given[field.name]))
                )
                outputs.append((VariableRef(field.type, field.name), field.type))
            continue
        struct = StructType(
            buffer.block_name, tuple(StructField(f.name, f.type) for f in buffer.fields)
        )
        structs.append(struct)
        init = Construct(
            struct, tuple(value_expression(f.type, given[f.name]) for f in buffer.fields)
        )
        globals_.append(VarDecl(buffer.instance_name, struct, init))
        instance = VariableRef(struct, buffer.instance_name)
        outputs.extend((Member(f.type, instance, f.name), f.type) for f in buffer.fields)
    body = _renamed_main(program)
    main = float_colour_fold(outputs) if float_colour else colour_fold(outputs, colours)
    colour_type = VEC4 if float_colour else UVEC4
    fragment = Program(
        stage=Stage.FRAGMENT,
        functions=(*program.functions[:-1], body, main),
        structs=tuple(structs),
        buffers=tuple(uniforms),
        outputs=tuple(StageOutput(colour_output_name(i), colour_type, i) for i in range(colours)),
        globals=(*globals_, *program.globals),
    )
    return fragment, uniform_values


def _renamed_main(program: Program) -> Function:
    main = program.functions[-1]
    assert main.name == "main", "the generator defines main last"
    return Function(BODY_FUNCTION, main.return_type, main.params, main.body)


def colour_fold(outputs: list[tuple[Expression, Type]], colours: int = 1) -> Function:
    """The `main` that runs `fragment_body` and folds every output value into `_color`
    (and `_color1`... with `colours` outputs: see the module docstring); real-world
    shaders take it too (corpus/convert.py)."""
    return Function("main", VOID, (), Block(_epilogue(outputs, colours)))


def _epilogue(outputs: list[tuple[Expression, Type]], colours: int) -> tuple[ExprStmt, ...]:
    """`fragment_body(); _color = uvec4(h0, h1, h2, h3);` (then `_color1 = uvec4(h4,
    ...);` and so on with several `colours`)."""
    channels: list[Expression] = [Literal(UINT, _FNV_OFFSET) for _ in range(4 * colours)]
    words = [word for access, type_ in outputs for word in _words(access, type_)]
    for position, word in enumerate(words):
        # Round the outputs, then round each one's channels (the module docstring).
        channel = 4 * (position % colours) + (position // colours) % 4
        mixed = Binary(UINT, BinaryOp.BIT_XOR, channels[channel], word)
        channels[channel] = Binary(UINT, BinaryOp.MUL, mixed, Literal(UINT, _FNV_PRIME))
    writes = []
    for location in range(colours):
        color = VariableRef(UVEC4, colour_output_name(location))
        value = Construct(UVEC4, tuple(channels[4 * location : 4 * location + 4]))
        writes.append(ExprStmt(Assign(UVEC4, AssignOp.ASSIGN, color, value)))
    return (ExprStmt(Call(VOID, BODY_FUNCTION, ())), *writes)


def float_colour_fold(outputs: list[tuple[Expression, Type]]) -> Function:
    """The `main` of interval mode: `fragment_body(); _color = vec4(c0, c1, c2, c3);`,
    each channel 0.5 + the sum of t(v) / 2n' over its n output values (module docstring)."""
    terms: list[list[Expression]] = [[], [], [], []]
    scalars = [scalar for access, type_ in outputs for scalar in _scalars(access, type_)]
    for position, value in enumerate(scalars):
        terms[position % 4].append(_squashed(value))
    channels: list[Expression] = []
    for channel in terms:
        if not channel:
            channels.append(Literal(FLOAT, 0.5))
            continue
        total = channel[0]
        for term in channel[1:]:
            total = Binary(FLOAT, BinaryOp.ADD, total, term)
        # 0.5 / n rounded down to a power of two: a literal every compiler reads exactly.
        scale = Literal(FLOAT, 0.5 / 2 ** (len(channel) - 1).bit_length())
        scaled = Binary(FLOAT, BinaryOp.MUL, total, scale)
        channels.append(Binary(FLOAT, BinaryOp.ADD, Literal(FLOAT, 0.5), scaled))
    call = ExprStmt(Call(VOID, BODY_FUNCTION, ()))
    color = VariableRef(VEC4, COLOR_OUTPUT)
    write = ExprStmt(Assign(VEC4, AssignOp.ASSIGN, color, Construct(VEC4, tuple(channels))))
    return Function("main", VOID, (), Block((call, write)))


def _squashed(value: Expression) -> Expression:
    """t(v) = v / (abs(v) + 1.0) of a scalar output, converted to float first."""
    if value.type != FLOAT:
        value = Construct(FLOAT, (value,))
    magnitude = Call(FLOAT, "abs", (value,), CallKind.BUILTIN)
    divisor = Binary(FLOAT, BinaryOp.ADD, magnitude, Literal(FLOAT, 1.0))
    return Binary(FLOAT, BinaryOp.DIV, value, divisor)


def _scalars(access: Expression, type_: Type) -> list[Expression]:
    """Every scalar of an output value, as it is (arrays, vectors, structs taken apart)."""
    if isinstance(type_, ArrayType):
        assert type_.length is not None
        return [
            scalar
            for i in range(type_.length)
            for scalar in _scalars(Index(type_.element, access, Literal(INT, i)), type_.element)
        ]
    if isinstance(type_, VectorType):
        component = ScalarType(type_.kind)
        return [Swizzle(component, access, (i,)) for i in range(type_.size)]
    if isinstance(type_, StructType):
        return [s for f in type_.fields for s in _scalars(Member(f.type, access, f.name), f.type)]
    return [access]


def _words(access: Expression, type_: Type) -> list[Expression]:
    """Every scalar of an output value as a uint (floats by their bits); a narrow one
    (generate/narrow_storage.py) widened first."""
    if isinstance(type_, ScalarType | VectorType) and is_narrow(type_):
        access, type_ = Construct(widened(type_), (access,)), widened(type_)
    if isinstance(type_, ArrayType):
        assert type_.length is not None
        return [
            word
            for i in range(type_.length)
            for word in _words(Index(type_.element, access, Literal(INT, i)), type_.element)
        ]
    if isinstance(type_, VectorType):
        component = ScalarType(type_.kind)
        return [
            word
            for i in range(type_.size)
            for word in _words(Swizzle(component, access, (i,)), component)
        ]
    if isinstance(type_, StructType):  # a buffer struct (generate/buffer_structs.py)
        return [
            word for f in type_.fields for word in _words(Member(f.type, access, f.name), f.type)
        ]
    assert isinstance(type_, ScalarType)
    if type_.kind is ScalarKind.UINT:
        return [access]
    if type_.kind is ScalarKind.FLOAT:
        return [Call(UINT, "floatBitsToUint", (access,), CallKind.BUILTIN)]
    return [Construct(UINT, (access,))]


def value_expression(type_: Type, value: Value) -> Expression:
    """A constant expression of `type_` with the value `value` (buffer contents)."""
    if isinstance(type_, ArrayType):
        assert isinstance(value, tuple)
        return Construct(type_, tuple(value_expression(type_.element, v) for v in value))
    if isinstance(type_, VectorType):
        assert isinstance(value, tuple)
        component = type_.component  # a narrow one's literals keep its width: constant
        return Construct(type_, tuple(Literal(component, v) for v in value))  # type: ignore[arg-type]
    if isinstance(type_, StructType):  # a buffer struct (generate/buffer_structs.py)
        assert isinstance(value, tuple)
        members = zip(type_.fields, value, strict=True)
        return Construct(type_, tuple(value_expression(f.type, v) for f, v in members))
    assert isinstance(type_, ScalarType) and not isinstance(value, tuple)
    return Literal(type_, value)
