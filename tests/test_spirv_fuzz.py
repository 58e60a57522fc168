"""SPIR-V-level fuzzing end to end (issue 35, items 3 to 5): the campaign on real Vulkan
targets, the second-consumer oracle, the test record, replay, reduction and the Amber
export. The planted bug (tests/planted_bugs.py, `copy-object-int-is-zero`) is a SPIR-V
consumer that computes every 32-bit integer OpCopyObject as zero: glslang never writes
one, SPIR-V transformations do, so only variants show it. The test that shows it is
carried (tests/data/spirv-planted-copy-object-seed-6, as the campaign wrote it): the
generator and the transformations stay free to change."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from shadersmith.campaign.spirv_fuzz import (
    DEFAULT_TARGETS,
    SpirvFuzzOptions,
    run_spirv_fuzz_campaign,
)
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import TestCaseError, load_test
from shadersmith.case.codec import write_test
from shadersmith.cli import main
from shadersmith.cli import spirv_fuzz as cli_spirv_fuzz
from shadersmith.corpus import open_corpus
from shadersmith.export.amber import amber_script
from shadersmith.generate.smith import SmithOptions
from shadersmith.oracle.metamorphic import Outcome, same_output
from shadersmith.oracle.spirv_metamorphic import judge_spirv_metamorphic, shared_component
from shadersmith.reduce.spirv_test import reducing_toolset
from shadersmith.spirv.module import read_module
from shadersmith.spirv.transforms.base import Transformation
from shadersmith.spirv.transforms.driver import fuzz_module
from shadersmith.spirv.transforms.opaque import ADD_OPAQUE_BLOCK, OPAQUE_NAME
from shadersmith.spirv.transforms.opaque_dead import ADD_OPAQUE_DEAD_BLOCK
from shadersmith.spirv.transforms.opaque_uses import (
    REPLACE_CONSTANT_WITH_OPAQUE_LOAD,
)
from shadersmith.spirv_pair import (
    DEFAULT_STEPS,
    SpirvPair,
    as_kept,
    invalid_reason,
    prepare_generated_spirv_pair,
    recorded_spirv_pair,
    spirv_pair_of_test,
    with_records,
)
from shadersmith.targets.catalogue.registry import TARGETS
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import spirv_tools

CARRIED = Path(__file__).parent / "data" / "spirv-planted-copy-object-seed-6"
PLANTED = "planted-copy-object-int-is-zero-vk-lavapipe"
PLANTED_OPT = "planted-copy-object-int-is-zero-vk-lavapipe-opt"


def test_a_campaign_on_real_targets_records_every_pair_valid_and_resumes(tmp_path: Path) -> None:
    """Every variant passes spirv-val (no defect of ours), every pair is recorded with
    its transformations, and a resumed campaign runs only the pairs it has not."""
    targets = ["vk-lavapipe", "vk-swiftshader", "vk-lavapipe-opt"]
    options = SpirvFuzzOptions(targets=targets, count=4, seed_base=500, reduce=False, jobs=2)
    progress = run_spirv_fuzz_campaign(tmp_path / "c", options)
    assert progress.tests == 4 and progress.ours == 0
    options.count = 6
    resumed = run_spirv_fuzz_campaign(tmp_path / "c", options)
    assert resumed.tests == 2 and resumed.resumed_from == 4
    store = CampaignStore(tmp_path / "c", read_only=True)
    rows = store.db.execute("SELECT idx, steps, outcomes, ours FROM variants").fetchall()
    runs = store.db.execute("SELECT DISTINCT target FROM results").fetchall()
    store.close()
    assert sorted(idx for idx, *_ in rows) == list(range(6))
    for _, steps, outcomes, ours in rows:
        assert ours is None
        assert json.loads(steps), "every variant has transformations"
        assert set(json.loads(outcomes)) == set(targets)
    assert {f"{t}.{side}" for t in targets for side in ("reference", "variant")} == {
        name for (name,) in runs
    }


def test_real_world_references_from_a_corpus_run_as_modules(tmp_path: Path) -> None:
    options = SpirvFuzzOptions(
        targets=["vk-lavapipe", "vk-swiftshader"],
        count=3,
        reduce=False,
        references=open_corpus(str(Path(__file__).parent / "data" / "piglit")),
    )
    progress = run_spirv_fuzz_campaign(tmp_path / "c", options)
    assert progress.tests == 3 and progress.ours == 0
    store = CampaignStore(tmp_path / "c", read_only=True)
    verdicts = [verdict for _, _, verdict in store.iter_tests()]
    settings = store.db.execute("SELECT COUNT(*) FROM variants").fetchone()[0]
    store.close()
    assert "unbuilt" not in verdicts and settings == 3


def test_a_target_that_compiles_its_own_module_is_refused_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["spirv-fuzz", "--targets", "gl-llvmpipe", "--out", str(tmp_path / "c")]
    )
    assert result.exit_code == 2
    assert "gl-llvmpipe: compile(s) the GLSL itself" in result.output
    bad = CliRunner().invoke(main, ["spirv-fuzz", "--steps", "9-3", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "--steps" in bad.output
    # The command's defaults, spelled there so that --help loads no library, are the
    # campaign's.
    assert cli_spirv_fuzz.DEFAULT_TARGET_LIST.split(",") == list(DEFAULT_TARGETS)
    assert "-".join(map(str, DEFAULT_STEPS)) == cli_spirv_fuzz.DEFAULT_STEPS


def test_the_carried_test_replays_its_variant_from_the_list_and_refuses_an_edit(
    tmp_path: Path,
) -> None:
    test = load_test(CARRIED)
    pair = spirv_pair_of_test(test)
    assert pair.invalid is None and len(pair.records) == len(test.oracle.transformations)  # type: ignore[union-attr]
    edited = tmp_path / "edited"
    shutil.copytree(CARRIED, edited)
    text = (edited / "variant.spvasm").read_text()
    (edited / "variant.spvasm").write_text(text.replace("OpCopyObject", "OpCopyObject", 1) + "\n")
    same = spirv_pair_of_test(load_test(edited))  # a blank line changes no instruction
    assert same.variant == pair.variant
    lines = text.splitlines()
    copy = next(i for i, line in enumerate(lines) if "OpCopyObject" in line)
    (edited / "variant.spvasm").write_text("\n".join(lines[:copy] + lines[copy + 1 :]) + "\n")
    with pytest.raises(TestCaseError, match="differs from what its transformations make"):
        spirv_pair_of_test(load_test(edited))


def test_a_module_as_kept_is_what_its_assembly_assembles_to() -> None:
    """What runs (as_kept, in-process) is byte for byte what a replay assembles from the
    test's text (spirv-dis --raw-id, spirv-as --preserve-numeric-ids)."""
    pair = spirv_pair_of_test(load_test(CARRIED))
    for seed in range(3):
        variant, _ = fuzz_module(read_module(pair.reference), seed, 25)
        # A claimed id left unused: the bound the model writes is above the assembler's.
        made = variant.to_bytes()
        kept = as_kept(made, pair.target_env)
        text = spirv_tools.module_to_assembly(made)
        assert kept == spirv_tools.assembly_to_module(text, pair.target_env)


