"""The GLSL front-end: emitted programs parse back to themselves; bad texts fail cleanly."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import FrontEndError, GLSLSyntaxError, GLSLTypeError, parse_glsl
from shadersmith.generate.smith import generate
from shadersmith.ir.expressions import Literal
from shadersmith.ir.profile import ESSL310, GLSL450, LanguageProfile
from shadersmith.ir.program import BufferAccess, Program
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import INT, UINT
from shadersmith.recondition import recondition

PROFILES = (GLSL450, ESSL310)


def _round_trip(program: Program, profile: LanguageProfile) -> None:
    parsed = parse_glsl(emit_glsl(program, profile))
    assert parsed.profile == profile
    assert parsed.program == program


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_generated_programs_round_trip(profile: LanguageProfile) -> None:
    for seed in range(50):
        generated = generate(seed, profile=profile)
        _round_trip(generated.program, profile)
        reconditioned = recondition(generated.program, generated.buffer_values).program
        _round_trip(reconditioned, profile)


def test_buffers_and_layout() -> None:
    text = """#version 310 es
precision highp float;
// a comment
#extension GL_EXT_foo : enable
layout(local_size_x = 4, local_size_y = 2, local_size_z = 1) in;
layout(std430, binding = 0) readonly buffer buf_in { int a[3]; uvec2 b; } inst;
layout(std430, binding = 1) buffer buf_out { int c[]; };
void main() {
    /* block
       comment */
    c[0] = inst.a[2] + int(inst.b.y);
    int x = -2147483648;
    uint y = 4294967295u;
}
"""
    parsed = parse_glsl(text)
    program = parsed.program
    assert parsed.profile == ESSL310
    assert program.local_size == (4, 2, 1)
    assert program.buffers[0].access is BufferAccess.INPUT
    assert program.buffers[0].instance_name == "inst"
    assert program.buffers[1].access is BufferAccess.INPUT_OUTPUT
    body = program.entry_point.body.body
    assert isinstance(body[1], VarDecl) and body[1].init == Literal(INT, -(2**31))
    assert isinstance(body[2], VarDecl) and body[2].init == Literal(UINT, 2**32 - 1)


ERRORS = [
    ("#version 450\n#foo X 1\n", GLSLSyntaxError, 2, 1),
    ("#version 451\nvoid main() {}\n", GLSLSyntaxError, 1, 1),
    ("#version 450\nvoid main() {\n  int x = 1u;\n}\n", GLSLTypeError, 3, 9),
    ("#version 450\nvoid main() {\n  x = 1;\n}\n", GLSLTypeError, 3, 3),
    ("#version 450\nvoid main() {\n  int x = 1 +;\n}\n", GLSLSyntaxError, 3, 14),
    ("#version 450\nvoid main() {\n  int x = 1 @ 2;\n}\n", GLSLSyntaxError, 3, 13),
    ("#version 450\nvoid main() {\n  bool b = true < 2u;\n}\n", GLSLTypeError, 3, 17),
    (
        "#version 450\nvoid main() {\n  ivec2 v = ivec2(1);\n  int a = v.z;\n}\n",
        GLSLTypeError,
        4,
        13,
    ),
    ("#version 450\nvoid main() {\n  const int c = 1;\n  c = 2;\n}\n", GLSLTypeError, 4, 5),
    ("#version 450\nvoid main() {\n  int x = 2147483648;\n}\n", GLSLTypeError, 3, 11),
    ("#version 450\nvoid main() {\n  int a[2];\n  int b = a[2];\n}\n", GLSLTypeError, 4, 13),
    ("#version 450\nvoid main() {\n  int x = f(1);\n}\n", GLSLTypeError, 3, 11),
    ("#version 450\nvoid main() {\n  if (1) {}\n}\n", GLSLTypeError, 3, 7),
    ("#version 450\nvoid main() {\n  /* open\n", GLSLSyntaxError, 3, 3),
    ("#version 450\nvoid main() {\n  switch (1) { int x; }\n}\n", GLSLSyntaxError, 3, 16),
    ("#version 450\nint f() {\n  return;\n}\nvoid main() {}\n", GLSLTypeError, 3, 3),
    ("#version 450\n", GLSLTypeError, 2, 1),
]


@pytest.mark.parametrize(("text", "error", "line", "column"), ERRORS)
def test_errors_carry_positions(
    text: str, error: type[FrontEndError], line: int, column: int
) -> None:
    with pytest.raises(error) as caught:
        parse_glsl(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    message = str(caught.value)
    assert message.startswith(f"line {line}, column {column}: ")
    assert "\n" not in message


_SAMPLES = [emit_glsl(generate(seed).program) for seed in range(5)]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(_SAMPLES))
    pieces = text.split(" ") if draw(st.booleans()) else list(text)
    for _ in range(draw(st.integers(1, 4))):
        if not pieces:
            break
        i = draw(st.integers(0, len(pieces) - 1))
        action = draw(st.sampled_from(("delete", "duplicate", "swap")))
        if action == "delete":
            del pieces[i]
        elif action == "duplicate":
            pieces.insert(i, pieces[i])
        else:
            j = draw(st.integers(0, len(pieces) - 1))
            pieces[i], pieces[j] = pieces[j], pieces[i]
    joiner = " " if len(pieces) < len(text) else ""
    return joiner.join(pieces)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_mutated_texts_parse_or_fail_cleanly(text: str) -> None:
    try:
        parse_glsl(text)
    except FrontEndError as error:
        assert "\n" not in str(error)


@given(st.text(max_size=200))
@settings(max_examples=100, deadline=None)
def test_random_text_fails_cleanly(text: str) -> None:
    with contextlib.suppress(FrontEndError):
        parse_glsl("#version 450\n" + text)


def test_a_struct_in_a_uniform_block_reads_back_as_our_buffer() -> None:
    """--buffer-structs puts structs in fragment tests' uniform blocks; read back as a
    foreign block, such a test could not be reduced (a GPU campaign's gl-nvidia crash
    bucket: 'the test's own program is invalid before any reduction')."""
    text = (
        "#version 450\nstruct S { float a; float b[3]; int c; };\n"
        "layout(std140, binding = 1) uniform buf_in_1 { S in_1_f0; vec4 in_1_f1; } in_1;\n"
        "layout(location = 0) out uvec4 _color;\n"
        "void main() { _color = uvec4(uint(in_1.in_1_f0.c)); }\n"
    )
    program = parse_glsl(text).program
    assert not program.blocks
    assert [b.block_name for b in program.buffers] == ["buf_in_1"]
    assert program.buffers[0].uniform
