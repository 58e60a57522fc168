"""bench/language.py's core on a few programs: the language table counts what the
generator writes (for loops, in the default mix too; float16 and WGSL f16 in the
every-option mix) and what it never writes (subpass inputs, WGSL derivatives),
its summary has the issue's keys, and the doc's region is rewritten idempotently."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from shadersmith.config.language_features import FEATURES, GLSL, GLSL_FEATURES, glsl_feature

BENCH = Path(__file__).resolve().parent.parent / "bench" / "language.py"
COUNT = 12


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("shadersmith_language_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rows(bench: ModuleType) -> list[Any]:
    corpora = bench.Corpora(
        ["for (int i = 0; i < 2; i++) { float16_t d; }", "void main() {}"], [], ()
    )
    chosen = tuple(
        f
        for f in FEATURES
        if f.name
        in (
            "for",
            "float16",
            "while",
            "f16",
            "specialization constants",
            "subpass inputs",
            "derivatives",
        )
    )
    result: list[Any] = bench.table(COUNT, corpora, chosen)
    return result


def row(rows: list[Any], language: str, name: str) -> Any:
    return next(r for r in rows if (r.feature.language, r.feature.name) == (language, name))


def test_for_loops_are_generated_emitted_interpreted_and_in_the_default_mix(
    rows: list[Any],
) -> None:
    found = row(rows, GLSL, "for")
    assert found.generated > 0
    assert found.default > 0
    assert found.emitted is True
    assert found.interpreted == "yes"
    assert found.reconditioned == "yes (loop_limiters)"
    assert found.piglit == 0.5


def test_subpass_inputs_are_not_generated_and_the_interpreter_refuses_them(
    rows: list[Any],
) -> None:
    # (double, float16, then buffer references were this test's row until the generator
    # learnt them: --doubles, --float16, --buffer-reference.)
    found = row(rows, GLSL, "subpass inputs")
    assert found.generated == 0
    assert found.default == 0
    assert found.interpreted.startswith("refused: ")
    assert found.piglit == 0
    assert found.cts is None


def test_float16_and_wgsl_f16_are_generated_in_the_every_option_mix_and_interpreted(
    rows: list[Any],
) -> None:
    for language, name in ((GLSL, "float16"), ("wgsl", "f16")):
        found = row(rows, language, name)
        assert found.generated > 0, name
        assert found.default == 0, name
        assert found.emitted is True, name
        assert found.interpreted == "yes", (name, found.interpreted)
        assert found.reconditioned.startswith("yes (exact_floats"), found.reconditioned
    assert row(rows, GLSL, "float16").piglit == 0.5


def test_a_wgsl_row_never_generated_takes_its_glsl_twins_answer(rows: list[Any]) -> None:
    # (override, then f16 were this test's row until WGSL programs got them.)
    found = row(rows, "wgsl", "derivatives")
    assert found.generated == 0
    assert found.interpreted.startswith("as GLSL derivatives: refused: ")
    assert found.emitted is False


def test_the_summary_has_the_issues_keys(bench: ModuleType, rows: list[Any]) -> None:
    figures = json.loads(json.dumps(bench.summary(rows)))
    assert {"features", "generated", "interpreted", "emitted", "in_default_mix"} <= set(figures)
    # for, while, float16, derivatives in both languages; specialization; subpass inputs
    assert figures["features"] == 10
    assert figures["generated"] >= 6  # for, while, float16 in both languages
    assert figures["in_default_mix"] >= 1


def test_the_markdown_region_is_rewritten_idempotently(bench: ModuleType, rows: list[Any]) -> None:
    document = f"# Title\n\nbefore\n\n{bench.START}\nold table\n{bench.END}\n\nafter\n"
    body = bench.markdown(rows, COUNT, ("a note.",))
    once = bench.rewrite_region(document, body)
    assert once == bench.rewrite_region(once, body)
    assert "old table" not in once
    assert once.startswith("# Title\n\nbefore\n") and once.endswith("\n\nafter\n")
    assert "| GLSL | control flow | for: for loops |" in once
    with pytest.raises(ValueError, match="language-table"):
        bench.rewrite_region("no markers\n", body)


def test_every_wgsl_twin_names_a_glsl_row_and_names_are_unique() -> None:
    names = [(f.language, f.name) for f in FEATURES]
    assert len(names) == len(set(names))
    for feature in FEATURES:
        if feature.twin:
            assert glsl_feature(feature.twin).language == GLSL
    assert all(f.probe for f in GLSL_FEATURES)


def test_the_detectors_tell_a_feature_from_its_neighbours() -> None:
    def detects(name: str, text: str) -> bool:
        return glsl_feature(name).found_in(text)

    assert detects("while", "while (x < 3) x++;")
    assert not detects("while", "do { x++; } while (x < 3);")
    assert detects("switch fall-through", "switch (x) { case 0: y = 1; case 1: y = 2; break; }")
    assert not detects("switch fall-through", "switch (x) { case 0: y = 1; break; case 1: }")
    assert detects("non-square matrices", "mat2x3 m;")
    assert not detects("non-square matrices", "mat3x3 m;")
    assert detects("overloads", "int f(int x) {\n}\nfloat f(float x) {\n}\n")
    assert detects("recursion", "int f(int x) {\n  return f(x);\n}\n")
    assert not detects("recursion", "int f(int x) {\n  return x;\n}\nvoid main() { f(1); }")
