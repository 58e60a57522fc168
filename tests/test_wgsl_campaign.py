"""The differential campaign on WGSL (issue 13): `fuzz --profile wgsl` generates with the
WGSL profile, reconditions by WGSL's rules, emits WGSL once, runs it on the wgpu chains
and on the interpreter in WGSL mode, and writes tests with `shader.wgsl` that `replay`
runs again. GLSL chains (and their witnesses) answer a WGSL job as unsupported.

The campaign's first test is a stored one with a real finding (a seed's program changes
with the generator): tests/data/wgsl-naga-glsl-out-runtime-division (generated seed 9,
reduced: `x = 2i / b[i][3i]` with b from a storage buffer, 0 for some invocations) gives
another output on wgpu-gl (naga's GLSL through Mesa's GL) than on wgpu-vk and in the
interpreter, which agree. Its divisor is a run-time value, so the program is valid WGSL;
the test it replaces (findings/naga-glsl-out-remainder) divided by a literal zero, a
shader-creation error (issue 22). Generated tests follow; some may show the same bug
(seeds 8 and 9 did when this was written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.cli import main
from shadersmith.evidence import complete
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import WGSL, Language
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.blame import witnesses_for
from shadersmith.targets.catalogue.registry import WGSL_CPU_TARGETS, reads_language
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.precompile import with_spirv
from shadersmith.trial import judge, prepare_generated

COUNT = 10
# Blamed on what wgpu-gl alone has, naga's GLSL writer; both seeds evaluate an integer
# `/` or `%` that GLSL leaves undefined (naga's known bug, oracle/known_bugs.py).
WGPU_GL_FINDING = "wrong:naga-glsl-out:known:wgsl-integer-division"
STORED = Path(__file__).resolve().parent / "data" / "wgsl-naga-glsl-out-runtime-division"


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`shadersmith fuzz --profile wgsl` with its default targets (wgpu-vk, its twin on
    the newest Mesa, wgpu-gl, interp), the stored finding first."""
    out = tmp_path_factory.mktemp("wgsl") / "campaign"
    args = ["fuzz", "--profile", "wgsl", "--count", str(COUNT), "--reduce-time", "1m"]
    args += ["--corpus", str(STORED), "--out", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return out


def test_every_test_runs_on_the_wgpu_chains_and_the_interpreter(campaign: Path) -> None:
    store = CampaignStore(campaign)
    try:
        assert store.settings()["profile"] == "wgsl"
        verdicts = {index: verdict for index, _, verdict in store.iter_tests()}
        runs = store.db.execute("SELECT idx, target, status FROM results").fetchall()
    finally:
        store.close()
    assert len(verdicts) == COUNT
    # No defect of ours (undefined behaviour the interpreter saw, every target failing),
    # and something compared every time.
    assert set(verdicts.values()) <= {"agree", "odd_one_out"}, verdicts
    assert verdicts[0] == "odd_one_out", "the stored finding"
    found = {index for index, v in verdicts.items() if v != "agree"}
    # The witness (naga's GLSL on softpipe) ran only for the tests with a finding.
    assert {target for _, target, _ in runs} == {*WGSL_CPU_TARGETS, "witness-wgpu-gl-softpipe"}
    witnessed = {index for index, target, _ in runs if target == "witness-wgpu-gl-softpipe"}
    assert witnessed == found
    assert {status for _, _, status in runs} == {"ok"}, runs


def _stored_test(campaign: Path) -> Path:
    """Where the campaign kept its first test, the stored finding."""
    store = CampaignStore(campaign)
    try:
        (row,) = store.db.execute("SELECT directory FROM bucket_tests WHERE idx = 0").fetchall()
    finally:
        store.close()
    directory: str | None = row[0]
    assert directory is not None, "kept: the first test of its bucket, or nearly"
    return campaign / directory


def test_a_kept_test_is_wgsl_and_its_finding_replays(campaign: Path) -> None:
    store = CampaignStore(campaign)
    try:
        buckets = {bucket.signature: bucket for bucket in store.buckets()}
        found = [idx for idx, _, verdict in store.iter_tests() if verdict != "agree"]
    finally:
        store.close()
    assert set(buckets) == {WGPU_GL_FINDING}
    bucket = buckets[WGPU_GL_FINDING]
    assert (bucket.kind, bucket.count) == ("odd_one_out", len(found))
    # wgpu-gl, and the witness where softpipe computes the same undefined value.
    assert bucket.targets.split(",")[0] == "wgpu-gl"
    assert set(bucket.targets.split(",")[1:]) <= {"witness-wgpu-gl-softpipe"}
    assert bucket.blamed == "naga-glsl-out"
    # A known bug: counted and kept, not reduced by the campaign.
    assert bucket.ignored and bucket.reduced is None
    assert bucket.example is not None
    directory = _stored_test(campaign)
    # With the SPIR-V naga wrote, as the newest lavapipe dumped it (spirv-val took it),
    # and the GLSL naga wrote for wgpu-gl (and its witness), as Mesa dumped it; and the
    # reduced program's GLSL text that it came from.
    assert sorted(p.name for p in directory.iterdir()) == [
        "shader.wgsl",
        "test.json",
        "unreconditioned.comp",
        "wgpu-gl.naga.comp",
        "wgpu-vk-newest.spv",
        "wgpu-vk-newest.spvasm",
        "witness-wgpu-gl-softpipe.naga.comp",
    ]
    assert (directory / "wgpu-vk-newest.spv").read_bytes()[:4] == b"\x03\x02\x23\x07"
    naga_glsl = (directory / "wgpu-gl.naga.comp").read_text()
    assert naga_glsl.startswith("#version") and "void main()" in naga_glsl
    recorded = json.loads((directory / "test.json").read_text())
    assert recorded["profile"] == "wgsl"
    assert "@compute" in (directory / "shader.wgsl").read_text()
    (step,) = recorded["provenance"]["steps"]
    assert step["params"]["options"]["language"] == "wgsl"
    # The interpreter, in WGSL mode, sides with wgpu-vk: wgpu-gl is the wrong one.
    results = recorded["results"]
    assert results["finding"]["passing"] == ["interp", "wgpu-vk", "wgpu-vk-newest"]
    assert results["expected"]["target"] == "interp"
    # The interpreter's record says which GLSL-undefined operation the program evaluated.
    assert "evaluated what WGSL defines and GLSL does not: " in results["runs"]["interp"]["message"]
    for difference in results["differences"]:
        actual = difference["actual"]
        assert actual["interp"] == actual["wgpu-vk"] == difference["expected"]
        assert actual["wgpu-vk-newest"] == difference["expected"]
        assert actual["wgpu-gl"] != difference["expected"]

    replayed = CliRunner().invoke(main, ["replay", str(directory)])
    assert replayed.exit_code == 0, replayed.output
    assert f"REPRODUCES: {WGPU_GL_FINDING}" in replayed.output
    assert "differing elements (expected: interp)" in replayed.output


def test_glsl_chains_and_their_witnesses_answer_a_wgsl_job_as_unsupported() -> None:
    glsl_targets = ["gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "interp"]
    trial = prepare_generated(generate(8, SmithOptions(fragment_probability=0.0), WGSL), WGSL)
    job = trial.job
    assert job.language is Language.WGSL and "@compute" in job.source
    assert with_spirv(job) is job  # glslang is not asked to read WGSL
    with TargetSession(glsl_targets + witnesses_for(glsl_targets)) as session:
        assert "witness-softpipe" in session.present
        results = session.run(job)
        for name in ("gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt"):
            assert results[name].status is RunStatus.UNSUPPORTED, (name, results[name].log)
            assert "WGSL" in results[name].log
        assert results["interp"].status is RunStatus.OK
        components = session.components()
        completed = complete(results, job, session, components)
        assert not judge(completed, components).findings
        # Every witness, asked directly, says the same.
        for _, answers in session.run_many([job], only=witnesses_for(glsl_targets)):
            assert all(r.status is RunStatus.UNSUPPORTED for r in answers.values()), answers


def test_a_wgsl_campaign_needs_two_targets_that_read_wgsl(tmp_path: Path) -> None:
    wgsl = Language.WGSL
    assert reads_language("wgpu-vk", wgsl) and reads_language("interp", wgsl)
    assert not reads_language("wgpu-vk-glsl", wgsl) and not reads_language("gl-llvmpipe", wgsl)
    glsl_only = ["gl-llvmpipe", "vk-lavapipe", "interp"]
    options = CampaignOptions(targets=glsl_only, profile=WGSL, count=1, reduce=False)
    with pytest.raises(RuntimeError, match="read WGSL"):
        run_campaign(tmp_path / "campaign", options)


def test_the_bucket_reduces_to_a_wgsl_test_that_replays(campaign: Path) -> None:
    # The campaign leaves a known bug's bucket alone; asked for, its test reduces as any.
    example = _stored_test(campaign)
    reduced = CliRunner().invoke(main, ["reduce", str(example), "--time", "1m"])
    assert reduced.exit_code == 0, reduced.output
    assert f"signature {WGPU_GL_FINDING}: kept" in reduced.output
    directory = example.parent / f"{example.name}-reduced"
    names = sorted(p.name for p in directory.iterdir())
    assert names == [
        "shader.wgsl",
        "test.json",
        "unreconditioned.comp",
        "wgpu-gl.naga.comp",
        "wgpu-vk-newest.spv",
        "wgpu-vk-newest.spvasm",
        "witness-wgpu-gl-softpipe.naga.comp",
    ]
    recorded = json.loads((directory / "test.json").read_text())
    assert recorded["profile"] == "wgsl"
    assert recorded["provenance"]["reduction"]["signature_kept"]
    assert not recorded["provenance"]["reduction"]["ub_in_reduced"]
    # The reducer's working text is GLSL (no WGSL reader); the shader that runs is WGSL.
    assert (directory / "unreconditioned.comp").read_text().startswith("#version 450")
    lines = (directory / "shader.wgsl").read_text().count("\n")
    assert lines < 40, (directory / "shader.wgsl").read_text()
    # Rebuilt from its GLSL text and recondition step, the interpreter takes part again.
    replayed = CliRunner().invoke(main, ["replay", str(directory)])
    assert replayed.exit_code == 0, replayed.output
    assert f"REPRODUCES: {WGPU_GL_FINDING}" in replayed.output
    assert "differing elements (expected: interp)" in replayed.output


def test_a_wgsl_image_too_slow_for_the_scalar_interpreter_leaves_it_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shadersmith.targets import chains

    fragment = SmithOptions(fragment_probability=1.0)
    job = prepare_generated(generate(0, fragment, WGSL), WGSL).job
    assert job.stage == "fragment" and job.integer_image
    interp = chains.interp_target()
    image = interp.execute(job)
    assert image.status is RunStatus.OK and image.image is not None, image.log
    assert image.image.shape == (job.height, job.width, 4)
    monkeypatch.setattr(chains, "WGSL_IMAGE_BUDGET_S", 0.0)
    slow = interp.execute(job)
    assert slow.status is RunStatus.UNSUPPORTED
    assert "WGSL images this slow" in slow.log


# From the 12-minute WGSL campaign (seed 1300306, reduced): a compound assignment whose
# value calls a function that writes the target. WGSL defines `e1 += e2` as
# `{ let r = &e1; *r = *r + (e2); }`, left to right: the old value is read before the
# call, and the call's write is overwritten. naga's SPIR-V agrees; the interpreter's
# WGSL mode read the target after the call (a false `wrong:naga` bucket).
COMPOUND_AFTER_CALL = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { ivec3 v; int calls; };
int bump() { v.z--; calls++; return 1; }
void main() { v += bump() * ivec3(0); }
"""


def test_a_wgsl_compound_assignment_reads_its_target_before_its_value() -> None:
    from shadersmith.front.glsl import parse_glsl
    from shadersmith.interp import run_compute
    from shadersmith.rebuild.jobs import job_from_program

    program = parse_glsl(COMPOUND_AFTER_CALL).program
    values: BufferValues = {"B": {"v": (5, 6, 7), "calls": 0}}
    after = run_compute(program, values, language=Language.WGSL).buffers["B"]
    assert dict(after) == {"v": (5, 6, 7), "calls": 1}
    with TargetSession(["wgpu-vk"]) as session:
        result = session.run(job_from_program(program, values, WGSL))["wgpu-vk"]
    assert result.ok, result.log
    assert result.buffers[0] == {"v": (5, 6, 7), "calls": 1}
