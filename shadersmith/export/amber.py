"""A test as an Amber script (the Vulkan CTS's test format), for a Vulkan driver or
SPIR-V tool report.

The script ships the SPIR-V a Vulkan target consumed, as `SPIRV-ASM`: the `<target>.spvasm`
the run recorded (glslang's module, after spirv-opt where the chain ran it), so a glslang
or spirv-opt finding reproduces in Amber as it did here. Which target: `target` when
given, else the finding's first failing Vulkan target, else the first recorded Vulkan
target, else glslang's module made now from the GLSL with the recorded spirv-opt pass list
applied. The pass list travels as a comment, never as `SHADER_OPTIMIZATION` (which rejects
a list that repeats a pass, and would re-run spirv-opt on the driver's side); the GLSL too.
The header names the finding, the wrong values, the versions and the licence.

Both kinds of test put each block's bytes into a buffer of 32-bit words (`DATA_TYPE
uint32`, which Amber packs tightly), so float bits travel exactly, bound at its binding in
descriptor set 0.

A compute test: its storage buffers (std430 bytes), the dispatch, and an EXPECT of every
word of every buffer the shader may write: the reference interpreter's values.

A fragment test: Amber's passthrough vertex shader, the fragment shader, its uniform
blocks (std140 bytes, `AS uniform`), an R32G32B32A32_UINT colour attachment of the test's
size at location 0 (the format our Vulkan runner draws into), cleared to zero, `RUN ...
DRAW_RECT` over all of it, and one EXPECT per row holding the row's expected words. The
EXPECTs are buffer probes (`EXPECT framebuffer IDX <byte offset> EQ <uint32>...`, compared
as the format's uint32 components) rather than `EQ_RGBA`, which takes 0-255 values scaled
as if normalised; the framebuffer's bytes are its rows in order, 16 bytes a pixel, row r at
gl_FragCoord.y r + 0.5 (Vulkan's upper-left origin), as the interpreter's image is.

A WGSL test is refused: Amber has no WGSL.

This follows Amber's parser and executor (src/amberscript/parser.cc, src/executor.cc); no
Amber build is at hand here, so the scripts are checked against a real Amber only when
the AMBER environment variable points at one (tests/test_export_amber.py).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from shadersmith.case import TestCase, safe_files
from shadersmith.case.testcase import WGSL_LANGUAGE
from shadersmith.export.common import (
    ExportError,
    check_stage,
    expected_buffers,
    expected_image,
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
# The comment line that carries the pass list (read back by tests and by a reader).
PASSES_COMMENT = "# spirv-opt passes:"
LICENCE = [
    "# Copyright the shadersmith authors.",
    "# SPDX-License-Identifier: Apache-2.0",
    "# Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0);",
    '# distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND.',
]


@dataclass(frozen=True)
class Shipped:
    """The SPIR-V module the script ships and where it came from."""

    target: str | None  # the recorded Vulkan target that consumed it; None: made now
    assembly: str  # spirv-dis's text of it
    passes: tuple[str, ...] | None  # the spirv-opt pass list applied to glslang's module


def amber_script(test: TestCase, target: str | None = None) -> str:
    """The text of an Amber script that checks `test`'s expected output on Vulkan, with
    the SPIR-V `target` (see the module's text) consumed."""
    check_stage(test, "Amber")
    if test.language == WGSL_LANGUAGE:
        raise ExportError("Amber has no WGSL: a WGSL test cannot be exported to Amber")
    shipped = shipped_module(test, target)
    if test.stage == "compute":
        return _compute_script(test, shipped)
    return _fragment_script(test, shipped)


def write_amber(test: TestCase, directory: Path, target: str | None = None) -> Path:
    # Never through a link of that name (it could point at a shell start-up file).
    return safe_files.write_file(directory, AMBER_FILE, amber_script(test, target))


def amber_binary() -> Path | None:
    """The Amber build `AMBER` points at (a file, or a folder holding `amber`), if any."""
    given = os.environ.get("AMBER")
    if given:
        path = Path(given)
        path = path / "amber" if path.is_dir() else path
        return path if path.is_file() else None
    found = shutil.which("amber")
    return Path(found) if found else None


def spirv_targets(test: TestCase) -> list[str]:
    """The recorded targets whose run kept the SPIR-V module their chain made."""
    return [
        name
        for name, run in test.results.runs.items()
        if f"{name}.spv" in run.files and f"{name}.spv" in test.files
    ]


def vulkan_targets(test: TestCase) -> list[str]:
    """Of those, the ones a Vulkan driver consumed the module of (not spirv-cross's, whose
    GLSL went to a GL driver)."""
    runs = test.results.runs
    return [
        name
        for name in spirv_targets(test)
        if not any(".cross." in file for file in runs[name].files)
    ]


def shipped_module(test: TestCase, target: str | None = None) -> Shipped:
    from shadersmith.targets import spirv_tools

    recorded = vulkan_targets(test)
    if target is not None and target not in spirv_targets(test):
        known = ", ".join(spirv_targets(test)) or "none"
        raise ExportError(f"no SPIR-V recorded for target {target} (recorded: {known})")
    if target is None:
        finding = test.results.finding
        failing = [t for t in (finding.targets if finding else ()) if t in recorded]
        chosen = failing or recorded
        target = chosen[0] if chosen else None
    passes = test.provenance.spirv_opt_passes
    if target is not None:
        run = test.results.runs[target]
        ran_opt = "spirv-opt" in (run.versions or {}) or run.message.startswith("spirv-opt")
        text = test.files.get(f"{target}.spvasm")
        assembly = text.decode() if text is not None else None
        if assembly is None:
            assembly = spirv_tools.disassemble(test.files[f"{target}.spv"])
        if assembly is None:
            raise ExportError("spirv-dis is missing: cannot write the SPIR-V assembly")
        return Shipped(target, assembly, tuple(passes) if ran_opt and passes else None)
    try:
        spirv = spirv_tools.compile_glsl_to_spirv(test.main_shader, test.stage)
        if passes:
            spirv = spirv_tools.optimize(spirv, passes)
    except spirv_tools.ToolError as error:
        first = (error.log.strip().splitlines() or ["no message"])[0]
        raise ExportError(f"no recorded SPIR-V, and glslang/spirv-opt failed: {first}") from error
    assembly = spirv_tools.disassemble(spirv)
    if assembly is None:
        raise ExportError("spirv-dis is missing: cannot write the SPIR-V assembly")
    return Shipped(None, assembly, tuple(passes) if passes else None)


def _header(test: TestCase, shipped: Shipped, check: str) -> list[str]:
    """The description, the finding, its wrong values, the versions and the licence."""
    results = test.results
    finding = results.finding
    lines = [
        "#!amber",
        *LICENCE,
        "#",
        f"# {_description(test)}; {check}",
    ]
    if finding is not None:
        signature = finding.signature or finding.kind.value
        lines.append(
            f"# Finding: {signature} ({finding.kind.value}) on {', '.join(finding.targets)}"
        )
        for target in finding.targets:
            run = results.runs.get(target)
            if run is not None and run.status != "ok":
                lines.append(f"# {target} {run.status}:")
                lines += [f"#   {line}" for line in _log_lines(run.message)]
    for difference in results.differences:
        actual = difference.get("actual", {})
        wrong = ", ".join(
            f"{name} {value}"
            for name, value in actual.items()
            if value != difference.get("expected")
        )
        lines.append(
            f"# Wrong value: binding {difference.get('binding')} {difference.get('field')}: "
            f"expected {difference.get('expected')}, got {wrong or 'none'}"
        )
    if shipped.target is not None:
        run = results.runs[shipped.target]
        if run.status == "ok":
            lines.append(f"# SPIR-V: what {shipped.target} consumed")
        else:
            lines.append(f"# SPIR-V: what {shipped.target}'s chain made; it stopped there")
        versions = run.versions or {}
        if versions:
            lines.append(
                "# Versions: " + "; ".join(f"{key} {value}" for key, value in versions.items())
            )
    else:
        lines.append("# SPIR-V: glslang's module of the GLSL below, made at export")
    if shipped.passes is not None:
        lines.append(
            "# glslang -V --target-env vulkan1.0 shader, then spirv-opt with these passes:"
        )
        lines.append(f"{PASSES_COMMENT} {' '.join(shipped.passes)}")
    else:
        lines.append("# glslang -V --target-env vulkan1.0 shader; no spirv-opt pass")
    lines.append("# The GLSL it was compiled from:")
    lines += [f"#   {line}".rstrip() for line in test.main_shader.rstrip("\n").splitlines()]
    return [*lines, ""]


def _log_lines(message: str, most: int = 12) -> list[str]:
    """A failed run's log, for comments: its lines but the spirv-opt command (the pass
    list has its own line), at most `most` of them."""
    lines = [line.rstrip() for line in message.splitlines() if line.strip()]
    return [line for line in lines if not line.startswith("spirv-opt ")][:most]


def _description(test: TestCase) -> str:
    seed = test.provenance.seed
    origin = test.provenance.reduced_from
    if seed is None and origin is not None:
        seed = origin.seed
    made = f"seed {seed}" if seed is not None else "a shader"
    return f"A {test.stage} test found by shadersmith {test.provenance.tool_version} ({made})"


def _compute_script(test: TestCase, shipped: Shipped) -> str:
    expected = expected_buffers(readable(test))
    lines = [
        *_header(test, shipped, "the buffers must hold the reference interpreter's values"),
        *_shader("compute", shipped),
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


def _fragment_script(test: TestCase, shipped: Shipped) -> str:
    image = expected_image(readable(test))
    height, width = image.shape[:2]
    check = "every pixel must hold the reference interpreter's colour"
    lines = [
        *_header(test, shipped, check),
        f"# One EXPECT per row: IDX is a byte offset ({16 * width} bytes a row, 16 a pixel),",
        "# the values the row's uint32 words (EQ_RGBA would take 0-255 values).",
        "",
        "SHADER vertex vertex_shader PASSTHROUGH",
        "",
        *_shader("fragment", shipped),
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
        "CLEAR_COLOR pipeline 0 0 0 0",
        "CLEAR pipeline",
        f"RUN pipeline DRAW_RECT POS 0 0 SIZE {width} {height}",
        "",
    ]
    for row in range(height):
        words = " ".join(str(int(word)) for word in np.ravel(image[row]))
        lines.append(f"EXPECT {_FRAMEBUFFER} IDX {16 * width * row} EQ {words}")
    return "\n".join(lines) + "\n"


def _shader(stage: str, shipped: Shipped) -> list[str]:
    return [f"SHADER {stage} main_shader SPIRV-ASM", shipped.assembly.rstrip("\n"), "END", ""]


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
