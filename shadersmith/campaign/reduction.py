"""Automatic reduction of each new bucket's first test, inside a campaign.

A bucket is reduced once, on the campaign's own target workers, between tests; its
`reduced` column then holds the reduced test's directory or `failed: why`. A campaign
killed during a reduction leaves the column empty, so the resumed campaign reduces that
bucket again: nothing is lost, nothing is done twice once recorded.

Defects of ours are not reduced (the sanitizer rejects the very candidates that would
show them); flaky and ignored buckets are not either.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shadersmith.campaign.store import Bucket, CampaignStore
from shadersmith.case import TestCaseError, load_test
from shadersmith.oracle.root_cause import root_cause
from shadersmith.reduce import (
    ReductionError,
    reduce_subject,
    reduced_directory,
    subject_from_test,
    write_reduced,
)
from shadersmith.targets.session import TargetSession

NOT_REDUCED_KINDS = frozenset({"ours_ub", "all_failed"})


def reduce_new_buckets(
    store: CampaignStore,
    session: TargetSession,
    parallel: int,
    time_budget_s: float,
    interrupted: Callable[[], bool],
    may_start: Callable[[], bool] = lambda: True,
    on_bucket: Callable[[Bucket | None], None] | None = None,
) -> int:
    """Reduce every bucket not reduced yet; returns how many were reduced.

    `interrupted` (Ctrl-C) abandons the reduction in progress, unrecorded, for the
    resumed campaign to redo; `may_start` (the campaign's time is up) only keeps new
    ones from starting, so a reduction under way finishes within its own budget."""
    done = 0
    for bucket in store.unreduced_buckets():
        if interrupted() or not may_start():
            break
        if bucket.kind in NOT_REDUCED_KINDS:
            store.set_reduced(bucket.signature, "failed: a defect of ours is not reduced")
            continue
        if on_bucket is not None:
            on_bucket(bucket)
        try:
            directory = store.example_directory(bucket)
            subject = subject_from_test(load_test(directory))
            result = reduce_subject(
                subject,
                session,
                parallel=parallel,
                time_budget_s=time_budget_s,
                should_stop=interrupted,
            )
        except (ReductionError, TestCaseError) as error:
            store.set_reduced(bucket.signature, f"failed: {error}")
            continue
        if interrupted():
            break
        try:
            written = write_reduced(result, reduced_directory(directory))
        except TestCaseError as error:  # e.g. a link planted where the reduced test goes
            store.set_reduced(bucket.signature, f"failed: {error}")
            continue
        outcome = _relative(written, store.directory)
        cause = None
        if result.signature_kept:
            first_bad_pass = result.pass_list.first_bad_pass if result.pass_list else None
            cause = root_cause(bucket.blamed, result.reduced.candidate.program, first_bad_pass)
        else:
            outcome = f"failed: signature not kept on the final run ({outcome})"
        store.set_reduced(bucket.signature, outcome, cause)
        done += 1
    if on_bucket is not None:
        on_bucket(None)
    return done


def _relative(path: Path, base: Path) -> str:
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except ValueError:
        return str(path)
