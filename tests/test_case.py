"""The test record (shadersmith.case): the schema 2 codec round-trips every field,
schema 1 directories still load and replay, and recorded steps replay byte for byte."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from shadersmith.case import (
    SCHEMA_VERSION,
    BufferSpec,
    Finding,
    Inputs,
    Kind,
    Provenance,
    RecordedResults,
    RunRecord,
    StepRecord,
    TestCase,
    TestCaseError,
    from_json,
    load_test,
    to_json,
    write_test,
)
from shadersmith.case.oracle import Differential, Metamorphic
from shadersmith.case.schema_v1 import current_signature
from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.liveness import LIVENESS, LIVENESS_STEP, LivenessParams
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.pair import is_metamorphic
from shadersmith.rebuild.regenerate import rebuild
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition.step import RECONDITION, RECONDITION_STEP, ReconditionParams
from shadersmith.steps.registry import StepError
from shadersmith.trial import prepare_generated, reconditioning

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
SCHEMA_1 = Path(__file__).resolve().parent / "data" / "schema1"


def _everything() -> TestCase:
    """A test with every field set: a uniform block, a framebuffer, steps, a finding."""
    finding = Finding(
        Kind.ODD_ONE_OUT,
        ("vk-lavapipe-opt",),
        ("interp", "vk-lavapipe"),
        None,
        signature="wrong:spirv-opt",
        blamed="spirv-opt",
        flaky=False,
        ignored=True,
    )
    return TestCase(
        stage="fragment",
        profile="glsl450",
        shaders={"shader.frag": "#version 450\nvoid main() {}\n"},
        inputs=Inputs(
            buffers=(
                BufferSpec(
                    "buf_0",
                    0,
                    "input",
                    (("a", "int"), ("v", "uvec2[2]")),
                    {
                        "a": -5,
                        "v": ((1, 2), (3, 4294967295)),
                    },
                ),
                BufferSpec("ubo_1", 1, "input", (("f", "vec3"),), {"f": (1.0, -2.0, 3.0)}, True),
            ),
            framebuffer=(64, 64),
        ),
        provenance=Provenance(
            generator="smith",
            seed=7,
            profile="glsl450",
            options={"max_functions": 3},
            choices=["a", "b"],
            steps=[
                StepRecord(LIVENESS, LivenessParams(3, 0.5, True).to_json(), {"extended": 2}),
                StepRecord(RECONDITION, {"options": {}}, {"wrappers": ["SAFE_DIV_int_int"]}),
            ],
            spirv_opt_passes=["-O"],
            reduced_from=Provenance(generator="smith", seed=1),
            reduction={"reducer": "internal"},
            spirv_opt_passes_original=["-O", "--ccp"],
            first_bad_pass="--ccp",
            extra={"made_by": "a newer version"},
        ),
        results=RecordedResults(
            runs={
                "interp": RunRecord("ok", "buffers:ab", {"0": {"a": 1}}, None, 1.5, 2.5, ""),
                "vk-lavapipe-opt": RunRecord(
                    "ok",
                    "buffers:cd",
                    {"0": {"a": 2}},
                    None,
                    3.0,
                    4.0,
                    "log",
                    ("x.spv",),
                    {"glslang": "15"},
                ),
            },
            expected={"target": "interp", "values": {"0": {"a": 1}}, "output": "buffers:ab"},
            differences=[{"binding": 0, "field": "a", "expected": 1, "actual": {}}],
            verdict="odd_one_out",
            finding=finding,
            extra={"glslang": {"accepted": False}},
        ),
        files={"x.spv": b"\x03\x02\x23\x07"},
    )


def test_schema_4_round_trips_every_field(tmp_path: Path) -> None:
    test = _everything()
    data = json.loads(json.dumps(to_json(test)))
    assert data["schema_version"] == SCHEMA_VERSION == 6
    assert data["profile"] == "glsl450" and "language" not in data
    assert [u["block"] for u in data["inputs"]["uniforms"]] == ["ubo_1"]
    assert from_json(data, test.shaders, "t") == TestCase(**{**test.__dict__, "files": {}})
    loaded = load_test(write_test(test, tmp_path / "t"))
    assert loaded == test
    assert to_json(loaded) == to_json(test)


def test_schema_4_names_the_profile_where_older_schemas_said_language() -> None:
    test = _everything()
    data = json.loads(json.dumps(to_json(test)))
    older = {k: v for k, v in data.items() if k != "profile"}
    older |= {"schema_version": 3, "language": data["profile"]}
    assert from_json(older, test.shaders, "t") == from_json(data, test.shaders, "t")
    for version, name in ((4, "profile"), (3, "language")):
        bare = {k: v for k, v in data.items() if k != "profile"} | {"schema_version": version}
        with pytest.raises(TestCaseError, match=f"^t: {name}: missing$"):
            from_json(bare, test.shaders, "t")


def test_bad_schema_2_fields_give_one_line_errors(tmp_path: Path) -> None:
    directory = write_test(_everything(), tmp_path / "t")
    path = directory / "test.json"
    good = json.loads(path.read_text())
    edits: dict[str, Callable[[dict[str, Any]], object]] = {
        "inputs.framebuffer: 1 entry, fewer than the minimum 2": lambda d: d["inputs"].update(
            framebuffer=[64]
        ),
        "results.runs.x.status: missing": lambda d: d["results"]["runs"].update(x={}),
        "results.finding.signature: missing": lambda d: d["results"].update(
            finding={"kind": "crash"}
        ),
        'results.finding.kind: "nonsense" is not a finding kind': lambda d: d["results"][
            "finding"
        ].update(kind="nonsense"),
        r"provenance.steps\[2\].name: missing": lambda d: d["provenance"]["steps"].append(
            {"params": {}}
        ),
    }
    for message, edit in edits.items():
        data = json.loads(json.dumps(good))
        edit(data)
        path.write_text(json.dumps(data))
        with pytest.raises(TestCaseError, match=message) as caught:
            load_test(directory)
        assert "\n" not in str(caught.value)


def _findings_of_schema(version: int) -> list[str]:
    return sorted(
        d.name
        for d in FINDINGS.iterdir()
        if d.is_dir() and json.loads((d / "test.json").read_text())["schema_version"] == version
    )


@pytest.mark.parametrize("name", _findings_of_schema(2))
def test_schema_2_findings_round_trip(name: str, tmp_path: Path) -> None:
    test = load_test(FINDINGS / name)
    assert test.results.finding is not None
    # A metamorphic finding is reduced in place (its transformation list, reduce/steps.py):
    # its reduction report stands where a differential one names the test it came from.
    if is_metamorphic(test):
        assert test.provenance.reduction is not None
    else:
        assert test.provenance.reduced_from is not None
    assert load_test(write_test(test, tmp_path / name)) == test


@pytest.mark.parametrize("name", _findings_of_schema(1))
def test_schema_1_findings_load_and_write_back_as_schema_2(name: str, tmp_path: Path) -> None:
    test = load_test(FINDINGS / name)
    data = json.loads((FINDINGS / name / "test.json").read_text())
    assert data["schema_version"] == 1
    old = data["results"]
    assert test.recorded_targets() == [k for k, v in old.items() if "status" in v]
    if "finding" in old and "signature" in old["finding"]:
        assert test.results.finding is not None
        assert test.results.finding.signature == current_signature(old["finding"]["signature"])
        assert test.results.finding.kind.value == old["finding"].get(
            "kind", test.results.finding.kind.value
        )
    [step] = test.provenance.steps
    assert step.name == RECONDITION
    assert step.params["options"] == data["provenance"]["transformations"][0]["options"]
    assert test.provenance.reduced_from is not None
    assert test.provenance.reduced_from.generator == "smith"
    again = load_test(write_test(test, tmp_path / name))
    assert again == test


def test_schema_1_campaign_finding_keeps_blame_flaky_and_ignored(tmp_path: Path) -> None:
    directory = Path(shutil.copytree(SCHEMA_1 / "seed-21-pruned", tmp_path / "t"))
    path = directory / "test.json"
    data = json.loads(path.read_text())
    data["results"] = {
        "gl-llvmpipe": {"status": "crash", "output": None, "values": None, "files": []},
        "finding": {
            "kind": "crash",
            "signature": "crash:llvm:SIGSEGV",
            "targets": ["gl-llvmpipe"],
            "blamed": "llvm",
            "flaky": True,
            "ignored": False,
        },
    }
    path.write_text(json.dumps(data))
    finding = load_test(directory).results.finding
    assert finding == Finding(
        Kind.CRASH, ("gl-llvmpipe",), signature="crash:llvm:SIGSEGV", blamed="llvm", flaky=True
    )


def test_schema_1_generated_test_rebuilds_byte_identically() -> None:
    """A test written by the previous version (`recondition --prune` of seed 21): its
    dispatch, its recondition step with the pruned sites, and the program it replays."""
    test = load_test(SCHEMA_1 / "seed-21-pruned")
    assert test.inputs.dispatch == (4, 1, 1)
    [step] = test.provenance.steps
    assert step.name == RECONDITION and "prune_keep" in step.params
    assert "loop_bounds" in step.report and "wrappers" in step.report
    rebuilt = rebuild(test)  # raises unless the rebuilt text is the stored one
    assert emit_glsl(rebuilt.program, GLSL450) == test.main_shader


def test_a_step_sequence_replays_byte_identically() -> None:
    generated = generate(5, SmithOptions(), GLSL450)
    program, values = generated.program, generated.buffer_values
    records = []
    record, result = LIVENESS_STEP.apply(program, values, LivenessParams(11, 1.0, True))
    records.append(record)
    record, result = RECONDITION_STEP.apply(result.program, result.values, ReconditionParams())
    records.append(record)
    program, values = result.program, result.values
    assert records[0].report["extended"] > 0, "the liveness step changed something"
    replayed, replayed_values = STEPS.replay(records, generated.program, generated.buffer_values)
    assert emit_glsl(replayed, GLSL450) == emit_glsl(program, GLSL450)
    assert replayed_values == values


def test_a_prepared_test_with_steps_rebuilds_from_its_provenance(tmp_path: Path) -> None:
    """Steps recorded by trial.prepare_* are what regenerate replays."""
    generated = generate(6, SmithOptions(), GLSL450)
    steps = [LIVENESS_STEP.request(LivenessParams(4, 1.0, True)), reconditioning()]
    trial = prepare_generated(generated, GLSL450, ("-O",), steps)
    assert [s.name for s in trial.test.provenance.steps] == [LIVENESS, RECONDITION]
    loaded = load_test(write_test(trial.test, tmp_path / "t"))
    rebuilt = rebuild(loaded)
    assert emit_glsl(rebuilt.program, GLSL450) == trial.source == loaded.main_shader
    # Before reconditioning: the generator's program with the liveness step applied.
    liveness, _ = STEPS.replay(steps[:1], generated.program, generated.buffer_values)
    assert emit_glsl(rebuilt.original, GLSL450) == emit_glsl(liveness, GLSL450)
    assert loaded.provenance.spirv_opt_passes == ["-O"]


def test_unknown_steps_and_bad_parameters_are_step_errors() -> None:
    generated = generate(1, SmithOptions(), GLSL450)
    program, values = generated.program, generated.buffer_values
    assert {RECONDITION, LIVENESS} <= set(STEPS.names())
    with pytest.raises(StepError, match="unknown step 'nope'"):
        STEPS.apply(StepRecord("nope"), program, values)
    with pytest.raises(StepError, match="bad parameters"):
        STEPS.apply(StepRecord(LIVENESS, {"seed": 1}), program, values)
    with pytest.raises(StepError, match="unknown recondition option"):
        STEPS.apply(StepRecord(RECONDITION, {"options": {"x": 1}}), program, values)


def test_a_generated_fragment_test_records_its_uniform_blocks_and_target(tmp_path: Path) -> None:
    generated = generate(3, SmithOptions(fragment_probability=1.0), GLSL450)
    trial = prepare_generated(generated, GLSL450)
    test = trial.test
    assert test.stage == "fragment" and "shader.frag" in test.shaders
    assert test.inputs.framebuffer == generated.framebuffer
    assert test.inputs.buffers and all(spec.uniform for spec in test.inputs.buffers)
    directory = write_test(test, tmp_path / "f")
    data = json.loads((directory / "test.json").read_text())
    assert data["inputs"]["buffers"] == [] and data["inputs"]["uniforms"]
    assert "dispatch" not in data["inputs"]
    loaded = load_test(directory)
    assert loaded == test
    assert emit_glsl(rebuild(loaded).program, GLSL450) == loaded.main_shader


def test_schema_1_wrong_result_signatures_are_renamed_as_schema_2_signs_them() -> None:
    """The NVIDIA findings recorded `wrong:odd_one_out:nvidia-gl`; today's blame signs the
    same result `wrong:nvidia-gl`, and replay compares signatures."""
    findings = Path(__file__).resolve().parent.parent / "findings"
    test = load_test(findings / "gl-nvidia-99")
    assert test.results.finding is not None
    assert test.results.finding.signature == "wrong:nvidia-gl"
    assert test.results.finding.kind is Kind.ODD_ONE_OUT


def test_an_older_metamorphic_test_reads_as_one_and_is_written_with_its_oracle() -> None:
    """Schema 2 hid a metamorphic test's kind in the provenance's extra fields; schema 3
    records it as the test's oracle, and the extra fields are gone."""
    test = _everything()
    data = json.loads(json.dumps(to_json(test)))
    data["schema_version"] = 2
    data["language"] = data.pop("profile")  # schema 4's name for it
    del data["oracle"]
    data["provenance"]["oracle"] = "metamorphic"
    data["provenance"]["reference_steps"] = 1
    shaders = {**test.shaders, "reference.frag": "#version 450\nvoid main() {}\n"}
    data["shaders"] = sorted(shaders)
    older = from_json(data, shaders, "t")
    assert older.oracle == Metamorphic("reference.frag", 1)
    assert "oracle" not in older.provenance.extra
    again = to_json(older)
    assert again["oracle"] == {"kind": "metamorphic", "reference": "reference.frag",
                               "reference_steps": 1}  # fmt: skip
    assert "oracle" not in again["provenance"]
    # A schema 2 test that names no oracle is differential.
    del data["provenance"]["oracle"]
    assert from_json(data, shaders, "t").oracle == Differential()
