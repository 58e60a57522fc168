"""The interestingness test for a reducer outside shadersmith (C-Vise or creduce on the
GLSL text, driving `shadersmith interesting`; gfauto's `gfauto_interestingness_test`).

Such a reducer edits one file, the test's shader, and asks after each edit whether it is
still interesting. The answer is the reducer's own (interesting.py), so that a reduction
made outside keeps the signature a `shadersmith reduce` would keep:

1. the edited text is read back by the GLSL front-end with the test's inputs, and keeps
   the test's `#version` (else it is not what the job would run);
2. it runs as it is, not reconditioned again: it is the test's reconditioned shader, so
   the sanitizer checks it instead, and an edit that deleted a safety wrapper and left
   undefined behaviour is not interesting (a crash-oracle test's targets only compile:
   nothing is checked there);
3. the finding's targets first (with the interpreter for a wrong result): most edits
   end there; then the other targets the test recorded, no witness started besides,
   judged by the test's oracle; interesting when a finding has the signature.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, TestCase
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.ir.profile import Language
from shadersmith.reduce.interesting import Interestingness, Judgement
from shadersmith.reduce.subject import Subject
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_loaded


class OutsideError(Exception):
    """The command was misused: nothing was judged (exit status 2)."""


@dataclass(frozen=True)
class Answer:
    judgement: Judgement
    why: str  # one line for whoever reads the reducer's log

    @property
    def interesting(self) -> bool:
        return self.judgement is Judgement.INTERESTING


def with_shader(test: TestCase, text: str) -> TestCase:
    """`test` with its shader replaced by `text`. Its unreconditioned text, if it kept
    one, goes: it no longer says where the shader came from."""
    if test.language.family is not Language.GLSL:
        raise OutsideError(
            "--shader needs a GLSL test: a WGSL shader has no reader here, so nothing "
            "could check an edit for undefined behaviour (reduce it with `shadersmith reduce`)"
        )
    shaders = {
        name: source
        for name, source in test.shaders.items()
        if name != UNRECONDITIONED_FILE_BY_STAGE.get(test.stage)
    }
    shaders[test.main_file] = text
    return dataclasses.replace(test, shaders=shaders)


def judge_outside(
    test: TestCase, subject: Subject, targets: Sequence[str], timeout_s: float
) -> Answer:
    """Whether `test` (its shader perhaps edited: `with_shader`) still shows `subject`'s
    signature on `targets`. Raises OutsideError when a target of the finding does not
    start here: every answer would be "no", and a reducer would take that for "smaller"."""
    unreadable = _unreadable(test)
    if unreadable is not None:
        return Answer(Judgement.INVALID, unreadable)
    trial = prepare_loaded(test)
    with TargetSession(list(targets), timeout_s=timeout_s) as session:
        absent = [name for name in subject.finding_targets if name in session.missing]
        if absent:
            reasons = "; ".join(f"{name}: {session.missing[name]}" for name in absent)
            raise OutsideError(f"a target of the finding is missing here ({reasons})")
        interestingness = Interestingness(subject, session)
        prepared = interestingness.prepare_as_is(trial)
        if isinstance(prepared, Judgement):
            return Answer(prepared, _WHY[prepared])
        [judgement] = interestingness.judge([prepared])
    if judgement is Judgement.INTERESTING:
        return Answer(judgement, f"interesting: {subject.signature}")
    return Answer(judgement, f"not interesting: no finding signed {subject.signature}")


_WHY = {
    Judgement.INVALID: "not interesting: the test's inputs do not fit it, or the reference "
    "interpreter cannot run it",
    Judgement.UB: "not interesting: the sanitizer found undefined behaviour (an edit "
    "removed a safety wrapper?)",
    Judgement.UNINTERESTING: "not interesting",
    Judgement.INTERESTING: "interesting",
}


def _unreadable(test: TestCase) -> str | None:
    """Why the front-end does not take the test's shader as the test's; None if it does."""
    if test.language.family is not Language.GLSL:
        return None  # a WGSL test, unedited: its program comes from its provenance
    try:
        parsed = parse_glsl(test.main_shader)
    except FrontEndError as error:
        return f"not interesting: the shader does not parse ({error})"
    if parsed.profile.name != test.profile:
        return f"not interesting: the shader is {parsed.profile.name}, the test {test.profile}"
    return None
