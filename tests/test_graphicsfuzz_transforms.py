"""The GraphicsFuzz transformations of issue 20 (part 4): add-switch, split-for-loop, dead
fuzzed code, dead barriers, dead and live output writes, dead `discard`, synthesised
opaque values and live code on the recipient's state. Each keeps the reference's output
on the reference interpreter (whose sanitizer finds no undefined behaviour in the
variant) and on the real gl-llvmpipe and vk-lavapipe, is valid for glslang, gives the
same bytes for the same seed, and leaves every recorded plan replaying as it did.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from shadersmith.analysis.divergence import analyse
from shadersmith.campaign.metamorphic import MetamorphicOptions, run_metamorphic_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import load_test
from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.fragment_image import expected_image
from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Construct,
    Index,
    Literal,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Function,
    Program,
    Stage,
    StageOutput,
    StorageBuffer,
)
from shadersmith.ir.statements import Block, ExprStmt, If
from shadersmith.ir.types import INT, UINT, VOID, ArrayType, ScalarKind, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.metamorphic import plan_variant
from shadersmith.mutate.transforms import FAMILIES, WITH_DONOR, planned
from shadersmith.mutate.transforms.opaque import OPAQUE_BLOCK, OpaqueValues, with_opaque_block
from shadersmith.pair import pair_of_test
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition import Reconditioned, ReconditionOptions, recondition
from shadersmith.steps.record import StepRecord
from tests.glslang_check import rejected_in_vulkan

NEW_FAMILIES = (
    "add-switch",
    "split-for-loop",
    "dead-fuzzed",
    "dead-barrier",
    "dead-output-write",
    "live-output-write",
)
OLD_FAMILIES = tuple(f for f in FAMILIES if f not in NEW_FAMILIES)
FINDINGS = Path(__file__).resolve().parent.parent / "findings"
glslang = pytest.mark.skipif(shutil.which("glslangValidator") is None, reason="glslang missing")


def _params(family: str, seed: int) -> dict[str, Any]:
    """A step's parameters as a new plan makes them (planned)."""
    return planned(family, seed * 7919 + 13, seed + 5000).params


def _reference(seed: int, fragment: bool) -> tuple[GeneratedProgram, Reconditioned]:
    generated = generate(seed, SmithOptions(fragment_probability=float(fragment)))
    base = recondition(generated.program, generated.buffer_values, ReconditionOptions())
    return generated, base


def _rejected_by_glslang(source: str, stage: str) -> str:
    """glslang's log where it rejects `source` in Vulkan semantics (`-V`), in-process
    (glslang_check.py: a process per variant was ~80 ms of glslang's start-up)."""
    return rejected_in_vulkan(source, {"comp": "compute", "frag": "fragment"}[stage])[-600:]


# The references' outputs on the interpreter, by the reference's text and inputs: every
# family transforms the same few references, and interpreting a fragment shader's image
# was half of each family's test (the interpreter is deterministic: once is enough).
_REFERENCE_OUTPUTS: dict[tuple[str, str, tuple[int, int, int]], Any] = {}


def _reference_output(generated: GeneratedProgram, base: Reconditioned) -> Any:
    key = (emit_glsl(base.program), repr(base.buffer_values), generated.workgroups)
    if key not in _REFERENCE_OUTPUTS:
        output: Any
        if base.program.stage is Stage.FRAGMENT:
            output = expected_image(base.program, base.buffer_values, 32, 32)
        else:
            workgroups = generated.workgroups
            output = run_compute(base.program, base.buffer_values, workgroups=workgroups).buffers
        _REFERENCE_OUTPUTS[key] = output
    return _REFERENCE_OUTPUTS[key]


def _same_output(
    generated: GeneratedProgram, base: Reconditioned, program: Program, values: BufferValues
) -> bool:
    """The interpreter (with its sanitizer) gives the variant the reference's output."""
    before = _reference_output(generated, base)
    if program.stage is Stage.FRAGMENT:
        return bool((before == expected_image(program, values, 32, 32)).all())
    after = run_compute(program, values, workgroups=generated.workgroups).buffers
    return bool(before == {k: v for k, v in after.items() if k != OPAQUE_BLOCK})


