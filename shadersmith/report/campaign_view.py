"""What the report shows of a campaign as a whole, read (never written) from its directory.

Differential, metamorphic and fusion campaigns share the SQLite store
(campaign/store.py); a fusion campaign's index adds a table per relation
(report/fusion_view.py).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from shadersmith.campaign.interval_tally import IntervalTally
from shadersmith.campaign.store import Bucket, CampaignStore, bucket_directory_name
from shadersmith.files import safe_files
from shadersmith.oracle.known_findings import NEW, known_label
from shadersmith.oracle.root_cause import cause_key
from shadersmith.targets.catalogue.user_targets import CAMPAIGN_FILE

DIFFERENTIAL = "differential"
METAMORPHIC = "metamorphic"
FUSION = "fusion"

# A metamorphic campaign records each target twice, `<target>.reference` and
# `<target>.variant` (campaign/metamorphic.py); its statistics are per target.
PAIR_SUFFIXES = (".reference", ".variant")
_REJECTED = ("compile_error", "link_error", "validation_error")
_WRONG_KINDS = ("odd_one_out", "disagree")
NOT_A_BUG = "not a compiler bug"
# A declaration of targets is a few dozen lines; one from anyone could be gigabytes.
DECLARATION_BYTES = 100_000


@dataclass(frozen=True)
class BucketSummary:
    """One bucket as the index lists it."""

    signature: str
    kind: str
    targets: tuple[str, ...]
    blamed: str
    root_cause: str | None
    count: int
    first_seen: float | None  # None: the campaign does not record it (fusion)
    last_seen: float | None
    flaky: bool
    ignored: bool
    examples: tuple[str, ...]  # kept test directories, relative to the campaign
    reduced: str | None  # the reduced test's directory, or `failed: why`
    cause: int = 0  # buckets with one root cause share the number

    @property
    def page(self) -> str:
        """The bucket page's file name: readable, and unique (signatures that make one
        directory name get different hashes)."""
        digest = hashlib.sha256(self.signature.encode()).hexdigest()[:8]
        return f"{bucket_directory_name(self.signature)[:60]}-{digest}"

    @property
    def known(self) -> str | None:
        """The known bug it is (findings/ or oracle/known_bugs.py), NEW, or None for no
        compiler's bug (oracle/known_findings.py)."""
        return known_label(self.kind, self.signature, self.root_cause)

    @property
    def mark(self) -> str:
        """The index's mark and filter value: "new", "known", or "not a compiler bug"."""
        label = self.known
        return NOT_A_BUG if label is None else ("new" if label == NEW else "known")

    @property
    def reduced_directory(self) -> str | None:
        return None if self.reduced is None or self.reduced.startswith("failed") else self.reduced


@dataclass(frozen=True)
class Table:
    """A table of statistics: a title, its columns, rows of text and a note under it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class CampaignView:
    directory: Path
    oracle: str  # DIFFERENTIAL, METAMORPHIC or FUSION
    tests: int
    verdicts: dict[str, int]  # verdict -> tests
    buckets: tuple[BucketSummary, ...]
    timeline: tuple[tuple[float, str], ...]  # per test: finish time, verdict
    tables: tuple[Table, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # what this kind of campaign does not record
    # The declaration of the user's targets it ran (targets.toml beside its store), or
    # why it cannot be shown; "" when it declares none.
    declared_targets: str = ""

    @property
    def causes(self) -> int:
        return len({b.cause for b in self.buckets})

    @property
    def targets(self) -> tuple[str, ...]:
        """The targets the campaign ran (its settings), then any a bucket names besides:
        the columns of the index's bucket x target grid."""
        declared = self.settings.get("targets")
        named = [t for t in declared if isinstance(t, str)] if isinstance(declared, list) else []
        return tuple(dict.fromkeys([*named, *(t for b in self.buckets for t in b.targets)]))

    @property
    def new_and_known(self) -> tuple[int, int]:
        """How many buckets are new bugs, and how many known ones."""
        labels = [bucket.known for bucket in self.buckets]
        new = labels.count(NEW)
        return new, sum(1 for label in labels if label is not None) - new


