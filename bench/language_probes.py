"""The hand-written probe shaders of bench/language.py: one tiny GLSL shader per GLSL
feature (shadersmith/config/language_features.py), taken as a campaign takes a corpus
shader (front-end, emitter, reconditioner, interpreter), and, with --probe-targets,
compiled by Debian's glslang and run on the GL and Vulkan targets.

A target that rejects a probe answers `unsupported` here, never a finding: the probe may
need what the target lacks, or what the probe's harness does not bind (a compute probe
gets its `result` buffer only, a fragment probe the runners' fixed vertex shader), so the
bench prints each rejection's first line beside it.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from shadersmith.config.language_features import Feature
from shadersmith.corpus import Corpus, Unusable, open_corpus
from shadersmith.corpus.programs import check_program, converted_program
from shadersmith.ir.types import INT
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.session import TargetSession

# The GL and Vulkan targets a probe runs on (--probe-targets); glslang runs besides them.
# compile-gl-llvmpipe compiles and links without running (Mesa's GL front-end), so a probe's
# unbound resources cannot crash it; vk-lavapipe runs what it compiles, so it takes only
# the probes that bind nothing but their `result` buffer (RUNS_BOUND_ONLY).
PROBE_TARGETS = ("compile-gl-llvmpipe", "vk-lavapipe")
RUNS_BOUND_ONLY = frozenset({"vk-lavapipe"})
GLSLANG = "glslang"
_SUFFIX = {"compute": "comp", "fragment": "frag", "fragment-bare": "frag", "vertex": "vert"}
_HEADS = {
    "compute": "layout(local_size_x = 1) in;\n"
    "layout(std430, binding = 0) buffer Result { int result; };\n",
    "fragment": "layout(location = 0) out vec4 color;\n",
    "fragment-bare": "",
    "vertex": "",
}


def probe_source(feature: Feature) -> str:
    """The probe shader of a GLSL feature: its template, extensions, declarations and the
    statements of its main()."""
    extensions = "".join(f"#extension {name} : require\n" for name in feature.extensions)
    return (
        f"#version {feature.version}\n{extensions}{_HEADS[feature.stage]}{feature.decls}\n"
        f"void main() {{\n    {feature.probe}\n}}\n"
    )


def probe_file_name(index: int, feature: Feature) -> str:
    return f"probe{index:03d}.{_SUFFIX[feature.stage]}"


@dataclass(frozen=True)
class ProbeOutcome:
    """What the front-end, the emitter and the interpreter made of one probe: the emitted
    text (None where the front-end refused it) and "yes" or "refused: reason"."""

    emitted_text: str | None
    interpreted: str


def interpret_probes(features: list[Feature]) -> dict[str, ProbeOutcome]:
    """Each GLSL feature's probe, by feature name, taken as a corpus file is taken
    (corpus/programs.py): read, converted, emitted, reconditioned and interpreted."""
    outcomes: dict[str, ProbeOutcome] = {}
    with tempfile.TemporaryDirectory(prefix="language-probes-") as folder:
        names = {}
        for index, feature in enumerate(features):
            name = probe_file_name(index, feature)
            (Path(folder) / name).write_text(probe_source(feature), encoding="utf-8")
            names[name] = feature.name
        corpus = open_corpus(folder)
        for relative, feature_name in names.items():
            outcomes[feature_name] = _interpret(corpus, relative)
    return outcomes


def _interpret(corpus: Corpus, relative: str) -> ProbeOutcome:
    if relative.endswith(".vert"):
        return ProbeOutcome(None, "refused: a vertex-stage probe (the corpus path takes "
                            "compute and fragment shaders)")  # fmt: skip
    try:
        shader = converted_program(corpus, relative, 0)
    except Unusable as refusal:
        return ProbeOutcome(None, f"refused: {_short(refusal)}")
    try:
        check_program(shader)
    except Unusable as refusal:
        return ProbeOutcome(shader.text, f"refused: {_short(refusal)}")
    return ProbeOutcome(shader.text, "yes")


def _short(refusal: Unusable) -> str:
    text = f"{refusal.reason}: {refusal.detail}" if refusal.detail else refusal.reason
    return " ".join(text.split())[:90]


def glslang_accepts(source: str, stage: str) -> tuple[bool, str]:
    """Whether Debian's glslang compiles `source` for Vulkan 1.3, and its first error."""
    with tempfile.TemporaryDirectory(prefix="language-glslang-") as folder:
        path = Path(folder) / f"probe.{_SUFFIX[stage]}"
        path.write_text(source, encoding="utf-8")
        done = subprocess.run(
            ["glslangValidator", "-V", "--target-env", "vulkan1.3", "-o", "/dev/null", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    errors = [line for line in done.stdout.splitlines() if "ERROR" in line]
    return done.returncode == 0, (errors[0] if errors else "")


_REJECTIONS = (
    RunStatus.COMPILE_ERROR,
    RunStatus.LINK_ERROR,
    RunStatus.VALIDATION_ERROR,
    RunStatus.UNSUPPORTED,
)


def probe_targets(features: list[Feature]) -> dict[str, dict[str, tuple[str, str]]]:
    """Per feature: per target (glslang and PROBE_TARGETS), "ok", "unsupported" (a
    rejection) or another status word (a crash, a timeout), with the log's first line."""
    answers: dict[str, dict[str, tuple[str, str]]] = {}
    for feature in features:
        accepted, error = glslang_accepts(probe_source(feature), feature.stage)
        answers[feature.name] = {GLSLANG: ("ok", "") if accepted else ("unsupported", error)}
    runnable = [f for f in features if f.stage != "vertex"]
    for target in PROBE_TARGETS:
        with TargetSession([target]) as session:
            for name, why in session.missing.items():
                print(f"target {name} missing: {why}")
            if target in session.missing:
                continue
            for feature in runnable:
                if target in RUNS_BOUND_ONLY and _binds_resources(feature):
                    answers[feature.name][target] = ("-", "not run: binds what the harness lacks")
                    continue
                result = session.run(_job(feature))[target]
                word = "ok" if result.status is RunStatus.OK else result.status.value
                if result.status in _REJECTIONS:
                    word = "unsupported"
                log = result.log.strip()
                answers[feature.name][target] = (
                    word,
                    "" if word == "ok" else " ".join(log.split())[:140],
                )
    return answers


def _binds_resources(feature: Feature) -> bool:
    return re.search(r"\bbinding\b|\buniform\b|\bbuffer\b", feature.decls) is not None


def _job(feature: Feature) -> Job:
    source = probe_source(feature)
    if feature.stage == "compute":
        result = BufferInput(0, (("result", INT),), {"result": 0})
        return Job("compute", source, buffers=(result,))
    return Job("fragment", source, width=4, height=4)
