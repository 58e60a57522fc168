"""A test as an Amber script (the Vulkan CTS's test format), for a Vulkan driver or
SPIR-V tool report.

The script ships the SPIR-V a Vulkan target consumed, as `SPIRV-ASM`: the `<target>.spv`
the run recorded (glslang's module, after spirv-opt where the chain ran it), disassembled
here by spirv-dis, so a glslang or spirv-opt finding reproduces in Amber as it did here.
The recorded `<target>.spvasm` is a reader's copy and never shipped: nothing ties its
text to the module (a test directory is anyone's). Which target: `target` when
given, else the finding's first failing Vulkan target, else the first recorded Vulkan
target, else glslang's module made now from the GLSL with the recorded spirv-opt pass list
applied. The pass list travels as a comment, never as `SHADER_OPTIMIZATION` (which rejects
a list that repeats a pass, and would re-run spirv-opt on the driver's side); the GLSL too.
The header is what the CTS's own scripts open with: the Apache-2.0 notice, what the test
is and why it passes; then the finding, its signature, the wrong values and the versions.
Every header line is a comment: what the test recorded (a signature, a log, a version, a
field's name) has its control characters shown as `\\xNN`, so no newline in it starts an
Amber command. Amber ends a shader block at the first `END` anywhere in its text (a
substring search): a module whose assembly holds one (in a name or a string) is refused.

Both kinds of test put each block's bytes into a buffer bound at its binding in
descriptor set 0: its float members as decimals that read back to their exact bits, its
int members as their values, laid out word by word at the block's offsets (a STRUCT of
one scalar a word where the block mixes them; export/amber_buffers.py says which float
words stay bit patterns, and why).

A generated texture or image is an IMAGE of its format (R32_UINT, R32_SINT or
R32_SFLOAT) and size holding the test's texels, row y first; a sampler2D is bound as a
combined image sampler with a nearest clamp-to-edge SAMPLER (as our Vulkan runner binds
it), an image as a storage image.

A compute test: its storage buffers (std430 bytes) and images, the dispatch, and an
EXPECT of every word of every buffer and every texel of every image the shader may
write: the reference interpreter's values.

A fragment test: Amber's passthrough vertex shader, the fragment shader, its uniform
blocks (std140 bytes, `AS uniform`) and textures, an R32G32B32A32_UINT colour attachment
of the test's size at location 0 (the format our Vulkan runner draws into), cleared to
zero, `RUN ... DRAW_RECT` over all of it, and one EXPECT per row holding the row's
expected words. A test with a generated vertex shader ships that shader's module
instead of the passthrough one and draws its triangle (vertices 0, 1, 2) with
DRAW_ARRAY; the expected image is the interpreter's with its varyings fed in. The
EXPECTs are buffer probes (`EXPECT framebuffer IDX <byte offset> EQ <uint32>...`, compared
as the format's uint32 components) rather than `EQ_RGBA`, which takes 0-255 values scaled
as if normalised; the framebuffer's bytes are its rows in order, 16 bytes a pixel, row r at
gl_FragCoord.y r + 0.5 (Vulkan's upper-left origin), as the interpreter's image is.

A metamorphic test (GraphicsFuzz's form): two pipelines, the reference's and the
variant's, each with its own copy of the buffers (the variant's one more block, its
opaque values, is bound to the variant alone), both run, and their outputs compared
with each other, not with the interpreter: a compute test's output buffers word for word
(`EQ_BUFFER`); a fragment test's framebuffers exactly (`EQ_BUFFER`) for an integer colour,
and for a float colour (R8G8B8A8_UNORM) by the earth mover's distance of their
histograms (`EQ_HISTOGRAM_EMD_BUFFER ... TOLERANCE 0.005`), as GraphicsFuzz's CTS tests
do. The two modules come from one recorded Vulkan target (`<target>.reference.spvasm`
and `<target>.variant.spvasm`), or are made now by glslang.

A WGSL test is refused: Amber has no WGSL; so is a metamorphic pair with textures or a
generated vertex shader (not written yet).

This follows Amber's parser and executor (src/amberscript/parser.cc, src/executor.cc,
src/buffer.cc); the scripts are checked against a real Amber when the AMBER environment
variable points at one (tests/test_export_amber.py).
"""

from __future__ import annotations

import os
import shutil
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shadersmith.case import TestCase
from shadersmith.case.oracle import Metamorphic, SpirvMetamorphic
from shadersmith.export.amber_buffers import amber_buffer
from shadersmith.export.amber_features import device_requirements
from shadersmith.export.common import (
    ExportError,
    check_stage,
    expected_buffers,
    expected_image,
    one_line,
    readable,
)
from shadersmith.files import safe_files
from shadersmith.front.glsl.api import parse_glsl
from shadersmith.front.glsl.errors import FrontEndError
from shadersmith.ir.profile import Language
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.types import ScalarKind, VectorType
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput
from shadersmith.targets.runners.buffers import buffer_inputs_from_specs
from shadersmith.targets.runners.images import PngError, decode_png
from shadersmith.targets.runners.texels import TEXEL_DTYPES, texel_bytes
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.glslang import system_tool
from shadersmith.targets.tools.toolchain import VERTEX_SPIRV_ARTEFACT

