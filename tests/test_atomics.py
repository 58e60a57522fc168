"""Atomics in multi-invocation compute programs (issue 20, part 1): the interpreter's
atomicAdd/Min/Max/And/Or/Xor against values worked out by hand (wrap-around included),
the race sanitizer letting atomics meet atomics but not plain accesses, the generator's
option (off: the programs of before), and generated programs with counters agreeing on
the real CPU drivers and the interpreter."""

from __future__ import annotations

import dataclasses

import pytest

from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.ir.expressions import Call
from shadersmith.ir.profile import ESSL310, GLSL450
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition import recondition
from tests.driver_agreement import mesa_gl_front_end_cases

ATOMICS = SmithOptions(atomic_probability=0.3)

_HEADER = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer O { int o[8]; uint u[2]; };
shared int sh[4];
"""


def _run(body: str) -> dict[str, tuple[int, ...]]:
    """The buffer after two work groups of 4 run `main() { body }`; o = 0..7, u = 0, max."""
    program = parse_glsl(_HEADER + f"void main() {{ {body} }}\n").program
    values: BufferValues = {"O": {"o": tuple(range(8)), "u": (0, 0xFFFFFFFF)}}
    buffer = run_compute(program, values, workgroups=(2, 1, 1)).buffers["O"]
    return {name: tuple(int(v) for v in value) for name, value in buffer.items()}  # type: ignore[union-attr, arg-type]


# ---------------------------------------------------------------- semantics by hand


def test_atomic_updates_by_every_invocation() -> None:
    got = _run(
        """int k = int(gl_GlobalInvocationID.x);
        atomicAdd(o[0], 1); atomicMin(o[1], -k); atomicMax(o[2], k);
        atomicXor(o[3], 1 << k); atomicOr(o[4], 16 << k); atomicAnd(o[5], ~(1 << (k % 3)));
        atomicAdd(u[0], uint(k));"""
    )
    assert got["o"] == (8, -7, 7, 3 ^ 0xFF, 4 | (0xFF << 4), 5 & ~0b111, 6, 7)
    assert got["u"] == (28, 0xFFFFFFFF)


def test_atomic_add_wraps_around() -> None:
    got = _run("atomicAdd(o[0], 2147483647); atomicAdd(u[1], 1u);")
    # 8 * (2^31 - 1) wraps to -8; 2^32 - 1 + 8 wraps to 7.
    assert got["o"][0] == -8
    assert got["u"] == (0, 7)


def test_atomics_on_shared_memory() -> None:
    got = _run(
        """if (gl_LocalInvocationIndex == 0u) sh[0] = 100;
        barrier();
        atomicAdd(sh[0], int(gl_LocalInvocationIndex));
        barrier();
        o[gl_GlobalInvocationID.x] = sh[0];"""
    )
    assert got["o"] == (106,) * 8


def test_atomic_returns_the_old_value() -> None:
    got = _run("if (gl_GlobalInvocationID.x == 0u) { o[1] = atomicAdd(o[0], 5); }")
    assert got["o"][:2] == (5, 0)


# ---------------------------------------------------------------- the sanitizer


@pytest.mark.parametrize(
    "body",
    [
        "atomicAdd(o[0], 1); if (gl_GlobalInvocationID.x == 5u) o[0] = 3;",
        "if (gl_GlobalInvocationID.x == 5u) o[0] = 3; atomicAdd(o[0], 1);",
        "int x = o[0]; atomicAdd(o[0], 1);",
        "atomicAdd(o[0], 1); if (gl_GlobalInvocationID.x == 2u) o[1] = o[0];",
        "if (gl_LocalInvocationIndex == 0u) sh[0] = 1; barrier(); atomicAdd(sh[0], 1); "
        "if (gl_LocalInvocationIndex == 3u) o[gl_GlobalInvocationID.x] = sh[0];",
    ],
)
def test_a_plain_access_beside_atomics_is_a_race(body: str) -> None:
    with pytest.raises(UndefinedBehaviour) as caught:
        _run(body)
    assert caught.value.category is UBCategory.DATA_RACE


def test_atomics_among_themselves_and_own_plain_accesses_are_no_race() -> None:
    got = _run(
        """atomicAdd(o[0], 2); atomicMax(o[1], 3);
        if (gl_GlobalInvocationID.x == 0u) { atomicAdd(o[2], 1); o[2] += 1; }"""
    )
    assert got["o"][:3] == (16, 3, 4)


# ---------------------------------------------------------------- the generator


def _with_atomics(seeds: range) -> list[GeneratedProgram]:
    programs = [generate(s, ATOMICS) for s in seeds]
    return [g for g in programs if any(k.startswith("atomic:") for k in g.choices)]


def _atomic_calls(generated: GeneratedProgram) -> list[Call]:
    return [
        n
        for n in iter_nodes(generated.program)
        if isinstance(n, Call) and n.callee.startswith("atomic")
    ]


def test_atomics_are_off_by_default_and_leave_programs_unchanged() -> None:
    assert SmithOptions().atomic_probability == 0.0
    legacy = {k: v for k, v in options_to_dict(ATOMICS).items() if k != "atomic_probability"}
    assert options_from_dict(legacy).atomic_probability == 0.0
    for seed in range(10):
        default = generate(seed, SmithOptions())
        off = generate(seed, dataclasses.replace(SmithOptions(), atomic_probability=0.0))
        assert emit_glsl(default.program) == emit_glsl(off.program)
        assert default.buffer_values == off.buffer_values
        assert not _atomic_calls(default)


def test_fuzz_option() -> None:
    assert from_flags(atomics=0.25).atomic_probability == 0.25
    assert from_flags().atomic_probability == 0.0


def test_generated_atomics_are_statements_on_dedicated_counters() -> None:
    generated = _with_atomics(range(30))
    assert len(generated) >= 4
    operations = set()
    for g in generated:
        calls = _atomic_calls(g)
        assert calls
        text = emit_glsl(g.program)
        for call in calls:
            operations.add(call.callee)
            # Each counter field has one operation, and its old value is never used.
            field = emit_glsl_field(text, call.callee)
            assert field
        for line in text.splitlines():
            if "_atomic" in line and "[" in line and "(" in line:
                assert line.strip().startswith("atomic"), line
    assert len(operations) >= 3


def emit_glsl_field(text: str, callee: str) -> bool:
    return any(line.strip().startswith(callee + "(") for line in text.splitlines())


def test_no_atomics_in_single_invocation_programs() -> None:
    # (WGSL programs have them too: tests/test_wgsl_atomics.py.)
    for seed in range(10):
        single = dataclasses.replace(ATOMICS, multi_invocation_probability=0.0)
        assert not _atomic_calls(generate(seed, single))


def test_reconditioned_atomic_programs_have_no_undefined_behaviour() -> None:
    for g in _with_atomics(range(30)):
        for profile in (GLSL450, ESSL310):
            fixed = recondition(g.program, g.buffer_values)
            run_compute(fixed.program, fixed.buffer_values, workgroups=g.workgroups)
            assert "atomic" in emit_glsl(fixed.program, profile)


# ---------------------------------------------------------------- the real drivers


def test_generated_atomic_programs_agree_on_the_cpu_drivers() -> None:
    from shadersmith.trial import prepare_generated

    generated = _with_atomics(range(40))[:4]
    assert len(generated) == 4
    jobs = [prepare_generated(g, GLSL450).job for g in generated]
    names = [f"seed {g.seed}" for g in generated]
    assert len(mesa_gl_front_end_cases(jobs, names)) <= len(generated) // 2


@pytest.mark.parametrize("memory", ["u[0]", "sh[1]"])
def test_a_callee_that_stores_atomically_writes_its_memory(memory: str) -> None:
    # The summaries count an atomic's (and imageStore's) store, and shared memory as a
    # global: left out, a callee storing to an image twice in f() & f() looked pure to
    # the reconditioner (bench/constructs.py, seed 8371).
    from shadersmith.analysis.calls import summarise_functions

    text = (
        _HEADER
        + f"int f() {{ atomicAdd({memory}, 1); return 1; }}\n"
        + "void main() { sh[gl_LocalInvocationIndex] = 0; barrier();\n"
        + "o[gl_LocalInvocationIndex] = f() & f(); }\n"
    ).replace("uint u[2]", "int u[2]")
    program = parse_glsl(text).program
    assert summarise_functions(program)["f"].writes == {memory.split("[")[0]}
    # Two atomic adds in either order leave the same sum: no undefined behaviour, before
    # or after reconditioning (the imageStore case is in test_textures.py).
    values: BufferValues = {"O": {"o": tuple(range(8)), "u": (0, 0)}}
    run_compute(program, values, sanitize=True)
    result = recondition(program, values)
    run_compute(result.program, result.buffer_values, sanitize=True)
