"""A fusion finding reduced end to end (issue 21): first its parts, then its program.

A fusion sequence on a planted target whose fused programs alone draw part 2's colour
at half its value (tests/planted_bugs.py, halve-part-2), saved as the campaign saves its
findings, gives a violation of MR+ with three partners. reduce_fusion_bucket drops the
partners the violation does not need (one is enough: any partner becomes part 2), then
reduces the fused program of two parts as a differential test against the interpreter,
on the real gl-llvmpipe under the planted rewrite. The reduced program and the fusion
test with the fewest partners both replay.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from shadersmith.campaign.fusion import (
    FusionOptions,
    fusion_finding,
    interp_image,
    plan_sequence,
    prepare,
    run_sequence,
)
from shadersmith.campaign.fusion_reduction import reduce_fusion_bucket
from shadersmith.campaign.fusion_tests import load_metadata, save_findings
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, load_test
from shadersmith.cli import main
from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import UndefinedBehaviour
from shadersmith.interp.defined import check_defined
from shadersmith.interp.fragment_image import colour_rounding_functions
from shadersmith.mutate.fusion import Relation
from shadersmith.oracle.differential import REFERENCE
from shadersmith.targets.catalogue.registry import spec_for
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

PLANTED = "planted-halve-part-2-gl-llvmpipe"  # tests/planted_bugs.py: part 2's colour halved
SIGNATURE = f"fusion:add:{PLANTED}"
# Seeds 9 to 12: MR+ fuses ((9, 10), 11), 12; each of 9 and 10, 9 and 11, 9 and 12 shows
# part 2 (test_fusion.py's seeds, one more).
OPTIONS = FusionOptions(targets=(PLANTED,), seed_base=9, parts=4, relations=(Relation.ADD,))
FOUR_PARTS = "s000000-add-9-10-11-12"
# Ends at its fixpoint in ~20 s unloaded; the slack is for a loaded CI worker.
REDUCTION_TIME_S = 90.0
# The campaign's own reduction (the last test): that it runs and is recorded, not how far.
CAMPAIGN_REDUCTION_TIME_S = 4.0


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    # A fusion campaign's session: its targets, no interpreter (the program's reduction
    # starts one for itself).
    with TargetSession([PLANTED], timeout_s=60) as started:
        assert not started.missing, f"targets missing: {started.missing}"
        yield started


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory, session: TargetSession) -> Path:
    """A campaign directory holding the four-part MR+ program's finding, as saved."""
    out = tmp_path_factory.mktemp("fusion") / "campaign"
    (outcome,), not_fusable = run_sequence(session, 0, OPTIONS, only={2})
    assert not not_fusable and outcome.plan.name == FOUR_PARTS
    findings = [fusion_finding(sign, target, OPTIONS) for sign, target in outcome.findings()]
    assert [f.signature for f in findings] == [SIGNATURE]
    store = CampaignStore(out)
    try:
        save_findings(store, outcome, findings, OPTIONS, session.versions())
    finally:
        store.close()
    return out


@pytest.fixture(scope="module")
def reduced(campaign: Path, session: TargetSession) -> tuple[Path, str, str | None]:
    example = campaign / "buckets" / _bucket() / FOUR_PARTS
    outcome, cause = reduce_fusion_bucket(example, SIGNATURE, session, REDUCTION_TIME_S)
    return example, outcome, cause


def _bucket() -> str:
    return SIGNATURE.replace(":", "_")


