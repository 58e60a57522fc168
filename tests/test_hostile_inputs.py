"""Shared test and campaign directories are untrusted input (issue 23): links planted
beside or inside a test, `--out` naming a directory that is not ours, two campaigns on
one directory, misuse of the options. Each case asserts a one-line error (or the right
result) and that nothing outside the test changed: a `victim` folder stands for
everything else on the machine.

The input-schema cases are in test_hostile_schema.py, the process cases (kill -9 with
a worker in flight) in test_hostile_processes.py."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import Finding, Kind, load_test, write_test
from shadersmith.cli import main
from shadersmith.files import safe_files
from shadersmith.ir.profile import GLSL450
from shadersmith.report.charts import MAX_BINS, bin_timeline

PLANTED = "planted-sub-to-add-vk-lavapipe"


def _snapshot(root: Path) -> dict[str, str]:
    """Every entry below `root` (links as links) with a digest of its content."""
    entries = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            entries[key] = "link:" + os.readlink(path)
        elif path.is_file():
            entries[key] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            entries[key] = "dir"
    return entries


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A folder that stands for everything outside the test: it must never change."""
    folder = tmp_path / "victim"
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "a").write_text("keep\n")
    (folder / ".bashrc").write_text("# a shell start-up file\n")
    return folder


def _invoke(*arguments: str) -> Result:
    return CliRunner().invoke(main, list(arguments))


