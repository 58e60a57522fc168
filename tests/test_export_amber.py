"""Amber export (export/amber.py): the script ships the SPIR-V a Vulkan target consumed
(checked against the recorded disassembly, against the real lavapipe and against glslang +
spirv-opt with the script's own pass list), its header, a metamorphic pair as two
pipelines compared with each other (pairs run on the real lavapipe and on a planted
variant of it), generated textures and images as Amber images and a generated vertex
shader's triangle, and, when AMBER points at a real Amber build, Amber's verdict on
findings, pairs and generated texture and vertex-stage tests (skipped with a message
otherwise)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path
from typing import cast

import numpy as np
import pytest
from click.testing import CliRunner

from shadersmith.case import StepRecord, TestCase, load_test, write_test
from shadersmith.case.runs import RecordedResults
from shadersmith.case.testcase import VERTEX_FILE
from shadersmith.case.typenames import parse_type_name
from shadersmith.cli import main
from shadersmith.export.amber import PASSES_COMMENT, amber_binary, amber_script
from shadersmith.export.amber_buffers import amber_buffer
from shadersmith.export.common import (
    ExportError,
    expected_buffers,
    expected_image,
    readable,
    signed,
    words_of,
)
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.mutate.metamorphic import plan_variant
from shadersmith.mutate.transforms.opaque import OPAQUE_BLOCK
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.metamorphic import judge_metamorphic
from shadersmith.pair import prepare_pair, recorded_pair
from shadersmith.targets.results import BufferInput
from shadersmith.targets.runners.buffers import buffer_inputs_from_specs
from shadersmith.targets.runners.std430 import pack_buffer
from shadersmith.targets.runners.texels import TEXEL_DTYPES
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import spirv_tools
from shadersmith.trial import prepare_generated
from tests.export_support import echo_test, float_test, written_file
from tests.spirv_support import assemble
from tests.targets_support import vk_lavapipe

FINDINGS = Path(__file__).resolve().parent.parent / "findings"


def _shipped_assembly(text: str, shader: str = "main_shader") -> str:
    """The SPIR-V assembly between `SHADER ... <shader> SPIRV-ASM` and its END."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith(f" {shader} SPIRV-ASM"))
    end = lines.index("END", start)
    return "\n".join(lines[start + 1 : end]) + "\n"


def _passes(text: str) -> list[str]:
    line = next(line for line in text.splitlines() if line.startswith(PASSES_COMMENT))
    return line.removeprefix(PASSES_COMMENT).split()


def _glsl(text: str, title: str = "The GLSL it was compiled from") -> str:
    """The GLSL of the header's comments (after "# <title>:")."""
    lines = text.splitlines()
    start = lines.index(f"# {title}:") + 1
    body = []
    for line in lines[start:]:
        if not line.startswith("#"):
            break
        body.append(line.removeprefix("#").removeprefix("   "))
    return "\n".join(body) + "\n"


def _real_amber(script: Path) -> subprocess.CompletedProcess[str]:
    """The Amber build AMBER names run on `script` without validation layers (-d); the
    test is skipped where there is none."""
    amber = amber_binary()
    if amber is None:
        pytest.skip("no Amber build: set AMBER to an amber binary or its folder")
    return subprocess.run(
        [str(amber), "-d", str(script)], capture_output=True, text=True, check=False
    )


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


def _licence_and_description(head: list[str]) -> None:
    """What a CTS script opens with: the Apache-2.0 notice, what it is, why it passes."""
    assert head[:3] == ["#!amber", "", "# Copyright the shadersmith authors"]
    assert "# SPDX-License-Identifier: Apache-2.0" in head
    assert '# Licensed under the Apache License, Version 2.0 (the "License");' in head
    assert "#     http://www.apache.org/licenses/LICENSE-2.0" in head
    assert "# limitations under the License." in head
    assert any(line.startswith("# Short description: ") for line in head)
    assert any(line.startswith("# The test passes because ") for line in head)


