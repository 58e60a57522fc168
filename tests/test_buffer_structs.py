"""User structs in buffers (issue 20, part 1): the recorded spelling of struct types
(schema 6), std430 and std140 layouts of struct fields worked out by hand, a hand-written
program reading and writing struct buffer fields (by hand in both interpreters, GLSL and
WGSL), the generator's option, generated programs reconditioned free of undefined
behaviour, the exports, and the real CPU drivers and wgpu agreeing with the interpreter
on hand-written and generated programs (compute, multi-invocation and fragment)."""

from __future__ import annotations

import dataclasses
import json
import struct

import pytest

from shadersmith.case.codec import SCHEMA_VERSION, from_json, inputs_from_json, to_json
from shadersmith.case.inputs import TestCaseError
from shadersmith.case.typenames import parse_type_name, type_name
from shadersmith.case.values_json import value_from_json
from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import LEGACY_DEFAULTS, options_from_dict, options_to_dict
from shadersmith.export.amber import amber_script
from shadersmith.export.common import ExportError
from shadersmith.export.piglit import piglit_shader_test
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.buffer_structs import buffer_safe
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.fragment_image import expected_image
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.interp.semantics import Language
from shadersmith.ir.profile import GLSL450, WGSL, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.types import ArrayType, StructType
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.recondition.pipeline import ReconditionOptions
from shadersmith.targets.job import Job
from shadersmith.targets.runners.buffers import buffer_inputs, buffer_inputs_from_specs
from shadersmith.targets.runners.std430 import (
    block_layout,
    member_offsets,
    pack_buffer,
    size,
    unpack_buffer,
)
from shadersmith.trial import prepare_generated
from tests.driver_agreement import assert_agree_on_wgpu, mesa_gl_front_end_cases

BUFFER_STRUCTS = SmithOptions(buffer_struct_probability=0.3)

# P: v at 0 (vec3, 16-aligned), k at 12 in v's last 4 bytes, size 16. Q: a at 0, p at
# 16 (P's alignment) with stride 16, w at 48 (8-aligned), end 56, size 64 (rounded up
# to 16). In: q at 0, tail at 64.
_PROGRAM = """#version 450
layout(local_size_x = 1) in;
struct P { vec3 v; int k; };
struct Q { uint a; P p[2]; uvec2 w; };
layout(std430, binding = 0) readonly buffer In { Q q; float tail; } inb;
layout(std430, binding = 1) buffer Out { P r[2]; Q copy; int sum; };
void main() {
    copy = inb.q;
    copy.p[1].k += 5;
    r[0] = P(inb.q.p[1].v * 2.0, inb.q.p[0].k + int(inb.tail));
    r[1] = inb.q.p[0];
    r[1].v.y = float(inb.q.a);
    sum = inb.q.p[0].k + inb.q.p[1].k + int(inb.q.w.x) - int(inb.q.w.y);
}
"""
_Q = (7, (((1.0, 2.0, 3.0), 10), ((4.0, 5.0, 6.0), 20)), (100, 30))
_ZERO_P = ((0.0, 0.0, 0.0), 0)
_VALUES: BufferValues = {
    "In": {"q": _Q, "tail": 3.0},
    "Out": {"r": (_ZERO_P, _ZERO_P), "copy": (0, (_ZERO_P, _ZERO_P), (0, 0)), "sum": 0},
}
# By hand: copy is q with p[1].k + 5; r[0] = (p[1].v * 2, p[0].k + 3); r[1] = p[0] with
# v.y = a; sum = 10 + 20 + 100 - 30.
_EXPECTED = {
    "r": (((8.0, 10.0, 12.0), 13), ((1.0, 7.0, 3.0), 10)),
    "copy": (7, (((1.0, 2.0, 3.0), 10), ((4.0, 5.0, 6.0), 25)), (100, 30)),
    "sum": 100,
}


def _program() -> Program:
    return parse_glsl(_PROGRAM).program


def _uses_buffer_structs(program: Program) -> bool:
    def has_struct(type_: object) -> bool:
        while isinstance(type_, ArrayType):
            type_ = type_.element
        return isinstance(type_, StructType)

    return any(has_struct(f.type) for b in program.buffers for f in b.fields) or any(
        has_struct(g.type) for g in program.globals
    )


# ---------------------------------------------------------------- the record's spelling