def load_campaign(directory: Path) -> CampaignView:
    """Any campaign directory; UnsafePathError or StoreError (one line) if it is none."""
    if safe_files.is_plain_file(directory, "campaign.db"):
        return load_store_campaign(directory)
    raise safe_files.UnsafePathError(f"{directory}: not a campaign directory (no campaign.db)")


def load_store_campaign(directory: Path) -> CampaignView:
    store = CampaignStore(directory, read_only=True)
    try:
        settings = store.settings()
        kind = settings.get("oracle")
        oracle = kind if kind in (METAMORPHIC, FUSION) else DIFFERENTIAL
        db = store.db
        timeline = tuple(
            # A finish time that is not a number (a crafted campaign): NaN, left out of
            # the charts and shown as "not recorded".
            (float(finished) if isinstance(finished, int | float) else math.nan, str(verdict))
            for finished, verdict in db.execute("SELECT finished, verdict FROM tests ORDER BY idx")
        )
        last_seen = dict(
            db.execute(
                "SELECT b.signature, MAX(t.finished) FROM bucket_tests b "
                "JOIN tests t ON t.idx = b.idx GROUP BY b.signature"
            ).fetchall()
        )
        kept: dict[str, list[str]] = {}
        for signature, kept_directory in db.execute(
            "SELECT signature, directory FROM bucket_tests WHERE directory IS NOT NULL ORDER BY idx"
        ):
            kept.setdefault(signature, []).append(str(kept_directory))
        buckets = [_summary(b, last_seen.get(b.signature), kept) for b in store.buckets()]
        statistics = target_statistics(db.execute(_TARGET_QUERY).fetchall(), _wrong_counts(db))
        tables: tuple[Table, ...] = (statistics,)
        tally = store.interval_tally()
        if tally is not None:
            tables += (interval_table(tally),)
        if oracle == FUSION:
            # Imported here: fusion_view.py imports this module (the shared view).
            from shadersmith.report.fusion_view import relation_table

            # An interval-mode fusion campaign's tally (refused, constrained) after it.
            tables = (statistics, relation_table(store), *tables[1:])
    finally:
        store.close()
    verdicts: dict[str, int] = {}
    for _, verdict in timeline:
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
    if oracle == METAMORPHIC:
        pair = " A metamorphic test is a reference and its variant: ms counts both runs."
        tables = (replace(statistics, note=statistics.note + pair),)
    return CampaignView(
        directory,
        oracle,
        len(timeline),
        verdicts,
        number_causes(buckets),
        timeline,
        tables,
        settings,
        declared_targets=declared_targets(directory),
    )


def interval_table(tally: IntervalTally) -> Table:
    """An interval-mode campaign's refusals and share of outputs constrained (issue 37)."""
    rows = [
        ("tests in the interval mode", f"{tally.tests:,}"),
        ("refused by the interpreter", f"{tally.refused:,} ({tally.refusal_rate:.1%})"),
        (
            "float outputs constrained (judged tests)",
            f"{tally.constrained:,} of {tally.floats:,} ({tally.constrained_share:.1%})",
        ),
        *((f"refused: {reason}", f"{count:,}") for reason, count in tally.reasons),
    ]
    if tally.interpreter_ms is not None:
        median, most = tally.interpreter_ms
        rows.append(
            ("interpreter per judged test (median, most)", f"{median:,.0f} ms, {most:,.0f} ms")
        )
    note = (
        "Outputs are judged against the interpreter's intervals; an interval wider than "
        "the constrained width is not compared, and a refused test is no finding."
    )
    return Table("Interval float mode", ("", "count"), tuple(rows), note)


def declared_targets(directory: Path) -> str:
    """The text of the campaign's copy of its targets file (user_targets.CAMPAIGN_FILE):
    shown, never loaded (a declared target loads the libraries it names)."""
    try:
        if not safe_files.is_plain_file(directory, CAMPAIGN_FILE):
            return ""
        size = (directory / CAMPAIGN_FILE).stat().st_size
        if size > DECLARATION_BYTES:
            return f"({CAMPAIGN_FILE} is {size:,} bytes: too long to show; read it there)"
        return safe_files.read_text(directory, CAMPAIGN_FILE)
    except (safe_files.UnsafePathError, OSError) as error:
        return f"({CAMPAIGN_FILE} cannot be read: {error})"


