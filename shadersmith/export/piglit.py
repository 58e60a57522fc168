"""A test as a piglit `shader_test` (Mesa's own test format), for a Mesa bug report.
`shader_runner FILE -auto -fbo` passes exactly when the driver computes what the reference
interpreter does.

A compute test becomes: the shader as it runs, each storage buffer created and filled
word by word (its std430 bytes as 32-bit words), the dispatch, and a probe of every 32-bit
word of every buffer the shader may write. A float member's word is written as a decimal
that reads back to its exact bits (`subdata float`, `probe ssbo float`;
export/float_words.py); an integer member's, and a float word no decimal shows exactly,
as the int (`subdata int`) or uint (`probe ssbo uint`) with its bits. One command a word
either way, so a block mixing int and float members needs nothing more. Which float
words keep their bits: NaN and infinities (no decimal reads back to them), and in a
probe any float that `probe ssbo float` cannot tell from another: it passes when the two
differ by less than DBL_EPSILON (2^-52), so zero (either sign: -0.0 passes for 0.0),
magnitudes below 2^-28 (whose neighbours are that close) and infinities (inf - inf is
NaN) are probed by their bits.

A fragment test becomes: piglit's passthrough vertex shader and `draw rect -1 -1 2 2` (two
triangles over the target instead of our runners' one big triangle: every pixel is still
shaded once, at gl_FragCoord = its centre), the fragment shader as it runs, each member of
each uniform block set by name (`uniform float|vecN NAME VALUES` for a float member,
`uniform uint|uvecN NAME WORDS` for the others: shader_runner copies the parsed words to
the offset GL reports whatever the member's type; a float no decimal shows exactly, a
NaN or an infinity, is written `0x7fc00000`, which shader_runner's float parser reads as
bits), and a
probe of every pixel: one `relative probe rect rgba int` per rectangle of equal pixels
(one for a uniform image, at most one per pixel).

A fragment test with a generated vertex shader (shader.vert, generate/vertex_stage.py)
has that shader as its `[vertex shader]`, the text gl-llvmpipe runs, and `draw arrays
GL_TRIANGLES 0 3`: our runners' draw, three vertices with gl_VertexID 0, 1, 2 and no
attributes, from which the shader makes the full-screen triangle. Its uniform blocks are
the fragment shader's (one program resource, set once), and the expected image is the
interpreter's with the vertex shader's flat varyings fed in (interp/vertex.py).

The target is GL_RGBA32I, not the RGBA32UI our runners draw into. piglit's only integer
probe reads pixels as GL_INT, and GL clamps an unsigned word of 2^31 or more to
2147483647 when it reads an RGBA32UI buffer that way (Debian's shader_runner on llvmpipe
reads 0xFFFFFFFF as 2147483647): half of all colour words could not be checked, and
shader_runner has no unsigned probe, image copy or texture view to get round it. A signed
target keeps the `uvec4` colour's bits (GL leaves a signedness mismatch undefined; Mesa's
llvmpipe and softpipe store the bits, checked with Debian's shader_runner), and each probe
holds the expected words as signed ints: a pixel passes exactly when its 128 bits are the
interpreter's. shader_runner draws into at most its 250x250 window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from shadersmith.case import TestCase
from shadersmith.export.common import (
    ExportError,
    Rectangle,
    check_stage,
    equal_rectangles,
    expected_buffers,
    expected_image,
    glsl_version,
    readable,
    signed,
    text_version,
    words_of,
)
from shadersmith.export.float_words import Word, block_words, float_literal, float_of
from shadersmith.files import safe_files
from shadersmith.ir.profile import Language
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput
from shadersmith.targets.runners.buffers import buffer_inputs_from_specs
from shadersmith.targets.runners.std430 import pack_buffer

SHADER_TEST_FILE = "test.shader_test"
# shader_runner's window (and the viewport `draw rect` fills): the largest target it covers.
WINDOW_SIZE = 250
# A generated vertex shader's draw: vertices 0, 1, 2 (gl_VertexID) and no attributes, as
# our GL runner draws it; shader_runner binds an empty vertex array in a core context.
_DRAW_TRIANGLE = "draw arrays GL_TRIANGLES 0 3"


def piglit_shader_test(test: TestCase) -> str:
    """The text of a piglit shader_test that checks `test`'s expected output."""
    check_stage(test, "piglit", vertex_stage=True)
    if test.language.family is not Language.GLSL:  # bug reports export a GLSL twin
        name = test.language.value.upper()
        raise ExportError(f"piglit runs GLSL: a {name} test cannot be exported to piglit")
    version, es = glsl_version(test)
    if es:  # shader_runner_gles3 is another binary, with other requirements
        raise ExportError("piglit export handles desktop GLSL, not ESSL")
    if test.stage == "compute":
        return _compute_test(test, version)
    return _fragment_test(test, version)


