"""User structs (issue 20, part 1): the interpreters' struct semantics against values
worked out by hand, the sanitizer's rules on struct code, the generator's option and its
struct forms, generated programs with structs reconditioned free of undefined behaviour
and read back by the GLSL front-end, and the real CPU drivers agreeing with the
interpreter on them, in compute (one and many invocations) and fragment tests, GLSL and
WGSL."""

from __future__ import annotations

from typing import Any

import pytest

from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.interp.fragment_image import expected_image
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.interp.semantics import Language
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL
from shadersmith.ir.program import Program
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import ArrayType, StructType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition import recondition
from shadersmith.recondition.pipeline import ReconditionOptions
from tests.driver_agreement import assert_agree_on_wgpu, mesa_gl_front_end_cases

STRUCTS = SmithOptions(struct_probability=0.15)

_HEADER = """#version 450
layout(local_size_x = 1) in;
struct Inner { int a; vec2 v; };
struct S { int x; Inner i; float f[3]; };
layout(std430, binding = 0) buffer B { int r[16]; int n; };
"""


def _run(text: str, language: Language = Language.GLSL) -> list[int]:
    """`r` after the program `_HEADER + text` (in GLSL, both interpreters, which must
    agree; the lane interpreter has GLSL's semantics only)."""
    program = parse_glsl(_HEADER + text).program
    values: BufferValues = {"B": {"r": (0,) * 16, "n": 0}}
    result = run_compute(program, values, language=language).buffers["B"]
    if language is Language.GLSL:
        assert run_compute_lanes(program, [values])[0]["B"] == result
    r = result["r"]
    assert isinstance(r, tuple)
    return [int(v) for v in r if isinstance(v, int)]


# ---------------------------------------------------------------- semantics by hand


def test_struct_values_are_copied_passed_and_returned_by_value() -> None:
    got = _run(
        """
S make(int k) { S t; t.x = k; t.i = Inner(k + 1, vec2(1.0)); t.f = float[3](1.0, 2.0, 3.0);
                return t; }
void bump(inout S s) { s.x += 10; s.i.a *= 2; }
void reset(out Inner o) { o = Inner(-4, vec2(3.0)); }
int sum(S s) { s.x = 1000; return s.x + s.i.a; }
void main() {
    S a = make(5);            // x 5, i.a 6
    bump(a);                  // x 15, i.a 12
    S b = a;
    b.i.v.y = 9.0;            // a copy: a.i.v.y stays 1
    r[0] = a.x; r[1] = a.i.a; r[2] = int(b.i.v.y); r[3] = int(a.i.v.y);
    r[4] = sum(a);            // the callee's copy: 1000 + 12, a.x stays 15
    r[5] = a.x;
    reset(b.i); r[6] = b.i.a; r[7] = int(b.i.v.x * 2.0);
    r[8] = make(7).i.a;       // a member of a returned value
    r[9] = S(3, Inner(4, vec2(5.0)), float[3](6.0, 7.0, 8.0)).i.a + int(a.f[2]);
}
"""
    )
    assert got[:10] == [15, 12, 9, 1, 1012, 15, -4, 6, 8, 7]


def test_arrays_of_structs_nested_members_and_comparison() -> None:
    got = _run(
        """
const S k = S(1, Inner(2, vec2(3.0, 4.0)), float[3](5.0, 6.0, 7.0));
void main() {
    S arr[2] = S[2](k, k);
    arr[1].x = 77;
    arr[n + 1].i.v = vec2(-1.0);       // n is 0: the second element
    r[0] = arr[1].x; r[1] = arr[0].x; r[2] = int(arr[1].i.v.y); r[3] = int(arr[0].i.v.y);
    r[4] = arr[0] == k ? 1 : 0;        // every member equal, the array included
    r[5] = arr[1] != k ? 1 : 0;
    Inner two[2] = Inner[2](k.i, Inner(9, k.i.v.yx));
    r[6] = two[1].a + int(two[1].v.x); // 9 + 4
    arr[0] = arr[1];
    r[7] = arr[0].x;
    r[8] = (n == 0 ? arr[0] : k).x;    // selecting a whole struct
    r[9] = k.i.a * 10 + int(k.f[1]);
}
"""
    )
    assert got[:10] == [77, 1, -1, 4, 1, 1, 13, 77, 77, 26]