def test_struct_type_names_are_spelled_whole_and_read_back() -> None:
    q = _program().buffers[0].fields[0].type
    text = type_name(ArrayType(q, 3))
    assert text == "Q{a:uint,p:P{v:vec3,k:int}[2],w:uvec2}[3]"
    assert parse_type_name(text) == ArrayType(q, 3)
    assert parse_type_name("Q { a : uint, p : P{v:vec3,k:int}[2], w:uvec2 }[3]") == ArrayType(q, 3)
    # The names of before read as before.
    assert type_name(parse_type_name("int[3][2]")) == "int[3][2]"
    for bad in ("S{}", "S{a:int", "S{a:foo}", "S{a:int,a:uint}", "S{a:int[]}", "s{a:int}x"):
        with pytest.raises(ValueError):
            parse_type_name(bad)
    # A struct value is the list of its members' values, checked member by member.
    p = parse_type_name("P{v:vec3,k:int}")
    assert value_from_json([[1, 2, 3], -4], p, "t") == ((1.0, 2.0, 3.0), -4)
    with pytest.raises(TestCaseError, match="expected 2 members"):
        value_from_json([[1, 2, 3]], p, "t")
    with pytest.raises(TestCaseError, match=r"t\.k: expected a int"):
        value_from_json([[1, 2, 3], 1.5], p, "t")


# ---------------------------------------------------------------- layouts by hand


def test_std430_and_std140_layouts_of_struct_fields() -> None:
    program = _program()
    q = program.buffers[0].fields[0].type
    assert isinstance(q, StructType)
    p = q.fields[1].type
    assert isinstance(p, ArrayType) and isinstance(p.element, StructType)
    assert member_offsets(p.element) == [0, 12] and size(p.element) == 16
    assert member_offsets(q) == [0, 16, 48] and size(q) == 64
    fields = [(f.name, f.type) for f in program.buffers[0].fields]
    assert [f.offset for f in block_layout(fields)] == [0, 64]
    data = pack_buffer(fields, _VALUES["In"])
    assert len(data) == 68  # the end of its last field
    words = struct.unpack("<17I", data)
    floats = struct.unpack("<17f", data)
    assert words[0] == 7 and floats[4:7] == (1.0, 2.0, 3.0) and words[7] == 10
    assert floats[8:11] == (4.0, 5.0, 6.0) and words[11] == 20
    assert words[12:14] == (100, 30) and floats[16] == 3.0
    assert unpack_buffer(fields, data) == _VALUES["In"]
    # std140 rounds a struct's alignment and size, and an array's stride, up to 16:
    # `struct U { float x; }` is 4 bytes in std430, 16 in std140, and so is U[2]'s stride.
    u = parse_type_name("U{x:float}")
    assert size(u) == 4 and size(u, layout="std140") == 16
    assert size(ArrayType(u, 2)) == 8 and size(ArrayType(u, 2), layout="std140") == 32
    mixed = [("a", parse_type_name("float")), ("s", u), ("b", parse_type_name("float"))]
    assert [f.offset for f in block_layout(mixed)] == [0, 4, 8]
    assert [f.offset for f in block_layout(mixed, layout="std140")] == [0, 16, 32]


# ---------------------------------------------------------------- semantics by hand


def test_a_hand_written_struct_buffer_program_by_hand() -> None:
    program = _program()
    assert run_compute(program, _VALUES).buffers["Out"] == _EXPECTED
    assert run_compute_lanes(program, [_VALUES])[0]["Out"] == _EXPECTED
    wgsl = run_compute(program, _VALUES, language=Language.WGSL).buffers["Out"]
    assert wgsl == _EXPECTED


# ---------------------------------------------------------------- generator and record


def test_the_option_is_recorded_and_off_gives_the_old_programs() -> None:
    assert SmithOptions().buffer_struct_probability == 0.0
    assert LEGACY_DEFAULTS["buffer_struct_probability"] == 0.0
    assert options_from_dict(options_to_dict(BUFFER_STRUCTS)) == BUFFER_STRUCTS
    assert from_flags(buffer_structs=0.3).buffer_struct_probability == 0.3
    for seed in range(4):
        off = generate(seed, SmithOptions(buffer_struct_probability=0.0))
        assert off.program == generate(seed).program
        assert not _uses_buffer_structs(off.program)


def test_generated_buffer_structs_hold_no_bool_and_are_counted() -> None:
    used = 0
    for seed in range(12):
        generated = generate(seed, BUFFER_STRUCTS)
        for buffer in generated.program.buffers:
            assert all(buffer_safe(f.type) for f in buffer.fields)
        used += generated.choices["buffer_struct:field"] > 0
        assert _uses_buffer_structs(generated.program) == (
            generated.choices["buffer_struct:field"] > 0
        )
    assert used >= 6
    # No struct in a WGSL uniform block (its layout rules are WGSL's own), a GLSL one may.
    fragment = dataclasses.replace(BUFFER_STRUCTS, fragment_probability=1.0)
    glsl = [generate(s, fragment, GLSL450).program for s in range(4)]
    assert any(_uses_buffer_structs(p) and any(b.uniform for b in p.buffers) for p in glsl)


