"""piglit export (export/piglit.py), checked by Debian's real shader_runner: a finding
whose bug is not in Mesa's GL path passes, one whose bug is fails on the probed word or
pixel; a freshly generated fragment test passes; uniform block members reach the shader;
a fragment test with a generated vertex shader is drawn by that shader's triangle."""

from __future__ import annotations

import ctypes
import dataclasses
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from shadersmith.case import TestCase, load_test
from shadersmith.case.codec import write_test
from shadersmith.case.inputs import Inputs
from shadersmith.case.testcase import VERTEX_FILE
from shadersmith.cli import main
from shadersmith.export.checks import PiglitRun, run_shader_runner
from shadersmith.export.common import (
    ExportError,
    equal_rectangles,
    expected_buffers,
    readable,
    words_of,
)
from shadersmith.export.piglit import piglit_shader_test
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.targets.runners.buffers import buffer_inputs_from_specs
from shadersmith.targets.runners.std430 import pack_buffer
from shadersmith.trial import prepare_generated
from tests.export_support import echo_test, float_test, written_file

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
SHADER_RUNNER = Path("/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner")
DATA = Path(__file__).resolve().parent / "data"
PAIRS = SmithOptions(fragment_probability=1.0, vertex_stage_probability=1.0)


def _run(path: Path) -> str:
    # `./dev test` installs piglit (scripts/setup.sh --tests): missing is a set-up failure.
    assert SHADER_RUNNER.is_file(), f"{SHADER_RUNNER} missing: run ./dev test (installs piglit)"
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


def _exported(directory: Path) -> Path:
    result = CliRunner().invoke(main, ["export", str(directory)])
    assert result.exit_code == 0, result.output
    return written_file(result.output)


# ---------------------------------------------------------------------------- compute


def test_shader_test_has_buffers_dispatch_and_probes() -> None:
    text = piglit_shader_test(load_test(FINDINGS / "glslang-fold-vector-equality"))
    assert "[compute shader]" in text and "GLSL >= 4.50" in text
    assert "ssbo 2 subdata int 0 745710423" in text
    assert text.rstrip().endswith("probe ssbo uint 2 0 == 745710423")


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
    output = _run(_exported(directory))
    assert f'"result": "{verdict}"' in output, output


def _float_lines(text: str, command: str) -> dict[tuple[int, int], str]:
    """(binding, offset) -> the literal the file's `ssbo ... subdata float` (`command`
    "subdata") or `probe ssbo float` ("probe") lines give that word."""
    found = {}
    for line in text.splitlines():
        words = line.split()
        if command == "subdata" and line.startswith("ssbo ") and words[2:4] == ["subdata", "float"]:
            found[(int(words[1]), int(words[4]))] = words[5]
        elif command == "probe" and line.startswith("probe ssbo float "):
            found[(int(words[3]), int(words[4]))] = words[6]
    return found


def _strtof(text: str) -> int:
    """The bits C's strtof (shader_runner's `%f`) reads from `text`."""
    libc = ctypes.CDLL(None)
    libc.strtof.restype = ctypes.c_float
    libc.strtof.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    return int(np.array([libc.strtof(text.encode(), None)], dtype=np.float32).view(np.uint32)[0])


