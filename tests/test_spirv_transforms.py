"""SPIR-V transformations (shadersmith/spirv/transforms/): every finder applies somewhere
on modules glslang writes for generated programs and every output passes Debian's
spirv-val; fuzzing is deterministic, its records replay to the same bytes and round-trip
through JSON; a stale record is refused rather than written; and fuzzed variants compute
what their originals compute on vk-lavapipe."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from shadersmith.oracle.metamorphic import same_output
from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module, read_module
from shadersmith.spirv.operands import Id
from shadersmith.spirv.transforms.analysis import Analysis, fresh_ids
from shadersmith.spirv.transforms.base import Transformation, TransformationRecord
from shadersmith.spirv.transforms.blocks import ADD_DEAD_BLOCK, ADD_DEAD_BREAK, ADD_DEAD_CONTINUE
from shadersmith.spirv.transforms.branches import WRAP_IN_SELECTION, WrapParams
from shadersmith.spirv.transforms.donate import ADD_DONATED_FUNCTION
from shadersmith.spirv.transforms.driver import enabled, fuzz_module, replay
from shadersmith.spirv.transforms.inline import INLINE_FUNCTION, InlineParams
from shadersmith.spirv.transforms.opaque import ADD_OPAQUE_BLOCK, opaque_block
from shadersmith.spirv.transforms.opaque_dead import ADD_OPAQUE_DEAD_BLOCK
from shadersmith.spirv.transforms.opaque_uses import (
    REPLACE_CONSTANT_WITH_OPAQUE_LOAD,
    ReplaceConstantParams,
)
from shadersmith.spirv.transforms.outline import OUTLINE_FUNCTION, OutlineParams
from shadersmith.spirv.transforms.synonyms import ADD_COPY_OBJECT, REPLACE_ID_WITH_SYNONYM
from shadersmith.spirv.transforms.table import BY_NAME, ENABLERS, TRANSFORMATIONS
from shadersmith.spirv_pair import opaque_input
from shadersmith.targets.job import Job, PrecompiledSpirv
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.precompile import source_digest
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    compile_glsl_to_spirv,
    target_env_of_module,
)
from tests.programs import reconditioned_job
from tests.spirv_support import assemble, spirv_val

SEEDS = range(20)


@pytest.fixture(scope="module")
def jobs() -> list[Job]:
    """20 generated, reconditioned programs: compute and fragment shaders in turn."""
    return [reconditioned_job(seed, fragment=seed % 2 == 1) for seed in SEEDS]


@pytest.fixture(scope="module")
def modules(jobs: list[Job]) -> list[bytes]:
    """glslang's module of each job."""
    return [compile_glsl_to_spirv(job.source, job.stage) for job in jobs]


@pytest.fixture(scope="module")
def models(modules: list[bytes]) -> list[Module]:
    """Each module read once: transformations never edit the module they are given."""
    return [read_module(spirv) for spirv in modules]


def _prepared(module: Module, seed: int, enabler: Transformation[Any]) -> Module:
    """`module` after a few of `enabler`'s steps: what a transformation needs that glslang
    never writes (synonyms to replace uses with, straight-line blocks to merge)."""
    return enabled(module, enabler, seed)


def apply_once(transformation: Transformation[Any], module: Module, seed: int) -> Module | None:
    """The transformation with its finder's parameters, where it finds any that apply."""
    params = transformation.find(module, random.Random(seed))
    if params is None or not transformation.applies(module, params):
        return None
    return transformation.apply(module, params)


@pytest.mark.parametrize("name", [t.name for t in TRANSFORMATIONS])
def test_each_transformation_applies_on_generated_modules_and_every_output_is_valid(
    name: str, models: list[Module], tmp_path: Path
) -> None:
    transformation = BY_NAME[name]
    applied = 0
    for seed, module in enumerate(models):
        if name in ENABLERS:
            module = _prepared(module, seed, ENABLERS[name])
        before = module.to_bytes()
        variant = apply_once(transformation, module, seed)
        assert module.to_bytes() == before, f"{name} edited the caller's module (seed {seed})"
        if variant is None:
            continue
        applied += 1
        written = variant.to_bytes()
        assert spirv_val(written, tmp_path) == "", (name, seed)
    print(f"{name}: applies on {applied}/{len(models)}, valid {applied}/{applied}")
    assert applied > 0