def _one_line_error(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.output.strip().count("\n") == 0, result.output
    for word in words:
        assert word in result.output, result.output


def _generated(tmp_path: Path, name: str = "t", seed: int = 5) -> Path:
    result = _invoke("generate", "--seed", str(seed), "--out", str(tmp_path / name))
    assert result.exit_code == 0, result.output
    return tmp_path / name


def _reconditioned(tmp_path: Path) -> Path:
    """A test the reference interpreter can run (export needs its expected values)."""
    test = _generated(tmp_path, "raw")
    result = _invoke("recondition", str(test), "--out", str(tmp_path / "t"))
    assert result.exit_code == 0, result.output
    return tmp_path / "t"


CPU_PAIR = "gl-llvmpipe,vk-lavapipe,interp"


# ---------------------------------------------------------------------------- links


def test_recondition_does_not_delete_what_a_planted_link_names(
    tmp_path: Path, victim: Path
) -> None:
    test = _generated(tmp_path)
    (tmp_path / "t-reconditioned").symlink_to(victim)
    before = _snapshot(victim)
    _one_line_error(_invoke("recondition", str(test)), "symbolic link")
    assert _snapshot(victim) == before
    assert (tmp_path / "t-reconditioned").is_symlink()


def test_writing_a_test_refuses_a_link_at_any_depth_below_the_campaign(
    tmp_path: Path, victim: Path
) -> None:
    test = load_test(_generated(tmp_path))
    campaign = tmp_path / "c"
    (campaign / "buckets").mkdir(parents=True)
    (campaign / "buckets" / "wrong_x").symlink_to(victim)
    before = _snapshot(victim)
    with pytest.raises(safe_files.UnsafePathError, match="symbolic link"):
        write_test(test, campaign / "buckets" / "wrong_x" / "7", root=campaign)
    with pytest.raises(safe_files.UnsafePathError, match="not a path inside"):
        safe_files.inside(campaign, "../victim")
    assert _snapshot(victim) == before


def test_a_link_planted_where_a_campaign_writes_its_reduced_test_is_refused(
    tmp_path: Path, victim: Path
) -> None:
    """The audit's second data loss: `C/buckets/<bucket>/<seed>-reduced -> victim` in a
    shared campaign; resuming it (which reduces the bucket) wiped the target."""
    campaign = tmp_path / "c"
    targets = ["vk-lavapipe", PLANTED, "interp"]
    first = CampaignOptions(targets=targets, profile=GLSL450, count=3, reduce=False)
    run_campaign(campaign, first)
    store = CampaignStore(campaign)
    (bucket,) = [b for b in store.buckets() if PLANTED in b.targets.split(",")]
    store.close()
    assert bucket.example is not None and bucket.reduced is None
    planted = campaign / f"{bucket.example}-reduced"
    planted.symlink_to(victim)
    before = _snapshot(victim)
    # Any reduction ends by writing its smallest test so far, where the link is: how far
    # it gets is not the point, and a short budget ends it (20 s ran to the end on CI).
    resumed = CampaignOptions(
        targets=targets, profile=GLSL450, count=3, reduce=True, reduce_time_s=3
    )
    run_campaign(campaign, resumed)
    assert _snapshot(victim) == before
    store = CampaignStore(campaign)
    (bucket,) = [b for b in store.buckets() if PLANTED in b.targets.split(",")]
    store.close()
    assert bucket.reduced is not None and bucket.reduced.startswith("failed:"), bucket.reduced
    assert "symbolic link" in bucket.reduced
    assert planted.is_symlink()


def test_a_campaign_database_path_that_escapes_is_refused(tmp_path: Path, victim: Path) -> None:
    campaign = tmp_path / "c"
    store = CampaignStore(campaign)
    store.db.execute(
        "INSERT INTO buckets VALUES ('wrong:x', 'odd_one_out', 'a', 'b', 1, 0, "
        "'../victim/docs', 0, 0, NULL, NULL)"
    )
    (bucket,) = store.buckets()
    with pytest.raises(safe_files.UnsafePathError, match="not a path inside"):
        store.example_directory(bucket)
    store.close()


def test_a_campaign_database_that_is_a_link_is_refused(tmp_path: Path, victim: Path) -> None:
    campaign = tmp_path / "c"
    campaign.mkdir()
    (campaign / "campaign.db").symlink_to(victim / "docs" / "a")
    before = _snapshot(victim)
    arguments = ["fuzz", "--count", "1", "--targets", CPU_PAIR, "--out", str(campaign)]
    _one_line_error(_invoke(*arguments), "not a shadersmith campaign directory")
    _one_line_error(_invoke(*arguments, "--force"), "symbolic link")
    _one_line_error(_invoke("buckets", str(campaign)), "symbolic link")
    assert _snapshot(victim) == before


@pytest.mark.parametrize("form, name", [("piglit", "test.shader_test"), ("amber", "test.amber")])
def test_export_never_writes_through_a_link(
    tmp_path: Path, victim: Path, form: str, name: str
) -> None:
    test = _reconditioned(tmp_path)
    (test / name).symlink_to(victim / ".bashrc")
    before = _snapshot(victim)
    _one_line_error(
        _invoke("export", str(test), "--format", form, "--name", "test"), "symbolic link"
    )
    assert _snapshot(victim) == before


def test_a_shader_entry_that_is_a_link_is_not_read(tmp_path: Path, victim: Path) -> None:
    """A secret named by a link in `shaders` must not be read, nor copied into the test."""
    test = _generated(tmp_path)
    secret = victim / "docs" / "a"
    (test / "shader.comp").unlink()
    (test / "shader.comp").symlink_to(secret)
    before = _snapshot(victim)
    for command in ("run", "replay", "export", "recondition"):
        _one_line_error(_invoke(command, str(test)), "symbolic link")
    assert (test / "shader.comp").is_symlink()
    assert _snapshot(victim) == before
    assert not (tmp_path / "t-reconditioned").exists()


def test_test_json_that_is_a_link_is_not_read(tmp_path: Path, victim: Path) -> None:
    test = _generated(tmp_path)
    (victim / "test.json").write_text((test / "test.json").read_text())
    (test / "test.json").unlink()
    (test / "test.json").symlink_to(victim / "test.json")
    _one_line_error(_invoke("replay", str(test)), "symbolic link")


# ---------------------------------------------------------------------------- --out


@pytest.mark.parametrize("command", ["generate", "recondition"])
def test_out_naming_a_directory_that_is_not_a_test_is_refused(
    tmp_path: Path, victim: Path, command: str
) -> None:
    test = _generated(tmp_path)
    before = _snapshot(victim)
    arguments = ["--seed", "6"] if command == "generate" else [str(test)]
    _one_line_error(
        _invoke(command, *arguments, "--out", str(victim)),
        "is not a shadersmith test directory",
        "--force",
    )
    assert _snapshot(victim) == before


def test_force_writes_into_a_foreign_directory_and_deletes_nothing(
    tmp_path: Path, victim: Path
) -> None:
    before = _snapshot(victim)
    result = _invoke("generate", "--seed", "6", "--out", str(victim), "--force")
    assert result.exit_code == 0, result.output
    after = _snapshot(victim)
    assert {k: v for k, v in after.items() if k in before} == before
    assert load_test(victim).provenance.seed == 6


def test_recondition_of_the_current_directory_writes_beside_it(tmp_path: Path) -> None:
    test = _generated(tmp_path)
    before = _snapshot(tmp_path / "t")
    cwd = os.getcwd()
    os.chdir(test)
    try:
        result = _invoke("recondition", ".")
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    assert load_test(tmp_path / "t-reconditioned").stage == "compute"
    assert _snapshot(tmp_path / "t") == before


def test_reduce_into_its_own_test_directory_is_refused_before_any_work(tmp_path: Path) -> None:
    test = _generated(tmp_path)
    before = _snapshot(test)
    _one_line_error(_invoke("reduce", str(test), "--out", str(test / "r")), "inside the test")
    cwd = os.getcwd()
    os.chdir(test)
    try:
        _one_line_error(_invoke("reduce", ".", "--out", "."), "inside the test")
    finally:
        os.chdir(cwd)
    assert _snapshot(test) == before


def test_reduce_out_naming_a_foreign_directory_is_refused_before_any_work(
    tmp_path: Path, victim: Path
) -> None:
    test = _generated(tmp_path)
    before = _snapshot(victim)
    _one_line_error(
        _invoke("reduce", str(test), "--out", str(victim)), "not a shadersmith test directory"
    )
    assert _snapshot(victim) == before


def test_an_out_below_a_file_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    _one_line_error(_invoke("generate", "--seed", "1", "--out", str(tmp_path / "file" / "t")))
    _one_line_error(
        _invoke("fuzz", "--count", "1", "--out", str(tmp_path / "file" / "c")), "Not a directory"
    )


@pytest.mark.parametrize("command", ["fuzz", "metamorphic", "fuse"])
def test_a_campaign_out_that_is_not_a_campaign_is_refused(victim: Path, command: str) -> None:
    before = _snapshot(victim)
    _one_line_error(
        _invoke(command, "--count", "1", "--out", str(victim)),
        "not a shadersmith campaign directory",
    )
    assert _snapshot(victim) == before


# ---------------------------------------------------------------------------- run --save


def test_run_keeps_the_files_its_record_does_not_list(tmp_path: Path) -> None:
    """`run` used to delete every file test.json does not list (a fusion test's parts and
    images, a reader's notes)."""
    test = _generated(tmp_path)
    (test / "part_1").mkdir()
    (test / "part_1" / "test.json").write_text("{}")
    (test / "notes.txt").write_text("seen on Mesa 22\n")
    (test / "fusion.json").write_text("{}")
    result = _invoke("run", str(test), "--targets", "interp")
    assert result.exit_code == 0, result.output
    assert (test / "notes.txt").read_text() == "seen on Mesa 22\n"
    assert (test / "part_1" / "test.json").read_text() == "{}"
    assert (test / "fusion.json").read_text() == "{}"
    assert "interp" in load_test(test).results.runs


def test_rewriting_a_test_deletes_only_files_its_old_record_listed(tmp_path: Path) -> None:
    test = load_test(_generated(tmp_path))
    directory = tmp_path / "t"
    (directory / "mine.txt").write_text("not shadersmith's\n")
    test.shaders = {"shader.comp": test.shaders["shader.comp"]}
    test.files = {}
    write_test(test, directory)
    assert (directory / "mine.txt").is_file()
    assert sorted(p.name for p in directory.iterdir()) == ["mine.txt", "shader.comp", "test.json"]


# ---------------------------------------------------------------------------- campaigns


def test_a_second_campaign_on_the_same_directory_is_refused(tmp_path: Path) -> None:
    campaign = tmp_path / "c"
    arguments = ["fuzz", "--count", "1", "--targets", CPU_PAIR, "--no-reduce"]
    with safe_files.campaign_lock(campaign):  # the first campaign, still running
        result = _invoke(*arguments, "--out", str(campaign))
        _one_line_error(result, "in use by another campaign", str(os.getpid()))
    assert not (campaign / "campaign.db").exists()
    result = _invoke(*arguments, "--out", str(campaign))
    assert result.exit_code == 0, result.output


def test_the_lock_dies_with_a_killed_campaign(tmp_path: Path) -> None:
    """kill -9 leaves no stale lock: the kernel drops it with the process."""
    campaign = tmp_path / "c"
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path\n"
            "from shadersmith.files import safe_files\n"
            "with safe_files.campaign_lock(Path(sys.argv[1])):\n"
            "    print('locked', flush=True); time.sleep(60)\n",
            str(campaign),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "locked"
    with (
        pytest.raises(safe_files.UnsafePathError, match=f"process {child.pid}"),
        safe_files.campaign_lock(campaign),
    ):
        pass
    child.send_signal(signal.SIGKILL)
    child.wait()
    with safe_files.campaign_lock(campaign):
        pass


def test_buckets_reads_a_campaign_without_writing_to_it(tmp_path: Path) -> None:
    campaign = tmp_path / "c"
    targets = CPU_PAIR.split(",")
    run_campaign(campaign, CampaignOptions(targets=targets, profile=GLSL450, count=1))
    before = _snapshot(campaign)
    result = _invoke("buckets", str(campaign))
    assert result.exit_code == 0, result.output
    # SQLite may add its own shared-memory and log files beside the database (it reads a
    # campaign in a read-only folder without them); nothing else is touched.
    after = _snapshot(campaign)
    assert {k: v for k, v in after.items() if not k.endswith(("-shm", "-wal"))} == {
        k: v for k, v in before.items() if not k.endswith(("-shm", "-wal"))
    }


# ---------------------------------------------------------------------------- options


@pytest.mark.parametrize("duration", ["0", "-5", "nan", "inf", "0s", "soon"])
def test_a_duration_that_is_not_positive_is_refused(tmp_path: Path, duration: str) -> None:
    result = _invoke("fuzz", "--time", duration, "--out", str(tmp_path / "c"))
    assert result.exit_code == 2, result.output
    assert "duration" in result.output
    assert not (tmp_path / "c").exists()


def test_a_full_disk_is_a_one_line_error_and_leaves_no_half_test(tmp_path: Path) -> None:
    """A file-size limit stands in for a full disk: every write past it fails (EFBIG)
    as a full disk's fail (ENOSPC), in the middle of writing the test."""

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    out = tmp_path / "t"
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "shadersmith"),
            "generate",
            "--seed",
            "5",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.strip().count("\n") == 0
    assert "File too large" in done.stderr
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == [], "the staging folder is removed"


