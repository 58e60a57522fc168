"""The one JSON codec of test cases: `test.json` and the files beside it.

Everything a test needs lives in its directory, so a test can be zipped, attached to a
bug report and replayed elsewhere. Writing is atomic (a temporary directory renamed into
place), so a killed process never leaves a half-written test behind. Reading checks
everything and turns every defect into a one-line TestCaseError. Schema 1 files are read
through case/schema_v1.py; every file is written in the newest schema (SCHEMA_VERSION).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from pathlib import Path
from typing import Any

from shadersmith.case import schema, schema_v1
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.inputs import BufferSpec, Inputs, TestCaseError
from shadersmith.case.oracle import (
    Metamorphic,
    SpirvMetamorphic,
    oracle_from_json,
    oracle_of_older_schema,
    oracle_to_json,
)
from shadersmith.case.provenance import Provenance
from shadersmith.case.runs import RecordedResults, RunRecord
from shadersmith.case.testcase import (
    FUSION_RECORD,
    SHADER_FILE_BY_STAGE,
    TEST_FILE,
    TestCase,
    reference_file,
    shader_file,
)
from shadersmith.case.typenames import parse_type_name
from shadersmith.case.values_json import value_from_json, value_to_json
from shadersmith.files import safe_files, strict_json
from shadersmith.ir.profile import profile_named
from shadersmith.ir.program import BufferAccess, TextureKind
from shadersmith.ir.specialization import SPECIALIZABLE, SpecializationEntry
from shadersmith.steps.record import StepRecord

# Schema 3 records the test's oracle (case/oracle.py); 2 kept it in the provenance's
# extra fields (metamorphic) or in fusion.json beside the test (fusion).
ORACLE_VERSION = 3
# Schema 4 names the test's language profile `profile`; 1 to 3 called it `language`.
PROFILE_VERSION = 4
# Schema 5 may hold `inputs.textures` (generated textures and images, case/inputs.py).
TEXTURES_VERSION = 5
# Schema 6 may give a buffer field a struct type, spelled whole (case/typenames.py).
STRUCT_FIELDS_VERSION = 6
SCHEMA_VERSION = STRUCT_FIELDS_VERSION

# The most each file of a test directory may hold, checked before it is read (a test is
# anyone's: a sparse 1.5 GB shader took 4.5 GB of memory before the time cap stopped
# it). Ours are far smaller: a generated shader is tens of kB, a corpus file at most
# 256 kB (corpus/files.py), the largest test.json of a finding 113 kB.
MAX_SHADER_BYTES = 1024 * 1024
MAX_RECORD_BYTES = 16 * 1024 * 1024  # test.json, fusion.json
MAX_RESULT_FILES_BYTES = 64 * 1024 * 1024  # a run's dumps (.spv, .spvasm, ...), in all
READABLE_VERSIONS = (
    schema_v1.VERSION,
    2,
    ORACLE_VERSION,
    PROFILE_VERSION,
    TEXTURES_VERSION,
    SCHEMA_VERSION,
)
# Where schema 1 and 2 metamorphic tests said what they were.
_OLDER_ORACLE_EXTRA = ("oracle", "reference_steps")


# ---------------------------------------------------------------------------- test case


def to_json(test: TestCase) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "stage": test.stage,
        "profile": test.profile,
        "shaders": sorted(test.shaders),
        "oracle": oracle_to_json(test.oracle),
        "inputs": inputs_to_json(test.inputs, test.stage),
        "provenance": provenance_to_json(test.provenance),
        "results": results_to_json(test.results),
    }


def from_json(
    data: Any,
    shaders: dict[str, str],
    where: str,
    fusion_record: dict[str, Any] | None = None,
) -> TestCase:
    """The test `data` (a schema 1 to 4 test.json object) describes; `shaders`, the
    texts of the shader files it lists; `where` names it in errors; `fusion_record`, the
    fusion.json beside an older test (what made it a fusion test before schema 3)."""
    if not isinstance(data, dict):
        raise TestCaseError(f"{where}: expected a JSON object")
    version = data.get("schema_version")
    data = _current(data, where)
    schema.check_test(data, where)  # every field typed and bounded before anything is built
    try:
        stage = str(data["stage"])
        newer = isinstance(version, int) and version >= PROFILE_VERSION
        profile = str(data["profile" if newer else "language"])
    except KeyError as error:
        raise TestCaseError(f"{where}: missing field {error}") from None
    if stage not in SHADER_FILE_BY_STAGE:
        raise TestCaseError(f"{where}: unknown stage {stage!r}")
    main_file = shader_file(stage, profile_named(profile).language)
    if main_file not in shaders:
        raise TestCaseError(f"{where}: no {main_file} listed for a {stage} test")
    provenance = provenance_from_json(data.get("provenance") or {}, where)
    if isinstance(version, int) and version >= ORACLE_VERSION:
        oracle = oracle_from_json(data.get("oracle"), where)
    else:
        oracle = oracle_of_older_schema(
            provenance.extra, reference_file(stage), fusion_record, where
        )
        extra = {k: v for k, v in provenance.extra.items() if k not in _OLDER_ORACLE_EXTRA}
        provenance = dataclasses.replace(provenance, extra=extra)
    if isinstance(oracle, Metamorphic) and oracle.reference not in shaders:
        raise TestCaseError(f"{where}: oracle.reference: {oracle.reference} is not a listed shader")
    if isinstance(oracle, SpirvMetamorphic):
        for field_name, name in (("reference", oracle.reference), ("variant", oracle.variant)):
            if name not in shaders:
                raise TestCaseError(f"{where}: oracle.{field_name}: {name} is not a listed shader")
    return TestCase(
        stage=stage,
        profile=profile,
        shaders=dict(shaders),
        oracle=oracle,
        inputs=inputs_from_json(data.get("inputs"), where),
        provenance=provenance,
        results=results_from_json(data.get("results") or {}, where),
    )


def _current(data: dict[str, Any], where: str) -> dict[str, Any]:
    version = data.get("schema_version")
    if version not in READABLE_VERSIONS:
        expected = " or ".join(str(v) for v in READABLE_VERSIONS)
        raise TestCaseError(f"{where}: schema_version {version!r}, expected {expected}")
    if version == schema_v1.VERSION:
        try:
            return schema_v1.upgrade(data)
        except (TypeError, ValueError, AttributeError) as error:  # a field of the wrong type
            raise TestCaseError(f"{where}: not a schema 1 test ({error})") from None
    return data


def shader_names(data: Any, where: str) -> list[str]:
    """The shader files a test.json object lists, each checked to stay in its directory."""
    try:
        names = data["shaders"]
    except (KeyError, TypeError) as error:
        raise TestCaseError(f"{where}: missing field {error}") from None
    # Read before the schema is checked (case/schema.py), to find the files: a string
    # would be read as one file per character.
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise TestCaseError(f"{where}: shaders: not a list of file names")
    for name in names:
        if not _plain_file_name(name):
            raise TestCaseError(f"{where}: shader name {name!r} escapes the test directory")
    return names


def _plain_file_name(name: str) -> bool:
    return safe_files.plain_name(name)


# ---------------------------------------------------------------------------- directories


def write_test(
    test: TestCase, directory: Path, *, root: Path | None = None, force: bool = False
) -> Path:
    """Write `test` to `directory` (files/safe_files.py does every file operation).

    A new directory is written whole in a staging folder and renamed into place, so a
    killed process never leaves half a test. An existing shadersmith test directory is
    rewritten in place, file by file and test.json last; what the old record listed and
    the new one does not is deleted, everything else in the directory is left alone
    (a fusion test's parts and images, a reader's notes). Any other existing directory is
    refused unless `force`. `root`: the directory the caller owns (a campaign), below
    which no component of `directory` may be a link."""
    if root is not None:
        safe_files.make_directories(root, directory.relative_to(root).parent)
    safe_files.check_test_output(directory, force)
    files = _files_of(test)
    if os.path.lexists(directory):
        return _rewrite_in_place(files, directory)
    safe_files.make_directory(directory.parent)
    try:
        staging = safe_files.staging_directory(directory.parent, directory.name)
    except OSError as error:
        raise TestCaseError(f"cannot write in {directory.parent}: {error.strerror}") from None
    try:
        for name, data in files.items():
            safe_files.write_file(staging, name, data)
        # A directory renamed over a name that appeared meanwhile fails (ENOTEMPTY,
        # ENOTDIR): it never replaces someone else's directory or link.
        os.rename(staging, directory)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise TestCaseError(f"cannot write {directory}: {error.strerror}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return directory


def _files_of(test: TestCase) -> dict[str, bytes | str]:
    """Every file of `test`'s directory by name, test.json last."""
    files: dict[str, bytes | str] = dict(test.shaders)
    for name, data in test.files.items():
        if not _plain_file_name(name) or name in test.shaders or name == TEST_FILE:
            raise TestCaseError(f"result file name {name!r} is not a plain new file name")
        files[name] = data
    files[TEST_FILE] = json.dumps(to_json(test), indent=1) + "\n"
    return files