def test_fuzzing_with_a_seed_is_deterministic_and_its_records_replay_to_the_same_bytes(
    modules: list[bytes], tmp_path: Path
) -> None:
    for seed, spirv in enumerate(modules[:4]):
        module = read_module(spirv)
        variant, records = fuzz_module(module, seed, 12)
        again, records_again = fuzz_module(read_module(spirv), seed, 12)
        assert again.to_bytes() == variant.to_bytes() and records_again == records
        assert len(records) == 12, seed
        assert module.to_bytes() == spirv  # the original is left as it was
        stored = json.loads(json.dumps([record.to_json() for record in records]))
        read_back = [TransformationRecord.from_json(data) for data in stored]
        assert read_back == records
        assert all(set(data) == {"name", "params"} for data in stored)
        assert replay(read_module(spirv), read_back).to_bytes() == variant.to_bytes()
        assert spirv_val(variant.to_bytes(), tmp_path) == "", (seed, stored)


def test_any_sub_list_of_a_recorded_list_replays_to_a_valid_module(
    modules: list[bytes], tmp_path: Path
) -> None:
    """What delta debugging over the list relies on: records whose preconditions no longer
    hold are skipped, and what is applied is still valid."""
    skipped = 0
    for seed, spirv in enumerate(modules[:3]):
        _, records = fuzz_module(read_module(spirv), 100 + seed, 20)
        rng = random.Random(seed)
        for _ in range(2):
            kept = [record for record in records if rng.random() < 0.5]
            reduced, applied = _replay_counting(read_module(spirv), kept)
            assert reduced.to_bytes() == replay(read_module(spirv), kept).to_bytes()
            assert spirv_val(reduced.to_bytes(), tmp_path) == "", (seed, kept)
            skipped += len(kept) - applied
    assert skipped > 0  # some records did depend on one left out, and were refused


def _replay_counting(module: Module, records: list[TransformationRecord]) -> tuple[Module, int]:
    """What `replay` makes of `records`, and how many of them applied."""
    count = 0
    for record in records:
        transformation = BY_NAME[record.name]
        params = transformation.applies_to_record(module, record.params)
        if params is not None:
            module = transformation.apply(module, params)
            count += 1
    return module, count


def test_a_stale_record_is_refused_instead_of_writing_invalid_spirv(
    modules: list[bytes],
) -> None:
    original = read_module(modules[0])
    copied = _prepared(original, 0, ADD_COPY_OBJECT)
    params = REPLACE_ID_WITH_SYNONYM.find(copied, random.Random(0))
    assert params is not None and REPLACE_ID_WITH_SYNONYM.applies(copied, params)
    record = REPLACE_ID_WITH_SYNONYM.record(params)
    # On the original, the synonym it names is not defined: refused, and replay skips it.
    assert REPLACE_ID_WITH_SYNONYM.applies_to_record(original, record.params) is None
    assert replay(original, [record]).to_bytes() == original.to_bytes()
    # A fresh id that is no longer fresh, an unknown name, parameters that do not read.
    copy = ADD_COPY_OBJECT.find(original, random.Random(1))
    assert copy is not None
    taken = dataclasses.replace(copy, fresh=copy.target)
    assert not ADD_COPY_OBJECT.applies(original, taken)
    assert ADD_COPY_OBJECT.applies_to_record(original, {"target": "x"}) is None
    assert ADD_COPY_OBJECT.applies_to_record(original, copy.to_json()) == copy
    for wrong in ("7", 7.0, True, None):
        edited = {**copy.to_json(), "target": wrong}
        assert ADD_COPY_OBJECT.applies_to_record(original, edited) is None, wrong
    unknown = TransformationRecord("no-such-transformation", {})
    assert replay(original, [unknown]).to_bytes() == original.to_bytes()


