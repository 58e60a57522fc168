"""The campaign store: an SQLite database beside the saved test directories.

Tests' outcomes are committed together, at most COMMIT_INTERVAL_S apart (write-ahead
log, full sync: one sync a test cost the campaign's loop ~20 ms a test), and at once when
a test opens a bucket, before anything else is written, and on close: `kill -9` loses
at most the tests recorded since the last commit, which a resumed campaign runs again
(it runs the indices it has not recorded). A test directory is written (atomically) before
the row that points at it: after a kill, a directory without a row is simply written
again when its index is re-run, never duplicated.

Layout of a campaign directory:
    campaign.db                  tests, results, buckets, settings
    buckets/<bucket>/<seed>/     at most `keep_per_bucket` test directories per bucket
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shadersmith.campaign import interval_tally
from shadersmith.campaign.interruptible import let_signals_in
from shadersmith.campaign.interval_tally import IntervalNote, IntervalTally
from shadersmith.campaign.log import close_campaign_log, open_campaign_log
from shadersmith.case import Finding, TestCase, TestCaseError, finding_to_json, write_test
from shadersmith.config.generator_options import LEGACY_DEFAULTS
from shadersmith.files import safe_files, strict_json
from shadersmith.targets.results import RunResult

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tests (
    idx INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    verdict TEXT NOT NULL,
    findings TEXT NOT NULL,
    seconds REAL NOT NULL,
    finished REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    idx INTEGER NOT NULL,
    target TEXT NOT NULL,
    status TEXT NOT NULL,
    output TEXT,
    compile_ms REAL,
    run_ms REAL,
    PRIMARY KEY (idx, target)
);
CREATE TABLE IF NOT EXISTS buckets (
    signature TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    targets TEXT NOT NULL,
    blamed TEXT NOT NULL,
    count INTEGER NOT NULL,
    first_seen REAL NOT NULL,
    example TEXT,
    flaky INTEGER NOT NULL DEFAULT 0,
    ignored INTEGER NOT NULL DEFAULT 0,
    reduced TEXT,
    root_cause TEXT
);
CREATE TABLE IF NOT EXISTS bucket_tests (
    signature TEXT NOT NULL,
    idx INTEGER NOT NULL,
    directory TEXT,
    PRIMARY KEY (signature, idx)
);
-- A test judged by comparing images (fusion): each target's verdict and distance.
CREATE TABLE IF NOT EXISTS comparisons (
    idx INTEGER NOT NULL,
    target TEXT NOT NULL,
    verdict TEXT NOT NULL,
    distance REAL,
    PRIMARY KEY (idx, target)
);
-- What a test's program is beyond its seed (a fusion plan: its sequence, relation, name).
CREATE TABLE IF NOT EXISTS programs (
    idx INTEGER PRIMARY KEY,
    grouping INTEGER NOT NULL,
    family TEXT NOT NULL,
    name TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Comparison:
    """A target's verdict on an image comparison, and the distance measured (if any)."""

    target: str
    verdict: str
    distance: float | None = None


@dataclass(frozen=True)
class ProgramNote:
    """What a test's program is beyond its seed: e.g. fusion sequence 3's MR+ plan."""

    grouping: int
    family: str
    name: str


# The times a campaign may record (seconds since 1970): 2000-01-01 to 2100-01-01. A
# time outside is a crafted or broken campaign (report/charts.py bins the timeline).
EARLIEST_S = 946_684_800.0
LATEST_S = 4_102_444_800.0

# How long a recorded test may wait for its commit.
COMMIT_INTERVAL_S = 1.0


# One target's run of a test as `record` takes it: target, status, output digest (None
# for a failure or where outputs are not compared), compile ms, run ms.
ResultRow = tuple[str, str, str | None, float, float]


class StoreError(Exception):
    """A campaign directory that cannot be used; one line for the user."""


@dataclass(frozen=True)
class Bucket:
    signature: str
    kind: str
    targets: str
    blamed: str
    count: int
    first_seen: float
    example: str | None
    flaky: bool
    ignored: bool
    reduced: str | None
    root_cause: str | None = None  # oracle/root_cause.py, once reduced


