"""GLSL front-end benchmark on real shaders: piglit's compute and fragment shaders.

    .venv/bin/python bench/frontend.py [--limit N] [--stage comp|frag|both] [--cache FILE]

Needs the Debian package `piglit` (not installed by the project: it is 2 GB and only this
benchmark reads it) and `glslangValidator`. Every `[compute shader]` and `[fragment shader]`
section of every `*.shader_test` is extracted; those glslang accepts are the corpus, and
the figure is the share of them that `parse_glsl` parses and type-checks (`accept_rate`),
with the median parse time. Rejections are grouped by a normalised message so that the
front-end's gaps show. The last line is one JSON object.

Piglit repeats the same pass-through shader in thousands of generated tests, so the JSON
also gives the figures over distinct shader texts (`unique_*`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from shadersmith.front.glsl import FrontEndError, parse_glsl

PIGLIT_ROOT = Path("/usr/lib/x86_64-linux-gnu/piglit")
_SECTION_STAGES = {"[compute shader]": "comp", "[fragment shader]": "frag"}
_GLSLANG = "glslangValidator"


@dataclass(frozen=True, slots=True)
class Shader:
    path: str
    stage: str  # glslang's stage name: comp or frag
    text: str
    # GLSL ES tests without #version are ESSL 100; the others default to GLSL 110.
    es: bool


def extract_shaders(path: Path) -> Iterator[Shader]:
    """The compute and fragment shader sections of one piglit shader_test file."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
    except OSError:
        return
    require: list[str] = []
    section: str | None = None
    body: list[str] = []
    sections: list[tuple[str, str]] = []
    for line in [*lines, "[end]\n"]:
        header = line.strip()
        if line.startswith("[") and header.endswith("]"):
            if section is not None:
                sections.append((section, "".join(body)))
            section, body = header, []
        elif section is not None:
            body.append(line)
    for name, text in sections:
        if name == "[require]":
            require.append(text)
    requirements = "".join(require)
    es = re.search(r"\bGL(SL)?\s+ES\b", requirements) is not None
    version = _required_glsl_version(requirements)
    for name, text in sections:
        stage = _SECTION_STAGES.get(name)
        if stage is None or not text.strip():
            continue
        if version is not None and not _HAS_VERSION.search(text):
            # What shader_runner does: a shader without #version gets the required one.
            text = f"#version {version}\n{text}"
        yield Shader(str(path), stage, text, es)


_HAS_VERSION = re.compile(r"^\s*#\s*version\b", re.MULTILINE)
_GLSL_REQUIREMENT = re.compile(r"^\s*GLSL\s+(ES\s+)?>=?\s*(\d+)\.(\d+)", re.MULTILINE)


def _required_glsl_version(requirements: str) -> str | None:
    """The `#version` shader_runner adds for a `GLSL [ES] >= X.YZ` requirement."""
    match = _GLSL_REQUIREMENT.search(requirements)
    if match is None:
        return None
    number = int(match.group(2)) * 100 + int(match.group(3).ljust(2, "0")[:2])
    if match.group(1) and number != 100:
        return f"{number} es"
    return str(number)


