"""`invariant` on a generated vertex shader's clip position (generate/vertex_stage.py,
`SmithOptions.invariant_probability`): GLSL's `invariant gl_Position;`, WGSL's
`@builtin(position) @invariant`. It changes no value (the interpreter ignores it): the
hand-written pair of test_vertex_stage.py with its position invariant draws the image
computed by hand on the interpreter and every CPU target (run by
test_issue36_cpu_runs.py and test_issue36_wgsl_runs.py), and so do generated pairs."""

from __future__ import annotations

import dataclasses

from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL330, GLSL450, WGSL, LanguageProfile
from shadersmith.rebuild.jobs import job_from_program, with_vertex_stage
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated
from tests.feature_runs import CPU_TARGETS, WGSL_TARGETS
from tests.test_vertex_stage import (
    FRAGMENT,
    PAIRS,
    VALUES,
    _vertex,
    check_hand_pair_then_generated,
)

INVARIANT = dataclasses.replace(PAIRS, invariant_probability=1.0)
SEEDS = (1, 2)


def _hand_pair(profile: LanguageProfile) -> Job:
    """test_vertex_stage's pair with the vertex shader's position invariant."""
    fragment = parse_glsl(FRAGMENT).program
    vertex = dataclasses.replace(_vertex(fragment), invariant_position=True)
    return with_vertex_stage(job_from_program(fragment, VALUES, profile), vertex, profile)


def test_the_position_is_declared_invariant_in_both_languages() -> None:
    fragment = parse_glsl(FRAGMENT).program
    vertex = dataclasses.replace(_vertex(fragment), invariant_position=True)
    for profile in (GLSL450, GLSL330):
        assert "\n#endif\ninvariant gl_Position;\n" in emit(vertex, profile), profile.name
    assert "@builtin(position) @invariant position: vec4<f32>," in emit(vertex, WGSL)
    assert "invariant" not in emit(_vertex(fragment), GLSL450)


def test_the_option_is_off_by_default_and_only_marks_the_vertex_shader() -> None:
    for seed in SEEDS:
        plain, marked = generate(seed, PAIRS), generate(seed, INVARIANT)
        assert plain.vertex is not None and marked.vertex is not None
        assert not plain.vertex.invariant_position and marked.vertex.invariant_position
        # The same programs otherwise: the draw has a stream of its own.
        assert dataclasses.replace(marked.vertex, invariant_position=False) == plain.vertex
        assert marked.program == plain.program
    assert generate(1, SmithOptions(invariant_probability=1.0)).vertex is None


def _jobs(profile: LanguageProfile) -> list[Job]:
    jobs = [_hand_pair(profile)]
    for seed in SEEDS:
        prepared = prepare_generated(generate(seed, INVARIANT, profile), profile)
        assert prepared.job.vertex_source is not None
        assert "invariant" in prepared.job.vertex_source, seed
        jobs.append(prepared.job)
    return jobs


def cpu_jobs() -> list[Job]:
    """The hand-written pair and generated pairs in GLSL, their positions invariant."""
    return _jobs(GLSL450)


def wgsl_jobs() -> list[Job]:
    """The same in WGSL, `@invariant`."""
    return _jobs(WGSL)


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    check_hand_pair_then_generated(results, CPU_TARGETS)


def check_wgsl_results(results: list[dict[str, RunResult]]) -> None:
    check_hand_pair_then_generated(results, WGSL_TARGETS)