def test_the_partners_the_violation_does_not_need_are_dropped(
    reduced: tuple[Path, str, str | None], campaign: Path
) -> None:
    example, outcome, _ = reduced
    assert outcome == f"buckets/{_bucket()}/{FOUR_PARTS}-reduced", outcome
    fewest = example.with_name(f"{FOUR_PARTS}-reduced-parts")
    metadata = load_metadata(fewest)
    assert len(load_metadata(example)["seeds"]) == 4
    assert len(metadata["seeds"]) == 2 and metadata["seeds"][0] == 9  # the base and one
    assert metadata["finding"]["signature"] == SIGNATURE
    report = load_test(fewest).provenance.reduction or {}
    assert (report["partners_before"], report["partners_after"]) == (3, 1)
    assert report["lines_fewest_parts"] < report["lines_before"]
    # The fusion test with the fewest partners is a fusion test: it replays as one.
    replay = CliRunner().invoke(main, ["replay", str(fewest)])
    assert replay.exit_code == 0, replay.output
    assert f"REPRODUCES: {SIGNATURE}" in replay.output


def test_the_fused_program_is_reduced_against_the_interpreter(
    reduced: tuple[Path, str, str | None], campaign: Path
) -> None:
    _, outcome, cause = reduced
    test = load_test(campaign / outcome)
    report = test.provenance.reduction or {}
    # The planted rewrite is blamed against the interpreter, as a wrong result.
    assert test.results.finding is not None
    assert test.results.finding.signature == "wrong:planted-halve-part-2"
    assert report["signature_kept"] and not report["ub_in_reduced"]
    assert cause is not None and cause.startswith("planted-halve-part-2|")
    fusion = report["fusion"]
    assert fusion["signature"] == SIGNATURE and fusion["test"] == FOUR_PARTS
    assert fusion["lines_after"] < fusion["lines_fewest_parts"] < fusion["lines_before"]
    assert fusion["summary"].startswith("3 -> 1 partners, ")
    unreconditioned = test.shaders[UNRECONDITIONED_FILE_BY_STAGE["fragment"]]
    assert unreconditioned.count("\n") == report["reduced_lines"] < report["original_lines"]
    assert "vec4(part_2)" in unreconditioned  # what the planted rewrite needs
    # It comes from the fused program with the fewest partners, which its provenance names.
    origin = test.provenance.reduced_from
    assert origin is not None and origin.seed == 9
    assert [s.params["partner"]["seed"] for s in origin.steps if s.name == "fuse"] == (
        fusion["partners"]
    )


def test_the_reduced_program_shows_the_finding_when_run(
    reduced: tuple[Path, str, str | None], campaign: Path
) -> None:
    _, outcome, _ = reduced
    directory = str(campaign / outcome)
    replay = CliRunner().invoke(main, ["replay", directory])
    assert replay.exit_code == 0, replay.output
    assert "REPRODUCES: wrong:planted-halve-part-2" in replay.output
    # On the real driver alone the program draws what the interpreter draws.
    real = CliRunner().invoke(main, ["replay", directory, "--targets", f"gl-llvmpipe,{REFERENCE}"])
    assert real.exit_code == 1, real.output


def test_a_test_without_the_finding_is_not_reduced(
    campaign: Path, session: TargetSession, tmp_path: Path
) -> None:
    example = campaign / "buckets" / _bucket() / FOUR_PARTS
    copy = tmp_path / "buckets" / "b" / example.name
    shutil.copytree(example, copy)
    outcome, cause = reduce_fusion_bucket(copy, "fusion:add:gl-llvmpipe", session, 10)
    assert outcome.startswith("failed: ") and "does not show fusion:add:gl-llvmpipe" in outcome
    assert cause is None
    outcome, _ = reduce_fusion_bucket(copy / "part_1", SIGNATURE, session, 10)
    assert outcome.startswith("failed: ") and "not a fusion test" in outcome


# ---------------------------------------------------------------------------- interp


def test_the_interpreter_draws_a_fused_program_as_the_fusion_oracle_does() -> None:
    plan = plan_sequence(0, OPTIONS)[1]
    trial = prepare(plan.seeds[0], plan.steps, OPTIONS)
    assert trial.program is not None and trial.values is not None
    assert colour_rounding_functions(trial.program) == {"_colour_mix"}
    check_defined(trial.program, trial.values, framebuffer=trial.test.inputs.framebuffer)
    drawn = spec_for(REFERENCE).build().execute(trial.job)
    assert drawn.status is RunStatus.OK and drawn.image is not None, drawn.log
    expected = interp_image(trial).image
    assert expected is not None and np.array_equal(drawn.image, expected)


