"""The float mode a recorded test is judged in, read from its provenance."""

from __future__ import annotations

from shadersmith.case import Provenance, TestCaseError
from shadersmith.interp.float_mode import FloatMode
from shadersmith.recondition.step import RECONDITION, float_mode_of


def recorded_float_mode(provenance: Provenance) -> FloatMode:
    """The float mode a test's record names: its recondition step's, else its generator
    options' (`float_mode`: a program generated for the interval mode, or a hand-written
    one made a test with `scripts/test_from_shader.py --floats interval`), else EXACT."""
    if provenance.step_named(RECONDITION) is not None:
        return float_mode_of(provenance.steps)
    try:
        return FloatMode(provenance.options.get("float_mode", FloatMode.EXACT.value))
    except ValueError:
        raise TestCaseError(
            f"test.json: unknown float mode {provenance.options.get('float_mode')!r}"
        ) from None
