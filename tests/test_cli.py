"""The `shadersmith` command end to end, through click's runner (real glslang underneath)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case import load_test
from shadersmith.cli import main
from shadersmith.rebuild.regenerate import rebuild


def test_generate_prints_same_bytes_for_same_seed() -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["generate", "--seed", "11"])
    second = runner.invoke(main, ["generate", "--seed", "11"])
    other = runner.invoke(main, ["generate", "--seed", "12"])
    assert first.exit_code == 0, first.output
    # stdout is the program alone; a multi-invocation program's dispatch goes to stderr.
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout
    assert first.stdout.startswith("#version 450\n")


def test_generate_essl_profile() -> None:
    result = CliRunner().invoke(main, ["generate", "--seed", "5", "--profile", "essl310"])
    assert result.exit_code == 0
    assert result.output.startswith("#version 310 es\n")


def test_generate_out_writes_a_replayable_test(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["generate", "--seed", "3", "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    test = load_test(tmp_path / "t")
    assert test.provenance.seed == 3
    assert test.provenance.generator == "smith"
    assert test.buffers, "a generated program has storage buffers"


def test_unknown_profile_is_a_one_line_usage_error() -> None:
    result = CliRunner().invoke(main, ["generate", "--seed", "1", "--profile", "hlsl"])
    assert result.exit_code == 2
    assert "Invalid value for '--profile'" in result.output


@pytest.mark.skipif(shutil.which("glslangValidator") is None, reason="glslang-tools missing")
def test_validate_batch_with_glslang(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["validate", "--count", "6", "--jobs", "2", "--json", "--out", str(tmp_path)]
    )
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["programs"] == 12
    assert summary["valid_rate"] == 1.0, result.output
    assert result.exit_code == 0


def test_recondition_writes_an_undefined_behaviour_free_twin(tmp_path: Path) -> None:
    from shadersmith.interp import UndefinedBehaviour, run_compute

    runner = CliRunner()
    original = tmp_path / "seed-21"
    assert runner.invoke(main, ["generate", "--seed", "21", "--out", str(original)]).exit_code == 0
    result = runner.invoke(main, ["recondition", str(original)])
    assert result.exit_code == 0, result.output
    twin = load_test(tmp_path / "seed-21-reconditioned")
    step = twin.provenance.steps[-1]
    assert step.name == "recondition"
    assert step.report["loop_bounds"]
    assert "SAFE_" in twin.main_shader
    # The twin replays from its provenance, and the sanitizer finds nothing in it.
    rebuilt = rebuild(twin)
    run_compute(rebuilt.program, twin.buffer_values(), sanitize=True)
    # The original, for contrast, is not free of undefined behaviour for this seed.
    with pytest.raises(UndefinedBehaviour):
        run_compute(rebuilt.original, rebuilt.original_values, sanitize=True)


def test_recondition_rejects_an_edited_shader(tmp_path: Path) -> None:
    runner = CliRunner()
    original = tmp_path / "t"
    runner.invoke(main, ["generate", "--seed", "2", "--out", str(original)])
    shader = original / "shader.comp"
    shader.write_text(shader.read_text() + "\n// edited\n")
    result = runner.invoke(main, ["recondition", str(original)])
    assert result.exit_code == 2
    assert "differs from what its provenance generates" in result.output
    assert result.output.count("\n") == 1


def test_recondition_of_corrupt_test_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "test.json").write_text("{")
    result = CliRunner().invoke(main, ["recondition", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert "corrupt JSON" in result.output


def test_recondition_prune_keeps_fewer_wrappers_and_stays_defined(tmp_path: Path) -> None:
    from shadersmith.interp import run_compute

    runner = CliRunner()
    original = tmp_path / "s"
    runner.invoke(main, ["generate", "--seed", "33", "--out", str(original)])
    assert runner.invoke(main, ["recondition", str(original)]).exit_code == 0
    pruned_dir = tmp_path / "pruned"
    result = runner.invoke(
        main, ["recondition", "--prune", str(original), "--out", str(pruned_dir)]
    )
    assert result.exit_code == 0, result.output
    full = load_test(tmp_path / "s-reconditioned")
    pruned = load_test(pruned_dir)
    assert pruned.main_shader.count("SAFE_") < full.main_shader.count("SAFE_")
    # Same results as the fully reconditioned program, and still no undefined behaviour.
    full_run = run_compute(rebuild(full).program, full.buffer_values(), sanitize=True)
    pruned_run = run_compute(rebuild(pruned).program, pruned.buffer_values(), sanitize=True)
    assert full_run.buffers == pruned_run.buffers


# The listing of every target (present, versions, the newest twins, the default set) is
# checked in test_user_targets.py, on the one listing that also shows declared targets:
# a listing starts every target (~20 s).


def test_targets_file_is_accepted_after_the_command_as_well_as_before_it(tmp_path: Path) -> None:
    missing = tmp_path / "none.toml"
    for args in (
        ["targets", "--targets-file", str(missing)],
        ["targets", f"--targets-file={missing}"],
        ["--targets-file", str(missing), "targets"],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert "No such option" not in result.output
        assert f"{missing}: No such file or directory" in result.output


def test_an_unknown_target_names_the_closest_ones_and_how_to_declare_your_own() -> None:
    test = Path(__file__).parent / "data" / "generated-compute-seed-1"
    result = CliRunner().invoke(main, ["run", str(test), "--targets", "gl-llvmpip"])
    assert result.exit_code == 2
    assert "unknown target 'gl-llvmpip' (did you mean gl-llvmpipe" in result.output
    assert "--targets-file FILE declares your own" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_replay_run_and_reduce_of_a_campaign_directory_point_to_its_buckets(
    tmp_path: Path,
) -> None:
    (tmp_path / "campaign.db").write_bytes(b"")
    for command in ("replay", "run", "reduce"):
        result = CliRunner().invoke(main, [command, str(tmp_path)])
        assert result.exit_code == 2, result.output
        assert f"a campaign, not a test: `shadersmith buckets {tmp_path}`" in result.output