# A loop whose merge block uses a value of the loop's body: the body is the only way out,
# so it dominates the merge block, until a break from `side` opens a second way.
LOOP_USING_ITS_VALUE_AFTER = """
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %bool = OpTypeBool
      %int_1 = OpConstant %int 1
       %true = OpConstantTrue %bool
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %header
     %header = OpLabel
               OpLoopMerge %merge %continue None
               OpBranchConditional %true %side %body
       %side = OpLabel
               OpBranch %body
       %body = OpLabel
          %v = OpIAdd %int %int_1 %int_1
               OpBranchConditional %true %merge %continue
   %continue = OpLabel
               OpBranch %header
      %merge = OpLabel
          %w = OpIAdd %int %v %int_1
               OpReturn
               OpFunctionEnd
"""


def test_a_dead_break_that_would_leave_a_use_after_the_loop_undominated_is_refused(
    tmp_path: Path,
) -> None:
    module = read_module(assemble(LOOP_USING_ITS_VALUE_AFTER, tmp_path))
    params = ADD_DEAD_BREAK.find(module, random.Random(0))
    side = module.functions[0].blocks[2]
    assert params is not None and params.block == side.label_id
    assert not ADD_DEAD_BREAK.applies(module, params)
    # Applied regardless, the merge block's use of the body's value is invalid.
    forced = ADD_DEAD_BREAK.apply(module, params).to_bytes()
    assert "dominate" in spirv_val(forced, tmp_path)


# A loop whose continue target nothing reaches, laid out before the body: the layout is
# valid while it is unreachable, and no longer once a continue from the body reaches it.
LOOP_WITH_AN_UNREACHABLE_CONTINUE_FIRST = """
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %header
     %header = OpLabel
               OpLoopMerge %merge %continue None
               OpBranch %body
   %continue = OpLabel
               OpBranch %header
       %body = OpLabel
               OpBranch %merge
      %merge = OpLabel
               OpReturn
               OpFunctionEnd
"""


def test_a_dead_continue_that_would_reach_a_block_laid_out_before_its_new_dominator_is_refused(
    tmp_path: Path,
) -> None:
    module = read_module(assemble(LOOP_WITH_AN_UNREACHABLE_CONTINUE_FIRST, tmp_path))
    params = ADD_DEAD_CONTINUE.find(module, random.Random(0))
    body = module.functions[0].blocks[3]
    assert params is not None and params.block == body.label_id
    assert not ADD_DEAD_CONTINUE.applies(module, params)
    forced = ADD_DEAD_CONTINUE.apply(module, params).to_bytes()
    assert "before its dominator" in spirv_val(forced, tmp_path)


def test_a_record_made_on_one_module_is_refused_on_another_or_applies_validly(
    models: list[Module], tmp_path: Path
) -> None:
    """Replaying a list on a module it was not made on (a hand-edited test, a reduced
    one): every precondition answers without raising, and what it lets through is valid."""
    refused = 0
    for transformation in TRANSFORMATIONS:
        made_on, replayed_on = models[2], models[4]
        enabler = ENABLERS.get(transformation.name)
        made_on = enabled(made_on, enabler, 0) if enabler else made_on
        params = transformation.find(made_on, random.Random(0))
        assert params is not None, transformation.name
        record = transformation.record(params)
        found = transformation.applies_to_record(replayed_on, record.params)
        if found is None:
            refused += 1
            continue
        written = transformation.apply(replayed_on, found).to_bytes()
        assert spirv_val(written, tmp_path) == "", transformation.name
    assert refused > len(TRANSFORMATIONS) // 2


STRAIGHT_LINE = """
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %bool = OpTypeBool
      %int_1 = OpConstant %int 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %a = OpIAdd %int %int_1 %int_1
          %b = OpIAdd %int %a %int_1
               OpReturn
               OpFunctionEnd
"""