def test_write_file_leaves_the_old_file_whole_when_a_write_fails(tmp_path: Path) -> None:
    safe_files.write_file(tmp_path, "a.json", json.dumps({"old": True}))
    with pytest.raises(safe_files.UnsafePathError, match="not a plain file name"):
        safe_files.write_file(tmp_path, "../a.json", "{}")
    assert json.loads((tmp_path / "a.json").read_text()) == {"old": True}


def test_a_fusion_record_naming_parts_outside_its_test_is_refused(
    tmp_path: Path, victim: Path
) -> None:
    from shadersmith.campaign.fusion_tests import FUSION_FILE, FUSION_SCHEMA, replay_fusion_test

    test = _generated(tmp_path)
    _generated(victim, "part")
    record = {"schema_version": FUSION_SCHEMA, "parts": ["../victim/part"], "sequence": 0}
    (test / FUSION_FILE).write_text(json.dumps(record))
    with pytest.raises(safe_files.UnsafePathError, match="not a path inside"):
        replay_fusion_test(test)
    (test / FUSION_FILE).unlink()
    (test / FUSION_FILE).symlink_to(victim / "docs" / "a")
    with pytest.raises(safe_files.UnsafePathError, match="symbolic link"):
        replay_fusion_test(test)


@pytest.mark.parametrize("command", ["fuzz", "metamorphic", "fuse", "run", "replay"])
def test_a_timeout_of_nan_is_refused(tmp_path: Path, command: str) -> None:
    """click's FloatRange lets nan through, and a nan deadline never fires."""
    arguments = [str(tmp_path)] if command in ("run", "replay") else ["--count", "1"]
    result = _invoke(command, *arguments, "--timeout", "nan")
    assert result.exit_code == 2, result.output
    assert "'nan' is not a finite number" in result.output


