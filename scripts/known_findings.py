"""The catalogue of known findings the campaign marks buckets with, made from findings/.

    .venv/bin/python scripts/known_findings.py [--check]

Writes shadersmith/oracle/known_findings.json: for each directory of findings/ its name,
the signature of its finding and its root cause (oracle/root_cause.py: the blamed
component with the reduced program's shape, or the first bad spirv-opt pass), the same
key a campaign gives a reduced bucket. The campaign reads only that file (a tool
installed elsewhere has no findings/ beside it); `--check` changes nothing and exits 1
when the file is not what findings/ gives (tests/test_known_findings.py runs it).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from shadersmith.case import TestCaseError, load_test
from shadersmith.oracle.known_findings import CATALOGUE
from shadersmith.oracle.root_cause import root_cause
from shadersmith.rebuild.regenerate import program_of

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
# A numbered row of findings/README.md's root-cause table, and the directories it names.
_ROW = re.compile(r"^\| (\d+) \|")
_NAME = re.compile(r"`([a-z0-9][a-z0-9-]*)`")


def bugs_of_rows(readme: Path) -> dict[str, str]:
    """Directory -> "row N" for the directories one numbered row of the README names:
    people grouped them as one bug (e.g. row 1: a wrong value, an LLVM abort and a
    segfault of one Mesa optimisation)."""
    bugs: dict[str, str] = {}
    for line in readme.read_text().splitlines():
        row = _ROW.match(line)
        if row:
            for name in _NAME.findall(line):
                bugs.setdefault(name, f"row {row.group(1)}")
    return bugs


def entries(findings: Path = FINDINGS) -> list[dict[str, str | None]]:
    """One entry per finding directory with a recorded finding, sorted by name."""
    made: list[dict[str, str | None]] = []
    rows = bugs_of_rows(findings / "README.md")
    for directory in sorted(p for p in findings.iterdir() if (p / "test.json").is_file()):
        test = load_test(directory)
        finding = test.results.finding
        if finding is None:
            continue  # a retracted finding keeps its directory, not its verdict
        try:
            program, _, _ = program_of(test, before_reconditioning=True)
        except TestCaseError:
            cause = None  # its program cannot be read back: matched by signature alone
        else:
            # Older findings were recorded without their blame: the signature names it.
            blamed = finding.blamed or finding.signature.split(":")[1]
            cause = root_cause(blamed, program, test.provenance.first_bad_pass)
        made.append(
            {
                "name": directory.name,
                "bug": rows.get(directory.name, directory.name),
                "signature": finding.signature,
                "root_cause": cause,
            }
        )
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    arguments = parser.parse_args()
    text = json.dumps(entries(), indent=1) + "\n"
    if arguments.check:
        if CATALOGUE.read_text() != text:
            print(f"{CATALOGUE} is stale: run scripts/known_findings.py", file=sys.stderr)
            return 1
        return 0
    CATALOGUE.write_text(text)
    print(f"wrote {CATALOGUE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
