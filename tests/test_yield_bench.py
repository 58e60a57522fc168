"""bench/yield.py's arithmetic and its hand-review rules, on the stored GPU run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
RUN = BENCH / "data" / "yield" / "gpu-2026-11-29"


def _bench() -> ModuleType:
    # "yield" is a keyword: the module is loaded by its path.
    spec = importlib.util.spec_from_file_location("yield_bench", BENCH / "yield.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["yield_bench"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bench = _bench()


def test_garwood_intervals_match_the_tables() -> None:
    # Poisson 95% limits from chi-square tables: 0 -> (0, 3.689), 1 -> (0.0253, 5.572),
    # 7 -> (2.814, 14.42).
    for count, (low, high) in {0: (0.0, 3.689), 1: (0.0253, 5.572), 7: (2.814, 14.42)}.items():
        got = bench.poisson_interval(count)
        assert got[0] == pytest.approx(low, abs=1e-3)
        assert got[1] == pytest.approx(high, abs=1e-2)


def test_a_review_merges_keys_and_takes_false_alarms_out() -> None:
    causes = {"a|ops:+": "new", "a|ops:+,-": "new", "b|ops:": "new", "c|ops:": "ours"}
    review = {"a|ops:+,-": "same as a|ops:+", "b|ops:": "false alarm: undefined behaviour"}
    assert bench.reviewed(causes, review) == {"a|ops:+": "new", "b|ops:": "false", "c|ops:": "ours"}
    with pytest.raises(SystemExit, match="loop"):
        bench.reviewed({"x": "new"}, {"x": "same as y", "y": "same as x"})
    with pytest.raises(SystemExit, match="none of"):
        bench.reviewed({"x": "new"}, {"x": "maybe"})


def test_the_stored_gpu_run_reads_back_with_its_review(capsys: pytest.CaptureFixture[str]) -> None:
    campaigns = bench._load(RUN)
    review = bench.json.loads((RUN / "review.json").read_text())
    summary = bench.summarise(campaigns, review)
    assert len(campaigns) == 20  # 5 configurations x 4 rounds
    crash, default = summary["crash"], summary["default"]
    assert (crash["new"], crash["false"]) == (7, 4)
    assert default["new"] == 1 and default["known"] == 8
    assert crash["tests_per_cpu_hour"] > 10 * default["tests_per_cpu_hour"]
    assert "crash" in capsys.readouterr().out
