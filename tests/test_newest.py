"""The newest releases beside Debian's (targets/tools/newest.py), with the real tools and drivers:
PyPI's SPIRV-Tools 2025.5 and glslang 13.1.1, and bookworm-backports' Mesa 25 unpacked
by scripts/newest-mesa.sh. Tests of the Mesa targets are skipped, saying why, only where
.newest/mesa is absent (the script could not download it)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.campaign.store import CampaignStore
from shadersmith.case import load_test
from shadersmith.case.finding import Kind
from shadersmith.cli import main
from shadersmith.ir.types import INT, UINT, ArrayType
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.signature import unconfirmed
from shadersmith.targets.catalogue.registry import (
    CPU_TARGETS,
    discover,
    has_newest_twin,
    on_newest,
    twins_on_newest,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import newest, spirv_tools, toolchain
from shadersmith.targets.tools.glslang import glslang_path, system_tool
from shadersmith.targets.tools.spirv_tools import SpirvValError, Toolset
from shadersmith.trial import Judged, judge, prepare_loaded

NEWEST_CPU_TARGETS = [twin for twin in twins_on_newest(CPU_TARGETS) if twin != "interp"]
FINDINGS = Path(__file__).resolve().parent.parent / "findings"
NEWEST_SPIRV_TOOLS = "v2025.5"
NEWEST_GLSLANG = "13.1.1"
DEBIAN_SPIRV_TOOLS = "v2023.1"
MESA = newest.mesa_version()
needs_mesa = pytest.mark.skipif(
    MESA is None,
    reason=f"newest Mesa not unpacked in {newest.mesa_root()}: scripts/newest-mesa.sh could not "
    "download it from bookworm-backports",
)


def _recorded(name: str) -> tuple[str, tuple[str, ...]]:
    """A finding's shader and its recorded spirv-opt pass list."""
    directory = FINDINGS / name
    passes = json.loads((directory / "test.json").read_text())["provenance"]["spirv_opt_passes"]
    return (directory / "shader.comp").read_text(), tuple(passes)


def _debian_spirv_val_accepts(spirv: bytes, tmp_path: Path) -> bool:
    module = tmp_path / "module.spv"
    module.write_bytes(spirv)
    command = [system_tool("spirv-val") or "spirv-val", "--target-env", "vulkan1.0", str(module)]
    return subprocess.run(command, capture_output=True, check=False).returncode == 0


# ------------------------------------------------------------------------ the tools


def test_the_newest_tools_are_found_and_say_their_versions() -> None:
    for name in ("spirv-val", "spirv-opt", "glslangValidator"):
        path = Path(newest.tool_path(name))
        assert path.is_file() and path.parent.parent.name == newest.CMEEL_PREFIX
    versions = newest.tool_versions()
    assert versions["spirv-val"] == NEWEST_SPIRV_TOOLS
    assert f"SPIRV-Tools {NEWEST_SPIRV_TOOLS}" in versions["spirv-opt"]
    assert versions["glslang"].endswith(NEWEST_GLSLANG)
    # Debian's stay the default chains' tools, even where the venv's wrappers of the
    # newest ones come first on PATH.
    assert spirv_tools.validator_version(system_tool("spirv-val") or "") == DEBIAN_SPIRV_TOOLS
    assert not glslang_path().startswith(str(Path(newest.tool_path("spirv-val")).parent))
    assert spirv_tools.DEBIAN.glslang_version() != newest.newest_toolset().glslang_version()


def test_the_newest_glslang_compiles_what_the_newest_spirv_val_accepts() -> None:
    toolset = newest.newest_toolset()
    spirv = spirv_tools.compile_glsl_to_spirv(SHADER, "compute", toolset=toolset)
    assert spirv[:4] == bytes.fromhex("03022307")
    assert spirv_tools.validate_spirv(spirv, toolset=toolset) == ""


# -------------------------------------------------------------------- spirv-val's say


def test_an_old_spirv_val_false_positive_does_not_stop_the_chain(tmp_path: Path) -> None:
    """findings/spirv-opt-invalid-spirv: Debian's spirv-opt, with the recorded random pass
    list, writes a module that Debian's spirv-val 2023.1 rejects ("branches to the loop
    continue target") and spirv-val 2025.5 accepts."""
    source, passes = _recorded("spirv-opt-invalid-spirv")
    module = spirv_tools.optimize(spirv_tools.compile_glsl_to_spirv(source, "compute"), passes)
    assert not _debian_spirv_val_accepts(module, tmp_path)

    said = spirv_tools.validate_spirv(module)
    assert said.startswith(
        f"spirv-val {DEBIAN_SPIRV_TOOLS} rejected, {NEWEST_SPIRV_TOOLS} accepts "
        "(old validator false positive: error: line"
    )
    assert "branches to the loop continue target" in said

    notes: list[str] = []
    spirv, _ = toolchain.build_spirv(source, "compute", passes, notes=notes)
    assert spirv
    assert notes == [f"spirv-val after spirv-opt: {said}"]