def _rewrite_in_place(files: dict[str, bytes | str], directory: Path) -> Path:
    written_before = _listed_files(directory)
    for name, data in files.items():
        safe_files.write_file(directory, name, data)
    safe_files.remove_written(directory, written_before - set(files))
    return directory


def _listed_files(directory: Path) -> set[str]:
    """The files the test.json in `directory` says we wrote (shaders, result files);
    nothing when there is none or it cannot be read."""
    try:
        data = strict_json.loads(
            safe_files.read_bytes(directory, TEST_FILE, MAX_RECORD_BYTES), TEST_FILE
        )
        names = set(shader_names(data, TEST_FILE))
        for record in (data.get("results") or {}).get("runs", {}).values():
            names.update(str(name) for name in record.get("files", []))
    except (TestCaseError, json.JSONDecodeError, AttributeError, TypeError, ValueError):
        return set()
    return {name for name in names if _plain_file_name(name)}


def load_test(directory: Path) -> TestCase:
    """Read and check a test directory; every defect gives a one-line TestCaseError.
    Nothing is read through a link inside it."""
    path = directory / TEST_FILE
    if not directory.is_dir():
        raise TestCaseError(f"{directory}: not a test directory")
    if not os.path.lexists(path):
        raise TestCaseError(f"{directory}: no {TEST_FILE}")
    try:
        data = strict_json.loads(
            safe_files.read_bytes(directory, TEST_FILE, MAX_RECORD_BYTES), str(path)
        )
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise TestCaseError(f"{path}: corrupt JSON ({error})") from None
    if not isinstance(data, dict):
        raise TestCaseError(f"{path}: expected a JSON object")
    _current(data, str(path))  # the version first: a newer file fails on that alone
    shaders = {}
    for name in shader_names(data, str(path)):
        if not os.path.lexists(directory / name):
            raise TestCaseError(f"{directory}: shader file {name} is missing")
        shaders[name] = safe_files.read_text(directory, name, MAX_SHADER_BYTES)
    test = from_json(data, shaders, str(path), _older_fusion_record(directory, data))
    test.files = _result_files(directory, test.results)
    return test


