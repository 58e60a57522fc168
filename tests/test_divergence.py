"""Multi-invocation compute (ShaDiv): the divergence analysis, the generator's barriers,
the interpreter's dispatch and race sanitizer, the reconditioner, and agreement with the
real drivers (gl-llvmpipe, vk-lavapipe) on generated programs."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from shadersmith.analysis.divergence import DivergenceAnalysis, analyse
from shadersmith.case import TEST_FILE, load_test, write_test
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.liveness import extend_liveness
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.interp import UBCategory, UndefinedBehaviour, run_compute
from shadersmith.ir.expressions import Call, Expression, Index, Literal, Member, VariableRef
from shadersmith.ir.profile import ESSL310, GLSL450, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.types import UINT, ArrayType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes, transform
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.recondition import recondition
from shadersmith.recondition.loop_limiters import UNIFORM_TOTAL_COUNTER
from shadersmith.targets.chains import interp_target
from shadersmith.targets.results import RunStatus
from shadersmith.trial import prepare_generated
from tests.glslang_check import rejected_in_gl, rejected_in_vulkan

MULTI = SmithOptions(multi_invocation_probability=1.0)

# ---------------------------------------------------------------------------- analysis

_HEADER = """#version 450
layout(local_size_x = 4, local_size_y = 2) in;
layout(std430, binding = 0) readonly buffer I { int a; int arr[4]; };
layout(std430, binding = 1) buffer O { int o[16]; };
shared int sh[8];
int glob = 0;
int f(int x) { return x + int(gl_LocalInvocationID.x); }
int g(int x) { return x * 2; }
void h(out int y) { y = int(gl_LocalInvocationIndex); }
void setg() { glob = int(gl_LocalInvocationID.y); }
"""

# Body of main -> whether its barrier (the last one) runs in divergent control flow.
BARRIERS = {
    "barrier();": False,
    "if (gl_LocalInvocationID.x == 1u) { barrier(); }": True,
    "if (a == 1) { barrier(); }": False,
    "if (gl_WorkGroupID.x == 1u) { barrier(); }": False,
    "if (gl_LocalInvocationID.x == 1u) return; barrier();": True,
    "if (a == 1) return; barrier();": False,
    "int u = int(gl_LocalInvocationIndex); u = 5; if (u == 5) barrier();": False,
    "int u = int(gl_LocalInvocationIndex); if (u == 5) barrier();": True,
    "for (int i = 0; i < 4; i++) { barrier(); }": False,
    "for (uint i = 0u; i < gl_LocalInvocationID.x; i++) { barrier(); }": True,
    "for (int i = 0; i < 4; i++) { barrier(); if (gl_LocalInvocationID.x == 2u) break; }": True,
    "for (int i = 0; i < 4; i++) { if (gl_LocalInvocationID.x == 2u) continue; barrier(); }": True,
    "for (int i = 0; i < 4; i++) { barrier(); if (gl_LocalInvocationID.x == 2u) continue; }": False,
    "for (uint i = 0u; i < gl_LocalInvocationID.x; i++) { } barrier();": False,
    "int u = 0; for (uint i = 0u; i < gl_LocalInvocationID.x; i++) { u++; } "
    "if (u == 3) barrier();": True,
    "int u = 0; for (int i = 0; i < 4; i++) { if (u == 0) { barrier(); } "
    "u = int(gl_LocalInvocationID.x); }": True,
    "if (o[gl_LocalInvocationIndex] == 1) barrier();": True,
    "sh[gl_LocalInvocationIndex] = 1; barrier(); if (sh[0] == 1) barrier();": True,
    "switch (int(gl_LocalInvocationIndex)) { case 0: barrier(); break; default: break; }": True,
    "switch (a) { case 0: if (gl_LocalInvocationIndex == 0u) break; barrier(); break; } "
    "barrier();": False,
    "int u = 0; bool b = gl_LocalInvocationIndex == 0u && (u = 1) == 1; if (u == 1) barrier();": (
        True
    ),
    "if (f(1) == 1) barrier();": True,
    "if (g(1) == 1) barrier();": False,
    "int x; h(x); if (x == 1) barrier();": True,
    "glob = int(gl_LocalInvocationIndex); if (glob == 1) barrier();": True,
    "setg(); if (glob == 1) barrier();": True,
    "int k = 0; do { barrier(); k++; } while (k < int(gl_LocalInvocationIndex));": True,
    # A continue in a divergent switch that some invocations left by a break: they all
    # meet again at the condition, whose call of g (a function of uniform values) is
    # uniform (seed 827380 of the every-feature sweep lost its barriers over it).
    "int k = 0; do { barrier(); k++; switch (int(gl_LocalInvocationIndex)) { "
    "case 0: if (gl_LocalInvocationID.y == 0u) break; break; case 1: continue; "
    "default: break; } } while (g(k) < 8);": False,
    # A write in an arm of `?:` or in the right operand of `&&`, `||` may not happen,
    # even under a uniform condition: `u` keeps its divergent value where it does not.
    "int u = int(gl_LocalInvocationIndex); int t = false ? (u = 1) : 2; "
    "if (u == 1) barrier();": True,
    "int u = int(gl_LocalInvocationIndex); int t = a == 7 ? 2 : (u = 1); "
    "if (u == 1) barrier();": True,
    "int u = int(gl_LocalInvocationIndex); int t = a == 7 ? (u = 1) : (u = 2); "
    "if (u == 1) barrier();": False,
    "int u = int(gl_LocalInvocationIndex); bool b = a == 7 && (u = 1) == 1; "
    "if (u == 1) barrier();": True,
    "int u = int(gl_LocalInvocationIndex); bool b = a == 7 || (u = 1) == 1; "
    "if (u == 1) barrier();": True,
    "int u = int(gl_LocalInvocationIndex); bool b = (u = 1) == 1 || a == 7; "
    "if (u == 1) barrier();": False,
}


@pytest.mark.parametrize("body", sorted(BARRIERS))
def test_analysis_finds_barriers_in_divergent_control_flow(body: str) -> None:
    program = parse_glsl(f"{_HEADER}void main() {{ {body} }}\n").program
    report = analyse(program)
    assert report.barriers
    assert report.barriers[-1].divergent is BARRIERS[body]


def test_analysis_of_one_invocation_finds_nothing_divergent() -> None:
    source = _HEADER.replace("local_size_x = 4, local_size_y = 2", "local_size_x = 1")
    program = parse_glsl(source + "void main() { if (gl_LocalInvocationID.x == 1u) barrier(); }")
    report = analyse(program.program)
    assert not report.divergent_barriers and not report.has_divergent_control


def test_analysis_judges_loops() -> None:
    program = parse_glsl(
        _HEADER + "void main() { for (int i = 0; i < 3; i++) {} "
        "for (uint j = 0u; j < gl_LocalInvocationIndex; j++) {} }"
    ).program
    report = analyse(program)
    uniform_loop, divergent_loop = program.entry_point.body.body
    assert report.uniform_loop(uniform_loop)
    assert not report.uniform_loop(divergent_loop)


# ---------------------------------------------------------------------------- interpreter

_RUN_HEADER = """#version 450
layout(local_size_x = 4, local_size_y = 1) in;
layout(std430, binding = 0) buffer O {{ int o[{n}]; }};
shared int sh[4];
"""


def _run(body: str, groups: tuple[int, int, int] = (1, 1, 1), n: int = 8) -> tuple[int, ...]:
    program = parse_glsl(_RUN_HEADER.format(n=n) + f"void main() {{ {body} }}\n").program
    result = run_compute(program, {"O": {"o": tuple(range(n))}}, workgroups=groups)
    value = result.buffers["O"]["o"]
    assert isinstance(value, tuple)
    return tuple(int(v) for v in value)  # type: ignore[arg-type]


def test_every_invocation_of_every_work_group_runs() -> None:
    body = "o[gl_GlobalInvocationID.x] = int(gl_WorkGroupID.x * 100u + gl_LocalInvocationIndex);"
    assert _run(body, (2, 1, 1)) == (0, 1, 2, 3, 100, 101, 102, 103)


def test_shared_memory_exchange_through_barriers() -> None:
    body = """
        for (int i = 0; i < 3; i++) {
            sh[gl_LocalInvocationIndex] = i * 10 + int(gl_LocalInvocationIndex);
            barrier();
            o[gl_GlobalInvocationID.x] += sh[3u - gl_LocalInvocationIndex];
            barrier();
        }"""
    # Invocation k adds (i * 10 + 3 - k) for i = 0, 1, 2 to its initial k (and 4 + k).
    assert _run(body, (2, 1, 1)) == tuple(
        start + 30 + 3 * (3 - k) for start, k in zip(range(8), [0, 1, 2, 3] * 2, strict=True)
    )


@pytest.mark.parametrize(
    ("body", "category"),
    [
        ("o[0] = 1;", UBCategory.DATA_RACE),
        ("o[gl_LocalInvocationIndex] = o[gl_LocalInvocationIndex + 1u];", UBCategory.DATA_RACE),
        ("o[gl_LocalInvocationIndex + gl_WorkGroupID.x] = 1;", UBCategory.DATA_RACE),
        (
            "sh[gl_LocalInvocationIndex] = 1; o[gl_LocalInvocationIndex] = sh[0];",
            UBCategory.DATA_RACE,
        ),
        (
            "sh[gl_LocalInvocationIndex] = 1; barrier(); o[gl_LocalInvocationIndex] = sh[0]; "
            "sh[gl_LocalInvocationIndex] = 2;",
            UBCategory.DATA_RACE,
        ),
        ("if (gl_LocalInvocationIndex == 1u) barrier();", UBCategory.DIVERGENT_BARRIER),
        (
            "if (gl_LocalInvocationIndex == 1u) { barrier(); } else { barrier(); }",
            UBCategory.DIVERGENT_BARRIER,
        ),
        ("o[gl_LocalInvocationIndex] = sh[gl_LocalInvocationIndex];", UBCategory.UNINITIALISED),
    ],
)
def test_sanitizer_catches_races_and_divergent_barriers(body: str, category: UBCategory) -> None:
    with pytest.raises(UndefinedBehaviour) as caught:
        _run(body, (2, 1, 1))
    assert caught.value.category is category


def test_race_free_reads_of_shared_inputs_are_fine() -> None:
    body = "sh[gl_LocalInvocationIndex] = 5; barrier(); o[gl_GlobalInvocationID.x] = sh[1];"
    assert _run(body, (2, 1, 1)) == (5,) * 8


def _plant_race(program: Program) -> Program:
    """Every access to an output field's per-invocation element goes to element 0."""
    outputs = {f.name for b in program.buffers if not b.readonly for f in b.fields}

    def field_name(expr: Expression) -> str | None:
        if isinstance(expr, VariableRef):
            return expr.name
        if isinstance(expr, Member):
            return expr.field
        return None

    def plant(node: object) -> object:
        if (
            isinstance(node, Index)
            and field_name(node.base) in outputs
            and not isinstance(node.index, Literal)
        ):
            return dataclasses.replace(node, index=Literal(UINT, 0))
        return node

    return transform(program, plant)


