"""The off-the-shelf text reducers (creduce, picire) end to end on real drivers, through
a planted-bug target: llvmpipe whose input has ` - ` rewritten to ` + `, so a program
that subtracts gives a wrong result there while `interp` and plain llvmpipe agree."""

from __future__ import annotations

import shutil
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.ir.profile import GLSL450
from shadersmith.recondition import ReconditionOptions
from shadersmith.reduce import ReductionError, Subject, reduce_subject
from shadersmith.reduce.creduce import CReduceReducer
from shadersmith.reduce.interesting import INTERP_STEP_BUDGET, Candidate, Interestingness, Prepared
from shadersmith.reduce.internal import ReductionProgress
from shadersmith.reduce.picire_reducer import token_units
from shadersmith.reduce.text_judge import BatchingJudge, TextJudge
from shadersmith.targets.session import TargetSession

PLANTED = "planted-sub-to-add-gl-llvmpipe"
TARGETS = (PLANTED, "gl-llvmpipe", "interp")
SIGNATURE = "wrong:planted-sub-to-add"
# A small program (40 lines) with a subtraction whose result reaches the output.
SEED = 3
OPTIONS = SmithOptions(max_statements_main=12, max_functions=1, max_statements_function=6)

needs_creduce = pytest.mark.skipif(
    shutil.which("creduce") is None, reason="creduce is not installed (Debian package creduce)"
)


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession(list(TARGETS), 2) as started:
        missing = [name for name in TARGETS if name not in started.present]
        assert not missing, started.missing
        yield started


@pytest.fixture(scope="module")
def subject() -> Subject:
    generated = generate(SEED, OPTIONS, GLSL450)
    return Subject(
        program=generated.program,
        buffer_values=generated.buffer_values,
        profile=GLSL450,
        recondition_options=ReconditionOptions(),
        spirv_passes=None,
        signature=SIGNATURE,
        finding_targets=(PLANTED,),
        targets=TARGETS,
    )


def _start(subject: Subject, session: TargetSession) -> tuple[Interestingness, Prepared]:
    interestingness = Interestingness(subject, session)
    start = interestingness.prepare(Candidate(subject.program, subject.buffer_values))
    assert isinstance(start, Prepared)
    return interestingness, start


def test_the_subject_shows_the_planted_signature(subject: Subject, session: TargetSession) -> None:
    interestingness, start = _start(subject, session)
    kept, results = interestingness.verify(start)
    assert kept, interestingness.signatures(results)


@pytest.mark.parametrize(
    ("reducer", "budget_s"),
    # creduce runs to its budget: 10 s is enough for its first passes to shrink the
    # program (the property) and for the budget to be seen stopping it.
    [pytest.param("creduce", 10.0, marks=needs_creduce), ("picire", 40.0)],
)
def test_text_reducer_shrinks_the_planted_bug_and_keeps_it(
    reducer: str, budget_s: float, subject: Subject, session: TargetSession
) -> None:
    progress: list[ReductionProgress] = []
    result = reduce_subject(
        subject, session, reducer=reducer, time_budget_s=budget_s, on_progress=progress.append
    )
    print(
        f"{reducer}: {result.original_lines} -> {result.reduced_lines} lines in "
        f"{result.seconds:.1f} s, {result.counters.calls} calls"
    )
    assert result.signature_kept, result.final_signatures
    assert result.reduced_lines < result.original_lines
    assert not result.ub_in_reduced
    assert result.seconds < budget_s + 15, "the budget stops the reducer"
    # Re-verified here on every target, and free of undefined behaviour (raises if not).
    interestingness = Interestingness(subject, session)
    kept, results = interestingness.verify(result.reduced)
    assert kept, interestingness.signatures(results)
    reconditioned = result.reduced.trial
    assert reconditioned.program is not None and reconditioned.values is not None
    run_compute(reconditioned.program, reconditioned.values, step_budget=INTERP_STEP_BUDGET)
    assert progress and {p.reducer for p in progress} == {reducer}
    assert progress[-1].lines == result.reduced_lines
    assert progress[-1].original_lines == result.original_lines


@needs_creduce
def test_creduce_failure_reports_its_last_lines(
    subject: Subject, session: TargetSession, tmp_path: Path
) -> None:
    fake = tmp_path / "creduce"
    fake.write_text("#!/bin/sh\necho 'first line'\necho 'the real reason' >&2\nexit 3\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    interestingness, start = _start(subject, session)
    reducer = CReduceReducer(interestingness, 2, 30.0, executable=str(fake))
    with pytest.raises(ReductionError, match=r"exit status 3(.|\n)*the real reason"):
        reducer.reduce(start)


def test_concurrent_callers_get_the_answers_of_one_caller(
    subject: Subject, session: TargetSession
) -> None:
    interestingness, start = _start(subject, session)
    judge = TextJudge("test", interestingness, start, time_budget_s=60.0)
    interesting = judge.start_text
    # Still GLSL, but main does nothing: every target leaves the buffers as they were.
    harmless = interesting[: interesting.index("void main() {")] + "void main() {\n}\n"
    texts = [interesting, "not GLSL", harmless, interesting, harmless, "void main() {"]
    batching = BatchingJudge(judge, batch_size=2)
    answers: dict[int, bool] = {}

    def ask(index: int) -> None:
        answers[index] = batching.ask(texts[index])

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(texts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    batching.close()
    assert batching.error is None
    assert [answers[i] for i in range(len(texts))] == [True, False, False, True, False, False]
    assert judge.interesting_prepared(interesting) is not None


@pytest.mark.parametrize(
    "text",
    ["", "  a", "x <<= 1u; y-- >= -2.5e-3f", "void main() {\n  v.x -= 0x1Fu;\n}\n"],
)
def test_token_units_cover_the_text(text: str) -> None:
    units = token_units(text)
    assert "".join(units) == text
    assert all(unit.strip() for unit in units)
