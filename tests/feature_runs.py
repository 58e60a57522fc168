"""The shape the tests of one opt-in built-in share (ldexp, unpackHalf2x16): a hand-written
program with hand-computed values, as written and reconditioned, in GLSL and WGSL, then
generated programs that call the built-in, made alike twice; all run in one session per
family of targets (test_issue36_cpu_runs.py, test_issue36_wgsl_runs.py), each module
checking its own results."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

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

CPU_TARGETS = ("interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader")
WGSL_TARGETS = ("interp", "wgpu-vk", "wgpu-gl")
EXTRA = SmithOptions(extra_builtin_probability=1.0)
# The generated programs' stages, in the order of each feature's seeds.
FRAGMENT_SHARES = (0.0, 0.0, 1.0)


def agree_with_the_first(
    results: Sequence[Mapping[str, RunResult]], targets: Sequence[str], first_index: int = 0
) -> None:
    """Each job's results on `targets[1:]` are its result on `targets[0]` (the
    interpreter); `first_index` numbers the jobs in the messages."""
    for index, result in enumerate(results, start=first_index):
        reference = result[targets[0]]
        assert reference.ok, reference.log
        for target in targets[1:]:
            got = result[target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(reference, got), f"{index} {target}"


@dataclass(frozen=True)
class OptInBuiltin:
    name: str  # the GLSL built-in
    hand_written: str  # GLSL
    as_written: BufferValues
    expected: Mapping[str, Any]  # buffer values after the run, as written
    guarded: BufferValues  # values the reconditioner's wrapper must take care of
    guarded_expected: Mapping[str, Any]
    # The wrapper's name, which the reconditioned program calls; None where the
    # reconditioner rewrites the call in place (frexp's scaling).
    wrapper: str | None
    # Seeds (compute, compute, fragment) whose programs call it, by profile name.
    seeds: Mapping[str, tuple[int, int, int]]

    def calls(self, program: Program) -> bool:
        return any(isinstance(n, Call) and n.callee == self.name for n in iter_nodes(program))

    def _hand_jobs(self, profile: LanguageProfile) -> list[Job]:
        program = parse_glsl(self.hand_written).program
        language = Language.WGSL if profile is WGSL else Language.GLSL
        guarded = recondition(program, self.guarded, ReconditionOptions(language=language))
        used = guarded.wrappers_used
        assert self.wrapper is None or any(self.wrapper in name for name in used), used
        check_defined(guarded.program, guarded.buffer_values)
        return [
            job_from_program(program, self.as_written, profile),
            job_from_program(guarded.program, guarded.buffer_values, profile),
        ]

    def _generated_jobs(self, profile: LanguageProfile) -> list[Job]:
        jobs = []
        for seed, fragment in zip(self.seeds[profile.name], FRAGMENT_SHARES, strict=True):
            options = dataclasses.replace(EXTRA, fragment_probability=fragment)
            prepared = prepare_generated(generate(seed, options, profile), profile)
            assert prepared.program is not None and self.calls(prepared.program), seed
            again = prepare_generated(generate(seed, options, profile), profile)
            assert again.job.source == prepared.job.source
            jobs.append(prepared.job)
        return jobs

    def jobs(self, profile: LanguageProfile) -> list[Job]:
        """The hand-written jobs, then the generated ones."""
        return self._hand_jobs(profile) + self._generated_jobs(profile)

    def check(self, results: Sequence[Mapping[str, RunResult]], targets: Sequence[str]) -> None:
        """The hand-computed values on every target; the generated programs give the
        interpreter's output (`targets[0]`) on the others."""
        for index, values in enumerate((self.expected, self.guarded_expected)):
            for target in targets:
                got = results[index][target]
                assert got.ok, f"{index} {target}: {got.log[-300:]}"
                found = {k: got.buffers[0][k] for k in values}
                assert found == values, (index, target, found)
        agree_with_the_first(results[2:], targets, first_index=2)

    def checked_free_of_undefined_behaviour(self, seeds: range) -> int:
        """How many of `seeds`' reconditioned GLSL programs call it; each ran under the
        sanitizer (which raises on undefined behaviour)."""
        checked = 0
        for seed in seeds:
            prepared = prepare_generated(generate(seed, EXTRA, GLSL450), GLSL450)
            assert prepared.program is not None and prepared.values is not None
            if self.calls(prepared.program):
                check_defined(prepared.program, prepared.values)
                checked += 1
        return checked

    def off_by_default(self, seeds: range) -> bool:
        return not any(self.calls(generate(s, SmithOptions(), GLSL450).program) for s in seeds)