def test_header_names_the_finding_wrong_values_versions_and_licence() -> None:
    text = amber_script(load_test(FINDINGS / "spirv-opt-wrong"))
    head = text.split("SHADER ")[0].splitlines()
    _licence_and_description(head)
    assert any(line.startswith("# A compute test found by shadersmith") for line in head)
    assert "# Finding: odd_one_out on vk-lavapipe-opt" in head
    assert "# Signature: wrong:spirv-opt" in head
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
    # The Named block's std140 bytes, a word a member: ivec3 iv at byte 16, vec2 fv at 32,
    # uint a[3] at 48 with a 16-byte stride, uvec2 aa[2][2] at 96, 160 bytes in all.
    struct = text.split("STRUCT buffer_1_words STRIDE 160\n")[1].split("END\n")[0]
    assert struct.splitlines()[:9] == [
        "  int32 i",
        "  uint32 u",
        "  float f",
        "  int32 iv.x OFFSET 16",
        "  int32 iv.y",
        "  int32 iv.z",
        "  float fv.x OFFSET 32",
        "  float fv.y",
        "  uint32 a[0] OFFSET 48",
    ]
    assert "  uint32 aa[1][1].x OFFSET 144\n  uint32 aa[1][1].y\n" in struct
    assert (
        "BUFFER buffer_1 DATA_TYPE buffer_1_words DATA\n"
        "-7 4000000000 -3.0 -1 2 -2147483648 1.0 -3.0\n"
        "1 4294967295 3 1 2 3 4 5\n"
        "6 7 8\n"
        "END"
    ) in text


def _amber_words(text: str, name: str) -> tuple[dict[int, tuple[str, str]], dict[int, str]]:
    """The buffer `name`'s words as Amber reads its STRUCT: byte offset -> (member type,
    data value), and byte offset -> the EXPECT's value (OFFSET where given, else 4 bytes
    after the member before; values in member order; "" without an EXPECT)."""
    struct = text.split(f"STRUCT {name}_words")[1].split("\nEND\n")[0].splitlines()[1:]
    offsets, types, at = [], [], 0
    for member in struct:
        words = member.split()
        at = int(words[3]) if len(words) == 4 else at
        offsets.append(at)
        types.append(words[0])
        at += 4
    data = text.split(f"BUFFER {name} DATA_TYPE {name}_words DATA\n")[1].split("\nEND")[0]
    expects = [line for line in text.splitlines() if line.startswith(f"EXPECT {name} ")]
    values = dict(zip(offsets, zip(types, data.split(), strict=True), strict=True))
    checked = expects[0].split()[5:] if expects else [""] * len(offsets)
    return values, dict(zip(offsets, checked, strict=True))


def _float_bits(literal: str) -> int:
    # Amber reads a float with strtod and stores it cast to float (src/buffer.cc).
    return int(np.array([float(literal)], dtype=np.float32).view(np.uint32)[0])