def _older_fusion_record(directory: Path, data: dict[str, Any]) -> dict[str, Any] | None:
    """The fusion.json beside a schema 1 or 2 test (which said it was a fusion test only
    so), or None."""
    version = data.get("schema_version")
    if (isinstance(version, int) and version >= ORACLE_VERSION) or not safe_files.is_plain_file(
        directory, FUSION_RECORD
    ):
        return None
    where = str(directory / FUSION_RECORD)
    record = strict_json.loads(
        safe_files.read_bytes(directory, FUSION_RECORD, MAX_RECORD_BYTES), where
    )
    if not isinstance(record, dict):
        raise TestCaseError(f"{where}: expected a JSON object")
    return record


def _result_files(directory: Path, results: RecordedResults) -> dict[str, bytes]:
    """The files the recorded runs name, those still there as plain files (they are
    records for a reader: a test without them replays all the same), so rewriting a test
    keeps them."""
    files = {}
    left = MAX_RESULT_FILES_BYTES
    for record in results.runs.values():
        for name in record.files:
            if name in files or not _plain_file_name(name):
                continue
            if safe_files.is_plain_file(directory, name):
                files[name] = safe_files.read_bytes(directory, name, left)
                left -= len(files[name])
    return files


# ---------------------------------------------------------------------------- inputs


