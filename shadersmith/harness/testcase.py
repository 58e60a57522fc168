"""The self-contained test case: a directory with `test.json` and the shader files.

Everything a test needs lives in its directory, so a test can be zipped, attached to a
bug report and replayed elsewhere. Writing is atomic (a temporary directory renamed into
place), so a killed process never leaves a half-written test behind.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shadersmith.emit.glsl import type_name
from shadersmith.harness.typenames import parse_type_name
from shadersmith.ir.program import BufferAccess, Program
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value

SCHEMA_VERSION = 1
TEST_FILE = "test.json"
SHADER_FILE_BY_STAGE = {"compute": "shader.comp", "fragment": "shader.frag"}
# A reduced test also holds its program before reconditioning (reduce/output.py).
UNRECONDITIONED_FILE = "unreconditioned.comp"


class TestCaseError(Exception):
    """A test directory that cannot be used; the message is one line for the user."""

    __test__ = False


@dataclass(frozen=True)
class BufferSpec:
    """One storage buffer: its binding, its std430 fields and their initial values."""

    block: str
    binding: int
    access: str
    fields: tuple[tuple[str, str], ...]  # (name, GLSL type name)
    values: dict[str, Value]


@dataclass
class TestCase:
    __test__ = False  # not a pytest test class, despite the name

    stage: str
    language: str
    shaders: dict[str, str]  # file name -> source text
    buffers: list[BufferSpec] = field(default_factory=list)
    provenance: dict[str, Any] = field(default_factory=dict)
    results: dict[str, Any] = field(default_factory=dict)
    # What the recorded runs left to read beside test.json (file name -> bytes), each
    # named in its target's `results[target]["files"]`: SPIR-V, its disassembly,
    # spirv-cross's GLSL, images. Outputs of a run, never inputs of one.
    files: dict[str, bytes] = field(default_factory=dict)
    # Compute tests: how many work groups are dispatched (test.json `dispatch`; a test
    # written before there were several is one work group).
    dispatch: tuple[int, int, int] = (1, 1, 1)

    @property
    def main_shader(self) -> str:
        name = SHADER_FILE_BY_STAGE[self.stage]
        return self.shaders[name]

    def buffer_values(self) -> BufferValues:
        return {spec.block: dict(spec.values) for spec in self.buffers}

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "stage": self.stage,
            "language": self.language,
            "shaders": sorted(self.shaders),
            **({"dispatch": list(self.dispatch)} if self.stage == "compute" else {}),
            "inputs": {
                "buffers": [
                    {
                        "block": spec.block,
                        "binding": spec.binding,
                        "access": spec.access,
                        "fields": [
                            {"name": name, "type": type_text, "value": _to_json(spec.values[name])}
                            for name, type_text in spec.fields
                        ],
                    }
                    for spec in self.buffers
                ],
                "uniforms": [],
            },
            "provenance": self.provenance,
            "results": self.results,
        }


def buffer_specs(program: Program, values: BufferValues) -> list[BufferSpec]:
    """The harness view of a program's storage buffers and their initial values."""
    specs = []
    for buffer in program.buffers:
        given = values.get(buffer.block_name, {})
        missing = [f.name for f in buffer.fields if f.name not in given]
        if missing:
            raise TestCaseError(f"buffer {buffer.block_name} has no values for {missing}")
        specs.append(
            BufferSpec(
                block=buffer.block_name,
                binding=buffer.binding,
                access=buffer.access.value,
                fields=tuple((f.name, type_name(f.type)) for f in buffer.fields),
                values={f.name: given[f.name] for f in buffer.fields},
            )
        )
    return specs


def _to_json(value: Value) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(data: Any, type_: Type, where: str) -> Value:
    """Decode a JSON value against its declared type, so a corrupt file fails loudly."""
    if isinstance(type_, ArrayType):
        if not isinstance(data, list) or (type_.length is not None and len(data) != type_.length):
            raise TestCaseError(f"{where}: expected a list for {type_}")
        return tuple(_from_json(item, type_.element, where) for item in data)
    if isinstance(type_, VectorType):
        if not isinstance(data, list) or len(data) != type_.size:
            raise TestCaseError(f"{where}: expected {type_.size} components for {type_}")
        return tuple(_from_json(item, type_.component, where) for item in data)
    if isinstance(type_, ScalarType):
        return _scalar_from_json(data, type_.kind, where)
    raise TestCaseError(f"{where}: type {type_} cannot be stored in a buffer")


def _scalar_from_json(data: Any, kind: ScalarKind, where: str) -> Value:
    if kind is ScalarKind.BOOL:
        if not isinstance(data, bool):
            raise TestCaseError(f"{where}: expected a bool, got {data!r}")
        return data
    if kind is ScalarKind.FLOAT:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise TestCaseError(f"{where}: expected a number, got {data!r}")
        return float(data)
    low, high = (-(2**31), 2**31) if kind is ScalarKind.INT else (0, 2**32)
    if isinstance(data, bool) or not isinstance(data, int) or not low <= data < high:
        raise TestCaseError(f"{where}: expected a {kind.value} in [{low}, {high}), got {data!r}")
    return data