def test_a_difference_needs_a_second_consumer_and_one_on_every_target_is_ours() -> None:
    """The planted consumer differs; real lavapipe, running the same two modules, agrees
    with itself: a finding. Alone, the planted consumer is unchecked. Where every target
    differs (both planted), the transformations are suspect: ours, no finding."""
    pair = spirv_pair_of_test(load_test(CARRIED))
    targets = ["vk-lavapipe", PLANTED, PLANTED_OPT]
    with TargetSession(targets) as session:
        answers = dict(session.run_many(pair.jobs()))
        components = session.components()
    reference, variant = answers[0], answers[1]

    vouched = judge_spirv_metamorphic(reference, variant, ["vk-lavapipe", PLANTED], components)
    (finding,) = vouched.findings
    assert finding.signature == f"metamorphic:{PLANTED}" and finding.passing == ("vk-lavapipe",)
    assert vouched.ours is None

    alone = judge_spirv_metamorphic(reference, variant, [PLANTED], components)
    assert alone.findings == () and alone.outcomes[PLANTED] is Outcome.UNCHECKED

    everywhere = judge_spirv_metamorphic(reference, variant, [PLANTED, PLANTED_OPT], components)
    assert everywhere.findings == () and everywhere.ours is not None


def test_an_invalid_variant_is_ours_by_spirv_val(tmp_path: Path) -> None:
    """spirv-val's own verdict: a module whose OpCopyObject copies an undefined id."""
    pair = spirv_pair_of_test(load_test(CARRIED))
    module = read_module(pair.reference)
    assert invalid_reason(pair.reference, pair.target_env) is None
    broken = bytearray(module.to_bytes())
    broken[12:16] = (1).to_bytes(4, "little")  # the id bound: every id is out of bounds
    reason = invalid_reason(bytes(broken), pair.target_env)
    assert reason is not None and reason.startswith("a transformation made an invalid module")


