"""The `shadersmith` command end to end, through click's runner (real glslang underneath)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.cli import main
from shadersmith.harness.testcase import load_test


def test_generate_prints_same_bytes_for_same_seed() -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["generate", "--seed", "11"])
    second = runner.invoke(main, ["generate", "--seed", "11"])
    other = runner.invoke(main, ["generate", "--seed", "12"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert first.output != other.output
    assert first.output.startswith("#version 450\n")


def test_generate_essl_profile() -> None:
    result = CliRunner().invoke(main, ["generate", "--seed", "5", "--profile", "essl310"])
    assert result.exit_code == 0
    assert result.output.startswith("#version 310 es\n")


def test_generate_out_writes_a_replayable_test(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["generate", "--seed", "3", "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    test = load_test(tmp_path / "t")
    assert test.provenance["seed"] == 3
    assert test.provenance["generator"] == "smith"
    assert test.buffers, "a generated program has storage buffers"


def test_unknown_profile_is_a_one_line_usage_error() -> None:
    result = CliRunner().invoke(main, ["generate", "--seed", "1", "--profile", "hlsl"])
    assert result.exit_code == 2
    assert "Invalid value for '--profile'" in result.output


@pytest.mark.skipif(shutil.which("glslangValidator") is None, reason="glslang-tools missing")
def test_fuzz_batch_validates_with_glslang(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["fuzz", "--count", "6", "--jobs", "2", "--json", "--out", str(tmp_path)]
    )
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["programs"] == 12
    assert summary["valid_rate"] == 1.0, result.output
    assert result.exit_code == 0