AMBER_FILE = "test.amber"
_FRAMEBUFFER = "framebuffer"
# The comment line that carries the pass list (read back by tests and by a reader).
PASSES_COMMENT = "# spirv-opt passes:"
# The Apache License 2.0's own notice (its appendix, "How to apply"), as the CTS's
# scripts carry it.
LICENCE = [
    "# Copyright the shadersmith authors",
    "# SPDX-License-Identifier: Apache-2.0",
    "#",
    '# Licensed under the Apache License, Version 2.0 (the "License");',
    "# you may not use this file except in compliance with the License.",
    "# You may obtain a copy of the License at",
    "#",
    "#     http://www.apache.org/licenses/LICENSE-2.0",
    "#",
    "# Unless required by applicable law or agreed to in writing, software",
    '# distributed under the License is distributed on an "AS IS" BASIS,',
    "# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.",
    "# See the License for the specific language governing permissions and",
    "# limitations under the License.",
]
# GraphicsFuzz's tolerance for two float framebuffers (the CTS's graphicsfuzz scripts).
EMD_TOLERANCE = 0.005
# A recorded run of a metamorphic test is `<target>.<side>`.
REFERENCE_SIDE, VARIANT_SIDE = "reference", "variant"
# A recorded run's buffers: binding -> field -> JSON value.
Values = dict[str, dict[str, Any]]
# Comments name at most this many wrong values, each at most this long.
_MOST_VALUES, _VALUE_CHARS = 8, 160


@dataclass(frozen=True)
class Shipped:
    """The SPIR-V module the script ships and where it came from."""

    target: str | None  # the recorded Vulkan target that consumed it; None: made now
    assembly: str  # spirv-dis's text of it
    passes: tuple[str, ...] | None  # the spirv-opt pass list applied to glslang's module


def amber_script(test: TestCase, target: str | None = None) -> str:
    """The text of an Amber script that checks `test` on Vulkan, with the SPIR-V `target`
    (see the module's text) consumed: against the interpreter's output, or, for a
    metamorphic test, the variant's output against the reference's."""
    pair = isinstance(test.oracle, Metamorphic | SpirvMetamorphic)
    # A pair's two pipelines with textures or a vertex stage are not written yet.
    check_stage(test, "Amber (metamorphic pair)" if pair else "Amber", not pair, not pair)
    if test.language.family is not Language.GLSL:  # Amber's shaders: GLSL (or SPIR-V)
        name = test.language.value.upper()
        raise ExportError(f"Amber has no {name}: a {name} test cannot be exported to Amber")
    if any(spec.buffer_reference for spec in test.buffers):
        # Amber binds buffers at descriptors and has no command that writes one buffer's
        # device address into another (generate/buffer_references.py).
        raise ExportError(
            "Amber cannot give a shader a buffer's device address (buffer references)"
        )
    if isinstance(test.oracle, Metamorphic | SpirvMetamorphic):
        return _pair_script(test, test.oracle, target)
    shipped = shipped_module(test, target)
    if test.stage == "compute":
        return _compute_script(test, shipped)
    return _fragment_script(test, shipped)


def write_amber(
    test: TestCase, directory: Path, target: str | None = None, name: str = AMBER_FILE
) -> Path:
    # Never through a link of that name (it could point at a shell start-up file).
    return safe_files.write_file(directory, name, amber_script(test, target))


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
    recorded = vulkan_targets(test)
    if target is not None and target not in spirv_targets(test):
        known = ", ".join(spirv_targets(test)) or "none"
        raise ExportError(f"no SPIR-V recorded for target {target} (recorded: {known})")
    if target is None:
        target = _default_target(test, recorded)
    if target is not None:
        return _recorded_module(test, target)
    return _module_made_now(test, test.main_shader)


def shipped_vertex_module(test: TestCase, fragment: Shipped) -> Shipped:
    """The generated vertex shader's module: the one the fragment's recorded target
    consumed beside it (`<target>.vert.spv`), else glslang's made now through the same
    spirv-opt passes (the Vulkan chain builds both stages alike: targets/tools/
    toolchain.run_fragment_on_vulkan)."""

    assert test.vertex_shader is not None
    name = f"{fragment.target}.{VERTEX_SPIRV_ARTEFACT}"
    if fragment.target is not None and name in test.files:
        assembly = _disassembled(test.files[name], f"the recorded {name}")
        return Shipped(fragment.target, assembly, fragment.passes)
    return _module_made_now(test, test.vertex_shader, "vertex")