def test_the_carried_test_exports_to_amber_with_both_modules(tmp_path: Path) -> None:
    test = load_test(CARRIED)
    script = amber_script(test)
    assert script.count("SPIRV-ASM") == 2
    assert "transformations of its SPIR-V" in script
    assert "EQ_BUFFER" in script
    assert "spirv-val --target-env vulkan1.0 variant.spv" in script
    # Its bug report (tests/test_bug_report.py) is refused here in one line: a planted
    # component has no upstream project to file at.
    report = CliRunner().invoke(main, ["bug-report", str(CARRIED)])
    assert report.exit_code == 2 and "no upstream project to report it to" in report.output


def test_the_planted_bug_reduces_to_its_two_transformations_and_replays(tmp_path: Path) -> None:
    """`shadersmith reduce` on the carried test: delta debugging leaves the copy and the
    use of it (the planted consumer's trigger), spirv-reduce shrinks the module, and the
    reduced test replays and exports."""
    copy = tmp_path / "test"
    shutil.copytree(CARRIED, copy)
    # The list gets 60% of the budget, 24 s: its ddmin took 9.8 s beside a two-job campaign
    # on two cores, and ran out of its 9 s once in CI. spirv-reduce takes what is left.
    reduced = CliRunner().invoke(main, ["reduce", str(copy), "--time", "40s"])
    assert reduced.exit_code == 0, reduced.output
    test = load_test(tmp_path / "test-reduced")
    names = {record.name for record in test.oracle.transformations}  # type: ignore[union-attr]
    # Never without the trigger; 1-minimal, as the record says.
    assert {"add-copy-object", "replace-id-with-synonym"} <= names
    report = test.provenance.reduction or {}
    assert report["list_minimal"] is True, report
    assert len(test.oracle.transformations) <= 4  # type: ignore[union-attr]
    assert report["instructions_after"] < report["instructions_before"]
    # The newest spirv-reduce where it is installed (./dev test installs it), its version said.
    assert str(report["spirv_reduce"]).startswith(reducing_toolset().spirv_reduce_version())
    assert test.results.finding is not None
    assert test.results.finding.signature == f"metamorphic:{PLANTED}"
    replay = CliRunner().invoke(main, ["replay", str(tmp_path / "test-reduced")])
    assert replay.exit_code == 0, replay.output
    assert f"REPRODUCES: metamorphic:{PLANTED}" in replay.output
    real = CliRunner().invoke(
        main, ["replay", str(tmp_path / "test-reduced"), "--targets", "vk-lavapipe"]
    )
    assert real.exit_code == 1, real.output  # real lavapipe computes the copy right
    assert "SPIRV-ASM" in amber_script(test)


