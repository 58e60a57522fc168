"""What every export needs: the test's expected buffers and its bytes as words."""

from __future__ import annotations

from shadersmith.case import TestCase
from shadersmith.interp import run_compute
from shadersmith.ir.values import BufferValues
from shadersmith.trial import prepare_loaded


class ExportError(ValueError):
    """A test that cannot be exported; the message is one line for the user."""


def expected_buffers(test: TestCase, format_name: str) -> BufferValues:
    """The reference interpreter's buffers after `test`'s dispatch (compute tests)."""
    if test.stage != "compute":
        raise ExportError(f"{format_name} export handles compute tests only, not {test.stage}")
    trial = prepare_loaded(test)
    if trial.program is None or trial.values is None:
        raise ExportError("the test's shader cannot be read by the front-end: no expected output")
    return run_compute(trial.program, trial.values, workgroups=test.inputs.dispatch).buffers


def words_of(data: bytes) -> list[int]:
    """`data` as little-endian unsigned 32-bit words (zero-padded)."""
    padded = data + bytes(-len(data) % 4)
    return [int.from_bytes(padded[i : i + 4], "little") for i in range(0, len(padded), 4)]
