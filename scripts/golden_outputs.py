"""Golden outputs: the shaders a few fixed seeds give, kept in tests/data/emitted/.

    .venv/bin/python scripts/golden_outputs.py [--check]

"The same seed and options always give the same bytes" (README), as snapshot tests in
naga's `tests/out/` style. For each case (a language profile, a stage, a seed, and the
generator's default options, swarm testing or a generated vertex stage), the directory
tests/data/emitted/<profile>-<stage>-seed-<N>[-swarm|-vertex]/ holds:
- generated.<ext>: the program as generated, unreconditioned: what `shadersmith generate`
  prints and writes (case/build.py's testcase_from_generated);
- reconditioned.<ext>: the program as `fuzz` runs it, reconditioned (trial.py's
  prepare_generated);
- inputs.json: the reconditioned test's inputs (buffers, uniforms, dispatch or target
  size), as test.json writes them.
<ext> is the test's own shader file name without its `shader.` (comp, frag, vert, wgsl,
vertex.wgsl). Without --check the files are written again and any other file under
tests/data/emitted/ is deleted; with --check nothing is written, and the exit status is 1
when a file differs, is missing or is stale, after a unified diff of the first
difference. tests/test_golden_outputs.py runs the check in-process: after an intended
change to the generator, the reconditioner or an emitter, run this script and commit the
files it changes.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# The library, in one place (a module that moves is one edit here): the generator and its
# options, the profiles, the unreconditioned test `shadersmith generate` writes, the
# reconditioned one `fuzz` runs, and test.json's encoding.
from shadersmith.case import TestCase, to_json
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import profile_named
from shadersmith.rebuild.build import testcase_from_generated
from shadersmith.trial import prepare_generated

EMITTED = Path(__file__).resolve().parent.parent / "tests" / "data" / "emitted"

PROFILES = ("glsl450", "essl310", "wgsl")
STAGES = ("compute", "fragment")
SEEDS = (1, 2)
SWARM_SEED = 3  # a compute program under swarm testing, fuzz's default
VERTEX_SEED = 4  # a fragment program with a generated vertex shader


@dataclass(frozen=True)
class Case:
    profile: str
    stage: str
    seed: int
    swarm: bool = False  # SmithOptions.swarm, which `fuzz` turns on
    vertex: bool = False  # vertex_stage_probability 1: a generated vertex shader

    @property
    def name(self) -> str:
        suffix = "-swarm" if self.swarm else "-vertex" if self.vertex else ""
        return f"{self.profile}-{self.stage}-seed-{self.seed}{suffix}"

    def options(self) -> SmithOptions:
        """The generator's defaults with the stage as `shadersmith generate --stage`
        chooses it, and this case's variation."""
        fragment = 1.0 if self.stage == "fragment" else 0.0
        options = dataclasses.replace(SmithOptions(), fragment_probability=fragment)
        if self.swarm:
            options = dataclasses.replace(options, swarm=True)
        if self.vertex:
            options = dataclasses.replace(options, vertex_stage_probability=1.0)
        return options


CASES: tuple[Case, ...] = (
    *(Case(p, stage, seed) for p in PROFILES for stage in STAGES for seed in SEEDS),
    *(Case(p, "compute", SWARM_SEED, swarm=True) for p in PROFILES),
    *(Case(p, "fragment", VERTEX_SEED, vertex=True) for p in PROFILES),
)


def _shaders(test: TestCase, kind: str) -> dict[str, str]:
    """A test's shader files renamed `kind.<ext>` (shader.comp -> generated.comp)."""
    return {f"{kind}.{name.removeprefix('shader.')}": text for name, text in test.shaders.items()}


def case_files(case: Case) -> dict[str, str]:
    """File name -> text of one case's directory."""
    profile = profile_named(case.profile)
    generated = generate(case.seed, case.options(), profile)
    if generated.program.stage.value != case.stage:
        raise AssertionError(f"{case.name}: generated a {generated.program.stage.value} program")
    if case.vertex and generated.vertex is None:
        raise AssertionError(f"{case.name}: no vertex shader was generated")
    unreconditioned = testcase_from_generated(generated, profile)
    reconditioned = prepare_generated(generated, profile).test
    inputs = _json(to_json(reconditioned)["inputs"]) + "\n"
    return {
        **_shaders(unreconditioned, "generated"),
        **_shaders(reconditioned, "reconditioned"),
        "inputs.json": inputs,
    }


