"""A tool step is blamed for invalid SPIR-V only when the judging spirv-val (the newest)
accepts the step's input and rejects its output (targets/tools/step_validity.py); with the
real tools and lavapipe."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from shadersmith.ir.types import INT, ArrayType
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.tools import newest, spirv_tools, toolchain
from shadersmith.targets.tools.glslang import glslang_version, system_tool
from tests.targets_support import vk_lavapipe

ROOT = Path(__file__).resolve().parent.parent
SKEW = ROOT / "tests" / "data" / "validator-skew-shared-array" / "shader.comp"
SKEW_PASSES = ("--eliminate-dead-branches", "--merge-blocks")
PHI = ROOT / "findings" / "spirv-opt-phi-type-mismatch"
PHI_PASSES = (
    "--ssa-rewrite",
    "--inline-entry-points-exhaustive",
    "--eliminate-local-single-store",
    "--loop-unswitch",
    "--eliminate-dead-code-aggressive",
)
NEWEST_VAL = newest.tool_path_or_none(spirv_tools.SPIRV_VAL)
needs_newest = pytest.mark.skipif(
    NEWEST_VAL is None, reason="the newest spirv-val is not installed (scripts/setup.sh)"
)


def _verdict(validator: str, spirv: bytes, tmp_path: Path) -> str:
    """A validator's command line on `spirv`: "" when it accepts, else its message."""
    module = tmp_path / "module.spv"
    module.write_bytes(spirv)
    command = [validator, "--target-env", "vulkan1.0", str(module)]
    ran = subprocess.run(command, capture_output=True, text=True, check=False)
    return "" if ran.returncode == 0 else ran.stdout + ran.stderr


@needs_newest
def test_the_validators_disagree_on_glslangs_module_and_on_spirv_opts(tmp_path: Path) -> None:
    """The premise of the next test, from the command lines: Debian's spirv-val accepts
    glslang 12's module that the newest rejects (10684), and rejects spirv-opt's output
    of it for another reason (#5784) than the newest's (10684 again)."""
    assert NEWEST_VAL is not None
    debian = system_tool(spirv_tools.SPIRV_VAL)
    assert debian is not None
    glslang = spirv_tools.compile_glsl_to_spirv(SKEW.read_text(), "compute")
    optimised = spirv_tools.optimize(glslang, SKEW_PASSES)
    assert _verdict(debian, glslang, tmp_path) == ""
    assert "VUID-StandaloneSpirv-None-10684" in _verdict(NEWEST_VAL, glslang, tmp_path)
    assert "branches to the loop continue target" in _verdict(debian, optimised, tmp_path)
    assert "VUID-StandaloneSpirv-None-10684" in _verdict(NEWEST_VAL, optimised, tmp_path)


@needs_newest
def test_an_input_the_newest_spirv_val_rejects_is_not_the_optimisers_finding() -> None:
    buffer = BufferInput(0, (("a", ArrayType(INT, 2)),), {"a": (0, 5)})
    result = toolchain.run_compute_on_vulkan(vk_lavapipe(), SKEW.read_text(), [buffer], SKEW_PASSES)
    assert result.status is RunStatus.OK, result.log
    assert result.failed_component is None
    assert result.buffers[0] == {"a": (1, 37)}  # the driver ran spirv-opt's module
    glslang = glslang_version()
    assert f"rejects spirv-opt's input, glslang {glslang}'s module, as well as" in result.log
    assert "not spirv-opt's finding (input: error: line 33: [VUID-StandaloneSpirv-None-10684]" in (
        result.log
    )
    # glslang 13.1.1 still shares the type: the note says the newest is no better.
    assert "its newest release's module is rejected too (the same)" in result.log


def test_an_optimiser_that_breaks_a_valid_module_is_still_blamed() -> None:
    """findings/spirv-opt-phi-type-mismatch: glslang's module is valid, spirv-opt's is not."""
    source = (PHI / "shader.comp").read_text()
    buffers = [
        BufferInput(1, (("in_1_f1", INT),), {"in_1_f1": -31215794}),
        BufferInput(2, (("out_0_f0", ArrayType(INT, 1)),), {"out_0_f0": (0,)}),
    ]
    result = toolchain.run_compute_on_vulkan(vk_lavapipe(), source, buffers, PHI_PASSES)
    assert result.status is RunStatus.VALIDATION_ERROR
    assert result.failed_component == "spirv-val after spirv-opt"
    assert "OpPhi's result type" in result.log
    assert result.unconfirmed is (NEWEST_VAL is None)
