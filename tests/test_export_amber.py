"""Amber export (export/amber.py): the script ships the SPIR-V a Vulkan target consumed
(checked against the recorded disassembly, against the real lavapipe and against glslang +
spirv-opt with the script's own pass list), its header, and, when AMBER points at a real
Amber build, Amber's verdict on findings (skipped with a message otherwise)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case import TestCase, load_test
from shadersmith.case.runs import RecordedResults
from shadersmith.cli import main
from shadersmith.export.amber import PASSES_COMMENT, amber_binary, amber_script
from shadersmith.export.common import ExportError
from shadersmith.targets import spirv_tools
from shadersmith.targets.buffers import buffer_inputs_from_specs
from tests.export_support import echo_test
from tests.targets_support import vk_lavapipe

FINDINGS = Path(__file__).resolve().parent.parent / "findings"


def _shipped_assembly(text: str) -> str:
    """The SPIR-V assembly between `SHADER ... main_shader SPIRV-ASM` and its END."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("main_shader SPIRV-ASM"))
    end = lines.index("END", start)
    return "\n".join(lines[start + 1 : end]) + "\n"


def _passes(text: str) -> list[str]:
    line = next(line for line in text.splitlines() if line.startswith(PASSES_COMMENT))
    return line.removeprefix(PASSES_COMMENT).split()


def _glsl(text: str) -> str:
    """The GLSL of the header's comments (after "# The GLSL it was compiled from:")."""
    lines = text.splitlines()
    start = lines.index("# The GLSL it was compiled from:") + 1
    body = []
    for line in lines[start:]:
        if not line.startswith("#"):
            break
        body.append(line.removeprefix("#").removeprefix("   "))
    return "\n".join(body) + "\n"


def _assemble(assembly: str, tmp_path: Path) -> bytes:
    source, module = tmp_path / "shipped.spvasm", tmp_path / "shipped.spv"
    source.write_text(assembly)
    command = ["spirv-as", "--target-env", "vulkan1.0", str(source), "-o", str(module)]
    subprocess.run(command, check=True, capture_output=True)
    return module.read_bytes()


def test_compute_script_ships_the_failing_targets_spirv_exactly() -> None:
    test = load_test(FINDINGS / "spirv-opt-wrong")
    text = amber_script(test)
    assert text.startswith("#!amber\n")
    assert _shipped_assembly(text) == test.files["vk-lavapipe-opt.spvasm"].decode()
    assert "SHADER compute main_shader SPIRV-ASM\n; SPIR-V\n" in text
    assert _passes(text) == ["-O"]
    assert _glsl(text) == test.main_shader
    assert "BUFFER buffer_1 DATA_TYPE uint32 DATA\n1380141081\nEND" in text
    assert "BIND BUFFER buffer_1 AS storage DESCRIPTOR_SET 0 BINDING 1" in text
    assert "RUN pipeline 1 1 1" in text
    assert text.rstrip().endswith("EXPECT buffer_1 IDX 0 EQ 2914826215")
    assert "SHADER_OPTIMIZATION" not in text


def test_header_names_the_finding_wrong_values_versions_and_licence() -> None:
    text = amber_script(load_test(FINDINGS / "spirv-opt-wrong"))
    head = text.split("SHADER ")[0].splitlines()
    assert "# SPDX-License-Identifier: Apache-2.0" in head
    assert any(line.startswith("# A compute test found by shadersmith") for line in head)
    assert "# Finding: wrong:spirv-opt (odd_one_out) on vk-lavapipe-opt" in head
    assert "# Wrong value: binding 1 out_0_f0: expected 2914826215, got vk-lavapipe-opt 0" in head
    assert "# SPIR-V: what vk-lavapipe-opt consumed" in head
    versions = next(line for line in head if line.startswith("# Versions: "))
    assert "glslang 11:12.0.0" in versions and "spirv-opt SPIRV-Tools v2023.1" in versions
    assert "lavapipe Mesa 22.3.6 (LLVM 15.0.6)" in versions


def test_target_picks_another_recorded_module() -> None:
    test = load_test(FINDINGS / "spirv-opt-wrong")
    text = amber_script(test, "vk-lavapipe")
    assert _shipped_assembly(text) == test.files["vk-lavapipe.spvasm"].decode()
    assert PASSES_COMMENT not in text  # vk-lavapipe ran no spirv-opt
    with pytest.raises(ExportError, match="no SPIR-V recorded for target gl-llvmpipe"):
        amber_script(test, "gl-llvmpipe")


def test_a_multi_buffer_test_binds_every_buffer_and_expects_only_outputs() -> None:
    text = amber_script(load_test(FINDINGS / "mesa-gl-swizzle-index"))
    binds = [line for line in text.splitlines() if line.strip().startswith("BIND BUFFER")]
    expects = [line for line in text.splitlines() if line.startswith("EXPECT")]
    assert len(binds) >= 2 and 1 <= len(expects) < len(binds)


def test_fragment_script_clears_then_draws_a_rect_and_expects_every_row() -> None:
    test = load_test(FINDINGS / "llvmpipe-gl-const-array-index")
    text = amber_script(test)
    assert "SHADER vertex vertex_shader PASSTHROUGH\n" in text
    assert "SHADER fragment main_shader SPIRV-ASM\n; SPIR-V\n" in text
    # The finding's targets are GL ones (llvmpipe, spirv-cross): the first Vulkan one ships.
    assert _shipped_assembly(text) == test.files["vk-lavapipe.spvasm"].decode()
    # The ivec3 uniform block: its std140 bytes as words (-28, 242721098, -1, padding).
    assert "BUFFER buffer_0 DATA_TYPE uint32 DATA\n4294967268 242721098 4294967295 0\nEND" in text
    assert "BUFFER framebuffer FORMAT R32G32B32A32_UINT" in text
    lines = text.splitlines()
    for line in (
        "  FRAMEBUFFER_SIZE 64 64",
        "  BIND BUFFER framebuffer AS color LOCATION 0",
        "  BIND BUFFER buffer_0 AS uniform DESCRIPTOR_SET 0 BINDING 0",
    ):
        assert line in lines
    draw = lines.index("RUN pipeline DRAW_RECT POS 0 0 SIZE 64 64")
    assert lines[draw - 2 : draw] == ["CLEAR_COLOR pipeline 0 0 0 0", "CLEAR pipeline"]
    expects = [line for line in lines if line.startswith("EXPECT")]
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