def test_float_members_are_decimals_that_read_back_to_their_exact_bits() -> None:
    """The mixed blocks are STRUCTs of one scalar a word at its std430 offset: each float
    member's data and EXPECT value read back (strtod, then float) to the test's word at
    that offset, int members are signed values, and the float words Amber cannot check
    exactly (zeros, NaN, -inf in the checked buffer) are uint32 with their bits."""
    test = float_test()
    text = amber_script(test)
    buffers = buffer_inputs_from_specs(test.buffers)
    expected = expected_buffers(readable(test))
    for buffer in buffers:
        before = words_of(pack_buffer(buffer.fields, buffer.values))
        after = words_of(pack_buffer(buffer.fields, expected[buffer.block]))
        values, expects = _amber_words(text, f"buffer_{buffer.binding}")
        floats = 0
        for offset, (type_, value) in values.items():
            word, checked = before[offset // 4], after[offset // 4]
            shown = expects[offset] or value  # the input block has no EXPECT
            checked = checked if expects[offset] else word
            if type_ == "float":
                floats += 1
                assert _float_bits(value) == word, (buffer.binding, offset, value)
                assert _float_bits(shown) == checked, (offset, shown)
            elif type_ == "int32":
                assert (int(value), int(shown)) == (signed(word), signed(checked))
            else:
                assert (type_, int(value), int(shown)) == ("uint32", word, checked)
        assert floats >= 3
    assert "STRUCT buffer_0_words\n  int32 n\n  float v.x OFFSET 16\n" in text
    assert "BUFFER buffer_0 DATA_TYPE buffer_0_words DATA\n-7 -2.0 -3.0 1024.0\nEND" in text
    assert "  float keep[1]\n" in text and " 0.1 " in text  # 0.1 in data and EXPECT
    assert "  float keep[5]\n" in text and "1.0e-45" in text  # the smallest subnormal
    for bits in ("keep[6]", "keep[10]", "keep[11]", "keep[12]"):  # 0.0, -0.0, NaN, -inf
        assert f"  uint32 {bits}\n" in text
    assert "# Float words as uint32 bit patterns where Amber cannot" in text


def test_a_block_of_floats_is_a_float_buffer_and_a_padded_one_a_struct() -> None:
    vector = BufferInput(0, (("w", parse_type_name("vec4")),), {"w": (1.5, -0.0, 0.1, 2.0)})
    assert amber_buffer(vector, "b").lines == [
        "BUFFER b DATA_TYPE float DATA",
        "1.5 -0.0 0.1 2.0",  # an input keeps -0.0: strtod reads its sign
        "END",
        "",
    ]
    # A uniform block of one float: std140 sizes it 16 bytes, padding that STRIDE keeps.
    one = BufferInput(0, (("f", parse_type_name("float")),), {"f": 0.25}, uniform=True)
    assert amber_buffer(one, "u").lines[:3] == ["STRUCT u_words STRIDE 16", "  float f", "END"]
    # No float member: the words, as before.
    ints = BufferInput(0, (("i", parse_type_name("int")),), {"i": -1})
    assert amber_buffer(ints, "i").lines[0] == "BUFFER i DATA_TYPE uint32 DATA"


def _essl(test: TestCase) -> TestCase:
    """`test` as an ESSL 3.10 test with no recorded run (so glslang compiles it now)."""
    source = test.main_shader.replace(
        "#version 450", "#version 310 es\nprecision highp float;\nprecision highp int;"
    )
    name = next(iter(test.shaders))
    return dataclasses.replace(
        test,
        profile="essl310",
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
    spirv = assemble(assembly, tmp_path)
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


@pytest.mark.parametrize(
    ("finding", "message"),
    [
        (
            "spirv-opt-invalid-phi-pointers",
            "Using pointers with OpPhi requires capability VariablePointers",
        ),
        ("spirv-opt-continue-postdominance", "is not structurally post dominated by the back-edge"),
        ("spirv-opt-phi-type-mismatch", "does not match incoming value <id>"),
    ],
)
def test_the_shipped_invalid_module_fails_validation_with_the_recorded_message(
    finding: str, message: str, tmp_path: Path
) -> None:
    test = load_test(FINDINGS / finding)
    text = amber_script(test)
    assert message in text.split("SHADER ")[0]
    module = tmp_path / "shipped.spv"
    module.write_bytes(assemble(_shipped_assembly(text), tmp_path))
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
    assert f"run: amber -d {written_file(result.output)}" in result.output


@pytest.mark.parametrize(
    ("finding", "passes"),
    [
        # The shipped module is spirv-opt's: its bug shows (fail).
        ("spirv-opt-wrong", False),
        ("spirv-opt-invalid-phi-pointers", False),
        ("spirv-opt-continue-postdominance", False),
        ("spirv-opt-phi-type-mismatch", False),
        ("glslang-fold-vector-equality", False),
        # Fragment tests: vk-lavapipe drew each of them as the interpreter did.
        ("llvmpipe-gl-const-array-index", True),
        ("softpipe-index-side-effect", True),
    ],
)
def test_real_amber_agrees_with_the_finding(finding: str, passes: bool, tmp_path: Path) -> None:
    """spirv-opt's and glslang's bugs are in the shipped module (fail); the fragment
    findings' bugs are in GL drivers and spirv-cross, not glslang+lavapipe (pass)."""
    directory = tmp_path / finding
    shutil.copytree(FINDINGS / finding, directory)
    result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber"])
    assert result.exit_code == 0, result.output
    done = _real_amber(written_file(result.output))
    assert (done.returncode == 0) is passes, done.stdout + done.stderr


# ------------------------------------------------------------------ metamorphic pairs

# A Vulkan target that skips the loops wrap-loop bounds by an opaque value: only variants
# meet it (tests/planted_bugs.py), so a pair on it is a metamorphic finding.
PLANTED = "planted-opaque-loop-skipped-vk-lavapipe"
# Seeds whose variant (wrap-loop and identity) the planted target miscompiles.
PAIR_SEEDS = {"compute": 14, "fragment": 19}


def _run_pair(seed: int, stage: str) -> TestCase:
    """Pair `seed` run on the planted target and the real lavapipe, judged and recorded
    as a metamorphic campaign records it."""
    fragment = 1.0 if stage == "fragment" else 0.0
    # Opaque values loaded as they are (`< _opaque.one`, what the planted rewrite looks
    # for), as plans made before synthesised opaque values (mutate/transforms/opaque.py)
    # recorded them: a step without the `opaque` parameter.
    plan = [
        StepRecord(step.name, {k: v for k, v in step.params.items() if k != "opaque"})
        for step in plan_variant(seed, PAIR_FAMILIES)
    ]
    pair = prepare_pair(seed, SmithOptions(fragment_probability=fragment), plan)
    targets = [PLANTED, "vk-lavapipe"]
    with TargetSession([*targets, REFERENCE]) as session:
        reference, variant = (
            r for _, r in session.run_many([pair.reference.job, pair.variant.job])
        )
        judged = judge_metamorphic(reference, variant, targets, session.components())
        versions = session.versions()
    assert [f.signature for f in judged.findings] == [f"metamorphic:{PLANTED}"]
    return recorded_pair(pair, reference, variant, judged.findings[0], versions)


PAIR_FAMILIES = ("wrap-loop", "identity")


@pytest.fixture(scope="module")
def pairs() -> dict[str, TestCase]:
    return {stage: _run_pair(seed, stage) for stage, seed in PAIR_SEEDS.items()}


def _lines_from(text: str, first: str) -> list[str]:
    """The script's lines from the line `first` on (the part after the shaders)."""
    lines = text.splitlines()
    return lines[lines.index(first) :]


def test_a_compute_pair_is_two_pipelines_whose_output_buffers_must_be_equal(
    pairs: dict[str, TestCase],
) -> None:
    test = pairs["compute"]
    text = amber_script(test)
    # The finding's target's two modules, as it consumed them.
    for side in ("reference", "variant"):
        shipped = test.files[f"{PLANTED}.{side}.spvasm"].decode()
        assert _shipped_assembly(text, f"{side}_shader") == shipped
        assert f"SHADER compute {side}_shader SPIRV-ASM" in text
    assert _glsl(text, "The reference's GLSL") == test.shaders["reference.comp"]
    assert _glsl(text, "The variant's GLSL") == test.main_shader
    tail = _lines_from(text, "PIPELINE compute reference_pipeline")
    outputs = [spec.binding for spec in test.buffers if spec.access != "input"]
    opaque = next(spec.binding for spec in test.buffers if spec.block == OPAQUE_BLOCK)
    every = [spec.binding for spec in test.buffers]
    x, y, z = test.dispatch
    assert tail == [
        "PIPELINE compute reference_pipeline",
        "  ATTACH reference_shader",
        *[
            f"  BIND BUFFER reference_buffer_{b} AS storage DESCRIPTOR_SET 0 BINDING {b}"
            for b in every
            if b != opaque  # the opaque values are the variant's alone
        ],
        "END",
        "",
        "PIPELINE compute variant_pipeline",
        "  ATTACH variant_shader",
        *[
            f"  BIND BUFFER variant_buffer_{b} AS storage DESCRIPTOR_SET 0 BINDING {b}"
            for b in every
        ],
        "END",
        "",
        f"RUN reference_pipeline {x} {y} {z}",
        f"RUN variant_pipeline {x} {y} {z}",
        "",
        *[f"EXPECT reference_buffer_{b} EQ_BUFFER variant_buffer_{b}" for b in outputs],
    ]
    # Each pipeline has a copy of the same inputs.
    for b in every:
        if b != opaque:
            mine = text.split(f"BUFFER reference_buffer_{b} DATA_TYPE ")[1]
            theirs = text.split(f"BUFFER variant_buffer_{b} DATA_TYPE ")[1]
            assert (
                mine.split("\n", 1)[1].split("END")[0] == theirs.split("\n", 1)[1].split("END")[0]
            )
    assert "IDX" not in "\n".join(tail)  # no interpreter values: the pair checks itself


def test_a_pairs_header_names_its_transformations_finding_and_differing_values(
    pairs: dict[str, TestCase],
) -> None:
    test = pairs["compute"]
    head = amber_script(test).split("SHADER ")[0].splitlines()
    _licence_and_description(head)
    steps = [step.name for step in test.provenance.steps[1:]]
    short = next(line for line in head if line.startswith("# Short description: "))
    assert f"the reference after {len(steps)} semantics-preserving transformations" in short
    assert f"wrap-loop x{steps.count('wrap-loop')}" in short
    assert "(EQ_BUFFER)" in next(line for line in head if line.startswith("# The test passes"))
    assert f"# Finding: odd_one_out on {PLANTED}" in head
    assert f"# Signature: metamorphic:{PLANTED}" in head
    wrong = [line for line in head if line.startswith(f"# Wrong value on {PLANTED}: binding ")]
    runs = test.results.runs
    reference = runs[f"{PLANTED}.reference"].values or {}
    variant = runs[f"{PLANTED}.variant"].values or {}
    differing = [
        (binding, field)
        for binding, fields in reference.items()
        for field, value in fields.items()
        if variant[binding][field] != value
    ]
    assert differing and len(wrong) == len(differing)
    binding, field = differing[0]
    assert wrong[0].startswith(f"# Wrong value on {PLANTED}: binding {binding} {field}: ")
    assert (
        f"reference gives {reference[binding][field]}, variant {variant[binding][field]}"
        in (wrong[0])
    )
    assert f"# SPIR-V: what {PLANTED} consumed ({PLANTED}.reference, {PLANTED}.variant)" in head
    versions = next(line for line in head if line.startswith("# Versions: "))
    assert "planted-opaque-loop-skipped 1" in versions and "lavapipe Mesa" in versions


def test_a_fragment_pair_with_an_integer_colour_compares_framebuffers_exactly(
    pairs: dict[str, TestCase],
) -> None:
    test = pairs["fragment"]
    text = amber_script(test)
    width, height = test.inputs.framebuffer or (0, 0)
    assert "SHADER vertex vertex_shader PASSTHROUGH" in text
    assert "BUFFER reference_framebuffer FORMAT R32G32B32A32_UINT" in text
    assert "BUFFER variant_framebuffer FORMAT R32G32B32A32_UINT" in text
    lines = text.splitlines()
    for side in ("reference", "variant"):
        draw = lines.index(f"RUN {side}_pipeline DRAW_RECT POS 0 0 SIZE {width} {height}")
        assert lines[draw - 2 : draw] == [
            f"CLEAR_COLOR {side}_pipeline 0 0 0 0",
            f"CLEAR {side}_pipeline",
        ]
        assert f"  BIND BUFFER {side}_framebuffer AS color LOCATION 0" in lines
    assert lines[-1] == "EXPECT reference_framebuffer EQ_BUFFER variant_framebuffer"
    wrong = next(line for line in lines if line.startswith("# Wrong image on "))
    assert wrong.startswith(f"# Wrong image on {PLANTED}: the variant's image differs")


FLOAT_REFERENCE = """#version 450
layout(std140, binding = 0) uniform Values { float red; };
layout(location = 0) out vec4 _color;

void main() {
    _color = vec4(red, gl_FragCoord.x / 64.0, 0.0, 1.0);
}
"""
FLOAT_VARIANT = FLOAT_REFERENCE.replace(
    "    _color =", "    if (gl_FragCoord.x >= 0.0) {\n        _color ="
).replace("1.0);\n}", "1.0);\n    }\n}")


def test_a_fragment_pair_with_a_float_colour_compares_histograms_like_graphicsfuzz(
    pairs: dict[str, TestCase],
) -> None:
    """A float colour lands in RGBA8: the framebuffers are compared by the earth mover's
    distance of their histograms, with GraphicsFuzz's tolerance; with no module recorded,
    glslang makes both at export."""
    recorded = pairs["fragment"]
    test = dataclasses.replace(
        recorded,
        shaders={"shader.frag": FLOAT_VARIANT, "reference.frag": FLOAT_REFERENCE},
        results=RecordedResults(),
        files={},
    )
    text = amber_script(test)
    assert "# SPIR-V: glslang's modules of the GLSL below, made at export" in text
    for side, source in (("reference", FLOAT_REFERENCE), ("variant", FLOAT_VARIANT)):
        module = spirv_tools.compile_glsl_to_spirv(source, "fragment")
        assert _shipped_assembly(text, f"{side}_shader") == spirv_tools.disassemble(module)
        assert f"BUFFER {side}_framebuffer FORMAT R8G8B8A8_UNORM" in text
        assert f"CLEAR_COLOR {side}_pipeline 0 0 0 255" in text
    assert text.splitlines()[-1] == (
        "EXPECT reference_framebuffer EQ_HISTOGRAM_EMD_BUFFER variant_framebuffer TOLERANCE 0.005"
    )
    assert "(EQ_HISTOGRAM_EMD_BUFFER, a float colour)" in text


def test_target_picks_the_pairs_modules_of_another_recorded_target(
    pairs: dict[str, TestCase],
) -> None:
    test = pairs["compute"]
    text = amber_script(test, "vk-lavapipe")
    for side in ("reference", "variant"):
        shipped = test.files[f"vk-lavapipe.{side}.spvasm"].decode()
        assert _shipped_assembly(text, f"{side}_shader") == shipped
    with pytest.raises(ExportError, match="no SPIR-V recorded for both sides on target gl-"):
        amber_script(test, "gl-llvmpipe")


@pytest.mark.parametrize("stage", sorted(PAIR_SEEDS))
@pytest.mark.parametrize(("target", "passes"), [(PLANTED, False), ("vk-lavapipe", True)])
def test_real_amber_runs_both_pipelines_of_a_pair(
    stage: str, target: str, passes: bool, pairs: dict[str, TestCase], tmp_path: Path
) -> None:
    """The planted target's modules compute differently (fail); the real lavapipe's
    compute alike (pass)."""
    directory = tmp_path / stage
    write_test(pairs[stage], directory)
    result = CliRunner().invoke(
        main, ["export", str(directory), "--format", "amber", "--target", target]
    )
    assert result.exit_code == 0, result.output
    done = _real_amber(written_file(result.output))
    assert (done.returncode == 0) is passes, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("variant", "passes"),
    [
        (FLOAT_VARIANT, True),
        # Half the green everywhere: another histogram (EMD 0.25), not only another picture.
        (FLOAT_VARIANT.replace("gl_FragCoord.x / 64.0", "gl_FragCoord.x / 128.0"), False),
    ],
)
def test_real_amber_compares_float_framebuffers_by_their_histograms(
    variant: str, passes: bool, pairs: dict[str, TestCase], tmp_path: Path
) -> None:
    test = dataclasses.replace(
        pairs["fragment"],
        shaders={"shader.frag": variant, "reference.frag": FLOAT_REFERENCE},
        results=RecordedResults(),
        files={},
    )
    script = tmp_path / "test.amber"
    script.write_text(amber_script(test))
    done = _real_amber(script)
    assert (done.returncode == 0) is passes, done.stdout + done.stderr
    if not passes:
        assert "Histogram EMD value of" in done.stdout + done.stderr


# ------------------------------------------------------- textures, images, vertex stage

TEXTURES = SmithOptions(texture_probability=1.0)
SAMPLING = SmithOptions(texture_probability=1.0, texture_sampling_probability=1.0)
FRAGMENT_TEXTURES = SmithOptions(
    fragment_probability=1.0, texture_probability=1.0, texture_sampling_probability=1.0
)
VERTEX_STAGE = SmithOptions(fragment_probability=1.0, vertex_stage_probability=1.0)


def _generated(seed: int, options: SmithOptions) -> TestCase:
    """The reconditioned test of `seed`, as `generate` + `recondition` write it."""
    return prepare_generated(generate(seed, options), GLSL450).test


def _block(text: str, first: str) -> list[str]:
    """The lines of the block that opens with the line starting `first`, to its END."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    return lines[start : lines.index("END", start)]


def test_textures_and_images_are_images_of_their_format_holding_the_recorded_texels() -> None:
    """Compute seed 1 has an int and a float sampled texture and an int storage image:
    each an IMAGE of its format and size whose DATA are the test's texels, row y first,
    bound where the shader declares it (a sampler2D as a combined image sampler)."""
    test = _generated(1, TEXTURES)
    text = amber_script(test)
    for spec in test.inputs.buffers:
        if not spec.texture:
            continue
        (texture,) = [b.texture for b in buffer_inputs_from_specs([spec])]
        assert texture is not None
        name = f"{spec.texture}_{spec.binding}"
        format_name = {"u4": "R32_UINT", "i4": "R32_SINT", "f4": "R32_SFLOAT"}[
            TEXEL_DTYPES[texture.element]
        ]
        head, *rows = _block(text, f"IMAGE {name} ")
        assert head == (
            f"IMAGE {name} FORMAT {format_name} DIM_2D "
            f"WIDTH {texture.width} HEIGHT {texture.height} DATA"
        )
        texels = cast(tuple[tuple[float, ...], ...], spec.values[spec.block])
        assert [[float(v) for v in row.split()] for row in rows] == [
            [float(v) for v in row] for row in texels
        ]
        kind = (
            "storage_image"
            if spec.texture == "storage"
            else "combined_image_sampler SAMPLER nearest_sampler"
        )
        assert f"  BIND BUFFER {name} AS {kind} DESCRIPTOR_SET 0 BINDING {spec.binding}\n" in text
    assert (
        "SAMPLER nearest_sampler MAG_FILTER nearest MIN_FILTER nearest "
        "ADDRESS_MODE_U clamp_to_edge ADDRESS_MODE_V clamp_to_edge\n"
    ) in text


def test_a_storage_image_is_expected_to_hold_the_interpreters_texels() -> None:
    test = _generated(1, TEXTURES)
    (spec,) = [s for s in test.inputs.buffers if s.texture == "storage"]
    after = cast(
        tuple[tuple[int, ...], ...], expected_buffers(readable(test))[spec.block][spec.block]
    )
    words = " ".join(str(v) for row in after for v in row)
    assert f"\nEXPECT storage_{spec.binding} IDX 0 EQ {words}\n" in amber_script(test)


def test_a_float_texel_is_written_with_the_digits_that_give_its_bits_back() -> None:
    test = _generated(0, SAMPLING)
    floats = [
        s for s in test.inputs.buffers if s.texture == "sampled" and "float" in s.fields[0][1]
    ]
    assert floats
    spec = floats[0]
    rows = _block(amber_script(test), f"IMAGE sampled_{spec.binding} ")[1:]
    written = np.array([[float(v) for v in row.split()] for row in rows], dtype="f4")
    assert written.tobytes() == np.array(spec.values[spec.block], dtype="f4").tobytes()


def test_a_generated_vertex_shader_draws_its_triangle_from_its_module() -> None:
    """Its glslang module replaces the passthrough shader; the draw is vertices 0, 1, 2
    (DRAW_ARRAY, which Amber takes only with a vertex buffer: one the shader leaves
    unread), not a rectangle."""
    test = _generated(0, VERTEX_STAGE)
    assert test.vertex_shader is not None
    text = amber_script(test)
    assert "PASSTHROUGH" not in text and "DRAW_RECT" not in text
    assembly = "\n".join(_block(text, "SHADER vertex vertex_shader SPIRV-ASM")[1:])
    assert "OpEntryPoint Vertex %main" in assembly and "gl_VertexIndex" in assembly
    assert "  VERTEX_DATA vertex_indices LOCATION 0\n" in text
    assert "\nRUN pipeline DRAW_ARRAY AS TRIANGLE_LIST START_IDX 0 COUNT 3\n" in text


def test_the_expected_image_is_drawn_with_the_vertex_shaders_varyings() -> None:
    test = _generated(0, VERTEX_STAGE)
    image = expected_image(readable(test))
    first_row = " ".join(str(int(w)) for w in np.ravel(image[0]))
    assert f"\nEXPECT framebuffer IDX 0 EQ {first_row}\n" in amber_script(test)


def test_a_pair_with_a_vertex_shader_is_refused_in_one_line(pairs: dict[str, TestCase]) -> None:
    test = dataclasses.replace(pairs["fragment"], shaders={**pairs["fragment"].shaders})
    vertex = _generated(0, VERTEX_STAGE).vertex_shader
    assert vertex is not None
    test = dataclasses.replace(test, shaders={**test.shaders, VERTEX_FILE: vertex})
    with pytest.raises(ExportError, match=r"^Amber \(metamorphic pair\) export of a test with "):
        amber_script(test)


def _planted(text: str) -> str:
    """`text` with the last word of its last EXPECT one more."""
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("EXPECT "))
    *head, word = lines[last].split(" ")
    lines[last] = " ".join([*head, str(int(word) + 1)])
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("options", "seeds"),
    [
        (TEXTURES, (0, 1, 3)),
        (SAMPLING, (0, 1)),
        (FRAGMENT_TEXTURES, (0, 1)),
        (VERTEX_STAGE, (0, 1)),
    ],
    ids=["images", "sampling", "fragment-textures", "vertex-stage"],
)
def test_real_amber_passes_generated_tests_and_fails_a_planted_value(
    options: SmithOptions, seeds: tuple[int, ...], tmp_path: Path
) -> None:
    """Generated tests that vk-lavapipe runs as the interpreter does, exported as a user
    would, pass on lavapipe; one expected word more (a storage image's last texel, the
    framebuffer's last word) fails."""
    for seed in seeds:
        directory = write_test(_generated(seed, options), tmp_path / f"seed{seed}")
        result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber"])
        assert result.exit_code == 0, result.output
        done = _real_amber(written_file(result.output))
        assert done.returncode == 0, f"seed {seed}: {done.stdout + done.stderr}"
    planted = tmp_path / "planted.amber"
    planted.write_text(_planted(written_file(result.output).read_text()))
    assert _real_amber(planted).returncode != 0


def test_real_amber_passes_the_llvmpipe_vertex_finding_on_lavapipe(tmp_path: Path) -> None:
    """gl-llvmpipe draws seed 37's vertex-stage pair wrong; Vulkan's lavapipe draws it as
    the interpreter does, so its Amber script (the generated triangle) passes."""
    directory = tmp_path / "seed-37"
    shutil.copytree(
        Path(__file__).resolve().parent / "data" / "llvmpipe-vertex-pair-seed-37", directory
    )
    result = CliRunner().invoke(main, ["export", str(directory), "--format", "amber"])
    assert result.exit_code == 0, result.output
    assert "DRAW_ARRAY AS TRIANGLE_LIST" in written_file(result.output).read_text()
    done = _real_amber(written_file(result.output))
    assert done.returncode == 0, done.stdout + done.stderr