def inputs_to_json(inputs: Inputs, stage: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "buffers": [_buffer_to_json(s) for s in inputs.buffers if not s.uniform and not s.texture],
        "uniforms": [_buffer_to_json(s) for s in inputs.buffers if s.uniform],
    }
    textures = [_buffer_to_json(s) for s in inputs.buffers if s.texture]
    if textures:
        data["textures"] = textures
    if stage == "compute":
        data["dispatch"] = list(inputs.dispatch)
    if inputs.framebuffer is not None:
        data["framebuffer"] = list(inputs.framebuffer)
    if inputs.subgroup_size is not None:
        data["subgroup_size"] = inputs.subgroup_size
    if inputs.specialization:
        data["specialization"] = [
            {"constant_id": i, "type": t, "value": v} for i, t, v in inputs.specialization
        ]
    return data


def _buffer_to_json(spec: BufferSpec) -> dict[str, Any]:
    data: dict[str, Any] = {
        "block": spec.block,
        "binding": spec.binding,
        "access": spec.access,
        "fields": [
            {"name": name, "type": type_text, "value": value_to_json(spec.values[name])}
            for name, type_text in spec.fields
        ],
    }
    if spec.texture:
        data["texture"] = spec.texture
    if spec.push_constant:
        data["push_constant"] = True
    if spec.buffer_reference:
        data["buffer_reference"] = True
    return data


def inputs_from_json(data: Any, where: str) -> Inputs:
    if not isinstance(data, dict) or not isinstance(data.get("buffers"), list):
        raise TestCaseError(f"{where}: missing field 'inputs.buffers'")
    uniforms = data.get("uniforms") or []
    if not isinstance(uniforms, list):
        raise TestCaseError(f"{where}: inputs.uniforms must be a list")
    buffers = [_buffer_from_json(item, where, uniform=False) for item in data["buffers"]]
    buffers += [_buffer_from_json(item, where, uniform=True) for item in uniforms]
    textures = data.get("textures") or []
    if not isinstance(textures, list):
        raise TestCaseError(f"{where}: inputs.textures must be a list")
    buffers += [_buffer_from_json(item, where, uniform=False) for item in textures]
    dispatch = _positive_ints(data.get("dispatch", [1, 1, 1]), 3, "dispatch", where)
    framebuffer = data.get("framebuffer")
    subgroup_size = data.get("subgroup_size")
    if subgroup_size is not None:
        subgroup_size = _positive_ints([subgroup_size], 1, "subgroup_size", where)[0]
    return Inputs(
        buffers=tuple(buffers),
        dispatch=(dispatch[0], dispatch[1], dispatch[2]),
        framebuffer=None
        if framebuffer is None
        else _pair(_positive_ints(framebuffer, 2, "framebuffer", where)),
        subgroup_size=subgroup_size,
        specialization=_specialization_from_json(data.get("specialization") or [], where),
    )


def _specialization_from_json(data: Any, where: str) -> tuple[SpecializationEntry, ...]:
    """inputs.specialization: a list of {constant_id, type, value}, each id once."""
    if not isinstance(data, list):
        raise TestCaseError(f"{where}: inputs.specialization must be a list")
    entries: list[SpecializationEntry] = []
    for item in data:
        if not isinstance(item, dict):
            raise TestCaseError(f"{where}: inputs.specialization holds a non-object")
        constant_id, type_name_, value = (
            item.get("constant_id"),
            item.get("type"),
            item.get("value"),
        )
        if not (
            isinstance(type_name_, str)
            and type_name_ in SPECIALIZABLE.values()
            and isinstance(constant_id, int)
            and isinstance(value, int)
            and not isinstance(constant_id, bool)
            and not isinstance(value, bool)
        ):
            raise TestCaseError(f"{where}: bad inputs.specialization entry {item!r}")
        entries.append((constant_id, type_name_, value))
    if len({e[0] for e in entries}) != len(entries):
        raise TestCaseError(f"{where}: inputs.specialization names a constant_id twice")
    return tuple(entries)


def _pair(numbers: list[int]) -> tuple[int, int]:
    return (numbers[0], numbers[1])


def _positive_ints(data: Any, count: int, name: str, where: str) -> list[int]:
    if (
        not isinstance(data, list)
        or len(data) != count
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in data)
    ):
        raise TestCaseError(f"{where}: {name} must be {count} positive integers, not {data!r}")
    return data


