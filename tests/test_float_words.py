"""Float words as decimals (export/float_words.py): each literal reads back to its exact
bits under both readings the formats use (strtof; strtod then a cast to float), NaN and
infinities have none, and each word of a block is named and typed as its member."""

from __future__ import annotations

import ctypes

import numpy as np

from shadersmith.case.typenames import parse_type_name
from shadersmith.export.float_words import Word, block_words, float_literal
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType
from shadersmith.ir.values import Value

UINT_2 = ArrayType(ScalarType(ScalarKind.UINT), 2)


def _strtof(text: str) -> int:
    libc = ctypes.CDLL(None)
    libc.strtof.restype = ctypes.c_float
    libc.strtof.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    return int(np.array([libc.strtof(text.encode(), None)], dtype=np.float32).view(np.uint32)[0])


def _through_double(text: str) -> int:
    # Python's float is a correctly rounded strtod; numpy's float32 rounds as C's cast.
    return int(np.array([float(text)], dtype=np.float32).view(np.uint32)[0])


def test_edge_floats_have_the_literals_that_read_back_to_them() -> None:
    edges = {
        0x3FC00000: "1.5",
        0x00000000: "0.0",
        0x80000000: "-0.0",  # the sign of zero is kept
        0x00000001: "1.0e-45",  # the smallest subnormal; a `.`, which Amber needs
        0x807FFFFF: "-1.1754942e-38",  # the largest subnormal
        0x00800000: "1.1754944e-38",  # the smallest normal
        0x7F7FFFFF: "3.4028235e+38",  # the largest finite
        0x3DCCCCCD: "0.1",
        0x4B800001: "1.6777218e+07",  # past 2^24: scientific, not 16777218.0's padding
        0x4B7FFFFF: "16777215.0",
    }
    for word, literal in edges.items():
        assert float_literal(word) == literal, hex(word)
        assert _strtof(literal) == word and _through_double(literal) == word, literal


def test_nan_and_infinities_have_no_literal() -> None:
    for word in (0x7FC00000, 0xFFC00000, 0x7F800001, 0x7F800000, 0xFF800000):
        assert float_literal(word) is None, hex(word)


def test_random_floats_read_back_to_their_bits_both_ways() -> None:
    rng = np.random.default_rng(33)
    for word in rng.integers(0, 2**32, size=20000, dtype=np.uint64).tolist():
        literal = float_literal(word)
        if literal is None:
            assert (word >> 23) & 0xFF == 0xFF  # only NaN and infinities
            continue
        assert "." in literal
        assert _strtof(literal) == word and _through_double(literal) == word, literal


def test_each_word_of_a_mixed_block_is_named_and_typed_as_its_member() -> None:
    named = (("n", "int"), ("v", "vec3"), ("s", "S{x:float,y:float}[2]"))
    fields = (*((name, parse_type_name(text)) for name, text in named), ("a", UINT_2))
    values: dict[str, Value] = {
        "n": 1,
        "v": (1.0, 2.0, 3.0),
        "s": ((1.0, 2.0), (3.0, 4.0)),
        "a": (1, 2),
    }
    words = block_words(fields, values)
    float_ = ScalarKind.FLOAT
    assert words == [
        Word(ScalarKind.INT, "n"),
        None,
        None,
        None,  # padding up to the vec3's 16-byte alignment
        Word(float_, "v.x"),
        Word(float_, "v.y"),
        Word(float_, "v.z"),  # a struct of floats is aligned to 4: no padding after
        Word(float_, "s[0].x"),
        Word(float_, "s[0].y"),
        Word(float_, "s[1].x"),
        Word(float_, "s[1].y"),
        Word(ScalarKind.UINT, "a[0]"),
        Word(ScalarKind.UINT, "a[1]"),
    ]
