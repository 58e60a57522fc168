"""Known bugs recognised by what the program evaluated (oracle/known_bugs.py): the
interpreter's WGSL mode notes each operation WGSL defines and GLSL leaves undefined, and
only a wrong result blamed on a translator that passes those operations through, in a run
that evaluated one, is signed as that translator's known bug."""

from __future__ import annotations

from typing import cast

import pytest

from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.semantics import GlslUndefined, noting_glsl_undefined
from shadersmith.ir.profile import GLSL450, WGSL, Language
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.known_bugs import (
    KNOWN_BUGS,
    is_known_signature,
    known_bug,
    known_signature,
)
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.chains import interp_target
from shadersmith.targets.results import RunStatus

# Each statement evaluates one operation whose GLSL result is undefined, on buffer values
# (so no compiler folds it), with WGSL's answer in the comment.
PROGRAM = """#version 450
layout(local_size_x = 2) in;
layout(std430, binding = 0) buffer B { int a; int zero; int minus_one; uint u; float f;
                                       int r[8]; };
void main() {
    if (gl_LocalInvocationIndex == 1u) {  // the second invocation: a thread of its own
        r[0] = a % 3;              // -7 % 3 = -1 (negative operand)
        r[1] = a / zero;           // a / 0 = a
        r[2] = (a - a - 2147483647 - 1) / minus_one;  // INT_MIN / -1 = INT_MIN
        r[3] = int(u % uint(zero));  // 0
        r[4] = 1 << (a + 40);      // amount 33: 1 << 1
        r[5] = int(uint(f));       // u32(-2.5) = 0
    }
}
"""
VALUES: BufferValues = {
    "B": {"a": -7, "zero": 0, "minus_one": -1, "u": 5, "f": -2.5, "r": (0,) * 8}
}


def _noted(program_text: str, language: Language) -> tuple[set[str], tuple[int, ...]]:
    program = parse_glsl(program_text).program
    with noting_glsl_undefined() as noted:
        after = run_compute(program, VALUES, language=language, sanitize=False)
    return noted, cast(tuple[int, ...], after.buffers["B"]["r"])


def test_the_wgsl_mode_notes_each_glsl_undefined_operation_in_any_invocation() -> None:
    noted, r = _noted(PROGRAM, Language.WGSL)
    assert r[:6] == (-1, -7, -(2**31), 0, 2, 0)
    assert noted == {
        GlslUndefined.INT_REMAINDER_NEGATIVE.value,
        GlslUndefined.INT_DIVIDE_BY_ZERO.value,
        GlslUndefined.INT_DIVIDE_OVERFLOW.value,
        GlslUndefined.UINT_REMAINDER_BY_ZERO.value,
        GlslUndefined.SHIFT_OUT_OF_RANGE.value,
        GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE.value,
    }


def test_operations_defined_in_both_languages_note_nothing() -> None:
    defined = PROGRAM.replace("a % 3", "7 % 3").replace("a / zero", "a / 2")
    defined = defined.replace("/ minus_one", "/ 2").replace("% uint(zero)", "% 2u")
    defined = defined.replace("(a + 40)", "(a + 8)").replace("uint(f)", "uint(-f)")
    noted, _ = _noted(defined, Language.WGSL)
    assert noted == set()


def test_glsl_runs_and_reconditioned_glsl_programs_note_nothing() -> None:
    for seed in range(6):
        generated = generate(seed, SmithOptions(), GLSL450)
        fixed = recondition(generated.program, generated.buffer_values)
        job = job_from_program(
            fixed.program, fixed.buffer_values, GLSL450, groups=generated.workgroups
        )
        result = interp_target().execute(job)
        assert result.ok, result.log
        assert result.defined_by_wgsl_only == () and result.log == ""


