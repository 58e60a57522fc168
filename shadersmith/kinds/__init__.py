"""Each kind of test and what it does, with the same verbs for every kind (gfauto's
per-kind modules): the record says which kind a test is (case/oracle.py, its `oracle`
field); this package says what that kind does.

    kind = kind_of(test)
    kind.replay(...)     # a saved test run again: does its finding reproduce?
    kind.reduce(...)     # a saved test that shows a finding, shrunk while it does

- program.py: differential and crash tests, one program run on several targets;
- metamorphic.py: a reference and its variant on each target (GraphicsFuzz);
- spirv.py: a reference module and its SPIR-V variant on each target (spirv-fuzz);
- fusion.py: a fused program against its parts' images (FShader).

A new kind of test is a record type in case/oracle.py, a module here with these verbs, a
row in KINDS, and its campaign (campaign/<kind>.py, the loop's verbs). The commands that
work on a saved test (`replay`, `reduce`) ask `kind_of`, never the record's type.

Above the report and below the command line: each verb calls into the layers that do the
work (the trial and the oracle to judge, targets to run, reduce/ and campaign/ to shrink).
Each kind's judge stays with its oracle (trial.judge_by, oracle/metamorphic.py,
campaign/fusion.py's judge over oracle/fusion.py), which the campaign loop calls.
"""

from __future__ import annotations

from shadersmith.case import TestCase
from shadersmith.kinds.fusion import FUSION
from shadersmith.kinds.metamorphic import METAMORPHIC
from shadersmith.kinds.program import CRASH, DIFFERENTIAL
from shadersmith.kinds.spirv import SPIRV
from shadersmith.kinds.verbs import KindError, Reduced, ReduceRequest, ReplayRequest, TestKind

KINDS: tuple[TestKind, ...] = (DIFFERENTIAL, CRASH, METAMORPHIC, SPIRV, FUSION)
_BY_NAME = {kind.name: kind for kind in KINDS}


def kind_of(test: TestCase) -> TestKind:
    """The verbs of `test`'s kind (its record's `oracle`)."""
    return _BY_NAME[test.oracle.kind]


__all__ = [
    "KINDS",
    "KindError",
    "ReduceRequest",
    "Reduced",
    "ReplayRequest",
    "TestKind",
    "kind_of",
]
