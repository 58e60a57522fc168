"""Interval mode end to end in campaigns (issue 37): the interpreter's interval mode as
the `interp` target, tests judged by oracle/intervals.judge, replays and reductions that
keep the mode, and a planted float bug found."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import load_test
from shadersmith.config.generator_options import SmithOptions
from shadersmith.front.glsl import parse_glsl
from shadersmith.interp import run_compute
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.intervals import judge, outputs_from_json
from shadersmith.recondition.step import float_mode_of
from shadersmith.report.campaign_view import load_campaign
from shadersmith.trial import run_on_targets

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")


def test_cross_of_two_vectors_runs_in_the_interval_mode() -> None:
    # cross() takes two arguments; the guard around it (_vector_unbounded) took one.
    program = parse_glsl(
        """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { vec3 a; vec3 b; vec3 r; };
void main() { r = cross(a, b); }
"""
    ).program
    values: BufferValues = {
        "B": {"a": (1.5, -2.0, 0.25), "b": (3.0, 0.5, -4.0), "r": (0.0, 0.0, 0.0)}
    }
    after: Any = run_compute(program, values, floats=FloatMode.INTERVAL).buffers["B"]["r"]
    expected = (8.0 - 0.125, 0.75 + 6.0, 0.75 + 6.0)
    assert all(isinstance(c, Interval) for c in after)
    assert all(c.contains(e) for c, e in zip(after, expected, strict=True))


# ---------------------------------------------------------------- campaigns

PLANTED = "planted-float-ulps-vk-lavapipe"  # tests/planted_bugs.py: floats moved 64 ULPs
# Seeds 0 and 1: compute programs in the interval mode with float outputs the interpreter
# constrains (32 and 86 of them), none refused. The planted campaign runs the first.
COUNT = 2
# Seeds 0..2 at fragment probability 0.5: fragment, compute, fragment tests.
FRAGMENTS = 3


def _campaign(
    directory: Path, targets: list[str], reduce: bool, count: int, fragment: float = 0.0
) -> CampaignStore:
    options = CampaignOptions(
        targets=targets,
        profile=GLSL450,
        count=count,
        jobs=1,
        keep_per_bucket=1,
        reduce=reduce,
        reduce_time_s=60.0,
        generator=SmithOptions(float_mode="interval", fragment_probability=fragment),
    )
    run_campaign(directory, options)
    return CampaignStore(directory, read_only=True)


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CampaignStore]:
    store = _campaign(
        tmp_path_factory.mktemp("planted"), ["interp", "vk-lavapipe", PLANTED], True, 1
    )
    yield store
    store.close()


def test_a_planted_float_bug_is_found_blamed_and_reduced(planted: CampaignStore) -> None:
    [bucket] = planted.buckets()
    assert bucket.signature == "wrong:planted-float-ulps"
    assert bucket.blamed == "planted-float-ulps"
    assert bucket.targets == PLANTED
    assert bucket.reduced and not bucket.reduced.startswith("failed"), bucket.reduced
    tally = planted.interval_tally()
    assert tally is not None and (tally.tests, tally.refused) == (1, 0)
    assert tally.constrained > 0
    # The report shows the share constrained and the refusals.
    table = load_campaign(planted.directory).tables[-1]
    assert table.title == "Interval float mode"
    assert ("refused by the interpreter", "0 (0.0%)") in table.rows


def test_the_reduced_test_replays_judged_by_intervals(planted: CampaignStore) -> None:
    [bucket] = planted.buckets()
    assert bucket.reduced is not None
    reduced = load_test(planted.directory / bucket.reduced)
    assert float_mode_of(reduced.provenance.steps) is FloatMode.INTERVAL
    run = run_on_targets(reduced, ["interp", "vk-lavapipe", PLANTED])
    assert run.judged.signatures == ["wrong:planted-float-ulps"]
    assert run.judged.intervals is not None and run.judged.intervals.constrained >= 1


def test_the_record_holds_the_intervals_and_they_round_trip(planted: CampaignStore) -> None:
    [bucket] = planted.buckets()
    assert bucket.example is not None
    test = load_test(planted.directory / bucket.example)
    record = test.results.extra["intervals"]
    assert test.results.verdict == "wrong"
    assert record["refused"] is None and 0 < record["constrained_share"] <= 1
    wrong = record["targets"][PLANTED]["wrong"]
    assert wrong and all(0 < w["ulps"] <= 64 for w in wrong)
    assert record["targets"]["vk-lavapipe"]["verdict"] == "agree"
    # The intervals read back judge the planted target's recorded values the same way.
    expected = outputs_from_json(record["expected"])
    values = test.results.runs[PLANTED].values
    assert values is not None
    produced = {int(b): {n: _tuples(v) for n, v in f.items()} for b, f in values.items()}
    again = judge(expected, produced)
    assert [o.record() for o in again.wrong] == wrong


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


PLANTED_COLOUR = "planted-colour-bytes-vk-lavapipe"  # planted_bugs: red's bytes + 2


def test_the_same_campaign_without_the_plant_finds_nothing(tmp_path: Path) -> None:
    # Fragment tests too: their images judged byte by byte at the sampled pixels
    # (oracle/image_intervals.py), where a colour moved 2 bytes is the one finding.
    targets = ["interp", "vk-lavapipe", "vk-lavapipe-opt", PLANTED_COLOUR]
    store = _campaign(tmp_path / "clean", targets, False, FRAGMENTS, fragment=0.5)
    try:
        [bucket] = store.buckets()
        assert bucket.signature == "wrong:planted-colour-bytes"
        assert (bucket.targets, bucket.blamed) == (PLANTED_COLOUR, "planted-colour-bytes")
        assert bucket.example is not None
        test = load_test(store.directory / bucket.example)
        assert test.stage == "fragment"
        record = test.results.extra["intervals"]
        assert record["refused"] is None and record["interpreter_ms"] > 0
        assert len(record["expected_pixels"]) == 16  # fragment_image.SAMPLED_FRAGMENTS
        for target in ("vk-lavapipe", "vk-lavapipe-opt"):
            assert record["targets"][target]["verdict"] == "agree"
        planted = record["targets"][PLANTED_COLOUR]
        assert planted["wrong_channels"] > 0 and planted["constrained"] > 0
        for wrong in planted["wrong"]:
            low, high = wrong["allowed"]
            assert wrong["channel"] == "R" and not low <= wrong["byte"] <= high
            expected = record["expected_pixels"][f"{wrong['x']},{wrong['y']}"]
            assert expected["bytes"][0] == [low, high]
        # The real targets are inside on every test: the compute test agrees, each
        # fragment test has the planted target alone outside.
        verdicts = [verdict for _, _, verdict in store.iter_tests()]
        assert verdicts == ["odd_one_out", "agree", "odd_one_out"], verdicts
        tally = store.interval_tally()
        assert tally is not None and tally.refused == 0 and tally.constrained > 0
        # The interpreter's time per judged test, fuzz's line and the report's row.
        assert tally.interpreter_ms is not None and tally.interpreter_ms[0] > 0
        assert any(line.startswith("  interpreter: ") for line in tally.lines())
        labels = [row[0] for row in load_campaign(store.directory).tables[-1].rows]
        assert "interpreter per judged test (median, most)" in labels
    finally:
        store.close()
