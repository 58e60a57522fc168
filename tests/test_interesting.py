"""`shadersmith interesting`: the interestingness test that C-Vise or creduce drive, on
a planted bug and the real drivers.

The finding is test_replay.py's: seed 1's reconditioned program on lavapipe, on lavapipe
through spirv-cross, on the interpreter, and on lavapipe behind a planted rewrite of
` - ` into ` + ` (planted-sub-to-add-vk-lavapipe), the odd one out.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.cli import main

PLANTED = "planted-sub-to-add-vk-lavapipe"
TARGETS = f"vk-lavapipe,vk-lavapipe-cross,{PLANTED},interp"
SIGNATURE = "wrong:planted-sub-to-add"
# Line 195 of seed 1's reconditioned shader writes through a safety wrapper.
SAFE_WRITE = "out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]"
UNSAFE_WRITE = "out_0_f0[gl_LocalInvocationIndex + 28u]"


@pytest.fixture(scope="module")
def finding(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A test directory whose recorded finding is the planted bug, made by the CLI."""
    root = tmp_path_factory.mktemp("interesting")
    runner = CliRunner()
    for args in (
        ["generate", "--seed", "1", "--out", str(root / "t")],
        ["recondition", str(root / "t")],
        ["run", str(root / "t-reconditioned"), "--targets", TARGETS],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
    assert f"finding: {SIGNATURE}" in result.output
    return root / "t-reconditioned"


def _interesting(
    finding: Path, edit: tuple[str, str] | None, where: Path, *args: str
) -> tuple[int, str]:
    """`interesting` as C-Vise runs it: in a folder of its own, on `shader.comp` there
    (the test's shader with `edit` applied, every occurrence)."""
    shader = (finding / "shader.comp").read_text()
    if edit is not None:
        assert edit[0] in shader
        shader = shader.replace(*edit)
    (where / "shader.comp").write_text(shader)
    result = CliRunner().invoke(
        main, ["interesting", str(finding), "--shader", "shader.comp", *args]
    )
    return result.exit_code, result.output


def test_the_planted_finding_is_interesting_as_it_is_and_as_a_file(
    finding: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = CliRunner().invoke(main, ["interesting", str(finding)])
    assert result.exit_code == 0, result.output
    assert f"interesting: {SIGNATURE}" in result.output
    monkeypatch.chdir(tmp_path)
    status, output = _interesting(finding, None, tmp_path)
    assert status == 0, output


def test_an_edit_that_removes_the_planted_bug_is_not_interesting(
    finding: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a ` - ` the planted rewrite has nothing to rewrite: every target agrees."""
    monkeypatch.chdir(tmp_path)
    status, output = _interesting(finding, (" - ", " + "), tmp_path)
    assert status == 1, output
    assert f"no finding signed {SIGNATURE}" in output


def test_an_edit_that_makes_undefined_behaviour_is_not_interesting_though_the_bug_stays(
    finding: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reducer that deletes a safety wrapper writes out of bounds: the sanitizer says
    so before any target runs, whatever the targets would show."""
    monkeypatch.chdir(tmp_path)
    status, output = _interesting(finding, (SAFE_WRITE, UNSAFE_WRITE), tmp_path)
    assert status == 1, output
    assert "undefined behaviour" in output


def test_an_edit_that_breaks_the_syntax_or_the_version_is_not_interesting(
    finding: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, output = _interesting(finding, ("void main()", "void main("), tmp_path)
    assert status == 1, output
    assert "does not parse" in output
    status, output = _interesting(finding, ("#version 450", "#version 310 es"), tmp_path)
    assert status == 1, output


def test_another_signature_is_not_interesting(finding: Path) -> None:
    result = CliRunner().invoke(main, ["interesting", str(finding), "--signature", "wrong:glslang"])
    assert result.exit_code == 1, result.output


def test_misuse_exits_2(finding: Path, tmp_path: Path) -> None:
    """An unreadable test or file, or no signature to keep: nothing judged, exit 2 (a
    reducer must not take it for "not interesting")."""
    runner = CliRunner()
    missing_test = runner.invoke(main, ["interesting", str(tmp_path / "nothing")])
    assert missing_test.exit_code == 2, missing_test.output
    missing_file = runner.invoke(
        main, ["interesting", str(finding), "--shader", str(tmp_path / "absent.comp")]
    )
    assert missing_file.exit_code == 2, missing_file.output
    unknown_target = runner.invoke(main, ["interesting", str(finding), "--targets", "no-such"])
    assert unknown_target.exit_code == 2, unknown_target.output
    copy = tmp_path / "no-finding"
    shutil.copytree(finding, copy)
    record = json.loads((copy / "test.json").read_text())
    del record["results"]["finding"]
    (copy / "test.json").write_text(json.dumps(record))
    no_signature = runner.invoke(main, ["interesting", str(copy)])
    assert no_signature.exit_code == 2, no_signature.output
    assert "--signature" in no_signature.output