def test_float_words_are_decimals_that_read_back_to_their_exact_bits() -> None:
    """Every float literal of the file, read as shader_runner reads it (strtof) and as
    Python's float then numpy's float32, is the word the test has at that offset, set
    and probed; words no decimal shows exactly are ints with their bits."""
    test = float_test()
    text = piglit_shader_test(test)
    buffers = buffer_inputs_from_specs(test.buffers)
    expected = expected_buffers(readable(test))
    words = {
        "subdata": {b.binding: words_of(pack_buffer(b.fields, b.values)) for b in buffers},
        "probe": {b.binding: words_of(pack_buffer(b.fields, expected[b.block])) for b in buffers},
    }
    for command, data in words.items():
        found = _float_lines(text, command)
        assert len(found) >= 3
        for (binding, offset), literal in found.items():
            word = data[binding][offset // 4]
            assert _strtof(literal) == word, (command, binding, offset, literal)
            assert int(np.float32(float(literal)).view(np.uint32)) == word
    assert "ssbo 1 subdata float 28 1.5\n" in text and "probe ssbo float 1 32 == 0.1\n" in text
    assert "ssbo 1 subdata float 68 -0.0\n" in text  # the sign of zero travels
    assert "ssbo 1 subdata float 48 1.0e-45\n" in text  # the smallest subnormal
    assert "ssbo 1 subdata int 72 2143289344\n" in text  # NaN: its bits
    assert "ssbo 1 subdata int 76 -8388608\n" in text  # -inf: its bits
    assert "ssbo 0 subdata int 0 -7\n" in text  # an int member
    # Probed by bits where `probe ssbo float` (within 2^-52) could not tell: zeros, a
    # subnormal, 2^-30, NaN, -inf; 2^-28 is far enough from its neighbours.
    for offset, word in ((48, 1), (52, 0), (60, 2961178624), (68, 2147483648), (72, 2143289344)):
        assert f"probe ssbo uint 1 {offset} == {word}\n" in text
    assert "probe ssbo float 1 56 == 3.7252903e-09\n" in text
    assert "# Float words are probed as decimals where" in text


def test_a_float_test_reproduces_and_a_float_one_ulp_off_fails(tmp_path: Path) -> None:
    """shader_runner sets and probes the decimals: the file passes; with 0.1 set one ulp
    higher in the file, its probe fails."""
    text = piglit_shader_test(float_test())
    path = tmp_path / "floats.shader_test"
    path.write_text(text)
    output = _run(path)
    assert '"result": "pass"' in output, output[-2000:]
    changed = text.replace("ssbo 1 subdata float 32 0.1\n", "ssbo 1 subdata float 32 0.10000001\n")
    assert changed != text
    path.write_text(changed)
    output = _run(path)
    assert '"result": "fail"' in output and "SSBO 32 test failed" in output, output[-2000:]


# --------------------------------------------------------------------------- fragment


def test_fragment_shader_test_draws_into_a_signed_target_and_probes_every_pixel() -> None:
    text = piglit_shader_test(load_test(FINDINGS / "softpipe-index-side-effect"))
    assert "[vertex shader passthrough]" in text
    assert "[fragment shader]\n#version 450\n" in text and "GLSL >= 4.50" in text
    assert "texture storage 0 2D GL_RGBA32I (1 64 64)\nfb tex 2d 0\n" in text
    # Column 0 keeps its zero colour; every other pixel holds 77 in alpha.
    assert text.endswith(
        "draw rect -1 -1 2 2\n"
        "relative probe rect rgba int (0.0, 0.0, 0.015625, 1.0) (0, 0, 0, 0)\n"
        "relative probe rect rgba int (0.015625, 0.0, 0.984375, 1.0) (0, 0, 0, 77)\n"
    )


def test_uniform_block_members_are_set_by_name_with_their_bits() -> None:
    text = piglit_shader_test(load_test(FINDINGS / "llvmpipe-gl-const-array-index"))
    assert "uniform uvec3 buf_in_0.in_0_f1 4294967268 242721098 4294967295\n" in text
    echo = piglit_shader_test(echo_test())
    assert "uniform float Named.f -3.0\n" in echo  # a float member as its decimal
    assert "uniform vec2 Named.fv 1.0 -3.0\n" in echo
    assert "uniform uvec2 Named.aa[1][0] 5 6\n" in echo
    assert "uniform uint k[1] 6\n" in echo  # no instance name: no block prefix


def test_equal_rectangles_cover_every_pixel_once() -> None:
    rng = np.random.default_rng(7)
    image = rng.integers(0, 3, size=(9, 7, 4), dtype=np.uint32) // 2  # long runs of zeros
    image[:, 2] = 5  # a column that grows into one tall rectangle
    painted = np.zeros_like(image)
    covered = np.zeros(image.shape[:2], dtype=int)
    for rect in equal_rectangles(image):
        painted[rect.y : rect.y + rect.height, rect.x : rect.x + rect.width] = rect.color
        covered[rect.y : rect.y + rect.height, rect.x : rect.x + rect.width] += 1
    assert (covered == 1).all() and (painted == image).all()
    assert len(equal_rectangles(np.zeros((64, 64, 4), dtype=np.uint32))) == 1


def test_unexportable_fragment_tests_are_refused_in_one_line() -> None:
    test = load_test(FINDINGS / "softpipe-index-side-effect")
    es = dataclasses.replace(
        test, shaders={"shader.frag": test.main_shader.replace("#version 450", "#version 310 es")}
    )
    with pytest.raises(ExportError, match="desktop GLSL"):
        piglit_shader_test(es)
    float_colour = test.main_shader.replace("out uvec4", "out vec4").replace("= uvec4(", "= vec4(")
    with pytest.raises(ExportError, match="uvec4 colour"):
        piglit_shader_test(dataclasses.replace(test, shaders={"shader.frag": float_colour}))
    # -0.0 has two signs: floatBitsToUint of it is undefined for the reference interpreter.
    named, anonymous = echo_test().inputs.buffers
    signed_zero = dataclasses.replace(named, values={**named.values, "f": -0.0})
    undefined = dataclasses.replace(
        echo_test(), inputs=Inputs(buffers=(signed_zero, anonymous), framebuffer=(64, 64))
    )
    with pytest.raises(ExportError, match="shadersmith recondition") as refused:
        piglit_shader_test(undefined)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("finding", "verdict"),
    [
        ("softpipe-index-side-effect", "pass"),  # softpipe's bug: llvmpipe draws it right
        ("spirv-opt-os-crash", "pass"),  # spirv-opt's crash: not in GL at all
        ("llvmpipe-gl-const-array-index", "fail"),  # gl-llvmpipe draws (0, 28, 0, 0)
    ],
)
def test_shader_runner_agrees_with_the_fragment_finding(
    finding: str, verdict: str, tmp_path: Path
) -> None:
    directory = tmp_path / finding
    shutil.copytree(FINDINGS / finding, directory)
    output = _run(_exported(directory))
    assert f'"result": "{verdict}"' in output, output
    if verdict == "fail":  # on the pixel and the value the finding recorded
        assert "Probe color at (0,0)\n  Expected: 0 0 0 0\n  Observed: 0 28 0 0" in output


