"""Memory qualifiers on storage buffers (issue 20, part 1): `coherent`, `volatile`,
`restrict` and `writeonly` (input buffers are `readonly` already) are read and written back
by the front-end and the emitter, left out of WGSL, drawn by the generator from a stream of
the seed's own (recorded as an option, off for records made before), never on a buffer the
program reads (`writeonly`: a compile error, which the interpreter refuses and the
reconditioner removes), and programs with them agree on the real drivers."""

from __future__ import annotations

import dataclasses

import pytest

from shadersmith.analysis.buffer_reads import read_buffers
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import InterpreterError, run_compute
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition import recondition
from shadersmith.trial import prepare_generated
from tests.driver_agreement import mesa_gl_front_end_cases

QUALIFIED = SmithOptions(buffer_qualifier_probability=1.0)

_PROGRAM = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;
layout(std430, binding = 0) restrict readonly buffer A {
    int a[2];
};
layout(std430, binding = 1) coherent volatile buffer B {
    int b;
} inst;
layout(std430, binding = 2) restrict writeonly buffer W {
    int w;
    ivec2 v;
};
void main() {
    inst.b = a[0] + a[1];
    w = inst.b * 2;
    v.y = 5;
    BODY
}
"""


def _program(body: str = "") -> Program:
    return parse_glsl(_PROGRAM.replace("BODY", body)).program


def _values() -> BufferValues:
    return {"A": {"a": (3, 4)}, "B": {"b": 0}, "W": {"w": 0, "v": (1, 2)}}


def test_the_front_end_and_the_emitter_keep_the_qualifiers() -> None:
    program = _program()
    memory = {b.block_name: b.memory for b in program.buffers}
    assert memory == {
        "A": ("restrict",),
        "B": ("coherent", "volatile"),
        "W": ("restrict", "writeonly"),
    }
    text = emit(program, GLSL450)
    assert "layout(std430, binding = 1) coherent volatile buffer B {" in text
    assert "layout(std430, binding = 2) restrict writeonly buffer W {" in text
    assert emit(parse_glsl(text).program, GLSL450) == text
    wgsl = emit(program, WGSL)
    assert "coherent" not in wgsl and "writeonly" not in wgsl
    assert "var<storage, read_write> _ss_W: W;" in wgsl


def test_writes_only_do_not_read_a_buffer() -> None:
    assert read_buffers(_program()) == {"A", "B"}
    for body in ("w += 1;", "v.x++;", "int k = w;", "inst.b = v.x;"):
        assert "W" in read_buffers(_program(body)), body
    # An assignment's value is the target's after the store: NVIDIA's GL compiler calls
    # `a = (w = 0)` a read of w ("OpenGL does not allow reading writeonly variable").
    for body in ("inst.b = (w = 3);", "if ((v.x = 1) > 0) { }", "int k = (w = 2) + 1;"):
        assert "W" in read_buffers(_program(body)), body
    # Thrown away (a statement, a loop's update): a store only.
    for body in ("w = 3;", "for (int i = 0; i < 2; w = i++) { }"):
        assert "W" not in read_buffers(_program(body)), body


def test_the_interpreter_runs_writes_and_refuses_a_read_of_a_writeonly_buffer() -> None:
    after = run_compute(_program(), _values()).buffers
    assert after["W"] == {"w": 14, "v": (1, 5)} and after["B"] == {"b": 7}
    with pytest.raises(InterpreterError, match="writeonly buffer W"):
        run_compute(_program("w += 1;"), _values())


def test_the_reconditioner_drops_writeonly_where_the_program_reads() -> None:
    kept = recondition(_program(), _values()).program
    assert [b.memory for b in kept.buffers][2] == ("restrict", "writeonly")
    dropped = recondition(_program("w += 1;"), _values()).program
    assert [b.memory for b in dropped.buffers][2] == ("restrict",)
    assert run_compute(dropped, _values()).buffers["W"]["w"] == 15


def _without_qualifiers(program: Program) -> Program:
    buffers = tuple(dataclasses.replace(b, memory=()) for b in program.buffers)
    return dataclasses.replace(program, buffers=buffers)


def test_the_draw_is_recorded_and_leaves_the_program_as_it_was() -> None:
    legacy = {
        k: v
        for k, v in options_to_dict(SmithOptions()).items()
        if k != "buffer_qualifier_probability"
    }
    assert options_from_dict(legacy).buffer_qualifier_probability == 0.0
    off = SmithOptions(buffer_qualifier_probability=0.0)
    qualified = 0
    for seed in range(8):
        plain = generate(seed, off)
        drawn = generate(seed, QUALIFIED)
        assert not any(b.memory for b in plain.program.buffers)
        assert _without_qualifiers(drawn.program) == plain.program
        assert emit(drawn.program, GLSL450) == emit(generate(seed, QUALIFIED).program, GLSL450)
        words = {w for b in drawn.program.buffers for w in b.memory}
        assert {f"buffer:{w}" for w in words} <= set(drawn.choices)
        qualified += bool(words)
        read = read_buffers(drawn.program)
        assert not any(
            "writeonly" in b.memory and b.block_name in read for b in drawn.program.buffers
        )
    assert qualified == 8
    assert not any(b.memory for b in generate(0, QUALIFIED, WGSL).program.buffers)


# ---------------------------------------------------------------- the real drivers


def test_qualified_programs_agree_on_the_cpu_drivers() -> None:
    from shadersmith.rebuild.jobs import job_from_program

    seeds = range(6)
    options = dataclasses.replace(QUALIFIED, multi_invocation_probability=0.5)
    jobs = [prepare_generated(generate(s, options), GLSL450).job for s in seeds]
    # Generated programs read back nearly every output buffer: writeonly by hand.
    jobs.append(job_from_program(_program(), _values(), GLSL450))
    names = [f"seed {s}" for s in seeds] + ["writeonly by hand"]
    vulkan = ("vk-lavapipe", "vk-swiftshader")
    assert len(mesa_gl_front_end_cases(jobs, names, vulkan)) <= len(seeds) // 4