@glslang
@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_as_new_plans_make_it_keeps_meaning_validity_and_bytes(family: str) -> None:
    applied = 0
    for seed in range(1, 7):
        fragment = seed % 3 == 0
        generated, base = _reference(seed, fragment)
        record, result = STEPS.apply(
            StepRecord(family, _params(family, seed)), base.program, base.buffer_values
        )
        _, again = STEPS.apply(
            StepRecord(family, _params(family, seed)), base.program, base.buffer_values
        )
        source = emit_glsl(result.program)
        assert source == emit_glsl(again.program), f"{family} seed {seed} is not deterministic"
        applied += bool(record.report["applied"])
        if not record.report["applied"]:
            continue
        error = _rejected_by_glslang(source, "frag" if fragment else "comp")
        assert not error, f"{family} seed {seed}: glslang rejects the variant: {error}"
        assert _same_output(generated, base, result.program, result.values), (family, seed)
    needed = 3 if family == "dead-barrier" else 5  # dead-barrier: compute shaders only
    assert applied >= needed, f"{family} found a site in only {applied} of 6 programs"


def test_a_recorded_plan_replays_byte_for_byte() -> None:
    """A step recorded before synthesis (no `opaque`, `discard` or `state` parameter)
    still makes what it made: the metamorphic finding's live-code step rebuilds the
    very variant the finding holds, and the older families load their opaque values
    directly unless told otherwise."""
    test = load_test(FINDINGS / "mesa-glsl-fold-int-min-div")
    pair = pair_of_test(test)  # raises when a shader differs from what the provenance makes
    assert pair.variant.source == test.main_shader
    _, base = _reference(2, False)
    for family in OLD_FAMILIES:
        params = {"seed": 99, **({"donor": 7} if family in WITH_DONOR else {})}
        _, old = STEPS.apply(StepRecord(family, params), base.program, base.buffer_values)
        _, direct = STEPS.apply(
            StepRecord(family, {**params, "opaque": 1}), base.program, base.buffer_values
        )
        assert emit_glsl(old.program) == emit_glsl(direct.program), family
        assert "gl_NumWorkGroups.x >= 1u" not in emit_glsl(old.program)


def test_new_plans_carry_the_new_parameters_without_moving_their_draws() -> None:
    plan = plan_variant(7, FAMILIES, (10, 10))
    assert all(step.params["opaque"] == 2 for step in plan)
    for step in plan:
        assert step.params.get("discard", False) is (step.name == "dead-jump")
        assert step.params.get("state", False) is (step.name == "live-code")
    # The draws of the seeds are what they were: the parameters are added, not drawn.
    rng = random.Random("variant-7")
    rng.randint(10, 10)
    first_family = rng.choice(list(FAMILIES))
    assert plan[0].name == first_family and plan[0].params["seed"] == rng.randrange(2**31)


# ---------------------------------------------------------------------------- opaque values


def _synthesised(stage: Stage, seed: int, count: int) -> tuple[list, list[int]]:  # type: ignore[type-arg]
    """`count` synthesised values of every kind, each converted to int, and their values."""
    values_of = OpaqueValues(stage, random.Random(seed))
    rng = random.Random(seed)
    made, wanted = [], []
    for _ in range(count):
        kind = rng.choice(("int", "uint", "float", "bool"))
        value = rng.randint(0 if kind == "uint" else -4, 4)
        if kind == "bool":
            value = rng.randrange(2)
            expression = values_of.boolean(bool(value))
        else:
            expression = values_of.number(ScalarKind(kind), value)
        made.append(Construct(INT, (expression,)) if kind != "int" else expression)
        wanted.append(value)
    return made, wanted


def _compute_writing(values: list) -> Program:  # type: ignore[type-arg]
    array = ArrayType(INT, len(values))
    target = VariableRef(array, "result")
    body = tuple(
        ExprStmt(Assign(INT, AssignOp.ASSIGN, Index(INT, target, Literal(INT, i)), v))
        for i, v in enumerate(values)
    )
    out = StorageBuffer("Out", None, 0, (BufferField("result", array),), BufferAccess.OUTPUT)
    return Program(Stage.COMPUTE, (Function("main", VOID, (), Block(body)),), buffers=(out,))


