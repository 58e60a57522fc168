"""How the interpreter evaluates floats (issue 37): chosen once per compiled program,
beside `sanitize`. Free of the IR and of the interpreter so that the generator, the CLI
(`--floats exact|interval`) and the campaign can name a mode without loading either."""

from __future__ import annotations

import enum


class FloatMode(enum.Enum):
    # Floats are exact small integers (recondition/exact_floats.py); a value that could
    # round is refused by the sanitizer (interp/exactness.py). Today's programs.
    EXACT = "exact"
    # Each float is an interval holding every result a conforming implementation may give
    # (interp/intervals.py, by the precision table of interp/precision.py); outputs are
    # judged by the interval oracle (oracle/intervals.py).
    INTERVAL = "interval"
