"""Hostile inputs, round two (issue 34): what a stranger's test, campaign or corpus holds
must cost bounded time and memory and end in one line, never a finding, a traceback or a
campaign stopped for good.

- every path that runs a test admits it first (rebuild/admission.py), `fuzz --corpus`
  included;
- a corpus file that makes shadersmith fail is skipped, the rest of the corpus used;
- every file of a test or campaign is refused by its size before it is read;
- a campaign's copy of its targets file names no file of its own, and no relative path;
- a campaign's recorded paths, lock and database files are what they claim to be;
- tests are written with the permissions the umask gives.

Each case runs the real command on a real test (tests/data/). Those that read a file
shadersmith must refuse run in a child process under an address-space limit
(RLIMIT_AS), so that reading it whole fails the test instead of taking the machine."""

from __future__ import annotations

import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from shadersmith.campaign.store import CampaignStore, StoreError
from shadersmith.case import load_test, write_test
from shadersmith.cli import main
from shadersmith.corpus import files as corpus_files
from shadersmith.corpus.programs import pick, usable_program
from shadersmith.ir.program import Stage
from shadersmith.targets.catalogue.user_targets import (
    CAMPAIGN_FILE,
    TargetsFileError,
    campaign_hint,
    load_targets_file,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
PIGLIT = DATA / "piglit" / "tests" / "spec"
COMPUTE_SHADER_TEST = (
    PIGLIT / "arb_compute_shader" / "execution" / "basic-uniform-access.shader_test"
)
FRAGMENT_SHADER_TEST = PIGLIT / "glsl-1.10" / "execution" / "glsl-fs-functions-6.shader_test"
CPU_TARGETS = "gl-llvmpipe,vk-lavapipe,interp"
# What a refused command may use: Python with shadersmith imported takes about 300 MB of
# address space; a hostile file read whole takes gigabytes.
MEMORY_CAP_MB = 500
REFUSED_WITHIN_S = 60.0

HEAD = (
    "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { int x; };\n"
)
UNBOUND_SAMPLER = (
    HEAD + "layout(binding = 1) uniform sampler2D s;\n"
    "void main() {\n    x = int(texture(s, vec2(0.5)).x);\n}\n"
)


def _invoke(*arguments: str) -> Result:
    return CliRunner().invoke(main, list(arguments))


def _one_line_error(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.output.strip().count("\n") == 0, result.output
    for word in words:
        assert word in result.output, result.output


def _bounded(*arguments: str) -> subprocess.CompletedProcess[str]:
    """`shadersmith ARGUMENTS` in a child limited to MEMORY_CAP_MB of address space and
    REFUSED_WITHIN_S seconds: what it reads whole, it cannot read."""

    def limit() -> None:
        cap = MEMORY_CAP_MB * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    started = time.monotonic()
    done = subprocess.run(
        [str(Path(sys.executable).parent / "shadersmith"), *arguments],
        preexec_fn=limit,
        capture_output=True,
        text=True,
        timeout=REFUSED_WITHIN_S,
    )
    assert time.monotonic() - started < REFUSED_WITHIN_S
    return done


def _bounded_error(*arguments: str) -> str:
    done = _bounded(*arguments)
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert "Traceback" not in output and "MemoryError" not in output, output
    assert output.strip().count("\n") == 0, output
    return output


def _test(tmp_path: Path, name: str = "t") -> Path:
    directory = tmp_path / name
    shutil.copytree(DATA / "generated-compute-seed-1", directory)
    return directory


def _foreign(tmp_path: Path, shader: str, name: str = "t") -> Path:
    """A test of someone else's shader: no provenance to rebuild it from, one buffer B."""
    directory = _test(tmp_path, name)
    path = directory / "test.json"
    data: dict[str, Any] = json.loads(path.read_text())
    data["provenance"] = {"generator": "", "steps": []}
    field = {"name": "x", "type": "int", "value": 1}
    buffer = {"block": "B", "binding": 0, "access": "input_output", "fields": [field]}
    data["inputs"] = {"buffers": [buffer], "uniforms": [], "dispatch": [1, 1, 1]}
    path.write_text(json.dumps(data, indent=1))
    (directory / "shader.comp").write_text(shader)
    return directory


def _sparse(path: Path, size: int = 1500 * 1024 * 1024) -> None:
    """`truncate -s 1500M path`: gigabytes to read, nothing on disk."""
    with path.open("r+b" if path.exists() else "wb") as file:
        file.truncate(size)


# ---------------------------------------------------------------------------- item 5


def test_fuzz_refuses_a_corpus_test_that_run_refuses_before_any_target_runs(
    tmp_path: Path,
) -> None:
    test = _foreign(tmp_path, UNBOUND_SAMPLER)
    campaign = tmp_path / "c"
    result = _invoke(
        "fuzz", "--corpus", str(test), "--count", "1", "--targets", CPU_TARGETS,
        "--out", str(campaign),
    )  # fmt: skip
    _one_line_error(result, f"--corpus {test}: shader.comp: uniform sampler2D s is never bound")
    assert not (campaign / "buckets").exists(), "an unbound sampler made a driver finding"


def test_fuzz_refuses_a_corpus_directory_that_is_not_a_test_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "not-a-test"
    folder.mkdir()
    result = _invoke(
        "fuzz", "--corpus", str(folder), "--count", "1", "--targets", CPU_TARGETS,
        "--out", str(tmp_path / "c"),
    )  # fmt: skip
    _one_line_error(result, f"--corpus {folder}: no test.json")


def test_fuzz_refuses_a_corpus_test_with_an_absurd_dispatch(tmp_path: Path) -> None:
    test = _foreign(tmp_path, HEAD + "void main() { x = 1; }\n")
    data = json.loads((test / "test.json").read_text())
    data["inputs"]["dispatch"] = [65535, 65535, 1]
    (test / "test.json").write_text(json.dumps(data))
    result = _invoke(
        "fuzz", "--corpus", str(test), "--count", "1", "--targets", CPU_TARGETS,
        "--out", str(tmp_path / "c"),
    )  # fmt: skip
    _one_line_error(result, "65535x65535x1 work groups")


# ---------------------------------------------------------------------------- item 8


def _corpus_with_a_bad_file(tmp_path: Path, compute: bool = True) -> Path:
    """piglit files and one whose `compute` line has 5000 digits (what int() refuses);
    without `compute`, that file is the only compute shader a campaign can draw."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    if compute:
        shutil.copy(COMPUTE_SHADER_TEST, corpus / "good-compute.shader_test")
    shutil.copy(FRAGMENT_SHADER_TEST, corpus / "good-fragment.shader_test")
    text = COMPUTE_SHADER_TEST.read_text()
    lines = [
        f"compute {'9' * 5000} 1 1" if line.startswith("compute ") else line
        for line in text.splitlines()
    ]
    assert lines != text.splitlines()
    (corpus / "a-bad.shader_test").write_text("\n".join(lines) + "\n")
    return corpus


def test_a_corpus_file_with_a_5000_digit_dispatch_is_skipped_not_a_stopped_campaign(
    tmp_path: Path,
) -> None:
    corpus = _corpus_with_a_bad_file(tmp_path, compute=False)
    campaign = tmp_path / "m"
    arguments = [
        "metamorphic", "--references-from", str(corpus), "--count", "2", "--fragment", "0",
        "--targets", "vk-lavapipe", "--out", str(campaign),
    ]  # fmt: skip
    for _ in range(2):  # the rerun too: a stopped campaign stopped on every rerun
        result = _invoke(*arguments)
        assert result.exit_code == 0, result.output
        assert "internal error" not in result.output
    store = CampaignStore(campaign, read_only=True)
    assert len(store.done_indices()) == 2
    store.close()


def test_a_seed_picks_around_a_corpus_file_that_makes_shadersmith_fail(tmp_path: Path) -> None:
    """What `fuse --parts-from` and `metamorphic --references-from` do for each test."""
    corpus = corpus_files.open_corpus(str(_corpus_with_a_bad_file(tmp_path)))
    assert "a-bad.shader_test" in corpus.files
    # Its dispatch is one too large to keep, replaced as any such (convert.py).
    assert usable_program(corpus, "a-bad.shader_test", 0).dispatch == (1, 1, 1)
    for seed in range(4):
        assert pick(corpus, seed, Stage.COMPUTE).stage is Stage.COMPUTE
        assert pick(corpus, seed, Stage.FRAGMENT).relative == "good-fragment.shader_test"


def test_a_corpus_lists_no_link_fifo_or_device_and_no_folder_too_deep(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(COMPUTE_SHADER_TEST, corpus / "good.shader_test")
    (corpus / "linked.shader_test").symlink_to(COMPUTE_SHADER_TEST)
    os.mkfifo(corpus / "fifo.comp")
    deep = corpus.joinpath(*["d"] * (corpus_files.MAX_DEPTH + 2))
    deep.mkdir(parents=True)
    shutil.copy(COMPUTE_SHADER_TEST, deep / "deep.shader_test")
    assert corpus_files.open_corpus(str(corpus)).files == ("good.shader_test",)


def test_a_corpus_of_too_many_entries_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for k in range(30):
        (corpus / f"{k}.comp").write_text("void main() {}\n")
    monkeypatch.setattr(corpus_files, "MAX_ENTRIES", 20)
    with pytest.raises(corpus_files.CorpusError, match="more than 20 files and folders"):
        corpus_files.open_corpus(str(corpus))


# ---------------------------------------------------------------------------- item 11


def test_a_sparse_shader_of_gigabytes_is_refused_by_its_size_in_bounded_memory(
    tmp_path: Path,
) -> None:
    test = _test(tmp_path)
    _sparse(test / "shader.comp")
    output = _bounded_error("run", "--no-save", str(test))
    assert f"{test / 'shader.comp'}: 1572864000 bytes, more than the 1048576" in output


def test_a_sparse_test_json_of_gigabytes_is_refused_by_its_size_in_bounded_memory(
    tmp_path: Path,
) -> None:
    test = _test(tmp_path)
    _sparse(test / "test.json")
    output = _bounded_error("replay", str(test))
    assert f"{test / 'test.json'}: 1572864000 bytes" in output


def test_a_sparse_result_file_of_gigabytes_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    test = _test(tmp_path)
    data = json.loads((test / "test.json").read_text())
    run = {"status": "ok", "files": ["dump.spv"]}
    data["results"] = {"verdict": "agree", "runs": {"vk-lavapipe": run}}
    (test / "test.json").write_text(json.dumps(data))
    load_test(test)  # the record is valid
    _sparse(test / "dump.spv")
    output = _bounded_error("run", "--no-save", str(test))
    assert "dump.spv: 1572864000 bytes" in output


def test_a_sparse_targets_file_of_gigabytes_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    targets = tmp_path / "targets.toml"
    _sparse(targets)
    output = _bounded_error("--targets-file", str(targets), "targets")
    assert f"{targets}: 1572864000 bytes" in output


def test_a_fifo_as_a_shader_is_refused_without_blocking(tmp_path: Path) -> None:
    test = _test(tmp_path)
    (test / "shader.comp").unlink()
    os.mkfifo(test / "shader.comp")
    output = _bounded_error("run", "--no-save", str(test))
    assert "shader.comp is a FIFO, not a plain file" in output


# ---------------------------------------------------------------------------- item 12


def _campaign_declaring(tmp_path: Path, declaration: str) -> Path:
    """A campaign (its lock file marks it) that ships its own ICD and library beside a
    targets.toml naming them."""
    campaign = tmp_path / "c"
    campaign.mkdir()
    (campaign / ".shadersmith.lock").write_text("1\n")
    (campaign / "icd.json").write_text("{}\n")
    (campaign / "libvulkan_evil.so").write_bytes(b"\x7fELF")
    (campaign / CAMPAIGN_FILE).write_text(
        '[[target]]\nname = "vk-mine"\nkind = "vulkan"\ndevice = "llvmpipe"\n' + declaration
    )
    return campaign


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        ('icd = "icd.json"\nlibrary_path = "."\n', "icd 'icd.json' is a relative path"),
        ('library_path = "."\n', "library_path '.' is a relative path"),
        ("icd = '{campaign}/../c/icd.json'\n", "is inside the campaign"),
        ("library_path = '{campaign}'\n", "is inside the campaign"),
    ],
    ids=["relative-icd", "relative-library", "absolute-through-dot-dot", "absolute"],
)
def test_a_campaigns_targets_file_may_not_name_files_inside_it(
    tmp_path: Path, declaration: str, message: str
) -> None:
    campaign = _campaign_declaring(tmp_path, "")
    (campaign / CAMPAIGN_FILE).write_text(
        (campaign / CAMPAIGN_FILE).read_text() + declaration.format(campaign=campaign)
    )
    with pytest.raises(TargetsFileError, match=message):
        load_targets_file(campaign / CAMPAIGN_FILE)
    result = _invoke("--targets-file", str(campaign / CAMPAIGN_FILE), "targets")
    _one_line_error(result, message)


def test_a_campaigns_targets_file_naming_absolute_paths_outside_it_still_loads(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "mesa"
    outside.mkdir()
    (outside / "icd.json").write_text("{}\n")
    campaign = _campaign_declaring(tmp_path, f"icd = '{outside / 'icd.json'}'\n")
    [target] = load_targets_file(campaign / CAMPAIGN_FILE)
    assert dict(target.fixed_environment)["VK_DRIVER_FILES"] == str(outside / "icd.json")


def test_the_hint_to_a_campaigns_targets_file_prints_the_paths_it_names(tmp_path: Path) -> None:
    campaign = _campaign_declaring(tmp_path, 'icd = "icd.json"\nlibrary_path = "."\n')
    hint = campaign_hint(campaign)
    assert f"icd {campaign.resolve() / 'icd.json'}" in hint
    assert f"library_path {campaign.resolve()}" in hint
    result = _invoke("fuzz", "--targets", "vk-mine,interp", "--out", str(campaign))
    _one_line_error(result, f"icd {campaign.resolve() / 'icd.json'}")


# ---------------------------------------------------------------------------- lows


def _campaign_with_a_reduced_bucket(tmp_path: Path, reduced: str) -> Path:
    campaign = tmp_path / "c"
    store = CampaignStore(campaign)
    store.record(0, 0, "agree", [], [], {}, 1.0)
    store.close()
    db = sqlite3.connect(campaign / "campaign.db")
    with db:
        db.execute(
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen, "
            "example, reduced) VALUES ('wrong:x', 'wrong', 'x', 'x', 1, 1.7e9, NULL, ?)",
            (reduced,),
        )
    db.close()  # now: SQLite deletes its -shm file when the last connection closes
    return campaign


@pytest.mark.parametrize("where", ["outside", "link"])
def test_buckets_programs_never_reads_a_reduced_test_outside_the_campaign(
    tmp_path: Path, where: str
) -> None:
    secret = _foreign(tmp_path, HEAD + "void main() { x = 424242; }\n", name="secret")
    reduced = "../secret"
    if where == "link":
        reduced = "buckets/wrong_x/0-reduced"
    campaign = _campaign_with_a_reduced_bucket(tmp_path, reduced)
    if where == "link":
        (campaign / "buckets" / "wrong_x").mkdir(parents=True)
        (campaign / reduced).symlink_to(secret)
    result = _invoke("buckets", str(campaign), "--programs")
    assert result.exit_code == 0, result.output
    assert "424242" not in result.output
    assert "reduced test not shown" in result.output


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o027])
def test_a_new_test_directory_follows_the_umask(tmp_path: Path, umask: int) -> None:
    test = load_test(DATA / "generated-compute-seed-1")
    previous = os.umask(umask)
    try:
        written = write_test(test, tmp_path / "t")
    finally:
        os.umask(previous)
    assert written.stat().st_mode & 0o777 == 0o777 & ~umask


def test_a_fifo_lock_file_is_named_and_refused_in_one_line(tmp_path: Path) -> None:
    campaign = _campaign_with_a_reduced_bucket(tmp_path, "failed: none")
    os.mkfifo(campaign / ".shadersmith.lock")
    result = _invoke("fuzz", "--count", "1", "--targets", CPU_TARGETS, "--out", str(campaign))
    _one_line_error(result, str(campaign / ".shadersmith.lock"), "a FIFO, not a plain file")


@pytest.mark.parametrize("name", ["campaign.db-wal", "campaign.db-journal", "campaign.db-shm"])
def test_a_fifo_beside_the_campaign_database_is_refused_in_one_line(
    tmp_path: Path, name: str
) -> None:
    """A FIFO `-wal` stopped a resumed campaign with a traceback; a FIFO `-journal` made
    it wait forever (in a child with a time limit here)."""
    campaign = _campaign_with_a_reduced_bucket(tmp_path, "failed: none")
    os.mkfifo(campaign / name)
    output = _bounded_error(
        "fuzz", "--count", "2", "--targets", CPU_TARGETS, "--out", str(campaign)
    )  # fmt: skip
    assert f"{campaign / name} is a FIFO, not a plain file" in output
    with pytest.raises(StoreError, match=f"{name} is a FIFO, not a plain file"):
        CampaignStore(campaign, read_only=True)


def test_a_trigger_in_a_resumed_campaign_is_refused_in_one_line(tmp_path: Path) -> None:
    """Already refused by store.check_schema (issue 23); kept beside the FIFO cases."""
    campaign = _campaign_with_a_reduced_bucket(tmp_path, "failed: none")
    db = sqlite3.connect(campaign / "campaign.db")
    db.execute("CREATE TRIGGER t AFTER INSERT ON tests BEGIN DELETE FROM buckets; END")
    db.close()
    result = _invoke("fuzz", "--count", "2", "--targets", CPU_TARGETS, "--out", str(campaign))
    _one_line_error(result, "not a campaign database of ours (trigger 't')")