def test_wrapping_a_run_in_a_selection_is_refused_where_a_value_it_defines_is_used_after_it(
    tmp_path: Path,
) -> None:
    module = read_module(assemble(STRAIGHT_LINE, tmp_path))
    entry = module.functions[0].blocks[0].label_id
    constant = next(i.result_id for i in module.globals if i.opname == "OpConstant")
    assert constant is not None
    bound = module.header.bound
    first_only = WrapParams(entry, 0, 1, constant, bound, bound + 1, bound + 2)
    assert not WRAP_IN_SELECTION.applies(module, first_only)
    assert "dominate" in spirv_val(WRAP_IN_SELECTION.apply(module, first_only).to_bytes(), tmp_path)
    both = dataclasses.replace(first_only, end=2)
    assert WRAP_IN_SELECTION.applies(module, both)
    assert spirv_val(WRAP_IN_SELECTION.apply(module, both).to_bytes(), tmp_path) == ""
    # The finder proposes only runs that keep their values: [a, b] or [b].
    found = WRAP_IN_SELECTION.find(module, random.Random(0))
    assert found is not None and found.end == 2 and WRAP_IN_SELECTION.applies(module, found)


def _same_output(original: RunResult, variant: RunResult) -> bool:
    """Both ran and computed the same image, or the same buffers on the original's
    bindings (the variant's job binds the opaque block too)."""
    return original.ok and variant.ok and same_output(original, variant)


def _variant_job(job: Job, variant: Module, version: str) -> Job:
    """`job` running `variant`, binding its opaque block where it declares one (what
    SpirvPair.job does for the campaign)."""
    module = variant.to_bytes()
    made = PrecompiledSpirv(source_digest(job.source), job.stage, DEBIAN, version, module, (), 0.0)
    opaque = opaque_input(module, job.stage)
    buffers = job.buffers if opaque is None else (*job.buffers, opaque)
    return dataclasses.replace(job, spirv=made, buffers=buffers)


def test_each_transformation_applied_once_keeps_the_output_on_vk_lavapipe(
    jobs: list[Job], models: list[Module]
) -> None:
    """Each transformation once (after its enabler's steps where it has one), on a
    compute and a fragment shader in turn: the variant's buffers and image are the
    original's (bench/spirv_transforms.py does this on many modules)."""
    version = DEBIAN.glslang_version()
    with TargetSession(["vk-lavapipe"]) as session:
        originals = [session.run(jobs[seed])["vk-lavapipe"] for seed in (0, 1)]
        for index, transformation in enumerate(TRANSFORMATIONS):
            seed = index % 2
            job, model = jobs[seed], models[seed]
            enabler = ENABLERS.get(transformation.name)
            start = enabled(model, enabler, seed) if enabler else model
            variant = apply_once(transformation, start, seed)
            if variant is None:
                continue
            fuzzed = session.run(_variant_job(job, variant, version))["vk-lavapipe"]
            assert _same_output(originals[seed], fuzzed), (seed, transformation.name)


def test_fuzzed_variants_give_the_original_output_on_vk_lavapipe(
    jobs: list[Job], modules: list[bytes]
) -> None:

    version = DEBIAN.glslang_version()
    with TargetSession(["vk-lavapipe"]) as session:
        for seed in range(5):
            job, spirv = jobs[seed], modules[seed]
            variant, records = fuzz_module(read_module(spirv), seed, 10)
            assert len(records) == 10
            original = session.run(job)["vk-lavapipe"]
            fuzzed = session.run(_variant_job(job, variant, version))["vk-lavapipe"]
            names = [record.name for record in records]
            assert original.ok and fuzzed.ok, (seed, names, fuzzed.log[-500:])
            assert _same_output(original, fuzzed), (seed, names)


