"""Campaigns end to end on the real drivers: a planted bug is found, bucketed and blamed;
a campaign killed with SIGKILL resumes without losing or repeating work; bad input."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import types
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.campaign import loop as campaign_loop
from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
from shadersmith.campaign.loop import Progress
from shadersmith.campaign.store import CHANGES, CampaignStore, saved_settings
from shadersmith.case import load_test
from shadersmith.cli import main
from shadersmith.cli.campaign_tables import print_reduced_programs
from shadersmith.ir.profile import GLSL450
from shadersmith.targets.lifetime import descendants

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
PLANTED = "planted-sub-to-add-vk-lavapipe"


def test_planted_bug_is_found_bucketed_once_and_blamed_on_the_planted_component(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = CampaignOptions(
        targets=["vk-lavapipe", PLANTED, "interp"], profile=GLSL450, count=8, timeout_s=60
    )
    progress = run_campaign(tmp_path / "c", options)
    assert progress.tests == 8
    store = CampaignStore(tmp_path / "c")
    buckets = store.buckets()
    store.close()
    planted = [b for b in buckets if PLANTED in b.targets.split(",")]
    assert len(planted) == 1, [b.signature for b in buckets]
    bucket = planted[0]
    assert bucket.kind == "odd_one_out"
    assert bucket.blamed.split(",")[0] == "planted-sub-to-add"
    assert bucket.signature == "wrong:planted-sub-to-add"
    assert bucket.count >= 3, "subtraction is in most generated programs"
    # The kept example replays: it is a self-contained test directory.
    assert bucket.example is not None
    example = load_test(tmp_path / "c" / bucket.example)
    assert example.results.finding is not None
    assert example.results.finding.signature == bucket.signature
    assert " - " in example.main_shader
    # The new bucket's first test was reduced, and the reduced test keeps the bug.
    assert bucket.reduced is not None and not bucket.reduced.startswith("failed"), bucket.reduced
    reduced = load_test(tmp_path / "c" / bucket.reduced)
    assert (reduced.provenance.reduction or {})["signature_kept"] is True
    assert (reduced.provenance.reduction or {})["reduced_lines"] <= 25
    assert " - " in reduced.main_shader
    # campaign.log says what happened when: the run, the bucket's birth, its reduction.
    log = (tmp_path / "c" / "campaign.log").read_text()
    assert "run starts: DifferentialKind, 0 tests recorded before" in log
    assert "new bucket wrong:planted-sub-to-add (test " in log
    assert f"reduced wrong:planted-sub-to-add: {bucket.reduced}" in log
    assert "run ends, done: 8 tests recorded in this run" in log

    # What `fuzz` prints is the program as filed (issue 30 item 8): the reconditioned
    # shader, which the core before reconditioning is not (it may index out of bounds).
    core = reduced.shaders["unreconditioned.comp"]
    assert core.strip() != reduced.main_shader.strip()
    print_reduced_programs(tmp_path / "c")
    printed = capsys.readouterr().out
    assert "reconditioned: free of undefined behaviour" in printed
    shown = [line.strip() for line in reduced.main_shader.splitlines() if len(line) < 100]
    assert all(line in printed for line in shown)
    assert any(line.strip() not in printed for line in core.splitlines() if line.strip())


def test_a_reduction_interrupted_by_ctrl_c_is_redone_when_the_campaign_resumes(
    tmp_path: Path,
) -> None:
    targets = ["planted-sub-to-add-gl-llvmpipe", "gl-llvmpipe", "interp"]
    options = CampaignOptions(targets=targets, profile=GLSL450, count=2, seed_base=5000)
    stop = threading.Event()

    def on_progress(progress: Progress) -> None:
        if progress.reducing is not None:
            stop.set()  # what Ctrl-C does, while the first reduction runs

    run_campaign(tmp_path / "c", options, stop, on_progress)
    store = CampaignStore(tmp_path / "c")
    assert [b.reduced for b in store.buckets()] == [None], "nothing half-done is recorded"
    store.close()
    progress = run_campaign(tmp_path / "c", options)
    assert progress.tests == 0 and progress.reduced == 1
    store = CampaignStore(tmp_path / "c")
    (bucket,) = store.buckets()
    store.close()
    assert bucket.reduced is not None
    reduced = load_test(tmp_path / "c" / bucket.reduced)
    assert (reduced.provenance.reduction or {})["signature_kept"]


def _count_tests(database: Path) -> int:
    try:
        with sqlite3.connect(database) as db:
            return int(db.execute("SELECT COUNT(*) FROM tests").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_sigkill_mid_campaign_then_resume_loses_and_repeats_nothing(tmp_path: Path) -> None:
    # Enough tests that the kill (once 4 are committed: commits come a second apart)
    # lands before the last.
    count = 48
    campaign = tmp_path / "c"
    command = [
        sys.executable, "-m", "shadersmith.cli", "fuzz", "--count", str(count),
        "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--out", str(campaign), "--no-reduce",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.time() + 120
    while _count_tests(campaign / "campaign.db") < 4 and time.time() < deadline:
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    before = CampaignStore(campaign)
    recorded = {idx: (seed, verdict) for idx, seed, verdict in before.iter_tests()}
    kept = {b.signature: b.example for b in before.buckets()}
    before.close()
    assert 4 <= len(recorded) < count, "killed mid-run"

    result = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    after = CampaignStore(campaign)
    tests = {idx: (seed, verdict) for idx, seed, verdict in after.iter_tests()}
    buckets = {b.signature: b for b in after.buckets()}
    after.close()
    assert sorted(tests) == list(range(count)), "every index once, none twice"
    assert all(tests[idx] == recorded[idx] for idx in recorded), "nothing recorded was lost"
    for signature, example in kept.items():
        assert signature in buckets
        if example:
            assert (campaign / example / "test.json").is_file()


def _spawned_workers(pid: int) -> list[int]:
    workers = []
    for child in descendants(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:  # gone meanwhile
            continue
        if b"spawn_main" in command:
            workers.append(child)
    return workers


def test_ctrl_c_while_the_workers_start_stops_the_campaign_without_their_tracebacks(
    tmp_path: Path,
) -> None:
    """Ctrl-C from a terminal reaches the whole process group. Sent while the workers were
    still importing, it printed a dozen KeyboardInterrupt tracebacks (one per worker) and
    then "fewer than 2 real targets" (issue 34); now the workers are born with SIGINT
    blocked and discard it, and the campaign stops as asked."""
    command = [
        sys.executable, "-m", "shadersmith.cli", "fuzz", "--count", "50",
        "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--out", str(tmp_path / "c"),
    ]  # fmt: skip
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.time() + 60
    # Worker processes just spawned: still importing the library (~1 s) when signalled.
    while len(_spawned_workers(process.pid)) < 3 and time.time() < deadline:
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, err[-2000:]
    assert "Traceback" not in err + out, err[-3000:]
    assert "fewer than 2 real targets" not in err, err[-2000:]


@pytest.mark.parametrize(
    ("signal_number", "exit_status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_stops_a_campaign_at_once_prints_its_buckets_and_a_resume_finishes_it(
    tmp_path: Path, signal_number: int, exit_status: int
) -> None:
    # Ctrl-C used to wait for every test in flight (49-79 more tests, 34-70 s) and exit 0;
    # a SIGTERM printed "Exception ignored in: <module 'threading'>". Now the tests in
    # flight are dropped (their workers killed) and run again by the resume.
    campaign = tmp_path / "c"
    count = 400
    command = [
        sys.executable, "-m", "shadersmith.cli", "fuzz", "--count", str(count),
        "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--out", str(campaign), "--no-reduce",
    ]  # fmt: skip
    # The campaign starts with Ctrl-C's default action, as from a terminal: a process that
    # inherits an ignored SIGINT gets no KeyboardInterrupt from Python, and the pytest
    # worker running this test may have had SIGINT ignored by an earlier test (the whole
    # suite under xdist: the campaign ran to its end and this test failed).
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.time() + 120
    while _count_tests(campaign / "campaign.db") < 3 and time.time() < deadline:
        time.sleep(0.2)
    process.send_signal(signal_number)
    out, err = process.communicate(timeout=300)
    assert process.returncode == exit_status, err[-2000:]
    assert "stopping now" in err
    # Without a terminal, plain progress lines instead of a live table (the last at the end).
    assert re.search(r"^\[\d+:\d\d\] \d+ tests \(", err, re.MULTILINE), err[-2000:]
    assert "Traceback" not in err and "Exception ignored" not in err, err[-2000:]
    recorded = _count_tests(campaign / "campaign.db")
    assert 3 <= recorded < count
    assert f"{recorded} tests" in out  # the bucket table of what was recorded
    # The resume runs what was dropped, then on: every index once.
    resumed = subprocess.run(
        [*command[:5], str(recorded + 2), *command[6:]],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    with sqlite3.connect(campaign / "campaign.db") as db:
        indices = [idx for (idx,) in db.execute("SELECT idx FROM tests ORDER BY idx")]
    assert indices == list(range(recorded + 2))


def test_campaign_settings_cannot_change_on_resume(tmp_path: Path) -> None:
    runner = CliRunner()
    # Two real targets: a campaign refuses to run on fewer (test_replay.py).
    first = runner.invoke(
        main,
        ["fuzz", "--count", "1", "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--no-reduce",
         "--out", str(tmp_path / "c")],
    )  # fmt: skip
    assert first.exit_code == 0, first.output
    second = runner.invoke(
        main,
        ["fuzz", "--count", "2", "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--seed-base",
         "9", "--out", str(tmp_path / "c")],
    )  # fmt: skip
    assert second.exit_code == 2
    assert "started with other settings (seed_base)" in second.output


def _targets_of_test(campaign: Path, index: int) -> list[str]:
    with sqlite3.connect(campaign / "campaign.db") as db:
        rows = db.execute("SELECT target FROM results WHERE idx = ?", (index,)).fetchall()
    return sorted(target for (target,) in rows)


def test_a_resumed_campaign_keeps_its_targets_and_refuses_others_unless_allowed(
    tmp_path: Path,
) -> None:
    """Issue 30 item 7: a resume that names no targets ran Debian's defaults, and one that
    named others ran its next tests on them, both with exit 0."""
    runner, campaign = CliRunner(), tmp_path / "c"
    started = "gl-llvmpipe,vk-lavapipe,interp"
    common = ["--no-reduce", "--out", str(campaign)]
    first = runner.invoke(main, ["fuzz", "--count", "1", "--targets", started, *common])
    assert first.exit_code == 0, first.output

    unnamed = runner.invoke(main, ["fuzz", "--count", "2", *common])
    assert unnamed.exit_code == 0, unnamed.output
    assert _targets_of_test(campaign, 1) == sorted(started.split(","))

    others = "gl-llvmpipe,vk-lavapipe-opt,interp"
    refused = runner.invoke(main, ["fuzz", "--count", "3", "--targets", others, *common])
    assert refused.exit_code == 2
    assert len(refused.output.strip().splitlines()) == 1
    assert f"was started on the targets {started}, not {others}" in refused.output
    assert "--allow-new-targets" in refused.output
    assert not _targets_of_test(campaign, 2)  # nothing ran

    allowed = runner.invoke(
        main, ["fuzz", "--count", "3", "--targets", others, "--allow-new-targets", *common]
    )
    assert allowed.exit_code == 0, allowed.output
    assert _targets_of_test(campaign, 2) == sorted(others.split(","))
    settings = saved_settings(campaign)
    assert settings["targets"] == others.split(",")
    assert settings[CHANGES] == [
        {"setting": "targets", "from": started.split(","), "to": others.split(","), "from_test": 2}
    ]


def test_unknown_target_is_a_one_line_error() -> None:
    result = CliRunner().invoke(main, ["fuzz", "--targets", "gl-radeon", "--count", "1"])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0
    assert "unknown target 'gl-radeon'" in result.output


def test_replay_of_bad_test_directories_is_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    (tmp_path / "corrupt").mkdir()
    (tmp_path / "corrupt" / "test.json").write_text("{oops")
    result = runner.invoke(main, ["replay", str(tmp_path / "corrupt")])
    assert result.exit_code == 2
    assert "corrupt JSON" in result.output
    assert result.output.strip().count("\n") == 0

    runner.invoke(main, ["generate", "--seed", "1", "--out", str(tmp_path / "t")])
    (tmp_path / "t" / "shader.comp").unlink()
    result = runner.invoke(main, ["replay", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert "shader file shader.comp is missing" in result.output

    result = runner.invoke(main, ["buckets", str(tmp_path)])
    assert result.exit_code == 2
    assert "not a campaign directory" in result.output


def test_rejection_of_spirv_cross_output_blames_spirv_cross() -> None:
    """Mesa rejects what spirv-cross wrote but compiles the original GLSL: the input
    differed, so the tool that produced it is blamed first (a real log from seed 34)."""
    from shadersmith.ir.values import Value
    from shadersmith.targets.results import RunResult, RunStatus
    from shadersmith.trial import judge

    log = (
        "GLSL Compiler failed\n\ncompute_shader\n==============\n"
        "0:409(11): error: syntax error, unexpected NEW_IDENTIFIER, expecting ',' or ';'\n"
    )
    same: dict[int, dict[str, Value]] = {0: {"x": 1}}
    results = {
        "gl-llvmpipe": RunResult(RunStatus.OK, buffers=same),
        "vk-lavapipe": RunResult(RunStatus.OK, buffers=same),
        "vk-lavapipe-cross": RunResult(
            RunStatus.COMPILE_ERROR, log=log, failed_component="llvmpipe-gl"
        ),
        "interp": RunResult(RunStatus.OK, buffers=same),
    }
    components = {
        "gl-llvmpipe": ["llvm", "llvmpipe-gl"],
        "vk-lavapipe": ["llvm", "glslang", "lavapipe"],
        "vk-lavapipe-cross": ["llvm", "glslang", "spirv-cross", "llvmpipe-gl"],
        "interp": ["shadersmith-interp"],
    }
    judged = judge(results, components)
    findings = judged.findings
    assert judged.headline == "compile_failure"
    assert findings[0].blamed.split(",")[:2] == ["spirv-cross", "llvmpipe-gl"]
    assert findings[0].signature.startswith("compile:spirv-cross:syntax error")


def test_real_crash_is_rerun_reproduced_and_bucketed_while_other_tests_run(
    tmp_path: Path,
) -> None:
    """findings/llvm-physreg-copy (seed 57's program, reduced) makes llvmpipe abort in
    LLVM ("Cannot emit physreg copy instruction"). The campaign runs it as its first test,
    stored (a seed makes another program once the generator changes: seed 57's no longer
    crashes), then a generated one. The crash is re-run on its worker while the pool runs
    the other test; it reproduces, so the bucket is not flaky, and the campaign carries
    on. The NIR Mesa's GLSL front-end handed llvmpipe is invalid, so the bucket names the
    front-end and the bad state, not LLVM's message (issue 10)."""
    options = CampaignOptions(
        targets=["gl-llvmpipe", "vk-lavapipe", "interp"],
        profile=GLSL450,
        count=2,
        reduce=False,
        corpus=(FINDINGS / "llvm-physreg-copy",),
    )
    progress = run_campaign(tmp_path / "c", options)
    assert progress.tests == 2
    assert progress.crashes >= 1
    store = CampaignStore(tmp_path / "c")
    crashes = [b for b in store.buckets() if b.kind == "crash"]
    seeds = {index: seed for index, seed, _ in store.iter_tests()}
    store.close()
    assert [b.signature for b in crashes] == [
        "crash:mesa-glsl:invalid NIR: unpack_64_2x32_split_y of a 32-bit value"
    ]
    assert not crashes[0].flaky
    # The stored test is kept under its own name; the generated one used seed 1.
    assert (crashes[0].example or "").endswith("/corpus-0")
    assert seeds == {0: 57, 1: 1}


def test_fail_on_new_exits_1_for_a_run_that_opened_a_new_bucket_and_junit_lists_it(
    tmp_path: Path,
) -> None:
    campaign, junit = tmp_path / "c", tmp_path / "junit.xml"
    common = ["--targets", f"vk-lavapipe,{PLANTED},interp", "--no-reduce", "--out", str(campaign)]
    first = CliRunner().invoke(
        main, ["fuzz", "--count", "4", *common, "--fail-on-new", "--junit", str(junit)]
    )
    assert first.exit_code == 1, first.output
    assert "new buckets in this run: wrong:planted-sub-to-add" in first.output
    suite = ElementTree.parse(junit).getroot().find("testsuite")
    assert suite is not None
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    failure = cases["wrong:planted-sub-to-add"].find("failure")
    assert failure is not None and failure.get("message") == "new bucket"
    assert suite.get("failures") == str(sum(c.find("failure") is not None for c in cases.values()))
    # A resumed run that opens no bucket passes, though the campaign holds a new one.
    again = CliRunner().invoke(main, ["fuzz", "--count", "5", *common, "--fail-on-new"])
    opened = "new buckets in this run" in again.output
    assert again.exit_code == (1 if opened else 0), again.output


def test_a_time_limited_campaign_reduces_within_its_share_and_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 3-minute campaign that reduced every new bucket at once spent its last two
    minutes and a half reducing and ran no test. Now a reduction starts only while
    reductions have taken at most half the run so far, and ends with the time limit;
    once the tests are done, what is left may take the time left. (The policy alone, on
    the loop's clock: a campaign long enough to show it would take minutes.)"""
    now = [1000.0]
    monkeypatch.setattr(campaign_loop, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    limits = campaign_loop.Limits(time_s=180.0, reduce_time_s=120.0)
    run = campaign_loop._Loop(
        None,  # type: ignore[arg-type]  # the kind and the store: the policy reads neither
        limits,
        None,  # type: ignore[arg-type]
        Progress(started=now[0]),
        threading.Event(),
        now[0] + 180.0,
        None,
    )
    now[0] += 30  # the first bucket, 30 s in
    assert run.may_reduce()
    assert run.reduction_time_s() == 120.0
    run.reducing_s = 120.0  # its reduction took its whole limit
    now[0] += 120
    assert not run.may_reduce(), "120 s of 150 reducing: the tests come first"
    now[0] += 20
    assert not run.may_reduce(), "120 s of 170: still more than half"
    assert run.may_reduce(within_share=False), "no test left: the time left is theirs"
    assert run.reduction_time_s() == 10.0, "a reduction ends with the campaign"
    run.reducing_s = 80.0
    assert run.may_reduce(), "80 s of 170: a reduction may start"
    now[0] += 11
    assert not run.may_reduce(within_share=False), "the time is up"
    # Without a time limit every test runs all the same: reductions are never held.
    run.deadline = None
    run.reducing_s = 10_000.0
    assert run.may_reduce() and run.reduction_time_s() == 120.0
    run.stop.set()
    assert not run.may_reduce(within_share=False)


def test_planted_wrong_result_that_does_not_come_back_is_flaky_and_not_reduced(
    tmp_path: Path,
) -> None:
    """A wrong result that a second run does not give again (softpipe's in issue 37's
    review) opened a bucket that was reduced and looked like a bug: the kept test's
    failing targets now run it once more, and a bucket whose outputs changed is flaky,
    and not reduced. The steady planted bug of the test above stays a plain bucket."""
    once = "planted-sub-to-add-once-vk-lavapipe"
    options = CampaignOptions(
        targets=["vk-lavapipe", once, "interp"], profile=GLSL450, count=4, timeout_s=60
    )
    run_campaign(tmp_path / "c", options)
    store = CampaignStore(tmp_path / "c")
    buckets = store.buckets()
    store.close()
    planted = [b for b in buckets if once in b.targets.split(",")]
    assert len(planted) == 1, [b.signature for b in buckets]
    assert planted[0].flaky
    assert planted[0].reduced is None
