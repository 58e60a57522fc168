"""The elements of a differing buffer field that a replay and a bug report show: each
index where the targets disagree, the expected value and the targets' values there."""

from __future__ import annotations

from shadersmith.oracle.elements import ElementDifference, element_differences


def test_only_the_elements_that_differ_are_listed_with_their_index() -> None:
    entry = {
        "binding": 0,
        "field": "out",
        "expected": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
        "actual": {
            "interp": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
            "a": [[1.0, 2.0], [3.0, -4.0], [5.0, 6.0]],
            "b": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
        },
    }
    assert element_differences(entry) == [ElementDifference("[1][1]", 4.0, {"a": -4.0, "b": 4.0})]
    assert element_differences(entry)[0].wrong() == {"a": -4.0}


def test_a_value_of_another_shape_differs_as_a_whole_and_without_a_reference_all_are_shown() -> (
    None
):
    entry = {
        "binding": 1,
        "field": "n",
        "expected": None,
        "actual": {"a": [1, 2], "b": [1, 2, 3], "c": None},
    }
    [whole] = element_differences(entry)
    assert whole.path == "" and whole.expected is None
    assert whole.wrong() == {"a": [1, 2], "b": [1, 2, 3], "c": None}
    scalar = {"binding": 1, "field": "x", "expected": 7, "actual": {"interp": 7, "a": 8}}
    assert element_differences(scalar) == [ElementDifference("", 7, {"a": 8})]
