"""The GLSL front-end on real-world forms: fragment shaders, blocks, macros, old versions.

Each sample also goes through the emitter and back: what the front-end accepts must print
as GLSL that reads back to the same program.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import FrontEndError, GLSLSyntaxError, GLSLTypeError, parse_glsl
from shadersmith.ir.expressions import ArrayLength, Call, CallKind, Construct, Literal, VariableRef
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import Block, Discard, ExprStmt, For, If, VarDecl
from shadersmith.ir.types import (
    FLOAT,
    INT,
    ArrayType,
    MatrixType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    StructType,
    VectorType,
)
from shadersmith.ir.walk import iter_nodes

FRAGMENT = """#version 330
#extension GL_ARB_explicit_attrib_location : require
precision highp float;
layout(location = 0) out vec4 color;
flat in int mode;
smooth in vec2 uv;
uniform sampler2D tex;
uniform float threshold = 0.5;

struct Light { vec3 dir; float power[2]; };
uniform Light light;

float shade(vec3 n);  // defined below main

void main()
{
    vec4 texel = texture(tex, uv), other = vec4(1);
    if (texel.a < threshold)
        discard;
    float s = shade(vec3(gl_FragCoord.xy, 1.0));
    color = gl_FrontFacing ? texel * s : other;
    if (mode == 2) color.rgb = vec3(1, 0, 0);
}

float shade(vec3 n)
{
    return max(dot(n, light.dir), 0.0) * light.power[1];
}
"""

COMPUTE = """#version 430
layout(local_size_x = 8, local_size_y = 4) in;
layout(std140, binding = 1) uniform Params { mat3 transform; uint count; } params;
layout(std430, binding = 2) coherent buffer Data { uint header; float values[]; };
layout(rgba32f, binding = 0) writeonly uniform image2D result;
layout(binding = 0) uniform atomic_uint counter;
shared float tile[gl_WorkGroupSize.x * gl_WorkGroupSize.y];

