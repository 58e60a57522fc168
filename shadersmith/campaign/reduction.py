"""Automatic reduction of each new bucket's first test, inside a campaign.

A bucket is reduced once, on the campaign's own target workers, between tests (the
campaign loop, loop.py, decides when); its `reduced` column then holds the reduced
test's directory or `failed: why`. A campaign killed during a reduction leaves the column
empty, so the resumed campaign reduces that bucket again: nothing is lost, nothing is
done twice once recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shadersmith.campaign.store import Bucket
from shadersmith.case import TestCaseError
from shadersmith.oracle.root_cause import root_cause
from shadersmith.rebuild.admission import load_admitted
from shadersmith.reduce import (
    ReductionError,
    reduce_subject,
    reduced_directory,
    subject_from_test,
    write_reduced,
)
from shadersmith.targets.session import TargetSession


def reduce_bucket(
    bucket: Bucket,
    example: Path,
    session: TargetSession,
    parallel: int,
    time_budget_s: float,
    interrupted: Callable[[], bool],
) -> tuple[str, str | None] | None:
    """Reduce a differential bucket's example beside it: (the reduced test's path
    relative to the campaign, or `failed: why`; the root cause), or None if `interrupted`
    (Ctrl-C) abandoned it, for the resumed campaign to redo."""
    try:
        # Admitted: a resumed campaign's example may be anyone's edit since.
        subject = subject_from_test(load_admitted(example))
        result = reduce_subject(
            subject,
            session,
            parallel=parallel,
            time_budget_s=time_budget_s,
            should_stop=interrupted,
        )
    except (ReductionError, TestCaseError) as error:
        return f"failed: {error}", None
    if interrupted():
        return None
    try:
        written = write_reduced(result, reduced_directory(example))
    except TestCaseError as error:  # e.g. a link planted where the reduced test goes
        return f"failed: {error}", None
    # The example lies in <campaign>/buckets/<bucket>/<name>.
    outcome = _relative(written, example.parent.parent.parent)
    if result.start_kept_fresh is False:
        why = "the original shows it only after the tests run before it, not alone"
        return f"failed: {why} ({outcome})", None
    if not result.signature_kept:
        return f"failed: signature not kept on the final run ({outcome})", None
    first_bad_pass = result.pass_list.first_bad_pass if result.pass_list else None
    return outcome, root_cause(bucket.blamed, result.reduced.candidate.program, first_bad_pass)


def _relative(path: Path, base: Path) -> str:
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except ValueError:
        return str(path)
