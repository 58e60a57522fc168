"""Buckets whose bug we already know: the findings of findings/ and the known bugs.

A campaign's first question for a bucket is "is it new?": a new user's first campaign
opened six buckets, all rows of findings/README.md, and nothing said so. A bucket is
known when
- its signature names a known bug (oracle/known_bugs.py: `...:known:<bug>`);
- its signature is a finding's and says more than the component and a signal: a
  validator's or compiler's message, an assertion, a frame; or it is a crash at an
  offset of a library without symbols a few bytes from a finding's (NEARBY_CRASH_BYTES).
  `wrong:llvmpipe` or `crash:llvmpipe:SIGSEGV` alone name a component, not a bug, and
  four findings share the first;
- once reduced, its root cause (oracle/root_cause.py) is a finding's, where that root
  cause names one bug: a first bad pass, built-in functions or at least two operator
  forms, and every finding with that root cause is one bug (one row of findings/README.md;
  `llvmpipe|ops:call` is two rows' and would call any llvmpipe bug among calls known).
  A bucket blamed on an unknown pair (`wrong:unknown:glslang|nvidia-vk`, no second
  consumer to tell the two apart: oracle/blame.py) has the root cause of either suspect:
  on the GPU machine, without SwiftShader's int64, glslang's `abs` fold of row 24 is such
  a pair, and it is still row 24.
  A false "known" hides a new bug, so the rule errs towards "new".
The findings are read from known_findings.json (scripts/known_findings.py makes it from
findings/ and a test keeps it in step), never from a campaign or a test directory.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

from shadersmith.case.finding import OUR_KINDS, Kind
from shadersmith.oracle.components import UNKNOWN
from shadersmith.oracle.frames import NEARBY_CRASH_BYTES, crash_distance
from shadersmith.oracle.known_bugs import KNOWN_MARKER
from shadersmith.oracle.signature import unknown_pair

CATALOGUE = Path(__file__).with_name("known_findings.json")

# Buckets that are no compiler's bug, so neither known nor new: defects of ours and
# validator verdicts nobody confirmed.
NOT_A_COMPILER_BUG = frozenset(kind.value for kind in (*OUR_KINDS, Kind.UNCONFIRMED))
NEW = "NEW"

# A detail that names no bug by itself: a signal, or nothing at all.
_BARE_DETAIL = re.compile(r"SIG[A-Z]+|no-message|")


@dataclass(frozen=True)
class KnownFinding:
    name: str  # its directory under findings/
    bug: str  # the findings/README.md row that groups it with others, else its name
    signature: str
    root_cause: str | None


@dataclass(frozen=True)
class Match:
    """Which known bug a bucket is, and by what it was recognised."""

    name: str  # a findings/ directory, or a known bug's name
    by: str  # "known bug", "signature" or "root cause"

    def describe(self) -> str:
        where = self.name if self.by == "known bug" else f"findings/{self.name}"
        return f"{where} (by {self.by})"


@functools.cache
def known_findings() -> tuple[KnownFinding, ...]:
    entries = json.loads(CATALOGUE.read_text())
    return tuple(
        KnownFinding(e["name"], e["bug"], e["signature"], e["root_cause"]) for e in entries
    )


def names_a_bug(signature: str) -> bool:
    """Whether a signature says more than its kind, component and a signal."""
    parts = signature.split(":", 2)
    if parts[0] in ("ours", "unconfirmed") or unknown_pair(signature) is not None:
        return False  # an unknown pair names two suspects, not a bug
    return len(parts) == 3 and not _BARE_DETAIL.fullmatch(parts[2])


def known_match(signature: str, root_cause: str | None = None) -> Match | None:
    """The known bug a bucket of `signature` (and, once reduced, `root_cause`) shows."""
    if KNOWN_MARKER in signature:
        return Match(signature.split(KNOWN_MARKER, 1)[1], "known bug")
    findings = known_findings()
    if names_a_bug(signature):
        for finding in findings:
            if finding.signature == signature:
                return Match(finding.name, "signature")
        nearby = _nearby_crash(signature, findings)
        if nearby is not None:
            return Match(nearby.name, "a crash a few bytes away")
    if root_cause and _names_one_bug(root_cause):
        # Of the same kind too: a wrong value that spirv-opt's --ccp folds is no SIGFPE
        # that --ccp dies of, though both name the first bad pass alone (a `wrong:`
        # bucket of issue 37's review was marked known as the crash of row 18).
        kind = signature.split(":", 1)[0]
        for cause in _suspects_causes(signature, root_cause):
            same = [
                finding
                for finding in findings
                if finding.root_cause == cause and finding.signature.split(":", 1)[0] == kind
            ]
            if same and len({finding.bug for finding in same}) == 1:
                return Match(same[0].name, "root cause")
    return None


def _nearby_crash(signature: str, findings: tuple[KnownFinding, ...]) -> KnownFinding | None:
    """The known finding that crashed nearest `signature`'s offset, within
    NEARBY_CRASH_BYTES of it, in the same library of the same component, by the same
    signal (oracle/frames.crash_distance)."""
    best: tuple[int, KnownFinding] | None = None
    for finding in findings:
        distance = crash_distance(signature, finding.signature)
        if distance is None or distance > NEARBY_CRASH_BYTES:
            continue
        if best is None or distance < best[0]:
            best = (distance, finding)
    return best[1] if best is not None else None


def _suspects_causes(signature: str, root_cause: str) -> list[str]:
    """`root_cause`, or where it is an unknown pair's, the same shape blamed on each of
    the pair the signature names (`wrong:unknown:glslang|nvidia-vk`)."""
    component, _, shape = root_cause.partition("|")
    pair = unknown_pair(signature)
    if component != UNKNOWN or pair is None:
        return [root_cause]
    return [f"{suspect}|{shape}" for suspect in pair]


def _names_one_bug(root_cause: str) -> bool:
    shape = root_cause.split("|", 1)[-1]
    if shape.startswith(("first-bad-pass:", "builtins:")):
        return True
    forms = [form for form in shape.removeprefix("ops:").split(",") if form]
    return len(forms) >= 2


def known_label(kind: str, signature: str, root_cause: str | None) -> str | None:
    """What a bucket list says of a bucket: the known bug it matches, NEW, or None for a
    bucket that is no compiler's bug (ours, unconfirmed)."""
    if kind in NOT_A_COMPILER_BUG:
        return None
    match = known_match(signature, root_cause)
    return match.describe() if match else NEW