void main()
{
    uint index = gl_LocalInvocationIndex;
    tile[index] = values[gl_GlobalInvocationID.x % uint(values.length())];
    barrier();
    memoryBarrierShared();
    vec3 moved = params.transform * vec3(tile[index], 1, 2);
    mat2x3 m = mat2x3(moved, moved.zyx);
    moved += transpose(m)[1].xxy + m[0];
    atomicAdd(header, 1u);
    atomicCounterIncrement(counter);
    imageStore(result, ivec2(gl_GlobalInvocationID.xy), vec4(moved, 1.0));
}
"""

OLD = """// no #version: GLSL 1.10
uniform sampler2D tex;
varying vec2 coord;
void main()
{
    gl_FragColor = texture2D(tex, coord) * gl_Color;
}
"""

MACROS = """#version 450
#define SIZE 4
#define SQUARE(x) ((x) * (x))
#define PASTE(a, b) a ## b
#if SIZE > 2 && defined(SQUARE)
#  define PICK 1
#elif SIZE > 1
#  define PICK 2
#else
#  error unreachable
#endif
#ifndef PICK
#  error PICK should be defined
#endif
#ifdef GL_ES
precision mediump float;
#endif
#line 100
layout(location = 0) out vec4 color;
void main()
{
    int PASTE(val, ue)[SIZE];
    value[PICK] = SQUARE(SIZE + 1);
    color = vec4(float(value[1]) / float(__VERSION__));
}
"""

ESSL = """#version 300 es
precision mediump float;
precision highp int;
in mediump vec4 v_color;
layout(location = 0) out highp vec4 o_color;
uniform lowp mat4 u_mvp;
invariant out float unused_depth;
void main()
{
    mediump vec4 c = u_mvp * v_color;
    for (int i = 0, j = 3; i < j; ++i) c.x += float(i);
    o_color = c;
}
"""

FP64 = """#version 150
#extension GL_ARB_gpu_shader_fp64 : require
uniform dvec2 arg;
out vec4 color;
void main()
{
    double d = 1.5lf;
    dvec2 v = arg * d + 1;  // int converts to double under the extension
    dmat2 m = dmat2(v, v);
    color = vec4(float(determinant(m)), v, 1.0);
}
"""

SAMPLES = {
    "fragment": FRAGMENT,
    "compute": COMPUTE,
    "old": OLD,
    "macros": MACROS,
    "essl": ESSL,
    "fp64": FP64,
}


def _nodes(program: Program) -> list[object]:
    return [node for function in program.functions for node in iter_nodes(function)]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_samples_reemit_to_the_same_program(name: str) -> None:
    parsed = parse_glsl(SAMPLES[name])
    again = parse_glsl(emit_glsl(parsed.program, parsed.profile))
    assert again.program == parsed.program
    assert again.profile == parsed.profile


def test_fragment_shader_interface_and_discard() -> None:
    parsed = parse_glsl(FRAGMENT)
    program = parsed.program
    assert program.stage is Stage.FRAGMENT
    assert parsed.extensions == (("GL_ARB_explicit_attrib_location", "require"),)
    assert [(o.name, o.location) for o in program.outputs] == [("color", 0)]
    mode, uv = program.inputs
    assert (mode.type, mode.location, mode.qualifiers.words) == (INT, None, ("flat",))
    assert uv.qualifiers.words == ("smooth",)
    tex, light, threshold = program.uniforms  # initialised ones last, as emitted
    assert tex.type == OpaqueType("sampler2D")
    assert threshold.init == Literal(FLOAT, 0.5)
    assert isinstance(light.type, StructType) and light.type.name == "Light"
    assert any(isinstance(node, Discard) for node in _nodes(program))
    # The prototype lets main call shade first; the IR puts the callee first.
    assert [f.name for f in program.functions] == ["shade", "main"]
    # Two declarators, two VarDecls.
    body = program.entry_point.body.body
    assert [d.name for d in body[:2] if isinstance(d, VarDecl)] == ["texel", "other"]


def test_compute_shader_blocks_images_and_atomics() -> None:
    program = parse_glsl(COMPUTE).program
    assert program.stage is Stage.COMPUTE
    assert program.local_size == (8, 4, 1)
    (params,) = program.blocks
    assert params.storage == "uniform" and params.qualifiers.layout_value("binding") == 1
    # A storage buffer with memory qualifiers is one of ours (StorageBuffer.memory).
    (data,) = program.buffers
    assert data.binding == 2 and data.memory == ("coherent",)
    assert data.fields[-1].type == ArrayType(FLOAT, None)
    assert program.shared[0].type == ArrayType(FLOAT, 32)  # folded gl_WorkGroupSize
    nodes = _nodes(program)
    assert any(isinstance(n, ArrayLength) for n in nodes)
    called = {n.callee for n in nodes if isinstance(n, Call) and n.kind is CallKind.BUILTIN}
    assert {"barrier", "atomicAdd", "atomicCounterIncrement", "imageStore", "transpose"} <= called


def test_old_version_without_version_line() -> None:
    parsed = parse_glsl(OLD)
    assert parsed.profile.version == 110
    (coord,) = parsed.program.inputs
    assert coord.qualifiers.words == ("varying",)
    texture = [n for n in _nodes(parsed.program) if isinstance(n, Call)]
    assert texture[0].callee == "texture2D" and texture[0].type == VectorType(ScalarKind.FLOAT, 4)


def test_macros_and_conditionals() -> None:
    program = parse_glsl(MACROS).program
    decl = program.entry_point.body.body[0]
    assert isinstance(decl, VarDecl) and decl.name == "value"
    assert decl.type == ArrayType(INT, 4)
    assigned = program.entry_point.body.body[1]
    assert isinstance(assigned, ExprStmt)
    assert "value[1] = (4 + 1) * (4 + 1)" in emit_glsl(program)


def test_a_macro_whose_expansion_ends_in_a_function_like_macro_takes_the_arguments_after_it() -> (
    None
):
    # C rescans an expansion with the rest of the text (the preprocessor spelling writes
    # `#define PP_B2 PP_B0` then `PP_B2(x, 1)`), through any number of such names.
    text = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int x; };
#define ADD(a, b) ((a) + (b))
#define PLUS ADD
#define SUM PLUS
void main() {
    x = PLUS(x, 1);
    x = SUM(x, 2);
}
"""
    code = emit_glsl(parse_glsl(text).program)
    assert "x = x + 1;" in code and "x = x + 2;" in code


def test_precision_and_multiple_for_declarators() -> None:
    parsed = parse_glsl(ESSL)
    program = parsed.program
    assert parsed.profile.version == 300 and parsed.profile.needs_precision
    assert program.inputs[0].qualifiers.words == ("mediump",)
    assert program.outputs[0].qualifiers.words == ("highp",)
    assert program.outputs[1].qualifiers.words == ("invariant",)
    local = program.entry_point.body.body[0]
    assert isinstance(local, VarDecl) and local.qualifiers.words == ("mediump",)
    loop_block = program.entry_point.body.body[1]
    assert isinstance(loop_block, Block) and isinstance(loop_block.body[1], For)


def test_doubles_and_implicit_conversions() -> None:
    program = parse_glsl(FP64).program
    double = ScalarType(ScalarKind.FLOAT, 64)
    first = program.entry_point.body.body[0]
    assert isinstance(first, VarDecl) and first.init == Literal(double, 1.5)
    conversions = [n for n in _nodes(program) if isinstance(n, Construct) and len(n.args) == 1]
    assert any(c.type == double and c.args[0] == Literal(INT, 1) for c in conversions)
    assert "1.5lf" in emit_glsl(program)