def _json(value: object, depth: int = 0, indent: str = "") -> str:
    """JSON indented down to the buffer fields, each field (its name, type and value) and
    each list of numbers on one line: a changed value is one changed line of the diff."""
    inner = indent + " "
    if depth < 4 and isinstance(value, dict) and value:
        items = (f"{inner}{json.dumps(k)}: {_json(v, depth + 1, inner)}" for k, v in value.items())
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if depth < 4 and isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = (inner + _json(v, depth + 1, inner) for v in value)
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return json.dumps(value)


def golden_files(cases: Sequence[Case] = CASES) -> dict[str, dict[str, str]]:
    """Case directory name -> its files (name -> text)."""
    return {case.name: case_files(case) for case in cases}


def _on_disk(root: Path) -> set[str]:
    """Every file under `root`, as a path relative to it."""
    if not root.is_dir():
        return set()
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")  # bytes: no newline translation
    except (FileNotFoundError, UnicodeDecodeError):
        return None


@dataclass(frozen=True)
class Difference:
    path: str  # relative to the golden directory
    problem: str  # "differs", "missing" or "stale"
    diff: str  # a unified diff (empty for a stale file)


def differences(
    root: Path = EMITTED, expected: dict[str, dict[str, str]] | None = None
) -> list[Difference]:
    """What differs between the files `expected` (default: golden_files()) and `root`:
    each expected file that differs or is missing, then each stale file, sorted."""
    expected = golden_files() if expected is None else expected
    found: list[Difference] = []
    wanted: set[str] = set()
    for case, files in expected.items():
        for name, text in sorted(files.items()):
            path = f"{case}/{name}"
            wanted.add(path)
            old = _read(root / path)
            if old == text:
                continue
            diff = "".join(
                difflib.unified_diff(
                    (old or "").splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    fromfile=f"golden/{path}",
                    tofile=f"now/{path}",
                )
            )
            found.append(Difference(path, "missing" if old is None else "differs", diff))
    found += [Difference(p, "stale", "") for p in sorted(_on_disk(root) - wanted)]
    return found


def write(root: Path = EMITTED, expected: dict[str, dict[str, str]] | None = None) -> int:
    """Write every golden file that changed and delete every other file under `root` (and
    directories left empty); the number of files written or deleted."""
    expected = golden_files() if expected is None else expected
    changes = differences(root, expected)
    for change in changes:
        path = root / change.path
        if change.problem == "stale":
            path.unlink()
            continue
        case, name = change.path.split("/", 1)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(expected[case][name].encode("utf-8"))
    if root.is_dir():
        for directory in sorted((p for p in root.rglob("*") if p.is_dir()), reverse=True):
            if not any(directory.iterdir()):
                directory.rmdir()
    return len(changes)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a file differs"
    )
    arguments = parser.parse_args(argv)
    start = time.perf_counter()
    expected = golden_files()
    changes = differences(EMITTED, expected)
    by_case: dict[str, list[Difference]] = {}
    for change in changes:
        by_case.setdefault(change.path.split("/", 1)[0], []).append(change)
    for case, files in expected.items():
        problems = by_case.get(case, [])
        listed = ", ".join(f"{c.path.split('/', 1)[1]} {c.problem}" for c in problems)
        verdict = listed if arguments.check else f"wrote {len(problems)} file(s)"
        print(f"{case:32} {len(files)} files  {verdict if problems else 'same'}")
    stale = [c for c in changes if c.path.split("/", 1)[0] not in expected]
    for change in stale:
        print(f"{change.path}: stale{'' if arguments.check else ', deleted'}")
    count = sum(len(texts) for texts in expected.values())
    size = sum(len(t.encode("utf-8")) for texts in expected.values() for t in texts.values())
    seconds = time.perf_counter() - start
    summary = f"{len(expected)} cases, {count} files, {size / 1024:.0f} KiB, {seconds:.1f} s"
    if arguments.check:
        if changes:
            first = next((c for c in changes if c.diff), changes[0])
            sys.stdout.write(first.diff or f"{first.path}: stale\n")
            print(
                f"{summary}: {len(changes)} file(s) differ from {EMITTED}; after an intended "
                "change run scripts/golden_outputs.py and commit what it writes"
            )
            return 1
        print(f"{summary}: all match")
        return 0
    write(EMITTED, expected)
    print(f"{summary}: {len(changes)} file(s) written or deleted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
