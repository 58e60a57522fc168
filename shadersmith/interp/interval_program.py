"""What the INTERVAL float mode (float_mode.py) adds around a compiled program: inputs as
point intervals, and the programs it does not run.

Textures and subgroups are run (issue 37): a texture is lowered to a buffer
(textures.py) whose float texels are inputs, so points, as a texelFetch or a nearest
read at a texel's centre gives them exactly (R32F: no conversion, no filtering between
texels; ir/sampling.py), and images hold integers only; float subgroup arithmetic is
bounded over every order of its lanes (interval_subgroups.py)."""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.analysis.widths import FLOAT16, FLOAT64, program_features
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
    sanitizer (the refusals of a rounding-dependent branch are its checks), and float16_t
    or double values (its intervals are float32's; the generator draws neither in this
    mode, a hand-written test may hold them)."""
    if not sanitize:
        raise InterpreterError("the interval float mode runs with the sanitizer only")
    wider_or_narrower = program_features(program) & {FLOAT16, FLOAT64}
    if wider_or_narrower:
        raise InterpreterError(
            f"the interval float mode models float32 alone, not {sorted(wider_or_narrower)}"
        )
