"""Initialiser lists `T x = { ... };` and null initialisers `T x = {};` (generate/
initialiser_lists.py, ir/initialisers.py, `SmithOptions.initialiser_list_probability`):
spellings of a local declaration's aggregate constructor, `{}` under `#ifdef VULKAN`
(GL_EXT_null_initializer; GL reads the list). They change no value: a hand-written
program with arrays, a struct with an array member, nested lists, a vector, a matrix and
a `{}` gives the values computed by hand on the interpreter and every CPU target (run by
test_issue36_cpu_runs.py), and so do generated programs; the front-end reads both
spellings back, so the reducers keep them."""

from __future__ import annotations

import dataclasses

from shadersmith.config.language_features import GLSL_FEATURES
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.initialiser_lists import LIST, NULL
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL
from shadersmith.ir.statements import InitSpelling, VarDecl
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated
from tests.feature_runs import CPU_TARGETS, agree_with_the_first

LISTS = SmithOptions(initialiser_list_probability=1.0)
SEEDS = ((1, 0.0), (2, 0.0), (9, 1.0))  # (seed, fragment_probability)

# Hand-computed: r0 = 1 + 20 + 300 = 321; r1 = 4 + 50 + 600 + int(2.0 + 40.0) = 696;
# r2 = int(1.0 + 20.0) = 21; r3 = 7 + 9 + 11 + int(4.0 * 4.0) + int(3.0 * 4.0) = 55;
# r4 = 0 + 0 + 0 + 0 + 0 + 1 = 1; r5 = int(3.0 * 10.0 + 2.0) = 32.
HAND_WRITTEN = """#version 450
#ifdef VULKAN
#extension GL_EXT_null_initializer : require
#endif
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct S {
    int a;
    int b[2];
    vec2 v;
};

layout(std430, binding = 0) buffer buf {
    int r0;
    int r1;
    int r2;
    int r3;
    int r4;
    int r5;
};

void main() {
    int a[3] = {1, 2, 3};
    S s = {4, {5, 6}, vec2(1.0, 2.0)};
    vec2 v = {1.0, 2.0};
    S t[2] = {{7, {8, 9}, {5.0, 4.0}}, {10, {11, 12}, {3.0, 4.0}}};
#ifdef VULKAN
    S z = {};
#else
    S z = S(0, int[2](0, 0), vec2(0.0, 0.0));
#endif
    mat2 m = {vec2(1.0, 2.0), vec2(3.0, 4.0)};
    r0 = a[0] + a[1] * 10 + a[2] * 100;
    r1 = s.a + s.b[0] * 10 + s.b[1] * 100 + int(s.v.x * 2.0 + s.v.y * 20.0);
    r2 = int(v.x + v.y * 10.0);
    r3 = t[0].a + t[0].b[1] + t[1].b[0] + int(t[0].v.y * 4.0) + int(t[1].v.x * t[1].v.y);
    r4 = z.a + z.b[0] + z.b[1] + int(z.v.x) + int(z.v.y) + 1;
    r5 = int(m[1][0] * 10.0 + m[0][1]);
}
"""
VALUES: BufferValues = {"buf": {f"r{i}": 0 for i in range(6)}}
EXPECTED = {"r0": 321, "r1": 696, "r2": 21, "r3": 55, "r4": 1, "r5": 32}


def _spellings(program: object) -> list[InitSpelling]:
    return [n.spelling for n in iter_nodes(program) if isinstance(n, VarDecl)]


def test_the_front_end_reads_both_spellings_back() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    listed, null = InitSpelling.LIST, InitSpelling.NULL
    assert _spellings(program) == [listed, listed, listed, listed, null, listed]
    text = emit(program, GLSL450)
    assert "    int a[3] = {1, 2, 3};\n" in text
    assert "    S s = {4, {5, 6}, {1.0, 2.0}};\n" in text
    null_group = "    #ifdef VULKAN\n    S z = {};\n    #else\n    S z = {0, {0, 0}, {0.0, 0.0}};\n"
    assert null_group in text
    assert "#ifdef VULKAN\n#extension GL_EXT_null_initializer : require\n#endif\n" in text
    assert emit(parse_glsl(text).program, GLSL450) == text
    # Both are spellings: without them, the constructors of before.
    plain = emit(program, ESSL310)
    assert "{}" not in plain and "= {" not in plain and "int[3](1, 2, 3)" in plain
    assert "= array<i32, 3>(1i, 2i, 3i);" in emit(program, WGSL)
    features = {f.name: f for f in GLSL_FEATURES}
    assert features["initialiser lists"].found_in(text)
    assert features["null initialisers"].found_in(text)


def _generated(seed: int, fragment: float) -> Job:
    options = dataclasses.replace(LISTS, fragment_probability=fragment)
    generated = generate(seed, options, GLSL450)
    assert generated.choices[LIST] + generated.choices[NULL], seed
    prepared = prepare_generated(generated, GLSL450)
    assert prepared.program is not None
    assert "= {" in prepared.job.source, seed
    again = prepare_generated(generate(seed, options, GLSL450), GLSL450)
    assert again.job.source == prepared.job.source
    reread = parse_glsl(prepared.job.source).program
    assert emit(reread, GLSL450) == emit(prepared.program, GLSL450)
    return prepared.job


def cpu_jobs() -> list[Job]:
    """The hand-written program and three generated ones with brace lists (run by
    test_issue36_cpu_runs.py, in one session with other modules' jobs)."""
    jobs = [job_from_program(parse_glsl(HAND_WRITTEN).program, VALUES, GLSL450)]
    generated = [_generated(seed, fragment) for seed, fragment in SEEDS]
    # Seeds 2 and 9 start an integer aggregate at zero, written `{}` for Vulkan
    # (generate/initialiser_lists.ZEROED).
    assert ["= {}" in job.source for job in generated] == [False, True, True]
    return jobs + generated


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    for target in CPU_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    agree_with_the_first(results[1:], CPU_TARGETS, first_index=1)


def test_reconditioned_programs_with_brace_lists_are_defined() -> None:
    options = SmithOptions(initialiser_list_probability=0.5)
    listed = 0
    for seed in range(10):
        generated = generate(seed, options, GLSL450)
        listed += generated.choices[LIST]
        prepared = prepare_generated(generated, GLSL450)
        assert prepared.program is not None and prepared.values is not None, seed
        check_defined(prepared.program, prepared.values)
    assert listed >= 10


def test_the_option_is_off_by_default() -> None:
    plain = generate(1, SmithOptions(), GLSL450)
    assert not plain.choices[LIST] and not plain.choices[NULL]
    assert set(_spellings(plain.program)) <= {InitSpelling.CONSTRUCTOR}
    assert "= {" not in emit(plain.program, GLSL450)


def test_a_program_spelled_through_the_preprocessor_keeps_its_null_initialisers() -> None:
    """Every --preset every program is written through macros; `{}` was then written as
    the list, and only 5 of 10,000 reconditioned every-feature programs held one. Its
    lines are now written plainly among the macro-spelled ones, as a specialization
    constant's are, and read back as `{}`."""
    options = SmithOptions(initialiser_list_probability=1.0, preprocessor_probability=0.1)
    prepared = prepare_generated(generate(0, options, GLSL450), GLSL450)
    source = prepared.job.source
    assert "#define" in source and "= {};" in source
    back = parse_glsl(source).program
    assert InitSpelling.NULL in _spellings(back)
