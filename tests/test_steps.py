"""steps/: typed step parameters whose JSON is the record's, one explicit table of steps,
and a layering in which the generator and the test record need no transformation."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shadersmith.generate.liveness import LIVENESS, LivenessParams
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import WGSL, Language
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.fusion import FUSE, FuseParams, PartnerSpec, Relation, Strategy
from shadersmith.mutate.metamorphic import plan_variant
from shadersmith.mutate.transforms import FAMILIES, TRANSFORM_STEPS, WITH_DONOR, planned
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition import ReconditionOptions
from shadersmith.recondition.step import RECONDITION, ReconditionParams, recondition_params
from shadersmith.steps.record import StepRecord
from shadersmith.steps.registry import NoParameters, Registry, Step, StepResult
from shadersmith.trial import reconditioning


def test_the_table_lists_every_step_once() -> None:
    assert set(STEPS.names()) == {RECONDITION, LIVENESS, FUSE, "float-colour", *FAMILIES}
    assert [step.name for step in TRANSFORM_STEPS] == list(FAMILIES)
    twice = TRANSFORM_STEPS[0]
    with pytest.raises(ValueError, match="listed twice"):
        Registry((twice, twice))


def test_a_new_plans_parameters_read_back_to_the_same_json() -> None:
    corpus = {"corpus": "piglit", "file": "a.shader_test", "seed": 3}
    for family in FAMILIES:
        for record in (planned(family, 11, 12), planned(family, 11, 12, corpus)):
            step = STEPS.step(family)
            assert step.read(record.params).to_json() == record.params, family
            assert ("donor" in record.params) == (family in WITH_DONOR)
    for seed in range(20):
        for record in plan_variant(seed):
            assert STEPS.step(record.name).read(record.params).to_json() == record.params


def test_recorded_parameters_read_back_to_the_same_json() -> None:
    partner = PartnerSpec(5, {}, "glsl450", (reconditioning(),))
    params = (
        (RECONDITION, ReconditionParams(ReconditionOptions(language=Language.WGSL))),
        (RECONDITION, recondition_params(ReconditionOptions(), ["b", "a"])),
        (LIVENESS, LivenessParams(3, 0.5, True)),
        (FUSE, FuseParams(partner, Relation.OCCLUDE, Strategy.INLINE, 9)),
        ("float-colour", NoParameters()),
    )
    for name, typed in params:
        assert STEPS.step(name).read(typed.to_json()) == typed, name
    assert recondition_params(ReconditionOptions(), ["b", "a"]).prune_keep == ("a", "b")


def test_a_record_replays_with_its_parameters_as_written() -> None:
    """An old record lacks the fields added since; replaying keeps it as it is."""
    generated = generate(3, SmithOptions(), WGSL)
    old = StepRecord(LIVENESS, {"seed": 4, "probability": 1.0})
    record, _ = STEPS.apply(old, generated.program, generated.buffer_values)
    assert record.params == old.params and "across_blocks" not in record.report


def test_a_registry_holds_only_the_steps_it_is_given() -> None:
    def same(program: Program, values: BufferValues, params: NoParameters) -> StepResult:
        return StepResult(program, values, {"same": True})

    registry = Registry((Step("same", NoParameters.from_json, same),))
    generated = generate(1)
    record, result = registry.apply(StepRecord("same"), generated.program, generated.buffer_values)
    assert record.report == {"same": True} and result.program is generated.program
    assert FAMILIES[0] not in registry


def test_the_generator_and_the_test_record_import_no_transformation() -> None:
    code = (
        "import sys, shadersmith.generate.smith, shadersmith.case, shadersmith.steps\n"
        "print(sorted(m for m in sys.modules if m.startswith('shadersmith.mutate')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