def test_sanitizer_catches_a_planted_race_in_a_generated_program() -> None:
    generated = _multi(seed_with=lambda g: g.invocations >= 4)
    reconditioned = recondition(generated.program, generated.buffer_values)
    run_compute(reconditioned.program, reconditioned.buffer_values, workgroups=generated.workgroups)
    planted = _plant_race(generated.program)
    result = recondition(planted, generated.buffer_values)
    with pytest.raises(UndefinedBehaviour) as caught:
        run_compute(result.program, result.buffer_values, workgroups=generated.workgroups)
    assert caught.value.category is UBCategory.DATA_RACE


# ---------------------------------------------------------------------------- generator


def _multi(seed_with: object = None, start: int = 0) -> GeneratedProgram:
    for seed in range(start, start + 200):
        generated = generate(seed, MULTI)
        if seed_with is None or seed_with(generated):  # type: ignore[operator]
            return generated
    raise AssertionError("no such program")


def test_multi_invocation_programs_are_deterministic_and_mixed() -> None:
    for seed in (0, 1, 7):
        assert emit_glsl(generate(seed).program) == emit_glsl(generate(seed).program)
        assert generate(seed) == generate(seed)
    multi = [generate(seed).invocations > 1 for seed in range(200)]
    assert 0.55 < sum(multi) / len(multi) < 0.85  # the default probability is 0.7


