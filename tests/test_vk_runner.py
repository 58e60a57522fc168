"""The Vulkan runner on lavapipe, and GL and Vulkan images compared pixel for pixel."""

from __future__ import annotations

import os
import resource

import numpy as np
import pytest

from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ArrayType,
    ScalarKind,
    StructField,
    StructType,
    Type,
)
from shadersmith.ir.types import VectorType as Vec  # keeps struct literals short
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.runners.environment import DriverUnavailable
from shadersmith.targets.runners.images import picture_rows
from shadersmith.targets.runners.vk_runner import VulkanRunner
from shadersmith.targets.tools.spirv_tools import compile_glsl_to_spirv
from tests.targets_support import gl_llvmpipe, vk_lavapipe
from tests.test_gl_runner import BITS_EXPECTED, BITS_INPUTS, BITS_SHADER, gradient_expected

GRADIENT_450 = """#version 450
layout(location = 0) out vec4 color;
void main() {
    color = vec4(floor(gl_FragCoord.x) / 255.0, floor(gl_FragCoord.y) / 255.0, 0.5, 1.0);
}
"""


def test_compute_gives_exact_values() -> None:
    spirv = compile_glsl_to_spirv(BITS_SHADER, "compute")
    result = vk_lavapipe().run_compute(spirv, BITS_INPUTS)
    assert result.status is RunStatus.OK
    assert result.buffers[1] == BITS_EXPECTED
    assert result.buffers[0] == BITS_INPUTS[0].values
    assert result.compile_ms > 0 and result.run_ms > 0


def test_compute_agrees_with_gl() -> None:
    spirv = compile_glsl_to_spirv(BITS_SHADER, "compute")
    assert (
        vk_lavapipe().run_compute(spirv, BITS_INPUTS).buffers
        == gl_llvmpipe().run_compute(BITS_SHADER, BITS_INPUTS).buffers
    )


def test_work_groups_and_runtime_sized_arrays() -> None:
    source = """#version 450
layout(local_size_x = 2) in;
layout(std430, binding = 5) buffer Out { uint count; uvec3 ids[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    ids[i] = uvec3(gl_WorkGroupID.x, gl_LocalInvocationID.x, i);
    if (i == 0u) { count = uint(ids.length()); }
}
"""
    fields: tuple[tuple[str, Type], ...] = (
        ("count", UINT),
        ("ids", ArrayType(Vec(ScalarKind.UINT, 3), None)),
    )
    values: dict[str, Value] = {"count": 0, "ids": ((0, 0, 0),) * 4}
    spirv = compile_glsl_to_spirv(source, "compute")
    result = vk_lavapipe().run_compute(spirv, [BufferInput(5, fields, values)], (2, 1, 1))
    assert result.buffers[5] == {
        "count": 4,
        "ids": ((0, 0, 0), (0, 1, 1), (1, 0, 2), (1, 1, 3)),
    }


def test_structs_and_bools_in_buffers() -> None:
    source = """#version 450
layout(local_size_x = 1) in;
struct S { float f; bvec2 flags; int n[2]; };
layout(std430, binding = 0) buffer B { S s[2]; bool done; };
void main() {
    s[1].f = s[0].f * 2.0;
    s[1].flags = not(s[0].flags);
    s[1].n[0] = s[0].n[1];
    done = s[0].flags.x;
}
"""
    struct_type = StructType(
        "S",
        (
            StructField("f", FLOAT),
            StructField("flags", Vec(ScalarKind.BOOL, 2)),
            StructField("n", ArrayType(INT, 2)),
        ),
    )
    fields: tuple[tuple[str, Type], ...] = (("s", ArrayType(struct_type, 2)), ("done", BOOL))
    values: dict[str, Value] = {
        "s": ((1.5, (True, False), (3, -4)), (0.0, (False, False), (0, 0))),
        "done": False,
    }
    spirv = compile_glsl_to_spirv(source, "compute")
    result = vk_lavapipe().run_compute(spirv, [BufferInput(0, fields, values)])
    assert result.buffers[0] == {
        "s": ((1.5, (True, False), (3, -4)), (3.0, (False, True), (-4, 0))),
        "done": True,
    }


def test_fragment_gradient_matches_gl_pixel_for_pixel() -> None:
    spirv = compile_glsl_to_spirv(GRADIENT_450, "fragment")
    vulkan = vk_lavapipe().run_fragment(spirv, 64, 48)
    assert vulkan.status is RunStatus.OK
    assert vulkan.image is not None and vulkan.image.shape == (48, 64, 4)
    assert (vulkan.image == gradient_expected(64, 48)).all()
    gl = gl_llvmpipe().run_fragment(GRADIENT_450, 64, 48)
    assert gl.image is not None and (gl.image == vulkan.image).all()
    # On screen the two APIs show the array opposite ways up.
    assert (picture_rows(gl.image, "gl")[0] == vulkan.image[-1]).all()
    assert picture_rows(vulkan.image, "vulkan") is vulkan.image


def test_default_framebuffer_is_256_square_and_matches_gl() -> None:
    source = """#version 450
layout(location = 0) out vec4 color;
void main() {
    vec2 p = gl_FragCoord.xy / 256.0 - 0.5;
    if (dot(p, p) > 0.16) discard;
    color = vec4(p + 0.5, float(p.x > p.y), 1.0);
}
"""
    vulkan = vk_lavapipe().run_fragment(compile_glsl_to_spirv(source, "fragment"))
    gl = gl_llvmpipe().run_fragment(source)
    assert vulkan.image is not None and vulkan.image.shape == (256, 256, 4)
    assert gl.image is not None and np.array_equal(gl.image, vulkan.image)
    assert (vulkan.image[0, 0] == [0, 0, 0, 255]).all()  # discarded: the clear colour


def test_loose_fragment_uniforms_are_refused_on_vulkan() -> None:
    # Vulkan has no default-block uniforms; fragment inputs come in uniform blocks.
    spirv = compile_glsl_to_spirv(GRADIENT_450, "fragment")
    with pytest.raises(NotImplementedError):
        vk_lavapipe().run_fragment(spirv, 8, 8, {"tint": 1.0})


def test_versions_name_the_driver() -> None:
    versions = vk_lavapipe().versions()
    assert "llvmpipe" in versions["device"]
    assert versions["api_version"].startswith("1.")
    assert "Mesa" in versions.get("driver_info", "Mesa (no driver properties)")


def test_missing_device_is_reported() -> None:
    with pytest.raises(DriverUnavailable, match="no Vulkan device"):
        VulkanRunner("no-such-gpu")


def test_runs_release_their_objects() -> None:
    """A worker runs thousands of tests: per-run objects must not pile up."""
    runner = vk_lavapipe()
    compute = compile_glsl_to_spirv(BITS_SHADER, "compute")
    fragment = compile_glsl_to_spirv(GRADIENT_450, "fragment")

    def one_round() -> None:
        for _ in range(10):
            assert runner.run_compute(compute, BITS_INPUTS).ok
            assert runner.run_fragment(fragment, 128, 128).ok

    one_round()
    before = _resident_kib()
    one_round()
    one_round()
    assert _resident_kib() - before < 20_000, "resident memory grew by more than 20 MiB"


def _resident_kib() -> int:
    with open(f"/proc/{os.getpid()}/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() // 1024