def test_a_known_bug_needs_its_component_and_one_of_its_operations() -> None:
    naga, conversion, spirv_remainder, spirv_shift = KNOWN_BUGS
    remainder = GlslUndefined.INT_REMAINDER_NEGATIVE.value
    assert known_bug("naga-glsl-out", [remainder]) is naga
    to_uint = GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE.value
    assert known_bug("naga-glsl-out", [to_uint]) is conversion
    assert known_signature("naga-glsl-out", conversion).endswith(":known:wgsl-float-to-integer")
    # naga's SPIR-V writer guards / and % against a zero divisor and INT_MIN / -1, so
    # those are no known bug there; its OpSRem of a negative operand is one, on NVIDIA's
    # driver, which takes Vulkan's latitude there (Mesa's lavapipe gives WGSL's answer,
    # so a wrong wgpu-vk result on it stays a finding).
    on_nvidia = ("naga", "naga-spv-out", "wgpu-hal-vulkan", "nvidia-vk")
    on_lavapipe = ("naga", "naga-spv-out", "wgpu-hal-vulkan", "lavapipe", "llvmpipe")
    assert known_bug("naga-spv-out", [remainder], on_nvidia) is spirv_remainder
    assert known_bug("naga-spv-out", [remainder], on_lavapipe) is None
    division = GlslUndefined.INT_DIVIDE_BY_ZERO.value
    assert known_bug("naga-spv-out", [division], on_nvidia) is None
    assert known_bug("naga-glsl-out", [division]) is naga
    # An operation no known bug covers leaves the finding a finding: naga's GLSL writer
    # passes WGSL's shifts through unmasked too (`x << s`, seen in its GLSL), but no
    # report of that was found, so such a wrong result is a finding to file.
    shift = GlslUndefined.SHIFT_OUT_OF_RANGE.value
    assert known_bug("naga-glsl-out", [shift]) is None
    # The SPIR-V writer's unmasked shift amount, on SwiftShader, which gives 0 where
    # WGSL masks the amount (lavapipe and NVIDIA mask it, WGSL's answer: no bug there).
    on_swiftshader = ("naga", "naga-spv-out", "wgpu-hal-vulkan", "swiftshader")
    assert known_bug("naga-spv-out", [shift], on_swiftshader) is spirv_shift
    assert known_bug("naga-spv-out", [shift], on_lavapipe) is None
    assert known_bug("naga-spv-out", [shift], on_nvidia) is None
    assert known_bug("naga-spv-out", [remainder], on_swiftshader) is None
    assert known_bug("naga-glsl-out", []) is None
    signature = known_signature("naga-glsl-out", naga)
    assert signature == "wrong:naga-glsl-out:known:wgsl-integer-division"
    assert is_known_signature(signature) and not is_known_signature("wrong:naga-glsl-out")


FRAGMENT = """#version 450
layout(std140, binding = 0) uniform U { int a; };
layout(location = 0) out uvec4 _color;  // the name generated tests give it
void main() { _color = uvec4(uint(a % 3 + 5), 0u, 0u, 1u); }
"""


def test_an_image_too_slow_to_draw_still_notes_what_its_sampled_fragments_evaluated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shadersmith.targets import chains

    program = parse_glsl(FRAGMENT).program
    job = job_from_program(program, {"U": {"a": -7}}, WGSL)
    assert job.stage == "fragment" and job.integer_image
    drawn = interp_target().execute(job)
    assert drawn.ok and drawn.image is not None
    assert drawn.image[0, 0].tolist() == [4, 0, 0, 1]  # -7 % 3 = -1 in WGSL
    assert drawn.defined_by_wgsl_only == (GlslUndefined.INT_REMAINDER_NEGATIVE.value,)
    # The interpreter sits out an image it estimates too slow, but keeps what the
    # fragments it sampled first evaluated: a wgpu-gl result is still naga's known bug.
    monkeypatch.setattr(chains, "WGSL_IMAGE_BUDGET_S", 0.0)
    declined = interp_target().execute(job)
    assert declined.status is RunStatus.UNSUPPORTED
    assert declined.defined_by_wgsl_only == (GlslUndefined.INT_REMAINDER_NEGATIVE.value,)
    assert "WGSL images this slow" in declined.log
