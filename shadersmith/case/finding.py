"""A finding: one bug a test shows, from the classification to the bucket.

The oracle classifies a test's results into findings (kind, the targets involved, the
targets that passed, the component failures name); signing and blame then add the
signature and the blamed components, and a campaign marks a finding flaky (a crash that
did not reproduce) or ignored (a known signature). One class carries all of it, so what
a campaign stores, what a test directory records and what a reducer keeps agree.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.Enum):
    """Finding kinds, most severe first (findings are listed in this order)."""

    OURS_UB = "ours_ub"  # the interpreter met undefined behaviour: reconditioning failed
    ALL_FAILED = "all_failed"  # every compiler failed: most likely a defect of ours
    CRASH = "crash"  # crash or out of memory
    TIMEOUT = "timeout"
    COMPILE_FAILURE = "compile_failure"  # valid code rejected
    ODD_ONE_OUT = "odd_one_out"  # one target alone against a larger group
    DISAGREE = "disagree"  # outputs split otherwise
    # Not a finding: a validator's rejection that the newest spirv-val did not confirm
    # (it was not installed). Kept and counted as such, never reduced nor filed.
    UNCONFIRMED = "unconfirmed"
    AGREE = "agree"


OUR_KINDS = frozenset({Kind.OURS_UB, Kind.ALL_FAILED})


@dataclass(frozen=True)
class Finding:
    kind: Kind
    targets: tuple[str, ...]  # the targets that failed or gave the wrong output
    # A wrong output: the targets with the right (reference's or majority's) output. A
    # failure: the targets that ran (their own findings say if their output was wrong).
    passing: tuple[str, ...] = ()
    component: str | None = None  # failures split by component: the one they name
    # Set once judged (trial.judge): the bug's name and the components blame points at.
    signature: str = ""
    blamed: str = ""  # comma-separated, most specific first
    flaky: bool = False  # a crash or timeout that did not reproduce on re-runs
    ignored: bool = False  # its signature is on the ignore list

    @property
    def ours(self) -> bool:
        return self.kind in OUR_KINDS


# Signature prefixes (oracle/signature.py) -> kind: for findings recorded without their
# kind (schema 1's reduced tests). A wrong result is odd_one_out or disagree depending on
# the other targets, not on the bug; without them it reads as disagree.
_KIND_OF_PREFIX = {
    "ours:ub": Kind.OURS_UB,
    "ours:all-failed": Kind.ALL_FAILED,
    "crash": Kind.CRASH,
    "oom": Kind.CRASH,
    "timeout": Kind.TIMEOUT,
    "compile": Kind.COMPILE_FAILURE,
    "link": Kind.COMPILE_FAILURE,
    "invalid": Kind.COMPILE_FAILURE,
    "wrong": Kind.DISAGREE,
    "unconfirmed": Kind.UNCONFIRMED,
    "agree": Kind.AGREE,
}


def kind_of_signature(signature: str) -> Kind | None:
    for prefix, kind in _KIND_OF_PREFIX.items():
        if signature == prefix or signature.startswith(prefix + ":"):
            return kind
    return None
