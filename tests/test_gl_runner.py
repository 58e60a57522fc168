"""The OpenGL runner on the real Mesa drivers: llvmpipe in this process, softpipe in a
child process (Mesa fixes the Gallium driver once per process)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from shadersmith.ir.types import FLOAT, INT, UINT, ArrayType, ScalarKind, Type, VectorType
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.runners.environment import DriverUnavailable
from shadersmith.targets.runners.gl_runner import GLRunner, llvm_version, mesa_version
from shadersmith.targets.runners.images import read_png, write_png
from shadersmith.targets.runners.std430 import pack_buffer
from tests.targets_support import gl_llvmpipe

UVEC3 = VectorType(ScalarKind.UINT, 3)

# Integer wrap-around, shifts, bit built-ins and a float array, written into an
# output buffer from an input buffer (the example).
BITS_SHADER = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer In { int x; uint y; };
layout(std430, binding = 1) buffer Out { int a; uvec3 b; float c[3]; int d[2]; };
void main() {
    a = x * 3 ^ 5;
    b = uvec3(bitCount(y), uint(findMSB(y)), y << 4u);
    c[0] = 1.5;
    c[1] = float(x) / 4.0;
    c[2] = -0.0;
    d[0] = x * 2147483647;
    d[1] = (x - 100) >> 2;
}
"""
BITS_INPUTS = [
    BufferInput(0, (("x", INT), ("y", UINT)), {"x": 7, "y": 0xF0F0_0001}),
    BufferInput(
        1,
        (("a", INT), ("b", UVEC3), ("c", ArrayType(FLOAT, 3)), ("d", ArrayType(INT, 2))),
        {"a": 0, "b": (0, 0, 0), "c": (9.0, 9.0, 9.0), "d": (0, 0)},
    ),
]
BITS_EXPECTED = {
    "a": 21 ^ 5,
    "b": (9, 31, (0xF0F0_0001 << 4) % 2**32),
    "c": (1.5, 1.75, -0.0),
    "d": ((7 * 2147483647 + 2**31) % 2**32 - 2**31, (7 - 100) >> 2),
}

GRADIENT_330 = """#version 330
out vec4 color;
void main() {
    color = vec4(floor(gl_FragCoord.x) / 255.0, floor(gl_FragCoord.y) / 255.0, 0.5, 1.0);
}
"""


def gradient_expected(width: int, height: int) -> np.ndarray:
    """Row r holds gl_FragCoord.y == r + 0.5: red counts columns, green counts rows."""
    image = np.zeros((height, width, 4), np.uint8)
    image[..., 0] = np.arange(width)[None, :]
    image[..., 1] = np.arange(height)[:, None]
    image[..., 2] = 128
    image[..., 3] = 255
    return image


def test_compute_gives_exact_values() -> None:
    result = gl_llvmpipe().run_compute(BITS_SHADER, BITS_INPUTS)
    assert result.status is RunStatus.OK, result.log
    assert result.buffers[1] == BITS_EXPECTED
    assert result.buffers[0] == BITS_INPUTS[0].values  # inputs are read back too
    assert result.compile_ms > 0 and result.run_ms > 0


def test_compute_with_several_work_groups() -> None:
    source = """#version 450
layout(local_size_x = 2) in;
layout(std430, binding = 0) buffer Out { uint ids[]; };
void main() { ids[gl_GlobalInvocationID.x] = gl_WorkGroupID.x * 100u + gl_LocalInvocationID.x; }
"""
    fields: tuple[tuple[str, Type], ...] = (("ids", ArrayType(UINT, None)),)
    result = gl_llvmpipe().run_compute(
        source, [BufferInput(0, fields, {"ids": (0,) * 6})], (3, 1, 1)
    )
    assert result.buffers[0] == {"ids": (0, 1, 100, 101, 200, 201)}


def test_syntax_error_is_a_compile_error_with_the_log() -> None:
    result = gl_llvmpipe().run_compute("#version 450\nvoid main() { int x = ; }\n", [])
    assert result.status is RunStatus.COMPILE_ERROR
    assert "syntax error" in result.log
    assert result.failed_component == "driver"


def test_undefined_function_is_a_link_error() -> None:
    source = "#version 330\nout vec4 color;\nvec4 f();\nvoid main() { color = f(); }\n"
    result = gl_llvmpipe().run_fragment(source, 8, 8)
    assert result.status is RunStatus.LINK_ERROR
    assert "f" in result.log


def test_fragment_constant_colour() -> None:
    source = (
        "#version 450\nlayout(location = 0) out vec4 c;\n"
        "void main() { c = vec4(1.0, 0.5, 0.0, 1.0); }\n"
    )
    result = gl_llvmpipe().run_fragment(source, 16, 8)
    assert result.status is RunStatus.OK
    assert result.image is not None and result.image.shape == (8, 16, 4)
    assert (result.image == np.array([255, 128, 0, 255], np.uint8)).all()


def test_fragment_gradient_rows_follow_frag_coord() -> None:
    result = gl_llvmpipe().run_fragment(GRADIENT_330, 64, 48)
    assert result.image is not None
    assert (result.image == gradient_expected(64, 48)).all()


def test_discarded_fragments_keep_the_clear_colour() -> None:
    source = (
        "#version 450\nlayout(location = 0) out vec4 c;\n"
        "void main() { if (gl_FragCoord.x < 4.0) discard; c = vec4(1.0); }\n"
    )
    result = gl_llvmpipe().run_fragment(source, 8, 2)
    assert result.image is not None
    assert (result.image[:, :4] == [0, 0, 0, 255]).all()
    assert (result.image[:, 4:] == 255).all()