def test_single_invocation_programs_are_those_of_old() -> None:
    """A seed the dispatch draw makes single-invocation gives the program the generator
    made before multi-invocation programs existed (legacy options: never multi)."""
    legacy = options_from_dict({})
    assert legacy.multi_invocation_probability == 0.0
    # Buffer memory qualifiers came later and are drawn from a stream of their own: the
    # same draw on both sides leaves only the dispatch to compare.
    same_qualifiers = SmithOptions().buffer_qualifier_probability
    legacy = dataclasses.replace(legacy, buffer_qualifier_probability=same_qualifiers)
    checked = 0
    for seed in range(40):
        generated = generate(seed)
        if generated.invocations == 1:
            assert generated.program == generate(seed, legacy).program
            checked += 1
    assert checked >= 5


def test_options_round_trip_with_new_fields() -> None:
    options = SmithOptions(max_local_size_x=2, divergence_probability=0.5)
    assert options_from_dict(json.loads(json.dumps(options_to_dict(options)))) == options
    with pytest.raises(ValueError, match="probability"):
        SmithOptions(divergence_probability=1.5)
    with pytest.raises(ValueError, match="at least 1"):
        SmithOptions(max_workgroups_x=0)


def test_dispatch_follows_options() -> None:
    options = SmithOptions(
        multi_invocation_probability=1.0,
        max_local_size_x=3,
        max_local_size_y=2,
        max_workgroups_x=2,
    )
    sizes = set()
    for seed in range(30):
        generated = generate(seed, options)
        x, y, z = generated.program.local_size
        assert 1 <= x <= 3 and 1 <= y <= 2 and z == 1
        sizes.add((x, y))
        assert generated.workgroups[0] <= 2 and generated.workgroups[1:] == (1, 1)
        assert generated.invocations > 1
        for buffer in generated.program.buffers:
            for field in buffer.fields:
                if not buffer.readonly:
                    assert isinstance(field.type, ArrayType)
                    assert field.type.length == generated.invocations
    # The options' bounds are reached, not merely respected.
    assert max(x for x, _ in sizes) == 3 and max(y for _, y in sizes) == 2


