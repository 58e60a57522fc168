"""ldexp on exact values (--extra-builtins; analysis/opt_in_builtins.py): x * 2^e, exact
in a float for an integer x of S and an exponent in [0, 8], which the reconditioner's
SAFE_LDEXP keeps (a negative exponent, one above 8, or a result outside S is brought
back). A hand-written program with hand-computed values, as written and reconditioned,
in GLSL and WGSL, on the interpreter and every CPU target (run by test_issue36_cpu_runs.py
and test_issue36_wgsl_runs.py); generated programs calling it agree."""

from __future__ import annotations

import dataclasses

from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.expressions import Call
from shadersmith.ir.profile import GLSL450, WGSL, Language, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]
WGSL_TARGETS = ["interp", "wgpu-vk", "wgpu-gl"]
EXTRA = SmithOptions(extra_builtin_probability=1.0)

HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    vec3 x;
    ivec3 k;
    float f;
    float g;
    float h;
};

void main() {
    f = ldexp(x.x, k.x);
    vec3 r = ldexp(x, k);
    g = r.y;
    h = r.x + r.z;
}
"""
# As written, x = (3, -5, 7), k = (4, 2, 0): f = 3 * 16 = 48, r = (48, -20, 7), g = -20,
# h = 55. Reconditioned, with k = (-3, 200, 9) (a fraction, an undefined value, a
# result in S all the same): SAFE_LDEXP clamps the exponents to (0, 8, 8) and gives
# f = 3, r = (3, -1280, 1792), g = -1280, h = 1795.
AS_WRITTEN: BufferValues = {
    "buf": {"x": (3.0, -5.0, 7.0), "k": (4, 2, 0), "f": 1.0, "g": 1.0, "h": 1.0}
}
EXPECTED = {"f": 48.0, "g": -20.0, "h": 55.0}
GUARDED: BufferValues = {"buf": {**AS_WRITTEN["buf"], "k": (-3, 200, 9)}}
GUARDED_EXPECTED = {"f": 3.0, "g": -1280.0, "h": 1795.0}


def _calls_ldexp(program: Program) -> bool:
    return any(isinstance(n, Call) and n.callee == "ldexp" for n in iter_nodes(program))


def _hand_jobs(profile: LanguageProfile) -> list[Job]:
    program = parse_glsl(HAND_WRITTEN).program
    language = Language.WGSL if profile is WGSL else Language.GLSL
    guarded = recondition(program, GUARDED, ReconditionOptions(language=language))
    assert any("LDEXP" in name for name in guarded.wrappers_used), guarded.wrappers_used
    check_defined(guarded.program, guarded.buffer_values)
    return [
        job_from_program(program, AS_WRITTEN, profile),
        job_from_program(guarded.program, guarded.buffer_values, profile),
    ]


# Seeds (compute, compute, fragment) whose programs call ldexp with the option on.
SEEDS = {GLSL450.name: (2, 11, 1), WGSL.name: (2, 14, 8)}


def _jobs(profile: LanguageProfile) -> list[Job]:
    """The hand-written jobs, then generated programs that call ldexp, made alike twice."""
    jobs = _hand_jobs(profile)
    for seed, fragment in zip(SEEDS[profile.name], (0.0, 0.0, 1.0), strict=True):
        options = dataclasses.replace(EXTRA, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, profile), profile)
        assert prepared.program is not None and _calls_ldexp(prepared.program), seed
        again = prepare_generated(generate(seed, options, profile), profile)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
    return jobs


def cpu_jobs() -> list[Job]:
    return _jobs(GLSL450)


def wgsl_jobs() -> list[Job]:
    return _jobs(WGSL)


def _check(results: list[dict[str, RunResult]], targets: list[str]) -> None:
    for index, expected in ((0, EXPECTED), (1, GUARDED_EXPECTED)):
        for target in targets:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert {k: got.buffers[0][k] for k in expected} == expected, (index, target)
    for index in range(2, len(results)):
        reference = results[index]["interp"]
        assert reference.ok, reference.log
        for target in targets[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(reference, got), f"{index} {target}"


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    _check(results, CPU_TARGETS)


def check_wgsl_results(results: list[dict[str, RunResult]]) -> None:
    _check(results, WGSL_TARGETS)


def test_wgsl_spells_ldexp_alike_and_the_option_is_off_by_default() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert "ldexp(x.x, k.x)" in emit(program, GLSL450)
    assert "ldexp(_ss_buf.x.x, _ss_buf.k.x)" in emit(program, WGSL)
    for seed in range(6):
        assert not _calls_ldexp(generate(seed, SmithOptions(), GLSL450).program)


def test_reconditioned_programs_calling_ldexp_are_free_of_undefined_behaviour() -> None:
    checked = 0
    for seed in range(16):
        prepared = prepare_generated(generate(seed, EXTRA, GLSL450), GLSL450)
        assert prepared.program is not None and prepared.values is not None
        if _calls_ldexp(prepared.program):
            check_defined(prepared.program, prepared.values)
            checked += 1
    assert checked >= 3
