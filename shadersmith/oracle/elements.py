"""The elements on which the targets disagree, inside each differing buffer field.

`differential.differences` names a differing field with every target's whole value: a
60-element array of vec3 is 180 numbers per target, of which a miscompilation often
changes three. What a person reads is the diff: each differing element's index, the
expected value (the reference interpreter's) and what each target gave there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from shadersmith.oracle.differential import REFERENCE


@dataclass(frozen=True)
class ElementDifference:
    path: str  # the element inside its field: "[2][0]", or "" for a scalar field
    expected: Any  # the reference interpreter's value; None without it
    actual: dict[str, Any]  # every target's value there (None: it has no such element)

    def wrong(self) -> dict[str, Any]:
        """The targets whose value is not the expected one (every target when the
        expected value is unknown)."""
        if self.expected is None:
            return dict(self.actual)
        same = _same_as(self.expected)
        return {name: value for name, value in self.actual.items() if not same(value)}


def element_differences(entry: Mapping[str, Any]) -> list[ElementDifference]:
    """The leaves of one buffer-field entry of `differences` (binding, field, expected,
    actual) on which the targets' values are not all the same, in index order. A value
    whose shape differs from the others' (a shorter array, a missing field) differs as a
    whole at the level where its shape does. The interpreter is the expected value, not
    one of the actual ones."""
    actual = {n: v for n, v in entry.get("actual", {}).items() if n != REFERENCE}
    expected = entry.get("expected")
    columns = {**({REFERENCE: expected} if expected is not None else {}), **actual}
    found = []
    for path, values in _disagreeing(columns, ""):
        found.append(
            ElementDifference(
                path=path,
                expected=values.get(REFERENCE) if expected is not None else None,
                actual={n: values[n] for n in actual},
            )
        )
    return found


def _disagreeing(values: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if len({_key(v) for v in values.values()}) < 2:
        return
    lists = [v for v in values.values() if isinstance(v, list)]
    if len(lists) == len(values) and len({len(v) for v in lists}) == 1:
        for index in range(len(lists[0])):
            yield from _disagreeing({n: v[index] for n, v in values.items()}, f"{path}[{index}]")
        return
    yield path, values


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _same_as(expected: Any) -> Any:
    key = _key(expected)
    return lambda value: _key(value) == key


def short(value: Any) -> str:
    """A value as JSON on one line, without spaces."""
    return json.dumps(value, separators=(",", ":"))
