"""std430 packing: hand-computed offsets, round trips, and glslang's own layout as a witness."""

from __future__ import annotations

import random
import re
import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.emit.glsl import declarator
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import Value
from shadersmith.targets.runners.std430 import (
    Layout,
    LayoutError,
    array_stride,
    block_layout,
    buffer_size,
    check_layout,
    member_offsets,
    pack_buffer,
    unpack_buffer,
)
from shadersmith.targets.tools.glslang import glslang_path

VEC2 = VectorType(ScalarKind.FLOAT, 2)
VEC3 = VectorType(ScalarKind.FLOAT, 3)
UVEC2 = VectorType(ScalarKind.UINT, 2)
IVEC4 = VectorType(ScalarKind.INT, 4)


def _offsets(
    fields: list[tuple[str, Type]], lengths: dict[str, int] | None = None
) -> dict[str, int]:
    return {f.name: f.offset for f in block_layout(fields, lengths)}


def test_issue_example_offsets() -> None:
    # {float a; vec3 b; int c[3]; uvec2 d;}: b is aligned to 16; c follows b's 12 bytes
    # directly (stride 4, no rounding to 16 in std430); d is aligned to 8.
    fields: list[tuple[str, Type]] = [
        ("a", FLOAT),
        ("b", VEC3),
        ("c", ArrayType(INT, 3)),
        ("d", UVEC2),
    ]
    assert _offsets(fields) == {"a": 0, "b": 16, "c": 28, "d": 40}
    assert buffer_size(fields) == 48
    values: dict[str, Value] = {
        "a": 1.5,
        "b": (2.0, -3.0, 4.25),
        "c": (-1, 2, 2**31 - 1),
        "d": (7, 2**32 - 1),
    }
    data = pack_buffer(fields, values)
    assert len(data) == 48
    assert struct.unpack_from("<f", data, 0) == (1.5,)
    assert data[4:16] == bytes(12)  # padding before b
    assert struct.unpack_from("<3f", data, 16) == (2.0, -3.0, 4.25)
    assert struct.unpack_from("<3i", data, 28) == (-1, 2, 2**31 - 1)
    assert struct.unpack_from("<2I", data, 40) == (7, 2**32 - 1)
    assert unpack_buffer(fields, data) == values


def test_scalar_after_vec3_shares_its_16_bytes() -> None:
    assert _offsets([("v", VEC3), ("f", FLOAT)]) == {"v": 0, "f": 12}
    assert buffer_size([("v", VEC3), ("f", FLOAT)]) == 16


def test_array_strides_are_not_rounded_to_16() -> None:
    assert array_stride(FLOAT) == 4
    assert array_stride(VEC2) == 8
    assert array_stride(VEC3) == 16
    assert array_stride(ArrayType(INT, 3)) == 12
    fields: list[tuple[str, Type]] = [("x", INT), ("y", ArrayType(VEC2, 3)), ("z", FLOAT)]
    assert _offsets(fields) == {"x": 0, "y": 8, "z": 32}
    assert buffer_size(fields) == 36  # no tail padding, as glslang reflects it


def test_struct_alignment_is_its_largest_member() -> None:
    s = StructType("S", (StructField("a", FLOAT), StructField("b", VEC2)))
    assert member_offsets(s) == [0, 8]
    fields: list[tuple[str, Type]] = [("q", FLOAT), ("s", ArrayType(s, 2)), ("t", INT)]
    assert _offsets(fields) == {"q": 0, "s": 8, "t": 40}
    values: dict[str, Value] = {"q": 1.0, "s": ((2.0, (3.0, 4.0)), (5.0, (6.0, 7.0))), "t": -9}
    data = pack_buffer(fields, values)
    assert struct.unpack_from("<f", data, 24) == (5.0,)
    assert struct.unpack_from("<2f", data, 32) == (6.0, 7.0)
    assert unpack_buffer(fields, data) == values


def test_matrix_is_an_array_of_columns() -> None:
    mat3 = MatrixType(3, 3)
    fields: list[tuple[str, Type]] = [("f", FLOAT), ("m", mat3), ("g", FLOAT)]
    assert _offsets(fields) == {"f": 0, "m": 16, "g": 64}
    columns = ((1.0, 2.0, 3.0), (4.0, 5.0, 6.0), (7.0, 8.0, 9.0))
    data = pack_buffer(fields, {"f": 0.0, "m": columns, "g": 10.0})
    assert struct.unpack_from("<3f", data, 16 + 32) == (7.0, 8.0, 9.0)
    assert unpack_buffer(fields, data)["m"] == columns


