"""Test directories: round trip, atomic replacement, and one-line errors on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shadersmith.case import (
    BufferSpec,
    Inputs,
    Provenance,
    TestCase,
    TestCaseError,
    load_test,
    write_test,
)
from shadersmith.case.typenames import parse_type_name, type_name
from shadersmith.ir.types import INT, ArrayType, ScalarKind, ScalarType, VectorType


def _sample() -> TestCase:
    return TestCase(
        stage="compute",
        profile="glsl450",
        shaders={"shader.comp": "#version 450\nvoid main() {}\n"},
        inputs=Inputs(
            buffers=(
                BufferSpec(
                    block="buf_0",
                    binding=0,
                    access="input_output",
                    fields=(("a", "int"), ("v", "uvec2[2]"), ("f", "vec3")),
                    values={"a": -5, "v": ((1, 2), (3, 4294967295)), "f": (1.0, -2.0, 3.0)},
                ),
            )
        ),
        provenance=Provenance(generator="smith", seed=7),
    )


def test_round_trip(tmp_path: Path) -> None:
    written = write_test(_sample(), tmp_path / "t")
    loaded = load_test(written)
    assert loaded.buffers == _sample().buffers
    assert loaded.shaders == _sample().shaders
    assert loaded.provenance == Provenance(generator="smith", seed=7)


def test_rewrite_keeps_what_the_record_does_not_list(tmp_path: Path) -> None:
    """A rewritten test replaces the files its old record listed and leaves everything
    else in the directory alone (files/safe_files.py: we delete only what we wrote)."""
    target = tmp_path / "t"
    write_test(_sample(), target)
    (target / "notes.txt").write_text("a reader's notes")
    write_test(_sample(), target)
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt", "shader.comp", "test.json"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    assert not [p for p in target.iterdir() if p.name.startswith(".")], "no temporary left"


def test_type_names() -> None:
    assert parse_type_name("int") == INT
    assert parse_type_name("uvec3") == VectorType(ScalarKind.UINT, 3)
    assert parse_type_name("int[3][2]") == ArrayType(ArrayType(INT, 2), 3)
    assert parse_type_name("vec4[]") == ArrayType(VectorType(ScalarKind.FLOAT, 4), None)
    # The explicit-width buffer field types (a record of an int64, double, float16 or
    # 8/16-bit field could not be read back before).
    assert parse_type_name("dvec3") == VectorType(ScalarKind.FLOAT, 3, 64)
    assert parse_type_name("f16vec2[4]") == ArrayType(VectorType(ScalarKind.FLOAT, 2, 16), 4)
    assert parse_type_name("uint8_t") == ScalarType(ScalarKind.UINT, 8)
    with pytest.raises(ValueError, match="unknown type"):
        parse_type_name("f16mat3")


def test_type_names_print_as_they_parse() -> None:
    for text in ("int", "uvec3", "bvec2", "float[4]", "int[3][2]", "vec4[]", "uint[2][]"):
        assert type_name(parse_type_name(text)) == text


def _corrupt(tmp_path: Path, edit: str) -> Path:
    directory = write_test(_sample(), tmp_path / "t")
    path = directory / "test.json"
    data = json.loads(path.read_text())
    if edit == "json":
        path.write_text("{not json")
    elif edit == "missing-shader":
        (directory / "shader.comp").unlink()
    elif edit == "bad-value":
        data["inputs"]["buffers"][0]["fields"][0]["value"] = 2**40
        path.write_text(json.dumps(data))
    elif edit == "bad-schema":
        data["schema_version"] = 99
        path.write_text(json.dumps(data))
    elif edit == "escape":
        data["shaders"] = ["../../etc/passwd"]
        path.write_text(json.dumps(data))
    return directory


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ("json", "corrupt JSON"),
        ("missing-shader", "shader file shader.comp is missing"),
        ("bad-value", "expected a int"),
        ("bad-schema", "schema_version 99"),
        ("escape", "escapes the test directory"),
    ],
)
def test_bad_test_directory_gives_one_line_error(tmp_path: Path, edit: str, message: str) -> None:
    directory = _corrupt(tmp_path, edit)
    with pytest.raises(TestCaseError, match=message) as caught:
        load_test(directory)
    assert "\n" not in str(caught.value)


def test_not_a_directory(tmp_path: Path) -> None:
    with pytest.raises(TestCaseError, match="not a test directory"):
        load_test(tmp_path / "nowhere")
