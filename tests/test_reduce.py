"""Reduction: the IR passes on their own, then the internal reducer end to end on real
drivers wrapped as planted-bug targets (named `planted-...`: a real llvmpipe whose input
is rewritten, or that crashes or rejects on a trigger), so the bug is known exactly."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case import load_test, write_test
from shadersmith.cli import main
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.ir.profile import GLSL450
from shadersmith.reduce import (
    ReductionError,
    reduce_subject,
    reduced_directory,
    subject_from_test,
    write_reduced,
)
from shadersmith.reduce.interesting import Candidate
from shadersmith.reduce.passes import (
    PASSES,
    MergeDeclarations,
    ReductionPass,
    RemoveStatements,
    ShrinkBuffers,
    UnwrapControl,
    count,
    weighted_size,
)
from shadersmith.targets.lifetime import descendants
from shadersmith.targets.session import TargetSession
from shadersmith.trial import judge

# ------------------------------------------------------------------ passes, no targets


def _candidate(seed: int) -> Candidate:
    generated = generate(seed, SmithOptions(), GLSL450)
    return Candidate(generated.program, generated.buffer_values)


@pytest.mark.parametrize("reduction_pass", PASSES, ids=lambda p: p.name)
def test_each_opportunity_gives_a_smaller_program_or_a_clean_rejection(
    reduction_pass: ReductionPass,
) -> None:
    for seed in range(3):
        candidate = _candidate(seed)
        total = count(reduction_pass, candidate)
        assert total > 0 or reduction_pass.name in (
            "remove functions",
            "remove parameters",
            "merge declarations",
        )
        valid = 0
        for number in range(0, total, max(1, total // 25)):
            reduced, again = reduction_pass.apply(candidate, {number}.__contains__)
            assert again == total, "numbering must not depend on what is chosen"
            try:
                parse_glsl(emit_glsl(reduced.program, GLSL450))
            except FrontEndError:
                continue
            valid += 1
            assert weighted_size(reduced.program) <= weighted_size(candidate.program)
        # Generated programs use every buffer field: only an emptied program frees one.
        assert total == 0 or valid > 0 or reduction_pass.name == "shrink buffers"


def test_removing_every_statement_leaves_an_empty_main_and_frees_every_buffer() -> None:
    candidate = _candidate(4)
    reduced, _ = RemoveStatements().apply(candidate, lambda _: True)
    assert reduced.program.entry_point.body.body == ()
    assert reduced.program.globals == ()
    parse_glsl(emit_glsl(reduced.program, GLSL450))
    emptied, _ = ShrinkBuffers().apply(reduced, lambda _: True)
    assert emptied.program.buffers == ()
    assert emptied.buffer_values == {}
    parse_glsl(emit_glsl(emptied.program, GLSL450))


def test_passes_are_deterministic() -> None:
    candidate = _candidate(7)
    for reduction_pass in PASSES:
        first, _ = reduction_pass.apply(candidate, lambda n: n % 3 == 0)
        second, _ = reduction_pass.apply(candidate, lambda n: n % 3 == 0)
        assert emit_glsl(first.program, GLSL450) == emit_glsl(second.program, GLSL450)


# ------------------------------------------------------------------ end to end


def _record(seeds: range, targets: list[str], wanted: str, out: Path) -> Path:
    """The first seed whose reconditioned test shows `wanted` (a signature prefix),
    written as a campaign writes its tests."""
    from shadersmith.campaign.fuzz import CampaignOptions, prepare_test

    # Single-invocation programs: the seeds below were chosen for them.
    options = CampaignOptions(
        targets=targets, profile=GLSL450, generator=SmithOptions(multi_invocation_probability=0.0)
    )
    with TargetSession(targets) as session:
        components = session.components()
        for seed in seeds:
            item = prepare_test(seed, options)
            results = session.run(item.job)
            judged = judge(results, components)
            for finding in judged.findings:
                if finding.signature.startswith(wanted):
                    recorded = judged.recorded_in(item.test, finding, session.versions())
                    return write_test(recorded, out / str(seed))
    raise AssertionError(f"no seed in {seeds} shows {wanted}")


PLANTED_WRONG = ["planted-sub-to-add-gl-llvmpipe", "gl-llvmpipe", "interp"]
PLANTED_REJECTION = ["planted-reject-switch-gl-llvmpipe", "gl-llvmpipe", "interp"]
# A recorded test, copied into a test's own directory: (targets, wanted) -> its directory.
Recorded = Callable[[list[str], str, Path], Path]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Recorded:
    """_record over seeds 5000-5059, searched once per targets and signature for the
    module (each search starts its own targets' workers and runs seeds until one shows
    the bug: four tests record the same planted wrong result, two the same rejection),
    each test given its own copy to reduce and write beside."""
    made: dict[tuple[tuple[str, ...], str], Path] = {}
    kept = tmp_path_factory.mktemp("recorded")

    def copy(targets: list[str], wanted: str, out: Path) -> Path:
        key = (tuple(targets), wanted)
        if key not in made:
            made[key] = _record(range(5000, 5060), targets, wanted, kept / str(len(made)))
        return Path(shutil.copytree(made[key], out / made[key].name))

    return copy


@pytest.mark.parametrize(
    ("targets", "wanted", "trigger"),
    [
        (PLANTED_WRONG, "wrong:planted-sub-to-add", " - "),
        (
            ["planted-crash-on-bitfield-reverse-gl-llvmpipe", "gl-llvmpipe", "interp"],
            "crash:",
            "bitfieldReverse(",
        ),
        (PLANTED_REJECTION, "compile:planted-reject-switch:", "switch ("),
    ],
    ids=["planted-wrong-result", "planted-crash", "planted-rejection"],
)
def test_internal_reducer_shrinks_a_planted_bug_and_keeps_its_signature(
    tmp_path: Path, recorded: Recorded, targets: list[str], wanted: str, trigger: str
) -> None:
    directory = recorded(targets, wanted, tmp_path)
    subject = subject_from_test(load_test(directory))
    with TargetSession(targets, 2) as session:
        result = reduce_subject(subject, session, "internal", time_budget_s=120)
    assert result.signature_kept
    assert not result.ub_in_reduced
    assert result.reduced_lines <= 25 < result.original_lines
    # The bug's trigger survives; almost everything else is gone.
    assert trigger in result.reduced.job.source
    reconditioned = result.reduced.trial
    assert reconditioned.program is not None and reconditioned.values is not None
    run_compute(reconditioned.program, reconditioned.values)  # no UB: no raise

    written = write_reduced(result, reduced_directory(directory))
    reduced = load_test(written)
    assert reduced.main_shader == result.reduced.job.source
    assert parse_glsl(reduced.shaders["unreconditioned.comp"]).program == (
        result.reduced.candidate.program
    )
    assert (reduced.provenance.reduction or {})["signature_kept"] is True
    # The reduced test is a test like any other: it reduces again, from its own text.
    again = subject_from_test(reduced)
    assert again.program == result.reduced.candidate.program
    assert again.signature == subject.signature


def test_reduce_command_writes_the_reduced_test_and_replay_shows_the_finding(
    tmp_path: Path, recorded: Recorded
) -> None:
    directory = recorded(PLANTED_WRONG, "wrong:planted-sub-to-add", tmp_path)
    runner = CliRunner()
    # The command's plumbing, not how far it reduces (the test above reduces this subject
    # to its trigger): a short budget ends with the smallest test so far, written.
    reduced = runner.invoke(main, ["reduce", str(directory), "--time", "4s"])
    assert reduced.exit_code == 0, reduced.output
    assert "signature wrong:planted-sub-to-add: kept" in reduced.output
    written = reduced_directory(directory)
    assert (written / "unreconditioned.comp").is_file()
    replayed = runner.invoke(main, ["replay", str(written)])
    assert replayed.exit_code == 0, replayed.output
    assert "REPRODUCES: wrong:planted-sub-to-add" in replayed.output
    # The reduced test records its chains' versions as the example does (a bug report
    # quotes them).
    example, shrunk = load_test(directory).results.runs, load_test(written).results.runs
    assert example["gl-llvmpipe"].versions and "llvmpipe" in example["gl-llvmpipe"].versions
    for name, run in shrunk.items():
        assert run.versions == example[name].versions, name


def test_a_test_that_no_longer_shows_its_signature_is_refused(
    tmp_path: Path, recorded: Recorded
) -> None:
    directory = recorded(PLANTED_WRONG, "wrong:planted-sub-to-add", tmp_path)
    subject = subject_from_test(load_test(directory), targets=("gl-llvmpipe", "interp"))
    with (
        TargetSession(["gl-llvmpipe", "interp"]) as session,
        pytest.raises(ReductionError, match="does not show"),
    ):
        reduce_subject(subject, session)


def test_reduce_command_errors_are_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["reduce", str(tmp_path / "nothing")])
    assert missing.exit_code != 0
    assert "not a test directory" in missing.output
    generated = runner.invoke(main, ["generate", "--seed", "3", "--out", str(tmp_path / "t")])
    assert generated.exit_code == 0
    no_finding = runner.invoke(main, ["reduce", str(tmp_path / "t")])
    assert no_finding.exit_code != 0
    assert "records no finding" in no_finding.output
    assert len(no_finding.output.strip().splitlines()) == 1
    bad = runner.invoke(main, ["reduce", str(tmp_path / "t"), "--reducer", "delta"])
    assert bad.exit_code == 2


def test_ctrl_c_ends_a_reduction_with_the_smallest_test_so_far_written_and_verified(
    tmp_path: Path, recorded: Recorded
) -> None:
    import signal
    import subprocess
    import sys
    import time

    directory = recorded(PLANTED_WRONG, "wrong:planted-sub-to-add", tmp_path)
    # The planted targets live with the tests: the child registers them, then runs the CLI.
    cli = (
        "from tests import planted_bugs; planted_bugs.register()\n"
        "from shadersmith.cli import main; main()"
    )
    command = [sys.executable, "-c", cli, "reduce", str(directory), "--jobs", "1"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Ctrl-C once the reduction runs: its targets' workers have started (a fixed 3 s
    # sleep sent it while a loaded CI machine still imported the library: exit 130).
    deadline = time.monotonic() + 120
    while not descendants(process.pid) and process.poll() is None:
        assert time.monotonic() < deadline, "the reduction's workers never started"
        time.sleep(0.05)
    time.sleep(1.0)  # a candidate or two under way
    running = process.poll() is None
    if running:
        process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "signature wrong:planted-sub-to-add: kept" in out
    if running:
        assert "stopping: keeping the smallest test so far" in err
    reduced = load_test(reduced_directory(directory))
    assert (reduced.provenance.reduction or {})["signature_kept"] is True


def test_reduction_is_deterministic(tmp_path: Path, recorded: Recorded) -> None:
    directory = recorded(PLANTED_REJECTION, "compile:planted-reject-switch:", tmp_path)
    subject = subject_from_test(load_test(directory))
    texts = []
    with TargetSession(PLANTED_REJECTION, 2) as session:
        for _ in range(2):
            result = reduce_subject(subject, session, "internal", time_budget_s=120)
            texts.append(result.reduced.job.source)
    assert texts[0] == texts[1]


def _parsed(body: str) -> Candidate:
    source = (
        "#version 450\nlayout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;\n"
        "layout(std430, binding = 0) buffer B {\n    int r;\n};\n\n"
        f"void main() {{\n{body}\n}}\n"
    )
    return Candidate(parse_glsl(source).program, {"B": {"r": 0}})


def test_merge_declarations_and_drop_empty_else() -> None:
    merged, total = MergeDeclarations().apply(_parsed("int x; x = r + 1; r = x;"), {0}.__contains__)
    assert total == 1
    assert "int x = r + 1;" in emit_glsl(merged.program, GLSL450)
    candidate = _parsed("if (r > 0) { r = 2; } else { }")
    unwrap = UnwrapControl()
    # Opportunities: keep `then`, keep `else`, drop the empty `else`.
    assert count(unwrap, candidate) == 3
    dropped, _ = unwrap.apply(candidate, {2}.__contains__)
    text = emit_glsl(dropped.program, GLSL450)
    assert "if (r > 0) {" in text and "else" not in text


def test_the_command_offers_every_reducer() -> None:
    import click

    from shadersmith.reduce import REDUCERS

    command = main.commands["reduce"]
    (option,) = [p for p in command.params if p.name == "reducer"]
    assert isinstance(option.type, click.Choice)
    assert tuple(option.type.choices) == REDUCERS
