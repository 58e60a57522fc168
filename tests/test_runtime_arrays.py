"""Runtime-sized buffer arrays and `.length()` (generate/runtime_arrays.py,
`SmithOptions.runtime_array_probability`): a buffer's last array written `int f[];`, bound
with its values' element count, some indices into it taken modulo `f.length()`. A
hand-written program with hand-computed values, as written and reconditioned, on the
interpreter and every CPU target (run by test_issue36_cpu_runs.py); generated programs
agree; reconditioned ones are free of undefined behaviour; the record replays them."""

from __future__ import annotations

from pathlib import Path

from shadersmith.case import load_test, write_test
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.expressions import ArrayLength
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.program import Program
from shadersmith.ir.types import ArrayType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.rebuild.regenerate import program_of
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated
from tests.feature_runs import CPU_TARGETS, agree_with_the_first

HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    int n;
    int k;
    int f[];
};

void main() {
    int i = (k + 5) % f.length();
    f[i] = f[i] * 10 + f.length();
    n = f[(k * 3) % f.length()];
}
"""
# f.length() is 4 (the values' count): i = 7 % 4 = 3, f[3] = 13 * 10 + 4 = 134, and
# n = f[6 % 4] = f[2] = 11.
VALUES: BufferValues = {"buf": {"n": 0, "k": 2, "f": (3, 7, 11, 13)}}
EXPECTED = {"n": 11, "f": (3, 7, 11, 134)}
# k = -9: (k + 5) % 4 is negative, which the reconditioner's guards take care of.
GUARDED: BufferValues = {"buf": {"n": 0, "k": -9, "f": (3, 7, 11, 13)}}
RUNTIME = SmithOptions(runtime_array_probability=1.0)
# Seeds whose programs get a runtime-sized array (and, for 5 and 10, a `.length()`).
SEEDS = (0, 5, 10)


def _runtime_sized(program: Program) -> bool:
    return any(
        isinstance(f.type, ArrayType) and f.type.length is None
        for b in program.buffers
        for f in b.fields
    )


def _lengths(program: Program) -> int:
    return sum(isinstance(n, ArrayLength) for n in iter_nodes(program))


def cpu_jobs() -> list[Job]:
    program = parse_glsl(HAND_WRITTEN).program
    guarded = recondition(program, GUARDED, ReconditionOptions())
    check_defined(guarded.program, guarded.buffer_values)
    jobs = [
        job_from_program(program, VALUES, GLSL450),
        job_from_program(guarded.program, guarded.buffer_values, GLSL450),
    ]
    for seed in SEEDS:
        prepared = prepare_generated(generate(seed, RUNTIME), GLSL450)
        assert prepared.program is not None and _runtime_sized(prepared.program), seed
        assert "[];" in prepared.job.source
        jobs.append(prepared.job)
    return jobs


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    for target in CPU_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert {k: got.buffers[0][k] for k in EXPECTED} == EXPECTED, target
    agree_with_the_first(results[1:], CPU_TARGETS, first_index=1)


def test_the_hand_written_program_round_trips_and_interprets() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    assert _runtime_sized(program) and _lengths(program) == 3
    assert emit(program, GLSL450) == emit(parse_glsl(emit(program, GLSL450)).program, GLSL450)
    assert "arrayLength(&" in emit(program, WGSL)
    check_defined(program, VALUES)


def test_off_by_default_and_otherwise_the_same_program() -> None:
    for seed in range(6):
        plain = generate(seed)
        assert not _runtime_sized(plain.program)
        unsized = generate(seed, RUNTIME)
        assert generate(seed, RUNTIME) == unsized  # deterministic
        if _runtime_sized(unsized.program):
            assert unsized.buffer_values == plain.buffer_values
        else:
            assert unsized.program == plain.program


def test_generated_programs_have_lengths_and_are_free_of_undefined_behaviour() -> None:
    checked = lengths = 0
    for seed in range(10):
        generated = generate(seed, RUNTIME)
        if not _runtime_sized(generated.program):
            continue
        prepared = prepare_generated(generated, GLSL450)
        assert prepared.program is not None and prepared.values is not None
        check_defined(prepared.program, prepared.values)
        checked += 1
        lengths += _lengths(prepared.program) > 0
    assert checked >= 8 and lengths >= 2


def test_the_record_replays_a_runtime_sized_array(tmp_path: Path) -> None:
    prepared = prepare_generated(generate(SEEDS[0], RUNTIME), GLSL450)
    write_test(prepared.test, tmp_path / "runtime")
    loaded = load_test(tmp_path / "runtime")
    for job in (job_from_test(loaded, program_of(loaded)[0]), job_from_test(loaded)):
        assert job.source == prepared.job.source
        assert job.buffers == prepared.job.buffers
    assert "[]" in amber_script(loaded)
