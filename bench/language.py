"""The language table (issue 36, item 1): every feature of GLSL 4.60 with the Vulkan GLSL
extensions glslang supports, and of WGSL as naga 29 supports it, and how much of each the
generator and the rest of shadersmith cover.

    .venv/bin/python bench/language.py [--count 300] [--corpus piglit] [--corpus-limit N]
        [--cts DIR] [--probe-targets] [--markdown docs/generation.md]

The features are rows of shadersmith/config/language_features.py. Every column is counted
from the code:
- generated: the share of `--count` programs with every generator option on
  (generate/presets.EVERY_FEATURE) whose emitted text the feature's detector finds;
- emitted: generated, or (GLSL) the feature's probe shader read by the front-end and
  written back by the emitter still holds it, or (WGSL) the WGSL emitter's code holds the
  row's marker;
- interpreted: generated (the interpreter runs every generated program), or the probe
  taken as a corpus shader is (front-end, reconditioner, interpreter with its sanitizer),
  else "refused: " and the reason; a WGSL row takes its GLSL twin's answer;
- reconditioned: "no UB" where the feature has no undefined behaviour, "yes" where the
  reconditioner's file holds the row's guard, else "no: " and the hazard;
- default: the share of `--count` programs of `fuzz`'s default mix (cli/fuzz.py);
- piglit, CTS: the share of piglit's shaders (files) and of the Vulkan CTS GraphicsFuzz
  tests (bench/coverage.py's checkout, or `--cts DIR`) whose shaders use it (GLSL rows);
- targets (`--probe-targets`, slow): the probe compiled by Debian's glslang for Vulkan
  1.3 and run on gl-llvmpipe and vk-lavapipe (bench/language_probes.py).
`--markdown FILE` rewrites the table between FILE's `<!-- language-table start -->` and
`<!-- language-table end -->` lines. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import random
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from language_probes import interpret_probes, probe_targets

from shadersmith.cli.fuzz import FUZZ_GENERATOR_DEFAULTS
from shadersmith.config.language_features import FEATURES, GLSL, WGSL, Feature, glsl_feature
from shadersmith.corpus import CorpusError, Unusable, open_corpus
from shadersmith.corpus.files import read_corpus_file
from shadersmith.emit import emit
from shadersmith.generate.presets import EVERY_FEATURE, options_with
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.profile import WGSL as WGSL_PROFILE

ROOT = Path(__file__).resolve().parent.parent
START = "<!-- language-table start -->"
END = "<!-- language-table end -->"
# The generator's options for "generated?": every feature on, at a campaign's rates.
EVERY_OPTION: dict[str, Any] = dict(EVERY_FEATURE)
PROFILES = {GLSL: GLSL450, WGSL: WGSL_PROFILE}
PREPROCESSOR = "preprocessor"  # the family of the preprocessor's rows


def _bench_module(name: str) -> ModuleType:
    """A sibling bench file loaded by path (bench/ is no package, and `coverage` is also
    the name of a package of the environment)."""
    spec = importlib.util.spec_from_file_location(f"language_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ texts


_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def without_comments(text: str) -> str:
    return _COMMENTS.sub(" ", text)


@dataclass(frozen=True)
class GeneratedTexts:
    """The programs' texts as emitted, and without their preprocessor spelling
    (Program.macros): the preprocessor's rows count the first; every other row the
    second, the features the programs hold (a macro's `(a, b)`, a skipped group's
    garbage or `#ifdef VULKAN`'s second copy of a line are no comma operator, no
    initialiser and no overload)."""

    spelled: list[str]
    plain: list[str]

    def of(self, feature: Feature) -> list[str]:
        return self.spelled if feature.family == PREPROCESSOR else self.plain


def generated_texts(
    language: str, settings: dict[str, Any], seeds: Iterable[int]
) -> GeneratedTexts:
    """The emitted text of each seed's program (with its vertex shader, if any)."""
    profile = PROFILES[language]
    options = options_with(settings)
    texts = GeneratedTexts([], [])
    for seed in seeds:
        generated = generate(seed, options, profile)
        shaders = [generated.program] + ([generated.vertex] if generated.vertex else [])
        spelled = "\n".join(emit(shader, profile) for shader in shaders)
        plain = "\n".join(emit(dataclasses.replace(s, macros=None), profile) for s in shaders)
        texts.spelled.append(without_comments(spelled))
        texts.plain.append(without_comments(plain))
    return texts


def piglit_texts(spec: str, limit: int | None, coverage: ModuleType) -> list[str]:
    """The GLSL of each file of the corpus (`limit`: an evenly spread sample): a shader_test
    file's shader sections together, a bare shader that must compile; comments removed."""
    corpus = open_corpus(spec)
    files = list(corpus.files)
    if limit is not None and limit < len(files):
        files = sorted(random.Random("language-corpus").sample(files, limit))
    texts = []
    for relative in files:
        try:
            text = read_corpus_file(corpus, relative).decode("utf-8", errors="replace")
        except Unusable:
            continue
        if relative.endswith(".shader_test"):
            shaders = [body for _, body in coverage.piglit_shaders(text)]
        elif coverage.bare_shader_expected_to_pass(text) or "expect_result" not in text:
            shaders = [text]
        else:
            shaders = []
        if shaders:
            texts.append(without_comments("\n".join(shaders)))
    return texts


