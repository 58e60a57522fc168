"""Fusion judged by intervals (issue 37, item 3; oracle/fusion_intervals.py): two
hand-written interval-mode fragment programs (float colours from divisions, sqrt, sin),
fused under each of the four relations, drawn by vk-lavapipe and by
planted-colour-bytes-vk-lavapipe (red's bytes + 2 in every image it draws). The interval
interpreter's colours of the parts, mapped by the relation, hold every sampled byte of
lavapipe's fused images; the planted shift leaves them, where the exact mode's EMD check
of the same planted images (the fused image against the relation applied to the same
target's part images) lets it pass: the parts moved by the same 2 levels. Then one
generated sequence in the interval mode, end to end: its parts reconditioned in that
mode (recorded), its fused program judged inside on lavapipe and outside on the planted
target, saved and replayed with the same judgement."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.campaign.fusion import FusionOptions, run_sequence
from shadersmith.campaign.fusion_tests import load_metadata, replay_fusion_test, write_fusion_test
from shadersmith.campaign.interval_tally import IntervalNote
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Program
from shadersmith.mutate.fusion import Relation, Strategy, float_colour, fuse
from shadersmith.oracle.fusion import HOLDS, VIOLATED, check_relation, rgba8
from shadersmith.oracle.fusion_intervals import (
    expected_alternatives,
    fused_reference,
    interval_image,
    interval_verdicts,
)
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition.step import float_mode_of
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from tests.shared_sessions import SharedSessions

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

REAL = "vk-lavapipe"
PLANTED = "planted-colour-bytes-vk-lavapipe"  # tests/planted_bugs.py: red + 2
SIZE = (64, 64)

# Part 1 has an `if` for MR_o to occlude; both write colours in ]0, 1[ away from the
# clamp, from inexact operations whose intervals are a few ULPs wide; but part 2's green,
# cos() of up to 4.9, past the [-pi, pi] where the precision table bounds it: unbounded,
# so not compared (in the mapping of every formula relation that reads it too).
PART_1 = """#version 450
layout(location = 0) out vec4 _color;
float g;
void fragment_body() {
  g = gl_FragCoord.x / 7.0;
}
void main() {
  fragment_body();
  float x = gl_FragCoord.x;
  float y = gl_FragCoord.y;
  if (x < 32.0) {
    g = g * 0.5;
  }
  _color = vec4(0.25 + g / 40.0, sqrt(y + 1.0) / 9.0, 0.5 + sin(x / 21.0) / 3.0, 0.8 - y / 100.0);
}
"""
PART_2 = """#version 450
layout(location = 0) out vec4 _color;
float h;
void fragment_body() {
  h = (gl_FragCoord.y + 3.0) / 11.0;
}
void main() {
  fragment_body();
  float x = gl_FragCoord.x;
  _color = vec4(0.9 - h / 10.0, 0.3 + cos(x / 13.0) / 4.0, x / 70.0, 0.6);
}
"""


def _job(program: Program) -> Job:
    return job_from_program(program, {}, GLSL450, framebuffer=SIZE, floats=FloatMode.INTERVAL)


@pytest.fixture(scope="module")
def sessions() -> Iterator[SharedSessions]:
    shared = SharedSessions(keep=1)
    yield shared
    shared.close()


@pytest.fixture(scope="module")
def drawn(
    sessions: SharedSessions,
) -> tuple[list[Program], dict[Relation, Program], dict[int, dict[str, RunResult]]]:
    """The parts alone and fused under each relation, drawn on both targets: (parts,
    fused by relation, results by job index: parts first, then the relations in order)."""
    parsed = [parse_glsl(text).program for text in (PART_1, PART_2)]
    parts = [float_colour(program, {})[0] for program in parsed]
    fused = {
        relation: fuse(
            parsed[0], {}, parsed[1], {}, relation, Strategy.INLINE, random.Random(7)
        ).program
        for relation in Relation
    }
    with sessions.session([REAL, PLANTED], timeout_s=120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many([_job(p) for p in (*parts, *fused.values())]))
    return parts, fused, results


def test_fused_interval_programs_are_judged_inside_and_the_planted_shift_outside(
    drawn: tuple[list[Program], dict[Relation, Program], dict[int, dict[str, RunResult]]],
) -> None:
    parts, fused, results = drawn
    part_images = [interval_image(p, {}, _job(p)) for p in parts]
    assert all(image.pixels is not None for image in part_images), part_images
    part_results = [results[0], results[1]]
    for position, (relation, program) in enumerate(fused.items(), start=2):
        reference = fused_reference(
            (relation,), interval_image(program, {}, _job(program)), part_images
        )
        # The reference keeps the relation (the interpreter's guard), judges most channels.
        assert not reference.refused and not reference.escaped, (relation, reference)
        assert reference.constrained >= reference.floats // 2 > 0, relation
        verdicts = interval_verdicts(relation, results[position], part_results, "", {}, reference)
        real, planted = verdicts[REAL], verdicts[PLANTED]
        assert real.status == HOLDS, (relation, real.intervals and real.intervals.report_lines())
        assert planted.status == VIOLATED, relation
        assert planted.signature == f"fusion:{relation.value}:{PLANTED}"
        assert planted.intervals is not None and planted.intervals.wrong
        # Only red moved, recorded with its pixel, range and byte.
        for wrong in planted.intervals.wrong:
            assert wrong.channel == 0 and not wrong.allowed[0] <= wrong.byte <= wrong.allowed[1]
        if relation is Relation.ADD:
            # EMD's verdict on the same planted images: the relation applied to its own
            # part images (red + 2 each) predicts the fused image (red + 2): it passes.
            images = [rgba8(results[k][PLANTED]) for k in (0, 1, position)]
            assert all(image is not None for image in images)
            emd = check_relation((relation,), images[:2], images[2])  # type: ignore[arg-type]
            assert emd.holds and emd.comparison.emd <= 0.005, emd.summary()


def test_the_mapping_is_the_relations_formula_on_intervals(
    drawn: tuple[list[Program], dict[Relation, Program], dict[int, dict[str, RunResult]]],
) -> None:
    parts, _, _ = drawn
    colours = [interval_image(p, {}, _job(p)).pixels for p in parts]
    assert colours[0] is not None and colours[1] is not None
    (added,) = expected_alternatives((Relation.ADD,), [colours[0], colours[1]])
    front, back = expected_alternatives((Relation.OCCLUDE,), [colours[0], colours[1]])
    assert front == colours[0] and back == colours[1]
    unbounded = 0
    for pixel, colour in added.items():
        for channel, value in enumerate(colour):
            a, b = colours[0][pixel][channel], colours[1][pixel][channel]
            if isinstance(a, Unbounded) or isinstance(b, Unbounded):
                unbounded += 1
                assert isinstance(value, Unbounded)
                continue
            assert isinstance(value, Interval)
            assert value.lo <= (a.lo + b.lo) / 2 and (a.hi + b.hi) / 2 <= value.hi
    assert 0 < unbounded < len(added)  # part 2's green where x > 13 pi


def test_an_interval_fusion_campaigns_sequence_is_judged_saved_and_replayed(
    sessions: SharedSessions, tmp_path: Path
) -> None:
    options = FusionOptions(
        targets=(REAL, PLANTED),
        seed_base=0,
        parts=2,
        relations=(Relation.ADD,),
        generator=SmithOptions(fragment_probability=1.0, float_mode="interval"),
    )
    with sessions.session([REAL, PLANTED], timeout_s=120) as session:
        outcomes, not_fusable = run_sequence(session, 0, options)
        versions = session.versions()
    assert not not_fusable and len(outcomes) == 1
    (outcome,) = outcomes
    # The parts and the fused program were reconditioned in the interval mode (recorded).
    for trial in (*outcome.parts, outcome.trial):
        assert float_mode_of(trial.test.provenance.steps) is FloatMode.INTERVAL
        assert trial.job.floats is FloatMode.INTERVAL
    assert outcome.trial.test.provenance.options["float_mode"] == "interval"
    reference = outcome.intervals
    assert reference is not None and not reference.refused and not outcome.ours
    note = IntervalNote(reference.floats, reference.constrained, None)
    assert outcome.interval_note() == note and note.constrained > 0
    assert outcome.verdicts[REAL].status == HOLDS
    planted = outcome.verdicts[PLANTED]
    assert planted.status == VIOLATED and planted.check is None  # no EMD in this mode
    directory = write_fusion_test(
        tmp_path / "test", outcome, planted.signature, PLANTED, options, versions
    )
    metadata = load_metadata(directory)
    assert metadata["floats"] == "interval"
    assert metadata["verdicts"][PLANTED]["intervals"]["wrong"], metadata["verdicts"]
    assert metadata["interp"]["status"] == "holds" and metadata["interp"]["expected_pixels"]
    # Replayed on the planted target (its own session: the replay's), judged again so.
    replay = replay_fusion_test(directory, [PLANTED])
    assert replay.reproduces, replay.now
    again = replay.outcome.verdicts[PLANTED]
    assert again.intervals is not None and again.check is None
    assert planted.intervals is not None
    assert again.intervals.wrong_channels == planted.intervals.wrong_channels