def test_a_generated_fragment_test_passes(tmp_path: Path) -> None:
    """generate, recondition, export, as a user would: seed 8 fills an anonymous uniform
    block and draws an image of 1408 rectangles."""
    runner = CliRunner()
    generated = tmp_path / "seed8"
    for command in (
        ["generate", "--stage", "fragment", "--seed", "8", "--out", str(generated)],
        ["recondition", str(generated)],
    ):
        result = runner.invoke(main, command)
        assert result.exit_code == 0, result.output
    path = _exported(tmp_path / "seed8-reconditioned")
    text = path.read_text()
    assert text.count("\nuniform ") >= 5 and text.count("relative probe rect") > 1000
    output = _run(path)
    assert '"result": "pass"' in output, output[-2000:]


def test_uniform_values_reach_the_shader(tmp_path: Path) -> None:
    """Every member of both blocks is shown in the image, which passes; with one member
    changed in the file, the probes of its column fail."""
    text = piglit_shader_test(echo_test())
    path = tmp_path / "echo.shader_test"
    path.write_text(text)
    assert '"result": "pass"' in _run(path)
    changed = text.replace(
        "uniform uvec2 Named.aa[1][0] 5 6\n", "uniform uvec2 Named.aa[1][0] 5 9\n"
    )
    assert changed != text
    path.write_text(changed)
    output = _run(path)
    assert '"result": "fail"' in output and "Observed: 1 -1 3 9" in output, output[-2000:]


def test_an_unsigned_target_would_hide_high_words(tmp_path: Path) -> None:
    """Why the target is GL_RGBA32I: read as GL_INT (piglit's only integer probe), an
    RGBA32UI pixel's words of 2^31 and more come back clamped to 2147483647."""
    text = piglit_shader_test(echo_test())
    unsigned = text.replace("GL_RGBA32I (1 64 64)", "GL_RGBA32UI (1 64 64)")
    path = tmp_path / "unsigned.shader_test"
    path.write_text(unsigned)
    output = _run(path)
    assert "Expected: 6 0 -1 -2147483648\n  Observed: 6 0 2147483647 2147483647" in output, output


# ----------------------------------------------------------------- generated vertex shader


def _pair(seed: int) -> TestCase:
    """The reconditioned fragment test of `seed` with a generated vertex shader."""
    test = prepare_generated(generate(seed, PAIRS), GLSL450).test
    assert test.vertex_shader is not None
    return test