def cts_texts(folder: Path, coverage: ModuleType) -> list[str]:
    """The GLSL of each CTS GraphicsFuzz test (an Amber script): its GLSL shaders and the
    GLSL its SPIR-V shaders are derived from, together."""
    texts = []
    for path in sorted(folder.glob("*.amber")):
        shaders = [s.glsl for s in coverage.amber_shaders(path.read_text()) if s.glsl]
        if shaders:
            texts.append(without_comments("\n".join(shaders)))
    return texts


def share(feature: Feature, texts: list[str]) -> float | None:
    if not texts:
        return None
    return sum(1 for text in texts if feature.found_in(text)) / len(texts)


# ------------------------------------------------------------------ the columns


def emitter_code() -> str:
    """The WGSL emitter's code, where a WGSL row's marker is looked for."""
    return "\n".join(p.read_text() for p in sorted((ROOT / "shadersmith/emit").glob("wgsl*.py")))


def reconditioned(feature: Feature) -> str:
    if not feature.hazard:
        return "no UB"
    if feature.guard is not None:
        file, token = feature.guard
        path = ROOT / "shadersmith" / "recondition" / file
        if path.is_file() and token in path.read_text():
            return f"yes ({Path(file).stem})"
    return f"no: {feature.hazard}"


@dataclass
class Row:
    feature: Feature
    generated: float  # share of programs with every option on
    default: float  # share of programs of the default mix
    emitted: bool
    interpreted: str  # "yes" or "refused: ..." or "no: ..."
    reconditioned: str
    piglit: float | None = None
    cts: float | None = None
    targets: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Corpora:
    piglit: list[str]
    cts: list[str]
    notes: tuple[str, ...]


def table(
    count: int,
    corpora: Corpora,
    features: tuple[Feature, ...] = FEATURES,
    targets: bool = False,
    first_seed: int = 0,
) -> list[Row]:
    """One row per feature, every column measured (see the module docstring)."""
    seeds = range(first_seed, first_seed + count)
    every = {lang: generated_texts(lang, EVERY_OPTION, seeds) for lang in PROFILES}
    default = {lang: generated_texts(lang, FUZZ_GENERATOR_DEFAULTS, seeds) for lang in PROFILES}
    glsl_rows = [f for f in features if f.language == GLSL]
    probes = interpret_probes(glsl_rows)
    answers = probe_targets(glsl_rows) if targets else {}
    wgsl_emitter = emitter_code()
    rows: list[Row] = []
    generated_glsl: dict[str, bool] = {}
    for feature in features:
        generated = share(feature, every[feature.language].of(feature)) or 0.0
        default_share = share(feature, default[feature.language].of(feature)) or 0.0
        if feature.language == GLSL:
            outcome = probes[feature.name]
            text = outcome.emitted_text
            emitted = generated > 0 or (text is not None and feature.found_in(text))
            interpreted = "yes" if generated > 0 else outcome.interpreted
            generated_glsl[feature.name] = generated > 0
        else:
            emitted = generated > 0 or bool(feature.marker and feature.marker in wgsl_emitter)
            interpreted = "yes" if generated > 0 else _twin_answer(feature, probes, features)
        rows.append(
            Row(
                feature,
                generated,
                default_share,
                emitted,
                interpreted,
                reconditioned(feature),
                share(feature, corpora.piglit) if feature.language == GLSL else None,
                share(feature, corpora.cts) if feature.language == GLSL else None,
                answers.get(feature.name, {}),
            )
        )
    return rows


def _twin_answer(feature: Feature, probes: dict[str, Any], features: tuple[Feature, ...]) -> str:
    if not feature.twin:
        return "no: no GLSL twin in the IR (no WGSL front-end)"
    twin = glsl_feature(feature.twin)
    if twin.name not in probes or twin not in features:
        return f"as GLSL {twin.name}: not measured"
    answer: str = probes[twin.name].interpreted
    return "yes (as its GLSL twin)" if answer == "yes" else f"as GLSL {twin.name}: {answer}"


def summary(rows: list[Row]) -> dict[str, int]:
    return {
        "features": len(rows),
        "generated": sum(1 for r in rows if r.generated > 0),
        "interpreted": sum(1 for r in rows if r.interpreted.startswith("yes")),
        "emitted": sum(1 for r in rows if r.emitted),
        "in_default_mix": sum(1 for r in rows if r.default > 0),
        "reconditioned": sum(1 for r in rows if not r.reconditioned.startswith("no:")),
    }


# ------------------------------------------------------------------ printing