def pair_targets(test: TestCase) -> list[str]:
    """The targets of a metamorphic test whose reference and variant runs both kept the
    module a Vulkan driver consumed."""
    recorded = vulkan_targets(test)
    suffix = f".{REFERENCE_SIDE}"
    return [
        name.removesuffix(suffix)
        for name in recorded
        if name.endswith(suffix) and f"{name.removesuffix(suffix)}.{VARIANT_SIDE}" in recorded
    ]


def shipped_pair(
    test: TestCase, oracle: Metamorphic | SpirvMetamorphic, target: str | None = None
) -> list[Shipped]:
    """The reference's module and the variant's, from one recorded target (see
    `shipped_module`'s choice), else a SPIR-V test's own two modules, else made now by
    glslang."""
    recorded = pair_targets(test)
    if target is not None and target not in recorded:
        known = ", ".join(recorded) or "none"
        raise ExportError(
            f"no SPIR-V recorded for both sides on target {target} (recorded: {known})"
        )
    if target is None:
        target = _default_target(test, recorded)
    if target is not None:
        return [_recorded_module(test, f"{target}.{side}") for side in _SIDES]
    if isinstance(oracle, SpirvMetamorphic):
        return [
            Shipped(None, test.shaders[name], None) for name in (oracle.reference, oracle.variant)
        ]
    reference = test.shaders[oracle.reference]
    return [_module_made_now(test, reference), _module_made_now(test, test.main_shader)]


_SIDES = (REFERENCE_SIDE, VARIANT_SIDE)


def unshown_finding(test: TestCase) -> str | None:
    """Why an Amber script of `test` would not show its finding, or None: a finding that
    no Vulkan driver showed (gl-llvmpipe's, or a chain through spirv-cross to GL) ships
    SPIR-V that a Vulkan driver ran right, so the script passes where the bug is."""
    finding = test.results.finding
    if finding is None or not finding.targets:
        return None
    if any(target in vulkan_targets(test) for target in finding.targets):
        return None
    return (
        f"the finding ({finding.signature}) shows on {', '.join(finding.targets)}, none of "
        "them a Vulkan driver running SPIR-V: the script's SPIR-V does not show the bug "
        "(export it with --format piglit)"
    )


def _default_target(test: TestCase, recorded: list[str]) -> str | None:
    """The finding's first failing target among `recorded`, else the first of them."""
    finding = test.results.finding
    failing = [t for t in (finding.targets if finding else ()) if t in recorded]
    chosen = failing or recorded
    return chosen[0] if chosen else None


def _recorded_module(test: TestCase, run_name: str) -> Shipped:

    passes = test.provenance.spirv_opt_passes
    run = test.results.runs[run_name]
    ran_opt = "spirv-opt" in (run.versions or {}) or run.message.startswith("spirv-opt")
    # The module itself, disassembled here: never the recorded `.spvasm` beside it.
    name = f"{run_name}.spv"
    assembly = _disassembled(test.files[name], f"the recorded {name}")
    return Shipped(run_name, assembly, tuple(passes) if ran_opt and passes else None)


def _disassembled(spirv: bytes, what: str) -> str:
    """spirv-dis's text of `spirv`; an ExportError where spirv-dis is missing or cannot
    read it."""
    assembly = spirv_tools.disassemble(spirv)
    if assembly is not None:
        return assembly
    if system_tool(spirv_tools.SPIRV_DIS) is None:
        raise ExportError("spirv-dis is missing: cannot write the SPIR-V assembly")
    raise ExportError(f"spirv-dis cannot read {what}: not a SPIR-V module")


def _module_made_now(test: TestCase, source: str, stage: str | None = None) -> Shipped:
    """glslang's module of `source` (a `stage` shader, the test's by default), through
    the recorded spirv-opt pass list."""

    passes = test.provenance.spirv_opt_passes
    try:
        spirv = spirv_tools.compile_glsl_to_spirv(source, stage or test.stage)
        if passes:
            spirv = spirv_tools.optimize(spirv, passes)
    except spirv_tools.ToolError as error:
        first = (error.log.strip().splitlines() or ["no message"])[0]
        raise ExportError(f"no recorded SPIR-V, and glslang/spirv-opt failed: {first}") from error
    assembly = _disassembled(spirv, "glslang's module")
    return Shipped(None, assembly, tuple(passes) if passes else None)


# ---------------------------------------------------------------------------- header


def _opening(test: TestCase, short: str, passes_because: str) -> list[str]:
    """What a CTS script opens with: the licence, what the test is, why it passes."""
    return [
        "#!amber",
        "",
        *LICENCE,
        "",
        f"# {_description(test)}.",
        "",
        f"# Short description: {short}",
        "",
        f"# The test passes because {passes_because}.",
        "",
    ]


