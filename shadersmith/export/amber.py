"""A test as an Amber script (the Vulkan CTS's test format), for a Vulkan driver report.

Both kinds of test keep their GLSL shader (Amber compiles it with glslang) and put each
block's bytes into a buffer of 32-bit words (`DATA_TYPE uint32`, which Amber packs
tightly), so float bits travel exactly, bound at its binding in descriptor set 0. The
test's recorded spirv-opt pass list is not passed on: the script checks the driver on
glslang's output.

A compute test: its storage buffers (std430 bytes), the dispatch, and an EXPECT of every
word of every buffer the shader may write: the reference interpreter's values.

A fragment test: Amber's passthrough vertex shader, the fragment shader, its uniform
blocks (std140 bytes, `AS uniform`), an R32G32B32A32_UINT colour attachment of the test's
size at location 0 (the format our Vulkan runner draws into), `RUN ... DRAW_RECT` over all
of it, and one EXPECT per row holding the row's expected words. The EXPECTs are buffer
probes (`EXPECT framebuffer IDX <byte offset> EQ <uint32>...`, compared as the format's
uint32 components) rather than `EQ_RGBA`, which takes 0-255 values scaled as if
normalised; the framebuffer's bytes are its rows in order, 16 bytes a pixel, row r at
gl_FragCoord.y r + 0.5 (Vulkan's upper-left origin), as the interpreter's image is. The
shader must be Vulkan GLSL (`#version 450`, every block with an explicit binding), as the
tests our Vulkan runner draws are: a GLSL 3.30 or ESSL shader is refused.

This follows Amber's parser and executor (src/amberscript/parser.cc, src/executor.cc); no
Amber build is at hand here, so the scripts are checked against a real Amber only when
the AMBER environment variable points at one (tests/test_export_amber.py).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np

from shadersmith.case import TestCase, safe_files
from shadersmith.export.common import (
    ExportError,
    check_stage,
    expected_buffers,
    expected_image,
    glsl_version,
    readable,
    words_of,
)
from shadersmith.harness.std430 import pack_buffer
from shadersmith.targets.buffers import buffer_inputs_from_specs
from shadersmith.targets.results import BufferInput

AMBER_FILE = "test.amber"
# Words per DATA line, for a readable file.
_PER_LINE = 8
_FRAMEBUFFER = "framebuffer"


def amber_script(test: TestCase) -> str:
    """The text of an Amber script that checks `test`'s expected output on Vulkan."""
    check_stage(test, "Amber")
    if test.stage == "compute":
        return _compute_script(test)
    return _fragment_script(test)


def write_amber(test: TestCase, directory: Path) -> Path:
    # Never through a link of that name (it could point at a shell start-up file).
    return safe_files.write_file(directory, AMBER_FILE, amber_script(test))


def amber_binary() -> Path | None:
    """The Amber build `AMBER` points at (a file, or a folder holding `amber`), if any."""
    given = os.environ.get("AMBER")
    if given:
        path = Path(given)
        path = path / "amber" if path.is_dir() else path
        return path if path.is_file() else None
    found = shutil.which("amber")
    return Path(found) if found else None


def _compute_script(test: TestCase) -> str:
    expected = expected_buffers(readable(test))
    lines = [
        "#!amber",
        "# Exported by shadersmith: the buffers must hold the reference interpreter's values",
        "# after the dispatch.",
        "",
        *_shader("compute", test),
    ]
    binds: list[str] = []
    expects: list[str] = []
    for spec, buffer in zip(test.buffers, buffer_inputs_from_specs(test.buffers), strict=True):
        lines += _buffer_lines(buffer)
        binds.append(_bind(buffer))
        if spec.access == "input":
            continue
        after = words_of(pack_buffer(buffer.fields, expected[spec.block]))
        expects.append(f"EXPECT {_name(buffer)} IDX 0 EQ {' '.join(map(str, after))}")
    x, y, z = test.inputs.dispatch
    lines += [
        "PIPELINE compute pipeline",
        "  ATTACH main_shader",
        *binds,
        "END",
        "",
        f"RUN pipeline {x} {y} {z}",
        "",
        *expects,
    ]
    return "\n".join(lines) + "\n"


def _fragment_script(test: TestCase) -> str:
    version, es = glsl_version(test)
    if es or version < 450:
        raise ExportError(
            f"Amber export of a fragment test needs Vulkan GLSL (#version 450), "
            f"not #version {version}{' es' if es else ''}"
        )
    image = expected_image(readable(test))
    height, width = image.shape[:2]
    lines = [
        "#!amber",
        "# Exported by shadersmith: every pixel must hold the reference interpreter's colour.",
        f"# One EXPECT per row: IDX is a byte offset ({16 * width} bytes a row, 16 a pixel),",
        "# the values the row's uint32 words (EQ_RGBA would take 0-255 values).",
        "",
        "SHADER vertex vertex_shader PASSTHROUGH",
        *_shader("fragment", test),
    ]
    buffers = buffer_inputs_from_specs(test.buffers)
    for buffer in buffers:
        lines += _buffer_lines(buffer)
    lines += [
        f"BUFFER {_FRAMEBUFFER} FORMAT R32G32B32A32_UINT",
        "",
        "PIPELINE graphics pipeline",
        "  ATTACH vertex_shader",
        "  ATTACH main_shader",
        f"  FRAMEBUFFER_SIZE {width} {height}",
        f"  BIND BUFFER {_FRAMEBUFFER} AS color LOCATION 0",
        *[_bind(buffer) for buffer in buffers],
        "END",
        "",
        f"RUN pipeline DRAW_RECT POS 0 0 SIZE {width} {height}",
        "",
    ]
    for row in range(height):
        words = " ".join(str(int(word)) for word in np.ravel(image[row]))
        lines.append(f"EXPECT {_FRAMEBUFFER} IDX {16 * width * row} EQ {words}")
    return "\n".join(lines) + "\n"


def _shader(stage: str, test: TestCase) -> list[str]:
    return [f"SHADER {stage} main_shader GLSL", test.main_shader.rstrip("\n"), "END", ""]


def _name(buffer: BufferInput) -> str:
    return f"buffer_{buffer.binding}"


def _buffer_lines(buffer: BufferInput) -> list[str]:
    """A buffer holding the block's bytes (std430, or std140 for a uniform block)."""
    data = pack_buffer(buffer.fields, buffer.values, buffer.layout)
    if buffer.uniform:  # a whole std140 block, as GL sizes one: up to a multiple of 16 bytes
        data += bytes(-len(data) % 16)
    words = words_of(data)
    rows = [
        " ".join(str(w) for w in words[i : i + _PER_LINE]) for i in range(0, len(words), _PER_LINE)
    ]
    return [f"BUFFER {_name(buffer)} DATA_TYPE uint32 DATA", *rows, "END", ""]


def _bind(buffer: BufferInput) -> str:
    kind = "uniform" if buffer.uniform else "storage"
    return f"  BIND BUFFER {_name(buffer)} AS {kind} DESCRIPTOR_SET 0 BINDING {buffer.binding}"
