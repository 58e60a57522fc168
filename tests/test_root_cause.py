"""A reduced program's shape (oracle/root_cause.py): the built-ins it calls, else its
operators and access forms; barriers name no operation and are left out."""

from __future__ import annotations

from shadersmith.front.glsl import parse_glsl
from shadersmith.oracle.root_cause import program_shape, root_cause

# The every-feature campaign's reduced Mesa bucket, its core by hand: findings row 2's
# index into a swizzle, with the barrier its shared memory needs.
SWIZZLE_INDEX_WITH_BARRIER = """#version 450
layout(local_size_x = 5, local_size_y = 1, local_size_z = 1) in;
layout(std430, binding = 0) readonly buffer buf_in {
    ivec3 a;
};
layout(std430, binding = 1) buffer buf_out {
    ivec2 r[5];
};
shared int s[5];

void main() {
    s[gl_LocalInvocationIndex] = a.rr[1];
    barrier();
    memoryBarrierShared();
    r[gl_GlobalInvocationID.x][0] = s[0];
}
"""


def test_barriers_are_no_part_of_a_shape() -> None:
    program = parse_glsl(SWIZZLE_INDEX_WITH_BARRIER).program
    assert program_shape(program) == "ops:index-of-swizzle"
    assert root_cause("mesa-glsl", program) == "mesa-glsl|ops:index-of-swizzle"
    with_builtin = SWIZZLE_INDEX_WITH_BARRIER.replace("a.rr[1]", "abs(a.rr[1])")
    assert program_shape(parse_glsl(with_builtin).program) == "builtins:abs"


def test_an_unknown_pair_with_spirv_opt_is_keyed_by_its_first_bad_pass() -> None:
    """So that the every-feature campaigns' `wrong:unknown:spirv-opt|lavapipe` (and
    `|nvidia-vk`) buckets of findings row 6 are known by its first bad pass."""
    program = parse_glsl(SWIZZLE_INDEX_WITH_BARRIER).program
    pass_ = "--simplify-instructions"
    assert root_cause("spirv-opt", program, pass_) == f"spirv-opt|first-bad-pass:{pass_}"
    pair = "unknown,spirv-opt,lavapipe"
    assert root_cause(pair, program, pass_) == f"unknown|first-bad-pass:{pass_}"
    assert root_cause("unknown,glslang,lavapipe", program, pass_) == (
        "unknown|ops:index-of-swizzle"
    )
    assert root_cause("lavapipe", program, pass_) == "lavapipe|ops:index-of-swizzle"
