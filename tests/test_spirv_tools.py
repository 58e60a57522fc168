"""The SPIR-V tool chain with the real tools, and what its outputs do on the real drivers."""

from __future__ import annotations

import random
import re
import struct
import subprocess

import pytest

from shadersmith.config.spirv_passes import (
    DEAD_CODE_ELIMINATION,
    MERGE_RETURN,
    PRESETS,
    RANDOM_PASSES,
    choose_pass_list,
    random_pass_list,
    respect_ordering,
    violates_ordering,
)
from shadersmith.ir.types import INT, UINT, ArrayType, ScalarKind, VectorType
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.tools import spirv_tools, toolchain
from shadersmith.targets.tools.spirv_tools import (
    GlslangError,
    SpirvValError,
    ToolOutcome,
    compile_glsl_to_spirv,
    cross_to_glsl,
    optimize,
    validate_spirv,
)
from tests.targets_support import gl_llvmpipe, vk_lavapipe

SPIRV_MAGIC = 0x07230203

# A loop, a function with an inout parameter, a switch and integer bit tricks: enough
# control flow for the optimiser to have something to do.
LOOPS_SHADER = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data { int seed; uint mixed; int sums[4]; };

void accumulate(inout int total, int value) {
    total += value * value - (value >> 1);
}

void main() {
    int total = seed;
    for (int i = 0; i < 4; i++) {
        int value = seed + i;
        switch (i & 1) {
            case 0: accumulate(total, value); break;
            default: total ^= value << 3; break;
        }
        sums[i] = total;
    }
    mixed = bitfieldReverse(uint(total)) ^ uint(findMSB(total));
}
"""
LOOPS_BUFFER = BufferInput(
    0,
    (("seed", INT), ("mixed", UINT), ("sums", ArrayType(INT, 4))),
    {"seed": 7, "mixed": 0, "sums": (0, 0, 0, 0)},
)


def _expected_loops() -> dict[str, object]:
    def wrap(value: int) -> int:
        return (value + 2**31) % 2**32 - 2**31

    seed = 7
    total = seed
    sums = []
    for i in range(4):
        value = seed + i
        if i & 1 == 0:
            total = wrap(total + value * value - (value >> 1))
        else:
            total ^= wrap(value << 3)
        sums.append(total)
    reversed_bits = int(f"{total & 0xFFFFFFFF:032b}"[::-1], 2)
    return {"seed": seed, "mixed": reversed_bits ^ (total.bit_length() - 1), "sums": tuple(sums)}


def test_glslang_makes_spirv() -> None:
    spirv = compile_glsl_to_spirv(LOOPS_SHADER, "compute")
    assert len(spirv) % 4 == 0
    assert struct.unpack_from("<I", spirv)[0] == SPIRV_MAGIC
    validate_spirv(spirv)


def test_glslang_error_carries_its_log() -> None:
    with pytest.raises(GlslangError) as caught:
        compile_glsl_to_spirv("#version 450\nvoid main() { int x = ; }\n", "compute")
    assert caught.value.outcome is ToolOutcome.REJECTED
    assert "ERROR" in caught.value.log
    assert "shader.comp:2" in caught.value.log  # scratch paths are stripped
    assert "/tmp" not in caught.value.log


def test_spirv_val_rejects_a_broken_module() -> None:
    spirv = compile_glsl_to_spirv(LOOPS_SHADER, "compute")
    broken = spirv[:-8]  # cut inside the last function
    with pytest.raises(SpirvValError) as caught:
        validate_spirv(broken)
    assert caught.value.log


def test_tool_versions_are_reported() -> None:
    versions = spirv_tools.tool_versions()
    assert set(versions) == {"glslang", "spirv-opt", "spirv-val", "spirv-cross"}
    assert all(versions.values()), versions
    assert "SPIRV-Tools" in versions["spirv-opt"]


def test_pass_flags_exist_in_this_spirv_opt() -> None:
    help_text = subprocess.run(
        ["spirv-opt", "--help"], capture_output=True, text=True, check=False
    ).stdout
    offered = set(re.findall(r"^\s+(--[a-z0-9-]+)", help_text, re.M))
    for flag in RANDOM_PASSES:
        assert flag.split("=")[0] in offered, flag
    assert {"-O", "-Os"} == {flag for preset in PRESETS.values() for flag in preset}


def test_merge_return_always_follows_dead_code_elimination() -> None:
    assert respect_ordering([MERGE_RETURN, "--ccp", MERGE_RETURN]) == [
        DEAD_CODE_ELIMINATION,
        MERGE_RETURN,
        "--ccp",
        DEAD_CODE_ELIMINATION,
        MERGE_RETURN,
    ]
    rng = random.Random(2)
    lists = [random_pass_list(rng) for _ in range(500)]
    assert any(MERGE_RETURN in passes for passes in lists)
    assert not any(violates_ordering(passes) for passes in lists)


def test_pass_lists_are_reproducible_from_the_seed() -> None:
    assert random_pass_list(random.Random(11)) == random_pass_list(random.Random(11))
    choices = {tuple(choose_pass_list(random.Random(seed))) for seed in range(40)}
    assert ("-O",) in choices and ("-Os",) in choices and len(choices) > 10


@pytest.mark.parametrize("passes", [["-O"], ["-Os"], "random"])
def test_optimised_spirv_validates_and_computes_the_same(passes: list[str] | str) -> None:
    chosen = random_pass_list(
        random.Random(9)
    )  # includes --merge-return if passes == "random" else list(passes)
    spirv = compile_glsl_to_spirv(LOOPS_SHADER, "compute")
    optimised = optimize(spirv, chosen)
    validate_spirv(optimised)
    assert optimised != spirv
    plain = vk_lavapipe().run_compute(spirv, [LOOPS_BUFFER])
    result = vk_lavapipe().run_compute(optimised, [LOOPS_BUFFER])
    assert plain.status is result.status is RunStatus.OK
    assert plain.buffers[0] == _expected_loops()
    assert result.buffers == plain.buffers, chosen


def test_spirv_cross_output_compiles_and_runs_on_llvmpipe() -> None:
    glsl = cross_to_glsl(compile_glsl_to_spirv(LOOPS_SHADER, "compute"))
    assert glsl.startswith("#version 450")
    result = gl_llvmpipe().run_compute(glsl, [LOOPS_BUFFER])
    assert result.status is RunStatus.OK, result.log
    assert result.buffers[0] == _expected_loops()


def test_spirv_cross_of_a_fragment_shader_draws_the_same_image() -> None:
    source = (
        "#version 450\nlayout(location = 0) out vec4 color;\n"
        "void main() { color = vec4(fract(gl_FragCoord.xy / 16.0), 0.25, 1.0); }\n"
    )
    crossed = cross_to_glsl(compile_glsl_to_spirv(source, "fragment"))
    direct = gl_llvmpipe().run_fragment(source, 32, 32)
    through_cross = gl_llvmpipe().run_fragment(crossed, 32, 32)
    assert direct.image is not None and through_cross.image is not None
    assert (direct.image == through_cross.image).all()


def test_vector_types_survive_the_whole_chain() -> None:
    source = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 3) buffer Out { uvec3 u; ivec2 i; };
void main() { u = uvec3(1u, 2u, 3u) * 4000000000u; i = ivec2(-7) / ivec2(2, -3); }
"""
    fields = (("u", VectorType(ScalarKind.UINT, 3)), ("i", VectorType(ScalarKind.INT, 2)))
    buffer = BufferInput(3, fields, {"u": (0, 0, 0), "i": (0, 0)})
    spirv = optimize(compile_glsl_to_spirv(source, "compute"), ["-O"])
    result = vk_lavapipe().run_compute(spirv, [buffer])
    expected = tuple(n * 4000000000 % 2**32 for n in (1, 2, 3))
    assert result.buffers[3] == {"u": expected, "i": (-3, 2)}


def test_chains_name_the_failing_tool() -> None:
    broken = toolchain.run_compute_on_vulkan(
        vk_lavapipe(), "#version 450\nvoid main() { x; }\n", []
    )
    assert broken.status is RunStatus.COMPILE_ERROR
    assert broken.failed_component == "glslang"
    assert "x" in broken.log


def test_chains_run_optimised_and_cross_compiled_programs() -> None:
    optimised = toolchain.run_compute_on_vulkan(vk_lavapipe(), LOOPS_SHADER, [LOOPS_BUFFER], ["-O"])
    crossed = toolchain.run_compute_through_cross(gl_llvmpipe(), LOOPS_SHADER, [LOOPS_BUFFER])
    for result in (optimised, crossed):
        assert result.status is RunStatus.OK, result.log
        assert result.buffers[0] == _expected_loops()
        assert result.tools_ms > 0