def _opaque_pair(seed: int, fragment: bool) -> SpirvPair:
    """Generated program `seed`'s pair whose variant has the opaque block, 6 constants
    replaced by its loads and 6 dead blocks behind its values."""
    options = SmithOptions(fragment_probability=1.0 if fragment else 0.0)
    pair = prepare_generated_spirv_pair(seed, seed, options, steps=(1, 1))
    assert pair.unbuilt is None, pair.unbuilt
    module = read_module(pair.reference)
    rng = random.Random(seed)
    records = []
    uses: list[Transformation[Any]] = [REPLACE_CONSTANT_WITH_OPAQUE_LOAD, ADD_OPAQUE_DEAD_BLOCK] * 6
    for transformation in [ADD_OPAQUE_BLOCK, *uses]:
        params = transformation.find(module, rng)
        if params is not None and transformation.applies(module, params):
            module = transformation.apply(module, params)
            records.append(transformation.record(params))
    made = with_records(pair, records)
    assert made.invalid is None and len(records) == 13, (made.invalid, records)
    return made


def _opaque_buffers(job: Job) -> list[BufferInput]:
    return [buffer for buffer in job.buffers if buffer.block == OPAQUE_NAME]


def _opaque_bindings(job: Job) -> list[int]:
    return [buffer.binding for buffer in job.buffers if buffer.block == OPAQUE_NAME]


def test_variants_with_opaque_loads_and_dead_blocks_give_the_references_output(
    tmp_path: Path,
) -> None:
    """On vk-lavapipe and vk-swiftshader, compute and fragment programs: the variant's
    job binds the block with its values, the reference's does not, and the two compute
    the same. Bound with other values, the same variants compute something else: the
    loads do reach what they compute."""
    targets = ["vk-lavapipe", "vk-swiftshader"]
    changed = 0
    with TargetSession(targets) as session:
        for seed in range(4):
            pair = _opaque_pair(seed, fragment=seed % 2 == 1)
            reference_job, variant_job = pair.jobs()
            assert _opaque_bindings(reference_job) == []
            (binding,) = _opaque_bindings(variant_job)
            assert binding not in {b.binding for b in reference_job.buffers}
            reference = session.run(reference_job)
            variant = session.run(variant_job)
            for target in targets:
                assert reference[target].ok and variant[target].ok, (seed, target)
                assert same_output(reference[target], variant[target]), (seed, target)
            zeros = tuple(
                buffer._replace(values=dict.fromkeys(buffer.values, 0))
                if buffer.block == OPAQUE_NAME
                else buffer
                for buffer in variant_job.buffers
            )
            wrong = session.run(dataclasses.replace(variant_job, buffers=zeros))["vk-lavapipe"]
            changed += not same_output(reference["vk-lavapipe"], wrong)
    assert changed >= 2


def test_a_recorded_test_with_the_opaque_block_replays_and_binds_it_on_the_variant_side_only(
    tmp_path: Path,
) -> None:
    for seed, fragment in ((0, False), (1, True)):
        pair = _opaque_pair(seed, fragment)
        with TargetSession(["vk-lavapipe"]) as session:
            reference, variant = (session.run(job) for job in pair.jobs())
        test = recorded_spirv_pair(pair, reference, variant, None)
        write_test(test, tmp_path / f"t{seed}")
        loaded = load_test(tmp_path / f"t{seed}")
        (spec,) = [spec for spec in loaded.inputs.buffers if spec.block == OPAQUE_NAME]
        assert spec.uniform is fragment and spec.access == "input"
        replayed = spirv_pair_of_test(loaded)
        assert replayed.variant == pair.variant and replayed.invalid is None
        reference_job, variant_job = replayed.jobs()
        assert _opaque_bindings(reference_job) == [] and _opaque_bindings(variant_job)
        assert _opaque_buffers(variant_job) == _opaque_buffers(pair.jobs()[1])
        script = amber_script(loaded)
        kind = "uniform" if fragment else "storage"
        bind = f"AS {kind} DESCRIPTOR_SET 0 BINDING {spec.binding}"
        pipelines = script.split("PIPELINE ")[1:]
        (reference_pipeline,) = [p for p in pipelines if p.split()[1] == "reference_pipeline"]
        (variant_pipeline,) = [p for p in pipelines if p.split()[1] == "variant_pipeline"]
        assert bind in variant_pipeline and bind not in reference_pipeline
        assert f"BUFFER variant_buffer_{spec.binding} " in script
        assert f"reference_buffer_{spec.binding}" not in script