def _buffer_from_json(item: Any, where: str, uniform: bool) -> BufferSpec:
    try:
        block = str(item["block"])
        binding = int(item["binding"])
        access = str(item["access"])
        fields_data = list(item["fields"])
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"{where}: bad buffer entry ({error})") from None
    if access not in {a.value for a in BufferAccess}:
        raise TestCaseError(f"{where}: buffer {block} has unknown access {access!r}")
    texture = str(item.get("texture", ""))
    if texture and (texture not in {k.value for k in TextureKind} or len(fields_data) != 1):
        raise TestCaseError(f"{where}: texture {block}: bad kind {texture!r} or not one field")
    fields: list[tuple[str, str]] = []
    values = {}
    for field_data in fields_data:
        try:
            name, type_text = str(field_data["name"]), str(field_data["type"])
            raw = field_data["value"]
        except (KeyError, TypeError) as error:
            raise TestCaseError(f"{where}: bad field in buffer {block} ({error})") from None
        try:
            type_ = parse_type_name(type_text)
        except ValueError as error:
            raise TestCaseError(f"{where}: {error}") from None
        fields.append((name, type_text))
        values[name] = value_from_json(raw, type_, f"{where}: {block}.{name}")
    push_constant = item.get("push_constant", False)
    if not isinstance(push_constant, bool) or (push_constant and not uniform):
        raise TestCaseError(f"{where}: buffer {block}: push_constant is for uniform blocks")
    reference = item.get("buffer_reference", False)
    if not isinstance(reference, bool) or (reference and (uniform or texture)):
        raise TestCaseError(f"{where}: buffer {block}: buffer_reference is for storage buffers")
    return BufferSpec(
        block, binding, access, tuple(fields), values, uniform, texture, push_constant, reference
    )


# ---------------------------------------------------------------------------- provenance

_PROVENANCE_KEYS = (
    "tool",
    "tool_version",
    "generator",
    "seed",
    "profile",
    "options",
    "choices",
    "steps",
    "spirv_opt_passes",
    "reduced_from",
    "reduction",
    "spirv_opt_passes_original",
    "first_bad_pass",
)


def provenance_to_json(provenance: Provenance) -> dict[str, Any]:
    data: dict[str, Any] = {
        "tool": provenance.tool,
        "tool_version": provenance.tool_version,
        "generator": provenance.generator,
    }
    optional = {
        "seed": provenance.seed,
        "profile": provenance.profile,
        "options": provenance.options or None,
        "choices": provenance.choices or None,
    }
    data.update({key: value for key, value in optional.items() if value is not None})
    data["steps"] = [step_to_json(step) for step in provenance.steps]
    later = {
        "spirv_opt_passes": provenance.spirv_opt_passes,
        "reduced_from": None
        if provenance.reduced_from is None
        else provenance_to_json(provenance.reduced_from),
        "reduction": provenance.reduction,
        "spirv_opt_passes_original": provenance.spirv_opt_passes_original,
        "first_bad_pass": provenance.first_bad_pass,
    }
    data.update({key: value for key, value in later.items() if value is not None})
    data.update(provenance.extra)
    return data


def provenance_from_json(data: Any, where: str) -> Provenance:
    if not isinstance(data, dict):
        raise TestCaseError(f"{where}: provenance must be an object")
    try:
        seed = data.get("seed")
        reduced_from = data.get("reduced_from")
        return Provenance(
            generator=str(data.get("generator", "")),
            tool=str(data.get("tool", "shadersmith")),
            tool_version=str(data.get("tool_version", "")),
            seed=None if seed is None else int(seed),
            profile=_optional_str(data.get("profile")),
            options=dict(data.get("options") or {}),
            choices=[str(c) for c in data.get("choices") or ()],
            steps=[step_from_json(s, where) for s in data.get("steps") or ()],
            spirv_opt_passes=_optional_strs(data.get("spirv_opt_passes")),
            reduced_from=None
            if reduced_from is None
            else provenance_from_json(reduced_from, where + ": reduced_from"),
            reduction=None if data.get("reduction") is None else dict(data["reduction"]),
            spirv_opt_passes_original=_optional_strs(data.get("spirv_opt_passes_original")),
            first_bad_pass=_optional_str(data.get("first_bad_pass")),
            extra={k: v for k, v in data.items() if k not in _PROVENANCE_KEYS},
        )
    except (TypeError, ValueError) as error:
        raise TestCaseError(f"{where}: provenance is corrupt ({error})") from None


def step_to_json(step: StepRecord) -> dict[str, Any]:
    return {"name": step.name, "params": step.params, "report": step.report}