def test_matrix_operators() -> None:
    text = """#version 450
layout(location = 0) out vec4 color;
void main() {
    mat3 m = mat3(1.0);
    mat2x3 r = mat2x3(1, 2, 3, 4, 5, 6);
    vec3 v = m * vec3(1, 2, 3) + r * vec2(1, 1);
    mat3x2 t = transpose(r);
    float x = m[1][2] + inverse(m)[0].x + outerProduct(v, v)[2].y;
    color = vec4(v, x) * (t * r)[0].xyxy;
}
"""
    program = parse_glsl(text).program
    decls = {d.name: d.type for d in program.entry_point.body.body if isinstance(d, VarDecl)}
    assert decls["r"] == MatrixType(2, 3) and decls["t"] == MatrixType(3, 2)
    again = parse_glsl(emit_glsl(program)).program
    assert again == program


def test_builtin_variables_are_stage_checked_and_read_only() -> None:
    compute_using_fragcoord = """#version 450
layout(local_size_x = 1) in;
void main() { vec4 p = gl_FragCoord; }
"""
    with pytest.raises(GLSLTypeError, match="gl_FragCoord is not available"):
        parse_glsl(compute_using_fragcoord)
    writes_input = "#version 450\nvoid main() { gl_FragCoord = vec4(0); }\n"
    with pytest.raises(GLSLTypeError, match="read-only"):
        parse_glsl(writes_input)
    reads = "#version 450\nout vec4 c;\nvoid main() { c = vec4(gl_FrontFacing); }\n"
    (ref,) = [n for n in _nodes(parse_glsl(reads).program) if isinstance(n, VariableRef)][1:]
    assert ref.name == "gl_FrontFacing"


def test_else_if_chains_read_back() -> None:
    text = "#version 450\nout vec4 c;\n"
    text += "void main() { if (true) c = vec4(1); else if (false) discard; }\n"
    body = parse_glsl(text).program.entry_point.body.body
    assert isinstance(body[0], If) and body[0].otherwise is not None


REJECTED = [
    ("#version 450\nsubroutine void f();\nvoid main() {}\n", GLSLTypeError, 2, 1),
    ("#version 450\n#define F(x) x\nvoid main() { int a = F(1; }\n", GLSLSyntaxError, 3, 23),
    ("#version 450\n#if 1\nvoid main() {}\n", GLSLSyntaxError, 2, 1),
    ("#version 450\n#error stop here\nvoid main() {}\n", GLSLSyntaxError, 2, 1),
    ("#version 450\n#else\n#endif\n", GLSLSyntaxError, 2, 1),
    ("#version 450\n#if 1 / 0\n#endif\n", GLSLSyntaxError, 2, 1),
    ("#version 450\nfloat f();\nvoid main() { f(); }\n", GLSLTypeError, 2, 7),
    ("#version 450\nvoid main() { int a[2]; a.length = 1; }\n", GLSLTypeError, 2, 27),
    ("#version 450\nvoid main() { vec2 v = texture(1, vec2(0)).xy; }\n", GLSLTypeError, 2, 24),
    ("#version 300 es\nvoid main() { float f = 1; }\n", GLSLTypeError, 2, 23),
]


@pytest.mark.parametrize(("text", "error", "line", "column"), REJECTED)
def test_rejections_are_clean(
    text: str, error: type[FrontEndError], line: int, column: int
) -> None:
    with pytest.raises(error) as caught:
        parse_glsl(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert "\n" not in str(caught.value)


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    """A realistic sample with a few tokens or characters deleted, duplicated or swapped."""
    text = draw(st.sampled_from(sorted(SAMPLES.values())))
    by_words = draw(st.booleans())
    pieces = text.split(" ") if by_words else list(text)
    for _ in range(draw(st.integers(1, 4))):
        if not pieces:
            break
        i = draw(st.integers(0, len(pieces) - 1))
        action = draw(st.sampled_from(("delete", "duplicate", "swap", "insert")))
        if action == "delete":
            del pieces[i]
        elif action == "duplicate":
            pieces.insert(i, pieces[i])
        elif action == "swap":
            j = draw(st.integers(0, len(pieces) - 1))
            pieces[i], pieces[j] = pieces[j], pieces[i]
        else:
            pieces.insert(i, draw(st.sampled_from(_INSERTIONS)))
    return (" " if by_words else "").join(pieces)


_INSERTIONS = [
    "#",
    "#if",
    "#define X",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "##",
    "\\\n",
    "1e39",
]
_INSERTIONS += ["layout(", "uniform", "buffer", "struct", "mat2", "double", "discard;", "0x"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_mutated_real_shaders_parse_or_fail_cleanly(text: str) -> None:
    try:
        parsed = parse_glsl(text)
    except FrontEndError as error:
        assert "\n" not in str(error)
        return
    # Whatever is accepted prints back as text that reads back to the same program.
    with contextlib.suppress(ValueError):  # a non-finite float literal has no spelling
        again = parse_glsl(emit_glsl(parsed.program, parsed.profile))
        assert again.program == parsed.program