def _finding_lines(test: TestCase) -> list[str]:
    """The finding, its signature, and the log of each of its targets' failed runs (a
    metamorphic test's runs are `<target>.reference` and `<target>.variant`)."""
    results = test.results
    finding = results.finding
    if finding is None:
        return ["# Finding: none recorded"]
    signature = finding.signature or finding.kind.value
    lines = [
        f"# Finding: {finding.kind.value} on {', '.join(finding.targets)}",
        f"# Signature: {signature}",
    ]
    for target in finding.targets:
        for name in (target, *(f"{target}.{side}" for side in _SIDES)):
            run = results.runs.get(name)
            if run is not None and run.status != "ok":
                lines.append(f"# {name} {run.status}:")
                lines += [f"#   {line}" for line in _log_lines(run.message)]
    return lines


def _differential_wrong_values(test: TestCase) -> list[str]:
    lines = []
    for difference in test.results.differences:
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
    return lines


def _module_lines(test: TestCase, shipped: Shipped) -> list[str]:
    """Where a shipped module came from: the run that consumed it and its versions, or
    glslang at export; and the spirv-opt pass list it went through."""
    lines = []
    if shipped.target is not None:
        run = test.results.runs[shipped.target]
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
    return lines


def _pair_module_lines(test: TestCase, reference: Shipped, variant: Shipped) -> list[str]:
    """Where the two modules came from: one recorded target's two runs (its versions
    once), or glslang at export."""
    if reference.target is None or variant.target is None:
        if isinstance(test.oracle, SpirvMetamorphic):
            return [f"# SPIR-V: the test's {test.oracle.reference} and {test.oracle.variant}"]
        return ["# SPIR-V: glslang's modules of the GLSL below, made at export"]
    target = variant.target.removesuffix(f".{VARIANT_SIDE}")
    lines = [f"# SPIR-V: what {target} consumed ({reference.target}, {variant.target})"]
    for side, shipped in zip(_SIDES, (reference, variant), strict=True):
        assert shipped.target is not None
        if test.results.runs[shipped.target].status != "ok":
            lines.append(f"# The {side}'s chain stopped after making its module")
    versions = test.results.runs[variant.target].versions or {}
    if versions:
        lines.append(
            "# Versions: " + "; ".join(f"{key} {value}" for key, value in versions.items())
        )
    return lines


def _passes_lines(passes: tuple[str, ...] | None) -> list[str]:
    if passes is None:
        return ["# glslang -V --target-env vulkan1.0 shader; no spirv-opt pass"]
    return [
        "# glslang -V --target-env vulkan1.0 shader, then spirv-opt with these passes:",
        f"{PASSES_COMMENT} {' '.join(passes)}",
    ]


def _spirv_command_lines(
    test: TestCase, oracle: SpirvMetamorphic, passes: tuple[str, ...] | None
) -> list[str]:
    """How a maintainer gets the two modules from the test's text and checks them."""
    env = spirv_tools.target_env_of_source(test.main_shader)
    lines = [
        f"# The modules are the test's {oracle.reference} and {oracle.variant}:",
        f"#   spirv-as --preserve-numeric-ids --target-env {env} {oracle.variant} -o variant.spv",
        f"#   spirv-val --target-env {env} variant.spv   (both modules are valid)",
    ]
    if passes:
        lines += [
            "# The -opt targets ran spirv-opt on each module first:",
            f"#   spirv-opt --target-env={env} {' '.join(passes)} variant.spv -o variant-opt.spv",
            f"{PASSES_COMMENT} {' '.join(passes)}",
        ]
    return lines


def _glsl_lines(title: str, source: str) -> list[str]:
    return [f"# {title}:", *(f"#   {line}".rstrip() for line in source.rstrip("\n").splitlines())]


def _comments(lines: list[str]) -> list[str]:
    """Header lines as Amber comments whatever the test recorded: control characters
    (a newline would start a command) shown as `\\xNN`, the tab kept (a GLSL line's)."""
    shown = [one_line(line) for line in lines]
    # Our own words start every line with `#`: a line that did not is a bug here.
    assert all(not line or line.startswith("#") for line in shown), shown
    return shown


def _header(test: TestCase, shipped: Shipped, check: str) -> list[str]:
    """The opening, the finding, its wrong values, the versions and the GLSL."""
    short = "the reference interpreter's output of a generated shader"
    return _comments(
        [
            *_opening(test, short, check),
            *_finding_lines(test),
            *_differential_wrong_values(test),
            *_module_lines(test, shipped),
            *_passes_lines(shipped.passes),
            *_glsl_lines("The GLSL it was compiled from", test.main_shader),
            "",
        ]
    ) + device_requirements(test.main_shader)


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


# ------------------------------------------------------------------- differential


# Amber's 32-bit types of a specialization value (a bool is a VkBool32: uint32 0 or 1).
_SPECIALIZE_TYPES = {"int": "int32", "uint": "uint32", "bool": "uint32"}


def _attach(shader: str, test: TestCase) -> str:
    """`ATTACH shader` with the test's specialization constants set, as the Vulkan
    chains set them at pipeline creation (`SPECIALIZE id AS type VALUE`)."""
    parts = [f"  ATTACH {shader}"]
    for constant_id, type_name, value in test.inputs.specialization:
        parts.append(f"SPECIALIZE {constant_id} AS {_SPECIALIZE_TYPES[type_name]} {value}")
    return " ".join(parts)