def step_from_json(data: Any, where: str) -> StepRecord:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise TestCaseError(f"{where}: a provenance step without a name: {data!r}"[:200])
    params, report = data.get("params") or {}, data.get("report") or {}
    if not isinstance(params, dict) or not isinstance(report, dict):
        raise TestCaseError(f"{where}: step {data['name']!r}: params and report are objects")
    return StepRecord(data["name"], dict(params), dict(report))


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _optional_strs(value: Any) -> list[str] | None:
    return None if value is None else [str(v) for v in value]


# ---------------------------------------------------------------------------- results

_RESULTS_KEYS = ("runs", "expected", "differences", "verdict", "finding")


def results_to_json(results: RecordedResults) -> dict[str, Any]:
    data: dict[str, Any] = {
        "runs": {name: run_record_to_json(r) for name, r in results.runs.items()}
    }
    if results.expected is not None:
        data["expected"] = results.expected
    if results.differences:
        data["differences"] = results.differences
    if results.verdict is not None:
        data["verdict"] = results.verdict
    if results.finding is not None:
        data["finding"] = finding_to_json(results.finding)
    data.update(results.extra)
    return data


def results_from_json(data: Any, where: str) -> RecordedResults:
    if not isinstance(data, dict) or not isinstance(data.get("runs", {}), dict):
        raise TestCaseError(f"{where}: results must be an object with runs by target")
    finding = data.get("finding")
    expected = data.get("expected")
    return RecordedResults(
        runs={
            str(name): run_record_from_json(r, f"{where}: results of {name}")
            for name, r in data.get("runs", {}).items()
        },
        expected=dict(expected) if isinstance(expected, dict) else None,
        differences=list(data.get("differences") or []),
        verdict=_optional_str(data.get("verdict")),
        finding=None if finding is None else finding_from_json(finding, where),
        extra={k: v for k, v in data.items() if k not in _RESULTS_KEYS},
    )


def run_record_to_json(record: RunRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "status": record.status,
        "output": record.output,
        "values": record.values,
        "failed_component": record.failed_component,
        "compile_ms": record.compile_ms,
        "run_ms": record.run_ms,
        "message": record.message,
        "files": list(record.files),
    }
    if record.versions is not None:
        data["versions"] = record.versions
    return data


def run_record_from_json(data: Any, where: str) -> RunRecord:
    if not isinstance(data, dict) or "status" not in data:
        raise TestCaseError(f"{where}: a run record needs a status")
    files = data.get("files")
    versions = data.get("versions")
    try:
        return RunRecord(
            status=str(data["status"]),
            output=_optional_str(data.get("output")),
            values=data.get("values"),
            failed_component=_optional_str(data.get("failed_component")),
            compile_ms=float(data.get("compile_ms") or 0.0),
            run_ms=float(data.get("run_ms") or 0.0),
            message=str(data.get("message") or ""),
            files=tuple(str(f) for f in files) if isinstance(files, list) else (),
            versions=None if versions is None else {str(k): str(v) for k, v in versions.items()},
        )
    except (TypeError, ValueError, AttributeError) as error:
        raise TestCaseError(f"{where}: corrupt run record ({error})") from None


# ---------------------------------------------------------------------------- findings


def finding_to_json(finding: Finding) -> dict[str, Any]:
    """A finding as test.json and the campaign store record it."""
    return {
        "kind": finding.kind.value,
        "signature": finding.signature,
        "targets": list(finding.targets),
        "passing": list(finding.passing),
        "component": finding.component,
        "blamed": finding.blamed,
        "flaky": finding.flaky,
        "ignored": finding.ignored,
    }


def finding_from_json(data: Any, where: str) -> Finding:
    if not isinstance(data, dict) or "signature" not in data:
        raise TestCaseError(f"{where}: a finding needs a signature")
    try:
        return Finding(
            kind=Kind(data.get("kind", Kind.DISAGREE.value)),
            targets=tuple(str(t) for t in data.get("targets") or ()),
            passing=tuple(str(t) for t in data.get("passing") or ()),
            component=_optional_str(data.get("component")),
            signature=str(data["signature"]),
            blamed=str(data.get("blamed") or ""),
            flaky=bool(data.get("flaky", False)),
            ignored=bool(data.get("ignored", False)),
        )
    except ValueError as error:
        raise TestCaseError(f"{where}: corrupt finding ({error})") from None