def _essl(test: TestCase) -> TestCase:
    """`test` as an ESSL 3.10 test with no recorded run (so glslang compiles it now)."""
    source = test.main_shader.replace(
        "#version 450", "#version 310 es\nprecision highp float;\nprecision highp int;"
    )
    name = next(iter(test.shaders))
    return dataclasses.replace(
        test,
        language="essl310",
        shaders={name: source},
        results=RecordedResults(),
        files={},
    )


def test_essl_fragment_tests_are_exported_from_glslangs_module() -> None:
    test = _essl(load_test(FINDINGS / "llvmpipe-gl-const-array-index"))
    text = amber_script(test)
    assert "# SPIR-V: glslang's module of the GLSL below, made at export" in text
    assert "SHADER fragment main_shader SPIRV-ASM\n" in text
    assert "OpSource ESSL 310" in _shipped_assembly(text)
    module = spirv_tools.compile_glsl_to_spirv(test.main_shader, "fragment")
    module = spirv_tools.optimize(module, _passes(text))
    assert _shipped_assembly(text) == spirv_tools.disassemble(module)


def test_wgsl_tests_are_refused_in_one_line() -> None:
    for finding in ("naga-glsl-out-remainder", "llvmpipe-gl-wgsl-global-array"):
        with pytest.raises(ExportError) as refused:
            amber_script(load_test(FINDINGS / finding))
        assert str(refused.value) == "Amber has no WGSL: a WGSL test cannot be exported to Amber"


def test_the_shipped_spirv_opt_module_shows_the_bug_on_lavapipe(tmp_path: Path) -> None:
    """The must-show: the script's SPIR-V, assembled and run on the real lavapipe, gives
    the recorded wrong value; glslang's module of the script's GLSL, put through spirv-opt
    with the script's pass list, is the same module."""
    test = load_test(FINDINGS / "spirv-opt-wrong")
    text = amber_script(test)
    assembly = _shipped_assembly(text)
    spirv = _assemble(assembly, tmp_path)
    result = vk_lavapipe().run_compute(
        spirv, buffer_inputs_from_specs(test.buffers), test.inputs.dispatch
    )
    recorded = test.results.runs["vk-lavapipe-opt"].values
    assert recorded == {"1": {"out_0_f0": 0}}
    assert result.buffers[1]["out_0_f0"] == 0  # the interpreter and the others: 2914826215
    remade = spirv_tools.optimize(
        spirv_tools.compile_glsl_to_spirv(_glsl(text), "compute"), _passes(text)
    )
    assert spirv_tools.disassemble(remade) == assembly


def test_the_shipped_invalid_module_fails_validation_with_the_recorded_message(
    tmp_path: Path,
) -> None:
    test = load_test(FINDINGS / "spirv-opt-invalid-phi-pointers")
    text = amber_script(test)
    message = "Using pointers with OpPhi requires capability VariablePointers"
    assert message in text.split("SHADER ")[0]
    module = tmp_path / "shipped.spv"
    module.write_bytes(_assemble(_shipped_assembly(text), tmp_path))
    done = subprocess.run(["spirv-val", str(module)], capture_output=True, text=True)
    assert done.returncode != 0 and message in done.stdout + done.stderr
    remade = spirv_tools.optimize(
        spirv_tools.compile_glsl_to_spirv(_glsl(text), "compute"), _passes(text)
    )
    assert spirv_tools.disassemble(remade) == _shipped_assembly(text)


def test_cli_hint_runs_amber_without_validation_layers(tmp_path: Path) -> None:
    directory = tmp_path / "spirv-opt-wrong"
    shutil.copytree(FINDINGS / "spirv-opt-wrong", directory)
    result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber"])
    assert result.exit_code == 0, result.output
    assert f"run: amber -d {directory / 'test.amber'}" in result.output


@pytest.mark.parametrize(
    ("finding", "passes"),
    [
        # The shipped module is spirv-opt's: its bug shows (fail).
        ("spirv-opt-wrong", False),
        ("spirv-opt-invalid-phi-pointers", False),
        ("glslang-fold-vector-equality", False),
        # Fragment tests: vk-lavapipe drew each of them as the interpreter did.
        ("llvmpipe-gl-const-array-index", True),
        ("softpipe-index-side-effect", True),
    ],
)
def test_real_amber_agrees_with_the_finding(finding: str, passes: bool, tmp_path: Path) -> None:
    """spirv-opt's and glslang's bugs are in the shipped module (fail); the fragment
    findings' bugs are in GL drivers and spirv-cross, not glslang+lavapipe (pass)."""
    amber = amber_binary()
    if amber is None:
        pytest.skip("no Amber build: set AMBER to an amber binary or its folder")
    directory = tmp_path / finding
    shutil.copytree(FINDINGS / finding, directory)
    result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber"])
    assert result.exit_code == 0, result.output
    done = subprocess.run(
        [str(amber), "-d", str(directory / "test.amber")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode == 0) is passes, done.stdout + done.stderr
