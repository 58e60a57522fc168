"""Exports of interval-mode compute tests: exact expectations where every float output is
one value, a one-line refusal where one may be several.

tests/data/gl-nvidia-uint-int-float is the H200's gl-nvidia finding `a = float(u); b =
float(int(u));` with u = 4294967040: both are float32 values (4294967040.0 and -256.0)
outside the exact mode's set, so only the interval mode has a reference for it; before,
every export (and so the bug report) said the reference interpreter could not run it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shadersmith.case import load_test
from shadersmith.export.common import ExportError
from shadersmith.export.piglit import piglit_shader_test

DATA = Path(__file__).parent / "data" / "gl-nvidia-uint-int-float"


def test_an_interval_test_whose_outputs_are_single_values_exports_them_exactly() -> None:
    text = piglit_shader_test(load_test(DATA))
    assert "probe ssbo float 0 8 == -256.0" in text
    probe_a = next(line for line in text.splitlines() if line.startswith("probe ssbo float 0 4"))
    assert float(probe_a.split("==")[1]) == pytest.approx(4294967040.0, rel=2**-24)


def test_an_interval_test_with_a_rounded_output_is_refused_in_one_line(tmp_path: Path) -> None:
    copy = tmp_path / "rounded"
    shutil.copytree(DATA, copy)
    for name in ("shader.comp", "unreconditioned.comp"):
        path = copy / name
        path.write_text(path.read_text().replace("b = float(int(u));", "b = 1.0 / 3.0;"))
    with pytest.raises(ExportError, match="may be any of") as error:
        piglit_shader_test(load_test(copy))
    assert "\n" not in str(error.value)