def test_uniforms_reach_the_shader() -> None:
    source = (
        "#version 330\nuniform vec4 tint;\nuniform int level;\nuniform bool on;\nout vec4 c;\n"
        "void main() { c = on ? tint * float(level) : vec4(0.0); }\n"
    )
    uniforms: dict[str, Value] = {
        "tint": (0.0, 0.5, 0.0, 0.5),
        "level": 2,
        "on": True,
        "unused": 1.0,
    }
    result = gl_llvmpipe().run_fragment(source, 4, 4, uniforms)
    assert result.image is not None
    assert (result.image == [0, 255, 0, 255]).all()


def test_repeated_runs_do_not_disturb_each_other() -> None:
    runner = gl_llvmpipe()
    for size in [(8, 8), (32, 16), (8, 8)]:
        assert runner.run_fragment(GRADIENT_330, *size).ok
        assert runner.run_compute(BITS_SHADER, BITS_INPUTS).buffers[1] == BITS_EXPECTED


def test_versions_name_mesa_and_llvm() -> None:
    versions = gl_llvmpipe().versions()
    assert "llvmpipe" in versions["GL_RENDERER"]
    assert versions["Mesa"] and versions["LLVM"]
    assert llvm_version("llvmpipe (LLVM 15.0.6, 256 bits)") == "15.0.6"
    assert mesa_version("4.5 (Core Profile) Mesa 22.3.6") == "22.3.6"


def test_a_second_driver_in_one_process_is_refused() -> None:
    gl_llvmpipe()
    with pytest.raises(DriverUnavailable, match="one GL driver per process"):
        GLRunner("softpipe")


def test_png_round_trip(tmp_path: Path) -> None:
    image = gradient_expected(5, 3)
    write_png(tmp_path, "g.png", image)
    assert (read_png(tmp_path, "g.png") == image).all()


SOFTPIPE_CHILD = """
import json, sys
from pathlib import Path
from shadersmith.targets.runners.gl_runner import GLRunner
from shadersmith.targets.runners.images import write_png
runner = GLRunner("softpipe")
result = runner.run_fragment(sys.stdin.read(), 64, 48)
png = Path(sys.argv[1])
write_png(png.parent, png.name, result.image)
print(json.dumps({"status": result.status.value, "versions": runner.versions(),
                  "compute": runner.supports_compute}))
"""


def test_softpipe_draws_the_same_gradient(tmp_path: Path) -> None:
    png = tmp_path / "softpipe.png"
    child = subprocess.run(
        [sys.executable, "-c", SOFTPIPE_CHILD, str(png)],
        input=GRADIENT_330,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    report = json.loads(child.stdout.strip().splitlines()[-1])
    assert report["status"] == "ok"
    assert report["versions"]["GL_RENDERER"] == "softpipe"
    assert report["versions"]["GL_VERSION"].startswith("3.3")
    assert report["compute"] is False
    softpipe_image = read_png(png.parent, png.name)
    assert (softpipe_image == gradient_expected(64, 48)).all()
    llvmpipe_image = gl_llvmpipe().run_fragment(GRADIENT_330, 64, 48).image
    assert llvmpipe_image is not None and (softpipe_image == llvmpipe_image).all()


def test_buffers_are_std430_on_the_driver() -> None:
    """The driver reads and writes each field where std430 puts it."""
    source = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float a; vec3 b; int c[3]; uvec2 d; vec2 e[2]; };
void main() {
    a += 1.0; b += vec3(1.0); c[0] += 1; c[1] += 1; c[2] += 1; d += uvec2(1u);
    e[0] += vec2(1.0); e[1] += vec2(1.0);
}
"""
    vec2 = VectorType(ScalarKind.FLOAT, 2)
    fields: tuple[tuple[str, Type], ...] = (
        ("a", FLOAT),
        ("b", VectorType(ScalarKind.FLOAT, 3)),
        ("c", ArrayType(INT, 3)),
        ("d", VectorType(ScalarKind.UINT, 2)),
        ("e", ArrayType(vec2, 2)),
    )
    values: dict[str, Value] = {
        "a": 1.0,
        "b": (2.0, 3.0, 4.0),
        "c": (5, 6, 7),
        "d": (8, 9),
        "e": ((10.0, 11.0), (12.0, 13.0)),
    }
    assert len(pack_buffer(fields, values)) == 64
    result = gl_llvmpipe().run_compute(source, [BufferInput(0, fields, values)])
    assert result.buffers[0] == {
        "a": 2.0,
        "b": (3.0, 4.0, 5.0),
        "c": (6, 7, 8),
        "d": (9, 10),
        "e": ((11.0, 12.0), (13.0, 14.0)),
    }


def test_gl_runs_release_their_objects() -> None:
    """A worker runs thousands of tests: per-run GL objects must not pile up."""
    runner = gl_llvmpipe()

    def one_round() -> None:
        for _ in range(10):
            assert runner.run_compute(BITS_SHADER, BITS_INPUTS).ok
            assert runner.run_fragment(GRADIENT_330, 128, 128).ok

    one_round()
    before = _resident_kib()
    one_round()
    one_round()
    assert _resident_kib() - before < 20_000, "resident memory grew by more than 20 MiB"


def _resident_kib() -> int:
    with open(f"/proc/{os.getpid()}/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() // 1024