def write_shader_test(test: TestCase, directory: Path, name: str = SHADER_TEST_FILE) -> Path:
    # Never through a link of that name (it could point at a shell start-up file).
    return safe_files.write_file(directory, name, piglit_shader_test(test))


# ---------------------------------------------------------------------------- compute


def _compute_test(test: TestCase, version: int) -> str:
    if version < 430:
        raise ExportError("piglit export of a compute test needs #version 430 or later")
    expected = expected_buffers(readable(test))
    lines = [
        "# Exported by shadersmith: the buffers must hold the reference interpreter's",
        "# values after the dispatch.",
        "[require]",
        "GL >= 4.3",
        _glsl_requirement(version),
        "",
        "[compute shader]",
        shader_section(test.main_shader),
        "",
        "[test]",
    ]
    probes: list[str] = []
    for spec, buffer in zip(test.buffers, buffer_inputs_from_specs(test.buffers), strict=True):
        lines += _ssbo_lines(buffer)
        if spec.access == "input":
            continue
        probes += _probes(buffer, expected[spec.block])
    x, y, z = test.inputs.dispatch
    lines.append(f"compute {x} {y} {z}")
    lines += probes
    return "\n".join(lines) + "\n"


_BITS_PROBED = [
    "# Float words are probed as decimals where `probe ssbo float` (equal within 2^-52)",
    "# tells them from every other float; zero, NaN, infinities and magnitudes below",
    "# 2^-28 are probed by their bits (probe ssbo uint), as integer members are.",
]
_BITS_SET = "# NaN and infinite float words are set by their bits: no decimal reads back to them."
# `probe ssbo float` passes when |expected - observed| < DBL_EPSILON: a float of at least
# this magnitude is that far from each of its neighbours, a smaller one is not.
_SMALLEST_PROBED = 2.0**-28


def _probes(buffer: BufferInput, values: Mapping[str, Value]) -> list[str]:
    """A probe of each word of the block holding `values`: a float member's as its
    decimal where the float probe is exact, every other word as its bits."""
    kinds = block_words(buffer.fields, values)
    probes = []
    bits_probed = False
    for index, word in enumerate(words_of(pack_buffer(buffer.fields, values))):
        literal = _float_word(kinds[index], word)
        place = f"{buffer.binding} {4 * index}"
        if literal is not None and abs(float_of(word)) >= _SMALLEST_PROBED:
            probes.append(f"probe ssbo float {place} == {literal}")
        else:
            bits_probed |= _is_float(kinds[index])
            probes.append(f"probe ssbo uint {place} == {word}")
    return [*(_BITS_PROBED if bits_probed else []), *probes]


def _is_float(kind: Word | None) -> bool:
    return kind is not None and kind.kind is ScalarKind.FLOAT


def _float_word(kind: Word | None, word: int) -> str | None:
    """The decimal of a float member's word, None for any other word or a float without
    one (NaN, infinity)."""
    return float_literal(word) if _is_float(kind) else None