def write_test(test: TestCase, directory: Path) -> Path:
    """Write `test` to `directory` atomically; an existing directory is replaced."""
    directory = directory.resolve()
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        for name, text in test.shaders.items():
            (staging / name).write_text(text)
        for name, data in test.files.items():
            if "/" in name or name.startswith(".") or name in test.shaders or name == TEST_FILE:
                raise TestCaseError(f"result file name {name!r} is not a plain new file name")
            (staging / name).write_bytes(data)
        (staging / TEST_FILE).write_text(json.dumps(test.to_json(), indent=1) + "\n")
        if directory.exists():
            old = directory.with_name(f".{directory.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(directory, old)
            os.replace(staging, directory)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staging, directory)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return directory


def load_test(directory: Path) -> TestCase:
    """Read and check a test directory; every defect gives a one-line TestCaseError."""
    path = directory / TEST_FILE
    if not directory.is_dir():
        raise TestCaseError(f"{directory}: not a test directory")
    if not path.is_file():
        raise TestCaseError(f"{directory}: no {TEST_FILE}")
    try:
        data = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise TestCaseError(f"{path}: corrupt JSON ({error})") from None
    if not isinstance(data, dict):
        raise TestCaseError(f"{path}: expected a JSON object")
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise TestCaseError(f"{path}: schema_version {version!r}, expected {SCHEMA_VERSION}")
    try:
        stage = str(data["stage"])
        language = str(data["language"])
        shader_names = [str(n) for n in data["shaders"]]
        buffers_data = data["inputs"]["buffers"]
    except (KeyError, TypeError) as error:
        raise TestCaseError(f"{path}: missing field {error}") from None
    if stage not in SHADER_FILE_BY_STAGE:
        raise TestCaseError(f"{path}: unknown stage {stage!r}")
    shaders = {}
    for name in shader_names:
        if "/" in name or name.startswith("."):
            raise TestCaseError(f"{path}: shader name {name!r} escapes the test directory")
        shader_path = directory / name
        if not shader_path.is_file():
            raise TestCaseError(f"{directory}: shader file {name} is missing")
        shaders[name] = shader_path.read_text()
    if SHADER_FILE_BY_STAGE[stage] not in shaders:
        raise TestCaseError(f"{path}: no {SHADER_FILE_BY_STAGE[stage]} listed for a {stage} test")
    buffers = [_buffer_from_json(item, path) for item in buffers_data]
    results = dict(data.get("results") or {})
    dispatch = _dispatch_from_json(data.get("dispatch", [1, 1, 1]), path)
    return TestCase(
        stage=stage,
        language=language,
        shaders=shaders,
        buffers=buffers,
        provenance=dict(data.get("provenance") or {}),
        results=results,
        files=_result_files(directory, results),
        dispatch=dispatch,
    )


def _dispatch_from_json(data: Any, path: Path) -> tuple[int, int, int]:
    if (
        not isinstance(data, list)
        or len(data) != 3
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in data)
    ):
        raise TestCaseError(f"{path}: dispatch must be three positive integers, not {data!r}")
    return (data[0], data[1], data[2])


def _result_files(directory: Path, results: dict[str, Any]) -> dict[str, bytes]:
    """The files the recorded results name, those still there (they are records for a
    reader: a test without them replays all the same), so rewriting a test keeps them."""
    files = {}
    for record in results.values():
        names = record.get("files") if isinstance(record, dict) else None
        for name in names if isinstance(names, list) else ():
            name = str(name)
            if "/" not in name and not name.startswith(".") and (directory / name).is_file():
                files[name] = (directory / name).read_bytes()
    return files


def _buffer_from_json(item: Any, path: Path) -> BufferSpec:
    try:
        block = str(item["block"])
        binding = int(item["binding"])
        access = str(item["access"])
        fields_data = list(item["fields"])
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"{path}: bad buffer entry ({error})") from None
    if access not in {a.value for a in BufferAccess}:
        raise TestCaseError(f"{path}: buffer {block} has unknown access {access!r}")
    fields: list[tuple[str, str]] = []
    values: dict[str, Value] = {}
    for field_data in fields_data:
        try:
            name, type_text, raw = (
                str(field_data["name"]),
                str(field_data["type"]),
                field_data["value"],
            )
        except (KeyError, TypeError) as error:
            raise TestCaseError(f"{path}: bad field in buffer {block} ({error})") from None
        try:
            type_ = parse_type_name(type_text)
        except ValueError as error:
            raise TestCaseError(f"{path}: {error}") from None
        fields.append((name, type_text))
        values[name] = _from_json(raw, type_, f"{path}: {block}.{name}")
    return BufferSpec(block, binding, access, tuple(fields), values)
