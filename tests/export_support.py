"""A fragment test for the export tests: its image shows every member of its uniform
blocks, so a file that sets one wrongly draws another image. And where `export` said it
wrote its file."""

from __future__ import annotations

import math
from pathlib import Path

from shadersmith.case import TestCase
from shadersmith.case.inputs import BufferSpec, Inputs

# A fragment shader that shows every member of two uniform blocks (one with an instance
# name, one without) in a column of its own, and each pixel's coordinates in the others.
ECHO_SHADER = """#version 450
layout(std140, binding = 1) uniform Named {
    int i;
    uint u;
    float f;
    ivec3 iv;
    vec2 fv;
    uint a[3];
    uvec2 aa[2][2];
} named;
layout(std140, binding = 2) uniform Anonymous {
    int k[2];
    vec4 w;
};
layout(location = 0) out uvec4 _color;

void main() {
    int column = int(gl_FragCoord.x) % 8;
    if (column == 0) {
        _color = uvec4(7u, uint(named.i), named.u, floatBitsToUint(named.f));
    } else if (column == 1) {
        _color = uvec4(uvec3(named.iv), floatBitsToUint(named.fv.y));
    } else if (column == 2) {
        _color = uvec4(named.a[0], named.a[1], named.a[2], named.aa[1][0].y);
    } else if (column == 3) {
        _color = uvec4(named.aa[0][1], named.aa[1][1]);
    } else if (column == 4) {
        _color = uvec4(uint(k[0]), uint(k[1]), floatBitsToUint(w.x), floatBitsToUint(w.w));
    } else {
        _color = uvec4(uint(gl_FragCoord.x), uint(gl_FragCoord.y), 4294967295u, 2147483648u);
    }
}
"""


def echo_test() -> TestCase:
    named = BufferSpec(
        "Named",
        1,
        "input",
        (
            ("i", "int"),
            ("u", "uint"),
            ("f", "float"),
            ("iv", "ivec3"),
            ("fv", "vec2"),
            ("a", "uint[3]"),
            ("aa", "uvec2[2][2]"),
        ),
        {
            "i": -7,
            "u": 4000000000,
            "f": -3.0,
            "iv": (-1, 2, -2147483648),
            "fv": (1.0, -3.0),
            "a": (1, 4294967295, 3),
            "aa": (((1, 2), (3, 4)), ((5, 6), (7, 8))),
        },
        uniform=True,
    )
    anonymous = BufferSpec(
        "Anonymous",
        2,
        "input",
        (("k", "int[2]"), ("w", "vec4")),
        {"k": (-5, 6), "w": (5.0, 2.0, 3.0, -1024.0)},
        uniform=True,
    )
    return TestCase(
        stage="fragment",
        profile="glsl450",
        shaders={"shader.frag": ECHO_SHADER},
        inputs=Inputs(buffers=(named, anonymous), framebuffer=(64, 64)),
    )


def written_file(output: str) -> Path:
    """The file `shadersmith export` says it wrote (`wrote PATH`)."""
    [line] = [line for line in output.splitlines() if line.startswith("wrote ")]
    return Path(line.removeprefix("wrote "))


# A compute shader whose blocks mix int and float members (a vec3's padding word
# included): it adds one to the int and the vector, and leaves the target's `keep` floats
# as they were, so the probes check that the file set their exact bits (the reference
# interpreter lets a shader compute with integral floats only).
FLOAT_SHADER = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;
layout(std430, binding = 0) readonly buffer Source {
    int n;
    vec3 v;
} source;
layout(std430, binding = 1) buffer Target {
    int n;
    vec3 v;
    float keep[13];
} target;

void main() {
    target.n = source.n + 1;
    target.v = source.v + vec3(1.0);
}
"""
# Floats a decimal must carry exactly: ordinary ones, one without a short decimal (0.1),
# the largest and the smallest normal float, the smallest subnormal, zeros, magnitudes
# around 2^-28 (below which `probe ssbo float` cannot tell neighbours apart), a NaN and
# an infinity (which no decimal shows).
KEPT = (
    1.5,
    0.1,
    -1024.0,
    3.4028234663852886e38,
    1.1754943508222875e-38,
    2.0**-149,
    0.0,
    2.0**-28,
    -(2.0**-30),
    16777217.0,
    -0.0,
    math.nan,
    -math.inf,
)


def float_test() -> TestCase:
    """A compute test whose input and output blocks mix int and float words."""
    source = BufferSpec(
        "Source", 0, "input", (("n", "int"), ("v", "vec3")), {"n": -7, "v": (-2.0, -3.0, 1024.0)}
    )
    target = BufferSpec(
        "Target",
        1,
        "output",
        (("n", "int"), ("v", "vec3"), ("keep", "float[13]")),
        {"n": 0, "v": (0.0, 0.0, 0.0), "keep": KEPT},
    )
    return TestCase(
        stage="compute",
        profile="glsl450",
        shaders={"shader.comp": FLOAT_SHADER},
        inputs=Inputs(buffers=(source, target)),
    )