def test_bool_is_a_uint_word() -> None:
    fields: list[tuple[str, Type]] = [("b", BOOL), ("v", VectorType(ScalarKind.BOOL, 3))]
    data = pack_buffer(fields, {"b": True, "v": (False, True, True)})
    assert struct.unpack_from("<I", data, 0) == (1,)
    assert struct.unpack_from("<3I", data, 16) == (0, 1, 1)  # bvec3 aligns like vec3
    assert unpack_buffer(fields, data) == {"b": True, "v": (False, True, True)}
    # A word other than 0 or 1 stays visible to a differential comparison.
    odd = struct.pack("<8I", 2, 0, 0, 0, 0, 1, 0, 0)
    assert unpack_buffer(fields, odd) == {"b": 2, "v": (False, True, False)}


def test_runtime_sized_last_array() -> None:
    fields: list[tuple[str, Type]] = [("n", UINT), ("items", ArrayType(VEC3, None))]
    values: dict[str, Value] = {
        "n": 3,
        "items": ((1.0, 2.0, 3.0), (4.0, 5.0, 6.0), (7.0, 8.0, 9.0)),
    }
    data = pack_buffer(fields, values)
    assert len(data) == 16 + 3 * 16
    assert unpack_buffer(fields, data) == values
    assert unpack_buffer(fields, data, {"items": 1})["items"] == ((1.0, 2.0, 3.0),)
    # Without a length, the array takes every whole element the data holds.
    assert len(unpack_buffer(fields, data + bytes(20))["items"]) == 4  # type: ignore[arg-type]
    with pytest.raises(LayoutError, match="last field"):
        block_layout([("items", ArrayType(INT, None)), ("n", INT)], {"items": 1})


def test_integers_round_trip_at_their_limits() -> None:
    fields: list[tuple[str, Type]] = [
        ("i", ArrayType(INT, 2)),
        ("u", ArrayType(UINT, 2)),
        ("v", IVEC4),
    ]
    values: dict[str, Value] = {
        "i": (-(2**31), 2**31 - 1),
        "u": (0, 2**32 - 1),
        "v": (-1, 0, 1, -(2**31)),
    }
    assert unpack_buffer(fields, pack_buffer(fields, values)) == values


def test_floats_are_float32() -> None:
    fields: list[tuple[str, Type]] = [("f", FLOAT)]
    assert (
        unpack_buffer(fields, pack_buffer(fields, {"f": 0.1}))["f"]
        == struct.unpack("<f", struct.pack("<f", 0.1))[0]
    )
    assert unpack_buffer(fields, pack_buffer(fields, {"f": -0.0})) == {"f": -0.0}


@pytest.mark.parametrize(
    ("type_", "value"),
    [(INT, 2**31), (UINT, -1), (INT, True), (BOOL, 1), (FLOAT, "x"), (VEC2, (1.0,)), (FLOAT, 1e39)],
)
def test_bad_values_are_rejected(type_: Type, value: object) -> None:
    with pytest.raises(LayoutError):
        pack_buffer([("x", type_)], {"x": value})  # type: ignore[dict-item]


def test_short_data_is_rejected() -> None:
    with pytest.raises(LayoutError, match="bytes"):
        unpack_buffer([("a", IVEC4)], bytes(8))


# ----------------------------------------------------------------------------- std140


def test_std140_rounds_array_strides_and_struct_alignment_to_16() -> None:
    # The uniform block of the fragment tests: {int a; uvec3 b; float c[2];} and an array
    # of vec2, a struct {float} and a mat2.
    fields: list[tuple[str, Type]] = [
        ("a", INT),
        ("b", VectorType(ScalarKind.UINT, 3)),
        ("c", ArrayType(FLOAT, 2)),
        ("d", ArrayType(VEC2, 2)),
        ("e", StructType("S", (StructField("x", FLOAT),))),
        ("f", FLOAT),
        ("g", MatrixType(2, 2)),
    ]
    placed = {f.name: (f.offset, f.size) for f in block_layout(fields, layout="std140")}
    assert placed == {
        "a": (0, 4),
        "b": (16, 12),
        "c": (32, 32),  # stride 16, not 4
        "d": (64, 32),  # stride 16, not 8
        "e": (96, 16),  # a struct is aligned to 16 and its size rounded up to 16
        "f": (112, 4),
        "g": (128, 32),  # two vec2 columns, each in its own 16 bytes
    }
    assert array_stride(FLOAT, "std140") == 16 and array_stride(FLOAT) == 4
    assert buffer_size(fields, layout="std140") == 160
    # std430 for contrast: c directly after b's 12 bytes, stride 4.
    assert _offsets(fields)["c"] == 28


def test_std140_scalar_after_vec3_still_shares_its_16_bytes() -> None:
    fields: list[tuple[str, Type]] = [("v", VEC3), ("s", FLOAT)]
    assert [f.offset for f in block_layout(fields, layout="std140")] == [0, 12]