# The metamorphic campaign's own table (campaign/metamorphic.py): each pair's plan and outcomes.
VARIANTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS variants (
    idx INTEGER PRIMARY KEY,
    stage TEXT NOT NULL,
    steps TEXT NOT NULL,
    transform_ms REAL NOT NULL,
    outcomes TEXT NOT NULL,
    ours TEXT
);
"""


def _expected_columns() -> dict[str, frozenset[str]]:
    """Each table of SCHEMA and its columns, as SQLite itself reads the schema."""
    reference = sqlite3.connect(":memory:")
    try:
        reference.executescript(SCHEMA + VARIANTS_SCHEMA + interval_tally.SCHEMA)
        tables = [row[0] for row in reference.execute("SELECT name FROM sqlite_master")]
        return {
            table: frozenset(row[1] for row in reference.execute(f"PRAGMA table_info({table})"))
            for table in tables
        }
    finally:
        reference.close()


_COLUMNS = _expected_columns()
# Columns a campaign made before them lacks (the writable store adds them).
_ADDED_LATER = {"buckets": frozenset({"root_cause"})}


def check_schema(db: sqlite3.Connection, path: Path) -> None:
    """A campaign.db is ours only if it holds our tables and nothing else: SQLite opens
    whatever schema a file holds, and a shared campaign may come from anyone (a view named
    `tests` that recurses forever ran `buckets` for 13 minutes and filled the disk under
    `report`; a trigger would run on our writes). Tables a campaign made before them
    lacks are allowed; anything else is a one-line StoreError (SQLite's own errors are
    the caller's to word)."""
    objects = db.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
    for kind, name, table in objects:
        if kind == "table" and name in _COLUMNS:
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({name})")}
            expected = _COLUMNS[name]
            if not expected - _ADDED_LATER.get(name, frozenset()) <= columns <= expected:
                raise StoreError(f"{path}: table {name} has other columns than a campaign's")
        elif not (kind == "index" and name.startswith("sqlite_autoindex_") and table in _COLUMNS):
            raise StoreError(f"{path}: not a campaign database of ours ({kind} {name!r})")


def _open_read_only(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise StoreError(f"{path.parent}: not a campaign directory (no campaign.db)")
    uri = path.absolute().as_uri()
    try:
        db = sqlite3.connect(f"{uri}?mode=ro", uri=True, check_same_thread=False)
        let_signals_in(db)
        check_schema(db, path)
        db.execute("SELECT COUNT(*) FROM buckets").fetchone()
        return db
    except sqlite3.OperationalError:
        # A write-ahead-log database in a folder we cannot write (a read-only share):
        # SQLite cannot make its shared-memory file, so read the file as it stands.
        try:
            db = sqlite3.connect(f"{uri}?immutable=1", uri=True, check_same_thread=False)
            let_signals_in(db)
            check_schema(db, path)
            db.execute("SELECT COUNT(*) FROM buckets").fetchone()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path}: not a usable campaign database ({error})") from None
        return db


# The settings key that lists the changes `may_change` let through (check_or_save_settings).
CHANGES = "changes"

# Settings recorded only since some version, with the value every campaign that started
# before then ran with: resuming such a campaign with another value is refused like any
# other change (a differential campaign resumed as a crash campaign would judge its
# programs by other rules).
SETTINGS_BEFORE_RECORDED: Mapping[str, Any] = {"oracle": "differential"}


GENERATOR = "generator"  # the settings key of the generator's options (a dict)


def _with_options_added_since(options: Mapping[str, Any]) -> dict[str, Any]:
    """A campaign's recorded generator options with each option added since it started at
    the value its programs were generated with (LEGACY_DEFAULTS: 0 for a construct's
    probability): without it, every new option refused the resume of every older campaign,
    though its seeds still mean the same programs; an option given another value is still
    a change."""
    return {**{k: v for k, v in LEGACY_DEFAULTS.items() if k not in options}, **options}


def _changed_settings_error(
    directory: Path, changed: Sequence[str], saved: Mapping[str, Any], given: Mapping[str, Any]
) -> str:
    """One line: which settings differ, and for the targets what they were."""
    if changed == ["targets"]:
        was = ",".join(str(name) for name in saved["targets"])
        now = ",".join(str(name) for name in given["targets"])
        return (
            f"{directory} was started on the targets {was[:300]}, not {now[:300]}: resume "
            "without --targets (the recorded ones are used), or with --allow-new-targets to "
            "record the change"
        )
    if changed == ["oracle"]:
        return (
            f"{directory} was started with --oracle {saved['oracle']}, not "
            f"{given['oracle']}: resume it with --oracle {saved['oracle']}, or use a new --out "
            "directory"
        )
    return (
        f"{directory} was started with other settings ({', '.join(changed)}); "
        "use a new --out directory"
    )


def saved_settings(directory: Path) -> dict[str, Any]:
    """The settings the campaign in `directory` started with; {} when there is none yet
    (nothing is made)."""
    if not (directory / "campaign.db").is_file():
        return {}
    store = CampaignStore(directory, read_only=True)
    try:
        return store.settings()
    finally:
        store.close()


def bucket_directory_name(signature: str) -> str:
    """A file-system-safe, readable, bounded name for a bucket."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", signature).strip("_")
    return name[:80] or "bucket"


class CampaignStore:
    def __init__(self, directory: Path, keep_per_bucket: int = 3, read_only: bool = False) -> None:
        """The campaign in `directory`, made if new; `read_only` (reports): nothing is
        made or written, and a campaign on a read-only disk is still read."""
        self.directory = directory
        self.keep_per_bucket = keep_per_bucket
        path = directory / "campaign.db"
        # SQLite opens its files through links: one planted in a shared campaign would
        # have it write into whatever the link names.
        # A FIFO or device in their place would block SQLite or fail it mid-write (a
        # FIFO `-wal` stopped a resumed campaign with "disk I/O error").
        for name in ("campaign.db", "campaign.db-wal", "campaign.db-shm", "campaign.db-journal"):
            safe_files.refuse_link(directory / name)
            try:
                safe_files.check_plain_or_absent(directory / name, "a campaign's database")
            except safe_files.UnsafePathError as error:
                raise StoreError(str(error)) from None
        self.log: logging.Logger | None = None  # campaign.log, for a campaign written to
        try:
            if read_only:
                self.db = _open_read_only(path)
                return
            safe_files.make_directory(directory)
            # No progress handler here (let_signals_in): a campaign writes from several
            # threads, and a handler that needs the GIL inside a query holding the
            # connection's mutex deadlocks with a thread that holds the GIL and waits for
            # that mutex. Signals reach a campaign through its main thread's wait instead.
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA + interval_tally.SCHEMA)
            self._committed = time.perf_counter()
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(buckets)")}
            if "root_cause" not in columns:  # a campaign started before root causes
                self.db.execute("ALTER TABLE buckets ADD COLUMN root_cause TEXT")
            check_schema(self.db, path)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path}: not a usable campaign database ({error})") from None
        self.log = open_campaign_log(directory)

    # ------------------------------------------------------------------ settings

    def settings(self) -> dict[str, Any]:
        rows = self.db.execute("SELECT key, value FROM settings").fetchall()
        settings = {}
        for key, value in rows:  # a campaign directory may be shared: read as untrusted
            where = f"{self.directory / 'campaign.db'}: setting {str(key)[:60]!r}"
            if not isinstance(value, str):
                raise StoreError(f"{where}: not JSON text")
            try:
                settings[str(key)] = strict_json.loads(value, where)
            except TestCaseError as error:
                raise StoreError(str(error)) from None
        return settings

    def check_or_save_settings(
        self, settings: dict[str, Any], may_change: frozenset[str] = frozenset()
    ) -> None:
        """A resumed campaign must use the settings it started with, or its seeds would
        mean different programs and its verdicts other compilers; a new one records them.

        A setting the campaign started before it was recorded is recorded now. One named
        in `may_change` (e.g. the targets, with `--allow-new-targets`) may differ: the new
        value is recorded, and the change is kept under CHANGES with the test index it
        took effect at, so the report and whoever resumes see what ran where."""
        saved = self.settings()
        implied = {k: v for k, v in SETTINGS_BEFORE_RECORDED.items() if saved and k not in saved}
        started_with = {**implied, **saved}
        if isinstance(started_with.get(GENERATOR), dict):
            started_with[GENERATOR] = _with_options_added_since(started_with[GENERATOR])
        changed = sorted(
            k for k in settings if k in started_with and started_with[k] != settings[k]
        )
        refused = [k for k in changed if k not in may_change]
        if refused:
            raise StoreError(
                _changed_settings_error(self.directory, refused, started_with, settings)
            )
        new = {k: v for k, v in settings.items() if k not in saved or k in changed}
        if not new:
            return
        history = saved.get(CHANGES, [])
        if changed:
            at = len(self.done_indices())
            history = [
                *history,
                *(
                    {"setting": k, "from": started_with[k], "to": settings[k], "from_test": at}
                    for k in changed
                ),
            ]
            new[CHANGES] = history
        self.commit()
        with self.db:
            self.db.execute("BEGIN")
            for key, value in new.items():
                self.db.execute(
                    "INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, json.dumps(value))
                )

    # --------------------------------------------------------------------- tests

    def done_indices(self) -> set[int]:
        return {row[0] for row in self.db.execute("SELECT idx FROM tests")}

    def keep_tests(
        self,
        findings: Sequence[Finding],
        name: int | str,
        recorded: Callable[[Finding], TestCase],
        keep_per_bucket: int,
    ) -> dict[str, str]:
        """Write `recorded(finding)` as test `name` of each finding's bucket that holds
        fewer than `keep_per_bucket` tests (the rest are counted, not kept: no reduction
        is wasted on duplicates); the directories written, by signature, relative to the
        campaign (record's `directories`)."""
        directories: dict[str, str] = {}
        for finding in findings:
            if self.kept_directories(finding.signature) >= keep_per_bucket:
                continue
            path = self.test_directory(finding, name)
            write_test(recorded(finding), path, root=self.directory)
            directories[finding.signature] = str(path.relative_to(self.directory))
        return directories

    @staticmethod
    def result_rows(results: Mapping[str, RunResult]) -> list[ResultRow]:
        """The `results` rows of `record` for one test's runs: status, output digest,
        compile and run milliseconds per target."""
        return [
            (
                name,
                r.status.value,
                r.output_digest() if r.ok else None,
                r.compile_ms + r.tools_ms,
                r.run_ms,
            )
            for name, r in results.items()
        ]

    def kept_directories(self, signature: str) -> int:
        row = self.db.execute(
            "SELECT COUNT(*) FROM bucket_tests WHERE signature = ? AND directory IS NOT NULL",
            (signature,),
        ).fetchone()
        return int(row[0])

    def test_directory(self, finding: Finding, name: int | str) -> Path:
        """Where a test (named by its seed) is kept in its finding's bucket."""
        return self.directory / "buckets" / bucket_directory_name(finding.signature) / str(name)

    def example_directory(self, bucket: Bucket) -> Path:
        """The bucket's kept example; the database is as untrusted as the directory it
        lies in, so the path must stay inside the campaign, through no link."""
        assert bucket.example is not None
        return safe_files.inside(self.directory, bucket.example)

    def record(
        self,
        idx: int,
        seed: int,
        verdict: str,
        findings: list[Finding],
        results: list[ResultRow],
        directories: dict[str, str],
        seconds: float,
        comparisons: Sequence[Comparison] = (),
        program: ProgramNote | None = None,
        intervals: IntervalNote | None = None,
    ) -> list[str]:
        """Record one test (committed within COMMIT_INTERVAL_S, at once if it opens a
        bucket); returns the signatures of buckets it opened. `comparisons` and
        `program`: what an image-comparing oracle (fusion) adds; `intervals`: what a
        test in the interval float mode counts (campaign/interval_tally.py)."""
        if not self.db.in_transaction:
            self.db.execute("BEGIN IMMEDIATE")
        # One test's rows go in whole or not at all, whatever the tests before it did.
        self.db.execute("SAVEPOINT test")
        try:
            opened = self._record(idx, seed, verdict, findings, results, directories, seconds)
            if not self.db.execute("SELECT 1 FROM programs WHERE idx = ?", (idx,)).fetchone():
                self.db.executemany(
                    "INSERT OR IGNORE INTO comparisons VALUES (?, ?, ?, ?)",
                    [(idx, c.target, c.verdict, c.distance) for c in comparisons],
                )
                if program is not None:
                    self.db.execute(
                        "INSERT INTO programs VALUES (?, ?, ?, ?)",
                        (idx, program.grouping, program.family, program.name),
                    )
            if intervals is not None:
                interval_tally.insert(self.db, idx, intervals)
        except BaseException:
            self.db.execute("ROLLBACK TO test")
            self.db.execute("RELEASE test")
            raise
        self.db.execute("RELEASE test")
        if opened or time.perf_counter() - self._committed >= COMMIT_INTERVAL_S:
            self.commit()
        for signature in opened:
            self.note(f"new bucket {signature} (test {idx}, seed {seed})")
        return opened

    def note(self, line: str) -> None:
        """One line in campaign.log (nothing for a campaign opened read-only)."""
        if self.log is not None:
            self.log.info(line)

    def commit(self) -> None:
        """Commit the tests recorded since the last commit."""
        if self.db.in_transaction:
            self.db.execute("COMMIT")
        self._committed = time.perf_counter()

    def _record(
        self,
        idx: int,
        seed: int,
        verdict: str,
        findings: list[Finding],
        results: list[ResultRow],
        directories: dict[str, str],
        seconds: float,
    ) -> list[str]:
        now = time.time()
        opened: list[str] = []
        if self.db.execute("SELECT 1 FROM tests WHERE idx = ?", (idx,)).fetchone():
            return []
        self.db.execute(
            "INSERT INTO tests VALUES (?, ?, ?, ?, ?, ?)",
            (
                idx,
                seed,
                verdict,
                json.dumps([finding_to_json(f) for f in findings]),
                seconds,
                now,
            ),
        )
        self.db.executemany(
            "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?)",
            [(idx, *result) for result in results],
        )
        for finding in findings:
            directory = directories.get(finding.signature)
            updated = self.db.execute(
                "UPDATE buckets SET count = count + 1, flaky = MAX(flaky, ?) WHERE signature = ?",
                (int(finding.flaky), finding.signature),
            ).rowcount
            if not updated:
                opened.append(finding.signature)
                self.db.execute(
                    "INSERT INTO buckets VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, NULL, NULL)",
                    (
                        finding.signature,
                        finding.kind.value,
                        ",".join(finding.targets),
                        finding.blamed,
                        now,
                        directory,
                        int(finding.flaky),
                        int(finding.ignored),
                    ),
                )
            self.db.execute(
                "INSERT OR IGNORE INTO bucket_tests VALUES (?, ?, ?)",
                (finding.signature, idx, directory),
            )
        return opened

    def unreduced_buckets(self) -> list[Bucket]:
        """Buckets whose first kept test has not been reduced (or tried) yet."""
        return [
            b
            for b in self.buckets()
            if b.reduced is None and b.example is not None and not b.flaky and not b.ignored
        ]

    def set_reduced(self, signature: str, outcome: str, root_cause: str | None = None) -> None:
        """The reduced test's directory (relative), or `failed: why`; and the bucket's
        root cause, read from the reduced program."""
        self.commit()
        with self.db:
            self.db.execute(
                "UPDATE buckets SET reduced = ?, root_cause = ? WHERE signature = ?",
                (outcome, root_cause, signature),
            )
        cause = f", root cause {root_cause}" if root_cause else ""
        self.note(f"reduced {signature}: {outcome}{cause}")

    # ------------------------------------------------------------------ reports

    def buckets(self) -> list[Bucket]:
        rows = self.db.execute(
            "SELECT signature, kind, targets, blamed, count, first_seen, example, flaky, "
            "ignored, reduced, root_cause FROM buckets ORDER BY ignored, count DESC, first_seen"
        ).fetchall()
        return [self._checked_bucket(row) for row in rows]

    def _checked_bucket(self, row: Sequence[Any]) -> Bucket:
        """A bucket row as its columns promise: SQLite keeps whatever type a value was
        written with (a text `count`, a NULL signature, a `first_seen` of 1e300 in a
        shared campaign gave tracebacks in `report`), so each is checked on the way out."""
        where = f"{self.directory / 'campaign.db'}: bucket {str(row[0])[:80]!r}"
        texts = (row[0], row[1], row[2], row[3])
        if not all(isinstance(value, str) for value in texts) or not row[0]:
            raise StoreError(f"{where}: signature, kind, targets and blamed must be text")
        for name, value in (("example", row[6]), ("reduced", row[9]), ("root_cause", row[10])):
            if value is not None and not isinstance(value, str):
                raise StoreError(f"{where}: {name} must be text")
        count, first_seen = row[4], row[5]
        if not isinstance(count, int) or count < 0:
            raise StoreError(f"{where}: count {str(count)[:40]!r} is not a count")
        if not isinstance(first_seen, int | float) or not 0 <= first_seen <= LATEST_S:
            raise StoreError(f"{where}: first_seen {str(first_seen)[:40]!r} is not a time")
        for name, flag in (("flaky", row[7]), ("ignored", row[8])):
            if flag not in (0, 1):
                raise StoreError(f"{where}: {name} must be 0 or 1")
        return Bucket(
            row[0], row[1], row[2], row[3], count, float(first_seen), row[6],
            bool(row[7]), bool(row[8]), row[9], row[10],
        )  # fmt: skip

    def interval_tally(self) -> IntervalTally | None:
        """The interval float mode's counts (refusals, outputs constrained), if any."""
        return interval_tally.tally(self.db)

    def totals(self) -> dict[str, int]:
        tests = self.db.execute("SELECT COUNT(*) FROM tests").fetchone()[0]
        statuses = dict(
            self.db.execute("SELECT status, COUNT(*) FROM results GROUP BY status").fetchall()
        )
        verdicts = dict(
            self.db.execute("SELECT verdict, COUNT(*) FROM tests GROUP BY verdict").fetchall()
        )
        return {
            "tests": tests,
            **{f"status:{k}": v for k, v in statuses.items()},
            **{f"verdict:{k}": v for k, v in verdicts.items()},
        }

    def iter_tests(self) -> Iterator[tuple[int, int, str]]:
        yield from self.db.execute("SELECT idx, seed, verdict FROM tests ORDER BY idx")

    def close(self) -> None:
        if self.db.in_transaction:
            self.commit()
        self.db.close()
        if self.log is not None:
            close_campaign_log(self.log)