def test_a_struct_test_is_recorded_and_read_back() -> None:
    test = prepare_generated(generate(0, BUFFER_STRUCTS), GLSL450).test
    data = json.loads(json.dumps(to_json(test)))
    assert data["schema_version"] == SCHEMA_VERSION == 6
    types = [f["type"] for b in data["inputs"]["buffers"] for f in b["fields"]]
    assert any("{" in t for t in types)
    again = from_json(data, test.shaders, "t")
    assert again.inputs == test.inputs
    # The runners see the same buffers from the record and from the program.
    prepared = prepare_generated(generate(0, BUFFER_STRUCTS), GLSL450)
    assert prepared.program is not None and prepared.values is not None
    assert buffer_inputs_from_specs(inputs_from_json(data["inputs"], "t").buffers) == (
        buffer_inputs(prepared.program, prepared.values)
    )


@pytest.mark.parametrize("kind", ["compute", "multi", "fragment", "wgsl"])
def test_generated_programs_reconditioned_have_no_undefined_behaviour(kind: str) -> None:
    options = dataclasses.replace(
        BUFFER_STRUCTS,
        fragment_probability=1.0 if kind == "fragment" else 0.0,
        multi_invocation_probability=1.0 if kind == "multi" else 0.0,
    )
    profile = WGSL if kind == "wgsl" else GLSL450
    for seed in range(5):
        generated = generate(seed, options, profile)
        fixed = recondition(
            generated.program,
            generated.buffer_values,
            ReconditionOptions(language=profile.language),
        )
        if kind == "fragment":
            width, height = generated.framebuffer or (64, 64)
            expected_image(fixed.program, fixed.buffer_values, width, height)
        else:
            language = Language.WGSL if kind == "wgsl" else Language.GLSL
            run_compute(
                fixed.program,
                fixed.buffer_values,
                workgroups=generated.workgroups,
                language=language,
            )


def test_exports_write_struct_data_or_refuse_in_one_line() -> None:
    # Amber takes every block as its std430/std140 words, structs included.
    compute = prepare_generated(generate(0, BUFFER_STRUCTS), GLSL450).test
    script = amber_script(compute)
    assert "DATA_TYPE uint32" in script and "EXPECT" in script
    piglit_shader_test(compute)  # SSBOs: bytes too
    fragment = dataclasses.replace(BUFFER_STRUCTS, fragment_probability=1.0)
    test = prepare_generated(generate(0, fragment), GLSL450).test
    amber_script(test)
    # piglit sets a uniform block's members one by one by name: not for a struct.
    with pytest.raises(ExportError, match=r"cannot set uniform .* of type Struct_"):
        piglit_shader_test(test)


# ---------------------------------------------------------------- the real drivers


def _jobs(
    options: SmithOptions, seeds: tuple[int, ...], profile: LanguageProfile = GLSL450
) -> list[Job]:
    generated = [generate(s, options, profile) for s in seeds]
    assert all(_uses_buffer_structs(g.program) for g in generated)
    return [prepare_generated(g, profile).job for g in generated]


def test_struct_buffer_programs_agree_on_the_cpu_drivers() -> None:
    """The hand-written program, generated compute (one and many invocations) and
    fragment programs (std140 uniform blocks with structs)."""
    multi = dataclasses.replace(BUFFER_STRUCTS, multi_invocation_probability=0.5)
    fragment = dataclasses.replace(BUFFER_STRUCTS, fragment_probability=1.0)
    jobs = [job_from_program(_program(), _VALUES, GLSL450)]
    # Generated seed 0 with the default share of multi-invocation programs meets Mesa 22
    # GL's imulExtended out-argument bug (softpipe dies of SIGFPE on it): left out.
    jobs += _jobs(dataclasses.replace(BUFFER_STRUCTS, multi_invocation_probability=0.0), (0, 1, 4))
    jobs += _jobs(multi, (4, 6, 7))
    jobs += _jobs(fragment, (0, 1, 4))
    names = ["by hand"] + [f"compute seed {s}" for s in (0, 1, 4)]
    names += [f"multi-invocation seed {s}" for s in (4, 6, 7)]
    names += [f"fragment seed {s}" for s in (0, 1, 4)]
    assert mesa_gl_front_end_cases(jobs, names) == []


def test_wgsl_struct_buffer_programs_agree_on_wgpu() -> None:
    jobs = [job_from_program(_program(), _VALUES, WGSL)]
    jobs += _jobs(BUFFER_STRUCTS, (0, 1, 5), WGSL)
    assert_agree_on_wgpu(jobs, ["by hand", "seed 0", "seed 1", "seed 5"])
