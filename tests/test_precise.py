"""The `precise` qualifier (generate/precise.py, `SmithOptions.precise_probability`): float
locals of GLSL 4.50 programs declared `precise`, which glslang decorates NoContraction and
which changes no exact value. A hand-written program with hand-computed values and
generated programs agree on every CPU target (run by test_issue36_cpu_runs.py); the
front-end reads the word back, the reconditioner keeps it, and its programs are defined."""

from __future__ import annotations

import dataclasses

from shadersmith.config.language_features import glsl_feature
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.tools import spirv_tools
from shadersmith.trial import prepare_generated
from tests.feature_runs import CPU_TARGETS, FRAGMENT_SHARES, agree_with_the_first

PRECISE = SmithOptions(precise_probability=1.0)
SEEDS = (1, 2, 3)

# By hand, x = 4, y = 5: f = 4 * 5 + 3 = 23; v = (23, 4) * 2 - 1 = (45, 7);
# m's columns are (45, 7) and (5, 23), so m * (1, 2) = (45 + 10, 7 + 46) = (55, 53);
# r = int(f) - 1 = 22.
HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    float x;
    float y;
    float a;
    float b;
    float c;
    float d;
    int r;
};

void main() {
    precise float f = x * y + 3.0;
    precise vec2 v = vec2(f, x) * 2.0 - vec2(1.0);
    precise mat2 m = mat2(v, vec2(y, f));
    precise vec2 p = m * vec2(1.0, 2.0);
    a = f;
    b = v.x + v.y;
    c = p.x;
    d = p.y;
    r = int(f) - 1;
}
"""
VALUES: BufferValues = {"buf": {"x": 4.0, "y": 5.0, "a": 0.0, "b": 0.0, "c": 0.0, "d": 0.0, "r": 0}}
EXPECTED = {"x": 4.0, "y": 5.0, "a": 23.0, "b": 52.0, "c": 55.0, "d": 53.0, "r": 22}


def _precise_names(program: object) -> list[str]:
    return [
        n.name
        for n in iter_nodes(program)
        if isinstance(n, VarDecl) and n.qualifiers.has("precise")
    ]


def test_the_front_end_reads_it_back_and_glslang_forbids_contraction() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert _precise_names(program) == ["f", "v", "m", "p"]
    text = emit(program, GLSL450)
    assert "    precise float f = x * y + 3.0;\n" in text
    assert _precise_names(parse_glsl(text).program) == ["f", "v", "m", "p"]
    assert glsl_feature("precise").found_in(text)
    assembly = spirv_tools.disassemble(spirv_tools.compile_glsl_to_spirv(text, "compute"))
    assert assembly is not None and "NoContraction" in assembly


def cpu_jobs() -> list[Job]:
    """The hand-written program, then generated programs with `precise` locals, as
    reconditioned, which the same seed makes again alike (run by test_issue36_cpu_runs.py)."""
    jobs = [job_from_program(parse_glsl(HAND_WRITTEN).program, VALUES, GLSL450)]
    for seed, fragment in zip(SEEDS, FRAGMENT_SHARES, strict=True):
        options = dataclasses.replace(PRECISE, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert prepared.program is not None and _precise_names(prepared.program), seed
        assert glsl_feature("precise").found_in(prepared.job.source), seed
        again = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    """The hand-written program gives the values computed by hand everywhere; the generated
    ones agree with the interpreter."""
    for target in CPU_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    agree_with_the_first(results[1:], CPU_TARGETS, first_index=1)


def test_the_option_is_off_by_default_and_only_adds_the_word() -> None:
    for seed in SEEDS:
        plain = emit(generate(seed, SmithOptions(), GLSL450).program, GLSL450)
        assert "precise" not in plain
        qualified = generate(seed, PRECISE, GLSL450)
        text = emit(qualified.program, GLSL450)
        assert text.count("precise ") == qualified.choices["qualifier:precise"] > 0
        assert text.replace("precise ", "") == plain  # a stream of its own
        assert emit(generate(seed, PRECISE, GLSL450).program, GLSL450) == text
        # ESSL 3.10 (without GL_EXT_gpu_shader5) and WGSL have no `precise`.
        for profile in (ESSL310, WGSL):
            assert not _precise_names(generate(seed, PRECISE, profile).program), profile.name


def test_reconditioned_programs_with_precise_locals_are_defined() -> None:
    checked = 0
    for seed in range(10, 20):
        prepared = prepare_generated(generate(seed, PRECISE, GLSL450), GLSL450)
        assert prepared.program is not None and prepared.values is not None
        if _precise_names(prepared.program):
            check_defined(prepared.program, prepared.values)
            checked += 1
    assert checked >= 8
