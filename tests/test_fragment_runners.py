"""Fragment shaders with std140 uniform blocks drawn into an RGBA32UI target, on every CPU
target (GL llvmpipe and softpipe, lavapipe with and without spirv-opt, spirv-cross back to
GL, and the blame witnesses): the same exact words, equal to the shader's formula computed
here in numpy; and the differential oracle's view of images that differ (a planted
`^` -> `|` rewrite on lavapipe)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from shadersmith.generate.fragment import COLOR_OUTPUT
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.types import FLOAT, INT, UINT, ArrayType, ScalarKind, VectorType
from shadersmith.oracle.differential import Verdict, compare, differences, output_digest
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunResult
from shadersmith.targets.runners.images import png_bytes, read_png, viewable, write_png
from shadersmith.targets.runners.std430 import block_layout
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import toolchain
from tests.targets_support import gl_llvmpipe, vk_lavapipe

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

UVEC3 = VectorType(ScalarKind.UINT, 3)
IVEC2 = VectorType(ScalarKind.INT, 2)
WIDTH, HEIGHT = 64, 48  # not square: a transposed image would not pass

# The fragment shader of the issue, in GLSL 4.50 (gl-llvmpipe, Vulkan, spirv-cross) and
# 3.30 (softpipe: no `binding`, so the runner binds each block by its name).
FORMULA = (
    "void main() { uvec2 p = uvec2(gl_FragCoord.xy); "
    "_color = uvec4(p.x * uint(a), b.y ^ p.y, uint(c[1]), uint(d.x)); }\n"
)
SHADER_450 = (
    "#version 450\n"
    "layout(std140, binding = 0) uniform Inputs0 { int a; uvec3 b; float c[2]; };\n"
    "layout(std140, binding = 1) uniform Inputs1 { ivec2 d; };\n"
    "layout(location = 0) out uvec4 _color;\n" + FORMULA
)
SHADER_330 = (
    "#version 330\n"
    "layout(std140) uniform Inputs0 { int a; uvec3 b; float c[2]; };\n"
    "layout(std140) uniform Inputs1 { ivec2 d; };\n"
    "layout(location = 0) out uvec4 _color;\n" + FORMULA
)
A, B_Y, C_1, D_X = 123_456_789, 0xDEADBEEF, 1234.0, -7
BLOCKS = (
    BufferInput(
        0,
        (("a", INT), ("b", UVEC3), ("c", ArrayType(FLOAT, 2))),
        {"a": A, "b": (5, B_Y, 7), "c": (1.5, C_1)},
        uniform=True,
        block="Inputs0",
    ),
    BufferInput(1, (("d", IVEC2),), {"d": (D_X, 9)}, uniform=True, block="Inputs1"),
)

# Arrays in a uniform block: std140 gives every element 16 bytes (std430 would give
# c a stride of 4, e of 8): each read below lands on padding if the packing is wrong.
ARRAYS_BODY = (
    "layout(location = 0) out uvec4 _color;\n"
    "void main() {\n"
    "    uvec2 p = uvec2(gl_FragCoord.xy);\n"
    "    _color = uvec4(uint(c[p.x % 3u]), uint(e[p.y % 2u].y), f[(p.x + p.y) % 2u].z,\n"
    "                   g + uint(e[1].x));\n"
    "}\n"
)
ARRAYS_450 = (
    "#version 450\n"
    "layout(std140, binding = 2) uniform Arrays { float c[3]; ivec2 e[2]; uvec3 f[2]; uint g; };\n"
    + ARRAYS_BODY
)
ARRAYS_330 = (
    "#version 330\n"
    "layout(std140) uniform Arrays { float c[3]; ivec2 e[2]; uvec3 f[2]; uint g; };\n" + ARRAYS_BODY
)
ARRAY_FIELDS = (
    ("c", ArrayType(FLOAT, 3)),
    ("e", ArrayType(IVEC2, 2)),
    ("f", ArrayType(UVEC3, 2)),
    ("g", UINT),
)
ARRAY_BLOCK = BufferInput(
    2,
    ARRAY_FIELDS,
    {"c": (10.0, 20.0, 30.0), "e": ((1, 2), (3, 4)), "f": ((5, 6, 7), (8, 9, 10)), "g": 100},
    uniform=True,
    block="Arrays",
)

TARGETS = ("gl-llvmpipe", "gl-softpipe", "vk-lavapipe", "vk-lavapipe-cross", "vk-lavapipe-opt")
WITNESSES = ("witness-softpipe", "witness-cross-softpipe", "witness-cross-lavapipe")
PLANTED = "planted-xor-to-or-vk-lavapipe"

UInt32Image = npt.NDArray[np.uint32]


def _coordinates(width: int, height: int) -> tuple[UInt32Image, UInt32Image]:
    """x and y of every pixel; row r is gl_FragCoord.y == r + 0.5 (images.py)."""
    y, x = np.mgrid[0:height, 0:width]
    return x.astype(np.uint32), y.astype(np.uint32)


def formula_expected(width: int = WIDTH, height: int = HEIGHT) -> UInt32Image:
    x, y = _coordinates(width, height)
    image = np.empty((height, width, 4), np.uint32)
    image[..., 0] = x * np.uint32(A)  # wraps modulo 2^32, as the shader's uint product
    image[..., 1] = np.uint32(B_Y) ^ y
    image[..., 2] = int(C_1)
    image[..., 3] = D_X % 2**32  # uint(int) keeps the bits
    return image


def arrays_expected(width: int = WIDTH, height: int = HEIGHT) -> UInt32Image:
    x, y = _coordinates(width, height)
    c, e, f = np.array([10, 20, 30]), np.array([[1, 2], [3, 4]]), np.array([[5, 6, 7], [8, 9, 10]])
    image = np.empty((height, width, 4), np.uint32)
    image[..., 0] = c[x % 3]
    image[..., 1] = e[y % 2, 1]
    image[..., 2] = f[(x + y) % 2, 2]
    image[..., 3] = 100 + 3
    return image


def _job(source: str, source_gl33: str, blocks: tuple[BufferInput, ...]) -> Job:
    return Job(
        stage="fragment",
        source=source,
        source_gl33=source_gl33,
        buffers=blocks,
        width=WIDTH,
        height=HEIGHT,
        integer_image=True,
    )


def _assert_words(result: RunResult, expected: UInt32Image, where: str) -> None:
    assert result.ok, f"{where}: {result.status.value}: {result.log}"
    assert result.image is not None and result.image.dtype == np.uint32, where
    assert result.image.shape == expected.shape, where
    wrong = np.argwhere((result.image != expected).any(axis=2))
    assert not len(wrong), f"{where}: {len(wrong)} pixels differ, first (y, x) {wrong[:3]}"


# ------------------------------------------------------------- the runners, in process


def test_std140_offsets_of_the_issue_block() -> None:
    offsets = {f.name: f.offset for f in block_layout(BLOCKS[0].fields, layout="std140")}
    assert offsets == {"a": 0, "b": 16, "c": 32}  # c[1] at 48, not 36
    assert BLOCKS[0].layout == "std140" and BufferInput(0, (), {}).layout == "std430"


@pytest.mark.parametrize("source", [SHADER_450, SHADER_330], ids=["450", "330"])
def test_gl_llvmpipe_draws_the_formula(source: str) -> None:
    result = gl_llvmpipe().run_fragment(source, WIDTH, HEIGHT, blocks=BLOCKS, integer=True)
    _assert_words(result, formula_expected(), source.split("\n")[0])


def test_lavapipe_draws_the_formula() -> None:
    result = toolchain.run_fragment_on_vulkan(
        vk_lavapipe(), SHADER_450, WIDTH, HEIGHT, blocks=BLOCKS, integer=True
    )
    _assert_words(result, formula_expected(), "lavapipe")


def test_rgba8_path_is_unchanged_beside_uniform_blocks() -> None:
    # A float output still renders into RGBA8 and comes back as bytes, blocks or not.
    source = (
        "#version 450\nlayout(std140, binding = 1) uniform Inputs1 { ivec2 d; };\n"
        "layout(location = 0) out vec4 color;\n"
        "void main() { color = vec4(float(d.y) / 255.0, 0.0, 0.0, 1.0); }\n"
    )
    gl = gl_llvmpipe().run_fragment(source, 4, 4, blocks=BLOCKS[1:])
    vk = toolchain.run_fragment_on_vulkan(vk_lavapipe(), source, 4, 4, blocks=BLOCKS[1:])
    for result in (gl, vk):
        assert result.ok and result.image is not None and result.image.dtype == np.uint8
        assert (result.image == [9, 0, 0, 255]).all()


# ---------------------------------------------------------------- every target, in workers


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession([*TARGETS, *WITNESSES, PLANTED], timeout_s=120) as started:
        assert not started.missing, started.missing
        yield started


def test_every_target_draws_the_formula(session: TargetSession) -> None:
    results = session.run(_job(SHADER_450, SHADER_330, BLOCKS))
    expected = formula_expected()
    for name in (*TARGETS, *WITNESSES):
        _assert_words(results[name], expected, name)
    honest = {name: results[name] for name in (*TARGETS, *WITNESSES)}
    assert compare(honest).verdict is Verdict.AGREE
    assert differences(honest) == []


def test_every_target_reads_uniform_arrays_at_std140_strides(session: TargetSession) -> None:
    results = session.run(_job(ARRAYS_450, ARRAYS_330, (ARRAY_BLOCK,)))
    expected = arrays_expected()
    for name in (*TARGETS, *WITNESSES):
        _assert_words(results[name], expected, name)


def test_differing_images_are_described_pixel_by_pixel(session: TargetSession) -> None:
    results = session.run(_job(SHADER_450, SHADER_330, BLOCKS))
    planted = results[PLANTED]
    # The planted rewrite draws b.y | p.y: the rows whose y shares a bit with b.y differ.
    expected = formula_expected()
    _, y = _coordinates(WIDTH, HEIGHT)
    wrong_rows = (np.uint32(B_Y) & y[:, 0]) != 0
    assert planted.image is not None
    assert (planted.image[..., 1] == (np.uint32(B_Y) | y)).all()

    comparison = compare(results)
    assert comparison.verdict is Verdict.ODD_ONE_OUT and comparison.suspects == (PLANTED,)
    (entry,) = differences(results)
    assert (entry["binding"], entry["field"], entry["expected"]) == (None, "image", None)
    assert entry["actual"][PLANTED] == output_digest(planted)
    assert entry["actual"]["gl-llvmpipe"] == output_digest(results["vk-lavapipe"])
    assert entry["pixels"] == int(wrong_rows.sum()) * WIDTH
    assert entry["differing"][PLANTED] == entry["pixels"]
    assert entry["differing"]["gl-softpipe"] == 0
    first_row = int(np.argmax(wrong_rows))
    assert [(p["x"], p["y"]) for p in entry["first"]] == [(i, first_row) for i in range(8)]
    pixel = entry["first"][1]
    assert pixel["actual"]["vk-lavapipe"] == [int(v) for v in expected[first_row, 1]]
    assert pixel["actual"][PLANTED][1] == B_Y | first_row


def test_generated_fragment_programs_agree_with_the_interpreter(session: TargetSession) -> None:
    """Generated, reconditioned fragment programs as job_from_program makes their jobs:
    every target draws the same words, and sampled fragments are the interpreter's."""
    for seed in range(3):
        generated = generate(seed, SmithOptions(fragment_probability=1.0), GLSL450)
        reconditioned = recondition(generated.program, generated.buffer_values)
        job = job_from_program(reconditioned.program, reconditioned.buffer_values, GLSL450)
        assert (job.width, job.height, job.integer_image) == (64, 64, True)
        assert job.buffers and all(b.uniform and b.block for b in job.buffers)
        assert job.source_gl33 is not None and "binding" not in job.source_gl33
        results = session.run(job)
        honest = {name: results[name] for name in (*TARGETS, *WITNESSES)}
        assert all(r.ok for r in honest.values()), {n: r.log for n, r in honest.items()}
        assert compare(honest).verdict is Verdict.AGREE, f"seed {seed}: {differences(honest)}"
        image = honest["gl-llvmpipe"].image
        assert image is not None
        interpreter = FragmentInterpreter(reconditioned.program)
        for x, y in ((0, 0), (63, 0), (5, 40), (63, 63)):
            color = interpreter.run(reconditioned.buffer_values, x, y).values[COLOR_OUTPUT]
            assert isinstance(color, tuple)
            assert list(image[y, x]) == list(color), f"seed {seed} pixel ({x}, {y})"


# ------------------------------------------------------------------------------- images


def _fold(word: int) -> int:
    return (word ^ word >> 8 ^ word >> 16 ^ word >> 24) & 0xFF


def test_uint32_images_make_a_viewable_png(tmp_path: Path) -> None:
    image = formula_expected(8, 4)
    picture = viewable(image)
    assert picture.dtype == np.uint8 and picture.shape == (4, 8, 4)
    assert (picture[..., 3] == 255).all()  # opaque: the fourth word is folded in instead
    for y, x in ((0, 0), (2, 5), (3, 7)):
        words = [int(w) for w in image[y, x]]
        assert list(picture[y, x, :3]) == [_fold(w) ^ _fold(words[3]) for w in words[:3]]
    changed = image.copy()
    changed[0, 0, 2] ^= 1 << 30  # one high bit of one word still shows
    assert (viewable(changed) != picture).any()
    assert png_bytes(image) == png_bytes(picture)
    write_png(tmp_path, "words.png", image)
    assert (read_png(tmp_path, "words.png") == picture).all()