def _opaque_variant(module: Module, seed: int, uses: int) -> Module:
    """`module` with the opaque block, then `uses` constants replaced by its loads and
    `uses` dead blocks behind its values, drawn with `seed`."""
    rng = random.Random(seed)
    uses_: list[Transformation[Any]] = [REPLACE_CONSTANT_WITH_OPAQUE_LOAD, ADD_OPAQUE_DEAD_BLOCK]
    steps = [ADD_OPAQUE_BLOCK, *uses_ * uses]
    for transformation in steps:
        params = transformation.find(module, rng)
        if params is not None and transformation.applies(module, params):
            module = transformation.apply(module, params)
    return module


def _storage_of_opaque(module: Module) -> tuple[int, str]:
    """The opaque variable's storage class and its struct's block decoration."""
    block = opaque_block(module)
    assert block is not None
    index = module.index()
    variable = index.definitions[block.variable]
    pointer = index.definitions[variable.result_type or 0]
    struct = int(pointer.operands[1].value)
    (decoration,) = [
        i.operands[1].value for i in index.decorations(struct) if i.opname == "OpDecorate"
    ]
    return int(variable.operands[0].value), {2: "Block", 3: "BufferBlock"}[int(decoration)]


def test_the_opaque_block_takes_the_form_of_the_modules_own_read_only_blocks(
    jobs: list[Job], tmp_path: Path
) -> None:
    """Compute, SPIR-V 1.0: Uniform + BufferBlock (StorageBuffer needs an extension
    there); compute, SPIR-V 1.3: StorageBuffer + Block, as glslang writes its own;
    fragment: a Uniform block. Each at a binding above every other, and valid."""
    compute, fragment = jobs[0], jobs[1]
    made = {
        "compute 1.0": compile_glsl_to_spirv(compute.source, "compute"),
        "compute 1.3": compile_glsl_to_spirv(compute.source, "compute", "vulkan1.1"),
        "fragment": compile_glsl_to_spirv(fragment.source, "fragment"),
    }
    expected = {
        "compute 1.0": (2, "BufferBlock"),
        "compute 1.3": (12, "Block"),
        "fragment": (2, "Block"),
    }
    for name, spirv in made.items():
        module = read_module(spirv)
        with_block = _opaque_variant(module, 0, 0)
        assert _storage_of_opaque(with_block) == expected[name], name
        block = opaque_block(with_block)
        assert block is not None
        others = {b.binding for b in (compute if name != "fragment" else fragment).buffers}
        assert block.binding > max(others), name
        assert spirv_val(_opaque_variant(module, 1, 6).to_bytes(), tmp_path) == "", name


def _in_a_block(analysis: Analysis, chain: Instruction) -> bool:
    """Does the access chain start from a Uniform or StorageBuffer variable (a block: its
    first index picks a member, which must be a constant)?"""
    pointer = analysis.index.type_of(int(chain.operands[0].value))
    return pointer is not None and pointer.operands[0].value in (2, 12)