@glslang
def test_synthesised_opaque_values_are_exact_on_the_interpreter_and_valid() -> None:
    """Values built from the opaque block, `gl_NumWorkGroups` (compute) and
    `gl_FragCoord` (fragment) hold what the transformation believes, with no undefined
    behaviour and no float leaving the exact set S, on every invocation and fragment;
    glslang compiles them."""
    uvec4 = VectorType(ScalarKind.UINT, 4)
    for seed in range(60):
        made, wanted = _synthesised(Stage.COMPUTE, seed, 8)
        program, values = with_opaque_block(_compute_writing(made), {"Out": {"result": (0,) * 8}})
        result = run_compute(program, values).buffers["Out"]["result"]
        assert isinstance(result, tuple) and list(result) == wanted, seed
        made, wanted = _synthesised(Stage.FRAGMENT, seed, 4)
        colour = Construct(uvec4, tuple(Construct(UINT, (v,)) for v in made))
        write = ExprStmt(Assign(uvec4, AssignOp.ASSIGN, VariableRef(uvec4, "_color"), colour))
        fragment = Program(
            Stage.FRAGMENT,
            (Function("main", VOID, (), Block((write,))),),
            outputs=(StageOutput("_color", uvec4, 0),),
        )
        fragment, values = with_opaque_block(fragment, {})
        image = expected_image(fragment, values, 16, 16)
        assert (image == [w % 2**32 for w in wanted]).all(), seed
        if seed < 12:
            assert not _rejected_by_glslang(emit_glsl(program), "comp"), seed
            assert not _rejected_by_glslang(emit_glsl(fragment), "frag"), seed


def test_synthesised_guards_of_a_compute_shader_stay_uniform() -> None:
    """A barrier under a synthesised guard is in uniform control flow to the divergence
    analysis: compute shaders get no invocation-dependent opaque value."""
    for seed in range(40):
        values_of = OpaqueValues(Stage.COMPUTE, random.Random(seed))
        barrier = ExprStmt(Call(VOID, "barrier", (), CallKind.BUILTIN))
        guard = If(values_of.true(), Block((barrier,)))
        program, _ = with_opaque_block(
            Program(Stage.COMPUTE, (Function("main", VOID, (), Block((guard,))),)), {}
        )
        report = analyse(program)
        assert report.barriers and not report.divergent_barriers, seed


# ---------------------------------------------------------------------------- families


def _changed_lines(before: Program, after: Program) -> list[str]:
    old = set(emit_glsl(before).splitlines())
    return [line.strip() for line in emit_glsl(after).splitlines() if line not in old]


def test_dead_barriers_go_only_where_control_flow_is_uniform_and_only_in_compute() -> None:
    placed = 0
    for seed in range(1, 9):
        _, base = _reference(seed, fragment=False)
        record, result = STEPS.apply(
            StepRecord("dead-barrier", {"seed": seed}), base.program, base.buffer_values
        )
        if record.report["applied"]:
            placed += 1
            assert "barrier();" in _changed_lines(base.program, result.program)
            assert not analyse(result.program).divergent_barriers, seed
    assert placed >= 4
    _, fragment = _reference(3, fragment=True)
    record, _ = STEPS.apply(
        StepRecord("dead-barrier", {"seed": 1}), fragment.program, fragment.buffer_values
    )
    assert record.report["applied"] is False