def _ssbo_lines(buffer: BufferInput) -> list[str]:
    """A storage buffer created at its binding and filled with its bytes."""
    data = pack_buffer(buffer.fields, buffer.values, buffer.layout)
    kinds = block_words(buffer.fields, buffer.values, buffer.layout)
    # One word per command: the `subdata` types of Debian's piglit are int, int64, uint64,
    # float and double, each taking one value. A float member's word as its decimal
    # (scanned by strtof), any other word, and a NaN or infinity, as the signed int with
    # its bits (`subdata float` scans `0x...` as a hexadecimal float, not as bits).
    lines = [f"ssbo {buffer.binding} {len(data)}"]
    bits_set = False
    for index, word in enumerate(words_of(data)):
        kind = kinds[index] if index < len(kinds) else None
        literal = _float_word(kind, word)
        if literal is None:
            bits_set |= _is_float(kind)
            lines.append(f"ssbo {buffer.binding} subdata int {4 * index} {signed(word)}")
        else:
            lines.append(f"ssbo {buffer.binding} subdata float {4 * index} {literal}")
    return [_BITS_SET, *lines] if bits_set else lines


def shader_section(text: str) -> str:
    """A shader's text as the body of a shader_test section. shader_runner starts a new
    section at any line whose first character is `[` (a shader's `[test]` would run its
    own commands, and cut the shader there): such a line gets one leading space, which
    GLSL reads as whitespace wherever it stands (a line starting with `[` is never a
    preprocessor directive, and a space inside a comment or a continued line is still
    one). Chosen over refusing the test: the program compiles as written. Lines are split
    at `\n` alone, as shader_runner splits them."""
    lines = text.rstrip("\n").split("\n")
    return "\n".join(f" {line}" if line.startswith("[") else line for line in lines)


def _glsl_requirement(version: int) -> str:
    return f"GLSL >= {version // 100}.{version % 100:02d}"


# What softpipe offers (GL 3.3): a test needing more runs there only with Mesa's version
# overrides, which claim features softpipe may not have.
SOFTPIPE_GLSL = 330
_REQUIREMENT = re.compile(r"^GLSL >= (\d+)\.(\d+)$", re.M)
_VERSION_450 = re.compile(r"^#version 450[ \t]*$", re.M)


def glsl_required(text: str) -> int | None:
    """The GLSL version a shader_test's [require] section asks for (450), if any."""
    match = _REQUIREMENT.search(text)
    return int(match.group(1)) * 100 + int(match.group(2)) if match else None


def as_glsl_330(text: str) -> str | None:
    """A fragment shader_test of GLSL 4.50 as GLSL 3.30, softpipe's own version: every
    shader's `#version 450` and the requirement changed, nothing else (whether the shaders
    are GLSL 3.30 is for a driver to say: the bug report runs it). None for a test that is
    not a GLSL 4.50 fragment test (a compute shader needs 4.30)."""
    if "[compute shader]" in text or glsl_required(text) != 450:
        return None
    lowered = _VERSION_450.sub("#version 330", text)
    return _REQUIREMENT.sub(_glsl_requirement(SOFTPIPE_GLSL), lowered, count=1)


# --------------------------------------------------------------------------- fragment


def _fragment_test(test: TestCase, version: int) -> str:
    trial = readable(test)
    assert trial.program is not None  # readable() checked
    if len(trial.program.outputs) > 1:
        raise ExportError(
            "piglit export draws one colour output (its `fb tex 2d` binds one texture)"
        )
    image = expected_image(trial)
    height, width = image.shape[:2]
    if width > WINDOW_SIZE or height > WINDOW_SIZE:
        raise ExportError(f"piglit export draws at most {WINDOW_SIZE}x{WINDOW_SIZE} pixels")
    named = {b.block_name: b.instance_name is not None for b in trial.program.buffers}
    buffers = buffer_inputs_from_specs(test.buffers)
    lines = [
        "# Exported by shadersmith: every pixel must hold the reference interpreter's colour.",
        "# The uvec4 colour is drawn into a GL_RGBA32I texture and probed as signed ints:",
        "# piglit's integer probe reads GL_INT, which clamps RGBA32UI words >= 2^31.",
        "[require]",
        "GL >= 3.3",
        _glsl_requirement(version),
        "GL_ARB_texture_storage",
        *(["GL_ARB_shader_storage_buffer_object"] if any(not b.uniform for b in buffers) else []),
        "",
        *_vertex_section(test, version),
        "",
        "[fragment shader]",
        shader_section(test.main_shader),
        "",
        "[test]",
        f"texture storage 0 2D GL_RGBA32I (1 {width} {height})",
        "fb tex 2d 0",
    ]
    for buffer in buffers:
        if buffer.uniform:
            prefix = f"{buffer.block}." if named.get(buffer.block, True) else ""
            lines += _block_lines(buffer, prefix)
        else:
            lines += _ssbo_lines(buffer)
    lines.append("draw rect -1 -1 2 2" if test.vertex_shader is None else _DRAW_TRIANGLE)
    lines += [_probe(rect, width, height) for rect in equal_rectangles(image)]
    return "\n".join(lines) + "\n"


