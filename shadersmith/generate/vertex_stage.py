"""A generated vertex shader with `flat` varyings for a fragment test (issue 20, part 1).

Without it a fragment test is drawn by the runners' fixed vertex shader (targets/
runners/fullscreen.py). With it, the test is a pair: a small generated vertex program
that reads the fragment program's uniform blocks (the same blocks, the same values) and
writes `flat` varyings `vary_N` (int, uint, float, vectors of them), and the fragment
program, which declares them `flat in` and reads them like any other read-only variable.

Exactness: a flat varying takes its provoking vertex's value, the last vertex of a
triangle on GL and the first on Vulkan (and WebGPU). Rather than model which vertex that
is per API, every varying here depends only on uniforms and constants, never on the
vertex index, so it is the same at all three vertices of the one triangle and the APIs
agree by construction; the vertex index appears only in `gl_Position`, which places the
triangle exactly where the fixed vertex shader puts it (the interpreter checks both:
interp/vertex.py).

The pair's shape:

    flat out T vary_N;               // one per varying, at location N
    void vertex_body() { ...generated statements...; vary_N = e; ... }
    void main() { vary_N = <literal>; ...; vertex_body();
                  gl_Position = <full-screen triangle from gl_VertexID>; }

In WGSL the two programs are two modules, so that their names never meet (emit/wgsl.py
spells the varyings as entry-point results and parameters).

`main` gives every varying a value first, so an early `return` in `vertex_body` leaves
none undefined. With `SmithOptions.invariant_probability` the position is declared
`invariant` (GLSL's `invariant gl_Position;`, WGSL's `@invariant`): the compilers' path
for invariant outputs (no reassociation or contraction that would differ between
programs), which changes no value of this exactly computed position. All draws come
from streams of the seed's own: with `SmithOptions.vertex_stage_probability` 0 no draw
is made and every program is the one of before.

With `SmithOptions.varying_block_probability` both programs declare the varyings as the
members of one interface block without an instance name (`out Varyings { layout(location
= 0) flat int vary_0; ... };` and its `in` twin), read and written by the same names:
the compilers' path for blocks between stages (matched by location in Vulkan, by the
block's and its members' names in GL), with no value changed. WGSL has no such block.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.expressions import ExpressionGenerator
from shadersmith.generate.fragment import value_expression
from shadersmith.generate.functions import user_function
from shadersmith.generate.interface import declare_buffers, initial_value
from shadersmith.generate.scope import Variable
from shadersmith.generate.statements import JumpContext, StatementGenerator
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
    Literal,
    Ternary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import (
    POSITION,
    VERTEX_INDEX,
    Function,
    Program,
    Stage,
    StageInput,
    StageOutput,
)
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.statements import Block, ExprStmt, Statement
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    VOID,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)

VARYING_PREFIX = "vary"
VARYING_BLOCK = "Varyings"
BODY_FUNCTION = "vertex_body"
FLAT = Qualifiers(words=("flat",))
MAX_VARYINGS = 4
# The vertex program is small beside the fragment one: it only has to give the
# compilers a second stage to get wrong and the varyings something to carry.
_MAX_STATEMENTS = 12
_MAX_FUNCTION_STATEMENTS = 6
_VEC4 = VectorType(ScalarKind.FLOAT, 4)


def choose_varyings(
    seed: int, options: SmithOptions, profile: LanguageProfile
) -> tuple[StageInput, ...] | None:
    """The flat varyings of the fragment program of `seed`, or None when it keeps the
    fixed vertex shader; no draw when the option is 0 or the language has no vertex stage."""
    if options.vertex_stage_probability <= 0.0 or not profile.vertex_stage:
        return None
    rng = random.Random(f"shadersmith-vertex-stage-{seed}")
    if rng.random() >= options.vertex_stage_probability:
        return None
    kinds = [ScalarKind.INT, ScalarKind.UINT]
    if options.floats:
        kinds.append(ScalarKind.FLOAT)
    varyings = []
    for location in range(rng.randint(1, MAX_VARYINGS)):
        kind = rng.choice(kinds)
        type_: Type = ScalarType(kind)
        if rng.random() < 0.5:
            type_ = VectorType(kind, rng.randint(2, 4))
        varyings.append(StageInput(f"{VARYING_PREFIX}_{location}", type_, location, FLAT))
    return tuple(varyings)


def declare_varyings(ctx: GenerationContext, varyings: tuple[StageInput, ...]) -> None:
    """The varyings in the fragment generator's scope: read-only, uniform over the image
    (the divergence analysis rightly sees nothing divergent in them)."""
    for varying in varyings:
        access = VariableRef(varying.type, varying.name)
        ctx.scope.declare(Variable(varying.name, varying.type, access, writable=False))


def vertex_program(
    seed: int,
    options: SmithOptions,
    profile: LanguageProfile,
    fragment: Program,
    varyings: tuple[StageInput, ...],
) -> tuple[Program, Counter[str]]:
    """The vertex shader of the pair (see the module docstring), reading `fragment`'s
    uniform blocks, and the choice labels its generation recorded."""
    stream = random.Random(f"shadersmith-vertex-body-{seed}").getrandbits(63)
    small = dataclasses.replace(
        options,
        max_functions=min(options.max_functions, 1),
        max_statements_main=min(options.max_statements_main, _MAX_STATEMENTS),
        max_statements_function=min(options.max_statements_function, _MAX_FUNCTION_STATEMENTS),
    )
    ctx = GenerationContext(stream, small, profile)
    # The fragment's struct types come with its uniform blocks (structs in buffers): the
    # vertex shader declares them too, and numbers its own structs after them. With its
    # own Struct_0 beside the block's, one of the two declarations was lost and the
    # vertex shader read a block's struct by the other's fields (glslang and NVIDIA's GL
    # rejected it: bench/differential.py --constructs on the GPU machine).
    for _ in fragment.structs:
        ctx.fresh_name("Struct")
    expressions = ExpressionGenerator(ctx)
    statements = StatementGenerator(ctx, expressions)
    declare_buffers(ctx, fragment.buffers)
    for varying in varyings:
        access = VariableRef(varying.type, varying.name)
        ctx.scope.declare(Variable(varying.name, varying.type, access, writable=True))
    functions = [user_function(statements) for _ in range(ctx.rng.randint(0, small.max_functions))]
    functions.append(_body(statements, varyings))
    first_values: list[Statement] = [
        _assign(v.type, v.name, value_expression(v.type, initial_value(ctx, v.type)))
        for v in varyings
    ]
    main = Function(
        "main",
        VOID,
        (),
        Block(
            (
                *first_values,
                ExprStmt(Call(VOID, BODY_FUNCTION, ())),
                _assign(_VEC4, POSITION, full_screen_position()),
            )
        ),
    )
    own_structs = () if expressions.structs is None else tuple(expressions.structs.declared)
    invariant = random.Random(f"shadersmith-invariant-{seed}").random()
    structs = (*fragment.structs, *own_structs)
    program = Program(
        stage=Stage.VERTEX,
        functions=(*functions, main),
        structs=structs,
        buffers=fragment.buffers,
        outputs=tuple(StageOutput(v.name, v.type, v.location, v.qualifiers) for v in varyings),
        invariant_position=invariant < options.invariant_probability,
        output_block=varying_block(seed, options),
    )
    return program, ctx.choices


def varying_block(seed: int, options: SmithOptions) -> str | None:
    """The name of the interface block both programs of the pair of `seed` declare their
    varyings in (Program.input_block, output_block), or None: they declare them one by
    one. A draw of its own stream, so the programs are otherwise those without it."""
    if options.varying_block_probability <= 0.0:
        return None
    draw = random.Random(f"shadersmith-varying-block-{seed}").random()
    return VARYING_BLOCK if draw < options.varying_block_probability else None


def _body(gen: StatementGenerator, varyings: tuple[StageInput, ...]) -> Function:
    """`void vertex_body()`: declarations, random statements, then a generated value for
    every varying."""
    ctx = gen.ctx
    ctx.scope.push()
    try:
        gen.jumps = JumpContext(return_type=VOID)
        gen.budget = ctx.options.max_statements_main
        body: list[Statement] = [gen.declaration(0) for _ in range(ctx.rng.randint(1, 3))]
        body.extend(gen.statements(0))
        body.extend(_assign(v.type, v.name, gen.exprs.expression(v.type)) for v in varyings)
    finally:
        ctx.scope.pop()
    return Function(BODY_FUNCTION, VOID, (), Block(tuple(body)))


def _assign(type_: Type, name: str, value: Expression) -> ExprStmt:
    return ExprStmt(Assign(type_, AssignOp.ASSIGN, VariableRef(type_, name), value))


def full_screen_position() -> Expression:
    """A clip position of the fixed vertex shader's triangle (-1,-1), (3,-1), (-1,3) for
    vertices 0, 1, 2, with w = 2: `vec4((i & 1) != 0 ? 6.0 : -2.0, (i & 2) != 0 ? 6.0 :
    -2.0, 1.0, 2.0)`. Spelled so that the reconditioner leaves it as it is: it maps every
    float zero and every int-to-float conversion (a zero again for vertex 0) into its
    exact set, which holds no zero, and selecting between literals of that set changes
    nothing. Dividing by w gives the fixed triangle exactly (depth 0.5, inside GL's and
    Vulkan's depth ranges alike); fragments read only gl_FragCoord.xy."""
    index = VariableRef(INT, VERTEX_INDEX)

    def axis(bit: int) -> Expression:
        masked = Binary(INT, BinaryOp.BIT_AND, index, Literal(INT, bit))
        odd = Binary(BOOL, BinaryOp.NE, masked, Literal(INT, 0))
        return Ternary(FLOAT, odd, Literal(FLOAT, 6.0), Literal(FLOAT, -2.0))

    return Construct(_VEC4, (axis(1), axis(2), Literal(FLOAT, 1.0), Literal(FLOAT, 2.0)))