def _summary(bucket: Bucket, last_seen: float | None, kept: dict[str, list[str]]) -> BucketSummary:
    examples = kept.get(bucket.signature) or ([bucket.example] if bucket.example else [])
    return BucketSummary(
        bucket.signature,
        bucket.kind,
        tuple(t for t in bucket.targets.split(",") if t),
        bucket.blamed,
        bucket.root_cause,
        bucket.count,
        bucket.first_seen,
        last_seen,
        bucket.flaky,
        bucket.ignored,
        tuple(examples),
        bucket.reduced,
    )


def number_causes(buckets: Iterable[BucketSummary]) -> tuple[BucketSummary, ...]:
    """Number the root causes as `shadersmith buckets` does: buckets of one root cause
    share a number (one bug to file), a bucket without one has its own."""
    numbers: dict[str, int] = {}
    numbered = []
    for bucket in buckets:
        key = cause_key(bucket.signature, bucket.root_cause)
        number = numbers.setdefault(key, len(numbers) + 1)
        numbered.append(replace(bucket, cause=number))
    return tuple(numbered)


# Per target (a metamorphic pair's two runs under one name): tests, summed ms, and the
# statuses that are failures.
_TARGET_QUERY = f"""
SELECT CASE
         WHEN target LIKE '%{PAIR_SUFFIXES[0]}'
           THEN substr(target, 1, length(target) - {len(PAIR_SUFFIXES[0])})
         WHEN target LIKE '%{PAIR_SUFFIXES[1]}'
           THEN substr(target, 1, length(target) - {len(PAIR_SUFFIXES[1])})
         ELSE target
       END AS name,
       COUNT(DISTINCT idx),
       SUM(COALESCE(compile_ms, 0) + COALESCE(run_ms, 0)),
       SUM(status IN ('crash', 'oom')),
       SUM(status = 'timeout'),
       SUM(status IN {_REJECTED}),
       SUM(status = 'unsupported')
FROM results GROUP BY name ORDER BY name
"""


def _wrong_counts(db: Any) -> dict[str, int]:
    """Per target: tests in which it gave a wrong result (a finding of a wrong kind)."""
    wrong: dict[str, int] = {}
    for (findings,) in db.execute("SELECT findings FROM tests WHERE findings != '[]'"):
        try:
            recorded = json.loads(findings)
        except (ValueError, TypeError, RecursionError):
            continue  # a damaged row: the rest of the report still stands
        named: set[str] = set()
        for finding in recorded if isinstance(recorded, list) else []:
            if isinstance(finding, dict) and finding.get("kind") in _WRONG_KINDS:
                named.update(str(t) for t in finding.get("targets") or [])
        for target in named:
            wrong[target] = wrong.get(target, 0) + 1
    return wrong


def target_statistics(rows: Sequence[Sequence[Any]], wrong: dict[str, int]) -> Table:
    columns = (
        "target",
        "tests",
        "ms per test",
        "crashes",
        "timeouts",
        "rejected",
        "wrong",
        "unsupported",
    )
    table = []
    for name, tests, ms, crashes, timeouts, rejected, unsupported in rows:
        per_test = (ms or 0.0) / tests if tests else 0.0
        table.append(
            (
                str(name),
                f"{tests:,}",
                f"{per_test:,.1f}",
                f"{crashes or 0:,}",
                f"{timeouts or 0:,}",
                f"{rejected or 0:,}",
                f"{wrong.get(str(name), 0):,}",
                f"{unsupported or 0:,}",
            )
        )
    return Table(
        "Per target",
        columns,
        tuple(table),
        "ms per test: compile (with the tools of the chain) and run, averaged over the tests "
        "the target ran; rejected: compile, link or validation errors; wrong: tests in "
        "which it gave a wrong result; witnesses run only on tests with a finding.",
    )
