"""Amber export (export/amber.py): the script's shape, and, when AMBER points at a real
Amber build, its verdict on two findings (skipped with a message otherwise)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case import load_test
from shadersmith.cli import main
from shadersmith.export.amber import amber_binary, amber_script
from shadersmith.export.common import ExportError

FINDINGS = Path(__file__).resolve().parent.parent / "findings"


def test_script_has_shader_buffers_pipeline_and_expectations() -> None:
    text = amber_script(load_test(FINDINGS / "glslang-fold-vector-equality"))
    assert text.startswith("#!amber\n")
    assert "SHADER compute main_shader GLSL\n#version 450" in text
    assert "BUFFER buffer_2 DATA_TYPE uint32 DATA\n745710423\nEND" in text
    assert "BIND BUFFER buffer_2 AS storage DESCRIPTOR_SET 0 BINDING 2" in text
    assert "RUN pipeline 1 1 1" in text
    assert text.rstrip().endswith("EXPECT buffer_2 IDX 0 EQ 745710423")


def test_a_multi_buffer_test_binds_every_buffer_and_expects_only_outputs() -> None:
    text = amber_script(load_test(FINDINGS / "mesa-gl-swizzle-index"))
    binds = [line for line in text.splitlines() if line.strip().startswith("BIND BUFFER")]
    expects = [line for line in text.splitlines() if line.startswith("EXPECT")]
    assert len(binds) >= 2 and 1 <= len(expects) < len(binds)


def test_fragment_tests_are_refused_in_one_line() -> None:
    with pytest.raises(ExportError, match="compute tests only"):
        amber_script(load_test(FINDINGS / "softpipe-index-side-effect"))


@pytest.mark.parametrize(
    ("finding", "passes"),
    [("spirv-opt-wrong", True), ("glslang-fold-vector-equality", False)],
)
def test_real_amber_agrees_with_the_finding(finding: str, passes: bool, tmp_path: Path) -> None:
    """spirv-opt's bug is not in glslang+lavapipe (pass); glslang's is (fail)."""
    amber = amber_binary()
    if amber is None:
        pytest.skip("no Amber build: set AMBER to an amber binary or its folder")
    directory = tmp_path / finding
    shutil.copytree(FINDINGS / finding, directory)
    result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber"])
    assert result.exit_code == 0, result.output
    done = subprocess.run(
        [str(amber), str(directory / "test.amber")], capture_output=True, text=True, check=False
    )
    assert (done.returncode == 0) is passes, done.stdout + done.stderr
