"""findings/README.md's tool-made cells, regenerated from each directory's bug report.

    .venv/bin/shadersmith bug-report --all findings --force   # runs every reproducer
    .venv/bin/python scripts/findings_table.py [--check]

`bug-report --all` writes `bug-report.md` and its summary `bug-report.json` beside each
test. This script rewrites, in every table of the README with a "newest" column and a
"reproducer" column, those two cells of each row from the summaries of the directories
the row names (in backticks); the other columns are prose written by people. What we
file is checked by the tool, never written by hand: no value in these cells is typed.
`--check` changes nothing and exits 1 when the README is not what the summaries give.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from shadersmith.files import safe_files

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
README = FINDINGS / "README.md"
SUMMARY = "bug-report.json"
REPORT = "bug-report.md"
_NAME = re.compile(r"`([a-z0-9][a-z0-9-]*)`")


def _cells(line: str) -> list[str]:
    """A table row's cells (a `|` inside backticks is not a separator)."""
    cells, current, quoted, previous = [], "", False, ""
    for char in line.strip()[1:-1]:
        if char == "`":
            quoted = not quoted
        if char == "|" and not quoted and previous != "\\":
            cells.append(current.strip())
            current = ""
        else:
            current += char
        previous = char
    cells.append(current.strip())
    return cells


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _summaries(cell: str) -> list[dict[str, Any]]:
    """The summaries of the directories a cell names, in its order."""
    found = []
    for name in dict.fromkeys(_NAME.findall(cell)):
        path = FINDINGS / name / SUMMARY
        if path.is_file():
            found.append(json.loads(path.read_text()))
    return found


_VERDICT = {True: "reproduces", False: "**does NOT reproduce**", None: "not checked here"}


def newest_cell(summaries: list[dict[str, Any]]) -> str:
    parts = []
    for summary in summaries:
        status, detail = summary["newest"], summary["newest_detail"]
        if status == "still there":
            text = f"**{detail}**"
        elif status == "fixed":
            text = f"fixed: {detail}"
        else:
            text = f"not checked ({detail})"
        parts.append(_named(summary, summaries, text))
    return "<br>".join(parts)


def reproducer_cell(summaries: list[dict[str, Any]]) -> str:
    parts = []
    for summary in summaries:
        name = summary["directory"]
        shown = "; ".join(summary["shown_by"])
        text = (
            f"[{summary['format']}]({name}/{REPORT}), {summary['shader_lines']} lines, "
            f"{_VERDICT[summary['reproduces']]}" + (f" ({shown})" if shown else "") + ": "
            f"{summary['expected_actual']}"
        )
        text += "".join(f"; **warning**: {w}" for w in summary["warnings"])
        parts.append(_named(summary, summaries, text))
    return "<br>".join(part.replace("|", "\\|") for part in parts)


def _named(summary: dict[str, Any], summaries: list[dict[str, Any]], text: str) -> str:
    return f"`{summary['directory']}`: {text}" if len(summaries) > 1 else text


def regenerate(text: str) -> str:
    lines = text.split("\n")
    header: list[str] | None = None
    for index, line in enumerate(lines):
        if not line.startswith("|"):
            header = None
            continue
        cells = _cells(line)
        if header is None:
            header = cells
            continue
        if set(line) <= set("| -"):
            continue
        newest = next((i for i, h in enumerate(header) if h.startswith("newest")), None)
        made = next((i for i, h in enumerate(header) if "reproducer" in h), None)
        names = next((i for i, h in enumerate(header) if h.startswith("director")), None)
        if newest is None or made is None or names is None or len(cells) != len(header):
            continue
        summaries = _summaries(cells[names])
        if not summaries:
            continue
        cells[newest] = newest_cell(summaries)
        cells[made] = reproducer_cell(summaries)
        lines[index] = _row(cells)
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    arguments = parser.parse_args()
    text = README.read_text()
    made = regenerate(text)
    if arguments.check:
        if made != text:
            print(f"{README}: its tool-made cells are stale: run scripts/findings_table.py")
            return 1
        return 0
    if made != text:
        safe_files.write_file(FINDINGS, README.name, made)
        print(f"rewrote {README}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