@pytest.fixture
def read_only_view(tmp_path: Path) -> Iterator[Callable[[Path], Path]]:
    """A read-only bind mount of a folder (a campaign on a read-only share). Mounting
    needs root, which the test machines and CI give."""
    mounts: list[Path] = []

    def view(folder: Path) -> Path:
        where = tmp_path / f"read-only-{len(mounts)}"
        where.mkdir()
        for command in (
            ["mount", "--bind", str(folder), str(where)],
            ["mount", "-o", "remount,bind,ro", str(where)],
        ):
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                pytest.skip(f"cannot mount a read-only folder here: {done.stderr.strip()}")
        mounts.append(where)
        return where

    yield view
    for where in reversed(mounts):
        # Lazy: a file the commands left open would make a plain umount fail (busy), and
        # the mount left behind made pytest's clean-up of old temporary folders fail.
        subprocess.run(["umount", "--lazy", str(where)], check=False)


def test_a_campaign_on_a_read_only_disk_is_read_and_not_written(
    tmp_path: Path, read_only_view: Callable[[Path], Path]
) -> None:
    campaign = tmp_path / "c"
    targets = ["vk-lavapipe", PLANTED, "interp"]
    run_campaign(campaign, CampaignOptions(targets=targets, profile=GLSL450, count=2))
    shared = read_only_view(campaign)
    listed = _invoke("buckets", str(shared), "--programs")
    assert listed.exit_code == 0, listed.output
    assert "wrong:planted-sub-to-add" in listed.output
    report = _invoke("report", str(shared), "--out", str(tmp_path / "report"))
    assert report.exit_code == 0, report.output
    _one_line_error(
        _invoke("fuzz", "--count", "3", "--targets", ",".join(targets), "--out", str(shared)),
        "Read-only file system",
    )


