"""A finding that depends on what the driver ran before: the reducer must not hand over a
test that shows it only after its own candidates.

The driver is a real llvmpipe wrapped as a planted-bug target (`planted-sub-to-add-after-
xor-gl-llvmpipe`, tests/planted_bugs.py): once a shader with `^` has run in a worker, that
shader and every later one get `-` compiled as `+`, as softpipe kept register state between
draws in issue 37's review. Candidates run on warm workers, so a reducer that trusted
them would drop the `^` and keep a test that is right on a fresh worker."""

from __future__ import annotations

from pathlib import Path

from shadersmith.campaign.fuzz import CampaignOptions, prepare_test
from shadersmith.case import load_test, write_test
from shadersmith.generate.smith import SmithOptions
from shadersmith.ir.profile import GLSL450
from shadersmith.reduce import reduce_subject, reduced_directory, subject_from_test, write_reduced
from shadersmith.targets.session import TargetSession
from shadersmith.trial import judge

from .planted_bugs import STICKY

PLANTED = f"planted-{STICKY}-gl-llvmpipe"
TARGETS = [PLANTED, "interp"]
SIGNATURE = f"wrong:planted-{STICKY}"


def _record_from_fresh_workers(out: Path) -> Path:
    """The first of seeds 5000-5059 with `^` and `-` whose test shows the planted bug on
    a fresh worker, written as a campaign writes it."""
    options = CampaignOptions(
        targets=TARGETS, profile=GLSL450, generator=SmithOptions(multi_invocation_probability=0.0)
    )
    with TargetSession(TARGETS) as session:
        components = session.components()
        for seed in range(5000, 5060):
            item = prepare_test(seed, options)
            if " ^ " not in item.job.source or " - " not in item.job.source:
                continue
            session.renew([PLANTED])
            judged = judge(session.run(item.job), components)
            for finding in judged.findings:
                if finding.signature == SIGNATURE:
                    recorded = judged.recorded_in(item.test, finding, session.versions())
                    return write_test(recorded, out / str(seed))
    raise AssertionError("no seed in 5000-5059 shows the planted bug")


def test_a_finding_that_needs_earlier_candidates_is_reduced_again_on_fresh_workers(
    tmp_path: Path,
) -> None:
    directory = _record_from_fresh_workers(tmp_path)
    subject = subject_from_test(load_test(directory))
    with TargetSession(TARGETS) as session:
        result = reduce_subject(subject, session, "internal", time_budget_s=20)
    # The first reduction dropped the `^` (its candidates ran after the original had
    # primed the worker) and its result was right on a fresh worker; the original was
    # wrong there, so the program was reduced again, every candidate on a fresh worker.
    assert result.start_kept_fresh is True
    assert result.signature_kept
    assert " ^ " in result.reduced.job.source and " - " in result.reduced.job.source
    assert result.reduced_lines < result.original_lines

    written = load_test(write_reduced(result, reduced_directory(directory)))
    reduction = written.provenance.reduction or {}
    assert reduction["signature_kept"] is True
    assert reduction["original_kept_on_fresh_workers"] is True
    # A new session, so new workers: the written test shows the finding with no history.
    with TargetSession(TARGETS) as fresh:
        judged = judge(fresh.run(result.reduced.job), fresh.components())
    assert SIGNATURE in judged.signatures
