"""WGSL's `override` (emit/wgsl.py): a specialization constant is `@id(N) override K: T
= DEFAULT;`, a constant derived from one `override L: T = K * 3 + 1;`, and the wgpu
runner sets the pipeline constant {"N": VALUE} (wgpu_chain.pipeline_constants), so the
targets compute with the VALUE the interpreter reads."""

from __future__ import annotations

import dataclasses

from shadersmith.emit import emit
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import WGSL
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.trial import prepare_generated
from tests.driver_agreement import SHARED
from tests.test_specialization import _ZERO, _hand_written

WGSL_TARGETS = ("interp", "wgpu-vk", "wgpu-gl")
SPECIALIZATION = SmithOptions(specialization_probability=1.0)
SEED_FRAGMENT = 9


def test_the_wgsl_text_declares_overrides_with_ids_and_defaults() -> None:
    text = emit(_hand_written(), WGSL)
    assert "@id(3) override K: i32 = 5i;" in text
    assert "@id(4) override U: u32 = 7u;" in text
    assert "@id(5) override Q: bool = false;" in text
    assert "override L: i32 = (K * 3i) + 1i;" in text
    assert "override M: u32 = U ^ 3u;" in text
    job = job_from_program(_hand_written(), _ZERO, WGSL)
    assert job.specialization == ((3, "int", 9), (4, "uint", 11), (5, "bool", 1))


def test_hand_written_and_generated_programs_follow_the_value_on_the_wgpu_targets() -> None:
    """Hand-computed: with the VALUEs (K 9, U 11u, Q true) r = 28, u = 8, b = 1; the
    same job without the pipeline constants gives the DEFAULTs' 16, 4, 2, so the module
    really holds overrides and the runner really sets them. Generated programs with
    overrides (a compute and a fragment one) agree with the interpreter and are made
    the same twice. One session for both, shared with test_issue36_wgsl_runs.py: a
    wgpu session takes seconds to start."""
    job = job_from_program(_hand_written(), _ZERO, WGSL)
    unset = dataclasses.replace(job, specialization=())
    jobs = [job, unset]
    for seed, fragment in ((3, 0.0), (SEED_FRAGMENT, 1.0)):
        options = dataclasses.replace(SPECIALIZATION, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, WGSL), WGSL)
        assert prepared.job.specialization, seed
        assert "override " in prepared.job.source
        again = prepare_generated(generate(seed, options, WGSL), WGSL)
        assert again.job.source == prepared.job.source
        jobs.append(prepared.job)
    with SHARED.session(WGSL_TARGETS, 1, 120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    for target in WGSL_TARGETS:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == {"r": 28, "u": 8, "b": 1}, target
    for target in WGSL_TARGETS[1:]:
        assert results[1][target].buffers[0] == {"r": 16, "u": 4, "b": 2}, target
    for index in (2, 3):
        expected = results[index]["interp"]
        assert expected.ok, expected.log
        for target in WGSL_TARGETS[1:]:
            got = results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert same_output(expected, got), f"{index} {target}"