def test_generated_programs_use_invocation_ids_barriers_and_divergence() -> None:
    seen: Counter[str] = Counter()
    for seed in range(120):
        generated = generate(seed, MULTI)
        names = {n.name for n in iter_nodes(generated.program) if isinstance(n, VariableRef)}
        seen.update(n for n in names if n.startswith("gl_"))
        seen.update(label for label in generated.choices if ":" in label)
        calls = {n.callee for n in iter_nodes(generated.program) if isinstance(n, Call)}
        seen.update(c for c in calls if c in ("barrier", "memoryBarrierShared"))
        seen["shared"] += bool(generated.program.shared)
        seen["divergent control"] += analyse(generated.program).has_divergent_control
    for name in (
        "gl_LocalInvocationID",
        "gl_GlobalInvocationID",
        "gl_LocalInvocationIndex",
        "gl_WorkGroupID",
        "barrier",
        "memoryBarrierShared",
        "divergence:exchange",
        "divergence:uniform_if",
        "divergence:uniform_loop",
        "divergence:divergent_loop",
        "liveness:extended",
    ):
        assert seen[name] > 0, name
    assert seen["shared"] > 30 and seen["divergent control"] > 90


@pytest.mark.parametrize("chunk", range(4))
def test_barriers_never_in_divergent_control_flow(chunk: int) -> None:
    """The property of the generator (before reconditioning) and of the reconditioner
    (after), checked by analysis/divergence.py over many seeds."""
    barriers = 0
    for seed in range(chunk * 150, chunk * 150 + 150):
        generated = generate(seed, MULTI)
        report = analyse(generated.program)
        assert not report.divergent_barriers, f"seed {seed}: {report.divergent_barriers[0]}"
        barriers += len(report.barriers)
        after = analyse(recondition(generated.program, generated.buffer_values).program)
        assert not after.divergent_barriers, f"seed {seed} reconditioned"
        assert len(after.barriers) == len(report.barriers), f"seed {seed}: barrier removed"
    assert barriers > 100