def _percent(value: float | None) -> str:
    if value is None:
        return "-"
    if value == 0:
        return "0"
    return f"{100 * value:.1f}%" if value >= 0.001 else "<0.1%"


def _targets_cell(row: Row) -> str:
    if not row.targets:
        return "-"
    return " ".join(f"{name}:{word}" for name, (word, _) in row.targets.items())


def markdown(rows: list[Row], count: int, notes: tuple[str, ...]) -> str:
    """The table as the doc shows it: one Markdown table, GLSL rows then WGSL rows."""
    probed = any(row.targets for row in rows)
    head = ["language", "family", "feature", "generated", "emitted", "interpreted",
            "reconditioned", "default mix", "piglit", "CTS GraphicsFuzz"]  # fmt: skip
    if probed:
        head.append("targets")
    lines = [
        f"Measured by `bench/language.py --count {count}` (rewritten by its `--markdown`): "
        f"{count} programs per language with every generator option on (generated) and of "
        "`fuzz`'s default mix; the probe shaders of shadersmith/config/language_features.py.",
        *(f"{note}" for note in notes),
        "",
        "| " + " | ".join(head) + " |",
        "|" + " --- |" * len(head),
    ]
    for row in rows:
        f = row.feature
        cells = [
            f.language.upper(),
            f.family,
            f"{f.name}: {f.description}",
            _percent(row.generated),
            "yes" if row.emitted else "no",
            row.interpreted,
            row.reconditioned,
            _percent(row.default),
            _percent(row.piglit),
            _percent(row.cts),
        ]
        if probed:
            cells.append(_targets_cell(row))
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    figures = summary(rows)
    lines += ["", "Totals: " + ", ".join(f"{k} {v}" for k, v in figures.items()) + "."]
    return "\n".join(lines) + "\n"


def rewrite_region(document: str, body: str) -> str:
    """`document` with the lines between its START and END lines replaced by `body`;
    ValueError when it has not one of each, in that order."""
    lines = document.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == START]
    ends = [i for i, line in enumerate(lines) if line.strip() == END]
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise ValueError(f"expected one {START} line and one {END} line after it")
    return "".join(lines[: starts[0] + 1]) + body + "".join(lines[ends[0] :])


def print_rows(rows: list[Row]) -> None:
    print(f"{'feature':44} {'gen':>6} {'dflt':>6} {'emit':4} {'piglit':>6} {'cts':>6}  "
          "interpreted / reconditioned")  # fmt: skip
    for row in rows:
        name = f"{row.feature.language}:{row.feature.name}"[:44]
        print(
            f"{name:44} {_percent(row.generated):>6} {_percent(row.default):>6} "
            f"{'yes' if row.emitted else 'no':4} {_percent(row.piglit):>6} "
            f"{_percent(row.cts):>6}  {row.interpreted[:60]} / {row.reconditioned}"
        )
        for target, (word, why) in row.targets.items():
            if word != "ok":
                print(f"    {target}: {word} {why}")


def read_corpora(spec: str, limit: int | None, cts: Path | None) -> Corpora:
    coverage = _bench_module("coverage")
    notes = []
    piglit: list[str] = []
    if spec != "none":
        try:
            piglit = piglit_texts(spec, limit, coverage)
            notes.append(f"piglit: {len(piglit)} files with GLSL shaders ({spec}).")
        except CorpusError as error:
            notes.append(f"piglit: not counted ({error}).")
    folder = cts if cts is not None else coverage.DEFAULT_CTS
    cts_list: list[str] = []
    if folder.is_dir():
        cts_list = cts_texts(folder, coverage)
        notes.append(f"CTS GraphicsFuzz: {len(cts_list)} Amber tests with GLSL.")
    else:
        notes.append(f"CTS GraphicsFuzz: not on this machine ({folder}); piglit's only.")
    return Corpora(piglit, cts_list, tuple(notes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="programs per language and mix")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--corpus", default="piglit", help="piglit, a directory, or none")
    parser.add_argument("--corpus-limit", type=int, help="a sample of this many corpus files")
    parser.add_argument("--cts", type=Path, help="the CTS GraphicsFuzz Amber folder")
    parser.add_argument("--probe-targets", action="store_true", help="glslang, GL, Vulkan")
    parser.add_argument("--markdown", type=Path, help="rewrite this file's table region")
    args = parser.parse_args()
    started = time.perf_counter()
    corpora = read_corpora(args.corpus, args.corpus_limit, args.cts)
    rows = table(args.count, corpora, targets=args.probe_targets, first_seed=args.first_seed)
    print_rows(rows)
    for note in corpora.notes:
        print(note)
    if args.markdown is not None:
        document = args.markdown.read_text(encoding="utf-8")
        body = markdown(rows, args.count, corpora.notes)
        args.markdown.write_text(rewrite_region(document, body), encoding="utf-8")
        print(f"rewrote the table in {args.markdown}")
    print(f"{time.perf_counter() - started:.0f} s")
    print(json.dumps(summary(rows)))


if __name__ == "__main__":
    main()