def test_blame_names_the_one_component_the_differing_chains_share_on_two_drivers() -> None:
    """Every -opt chain differs, the chains without spirv-opt agree: spirv-opt's output is
    wrong whichever driver reads it. One driver alone, or two components left: no name."""
    chains = {
        "vk-lavapipe": ["glslang", "lavapipe", "llvmpipe", "llvm"],
        "vk-lavapipe-opt": ["glslang", "spirv-opt", "lavapipe", "llvmpipe", "llvm"],
        "vk-swiftshader": ["glslang", "swiftshader"],
        "vk-swiftshader-opt": ["glslang", "spirv-opt", "swiftshader"],
    }
    both_opt = ["vk-lavapipe-opt", "vk-swiftshader-opt"]
    plain = ["vk-lavapipe", "vk-swiftshader"]
    assert shared_component(both_opt, plain, chains) == "spirv-opt"
    assert shared_component(["vk-lavapipe-opt"], plain, chains) is None
    assert shared_component(both_opt, [], chains) is None  # glslang and spirv-opt both left
    assert shared_component(["vk-lavapipe", "vk-lavapipe-opt"], [], chains) is None  # one driver


def test_spirv_crosss_hlsl_and_msl_back_ends_compile_both_modules() -> None:
    """The compile-only targets of spirv-cross's other outputs take the pair's modules
    (the job's, not glslang's of the GLSL) and write HLSL and MSL."""
    pair = spirv_pair_of_test(load_test(CARRIED))
    targets = ["compile-spirv-cross-hlsl", "compile-spirv-cross-msl"]
    with TargetSession(targets) as session:
        answers = dict(session.run_many(pair.jobs()))
    for side in answers.values():
        for target, language in zip(targets, ("hlsl", "msl"), strict=True):
            result = side[target]
            assert result.ok and result.compile_only, result.log
            assert b"main" in result.artefacts[f"cross.{language}"]
    variant_hlsl = answers[1]["compile-spirv-cross-hlsl"].artefacts["cross.hlsl"]
    assert variant_hlsl != answers[0]["compile-spirv-cross-hlsl"].artefacts["cross.hlsl"]


def test_a_planted_spirv_opt_failure_on_the_variant_is_found_and_signed_at_spirv_opt() -> None:
    """The planted spirv-opt bug (tests/planted_bugs.py `invalid-on-used-int-copy`:
    invalid output from a module whose integer OpCopyObject is used), which only the
    variant's transformations write: a finding on the variant alone, no second consumer
    needed, signed by the planted component at spirv-opt's place."""
    planted = "planted-invalid-on-used-int-copy-vk-lavapipe-opt"
    replay = CliRunner().invoke(main, ["replay", str(CARRIED), "--targets", planted])
    assert "REPRODUCES" not in replay.output  # the carried test records another finding
    assert "invalid:planted-invalid-on-used-int-copy:planted: spirv-opt rewrote" in replay.output
    chain = TARGETS[planted].components
    assert chain[chain.index("spirv-opt") + 1] == "planted-invalid-on-used-int-copy"
