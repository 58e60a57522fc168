"""Skewed random values (seed 004, section 4.2.5) and exact floats (seed 003, section 4.3).

Integers are not drawn uniformly: one of four generators is picked uniformly first
(full range, special values, small values, large values), then a value from it, because
0, 1, extremes and values about to wrap are what trigger folding and optimisation bugs.

Floats are integers in ]-2^12, 2^12[ without 0 (in interval mode, SmithOptions.float_mode,
short dyadic fractions there: `inexact_float`): such values, and sums, differences and
products of them, are exact in float32, so every compiler must agree on the result
(the reconditioner pulls values that leave the range back in). Zero is left out because
+0 and -0 may be exchanged by a compiler.
"""

from __future__ import annotations

import random
from collections import Counter

from shadersmith.ir.types import ScalarKind

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
UINT_MAX = 2**32 - 1
FLOAT_LIMIT = 2**12  # float values lie in ]-FLOAT_LIMIT, FLOAT_LIMIT[

INT_SPECIAL: tuple[int, ...] = (0, 1, -1, 2, -2, INT_MAX, INT_MIN)
UINT_SPECIAL: tuple[int, ...] = (0, 1, 2, UINT_MAX)


def _full(rng: random.Random, kind: ScalarKind) -> int:
    if kind is ScalarKind.INT:
        return rng.randint(INT_MIN, INT_MAX)
    return rng.randint(0, UINT_MAX)


def _special(rng: random.Random, kind: ScalarKind) -> int:
    return rng.choice(INT_SPECIAL if kind is ScalarKind.INT else UINT_SPECIAL)


def _small(rng: random.Random, kind: ScalarKind) -> int:
    return rng.randint(-128, 127) if kind is ScalarKind.INT else rng.randint(0, 127)


def _large(rng: random.Random, kind: ScalarKind) -> int:
    if kind is ScalarKind.UINT:
        return rng.randint(2**28 - 1, UINT_MAX - 1)
    # [-2^31, -2^27[ and [2^27 - 1, 2^31 - 1[ have the same width: pick a side evenly.
    if rng.random() < 0.5:
        return rng.randint(INT_MIN, -(2**27) - 1)
    return rng.randint(2**27 - 1, INT_MAX - 1)


_GENERATORS = {"full": _full, "special": _special, "small": _small, "large": _large}


# Interval mode: a float literal or buffer value is a non-zero multiple of 2^-SCALE_BITS
# below 2^12 in magnitude (so it has a short exact decimal spelling and no literal is read
# with a rounding), drawn at one of these scales, from fractions of 1 to integers.
INEXACT_SCALES: tuple[tuple[int, int], ...] = ((8, 4), (10, 256), (4, 4096), (0, 128))


def inexact_float(rng: random.Random) -> float:
    """A float for interval mode: k / 2^bits, 0 < |k / 2^bits| < 2^12, at a scale drawn
    from INEXACT_SCALES (0.3 or 1.5 more often than 3000.0)."""
    bits, limit = rng.choice(INEXACT_SCALES)
    value = float(rng.randint(1, limit * 2**bits - 1)) / float(2**bits)
    return -value if rng.random() < 0.5 else value


class ValueSource:
    """Draws literal and buffer values; counts which skewed generator served each
    integer, under the labels `value:full`, `value:special`, `value:small`, `value:large`."""

    def __init__(
        self,
        rng: random.Random,
        generators: tuple[str, ...],
        choices: Counter[str],
        inexact: bool = False,
    ):
        self._rng = rng
        self._generators = tuple((f"value:{name}", _GENERATORS[name]) for name in generators)
        self._choices = choices
        # Interval mode (SmithOptions.float_mode): floats with fractions (inexact_float).
        self._inexact = inexact

    def integer(self, kind: ScalarKind) -> int:
        """An int or uint value from a skewed generator chosen uniformly."""
        label, generator = self._rng.choice(self._generators)
        self._choices[label] += 1
        return generator(self._rng, kind)

    def float_value(self) -> float:
        """An exact non-zero integer float in ]-2^12, 2^12[, small ones more often; in
        interval mode, `inexact_float`."""
        rng = self._rng
        if self._inexact:
            return inexact_float(rng)
        limit = 128 if rng.random() < 0.5 else FLOAT_LIMIT - 1
        value = rng.randint(1, limit)
        return float(-value if rng.random() < 0.5 else value)

    def boolean(self) -> bool:
        return self._rng.random() < 0.5

    def scalar(self, kind: ScalarKind) -> int | float | bool:
        if kind is ScalarKind.BOOL:
            return self.boolean()
        if kind is ScalarKind.FLOAT:
            return self.float_value()
        return self.integer(kind)

    def in_range(self, kind: ScalarKind, low: int, high: int) -> int:
        """A value in [low, high] for a position with a compile-time constraint (index,
        shift amount, divisor): the full-range generator restricted, as in GLSLsmith."""
        value = self._rng.randint(low, high)
        if kind is ScalarKind.UINT and value < 0:
            raise ValueError("negative uint value requested")
        return value
