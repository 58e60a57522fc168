"""What the INTERVAL float mode (float_mode.py) adds around a compiled program: inputs as
point intervals, and the programs it does not run."""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.analysis.subgroups import uses_subgroups
from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval
from shadersmith.ir.program import Program


def as_intervals(slots: Sequence[object], floats: FloatMode) -> list[object]:
    """Input slots as the mode holds them: each float (exact, a float32) as its point."""
    if floats is not FloatMode.INTERVAL:
        return list(slots) if not isinstance(slots, list) else slots
    return [Interval.point(s + 0.0) if type(s) is float else s for s in slots]


def refuse_for_intervals(program: Program, sanitize: bool) -> None:
    """Raise InterpreterError for what the interval mode does not model: runs without the
    sanitizer (the refusals of a rounding-dependent branch are its checks), textures
    (sampling filters floats by rules of their own) and subgroup operations on floats."""
    if not sanitize:
        raise InterpreterError("the interval float mode runs with the sanitizer only")
    if program.textures:
        raise InterpreterError("the interval float mode does not model textures")
    if uses_subgroups(program):
        raise InterpreterError("the interval float mode does not model subgroup operations")
