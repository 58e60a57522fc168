"""Do two campaigns on the same seeds give the same verdicts? For a change meant to keep
behaviour (a restructuring), run one campaign before it and one after, with the same
options and seeds, then:

    .venv/bin/python bench/same_verdicts.py BEFORE_DIR AFTER_DIR

It compares, test by test over the indexes both ran (a campaign stopped by time runs a
different number): the seed, the verdict, the findings' signatures and each target's
status and output; and the buckets those tests fill. It prints the figures, then one line
per difference (at most 20), and exits 1 when anything differs. Timings are not compared.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

SHOWN = 20


def _rows(db: Path, query: str) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(query))


def _tests(db: Path) -> dict[int, tuple[int, str, tuple[str, ...]]]:
    rows = _rows(db, "SELECT idx, seed, verdict, findings FROM tests")
    return {
        idx: (seed, verdict, tuple(sorted(_signatures(findings))))
        for idx, seed, verdict, findings in rows
    }


def _signatures(findings: str) -> Iterator[str]:
    for finding in json.loads(findings):
        yield finding["signature"] if isinstance(finding, dict) else str(finding)


def _results(db: Path) -> dict[tuple[int, str], tuple[str, str | None]]:
    rows = _rows(db, "SELECT idx, target, status, output FROM results")
    return {(idx, target): (status, output) for idx, target, status, output in rows}


def compare(before: Path, after: Path) -> tuple[dict[str, int], list[str]]:
    """Figures and differences of the two campaigns' common tests."""
    old, new = _tests(before / "campaign.db"), _tests(after / "campaign.db")
    common = sorted(old.keys() & new.keys())
    differences = [
        f"test {idx}: before {old[idx]}, after {new[idx]}" for idx in common if old[idx] != new[idx]
    ]
    old_runs, new_runs = _results(before / "campaign.db"), _results(after / "campaign.db")
    runs = sorted(k for k in old_runs.keys() | new_runs.keys() if k[0] in old.keys() & new.keys())
    differences += [
        f"test {idx} on {target}: before {old_runs.get((idx, target))}, "
        f"after {new_runs.get((idx, target))}"
        for idx, target in runs
        if old_runs.get((idx, target)) != new_runs.get((idx, target))
    ]
    old_buckets = {s for idx in common for s in old[idx][2]}
    new_buckets = {s for idx in common for s in new[idx][2]}
    differences += [f"bucket only before: {s}" for s in sorted(old_buckets - new_buckets)]
    differences += [f"bucket only after: {s}" for s in sorted(new_buckets - old_buckets)]
    figures = {
        "tests_before": len(old),
        "tests_after": len(new),
        "tests_compared": len(common),
        "runs_compared": len(runs),
        "with_findings": sum(bool(old[idx][2]) for idx in common),
        "buckets": len(old_buckets | new_buckets),
        "differences": len(differences),
    }
    return figures, differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the campaign directory before the change")
    parser.add_argument("after", type=Path, help="the campaign directory after it")
    args = parser.parse_args(argv)
    for directory in (args.before, args.after):
        if not (directory / "campaign.db").is_file():
            parser.error(f"{directory}: no campaign.db")
    figures, differences = compare(args.before, args.after)
    print(json.dumps(figures))
    for line in differences[:SHOWN]:
        print(line)
    if len(differences) > SHOWN:
        print(f"... and {len(differences) - SHOWN} more")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