def test_liveness_extension_keeps_the_divergence() -> None:
    extended = 0
    for seed in range(40):
        generated = generate(seed, dataclasses.replace(MULTI, liveness_extension_probability=0.0))
        import random

        program, count = extend_liveness(generated.program, random.Random(seed), 1.0)
        extended += count
        before, after = analyse(generated.program), analyse(program)
        assert [b.divergent for b in before.barriers] == [b.divergent for b in after.barriers]
        assert before.divergent_branches == after.divergent_branches
    assert extended > 40


@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_glslang_accepts_multi_invocation_programs(
    profile: LanguageProfile, tmp_path: Path
) -> None:
    from shadersmith.targets.tools.glslang import validation_modes

    texts = {}
    for seed in range(12):
        generated = generate(seed, MULTI, profile)
        texts[f"seed-{seed}"] = emit_glsl(generated.program, profile)
        texts[f"seed-{seed}-reconditioned"] = emit_glsl(
            recondition(generated.program, {}).program, profile
        )
    # glslang_check.py: one process for GL semantics, the library for Vulkan's.
    for mode in validation_modes(profile):
        if mode == "gl":
            log = rejected_in_gl(texts, "compute", tmp_path)
            assert not log, log
            continue
        assert mode == "vulkan", mode
        for name, text in texts.items():
            assert not (log := rejected_in_vulkan(text, "compute")), f"{name} vulkan: {log}"


# ---------------------------------------------------------------------------- reconditioner


UNIFORM_LOOP_AFTER_SPENDING = """void main() {
    int spent = 0;
    for (uint i = 0u; i < gl_LocalInvocationIndex * 40u; i++) {
        for (int k = 0; k < 40; k++) { spent++; }
    }
    for (int j = 0; j < 3; j++) {
        sh[gl_LocalInvocationIndex] = j;
        barrier();
        o[gl_LocalInvocationIndex] += sh[7u - gl_LocalInvocationIndex];
        barrier();
    }
}
"""


def test_uniform_loops_count_against_a_uniform_total() -> None:
    """A divergent loop nest that spends the whole-invocation count (invocation 7 runs
    32 * 33 limited iterations, invocation 0 none) must not make a later uniform loop stop
    early in some invocations: its barriers would diverge."""
    program = parse_glsl(_HEADER + UNIFORM_LOOP_AFTER_SPENDING).program
    values: BufferValues = {"I": {"a": 0, "arr": (0, 0, 0, 0)}, "O": {"o": (0,) * 16}}
    result = recondition(program, values)
    assert UNIFORM_TOTAL_COUNTER in {g.name for g in result.program.globals}
    assert not analyse(result.program).divergent_barriers
    after = run_compute(result.program, result.buffer_values)
    assert after.buffers["O"]["o"] == (3,) * 8 + (0,) * 8


def test_reconditioner_removes_barriers_in_divergent_control_flow() -> None:
    program = parse_glsl(
        _HEADER + "void main() { if (gl_LocalInvocationIndex == 1u) { barrier(); } barrier(); }"
    ).program
    result = recondition(program, {})
    calls = [n for n in iter_nodes(result.program) if isinstance(n, Call)]
    assert [c.callee for c in calls if c.callee == "barrier"] == ["barrier"]
    run_compute(result.program, result.buffer_values)  # no DIVERGENT_BARRIER


@pytest.mark.parametrize("chunk", range(3))  # 90 seeds: CI's 20 minutes
def test_reconditioned_multi_invocation_programs_have_no_undefined_behaviour(
    chunk: int,
) -> None:
    for seed in range(chunk * 30, chunk * 30 + 30):
        generated = generate(seed, MULTI)
        result = recondition(generated.program, generated.buffer_values)
        try:
            run_compute(result.program, result.buffer_values, workgroups=generated.workgroups)
        except UndefinedBehaviour as ub:
            raise AssertionError(f"seed {seed}: {ub}") from None


