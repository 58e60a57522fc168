"""Amber export (export/amber.py): the script's shape for compute and fragment tests, and,
when AMBER points at a real Amber build, its verdict on findings (skipped with a message
otherwise)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case import load_test
from shadersmith.cli import main
from shadersmith.export.amber import amber_binary, amber_script
from shadersmith.export.common import ExportError
from tests.export_support import echo_test

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


def test_fragment_script_draws_a_rect_and_expects_every_row() -> None:
    text = amber_script(load_test(FINDINGS / "llvmpipe-gl-const-array-index"))
    assert "SHADER vertex vertex_shader PASSTHROUGH\n" in text
    assert "SHADER fragment main_shader GLSL\n#version 450\n" in text
    # The ivec3 uniform block: its std140 bytes as words (-28, 242721098, -1, padding).
    assert "BUFFER buffer_0 DATA_TYPE uint32 DATA\n4294967268 242721098 4294967295 0\nEND" in text
    assert "BUFFER framebuffer FORMAT R32G32B32A32_UINT" in text
    for line in (
        "  FRAMEBUFFER_SIZE 64 64",
        "  BIND BUFFER framebuffer AS color LOCATION 0",
        "  BIND BUFFER buffer_0 AS uniform DESCRIPTOR_SET 0 BINDING 0",
        "RUN pipeline DRAW_RECT POS 0 0 SIZE 64 64",
    ):
        assert line in text.splitlines()
    expects = [line for line in text.splitlines() if line.startswith("EXPECT")]
    assert [line.split()[3] for line in expects] == [str(1024 * row) for row in range(64)]
    assert all(line.split()[5:] == ["0"] * 256 for line in expects)


def test_fragment_rows_are_in_memory_order() -> None:
    """Row r of the framebuffer is gl_FragCoord.y r + 0.5; pixel x is words 4x..4x+3."""
    text = amber_script(echo_test())
    rows = [line.split()[5:] for line in text.splitlines() if line.startswith("EXPECT")]
    for row in (0, 37, 63):
        assert rows[row][4 * 6 : 4 * 7] == ["6", str(row), "4294967295", "2147483648"]
    # The Named block's std140 bytes: ivec3 iv at byte 16, vec2 fv at 32, uint a[3] at 48
    # with a 16-byte stride, uvec2 aa[2][2] at 96.
    assert (
        "BUFFER buffer_1 DATA_TYPE uint32 DATA\n"
        "4294967289 4000000000 3225419776 0 4294967295 2 2147483648 0\n"
        "1065353216 3225419776 0 0 1 0 0 0\n"
        "4294967295 0 0 0 3 0 0 0\n"
        "1 2 0 0 3 4 0 0\n"
        "5 6 0 0 7 8 0 0\n"
        "END"
    ) in text


def test_glsl_330_fragment_tests_are_refused_in_one_line() -> None:
    test = load_test(FINDINGS / "softpipe-index-side-effect")
    old = dataclasses.replace(
        test, shaders={"shader.frag": test.main_shader.replace("#version 450", "#version 330")}
    )
    with pytest.raises(ExportError, match="Vulkan GLSL"):
        amber_script(old)


@pytest.mark.parametrize(
    ("finding", "passes"),
    [
        ("spirv-opt-wrong", True),
        ("glslang-fold-vector-equality", False),
        # Fragment tests: vk-lavapipe drew each of them as the interpreter did.
        ("llvmpipe-gl-const-array-index", True),
        ("softpipe-index-side-effect", True),
    ],
)
def test_real_amber_agrees_with_the_finding(finding: str, passes: bool, tmp_path: Path) -> None:
    """spirv-opt's bug is not in glslang+lavapipe (pass); glslang's is (fail); the fragment
    findings' bugs are in GL drivers and spirv-cross, not glslang+lavapipe (pass)."""
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