def test_a_module_both_spirv_vals_reject_stays_invalid() -> None:
    """findings/spirv-opt-invalid-phi-pointers: an OpPhi of pointers without the capability,
    which spirv-val 2025.5 rejects too; its message leads the log."""
    source, passes = _recorded("spirv-opt-invalid-phi-pointers")
    module = spirv_tools.optimize(spirv_tools.compile_glsl_to_spirv(source, "compute"), passes)
    with pytest.raises(SpirvValError) as caught:
        spirv_tools.validate_spirv(module)
    log = caught.value.log
    assert log.startswith("error: line")
    assert "Using pointers with OpPhi requires capability VariablePointers" in log
    last = log.splitlines()[-1]
    assert last.startswith(
        f"checked by spirv-val {DEBIAN_SPIRV_TOOLS} rejected, {NEWEST_SPIRV_TOOLS} rejected: "
    )


def test_without_the_newest_spirv_val_debians_rejection_stands_unconfirmed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source, passes = _recorded("spirv-opt-invalid-spirv")
    module = spirv_tools.optimize(spirv_tools.compile_glsl_to_spirv(source, "compute"), passes)
    monkeypatch.setattr(newest, "cmeel_prefix", lambda: None)
    spirv_tools.debian_validators.cache_clear()
    try:
        assert spirv_tools.DEBIAN.validator_paths() == (system_tool("spirv-val"),)
        with pytest.raises(SpirvValError) as caught:
            spirv_tools.validate_spirv(module)
    finally:
        spirv_tools.debian_validators.cache_clear()
    last = caught.value.log.splitlines()[-1]
    assert last.startswith(
        f"checked by spirv-val {DEBIAN_SPIRV_TOOLS} rejected (unconfirmed: the newest"
    )
    assert "not installed" in last
    assert not caught.value.confirmed


def _judged_on_lavapipe(name: str) -> Judged:
    """A finding's test run on the real lavapipe, with and without spirv-opt, and judged
    as a campaign judges it."""
    trial = prepare_loaded(load_test(FINDINGS / name))
    with TargetSession(["vk-lavapipe", "vk-lavapipe-opt", REFERENCE]) as session:
        ((_, results),) = session.run_many([trial.job])
        return judge(results, session.components())


def _absent_newest_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The newest tools missing, for this process and the workers it starts."""
    monkeypatch.setenv(newest.NEWEST_TOOLS_VARIABLE, str(tmp_path / "no-newest-tools"))
    spirv_tools.debian_validators.cache_clear()
    assert newest.tool_path_or_none("spirv-val") is None


PHI_POINTERS = "invalid:spirv-opt:Using pointers with OpPhi requires capability VariablePointers"


def test_a_rejection_the_newest_spirv_val_confirms_is_a_finding() -> None:
    """findings/spirv-opt-invalid-phi-pointers: both spirv-vals reject spirv-opt's OpPhi
    of pointers, on the real lavapipe chain: a finding, reduced like any other."""
    judged = _judged_on_lavapipe("spirv-opt-invalid-phi-pointers")
    (finding,) = judged.findings
    assert finding.kind is Kind.COMPILE_FAILURE and finding.targets == ("vk-lavapipe-opt",)
    assert finding.signature == PHI_POINTERS and not finding.ignored
    assert judged.results["vk-lavapipe-opt"].unconfirmed is False


def test_without_the_newest_spirv_val_a_rejection_is_unconfirmed_not_a_finding(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The same test where the newest spirv-val is missing (as it was on the GPU machine):
    Debian's 2023.1 alone rejects the module, which is recorded as unconfirmed (its own
    kind and signature, ignored: never reduced, not counted as a finding), and `replay`
    says it cannot decide."""
    _absent_newest_tools(monkeypatch, tmp_path)
    try:
        judged = _judged_on_lavapipe("spirv-opt-invalid-phi-pointers")
        replay = CliRunner().invoke(
            main, ["replay", str(FINDINGS / "spirv-opt-invalid-phi-pointers")]
        )
    finally:
        spirv_tools.debian_validators.cache_clear()
    (finding,) = judged.findings
    assert finding.kind is Kind.UNCONFIRMED and finding.targets == ("vk-lavapipe-opt",)
    assert finding.signature == unconfirmed(PHI_POINTERS)
    assert finding.signature.startswith("unconfirmed:invalid:spirv-opt:Using pointers with OpPhi")
    assert finding.ignored and not finding.ours
    assert judged.headline == "unconfirmed"
    rejected = judged.results["vk-lavapipe-opt"]
    assert rejected.status is RunStatus.VALIDATION_ERROR and rejected.unconfirmed
    assert f"spirv-val {DEBIAN_SPIRV_TOOLS} rejected (unconfirmed: " in rejected.log
    assert replay.exit_code == 2, replay.output
    assert replay.output.splitlines()[-1] == (
        f"UNDECIDED: recorded {PHI_POINTERS}, now only Debian's spirv-val rejects the module "
        "(unconfirmed: the newest spirv-val is missing on this machine)"
    )