def _campaign_with_one_test(tmp_path: Path) -> Path:
    campaign = tmp_path / "c"
    store = CampaignStore(campaign)
    store.record(0, 0, "agree", [], [], {}, 1.0)
    store.close()
    return campaign


@pytest.mark.parametrize(
    "attack",
    [
        # A `tests` that recurses forever: `buckets` ran 13 minutes, `report` filled the disk.
        "DROP TABLE tests; CREATE VIEW tests(idx, seed, verdict, findings, seconds, finished) "
        "AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
        "SELECT x, x, 'agree', '[]', 1.0, 1.7e9 FROM c",
        # A trigger would run on our own writes.
        "CREATE TRIGGER t AFTER INSERT ON tests BEGIN DELETE FROM buckets; END",
        "CREATE TABLE extra (x)",
        "ALTER TABLE tests ADD COLUMN extra TEXT",
    ],
    ids=["recursive-view", "trigger", "extra-table", "extra-column"],
)
def test_a_campaign_database_with_a_schema_not_ours_is_refused_in_one_line(
    tmp_path: Path, attack: str
) -> None:
    campaign = _campaign_with_one_test(tmp_path)
    with sqlite3.connect(campaign / "campaign.db") as db:
        db.executescript(attack)
    for command in (["buckets", str(campaign)], ["report", str(campaign)]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert "campaign" in result.output
    resumed = _invoke("fuzz", "--count", "2", "--out", str(campaign))
    assert resumed.exit_code == 2 and len(resumed.output.strip().splitlines()) == 1


def test_a_report_bins_any_finish_times_into_a_bounded_timeline() -> None:
    hostile = [(0.0, "agree"), (1e13, "agree"), (float("nan"), "crash"), (1.7e9, "agree")]
    bins = bin_timeline(hostile)
    assert bins is not None and sum(bins.totals) == 1  # only the time a campaign can have
    spread = [(1.0e9, "agree"), (4.0e9, "crash")]  # 95 years apart, both in range
    wide = bin_timeline(spread)
    assert wide is not None and len(wide.verdicts) <= MAX_BINS and sum(wide.totals) == 2


def test_buckets_and_errors_show_a_campaigns_control_characters_escaped(tmp_path: Path) -> None:
    # OSC 52 would write the terminal's clipboard; CSI would move the cursor.
    hostile = "crash:llvmpipe:\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\x9b1A"
    campaign = tmp_path / "c"
    store = CampaignStore(campaign)
    finding = Finding(Kind.CRASH, ("gl-llvmpipe",), signature=hostile, blamed="llvm\x1b[31m")
    store.record(0, 0, "crash", [finding], [], {}, 1.0)
    store.close()
    listed = _invoke("buckets", str(campaign))
    assert listed.exit_code == 0, listed.output
    assert "\x1b" not in listed.output and "\x07" not in listed.output
    assert "\x9b" not in listed.output
    assert "\\x" in listed.output  # shown, escaped (the table may fold it anywhere)
    error = _invoke("run", str(tmp_path / "no\x1b[2Jsuch"))
    assert error.exit_code == 2 and "\x1b" not in error.output, error.output
