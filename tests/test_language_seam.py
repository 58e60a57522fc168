"""One language seam (issue 19): a test's language is a `Language`, from its profile, all the
way to the job a target runs; nothing tells a language from the text. A new language adds
its profile, its emitter and the table lines these tests name."""

from __future__ import annotations

import pytest

from shadersmith.case.testcase import shader_file
from shadersmith.emit import emit
from shadersmith.emit.glsl import emit_glsl
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import ALL_PROFILES, ESSL310, GLSL450, WGSL, Language, LanguageProfile
from shadersmith.rebuild.jobs import INTEGER_OUTPUT_IN_TEXT, job_from_test
from shadersmith.recondition.step import RECONDITION
from shadersmith.targets.chains import job_language_refused
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.tools.precompile import with_spirv
from shadersmith.trial import prepare_generated

PROFILES = sorted(ALL_PROFILES.values(), key=lambda p: p.name)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_every_profile_is_emitted_named_and_read_by_its_language(profile: LanguageProfile) -> None:
    generated = generate(3, SmithOptions(fragment_probability=1.0), profile)
    text = emit(generated.program, profile)
    if profile.language is Language.WGSL:
        assert text == emit_wgsl(generated.program)
    else:
        assert text == emit_glsl(generated.program, profile)
    assert shader_file("fragment", profile.language) in ("shader.frag", "shader.wgsl")
    assert profile.language.family in INTEGER_OUTPUT_IN_TEXT


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_a_trial_carries_its_profiles_language_to_the_test_and_the_job(
    profile: LanguageProfile,
) -> None:
    trial = prepare_generated(generate(5, SmithOptions(), profile), profile)
    assert trial.test.profile == profile.name and trial.test.language is profile.language
    assert trial.job.language is profile.language
    assert job_from_test(trial.test).language is profile.language
    # The reconditioner's rules, recorded: GLSL's for ESSL (its family), as before.
    step = trial.test.provenance.step_named(RECONDITION)
    assert step is not None
    assert step.params["options"]["language"] == profile.language.family.value


def test_a_glsl_chain_runs_essl_and_refuses_wgsl_by_the_jobs_language() -> None:
    essl = prepare_generated(generate(5, SmithOptions(), ESSL310), ESSL310).job
    wgsl = prepare_generated(generate(5, SmithOptions(), WGSL), WGSL).job
    assert job_language_refused("gl-llvmpipe", essl, Language.GLSL) is None
    refused = job_language_refused("gl-llvmpipe", wgsl, Language.GLSL)
    assert refused is not None and refused.status is RunStatus.UNSUPPORTED
    assert refused.log == "gl-llvmpipe runs GLSL tests only, not WGSL"
    refused = job_language_refused("wgpu-vk", essl, Language.WGSL)
    assert refused is not None and refused.log == "wgpu-vk runs WGSL tests only, not ESSL"
    assert with_spirv(wgsl) is wgsl  # glslang is not asked to read WGSL


def test_a_hand_made_job_is_glsl_unless_it_says_otherwise() -> None:
    # No `#version` line and still GLSL: the text is never asked.
    assert Job("compute", "void main() {}").language is Language.GLSL
    made = Job("compute", "@compute @workgroup_size(1) fn main() {}", language=Language.WGSL)
    assert job_language_refused("vk-lavapipe", made, Language.GLSL) is not None
    assert GLSL450.language.family is ESSL310.language.family is Language.GLSL