def test_std140_round_trip_leaves_the_padding_zero() -> None:
    fields: list[tuple[str, Type]] = [("a", INT), ("c", ArrayType(FLOAT, 2)), ("d", IVEC4)]
    values: dict[str, Value] = {"a": -3, "c": (1.5, -2.0), "d": (1, 2, 3, 4)}
    data = pack_buffer(fields, values, "std140")
    assert len(data) == 64
    assert struct.unpack_from("<i", data, 0) == (-3,)
    assert struct.unpack_from("<f", data, 16) == (1.5,)
    assert struct.unpack_from("<f", data, 32) == (-2.0,)
    assert data[4:16] == data[20:32] == bytes(12)
    assert unpack_buffer(fields, data, layout="std140") == values
    assert unpack_buffer(fields, pack_buffer(fields, values)) == values  # std430 too


def test_unknown_layout_names_are_rejected() -> None:
    assert check_layout("std140") == "std140"
    with pytest.raises(LayoutError, match="packed"):
        check_layout("packed")


# ------------------------------------------------ glslang's reflection as a witness


def _random_type(rng: random.Random, depth: int, structs: list[StructType]) -> Type:
    roll = rng.random()
    if roll < 0.3:
        return ScalarType(
            rng.choice([ScalarKind.INT, ScalarKind.UINT, ScalarKind.FLOAT, ScalarKind.BOOL])
        )
    if roll < 0.6:
        return VectorType(rng.choice(list(ScalarKind)), rng.randint(2, 4))
    if roll < 0.7:
        return MatrixType(rng.randint(2, 4), rng.randint(2, 4))
    if roll < 0.85 or depth == 0:
        element = _random_type(rng, 0, structs)
        return ArrayType(element, rng.randint(1, 3)) if depth else element
    fields = tuple(
        StructField(f"m{i}", _random_type(rng, depth - 1, structs))
        for i in range(rng.randint(1, 3))
    )
    new = StructType(f"S{len(structs)}", fields)
    structs.append(new)
    return ArrayType(new, rng.randint(1, 2)) if rng.random() < 0.5 else new


def _leaves(
    name: str, type_: Type, offset: int, layout: Layout
) -> Iterator[tuple[str, int, int | None]]:
    """Leaf members named as glslang's reflection names them: (name, offset, array stride)."""
    if isinstance(type_, StructType):
        for field, at in zip(type_.fields, member_offsets(type_, layout), strict=True):
            yield from _leaves(f"{name}.{field.name}", field.type, offset + at, layout)
    elif isinstance(type_, ArrayType) and isinstance(type_.element, StructType | ArrayType):
        stride = array_stride(type_.element, layout)
        for index in range(type_.length or 0):
            yield from _leaves(f"{name}[{index}]", type_.element, offset + index * stride, layout)
    elif isinstance(type_, ArrayType):
        yield name, offset, array_stride(type_.element, layout)
    else:
        yield name, offset, None


_REFLECTED = re.compile(
    r"^B\.(?P<name>\S+): offset (?P<offset>\d+),.*?"
    r"(?:, arrayStride (?P<stride>\d+))?(?:, topLevel.*)?$"
)


@pytest.mark.parametrize("layout", ["std430", "std140"])
def test_layouts_agree_with_glslang_reflection(tmp_path: Path, layout: Layout) -> None:
    rng = random.Random(430 if layout == "std430" else 140)
    shader = tmp_path / "layout.comp"
    storage = "buffer" if layout == "std430" else "uniform"
    for case in range(12):
        structs: list[StructType] = []
        fields = [(f"f{i}", _random_type(rng, 2, structs)) for i in range(rng.randint(1, 6))]
        declarations = "".join(
            "struct "
            + s.name
            + " { "
            + " ".join(declarator(f.type, f.name) + ";" for f in s.fields)
            + " };\n"
            for s in structs
        )
        members = " ".join(declarator(t, n) + ";" for n, t in fields)
        shader.write_text(
            "#version 450\nlayout(local_size_x = 1) in;\n"
            f"{declarations}layout({layout}, binding = 0) {storage} B {{ {members} }} b;\n"
            # glslang reflects only a block that the shader uses.
            f"void main() {{ {declarator(fields[0][1], 'x')} = b.{fields[0][0]}; }}\n"
        )
        result = subprocess.run(
            [glslang_path(), "-l", "-q", "--reflect-all-block-variables", str(shader)],
            capture_output=True,
            text=True,
            check=True,
        )
        reflected = {}
        for line in result.stdout.splitlines():
            if match := _REFLECTED.match(line):
                stride = match.group("stride")
                reflected[match.group("name")] = (
                    int(match.group("offset")),
                    int(stride) if stride else None,
                )
        ours = {
            name: (offset, stride)
            for placed in block_layout(fields, layout=layout)
            for name, offset, stride in _leaves(placed.name, placed.type, placed.offset, layout)
        }
        assert ours == reflected, f"case {case}: {shader.read_text()}"
        block_size = re.search(r"^B: offset -1, type \w+, size (\d+)", result.stdout, re.M)
        assert block_size is not None
        assert buffer_size(fields, layout=layout) == int(block_size.group(1)), f"case {case}"