def _vertex_section(test: TestCase, version: int) -> list[str]:
    """piglit's passthrough vertex shader, or the test's generated one as it runs: its
    GL text is the one gl-llvmpipe links (`#ifdef VULKAN` leaves gl_VertexID), with the
    fragment shader's #version, so its `binding` layouts are as good as the fragment's."""
    vertex = test.vertex_shader
    if vertex is None:
        return ["[vertex shader passthrough]"]
    if text_version(vertex) != (version, False):
        raise ExportError("the vertex shader's #version differs from the fragment shader's")
    return ["[vertex shader]", shader_section(vertex)]


def _block_lines(buffer: BufferInput, prefix: str) -> list[str]:
    """`uniform` commands that set every member of a uniform block. A block member's GL
    name is `Block.member` when the block has an instance name, `member` otherwise."""
    values: Mapping[str, Value] = buffer.values
    return [
        line
        for name, type_ in buffer.fields
        for line in _member_lines(prefix + name, type_, values[name])
    ]


def _member_lines(name: str, type_: Type, value: Value) -> Iterator[str]:
    # shader_runner sets one scalar or vector per command: an array is walked down to
    # those, with GL's names for them (`a[2]`, `aa[1][0]`). Test files hold nothing else
    # in a uniform block (case/typenames.py).
    if isinstance(type_, ArrayType):
        assert isinstance(value, tuple)
        for index, item in enumerate(value):
            yield from _member_lines(f"{name}[{index}]", type_.element, item)
    elif isinstance(type_, ScalarType | VectorType):
        # shader_runner copies the parsed words to the member's offset whatever its type:
        # an int or bool as its word, a float as its decimal, or as `0x` and its bits
        # where it has none (a NaN, an infinity), which piglit's float parser (strtof_hex)
        # reads as bits.
        count = 1 if isinstance(type_, ScalarType) else type_.size
        words = words_of(pack_buffer((("v", type_),), {"v": value}, "std140"))[:count]
        if type_.kind is ScalarKind.FLOAT:
            glsl_type = "float" if count == 1 else f"vec{count}"
            shown = [float_literal(word) or f"0x{word:08x}" for word in words]
        else:
            glsl_type = "uint" if count == 1 else f"uvec{count}"
            shown = [str(word) for word in words]
        yield f"uniform {glsl_type} {name} {' '.join(shown)}"
    else:
        raise ExportError(f"piglit export cannot set uniform {name} of type {type_}")


def _probe(rect: Rectangle, width: int, height: int) -> str:
    box = ", ".join(
        [
            _fraction(rect.x, width),
            _fraction(rect.y, height),
            _fraction(rect.width, width),
            _fraction(rect.height, height),
        ]
    )
    color = ", ".join(str(signed(word)) for word in rect.color)
    return f"relative probe rect rgba int ({box}) ({color})"


def _fraction(pixels: int, size: int) -> str:
    """`pixels` / `size` such that shader_runner's float `fraction * size`, truncated, is
    `pixels`: exact for a power-of-two size; otherwise aimed at the middle of a pixel."""
    exact = size & (size - 1) == 0
    return repr(pixels / size if exact else (pixels + 0.5) / size)
