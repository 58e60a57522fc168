"""The crash-only mode (fuzz --oracle crash) on the real compile-only targets: programs
not reconditioned, no interpreter; a rejection counted and never bucketed; a planted crash
bucketed, kept, reduced without reconditioning, and replayed; the oracle kept on resume."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.campaign.fuzz import CampaignOptions, prepare_test, run_campaign
from shadersmith.campaign.store import CampaignStore, StoreError
from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, load_test
from shadersmith.case.oracle import Crash
from shadersmith.cli import main
from shadersmith.config.generator_options import SmithOptions, larger
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import GLSL450
from shadersmith.recondition.step import RECONDITION
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.spirv_tools import STAGE_EXTENSIONS, compile_glsl_to_spirv
from shadersmith.trial import prepare_loaded

DATA = Path(__file__).resolve().parent / "data"
# A generated program (seed 61) holding `^`, kept as a crash-oracle test.
XOR_TEST = DATA / "crash-oracle-xor-seed-61"
# `a[2 + 3]` of an int[4]: valid to our front-end, rejected by glslang and Mesa, which
# GLSL allows for a constant index out of range.
REJECTED_TEST = DATA / "crash-oracle-constant-index-out-of-range"
COMPILE_ONLY = ["compile-spirv-tools", "compile-gl-llvmpipe"]
PLANTED = "planted-crash-on-xor-compile-spirv-tools"


def test_the_compile_only_targets_compile_and_run_nothing() -> None:
    jobs = [
        prepare_loaded(load_test(DATA / name)).job
        for name in ("generated-compute-seed-1", "generated-fragment-seed-1")
    ]
    with TargetSession(COMPILE_ONLY, timeout_s=60) as session:
        answers = [answer for _, answer in session.run_many(jobs)]
    for job, answer in zip(jobs, answers, strict=True):
        for name, result in answer.items():
            assert result.ok and result.compile_only, (name, result.log[-300:])
            assert not result.buffers and result.image is None  # nothing ran
        # spirv-cross's GLSL of the optimised module is what compile-spirv-tools made.
        cross = answer["compile-spirv-tools"].artefacts[f"cross.{STAGE_EXTENSIONS[job.stage]}"]
        assert cross.startswith(b"#version 450")


def _rows(campaign: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(campaign / "campaign.db") as db:
        return db.execute(query).fetchall()


def test_a_crash_campaign_runs_unreconditioned_programs_on_compile_only_targets_only(
    tmp_path: Path,
) -> None:
    options = CampaignOptions(
        targets=list(COMPILE_ONLY), profile=GLSL450, count=4, reduce=False, oracle=Crash()
    )
    progress = run_campaign(tmp_path / "c", options)
    assert progress.tests == 4
    targets = {row[0] for row in _rows(tmp_path / "c", "SELECT target FROM results")}
    assert targets == set(COMPILE_ONLY), "no interpreter, no executing target"
    verdicts = {row[0] for row in _rows(tmp_path / "c", "SELECT verdict FROM tests")}
    assert verdicts <= {"compiled", "rejected", "crash", "timeout", "compile_failure"}
    statuses = {row[0] for row in _rows(tmp_path / "c", "SELECT status FROM results")}
    assert "ok" in statuses
    for index in range(4):
        prepared = prepare_test(index, options)
        generated = generate(index, options.generator, GLSL450)
        # The program runs as the generator made it: no recondition step, no wrapper.
        assert prepared.test.provenance.step_named(RECONDITION) is None
        assert prepared.job.source == emit(generated.program, GLSL450)
        assert isinstance(prepared.test.oracle, Crash)
    # The differential mode reconditions the same seed (its text differs).
    differential = CampaignOptions(targets=list(COMPILE_ONLY), profile=GLSL450)
    assert prepare_test(0, differential).test.provenance.step_named(RECONDITION) is not None


def test_a_rejected_program_is_counted_and_never_bucketed(tmp_path: Path) -> None:
    options = CampaignOptions(
        targets=list(COMPILE_ONLY),
        profile=GLSL450,
        count=1,
        corpus=(REJECTED_TEST,),
        oracle=Crash(),
    )
    progress = run_campaign(tmp_path / "c", options)
    assert progress.tests == 1 and progress.rejected == 1
    store = CampaignStore(tmp_path / "c")
    try:
        assert store.buckets() == []
        assert store.totals()["verdict:rejected"] == 1
    finally:
        store.close()
    statuses = _rows(tmp_path / "c", "SELECT target, status FROM results ORDER BY target")
    # Both compilers reject it: the differential oracle would call that a defect of ours.
    assert statuses == [
        ("compile-gl-llvmpipe", "compile_error"),
        ("compile-spirv-tools", "compile_error"),
    ]


# The reduced test is asserted smaller, signed alike and not reconditioned, not minimal:
# the first passes give that within a short budget, which ends with the smallest so far.
REDUCE_TIME = "10s"


def test_a_planted_crash_is_bucketed_kept_reduced_without_reconditioning_and_replays(
    tmp_path: Path,
) -> None:
    campaign = tmp_path / "c"
    runner = CliRunner()
    found = runner.invoke(
        main,
        ["fuzz", "--oracle", "crash", "--targets", f"{PLANTED},compile-gl-llvmpipe",
         "--corpus", str(XOR_TEST), "--count", "1", "--reduce-time", REDUCE_TIME,
         "--out", str(campaign)],
    )  # fmt: skip
    assert found.exit_code == 0, found.output
    assert "not reconditioned: a crash-oracle test, never run" in found.output
    store = CampaignStore(campaign)
    buckets = store.buckets()
    store.close()
    assert len(buckets) == 1, [b.signature for b in buckets]
    bucket = buckets[0]
    assert bucket.kind == "crash" and bucket.targets == PLANTED
    # Signed by the planted assertion's message; a signal names no component, so the
    # chain's last step is blamed, as for any crash.
    assert bucket.signature.startswith("crash:") and not bucket.flaky, bucket.signature
    assert "crash_on_xor: no ^" in bucket.signature
    assert bucket.example is not None
    example = load_test(campaign / bucket.example)
    assert isinstance(example.oracle, Crash) and " ^ " in example.main_shader

    assert bucket.reduced is not None and not bucket.reduced.startswith("failed"), bucket.reduced
    reduced = load_test(campaign / bucket.reduced)
    reduction = reduced.provenance.reduction or {}
    assert reduction["signature_kept"] is True
    assert reduction["ub_in_reduced"] is None  # nothing runs it: not asked
    assert reduction["reduced_lines"] < reduction["original_lines"]
    assert isinstance(reduced.oracle, Crash) and " ^ " in reduced.main_shader
    # Not reconditioned: what ran is the reduced core itself, with no recondition step.
    assert reduced.provenance.step_named(RECONDITION) is None
    core = reduced.shaders[UNRECONDITIONED_FILE_BY_STAGE[reduced.stage]]
    assert reduced.main_shader == core
    assert reduced.results.finding is not None
    assert reduced.results.finding.signature == bucket.signature

    replayed = runner.invoke(main, ["replay", str(campaign / bucket.reduced)])
    assert replayed.exit_code == 0, replayed.output
    assert f"REPRODUCES: {bucket.signature}" in replayed.output


def test_a_campaign_resumed_with_the_other_oracle_is_refused(tmp_path: Path) -> None:
    runner, campaign = CliRunner(), tmp_path / "c"
    common = ["--no-reduce", "--out", str(campaign)]
    first = runner.invoke(
        main, ["fuzz", "--oracle", "crash", "--targets", "compile-spirv-tools", "--count", "1",
               *common],
    )  # fmt: skip
    assert first.exit_code == 0, first.output
    resumed = runner.invoke(main, ["fuzz", "--count", "2", *common])
    assert resumed.exit_code == 2
    assert "was started with --oracle crash, not differential" in resumed.output
    assert _rows(campaign, "SELECT COUNT(*) FROM tests") == [(1,)]


def test_a_campaign_from_before_the_oracle_was_recorded_is_differential(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "c")
    try:
        store.check_or_save_settings({"seed_base": 0})  # as a campaign started before
        with pytest.raises(StoreError, match="--oracle differential, not crash"):
            store.check_or_save_settings({"seed_base": 0, "oracle": "crash"})
        store.check_or_save_settings({"seed_base": 0, "oracle": "differential"})
        assert store.settings()["oracle"] == "differential"  # recorded now
    finally:
        store.close()


def test_the_crash_oracle_refuses_a_target_that_executes_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["fuzz", "--oracle", "crash", "--targets", "vk-lavapipe", "--count", "1",
         "--out", str(tmp_path / "c")],
    )  # fmt: skip
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "vk-lavapipe" in lines[0], result.output
    assert "compile-only" in lines[0]
    assert not (tmp_path / "c").exists()


def test_a_crash_campaign_in_a_language_no_compile_only_target_reads_is_refused(
    tmp_path: Path,
) -> None:
    result = CliRunner().invoke(
        main, ["fuzz", "--oracle", "crash", "--profile", "wgsl", "--out", str(tmp_path / "c")]
    )
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "reads WGSL" in result.output
    assert not (tmp_path / "c").exists()


def test_larger_programs_stay_valid_by_the_language_rules() -> None:
    options = larger(SmithOptions(), 4)
    assert options.max_statements_main == 4 * SmithOptions().max_statements_main
    assert larger(SmithOptions(), 1) == SmithOptions()
    grew = 0
    for seed in range(4):
        small = emit(generate(seed, SmithOptions(), GLSL450).program, GLSL450)
        program = generate(seed, options, GLSL450).program
        text = emit(program, GLSL450)
        grew += text.count("\n") > small.count("\n")
        parse_glsl(text)  # our front-end's rules
        compile_glsl_to_spirv(text, program.stage.value)  # glslang's
    assert grew >= 3