def test_a_generated_vertex_shader_draws_its_own_triangle() -> None:
    test = _pair(3)
    assert test.vertex_shader is not None
    text = piglit_shader_test(test)
    assert "[vertex shader passthrough]" not in text and "draw rect" not in text
    # The text as gl-llvmpipe runs it, #version 450 and `binding` layouts included.
    vertex = test.vertex_shader.rstrip("\n")
    assert f"[vertex shader]\n{vertex}\n\n[fragment shader]\n#version 450\n" in text
    assert "layout(std140, binding = 0) uniform buf_in_0" in vertex
    # Vertices 0, 1, 2 and no attributes; the block both shaders read is set once.
    assert "\ndraw arrays GL_TRIANGLES 0 3\n" in text and "[vertex data]" not in text
    set_lines = [line.split()[:3] for line in text.splitlines() if line.startswith("uniform ")]
    assert [words[2] for words in set_lines].count("in_0_f0") == 1


def test_generated_vertex_stage_tests_pass_shader_runner(tmp_path: Path) -> None:
    """Seeds 0-3, which gl-llvmpipe draws as the interpreter does (test_vertex_stage.py),
    written, exported as a user would and run: every pixel passes."""
    for seed in range(4):
        path = _exported(write_test(_pair(seed), tmp_path / f"seed{seed}"))
        assert "draw arrays GL_TRIANGLES 0 3" in path.read_text()
        output = _run(path)
        assert '"result": "pass"' in output, f"seed {seed}: {output[-2000:]}"


def test_the_vertex_shader_s_varyings_are_probed(tmp_path: Path) -> None:
    """Seed 0's fragment shader shows its float varying vary_0: with the vertex shader
    changed to write another value, the probes fail."""
    text = piglit_shader_test(_pair(0))
    planted = text.replace(
        "    vertex_body();\n", "    vertex_body();\n    vary_0 = vary_0 + vary_0 + 1;\n"
    )
    assert planted != text
    path = tmp_path / "planted.shader_test"
    path.write_text(planted)
    output = _run(path)
    assert '"result": "fail"' in output and "Probe color at (0,0)" in output, output[-2000:]


def test_a_vertex_stage_test_llvmpipe_draws_wrong_fails_on_llvmpipe_only(tmp_path: Path) -> None:
    """Generated seed 37 (a fixture: it depends on a Mesa 22 llvmpipe bug): gl-llvmpipe's
    recorded image has green 3281390864 where the interpreter, gl-softpipe and vk-lavapipe
    have 1585543687. The exported file fails on llvmpipe with that very pixel and passes
    on softpipe."""
    directory = tmp_path / "pair"
    shutil.copytree(DATA / "llvmpipe-vertex-pair-seed-37", directory)
    path = _exported(directory)
    output = _run(path)
    assert '"result": "fail"' in output, output[-2000:]
    assert (
        "Expected: 836518989 1585543687 1158567135 -2062838881\n"
        "  Observed: 836518989 -1013576432 1158567135 -2062838881"  # -1013576432: 3281390864
    ) in output
    softpipe = run_shader_runner(path.read_text(), "softpipe")
    assert isinstance(softpipe, PiglitRun) and softpipe.verdict == "pass", softpipe


def test_a_hand_edited_vertex_shader_is_refused_in_one_line() -> None:
    # Its varyings' values come from the vertex shader's IR, which an edit loses.
    test = _pair(3)
    assert test.vertex_shader is not None
    edited = dataclasses.replace(
        test, shaders={**test.shaders, VERTEX_FILE: test.vertex_shader + "\n"}
    )
    with pytest.raises(ExportError, match="vertex shader") as refused:
        piglit_shader_test(edited)
    assert "\n" not in str(refused.value)


def test_a_wgsl_vertex_stage_test_is_refused_in_one_line() -> None:
    """piglit runs GLSL; a bug report's GLSL twin of a WGSL test does not carry a vertex
    shader yet (its IR would come from no provenance and no front-end)."""
    from shadersmith.export.bug_report.reproducers import glsl_twin
    from shadersmith.ir.profile import WGSL

    test = prepare_generated(generate(3, PAIRS, WGSL), WGSL).test
    assert test.vertex_shader is not None
    with pytest.raises(ExportError, match="a WGSL test cannot be exported to piglit"):
        piglit_shader_test(test)
    with pytest.raises(ExportError, match="GLSL twin of a WGSL test with a vertex shader"):
        glsl_twin(test)