FLOAT_SHADER = """#version 450
layout(location = 0) out vec4 _color;
void main() {
    _color = vec4(float(uint(gl_FragCoord.x) % 256u) / 255.0);
}
"""


def test_any_other_float_colour_stays_outside_the_interpreter() -> None:
    # Its rounding is not confined to a colour mix called last: undefined to the
    # sanitizer, and no reference image.
    program = parse_glsl(FLOAT_SHADER).program
    assert colour_rounding_functions(program) == frozenset()
    with pytest.raises(UndefinedBehaviour):
        check_defined(program, {}, framebuffer=(8, 8))
    job = Job("fragment", FLOAT_SHADER, program=program, buffer_values={}, width=8, height=8)
    drawn = spec_for(REFERENCE).build().execute(job)
    assert drawn.status is RunStatus.UNSUPPORTED


# ---------------------------------------------------------------------------- a failure

REJECTING = "planted-reject-three-parts-gl-llvmpipe"  # rejects a colour mix of 3 parts


def test_a_rejected_fused_program_keeps_its_signature_through_both_phases(
    tmp_path: Path,
) -> None:
    # MR+ of (9, 10), 11: every part renders alone, the fused program is rejected. Both
    # partners are needed; the program is reduced keeping the rejection's signature.
    options = FusionOptions(targets=(REJECTING,), seed_base=9, parts=3, relations=(Relation.ADD,))
    with TargetSession([REJECTING], timeout_s=60) as rejecting:
        (outcome,), _ = run_sequence(rejecting, 0, options, only={1})
        findings = [fusion_finding(s, t, options) for s, t in outcome.findings()]
        (finding,) = findings
        assert finding.signature.startswith("compile:planted-reject-three-parts:")
        store = CampaignStore(tmp_path)
        try:
            (relative,) = save_findings(store, outcome, findings, options, {}).values()
        finally:
            store.close()
        result, cause = reduce_fusion_bucket(tmp_path / relative, finding.signature, rejecting, 20)
    assert result == f"{relative}-reduced", result
    assert cause is not None and cause.startswith("planted-reject-three-parts|")
    test = load_test(tmp_path / result)
    report = test.provenance.reduction or {}
    assert report["fusion"]["summary"].startswith("2 -> 2 partners, ")
    assert test.results.finding is not None
    assert test.results.finding.signature == finding.signature
    assert report["reduced_lines"] < report["original_lines"]
    replay = CliRunner().invoke(main, ["replay", str(tmp_path / result)])
    assert replay.exit_code == 0, replay.output
    assert f"REPRODUCES: {finding.signature}" in replay.output


def test_a_fusion_campaign_reduces_its_new_bucket_itself(tmp_path: Path) -> None:
    """The campaign loop (campaign/loop.py) reduces a fusion bucket as it reduces a
    differential one: the bucket's `reduced` names the reduced test, which exists.
    How far it reduces is the tests above' (`reduced`): here a short budget, which
    ends each phase with the smallest test so far."""
    from shadersmith.campaign.fusion import run_fusion_campaign

    options = FusionOptions(
        targets=(PLANTED,),
        seed_base=9,
        parts=3,
        relations=(Relation.ADD,),
        sequences=1,
        reduce_time_s=CAMPAIGN_REDUCTION_TIME_S,
    )
    progress = run_fusion_campaign(tmp_path / "c", options)
    assert SIGNATURE in progress.buckets
    store = CampaignStore(tmp_path / "c")
    try:
        (bucket,) = [b for b in store.buckets() if b.signature == SIGNATURE]
    finally:
        store.close()
    assert bucket.reduced is not None and not bucket.reduced.startswith("failed")
    assert load_test(tmp_path / "c" / bucket.reduced).provenance.reduced_from is not None