def test_an_opaque_record_is_refused_where_the_block_is_missing_taken_or_the_operand_must_stay(
    models: list[Module], tmp_path: Path
) -> None:
    original = models[0]
    with_block = _opaque_variant(original, 0, 0)
    # A second block, or one at a binding already in use, is refused.
    block_params = ADD_OPAQUE_BLOCK.find(original, random.Random(0))
    assert block_params is not None
    assert not ADD_OPAQUE_BLOCK.applies(with_block, block_params)
    assert ADD_OPAQUE_BLOCK.find(with_block, random.Random(0)) is None
    taken = dataclasses.replace(block_params, binding=block_params.binding - 1)
    assert not ADD_OPAQUE_BLOCK.applies(original, taken)
    # The uses' records made on a module with the block are refused without it.
    users: list[Transformation[Any]] = [REPLACE_CONSTANT_WITH_OPAQUE_LOAD, ADD_OPAQUE_DEAD_BLOCK]
    for user in users:
        assert user.find(original, random.Random(0)) is None
        params = user.find(with_block, random.Random(0))
        assert params is not None and user.applies(with_block, params)
        record = user.record(params)
        assert user.applies_to_record(original, record.params) is None
        assert replay(original, [record]).to_bytes() == original.to_bytes()
    # No operand that must stay a constant is proposed or accepted: a struct member's
    # index, the first index into a descriptor, an OpPhi's value.
    analysis = Analysis(with_block)
    fresh = fresh_ids(with_block, 3)
    refused = 0
    for label, (_, block) in analysis.blocks.items():
        for offset, instruction in enumerate(block.body):
            if instruction.opname in ("OpAccessChain", "OpPhi"):
                for position, operand in enumerate(instruction.operands):
                    if instruction.opname == "OpAccessChain" and not (
                        position == 1 and _in_a_block(analysis, instruction)
                    ):
                        continue
                    if isinstance(operand, Id) and operand.value in analysis.constants:
                        params = ReplaceConstantParams(label, offset, position, *fresh)
                        assert not REPLACE_CONSTANT_WITH_OPAQUE_LOAD.applies(with_block, params)
                        refused += 1
    assert refused > 0
    made = _opaque_variant(original, 3, 10)
    assert spirv_val(made.to_bytes(), tmp_path) == ""


def _size_after_spirv_opt(module: Module, tmp_path: Path) -> int:
    """How many instructions Debian's spirv-opt -O leaves of `module`."""
    given, made = tmp_path / "given.spv", tmp_path / "made.spv"
    spirv = module.to_bytes()
    given.write_bytes(spirv)
    target = f"--target-env={target_env_of_module(spirv)}"
    subprocess.run(["spirv-opt", "-O", target, str(given), "-o", str(made)], check=True)
    return sum(1 for _ in read_module(made.read_bytes()).instructions())


def test_an_opaque_dead_block_survives_spirv_opt_where_a_constant_false_one_does_not(
    models: list[Module], tmp_path: Path
) -> None:
    """What the opaque block is for: spirv-opt -O folds add-dead-block's guard and drops
    the block; it cannot fold `opaque[0] == opaque[1]`, and the block's store into a
    variable the function has keeps it from being dead code."""
    folded = survived = 0
    for seed, module in enumerate(models[:6]):
        reference = _size_after_spirv_opt(module, tmp_path)
        dead = module
        for _ in range(3):
            found = apply_once(ADD_DEAD_BLOCK, dead, seed)
            dead = found if found is not None else dead
        folded += _size_after_spirv_opt(dead, tmp_path) == reference
        with_block = _opaque_variant(module, seed, 0)
        opaque = with_block
        for _ in range(3):
            found = apply_once(ADD_OPAQUE_DEAD_BLOCK, opaque, seed)
            opaque = found if found is not None else opaque
        survived += _size_after_spirv_opt(opaque, tmp_path) > _size_after_spirv_opt(
            with_block, tmp_path
        )
    assert folded == 6
    assert survived >= 2


# Two values of one run, %a and %b (RelaxedPrecision), are used after it by %c; %b alone
# is used after the run [%b] and the run [%a, %b] would return two values.
TWO_VALUES_USED_AFTER = """
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %b RelaxedPrecision
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
      %int_1 = OpConstant %int 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %a = OpIAdd %int %int_1 %int_1
          %b = OpIMul %int %a %a
          %c = OpBitwiseXor %int %a %b
               OpReturn
               OpFunctionEnd
"""