def _compute_script(test: TestCase, shipped: Shipped) -> str:
    expected = expected_buffers(readable(test))
    lines = [
        *_header(test, shipped, "the buffers hold the reference interpreter's values"),
        *_shader("compute", "main_shader", shipped),
    ]
    buffers = buffer_inputs_from_specs(test.buffers)
    written = {spec.block: expected[spec.block] for spec in test.buffers if spec.access != "input"}
    lines += _inputs_lines(buffers, written)
    binds = [_bind(buffer) for buffer in buffers]
    expects: list[str] = []
    for spec, buffer in zip(test.buffers, buffers, strict=True):
        if spec.access == "input":
            continue
        if buffer.texture is not None:  # a storage image: its texels, row y first
            after = _texel_values(buffer.texture, expected[spec.block][buffer.texture.name])
        else:
            after = amber_buffer(buffer, _name(buffer), expected[spec.block]).expected
        expects.append(f"EXPECT {_name(buffer)} IDX 0 EQ {' '.join(after)}")
    x, y, z = test.inputs.dispatch
    lines += [
        "PIPELINE compute pipeline",
        _attach("main_shader", test),
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
    assert test.inputs.framebuffer is not None  # expected_image checks it
    width, height = test.inputs.framebuffer
    # N colour outputs: the interpreter's image holds the N attachments side by side.
    framebuffers = [_framebuffer(i) for i in range(image.shape[1] // width)]
    check = "every pixel holds the reference interpreter's colour"
    lines = [
        *_header(test, shipped, check),
        f"# One EXPECT per row: IDX is a byte offset ({16 * width} bytes a row, 16 a pixel),",
        "# the values the row's uint32 words (EQ_RGBA would take 0-255 values)"
        + ("." if len(framebuffers) == 1 else "; one framebuffer per colour output."),
        "",
        *_vertex_lines(test, shipped),
        *_shader("fragment", "main_shader", shipped),
    ]
    buffers = buffer_inputs_from_specs(test.buffers)
    lines += _inputs_lines(buffers)
    triangle = test.vertex_shader is not None
    if triangle:
        lines += _UNREAD_VERTICES
    lines += [
        *[f"BUFFER {name} FORMAT R32G32B32A32_UINT" for name in framebuffers],
        "",
        "PIPELINE graphics pipeline",
        "  ATTACH vertex_shader",
        _attach("main_shader", test),
        f"  FRAMEBUFFER_SIZE {width} {height}",
        *[f"  BIND BUFFER {name} AS color LOCATION {i}" for i, name in enumerate(framebuffers)],
        *[_bind(buffer) for buffer in buffers],
        *([f"  VERTEX_DATA {_VERTICES} LOCATION 0"] if triangle else []),
        "END",
        "",
        "CLEAR_COLOR pipeline 0 0 0 0",
        "CLEAR pipeline",
        _draw(test, width, height),
        "",
    ]
    for i, name in enumerate(framebuffers):
        attachment = image[:, i * width : (i + 1) * width]
        for row in range(height):
            words = " ".join(str(int(word)) for word in np.ravel(attachment[row]))
            lines.append(f"EXPECT {name} IDX {16 * width * row} EQ {words}")
    return "\n".join(lines) + "\n"


def _framebuffer(location: int, prefix: str = "") -> str:
    """The buffer colour output `location` is drawn into: `framebuffer`, `framebuffer1`..."""
    return f"{prefix}{_FRAMEBUFFER}{location or ''}"


# --------------------------------------------------------------------- metamorphic


@dataclass(frozen=True)
class _Colour:
    """A fragment test's colour attachment, and how two of them are compared."""

    format: str
    clear: str  # CLEAR_COLOR's four 0-255 values
    kind: str  # the shader's colour: uint, int or float
    tolerance: float | None = None  # None: equal bytes (EQ_BUFFER)

    @property
    def comparator(self) -> str:
        return "EQ_BUFFER" if self.tolerance is None else "EQ_HISTOGRAM_EMD_BUFFER"


_UINT_COLOUR = _Colour("R32G32B32A32_UINT", "0 0 0 0", "uint")
_INT_COLOUR = _Colour("R32G32B32A32_SINT", "0 0 0 0", "int")
# The format our Vulkan runner draws a float colour into, cleared as it clears it.
_FLOAT_COLOUR = _Colour("R8G8B8A8_UNORM", "0 0 0 255", "float", EMD_TOLERANCE)


def _pair_script(test: TestCase, oracle: Metamorphic | SpirvMetamorphic, target: str | None) -> str:
    reference, variant = shipped_pair(test, oracle, target)
    if isinstance(oracle, SpirvMetamorphic):  # one program, its module transformed
        reference_source = test.main_shader
        steps = [record.name for record in oracle.transformations]
        glsl = _glsl_lines(
            "The program's GLSL: glslang's module of it was the reference before any "
            "reduction (a reduced reference is cut from that module, and smaller)",
            reference_source,
        )
    else:
        reference_source = test.shaders[oracle.reference]
        steps = [step.name for step in test.provenance.steps[oracle.reference_steps :]]
        glsl = [
            *_glsl_lines("The reference's GLSL", reference_source),
            "",
            *_glsl_lines("The variant's GLSL", test.main_shader),
        ]
    counted = ", ".join(
        f"{name} x{count}" if count > 1 else name for name, count in Counter(steps).items()
    )
    level = " of its SPIR-V" if isinstance(oracle, SpirvMetamorphic) else ""
    made = f"{len(steps)} semantics-preserving transformations{level} ({counted or 'none'})"
    if test.stage == "compute":
        short = f"the variant is the reference after {made}; it must compute the same buffers"
        passes_because = "both pipelines leave the same words in every output buffer (EQ_BUFFER)"
        colour = None
    else:
        colour = _colour_of(test.main_shader)
        short = f"the variant is the reference after {made}; it must draw the same image"
        passes_because = (
            f"both pipelines draw the same image ({colour.comparator}, a {colour.kind} colour)"
        )
    passes = variant.passes or reference.passes
    lines = _comments(
        [
            *_opening(test, short, passes_because),
            *_finding_lines(test),
            *_pair_wrong_values(test),
            *_pair_module_lines(test, reference, variant),
            *(
                _spirv_command_lines(test, test.oracle, passes)
                if isinstance(test.oracle, SpirvMetamorphic)
                else _passes_lines(passes)
            ),
            *glsl,
            "",
        ]
    )
    if test.stage == "fragment":
        lines.append("SHADER vertex vertex_shader PASSTHROUGH")
        lines.append("")
    lines += _shader(test.stage, f"{REFERENCE_SIDE}_shader", reference)
    lines += _shader(test.stage, f"{VARIANT_SIDE}_shader", variant)
    buffers = buffer_inputs_from_specs(test.buffers)
    declared = _declared_bindings(reference_source)
    sides = {
        REFERENCE_SIDE: [b for b in buffers if declared is None or b.binding in declared],
        VARIANT_SIDE: buffers,
    }
    for side in _SIDES:
        for buffer in sides[side]:
            lines += amber_buffer(buffer, _name(buffer, f"{side}_")).lines
    if colour is None:
        lines += _pair_compute(test, sides)
    else:
        lines += _pair_fragment(test, sides, colour)
    return "\n".join(lines) + "\n"


def _pair_compute(test: TestCase, sides: dict[str, list[BufferInput]]) -> list[str]:
    lines: list[str] = []
    for side in _SIDES:
        lines += [
            f"PIPELINE compute {side}_pipeline",
            _attach(f"{side}_shader", test),
            *[_bind(buffer, f"{side}_") for buffer in sides[side]],
            "END",
            "",
        ]
    x, y, z = test.inputs.dispatch
    lines += [f"RUN {side}_pipeline {x} {y} {z}" for side in _SIDES]
    lines.append("")
    written = {spec.binding for spec in test.buffers if spec.access != "input"}
    compared = [b for b in sides[REFERENCE_SIDE] if b.binding in written]
    if not compared:
        raise ExportError("the reference writes no buffer: nothing to compare")
    return [
        *lines,
        *[
            f"EXPECT {_name(b, f'{REFERENCE_SIDE}_')} EQ_BUFFER {_name(b, f'{VARIANT_SIDE}_')}"
            for b in compared
        ],
    ]


def _pair_fragment(
    test: TestCase, sides: dict[str, list[BufferInput]], colour: _Colour
) -> list[str]:
    if test.inputs.framebuffer is None:
        raise ExportError("the fragment test has no target size")
    width, height = test.inputs.framebuffer
    locations = range(_attachments_of(test.main_shader))
    lines = [
        f"BUFFER {_framebuffer(i, f'{side}_')} FORMAT {colour.format}"
        for side in _SIDES
        for i in locations
    ]
    lines.append("")
    for side in _SIDES:
        lines += [
            f"PIPELINE graphics {side}_pipeline",
            "  ATTACH vertex_shader",
            _attach(f"{side}_shader", test),
            f"  FRAMEBUFFER_SIZE {width} {height}",
            *[
                f"  BIND BUFFER {_framebuffer(i, f'{side}_')} AS color LOCATION {i}"
                for i in locations
            ],
            *[_bind(buffer, f"{side}_") for buffer in sides[side]],
            "END",
            "",
        ]
    for side in _SIDES:
        lines += [
            f"CLEAR_COLOR {side}_pipeline {colour.clear}",
            f"CLEAR {side}_pipeline",
            f"RUN {side}_pipeline DRAW_RECT POS 0 0 SIZE {width} {height}",
            "",
        ]
    expects = []
    for i in locations:
        reference, variant = (
            _framebuffer(i, f"{REFERENCE_SIDE}_"),
            _framebuffer(i, f"{VARIANT_SIDE}_"),
        )
        expect = f"EXPECT {reference} {colour.comparator} {variant}"
        if colour.tolerance is not None:
            expect += f" TOLERANCE {colour.tolerance}"
        expects.append(expect)
    return [*lines, *expects]


def _pair_wrong_values(test: TestCase) -> list[str]:
    """Where the finding's targets computed differently for the variant than for the
    reference: the differing buffer fields (with the interpreter's value), or how many
    pixels of the recorded pictures differ."""
    finding = test.results.finding
    runs = test.results.runs
    lines: list[str] = []
    for target in finding.targets if finding else ():
        reference = runs.get(f"{target}.{REFERENCE_SIDE}")
        variant = runs.get(f"{target}.{VARIANT_SIDE}")
        if reference is None or variant is None or reference.status != "ok":
            continue
        if variant.status != "ok" or reference.output == variant.output:
            continue
        if reference.values is not None and variant.values is not None:
            lines += _differing_fields(test, target, reference.values, variant.values)
        else:
            lines.append(_differing_pixels(test, target))
    return lines[:_MOST_VALUES]


def _differing_fields(test: TestCase, target: str, reference: Values, variant: Values) -> list[str]:
    interpreted = test.results.runs.get("interp")
    expected = (interpreted.values if interpreted is not None else None) or {}
    lines = []
    for binding, fields in reference.items():
        for field, value in fields.items():
            other = variant.get(binding, {}).get(field)
            if other == value:
                continue
            known = expected.get(binding, {}).get(field)
            line = (
                f"# Wrong value on {target}: binding {binding} {field}: reference gives "
                f"{_short(value)}, variant {_short(other)}"
            )
            lines.append(line + (f" (interpreter: {_short(known)})" if known is not None else ""))
    return lines


def _differing_pixels(test: TestCase, target: str) -> str:
    before = test.files.get(f"{target}.{REFERENCE_SIDE}.png")
    after = test.files.get(f"{target}.{VARIANT_SIDE}.png")
    where = f"# Wrong image on {target}: the variant's image differs from the reference's"
    if before is None or after is None:
        return where
    try:
        reference, variant = decode_png(before), decode_png(after)
    except PngError:
        return where
    if reference.shape != variant.shape:
        return f"{where} (sizes {reference.shape[:2]} and {variant.shape[:2]})"
    differing = int(np.count_nonzero(np.any(reference != variant, axis=-1)))
    total = reference.shape[0] * reference.shape[1]
    return f"{where} in {differing} of {total} pixels (recorded pictures)"


def _short(value: object) -> str:
    text = str(value)
    return text if len(text) <= _VALUE_CHARS else text[: _VALUE_CHARS - 3] + "..."


def _colour_of(source: str) -> _Colour:
    """How a fragment shader's location-0 colour is held: an integer vector exactly, a
    float one in RGBA8 (the front-end reads the declaration)."""
    try:
        outputs = parse_glsl(source).program.outputs
    except FrontEndError as error:
        raise ExportError(f"the variant's shader does not parse: {error}") from None
    for output in outputs:
        if output.location in (0, None) and isinstance(output.type, VectorType):
            if output.type.kind is ScalarKind.UINT:
                return _UINT_COLOUR
            if output.type.kind is ScalarKind.INT:
                return _INT_COLOUR
            return _FLOAT_COLOUR
    raise ExportError("the fragment shader writes no vector colour at location 0")


def _attachments_of(source: str) -> int:
    """How many colour outputs the fragment shader writes (locations 0..N-1: one
    framebuffer each)."""
    try:
        outputs = parse_glsl(source).program.outputs
    except FrontEndError as error:
        raise ExportError(f"the variant's shader does not parse: {error}") from None
    return max(1, len(outputs))


def _declared_bindings(source: str) -> set[int] | None:
    """The bindings of the blocks a shader declares (None where it does not parse: then
    every buffer is bound, which Vulkan allows)."""
    try:
        program = parse_glsl(source).program
    except FrontEndError:
        return None
    return {block.binding for block in program.buffers}


# ------------------------------------------------------------------------ pieces


def _vertex_lines(test: TestCase, fragment: Shipped) -> list[str]:
    """Amber's passthrough vertex shader (for DRAW_RECT), or the generated one's module
    and its GLSL."""
    if test.vertex_shader is None:
        return ["SHADER vertex vertex_shader PASSTHROUGH", ""]
    vertex = shipped_vertex_module(test, fragment)
    return [
        *_glsl_lines("The generated vertex shader's GLSL", test.vertex_shader),
        *_shader("vertex", "vertex_shader", vertex),
    ]


_VERTICES = "vertex_indices"
# Amber's DRAW_ARRAY wants a vertex buffer; the generated vertex shader reads none (its
# positions come from gl_VertexIndex), so this one is bound at a location it leaves
# unread, which Vulkan allows.
_UNREAD_VERTICES = [
    "# Unread by the vertex shader: Amber draws arrays only with a vertex buffer.",
    f"BUFFER {_VERTICES} DATA_TYPE uint32 DATA",
    "0 1 2",
    "END",
    "",
]


def _draw(test: TestCase, width: int, height: int) -> str:
    """A rectangle over the whole target, or the generated vertex shader's triangle: the
    vertices 0, 1 and 2 without attributes, as our runners draw it (its positions come
    from gl_VertexIndex)."""
    if test.vertex_shader is None:
        return f"RUN pipeline DRAW_RECT POS 0 0 SIZE {width} {height}"
    return "RUN pipeline DRAW_ARRAY AS TRIANGLE_LIST START_IDX 0 COUNT 3"


def _shader(stage: str, name: str, shipped: Shipped) -> list[str]:
    # Amber's parser takes the block's text up to the first `END` anywhere (a substring
    # search, not a line): a name or a string holding one would end the block there and
    # run what follows as commands.
    if "END" in shipped.assembly:
        raise ExportError(
            f"the {stage} module's SPIR-V assembly holds `END` (in a name or a string), "
            "which ends Amber's shader block early: it cannot be shipped in an Amber script"
        )
    return [f"SHADER {stage} {name} SPIRV-ASM", shipped.assembly.rstrip("\n"), "END", ""]


def _name(buffer: BufferInput, prefix: str = "") -> str:
    kind = "buffer" if buffer.texture is None else buffer.texture.kind.value
    return f"{prefix}{kind}_{buffer.binding}"


def _inputs_lines(
    buffers: list[BufferInput], expected: Mapping[str, Mapping[str, Value]] | None = None
) -> list[str]:
    """Each block's buffer and each texture's image, and the sampler that sampled
    textures share; `expected`: the values an EXPECT checks, by block."""
    lines: list[str] = []
    for buffer in buffers:
        if buffer.texture is None:
            checked = (expected or {}).get(buffer.block)
            lines += amber_buffer(buffer, _name(buffer), checked).lines
        else:
            lines += _image_lines(buffer, buffer.texture)
    if any(_sampled(buffer) for buffer in buffers):
        # Nearest and clamped, as our Vulkan runner's sampler: texelFetch ignores it and
        # textureLod reads texel centres only (ir/sampling.py), which nearest returns.
        lines += [
            f"SAMPLER {_SAMPLER} MAG_FILTER nearest MIN_FILTER nearest "
            "ADDRESS_MODE_U clamp_to_edge ADDRESS_MODE_V clamp_to_edge",
            "",
        ]
    return lines


_SAMPLER = "nearest_sampler"
# One 32-bit channel a texel, as our runners' images (vk_runner._TEXEL_FORMATS).
_IMAGE_FORMATS = {
    ScalarKind.UINT: "R32_UINT",
    ScalarKind.INT: "R32_SINT",
    ScalarKind.FLOAT: "R32_SFLOAT",
}


def _sampled(buffer: BufferInput) -> bool:
    return buffer.texture is not None and buffer.texture.kind is TextureKind.SAMPLED


def _image_lines(buffer: BufferInput, texture: Texture) -> list[str]:
    """A 2D image of the texture's format and size holding its recorded texels."""
    values = _texel_values(texture, buffer.values[texture.name])
    rows = [" ".join(values[i : i + texture.width]) for i in range(0, len(values), texture.width)]
    return [
        f"IMAGE {_name(buffer)} FORMAT {_IMAGE_FORMATS[texture.element]} DIM_2D "
        f"WIDTH {texture.width} HEIGHT {texture.height} DATA",
        *rows,
        "END",
        "",
    ]


def _texel_values(texture: Texture, rows: Value) -> list[str]:
    """The texels, row y first (targets/runners/texels.py), as Amber reads them for the
    format: integers, or floats written with the digits that give their bits back."""
    data = texel_bytes(texture, rows)  # checks the shape
    array = np.frombuffer(data, dtype=TEXEL_DTYPES[texture.element])
    if texture.element is not ScalarKind.FLOAT:
        return [str(int(value)) for value in array]
    if not np.all(np.isfinite(array)):
        raise ExportError(f"texture {texture.name} holds a NaN or infinity: Amber reads decimals")
    return [f"{float(value):.9g}" for value in array]


def _bind(buffer: BufferInput, prefix: str = "") -> str:
    # A GLSL sampler2D is a combined image sampler, as our Vulkan runner binds it.
    if buffer.texture is not None:
        kind = f"combined_image_sampler SAMPLER {_SAMPLER}" if _sampled(buffer) else "storage_image"
    elif buffer.push_constant:  # Amber pushes it: no descriptor (emit/glsl.py)
        return f"  BIND BUFFER {_name(buffer, prefix)} AS push_constant"
    else:
        kind = "uniform" if buffer.uniform else "storage"
    return (
        f"  BIND BUFFER {_name(buffer, prefix)} AS {kind} DESCRIPTOR_SET 0 BINDING {buffer.binding}"
    )