def test_the_newest_toolset_judges_by_the_newest_spirv_val_alone() -> None:
    toolset = newest.newest_toolset()
    assert toolset.validator_paths() == (newest.tool_path("spirv-val"),)
    assert toolset.spirv_val_versions() == NEWEST_SPIRV_TOOLS
    debian = Toolset().spirv_val_versions()
    assert debian == f"{DEBIAN_SPIRV_TOOLS}, its rejections checked by {NEWEST_SPIRV_TOOLS}"


# ------------------------------------------------------------------------ the targets

SHADER = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data { int seed; uint mixed; int sums[4]; };

void main() {
    int total = seed;
    for (int i = 0; i < 4; i++) {
        total = total * 31 + (i ^ seed);
        sums[i] = total >> (i & 3);
    }
    mixed = bitfieldReverse(uint(total)) ^ uint(findMSB(total)) ^ uint(bitCount(seed));
}
"""
BUFFER = BufferInput(
    0,
    (("seed", INT), ("mixed", UINT), ("sums", ArrayType(INT, 4))),
    {"seed": -12345, "mixed": 0, "sums": (0, 0, 0, 0)},
)


def test_newest_twins_are_named_and_not_default() -> None:
    assert set(NEWEST_CPU_TARGETS) == {f"{name}-newest" for name in CPU_TARGETS if name != "interp"}
    assert all(on_newest(twin) for twin in NEWEST_CPU_TARGETS)
    assert not any(on_newest(name) for name in CPU_TARGETS)
    assert twins_on_newest(["gl-llvmpipe", "interp", "vk-lavapipe-opt", "gl-nvidia"]) == [
        "gl-llvmpipe-newest",
        "interp",
        "vk-lavapipe-opt-newest",
        "gl-nvidia",
    ]
    # The SPIR-V tools' compile-only chains have twins (the newest spirv-opt and
    # spirv-val); RADV has none, which `replay --newest` says rather than run it silently.
    assert twins_on_newest(["compile-spirv-tools", "compile-spirv-cross-msl"]) == [
        "compile-spirv-tools-newest",
        "compile-spirv-cross-msl-newest",
    ]
    assert not has_newest_twin("vk-radv-navi21") and has_newest_twin("compile-spirv-cross-hlsl")


@needs_mesa
def test_newest_targets_load_mesa_25_and_agree_with_the_default_ones() -> None:
    assert MESA is not None and MESA.startswith("25.")
    defaults = ["gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-lavapipe-cross"]
    twins = twins_on_newest(defaults)
    job = Job(stage="compute", source=SHADER, buffers=(BUFFER,))
    with TargetSession(defaults + twins) as session:
        assert not session.missing, session.missing
        versions = session.versions()
        results = session.run(job)
    for name in twins:
        assert results[name].status is RunStatus.OK, results[name].log
        assert results[name].buffers == results["vk-lavapipe"].buffers, name
    for name in defaults:
        assert results[name].buffers == results["vk-lavapipe"].buffers, name
    # What the drivers say about themselves, not what we asked for.
    assert versions["gl-llvmpipe-newest"]["GL_VERSION"].endswith(f"Mesa {MESA}")
    assert "llvmpipe" in versions["gl-llvmpipe-newest"]["GL_RENDERER"]
    assert versions["vk-lavapipe-newest"]["driver_info"].startswith(f"Mesa {MESA}")
    assert versions["vk-lavapipe-opt-newest"]["spirv-opt"].startswith(
        f"SPIRV-Tools {NEWEST_SPIRV_TOOLS}"
    )
    assert versions["vk-lavapipe-newest"]["glslang"].endswith(NEWEST_GLSLANG)
    assert versions["vk-lavapipe-newest"]["spirv-val"] == NEWEST_SPIRV_TOOLS
    # The default targets keep Debian's Mesa: the newest's environment stayed in its workers.
    assert versions["gl-llvmpipe"]["Mesa"] == "22.3.6"
    assert versions["vk-lavapipe"]["driver_info"].startswith("Mesa 22.3.6")


@needs_mesa
def test_shadersmith_targets_lists_the_newest_with_their_versions() -> None:
    found = {d.name: d for d in discover(["gl-llvmpipe-newest", "vk-lavapipe-opt-newest"])}
    assert found["gl-llvmpipe-newest"].present, found["gl-llvmpipe-newest"].reason
    assert found["gl-llvmpipe-newest"].versions["mesa-glsl"] == MESA
    assert found["vk-lavapipe-opt-newest"].versions["lavapipe"].startswith(f"Mesa {MESA}")
    # `shadersmith targets` lists them: tests/test_cli.py's one listing of every target.


def test_a_missing_newest_mesa_is_reported_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Never a stand-in: with no unpacked Mesa, the -newest Mesa targets are missing, and
    the reason names the folder and what the download script said."""
    monkeypatch.setenv("SHADERSMITH_NEWEST_MESA", str(tmp_path / "mesa"))
    (tmp_path / "mesa-skipped.txt").write_text("apt-get download failed: E: no network")
    found = {d.name: d for d in discover(["gl-llvmpipe-newest", "vk-lavapipe-newest"])}
    for name, discovery in found.items():
        assert not discovery.present, name
        assert str(tmp_path / "mesa") in discovery.reason
        assert "no network" in discovery.reason