def test_outlining_returns_the_one_value_used_after_the_run_and_inlining_gives_the_run_back(
    tmp_path: Path,
) -> None:
    module = read_module(assemble(TWO_VALUES_USED_AFTER, tmp_path))
    entry = module.functions[0].blocks[0].label_id
    bound = module.header.bound
    both = OutlineParams(entry, 0, 2, bound, bound + 1, bound + 2, bound + 3, ())
    assert not OUTLINE_FUNCTION.applies(module, both)  # %a and %b are both used by %c
    b_only = OutlineParams(entry, 1, 2, bound, bound + 1, bound + 2, bound + 3, (bound + 4,))
    assert OUTLINE_FUNCTION.applies(module, b_only)
    assert not OUTLINE_FUNCTION.applies(module, dataclasses.replace(b_only, parameters=()))
    outlined = OUTLINE_FUNCTION.apply(module, b_only)
    assert spirv_val(outlined.to_bytes(), tmp_path) == ""
    call, _ = outlined.functions[0].blocks[0].body[1:]
    value = module.functions[0].blocks[0].body[1].result_id
    # The call takes %b's id, its decoration goes with the value into the function.
    assert call.opname == "OpFunctionCall" and call.result_id == value
    (decorated,) = outlined.annotations
    assert decorated.operands[0] == Id(b_only.result)
    assert not OUTLINE_FUNCTION.applies(outlined, b_only)  # stale: its ids are taken
    found = INLINE_FUNCTION.find(outlined, random.Random(0))
    assert found is not None and found.call == value
    inlined = INLINE_FUNCTION.apply(outlined, found)
    assert spirv_val(inlined.to_bytes(), tmp_path) == ""
    body = [i.opname for i in inlined.functions[0].blocks[0].body]
    assert body == ["OpIAdd", "OpIMul", "OpCopyObject", "OpBitwiseXor"]
    assert len(inlined.annotations) == 2  # the copy of %b is RelaxedPrecision too
    assert not INLINE_FUNCTION.applies(inlined, found)  # stale: no call %b any more


def _steps(module: Module, seed: int, steps: list[Transformation[Any]]) -> tuple[Module, list[str]]:
    """`module` after each of `steps` in turn, drawn with `seed` where it finds anything."""
    rng, applied = random.Random(seed), []
    for transformation in steps:
        params = transformation.find(module, rng)
        if params is not None and transformation.applies(module, params):
            module = transformation.apply(module, params)
            applied.append(transformation.name)
    return module, applied


def test_outline_inline_and_donated_steps_keep_the_output_on_vk_lavapipe_and_vk_swiftshader(
    jobs: list[Job], models: list[Module], tmp_path: Path
) -> None:
    """A compute and a fragment shader: three outlined runs, two donated functions, three
    calls inlined (of those functions or glslang's own), each step valid; and the run the
    first outline made given back by inlining its call. Every variant gives the original's
    buffers and image on both drivers."""
    version = DEBIAN.glslang_version()
    targets = ["vk-lavapipe", "vk-swiftshader"]
    plan = [OUTLINE_FUNCTION] * 3 + [ADD_DONATED_FUNCTION] * 2 + [INLINE_FUNCTION] * 3
    with TargetSession(targets) as session:
        for seed in (0, 1):
            job, model = jobs[seed], models[seed]
            mixed, applied = _steps(model, seed, plan)
            assert {*applied} == {t.name for t in plan}, applied
            outlined, _ = _steps(model, seed, [OUTLINE_FUNCTION])
            made = outlined.functions[-1].result_id
            calls = [
                i.result_id
                for f in outlined.functions
                for b in f.blocks
                for i in b.body
                if i.opname == "OpFunctionCall" and i.operands[0] == Id(made)
            ]
            assert len(calls) == 1 and calls[0] is not None
            fresh = tuple(fresh_ids(outlined, _body(outlined)))
            round_trip = INLINE_FUNCTION.apply(outlined, InlineParams(calls[0], fresh))
            originals = session.run(job)
            for variant in (mixed, round_trip):
                assert spirv_val(variant.to_bytes(), tmp_path) == "", (seed, applied)
                results = session.run(_variant_job(job, variant, version))
                for target in targets:
                    assert _same_output(originals[target], results[target]), (seed, target)


def _body(module: Module) -> int:
    """How many results the body of the module's last function (the one just made) has."""
    return sum(1 for i in module.functions[-1].blocks[0].body if i.result_id is not None)
