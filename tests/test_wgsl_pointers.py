"""WGSL pointer parameters (issue 20, part 1): the IR's out and inout parameters are
emitted in WGSL as `ptr<function, T>` parameters read and written as `(*p)`, with `&v`
arguments (whole local variables of the caller), by hand and on wgpu-vk; the generator's
option (off: the one draw of before, the programs of before; on: recorded); and generated
programs with pointer arguments agreeing with the interpreter on wgpu-vk."""

from __future__ import annotations

import pytest

from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.emit.wgsl_types import WGSLEmitError
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.semantics import Language
from shadersmith.ir.expressions import Call, CallKind, VariableRef
from shadersmith.ir.profile import WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.trial import prepare_generated
from tests.driver_agreement import assert_agree_on_wgpu

POINTERS = SmithOptions(pointer_parameter_probability=0.5)
FRAGMENT_POINTERS = SmithOptions(pointer_parameter_probability=0.5, fragment_probability=1.0)
# Seeds of POINTERS (compute, then fragment) whose programs pass pointer arguments.
COMPUTE_SEEDS = (1, 17, 31)
FRAGMENT_SEEDS = (10, 32)

_PROGRAM = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int r[8]; };
void bump(inout int x, int by) { x += by; }
void put(out ivec2 v, inout int n) { v = ivec2(n, n + 1); n = n * 10; }
int twice(inout int a, inout int b) { a += 1; b += 2; bump(a, 100); return a + b; }
void keep(int k) { bump(k, 5); r[5] = k; }
void fill(inout int t[3]) { t[1] = t[0] + 9; }
void main() {
    int x = 1; bump(x, 4);                       // 5
    ivec2 v; int n = 3; put(v, n);               // v (3, 4), n 30
    int a = 0; int b = 0; int s = twice(a, b);   // a 101 (its pointer passed on), b 2
    r[0] = x; r[1] = v.x + v.y; r[2] = n; r[3] = s; r[4] = a * 1000 + b;
    keep(7);                                     // a value parameter written by pointer: 12
    int t[3] = int[3](1, 2, 3); fill(t); r[6] = t[1] * 10 + t[2];
}
"""


def test_out_and_inout_parameters_are_pointers_in_wgsl() -> None:
    program = parse_glsl(_PROGRAM).program
    text = emit(program, WGSL)
    assert "fn bump(x: ptr<function, i32>, by: i32)" in text
    assert "(*x) += by;" in text
    assert "bump(&x, 4i);" in text
    assert "bump(a, 100i);" in text  # twice's own pointer, passed on
    # keep's value parameter, written through a pointer: a var of its own first.
    assert "fn keep(_ss_in_k: i32)" in text and "bump(&k, 5i);" in text
    assert "(*t)[1i] = (*t)[0i] + 9i;" in text
    values: BufferValues = {"B": {"r": (0,) * 8}}
    result = run_compute(program, values, language=Language.WGSL).buffers["B"]["r"]
    assert result == (5, 7, 30, 103, 101002, 12, 103, 0)
    assert_agree_on_wgpu([job_from_program(program, values, WGSL)], ["hand-written pointers"])


def test_a_pointer_argument_is_a_whole_variable() -> None:
    # `v.x` has no pointer in WGSL (nor, in core WGSL, does an array element).
    program = parse_glsl(
        _PROGRAM.replace("int x = 1; bump(x, 4);", "ivec2 w; int x = 1; bump(w.x, 4);")
    ).program
    with pytest.raises(WGSLEmitError, match="whole local variable"):
        emit(program, WGSL)


def test_the_option_is_recorded_and_off_gives_the_old_programs() -> None:
    assert options_from_dict({}).pointer_parameter_probability == 0.0
    assert options_from_dict(options_to_dict(POINTERS)) == POINTERS
    assert from_flags(pointers=0.5).pointer_parameter_probability == 0.5
    assert from_flags().pointer_parameter_probability == 0.0
    for seed in range(10):
        plain = generate(seed, SmithOptions(), WGSL)
        assert "pointer:parameter" not in plain.choices
        assert not any(p.qualifier.writes_back for f in plain.program.functions for p in f.params)


def test_pointer_arguments_are_whole_local_variables() -> None:
    for seed in COMPUTE_SEEDS:
        generated = generate(seed, POINTERS, WGSL)
        program = generated.program
        assert generated.choices["pointer:argument"] > 0
        writes_back = {
            f.name: [p.qualifier.writes_back for p in f.params] for f in program.functions
        }
        module = {g.name for g in program.globals} | {s.name for s in program.shared}
        for call in iter_nodes(program):
            if isinstance(call, Call) and call.kind is CallKind.USER:
                for arg, written in zip(call.args, writes_back[call.callee], strict=True):
                    if written:
                        assert isinstance(arg, VariableRef) and arg.name not in module


def test_generated_pointer_programs_agree_on_wgpu() -> None:
    generated = [generate(s, POINTERS, WGSL) for s in COMPUTE_SEEDS]
    generated += [generate(s, FRAGMENT_POINTERS, WGSL) for s in FRAGMENT_SEEDS]
    assert all(g.choices["pointer:argument"] for g in generated)
    jobs = [prepare_generated(g, WGSL).job for g in generated]
    assert all("ptr<function, " in job.source for job in jobs)
    assert_agree_on_wgpu(jobs, [f"seed {g.seed}" for g in generated])
