"""A test as an Amber script (the Vulkan CTS's test format), for a Vulkan driver report.

A compute test becomes the GLSL shader (Amber compiles it with glslang), one storage
buffer per binding in descriptor set 0 filled with its std430 bytes as 32-bit words (so
float bits travel exactly), the dispatch, and an EXPECT of every word of every buffer the
shader may write: the reference interpreter's values. The test's recorded spirv-opt pass
list is not passed on: the script checks the driver on glslang's output.

Fragment tests are not exported yet (their integer colour attachment needs a FORMAT and
a framebuffer Amber sets up differently).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from shadersmith.case import TestCase
from shadersmith.export.common import expected_buffers, words_of
from shadersmith.harness.std430 import pack_buffer
from shadersmith.targets.buffers import buffer_inputs_from_specs

AMBER_FILE = "test.amber"
# Words per DATA line, for a readable file.
_PER_LINE = 8


def amber_script(test: TestCase) -> str:
    """The text of an Amber script that checks `test`'s expected output on Vulkan."""
    expected = expected_buffers(test, "Amber")
    lines = [
        "#!amber",
        "# Exported by shadersmith: the buffers must hold the reference interpreter's values",
        "# after the dispatch.",
        "",
        "SHADER compute main_shader GLSL",
        test.main_shader.rstrip("\n"),
        "END",
        "",
    ]
    binds: list[str] = []
    expects: list[str] = []
    for spec, buffer in zip(test.buffers, buffer_inputs_from_specs(test.buffers), strict=True):
        name = f"buffer_{buffer.binding}"
        words = words_of(pack_buffer(buffer.fields, buffer.values))
        lines.append(f"BUFFER {name} DATA_TYPE uint32 DATA")
        lines += [
            " ".join(str(w) for w in words[i : i + _PER_LINE])
            for i in range(0, len(words), _PER_LINE)
        ]
        lines += ["END", ""]
        binds.append(f"  BIND BUFFER {name} AS storage DESCRIPTOR_SET 0 BINDING {buffer.binding}")
        if spec.access == "input":
            continue
        after = words_of(pack_buffer(buffer.fields, expected[spec.block]))
        expects.append(f"EXPECT {name} IDX 0 EQ {' '.join(map(str, after))}")
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


def write_amber(test: TestCase, directory: Path) -> Path:
    path = directory / AMBER_FILE
    path.write_text(amber_script(test))
    return path


def amber_binary() -> Path | None:
    """The Amber build `AMBER` points at (a file, or a folder holding `amber`), if any."""
    given = os.environ.get("AMBER")
    if given:
        path = Path(given)
        path = path / "amber" if path.is_dir() else path
        return path if path.is_file() else None
    found = shutil.which("amber")
    return Path(found) if found else None
