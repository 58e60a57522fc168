"""What a test directory records of a run, and `shadersmith replay` deciding whether a
finding reproduces, on the real drivers.

The finding is real: seed 1's reconditioned program on lavapipe, on lavapipe through
spirv-cross, on the interpreter, and on lavapipe behind a planted rewrite of ` - ` into
` + ` (planted-sub-to-add-vk-lavapipe), which is the odd one out.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from shadersmith.cli import main

PLANTED = "planted-sub-to-add-vk-lavapipe"
TARGETS = f"vk-lavapipe,vk-lavapipe-cross,{PLANTED},interp"
SIGNATURE = "wrong:planted-sub-to-add"
SPIRV_MAGIC = bytes.fromhex("03022307")  # 0x07230203, little-endian


@pytest.fixture(scope="module")
def finding(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A test directory whose recorded finding is the planted bug, made by the CLI."""
    root = tmp_path_factory.mktemp("replay")
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


@pytest.fixture(scope="module")
def replayed(finding: Path) -> Result:
    """`shadersmith replay` of the finding as made: the two tests below read its exit
    status and its lines (each ran the same replay of the same directory)."""
    return CliRunner().invoke(main, ["replay", str(finding)])


def _copy(finding: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(finding, copy)
    return copy


def _edit_results(directory: Path, change: Any) -> None:
    path = directory / "test.json"
    data = json.loads(path.read_text())
    change(data["results"])
    path.write_text(json.dumps(data))


def test_run_records_values_expected_differences_and_the_spirv(finding: Path) -> None:
    results = json.loads((finding / "test.json").read_text())["results"]
    assert results["finding"]["signature"] == SIGNATURE
    expected = results["expected"]
    assert expected["target"] == "interp"
    runs = results["runs"]
    assert expected["values"] == runs["interp"]["values"]
    for name in TARGETS.split(","):
        record = runs[name]
        assert record["status"] == "ok"
        assert record["output"].startswith("buffers:"), "the digest is kept"
        assert set(record["values"]) == {"0", "1"}, "every binding, by number"
        for file_name in record["files"]:
            assert (finding / file_name).is_file(), file_name
    # The planted target alone differs: each differing field says what was expected
    # and what every target gave.
    assert results["differences"]
    for difference in results["differences"]:
        binding, field = str(difference["binding"]), difference["field"]
        assert difference["expected"] == expected["values"][binding][field]
        actual = difference["actual"]
        assert actual[PLANTED] != difference["expected"]
        assert actual["vk-lavapipe"] == actual["vk-lavapipe-cross"] == difference["expected"]
        assert actual[PLANTED] == runs[PLANTED]["values"][binding][field]
    # Every Vulkan chain keeps the SPIR-V it consumed, its disassembly, and spirv-cross
    # its GLSL; the interpreter has no files.
    for name in ("vk-lavapipe", "vk-lavapipe-cross", PLANTED):
        assert f"{name}.spv" in runs[name]["files"]
        assert (finding / f"{name}.spv").read_bytes()[:4] == SPIRV_MAGIC
        assert "OpEntryPoint GLCompute" in (finding / f"{name}.spvasm").read_text()
    assert "vk-lavapipe-cross.cross.comp" in runs["vk-lavapipe-cross"]["files"]
    assert "void main()" in (finding / "vk-lavapipe-cross.cross.comp").read_text()
    assert runs["interp"]["files"] == []


def test_replay_of_a_finding_that_reproduces_exits_0(replayed: Result) -> None:
    result = replayed
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == f"REPRODUCES: {SIGNATURE}"
    planted = next(line for line in lines if line.strip().startswith(PLANTED))
    assert "ok" in planted and "out_" in planted, "status and the differing field"
    assert "  differing elements (expected: interp):" in lines


def test_replay_shows_each_differing_element_with_its_index_expected_and_actual_value(
    finding: Path, replayed: Result
) -> None:
    """A diff, not the 28 vec3 of out_0_f0 cut at 200 characters: one line per element
    the planted target got wrong, saying what the interpreter expected there."""
    output = replayed.output
    recorded = json.loads((finding / "test.json").read_text())["results"]["differences"]
    [field] = [d for d in recorded if d["field"] == "out_0_f0"]
    wrong = [
        (index, component)
        for index, vector in enumerate(field["expected"])
        for component, value in enumerate(vector)
        if field["actual"][PLANTED][index][component] != value
    ]
    assert wrong, "the planted bug changes some elements"
    for index, component in wrong:
        expected = field["expected"][index][component]
        actual = field["actual"][PLANTED][index][component]
        line = f"    out_0_f0[{index}][{component}]: expected {expected}; {PLANTED} {actual}"
        assert line in output.splitlines(), output
    assert "…" not in output
    assert f"out_0_f0: {len(wrong)} element" in output


def test_replay_without_the_planted_bug_does_not_reproduce_exits_1(finding: Path) -> None:
    result = CliRunner().invoke(
        main, ["replay", str(finding), "--targets", "vk-lavapipe,vk-lavapipe-cross,interp"]
    )
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == (
        f"DOES NOT REPRODUCE: recorded {SIGNATURE}, now no finding (every target agrees)"
    )


def test_replay_of_an_edited_signature_does_not_reproduce_exits_1(
    finding: Path, tmp_path: Path
) -> None:
    copy = _copy(finding, tmp_path)
    _edit_results(copy, lambda r: r["finding"].update(signature="wrong:glslang"))
    result = CliRunner().invoke(main, ["replay", str(copy)])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == (
        f"DOES NOT REPRODUCE: recorded wrong:glslang, now {SIGNATURE}"
    )


def test_replay_with_a_recorded_target_missing_here_exits_2(finding: Path, tmp_path: Path) -> None:
    """A finding recorded on gl-nvidia cannot be decided on this CPU machine."""
    copy = _copy(finding, tmp_path)

    def on_nvidia(results: dict[str, Any]) -> None:
        results["runs"]["gl-nvidia"] = dict(results["runs"][PLANTED], files=[])
        results["finding"] = {
            "kind": "odd_one_out",
            "signature": "wrong:nvidia-gl",
            "targets": ["gl-nvidia"],
        }

    _edit_results(copy, on_nvidia)
    result = CliRunner().invoke(main, ["replay", str(copy)])
    assert result.exit_code == 2, result.output
    assert "missing on this machine: gl-nvidia" in result.output
    assert result.output.splitlines()[-1].startswith("UNDECIDED: recorded wrong:nvidia-gl")


def test_replay_of_a_test_without_a_finding_exits_0_when_all_agree(
    finding: Path, tmp_path: Path
) -> None:
    copy = _copy(finding, tmp_path)
    _edit_results(copy, lambda r: r.pop("finding"))
    agree = CliRunner().invoke(main, ["replay", str(copy), "--targets", "vk-lavapipe,interp"])
    assert agree.exit_code == 0, agree.output
    assert agree.output.splitlines()[-1] == "NO FINDING RECORDED, NONE NOW: every target agrees"
    disagree = CliRunner().invoke(main, ["replay", str(copy)])
    assert disagree.exit_code == 1, disagree.output
    assert disagree.output.splitlines()[-1] == f"NO FINDING RECORDED, BUT ONE NOW: {SIGNATURE}"


def test_fuzz_refuses_without_two_real_targets(tmp_path: Path) -> None:
    """Only the interpreter starts here: no campaign of thousands of tests that cannot
    find anything."""
    result = CliRunner().invoke(
        main,
        ["fuzz", "--targets", "gl-nvidia,vk-nvidia,interp", "--count", "5",
         "--out", str(tmp_path / "c")],
    )  # fmt: skip
    assert result.exit_code != 0
    message = result.output.strip()
    assert message.count("\n") == 0, message
    assert "fewer than 2 real targets to compare besides interp (present: none)" in message
    assert "gl-nvidia: DriverUnavailable" in message


INTERVAL_TEST = Path(__file__).parent / "data" / "interval-store-read"


def test_run_of_an_interval_test_gives_the_interval_oracles_verdict_not_equal_bits() -> None:
    """tests/data/interval-store-read is an interval-mode program (`a[i][0] = 0.0; r +=
    a[2];`, i = 2: r becomes (1, 61) exactly). The interpreter's outputs are intervals,
    a driver's are floats, so their digests always differ: `run` printed `odd_one_out
    (suspects: interp)` for a test every target passes. The verdict is the intervals'."""
    inside = CliRunner().invoke(
        main, ["run", str(INTERVAL_TEST), "--targets", "vk-lavapipe,interp", "--no-save"]
    )
    assert inside.exit_code == 0, inside.output
    assert "verdict (interval oracle): agree" in inside.output
    assert "suspects" not in inside.output and "finding:" not in inside.output
    moved = CliRunner().invoke(
        main,
        [
            "run",
            str(INTERVAL_TEST),
            "--targets",
            "vk-lavapipe,planted-float-ulps-vk-lavapipe,interp",
            "--no-save",
        ],
    )
    assert moved.exit_code == 0, moved.output
    assert "verdict (interval oracle): wrong" in moved.output
    assert "finding: wrong:planted-float-ulps" in moved.output


def test_an_interval_tests_record_lists_only_the_fields_a_target_got_wrong(
    tmp_path: Path,
) -> None:
    """By bits every float field of an interval test differs (the interpreter's intervals
    against a driver's floats): recorded so, a bug report's title named a field every
    target got right (the H200's gl-nvidia `float(int(u))` report said "wrong `a`")."""
    copy = tmp_path / "interval"
    shutil.copytree(INTERVAL_TEST, copy)
    runner = CliRunner()
    inside = runner.invoke(main, ["run", str(copy), "--targets", "vk-lavapipe,interp"])
    assert inside.exit_code == 0, inside.output
    assert json.loads((copy / "test.json").read_text())["results"].get("differences", []) == []
    replayed = runner.invoke(main, ["replay", str(copy)])
    assert replayed.exit_code == 0, replayed.output
    assert "every target agrees" in replayed.output and "differ" not in replayed.output
    # The planted target moves r to (1, 61) plus 64 ULPs: r is wrong; the int i is not.
    moved = runner.invoke(
        main, ["run", str(copy), "--targets", "vk-lavapipe,planted-float-ulps-vk-lavapipe,interp"]
    )
    assert moved.exit_code == 0, moved.output
    recorded = json.loads((copy / "test.json").read_text())["results"]["differences"]
    fields = {d["field"] for d in recorded}
    assert "r" in fields and "i" not in fields
