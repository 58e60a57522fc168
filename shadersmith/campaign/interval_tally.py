"""What an interval-mode campaign counts beside its findings (issue 37): per test, its
float outputs and how many were constrained (judged), or why the interpreter refused it
(`IntervalNote`, a row of the store's `intervals` table); over the campaign, the refusal
rate, the share of float outputs constrained and the commonest refusals
(`IntervalTally`, what `fuzz` prints and the report shows)."""

from __future__ import annotations

import re
import sqlite3
import statistics
from collections import Counter
from dataclasses import dataclass

from shadersmith.oracle.differential import REFERENCE

SCHEMA = """
-- A test in the interval float mode (oracle/interval_findings.py): its float outputs, how
-- many were constrained (judged), and why the interpreter refused it (NULL: judged).
CREATE TABLE IF NOT EXISTS intervals (
    idx INTEGER PRIMARY KEY,
    floats INTEGER NOT NULL,
    constrained INTEGER NOT NULL,
    refused TEXT
);
"""

# The commonest refusals shown.
SHOWN_REASONS = 5


@dataclass(frozen=True)
class IntervalNote:
    floats: int
    constrained: int
    refused: str | None


@dataclass(frozen=True)
class IntervalTally:
    tests: int
    refused: int
    floats: int
    constrained: int
    reasons: tuple[tuple[str, int], ...]  # the commonest kinds of refusal, with counts
    # The interval interpreter's time per judged test, median and most (ms): a fragment
    # test runs its sampled fragments one at a time (interp/interval_image.py).
    interpreter_ms: tuple[float, float] | None = None

    @property
    def refusal_rate(self) -> float:
        return self.refused / self.tests if self.tests else 0.0

    @property
    def constrained_share(self) -> float:
        return self.constrained / self.floats if self.floats else 0.0

    def lines(self) -> list[str]:
        lines = [
            f"interval mode: {self.tests} tests, {self.refused} refused "
            f"({self.refusal_rate:.1%}); {self.constrained} of {self.floats} float outputs "
            f"(of fragment tests: colour channels) of the judged tests constrained "
            f"({self.constrained_share:.1%})"
        ]
        if self.interpreter_ms is not None:
            median, most = self.interpreter_ms
            lines.append(
                f"  interpreter: {median:,.0f} ms per judged test (median), {most:,.0f} ms most"
            )
        lines += [f"  refused {count}x: {reason}" for reason, count in self.reasons]
        return lines


def insert(db: sqlite3.Connection, idx: int, note: IntervalNote) -> None:
    db.execute(
        "INSERT OR REPLACE INTO intervals VALUES (?, ?, ?, ?)",
        (idx, note.floats, note.constrained, note.refused),
    )


def tally(db: sqlite3.Connection) -> IntervalTally | None:
    """The campaign's interval counts; None for a campaign without interval tests."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'intervals'").fetchone():
        return None
    rows = db.execute("SELECT floats, constrained, refused FROM intervals").fetchall()
    if not rows:
        return None
    judged = [(f, c) for f, c, refused in rows if refused is None]
    reasons = Counter(reason_kind(str(r)) for _, _, r in rows if r is not None)
    return IntervalTally(
        tests=len(rows),
        refused=len(rows) - len(judged),
        floats=sum(int(f) for f, _ in judged),
        constrained=sum(int(c) for _, c in judged),
        reasons=tuple(reasons.most_common(SHOWN_REASONS)),
        interpreter_ms=_interpreter_ms(db),
    )


def _interpreter_ms(db: sqlite3.Connection) -> tuple[float, float] | None:
    """The reference's run time over the judged tests (the store's `results`), median and
    most; None where the store has none."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'results'").fetchone():
        return None
    times = sorted(
        float(ms)
        for (ms,) in db.execute(
            "SELECT r.run_ms FROM results r JOIN intervals i ON r.idx = i.idx "
            "WHERE r.target = ? AND i.refused IS NULL AND r.run_ms IS NOT NULL",
            (REFERENCE,),
        )
    )
    return (statistics.median(times), times[-1]) if times else None


_LOCATION = re.compile(r"^in \w+\(\), statement `.*?`, at `.*?`: ")
_NUMBERS = re.compile(r"\[[^\]]*\]|-?\d+(\.\d+)?(e-?\d+)?")


def reason_kind(reason: str) -> str:
    """A refusal without where it happened and its numbers: what refusals are counted by
    ('an integer depends on rounding: int() of # is one of range(#, #)')."""
    return _NUMBERS.sub("#", _LOCATION.sub("", reason))[:160]