def glslang_accepts(stage: str, text: str, es: bool) -> bool:
    command = [_GLSLANG, "--stdin", "-S", stage]
    if not es:
        command.append("-d")
    try:
        result = subprocess.run(
            command, input=text, capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


def _glslang_job(item: tuple[str, str, bool]) -> bool:
    return glslang_accepts(*item)


_NORMALISERS = [
    (re.compile(r"^line \d+, column \d+: "), ""),
    (re.compile(r"\b\d+\b"), "N"),
]


def normalise(message: str) -> str:
    """The message with positions, names and numbers blanked, so alike errors group."""
    for pattern, replacement in _NORMALISERS:
        message = pattern.sub(replacement, message)
    return message


def parse_one(text: str) -> tuple[str | None, float]:
    """The front-end's rejection message (None when accepted) and the parse time in ms."""
    start = time.perf_counter()
    try:
        parse_glsl(text)
        error: str | None = None
    except FrontEndError as rejected:
        error = str(rejected)
    except Exception as crash:  # a crash is a front-end bug: count and show it, never hide
        error = f"CRASH {type(crash).__name__}: {crash}"
    return error, (time.perf_counter() - start) * 1000


def _load_cache(path: Path | None) -> dict[str, bool]:
    if path is None or not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {str(k): bool(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _key(stage: str, text: str, es: bool) -> str:
    return hashlib.sha256(f"{stage}\0{es}\0{text}".encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="read at most N test files")
    parser.add_argument("--stage", choices=("comp", "frag", "both"), default="both")
    parser.add_argument("--jobs", type=int, default=2, help="glslang processes")
    parser.add_argument("--cache", type=Path, default=None, help="file of glslang verdicts")
    parser.add_argument("--top", type=int, default=25, help="rejection groups shown")
    parser.add_argument("--show", type=int, default=0, help="print N example rejections")
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    tests_dir = PIGLIT_ROOT
    if not tests_dir.is_dir():
        print(f"piglit is not installed ({PIGLIT_ROOT} missing): apt-get install -y piglit")
        return 2
    stages = {"comp", "frag"} if args.stage == "both" else {args.stage}

    files = sorted(tests_dir.rglob("*.shader_test"))
    if args.limit is not None:
        files = files[: args.limit]
    shaders = [s for f in files for s in extract_shaders(f) if s.stage in stages]

    distinct = sorted({(s.stage, s.text, s.es) for s in shaders})
    cache = _load_cache(args.cache)
    todo = [item for item in distinct if _key(*item) not in cache]
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("glslang", total=len(todo))
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for item, verdict in zip(todo, pool.map(_glslang_job, todo, chunksize=16), strict=True):
                cache[_key(*item)] = verdict
                progress.advance(task)
    if args.cache is not None:
        args.cache.write_text(json.dumps(cache))
    valid = [s for s in shaders if cache[_key(s.stage, s.text, s.es)]]

    results: dict[str, tuple[str | None, float]] = {}
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("front-end", total=len(valid))
        for shader in valid:
            if shader.text not in results:
                results[shader.text] = parse_one(shader.text)
            progress.advance(task)

    errors = [results[s.text][0] for s in valid]
    accepted = sum(error is None for error in errors)
    groups = Counter(normalise(e) for e in errors if e is not None)
    unique_errors = [error for error, _ in results.values()]
    unique_groups = Counter(normalise(e) for e in unique_errors if e is not None)
    crashes = sum(1 for e in unique_errors if e is not None and e.startswith("CRASH"))
    times = [ms for _, ms in results.values()]

    table = Table(title="front-end rejections of glslang-accepted shaders")
    table.add_column("shaders", justify="right")
    table.add_column("distinct", justify="right")
    table.add_column("normalised message")
    for message, count in unique_groups.most_common(args.top):
        table.add_row(str(groups[message]), str(count), message)
    Console().print(table)
    if args.show:
        shown = 0
        for shader in valid:
            error = results[shader.text][0]
            if error is not None and shown < args.show:
                print(f"{shader.path} [{shader.stage}]: {error}")
                shown += 1

    summary = {
        "accept_rate": round(accepted / len(valid), 4) if valid else 0.0,
        "median_ms": round(statistics.median(times), 3) if times else 0.0,
        "shaders_found": len(shaders),
        "glslang_accepted": len(valid),
        "frontend_accepted": accepted,
        "unique_glslang_accepted": len(results),
        "unique_frontend_accepted": sum(e is None for e in unique_errors),
        "unique_accept_rate": (
            round(sum(e is None for e in unique_errors) / len(results), 4) if results else 0.0
        ),
        "crashes": crashes,
        "stage": args.stage,
        "files": len(files),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
