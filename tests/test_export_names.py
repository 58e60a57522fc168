"""What `shadersmith export` calls its file, and its warning when an Amber script cannot
show the finding: a GL-only finding (here a planted bug in gl-llvmpipe, on the real
drivers) ships SPIR-V that lavapipe runs right."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.cli import main
from tests.export_support import written_file

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
GL_PLANTED = "planted-sub-to-add-gl-llvmpipe"


@pytest.mark.parametrize(
    ("style", "name"),
    [
        ([], "wrong-spirv-opt-353.amber"),  # the seed of the test it was reduced from
        (["--name", "cts"], "wrong-spirv-opt.amber"),
        (["--name", "test"], "test.amber"),
    ],
)
def test_an_exported_file_is_named_by_its_signature_and_seed(
    tmp_path: Path, style: list[str], name: str
) -> None:
    directory = tmp_path / "spirv-opt-wrong"
    shutil.copytree(FINDINGS / "spirv-opt-wrong", directory)
    result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber", *style])
    assert result.exit_code == 0, result.output
    assert written_file(result.output) == directory / name
    assert (directory / name).is_file()
    assert "warning" not in result.output, "lavapipe-opt showed it: the SPIR-V shows the bug"


def test_an_amber_export_of_a_planted_gl_only_finding_warns(tmp_path: Path) -> None:
    runner = CliRunner()
    for args in (
        ["generate", "--seed", "1", "--out", str(tmp_path / "t")],
        ["recondition", str(tmp_path / "t")],
        ["run", str(tmp_path / "t-reconditioned"), "--targets", f"vk-lavapipe,{GL_PLANTED},interp"],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
    assert f"(targets: {GL_PLANTED})" in result.output
    exported = runner.invoke(
        main, ["export", str(tmp_path / "t-reconditioned"), "--format", "amber"]
    )
    assert exported.exit_code == 0, exported.output
    assert written_file(exported.output).name == "wrong-planted-sub-to-add-1.amber"
    assert f"warning: the finding (wrong:planted-sub-to-add) shows on {GL_PLANTED}" in (
        exported.output
    )
    assert "--format piglit" in exported.output
