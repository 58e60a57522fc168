"""A test as a piglit `shader_test` (Mesa's own test format), for a Mesa bug report.

A compute test becomes: the shader as it runs, each storage buffer created and filled
word by word (its std430 bytes as 32-bit words, so float bits travel exactly), the dispatch,
and a probe of every 32-bit word of every buffer the shader may write against the
reference interpreter's result. `shader_runner FILE -auto -fbo` passes exactly when the
driver computes what the interpreter does.

Fragment tests are not exported yet: their integer colour target needs an FBO format
piglit's `[test]` section does not set up the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

from shadersmith.case import TestCase
from shadersmith.export.common import ExportError, expected_buffers, words_of
from shadersmith.harness.std430 import pack_buffer
from shadersmith.targets.buffers import buffer_inputs_from_specs

SHADER_TEST_FILE = "test.shader_test"
_VERSION = re.compile(r"^\s*#\s*version\s+(\d+)(\s+es)?", re.M)


def piglit_shader_test(test: TestCase) -> str:
    """The text of a piglit shader_test that checks `test`'s expected output."""
    expected = expected_buffers(test, "piglit")
    version = _VERSION.search(test.main_shader)
    if version is None or version.group(2):
        raise ExportError("piglit export handles desktop GLSL (#version 430 and later)")
    glsl = int(version.group(1))
    lines = [
        "# Exported by shadersmith: the buffers must hold the reference interpreter's",
        "# values after the dispatch.",
        "[require]",
        "GL >= 4.3",
        f"GLSL >= {glsl // 100}.{glsl % 100:02d}",
        "",
        "[compute shader]",
        test.main_shader.rstrip("\n"),
        "",
        "[test]",
    ]
    probes: list[str] = []
    for spec, buffer in zip(test.buffers, buffer_inputs_from_specs(test.buffers), strict=True):
        data = pack_buffer(buffer.fields, buffer.values)
        words = words_of(data)
        lines.append(f"ssbo {buffer.binding} {len(data)}")
        # One signed word per command: the `subdata` types of Debian's piglit are int,
        # int64, uint64, float and double, each taking one value.
        lines += [
            f"ssbo {buffer.binding} subdata int {4 * i} {_signed(word)}"
            for i, word in enumerate(words)
        ]
        if spec.access == "input":
            continue
        after = pack_buffer(buffer.fields, expected[spec.block])
        probes += [
            f"probe ssbo uint {buffer.binding} {4 * i} == {word}"
            for i, word in enumerate(words_of(after))
        ]
    x, y, z = test.inputs.dispatch
    lines.append(f"compute {x} {y} {z}")
    lines += probes
    return "\n".join(lines) + "\n"


def write_shader_test(test: TestCase, directory: Path) -> Path:
    path = directory / SHADER_TEST_FILE
    path.write_text(piglit_shader_test(test))
    return path


def _signed(word: int) -> int:
    return word - (1 << 32) if word >= 1 << 31 else word