def test_dead_jump_discards_only_in_fragment_shaders_and_only_when_asked() -> None:
    kinds: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(30):
        fragment = seed % 2 == 0
        _, base = _reference(seed // 2 + 1, fragment)
        for discard in (True, False):
            params = {"seed": seed, "opaque": 2, "discard": discard}
            record, _ = STEPS.apply(
                StepRecord("dead-jump", params), base.program, base.buffer_values
            )
            kinds[fragment and discard].add(record.report["jump"])
    assert "discard" in kinds[True]
    assert "discard" not in kinds[False]


def test_live_code_binds_recipient_variables_saved_and_restored() -> None:
    bound = read = 0
    for seed in range(1, 13):
        generated, base = _reference(seed, fragment=seed % 2 == 0)
        record, result = STEPS.apply(
            StepRecord("live-code", _params("live-code", seed)), base.program, base.buffer_values
        )
        bound += record.report["bound"]
        read += record.report["read"]
        if record.report["bound"]:
            lines = _changed_lines(base.program, result.program)
            assert any(" _save0 = " in line for line in lines), lines
        assert _same_output(generated, base, result.program, result.values), seed
    assert bound >= 6 and read >= 1, (bound, read)


def test_split_for_loop_splits_by_counter_value_and_by_iteration_count() -> None:
    forms = set()
    for seed in range(40):
        _, base = _reference(seed, fragment=seed % 2 == 1)
        record, _ = STEPS.apply(
            StepRecord("split-for-loop", {"seed": seed}), base.program, base.buffer_values
        )
        forms.add((record.report.get("form"), record.report.get("loop")))
    assert {("value", "for"), ("count", "for"), ("count", "while"), ("count", "dowhile")} <= forms


def test_live_output_writes_are_overwritten_in_fragments_and_restored_in_compute() -> None:
    forms = set()
    for seed in range(1, 9):
        generated, base = _reference(seed, fragment=seed % 2 == 0)
        record, result = STEPS.apply(
            StepRecord("live-output-write", {"seed": seed}), base.program, base.buffer_values
        )
        forms.add(record.report.get("form"))
        assert _same_output(generated, base, result.program, result.values), seed
    assert {"overwritten", "restored"} <= forms


def test_new_families_agree_on_the_real_cpu_drivers(tmp_path: Path) -> None:
    """A short metamorphic campaign of the new families on gl-llvmpipe and vk-lavapipe:
    every variant compiles, runs and gives its reference's output; none is ours."""
    options = MetamorphicOptions(
        targets=["gl-llvmpipe", "vk-lavapipe"],
        count=8,
        seed_base=4400,
        generator=SmithOptions(fragment_probability=0.5),
        families=(*NEW_FAMILIES, "dead-jump", "live-code", "identity"),
        reduce=False,
        jobs=1,
    )
    progress = run_metamorphic_campaign(tmp_path / "c", options)
    assert progress.tests == 8 and progress.ours == 0
    store = CampaignStore(tmp_path / "c")
    buckets = [b.signature for b in store.buckets()]
    store.close()
    assert buckets == []


ATOMIC_COUNTERS = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer B { uint slot[4]; uint shared_slot[4]; uint counters[2]; };
void main() {
    slot[gl_LocalInvocationIndex] = 1u;
    shared_slot[2u] = shared_slot[2u] + 0u;
    atomicAdd(counters[gl_LocalInvocationIndex % 2u], 3u);
}
"""


def test_live_output_writes_in_compute_take_only_an_element_the_invocation_owns() -> None:
    """Only `slot` is each invocation's own: every invocation updates `counters`
    atomically, at any element, and every one reads and writes `shared_slot[2u]`; a save
    and restore of either raced with the other invocations (a metamorphic variant with
    atomics on was ours:ub:data_race)."""
    from shadersmith.front.glsl import parse_glsl
    from shadersmith.mutate.transforms.outputs import _own_slot_outputs

    program = parse_glsl(ATOMIC_COUNTERS).program
    assert [output.name for output in _own_slot_outputs(program)] == ["slot"]


MATRIX_CALLEE = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
float trace2(mat2 m) { return m[0][0] + m[1][1]; }
int twice(int x) { return 2 * x; }
void main() { r = trace2(mat2(1.0)) + float(twice(1)); }
"""


def test_fuzzed_dead_code_calls_only_functions_of_values_it_can_make() -> None:
    """The dead-code fuzzer makes scalars, vectors and arrays of them: a function taking
    a matrix (or a struct) is not offered to it (its generator asserted, so a metamorphic
    plan on a program with matrices failed to prepare)."""
    from shadersmith.front.glsl import parse_glsl
    from shadersmith.mutate.transforms.fuzzing import fuzzer

    program = parse_glsl(MATRIX_CALLEE).program
    generator = fuzzer(program, program.entry_point, {}, seed=1)
    assert [signature.name for signature in generator.ctx.functions] == ["twice"]