def test_wgsl_semantics_of_a_struct_program() -> None:
    # WGSL mode: no inout, `?:` is select (no structs), division by zero defined.
    got = _run(
        """
Inner twice(Inner p) { p.a *= 2; return p; }
void main() {
    Inner x = Inner(21, vec2(2.0));
    Inner y = twice(x);
    r[0] = y.a; r[1] = x.a; r[2] = y.a / n;  // WGSL: a / 0 is a
}
""",
        Language.WGSL,
    )
    assert got[:3] == [42, 21, 42]


@pytest.mark.parametrize(
    ("body", "category"),
    [
        ("S s; r[0] = s.x;", UBCategory.UNINITIALISED),
        ("S s; s.x = 1; r[0] = s.i.a;", UBCategory.UNINITIALISED),
        (
            "S s = S(1, Inner(2, vec2(1.0)), float[3](1.0, 2.0, 3.0)); r[0] = int(s.f[n + 3]);",
            UBCategory.OUT_OF_BOUNDS,
        ),
        (
            "Inner p = Inner(1, vec2(4097.0)); p.v *= 4097.0; r[0] = int(p.v.x);",
            UBCategory.FLOAT_ROUNDOFF,
        ),
        ("Inner p = Inner(1, vec2(1.0)); r[0] = p.a / n;", UBCategory.DIVISION),
    ],
)
def test_sanitizer_flags_undefined_behaviour_in_struct_code(
    body: str, category: UBCategory
) -> None:
    program = parse_glsl(_HEADER + "void main() {\n" + body + "\n}\n").program
    values: BufferValues = {"B": {"r": (0,) * 16, "n": 0}}
    with pytest.raises(UndefinedBehaviour) as raised:
        run_compute(program, values)
    assert raised.value.category is category


def test_aliasing_struct_out_arguments_are_flagged() -> None:
    program = parse_glsl(
        _HEADER
        + """
void two(out Inner a, out int b) { a = Inner(1, vec2(1.0)); b = 2; }
void main() { Inner p; two(p, p.a); r[0] = p.a; }
"""
    ).program
    with pytest.raises(UndefinedBehaviour) as raised:
        run_compute(program, {"B": {"r": (0,) * 16, "n": 0}})
    assert raised.value.category is UBCategory.ALIASING_OUT_ARGUMENTS


def test_a_const_struct_member_is_a_wgsl_const_expression() -> None:
    # `n / k.a` with k.a a const zero is a WGSL shader-creation error: the reconditioner
    # must see through the member to wrap it.
    from shadersmith.analysis.wgsl_constants import ConstEnvironment, const_value
    from shadersmith.ir.expressions import Member

    program = parse_glsl(
        _HEADER + "const Inner k = Inner(0, vec2(1.0));\nvoid main() { r[0] = k.a; }\n"
    ).program
    env = ConstEnvironment(program)
    member = next(n for n in iter_nodes(program.functions[-1].body) if isinstance(n, Member))
    assert env.is_const(member)
    assert const_value(member, env) == (0,)


# ---------------------------------------------------------------- the generator


def test_structs_are_an_option_recorded_and_off_gives_the_old_programs() -> None:
    assert options_from_dict(options_to_dict(STRUCTS)) == STRUCTS
    # A test recorded before structs existed names no struct_probability: none are drawn.
    legacy = {k: v for k, v in options_to_dict(STRUCTS).items() if k != "struct_probability"}
    assert options_from_dict(legacy).struct_probability == 0.0
    for seed in range(4):
        off = generate(seed, SmithOptions(struct_probability=0.0), GLSL450)
        assert not off.program.structs and "struct" not in emit(off.program, GLSL450)
        # Seeds without structs do not move: the same bytes as without the option at all.
        assert off.program == generate(seed, options_from_dict(legacy), GLSL450).program
        assert emit(generate(seed, STRUCTS).program, GLSL450) == emit(
            generate(seed, STRUCTS).program, GLSL450
        )