def test_a_write_in_an_arm_not_taken_leaves_barriers_divergent() -> None:
    """Seed 8100212 with the deeper constructs on (a differential campaign's find): main
    declared `bool var_6` from the invocation's own output element, then evaluated
    `false ? var_6 = true : ...`; the analysis took the arm's write as done, believed
    var_6 uniform and the generator put barriers under `if (... ^^ var_6)`, which the
    interpreter met as a divergent barrier. The reconditioned program is free of
    undefined behaviour, as the campaign's `interp` target runs it."""
    options = options_from_dict(
        {
            **options_to_dict(SmithOptions()),
            "fragment_probability": 0.25,
            "matrix_probability": 0.05,
            "struct_probability": 0.05,
            "discard_probability": 0.3,
            "vertex_stage_probability": 0.25,
            "atomic_probability": 0.2,
            "subgroup_probability": 0.6,
            "texture_probability": 0.2,
        }
    )
    generated = generate(8100212, options)
    assert generated.choices["divergence:uniform_if"]
    trial = prepare_generated(generated, GLSL450)
    result = interp_target().execute(trial.job)
    assert result.status is RunStatus.OK, result.log


def test_analysis_can_follow_generation_statement_by_statement() -> None:
    """The generator's environment is the analysis' own: analysing main statement by
    statement from the entry state gives the whole-program result."""
    generated = _multi()
    analysis = DivergenceAnalysis.of_program(generated.program)
    state = analysis.entry_state()
    for stmt in generated.program.entry_point.body.body:
        analysis.statement(stmt, state)
    assert analysis.report().divergent_barriers == analyse(generated.program).divergent_barriers


# ---------------------------------------------------------------------------- harness


def test_test_directory_records_the_dispatch(tmp_path: Path) -> None:
    generated = _multi(seed_with=lambda g: g.workgroups[0] > 1)
    twin = prepare_generated(generated, GLSL450).test
    directory = write_test(twin, tmp_path / "t")
    data = json.loads((directory / TEST_FILE).read_text())
    assert data["inputs"]["dispatch"] == list(generated.workgroups)
    loaded = load_test(directory)
    assert loaded.dispatch == generated.workgroups
    assert job_from_test(loaded).groups == generated.workgroups
    del data["inputs"]["dispatch"]  # a test written before dispatches existed
    (directory / TEST_FILE).write_text(json.dumps(data))
    assert load_test(directory).dispatch == (1, 1, 1)
    data["inputs"]["dispatch"] = [0, 1, 1]
    (directory / TEST_FILE).write_text(json.dumps(data))
    with pytest.raises(Exception, match="dispatch"):
        load_test(directory)


# ---------------------------------------------------------------------------- real drivers

# Multi-invocation seeds (MULTI options) with divergent control flow, and most with barriers
# and shared memory, checked on the real drivers below.
DRIVER_SEEDS = range(12)


def test_generated_programs_agree_on_the_drivers_and_the_interpreter() -> None:
    """Reconditioned multi-invocation programs: vk-lavapipe and the interpreter agree on
    every one; gl-llvmpipe too, except where Mesa's GLSL front-end is at fault: softpipe,
    the other back-end behind that front-end, then gives the same wrong result, or the
    front-end's invalid NIR crashes llvmpipe (findings/README.md lists those bugs)."""
    from shadersmith.targets.session import TargetSession

    jobs = []
    for seed in DRIVER_SEEDS:
        generated = generate(seed, MULTI)
        result = recondition(generated.program, generated.buffer_values)
        program, values = result.program, result.buffer_values
        jobs.append(job_from_program(program, values, GLSL450, None, generated.workgroups))
    front_end_bugs = []
    targets = ["gl-llvmpipe", "vk-lavapipe", "interp", "witness-softpipe"]
    with TargetSession(targets, timeout_s=120) as session:
        for index, results in session.run_many(jobs):
            seed = DRIVER_SEEDS[index]
            expected = results["interp"]
            assert expected.ok, f"seed {seed}: {expected.log}"
            vulkan = results["vk-lavapipe"]
            assert vulkan.ok and vulkan.buffers == expected.buffers, f"seed {seed}: {vulkan.log}"
            gl, softpipe = results["gl-llvmpipe"], results["witness-softpipe"]
            if gl.ok and gl.buffers == expected.buffers:
                continue
            if gl.ok:
                assert softpipe.ok and softpipe.buffers == gl.buffers, f"seed {seed}: GL harness?"
            else:
                assert "physreg copy" in gl.log, f"seed {seed}: {gl.status} {gl.log[-300:]}"
            front_end_bugs.append(seed)
    assert len(front_end_bugs) <= len(DRIVER_SEEDS) // 3, front_end_bugs
