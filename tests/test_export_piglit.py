"""piglit export (export/piglit.py), checked by Debian's real shader_runner: a finding
whose bug is not in Mesa's GL path passes, one whose bug is fails on the probed word."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case import load_test
from shadersmith.cli import main
from shadersmith.export.common import ExportError
from shadersmith.export.piglit import piglit_shader_test

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
SHADER_RUNNER = Path("/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner")


def _run(path: Path) -> str:
    if not SHADER_RUNNER.is_file():
        pytest.skip(f"piglit is not installed ({SHADER_RUNNER} missing: apt-get install piglit)")
    env = {
        **os.environ,
        "PIGLIT_PLATFORM": "surfaceless_egl",
        "GALLIUM_DRIVER": "llvmpipe",
        "MESA_SHADER_CACHE_DISABLE": "true",
    }
    done = subprocess.run(
        [str(SHADER_RUNNER), str(path), "-auto", "-fbo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    return done.stdout + done.stderr


def test_shader_test_has_buffers_dispatch_and_probes() -> None:
    text = piglit_shader_test(load_test(FINDINGS / "glslang-fold-vector-equality"))
    assert "[compute shader]" in text and "GLSL >= 4.50" in text
    assert "ssbo 2 subdata int 0 745710423" in text
    assert text.rstrip().endswith("probe ssbo uint 2 0 == 745710423")


def test_fragment_tests_are_refused_in_one_line() -> None:
    with pytest.raises(ExportError, match="compute tests only"):
        piglit_shader_test(load_test(FINDINGS / "softpipe-index-side-effect"))


@pytest.mark.parametrize(
    ("finding", "verdict"),
    [
        ("glslang-fold-vector-equality", "pass"),  # a glslang bug: Mesa GL is right
        ("mesa-gl-swizzle-index", "fail"),  # a Mesa GLSL bug, still in Mesa 22
    ],
)
def test_shader_runner_agrees_with_the_finding(finding: str, verdict: str, tmp_path: Path) -> None:
    directory = tmp_path / finding
    shutil.copytree(FINDINGS / finding, directory)
    result = CliRunner().invoke(main, ["export", str(directory)])
    assert result.exit_code == 0, result.output
    output = _run(directory / "test.shader_test")
    assert f'"result": "{verdict}"' in output, output