def _struct_types(program: Program) -> list[Any]:
    found = []
    for function in program.functions:
        found += [p.type for p in function.params]
        found.append(function.return_type)
        found += [d.type for d in iter_nodes(function.body) if isinstance(d, VarDecl)]
    found += [d.type for d in program.globals]
    return found


def test_generated_programs_use_every_struct_form() -> None:
    choices: set[str] = set()
    types: list[Any] = []
    for seed in range(10):
        generated = generate(seed, STRUCTS, GLSL450)
        choices |= {k for k in generated.choices if k.startswith("struct:")}
        types += _struct_types(generated.program)
    expected = {"variable", "return", "array", "nested", "call", "select", "comparison"}
    assert {f"struct:{form}" for form in expected} <= choices
    assert any(isinstance(t, StructType) for t in types)
    assert any(isinstance(t, ArrayType) and isinstance(t.element, StructType) for t in types)


@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_struct_programs_round_trip_through_the_front_end(profile: Any) -> None:
    for seed in range(12):
        options = SmithOptions(struct_probability=0.15, fragment_probability=0.3)
        generated = generate(seed, options, profile)
        assert generated.program.structs
        for program in (
            generated.program,
            recondition(generated.program, generated.buffer_values).program,
        ):
            assert parse_glsl(emit_glsl(program, profile)).program == program


def test_generated_struct_programs_reconditioned_have_no_undefined_behaviour() -> None:
    for seed in range(15):
        fragment = seed % 3 == 2
        options = SmithOptions(
            struct_probability=0.15,
            fragment_probability=1.0 if fragment else 0.0,
            multi_invocation_probability=0.5,
        )
        generated = generate(seed, options, GLSL450)
        assert generated.program.structs
        fixed = recondition(generated.program, generated.buffer_values)
        if fragment:
            width, height = generated.framebuffer or (64, 64)
            expected_image(fixed.program, fixed.buffer_values, width, height)
        else:
            run_compute(fixed.program, fixed.buffer_values, workgroups=generated.workgroups)


def test_wgsl_struct_programs_use_what_wgsl_has() -> None:
    for seed in range(8):
        generated = generate(seed, STRUCTS, WGSL)
        assert not {"struct:select", "struct:comparison"} & set(generated.choices)
        fixed = recondition(
            generated.program, generated.buffer_values, ReconditionOptions(language=WGSL.language)
        )
        assert "struct Struct_0" in emit(fixed.program, WGSL)
        run_compute(
            fixed.program,
            fixed.buffer_values,
            workgroups=generated.workgroups,
            language=Language.WGSL,
        )


# ---------------------------------------------------------------- the real drivers

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]


def _agree_on_the_drivers(fragment: bool, seeds: range) -> None:
    """Compute seeds 2 (`v.zy[i]`), 3 (imulExtended's out arguments) and 5 meet Mesa 22's
    GL front-end bugs (driver_agreement.mesa_gl_front_end_cases)."""
    from shadersmith.trial import prepare_generated

    options = SmithOptions(struct_probability=0.15, fragment_probability=float(fragment))
    generated = [generate(s, options, GLSL450) for s in seeds]
    assert all(g.program.structs for g in generated)
    jobs = [prepare_generated(g, GLSL450).job for g in generated]
    names = [f"seed {s}" for s in seeds]
    assert len(mesa_gl_front_end_cases(jobs, names)) <= len(seeds) // 2


def test_compute_struct_programs_agree_on_the_cpu_drivers() -> None:
    _agree_on_the_drivers(False, range(8))


def test_fragment_struct_programs_agree_on_the_cpu_drivers() -> None:
    _agree_on_the_drivers(True, range(6))


def test_wgsl_struct_programs_agree_on_wgpu() -> None:
    from shadersmith.trial import prepare_generated

    seeds = range(8)
    jobs = [prepare_generated(generate(s, STRUCTS, WGSL), WGSL).job for s in seeds]
    assert_agree_on_wgpu(jobs, [f"seed {s}" for s in seeds])
