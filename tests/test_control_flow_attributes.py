"""Control-flow attributes (generate/control_flow_attributes.py, ir/control_flow.py):
`[[unroll]]`, `[[dont_unroll]]`, `[[flatten]]`, `[[branch]]` ... as macros that are the
attribute under `#ifdef VULKAN` and empty for GL; glslang turns them into SPIR-V's loop
and selection controls, the front-end reads them back, and they change no value."""

from __future__ import annotations

import dataclasses

from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.statements import DoWhile, For, If, Switch, While
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.tools import spirv_tools
from shadersmith.trial import prepare_generated

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]
ATTRIBUTES = SmithOptions(control_flow_attribute_probability=0.5)

# Hand-computed: total = 0 + 3 + 6 + 9 = 18, so r = 18; s = 5 + 4 + 3 + 2 + 1 = 15; the
# switch on 18 takes `case 18`: t = 7.
HAND_WRITTEN = """#version 450
#ifdef VULKAN
#extension GL_EXT_control_flow_attributes : require
#define _SS_BRANCH [[branch]]
#define _SS_DONT_UNROLL [[dont_unroll]]
#define _SS_FLATTEN [[flatten]]
#define _SS_UNROLL [[unroll]]
#else
#define _SS_BRANCH
#define _SS_DONT_UNROLL
#define _SS_FLATTEN
#define _SS_UNROLL
#endif
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    int r;
    int s;
    int t;
};

void main() {
    int total = 0;
    _SS_UNROLL for (int i = 0; i < 4; i++) {
        total += i * 3;
    }
    _SS_FLATTEN if (total > 10) {
        r = total;
    } else {
        r = -1;
    }
    int k = 5;
    _SS_DONT_UNROLL while (k > 0) {
        s += k;
        k--;
    }
    _SS_BRANCH switch (r) {
    case 18:
        t = 7;
        break;
    default:
        t = 9;
        break;
    }
}
"""
VALUES: BufferValues = {"buf": {"r": 0, "s": 0, "t": 0}}


def _attributes(program: object) -> list[str]:
    kinds = If | Switch | For | While | DoWhile
    return [n.attribute for n in iter_nodes(program) if isinstance(n, kinds) and n.attribute]


def test_the_front_end_reads_them_back_and_glslang_makes_loop_and_selection_controls() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert _attributes(program) == ["unroll", "flatten", "dont_unroll", "branch"]
    text = emit(program, GLSL450)
    assert "_SS_UNROLL for (int i = 0; i < 4; i++) {" in text
    assert "#define _SS_FLATTEN [[flatten]]" in text
    assert _attributes(parse_glsl(text).program) == _attributes(program)
    assembly = spirv_tools.disassemble(spirv_tools.compile_glsl_to_spirv(text, "compute"))
    assert assembly is not None
    for control in ("Unroll", "DontUnroll", "Flatten", "DontFlatten"):
        assert f" {control}" in assembly, control


def cpu_jobs() -> list[Job]:
    """The hand-written program and a generated compute and fragment program with
    attributes, which the same seed makes again alike (run by test_issue36_cpu_runs.py:
    one session for this module's jobs and two others')."""
    jobs = [job_from_program(parse_glsl(HAND_WRITTEN).program, VALUES, GLSL450)]
    for seed, fragment in ((1, 0.0), (9, 1.0)):
        options = dataclasses.replace(ATTRIBUTES, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert prepared.program is not None and _attributes(prepared.program), seed
        again = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    """The hand-written program gives (18, 15, 7) everywhere; the generated ones agree
    with the interpreter."""
    for target in CPU_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == {"r": 18, "s": 15, "t": 7}, target
    for index in range(1, len(results)):
        expected = results[index]["interp"]
        assert expected.ok, expected.log
        for target in CPU_TARGETS[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(expected, got), f"{index} {target}"


def test_the_option_is_off_by_default() -> None:
    plain = generate(1, SmithOptions(), GLSL450).program
    assert not _attributes(plain)
    assert "_SS_" not in emit(plain, GLSL450)