@needs_mesa
def test_replay_newest_runs_the_twins_of_the_recorded_targets() -> None:
    """findings/spirv-opt-wrong: spirv-opt 2023.1's -O folds a negation into an unsigned
    divisor; replayed on the newest releases, every twin agrees with the interpreter."""
    result = CliRunner().invoke(main, ["replay", str(FINDINGS / "spirv-opt-wrong"), "--newest"])
    lines = result.output.splitlines()
    assert f"newest Mesa {MESA}" in lines[0]
    ran = {line.split()[0] for line in lines if line.startswith("  ") and " ok " in line}
    # The twins of the targets it recorded (softpipe runs fragment tests only, and
    # SwiftShader came later: this compute test recorded neither).
    recorded = load_test(FINDINGS / "spirv-opt-wrong").results.runs
    assert ran == set(twins_on_newest(recorded)) - {"gl-softpipe-newest"}
    assert ran == {*NEWEST_CPU_TARGETS, "interp"} - {
        "gl-softpipe-newest",
        "vk-swiftshader-newest",
        "vk-swiftshader-opt-newest",
    }
    assert "DOES NOT REPRODUCE: recorded wrong:spirv-opt" in result.output
    assert result.exit_code == 1


def test_a_campaign_without_the_newest_spirv_val_files_no_finding(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The GPU machine's case: a campaign that meets the rejection without the newest
    spirv-val keeps an unconfirmed bucket, which it neither reduces nor counts as a root
    cause, and `buckets` says so."""
    _absent_newest_tools(monkeypatch, tmp_path)
    campaign = tmp_path / "campaign"
    try:
        fuzz = CliRunner().invoke(
            main,
            [
                "fuzz",
                "--corpus",
                str(FINDINGS / "spirv-opt-invalid-phi-pointers"),
                "--targets",
                "vk-lavapipe,vk-lavapipe-opt,interp",
                "--count",
                "1",
                "--out",
                str(campaign),
            ],
        )
    finally:
        spirv_tools.debian_validators.cache_clear()
    assert fuzz.exit_code == 0, fuzz.output
    store = CampaignStore(campaign, read_only=True)
    try:
        (bucket,) = store.buckets()
        assert store.unreduced_buckets() == []
    finally:
        store.close()
    assert bucket.signature == unconfirmed(PHI_POINTERS)
    assert bucket.kind == "unconfirmed" and bucket.ignored and bucket.reduced is None
    listed = CliRunner().invoke(main, ["buckets", str(campaign)])
    assert "0 root causes (1 unconfirmed buckets: no finding)" in " ".join(listed.output.split())
    assert "[ignored]" in listed.output
