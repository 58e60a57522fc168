"""The one way shadersmith reads a JSON file it did not just write: test.json, fusion.json,
a campaign's settings and state.

Test and campaign directories are shared between engineers, so their JSON is untrusted.
Python's `json` accepts what no writer of ours produces and what later code cannot handle:
a key given twice (the last one silently wins, so a reader and a reviewer may see two
different tests), `NaN` and `Infinity`, and numbers like `1e999` that become infinite
floats (every `int()` of them raises), and nesting deep enough to raise RecursionError
in the decoder or in any recursive code that walks the result. Here each of those is a
one-line TestCaseError naming the file, before anything looks at the data.
"""

from __future__ import annotations

import json
import math
from typing import Any

from shadersmith.files.errors import TestCaseError

# Deepest nesting of arrays and objects we accept. Our own files stay below 12 (a
# reduced test's provenance holds the one it came from, whose steps hold parameters);
# the margin leaves room for what a newer version adds.
MAX_DEPTH = 32
# Largest JSON text we parse: a test.json with big buffers is about 100 kB; a campaign's
# state file is smaller. Anything much larger is not ours and would only cost memory.
MAX_BYTES = 64 * 1024 * 1024


class BadJSON(TestCaseError):
    """A JSON text we refuse; the message is one line naming its file."""


def _no_duplicates(where: str) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise BadJSON(f"{where}: the key {_short(key)} appears twice in one object")
            result[key] = value
        return result

    return hook


def _finite_float(where: str) -> Any:
    def parse(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise BadJSON(f"{where}: the number {text[:40]} is too large for a float")
        return value

    return parse


def _no_constant(where: str) -> Any:
    def parse(text: str) -> Any:
        raise BadJSON(f"{where}: {text} is not a JSON number (only finite numbers are)")

    return parse


def loads(data: str | bytes, where: str) -> Any:
    """The JSON value of `data` (text, or bytes in UTF-8), checked as the module says;
    `where` names the file in errors."""
    if len(data) > MAX_BYTES:
        raise BadJSON(f"{where}: {len(data)} bytes, more than the {MAX_BYTES} a JSON file may hold")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadJSON(f"{where}: not UTF-8 text (byte {error.start})") from None
    try:
        value = json.loads(
            data,
            object_pairs_hook=_no_duplicates(where),
            parse_float=_finite_float(where),
            parse_constant=_no_constant(where),
        )
    except BadJSON:
        raise
    except RecursionError:
        raise BadJSON(f"{where}: nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as error:
        raise BadJSON(f"{where}: corrupt JSON ({error})") from None
    except ValueError as error:  # an integer of more digits than Python converts
        reason = str(error).split(":")[0]
        raise BadJSON(f"{where}: corrupt JSON ({reason})") from None
    check_depth(value, where)
    return value


def check_depth(value: Any, where: str) -> None:
    """Raise BadJSON when `value` nests deeper than MAX_DEPTH (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        current, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadJSON(f"{where}: nested deeper than {MAX_DEPTH} levels")
        if isinstance(current, dict):
            stack.extend((item, depth + 1) for item in current.values())
        elif isinstance(current, list):
            stack.extend((item, depth + 1) for item in current)


def _short(text: str, limit: int = 60) -> str:
    shown = json.dumps(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + '..."'
