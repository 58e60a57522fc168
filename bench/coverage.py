"""Compiler coverage, GraphicsFuzz's second measure (issue 31 item 5).

    bench/coverage_build.sh SCRATCH SPIRV_TOOLS_GIT GLSLANG_GIT SPIRV_HEADERS_GIT   # once
    .venv/bin/python bench/coverage.py [--build SCRATCH] [--count 1000] [--jobs 2]
        [--configs defaults,deeper,...] [--piglit-files 1000] [--cts DIR] [--pass-modules 300]

Line and function coverage of spirv-opt (SPIRV-Tools v2023.1, `source/opt/`) and of
glslang's front-end (12.0.0, `glslang/MachineIndependent/`), built with gcov by
bench/coverage_build.sh in SCRATCH (default /work/scratch/coverage), reached by:
- `--count` generated programs of each configuration (`--configs`, default all):
  `defaults` (the fuzz command's generator: SmithOptions with a quarter fragment tests),
  `deeper` (generate/presets.DEEPER_CONSTRUCTS, as bench/constructs.py), `swarm`,
  `deeper+swarm`, `crash` (the defaults, not reconditioned: `fuzz --oracle crash`), and
  `every` (generate/presets.EVERY_FEATURE: `deeper` with issue 36's features),
  each made as a campaign makes it (trial.prepare_generated, pass list from the seed as
  campaign/fuzz.py draws it);
- piglit's shaders (Debian's package, every stage of `--piglit-files` .shader_test files
  spread evenly over the sorted list, and the bare shaders of glslparsertest beside them),
  each compiled for Vulkan where Debian's glslang accepts it so, else to SPIR-V for
  OpenGL (-G), else only through the front-end (plain OpenGL GLSL); the rest are counted
  as unusable, by reason;
- the Vulkan CTS GraphicsFuzz tests (`--cts`: VK-GL-CTS's
  external/vulkancts/data/vulkan/amber/graphicsfuzz, fetched): the GLSL each shader's
  comment holds goes to glslang, its SPIR-V assembly (assembled by Debian's spirv-as) to
  spirv-opt.
Every program's Vulkan module goes through the instrumented spirv-opt twice: with its
campaign pass list (a corpus shader's is drawn from its index) and with -O. The counters
are reset before each row; gcov's JSON is read for the files under the two folders.

Then, with Debian's (uninstrumented) spirv-opt library, each pass of the campaigns' random
catalogue (spirv_passes.RANDOM_PASSES) alone on `--pass-modules` modules of the defaults and
on every CTS module: the share of modules whose output differs from spirv-opt's output with
no pass. Printed: the coverage table, the pass table, the passes that change nothing, the
source files no row reaches and those least covered; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.case.oracle import Crash
from shadersmith.cli.fuzz import DEFAULT_FRAGMENT_SHARE
from shadersmith.config.spirv_passes import RANDOM_PASSES, choose_pass_list
from shadersmith.corpus.files import PIGLIT_ROOT, shader_test_sections
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, EVERY_FEATURE, options_with
from shadersmith.generate.smith import generate
from shadersmith.ir.profile import GLSL450
from shadersmith.targets.tools.spirv_tools import target_env_of_module, target_env_of_source
from shadersmith.trial import prepare_generated

DEFAULT_BUILD = Path("/work/scratch/coverage")
DEFAULT_CTS = DEFAULT_BUILD / "src/cts/external/vulkancts/data/vulkan/amber/graphicsfuzz"
TIMEOUT_S = 120.0
# The fuzz command's share of fragment tests; SmithOptions' own default is compute only.
CAMPAIGN = {"fragment_probability": DEFAULT_FRAGMENT_SHARE}
CONFIGS: dict[str, tuple[dict[str, Any], bool]] = {  # name: (generator settings, crash oracle)
    "defaults": (CAMPAIGN, False),
    "deeper": (DEEPER_CONSTRUCTS, False),
    "swarm": ({**CAMPAIGN, "swarm": True}, False),
    "deeper+swarm": ({**DEEPER_CONSTRUCTS, "swarm": True}, False),
    "crash": (CAMPAIGN, True),
    # `deeper` plus issue 36's features (specialization and push constants, 8/16/64-bit
    # integers, doubles, control-flow attributes, the opt-in built-ins): its gain over
    # `deeper` is what those features reach.
    "every": (EVERY_FEATURE, False),
}
# glslang's stage extensions, by piglit section and by amber stage.
PIGLIT_STAGES = {
    "vertex shader": "vert",
    "fragment shader": "frag",
    "geometry shader": "geom",
    "tessellation control shader": "tesc",
    "tessellation evaluation shader": "tese",
    "compute shader": "comp",
}
AMBER_STAGES = {"vertex": "vert", "fragment": "frag", "compute": "comp", "geometry": "geom"}
BARE_SUFFIXES = tuple(f".{ext}" for ext in PIGLIT_STAGES.values())


# ------------------------------------------------------------------ reading gcov's JSON


@dataclass
class FileCoverage:
    """One source file's lines and functions, each with whether it ran, merged over every
    object file that holds it (a header is in many)."""

    lines: dict[int, bool] = field(default_factory=dict)
    functions: dict[tuple[str, int], bool] = field(default_factory=dict)

    def merge(self, other: FileCoverage) -> None:
        for line, ran in other.lines.items():
            self.lines[line] = self.lines.get(line, False) or ran
        for function, ran in other.functions.items():
            self.functions[function] = self.functions.get(function, False) or ran


Coverage = dict[str, FileCoverage]  # source path (relative to its project's root) -> lines


def parse_gcov_json(document: dict[str, Any], root: str, folder: str) -> Coverage:
    """The files under `root`/`folder` in one `gcov --json-format` document (gcc 12's
    format), named relative to `root`."""
    cwd = document.get("current_working_directory", "")
    prefix = os.path.join(root, folder).rstrip("/") + "/"
    coverage: Coverage = {}
    for entry in document.get("files", []):
        path = os.path.normpath(os.path.join(cwd, entry["file"]))
        if not path.startswith(prefix):
            continue
        file = FileCoverage()
        for line in entry.get("lines", []):
            number = line["line_number"]
            file.lines[number] = file.lines.get(number, False) or line["count"] > 0
        for function in entry.get("functions", []):
            key = (function["name"], function["start_line"])
            file.functions[key] = function["execution_count"] > 0
        coverage.setdefault(os.path.relpath(path, root), FileCoverage()).merge(file)
    return coverage


def merge(into: Coverage, other: Coverage) -> None:
    for path, file in other.items():
        into.setdefault(path, FileCoverage()).merge(file)


@dataclass(frozen=True)
class Share:
    lines: int
    lines_hit: int
    functions: int
    functions_hit: int

    def line_share(self) -> float:
        return self.lines_hit / self.lines if self.lines else 0.0

    def function_share(self) -> float:
        return self.functions_hit / self.functions if self.functions else 0.0


def share(coverage: Coverage) -> Share:
    files = coverage.values()
    return Share(
        sum(len(f.lines) for f in files),
        sum(sum(f.lines.values()) for f in files),
        sum(len(f.functions) for f in files),
        sum(sum(f.functions.values()) for f in files),
    )


# ------------------------------------------------------------------ the corpora's shaders


@dataclass(frozen=True)
class AmberShader:
    name: str
    stage: str  # glslang's extension: frag, vert, comp
    glsl: str | None  # from the "derived from the following GLSL" comment, or a GLSL shader
    assembly: str | None  # SPIRV-ASM
    spirv_env: str  # spirv-as --target-env (spv1.0 unless the SHADER line says otherwise)


_AMBER_SHADER = re.compile(r"^SHADER\s+(\w+)\s+(\S+)\s+(\S+)(.*)$")
_DERIVED = re.compile(r"^#\s*(\S+) is derived from the following GLSL:\s*$")


def amber_shaders(text: str) -> list[AmberShader]:
    """The shaders of an Amber script that have text (PASSTHROUGH ones have none): for a
    SPIRV-ASM shader, its assembly and the GLSL of the comment before it that names it."""
    lines = text.splitlines()
    derived: dict[str, str] = {}
    shaders = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if mark := _DERIVED.match(line):
            body = []
            while index < len(lines) and lines[index].startswith("#"):
                body.append(lines[index][2:] if lines[index].startswith("# ") else "")
                index += 1
            derived[mark.group(1)] = "\n".join(body).strip("\n") + "\n"
            continue
        shader = _AMBER_SHADER.match(line)
        if not shader or shader.group(3) == "PASSTHROUGH":
            continue
        stage, name, kind, rest = shader.groups()
        body = []
        while index < len(lines) and lines[index].strip() != "END":
            body.append(lines[index])
            index += 1
        index += 1
        text_of = "\n".join(body) + "\n"
        env = re.search(r"TARGET_ENV\s+(\S+)", rest)
        shaders.append(
            AmberShader(
                name,
                AMBER_STAGES.get(stage, stage),
                text_of if kind == "GLSL" else derived.get(name),
                text_of if kind == "SPIRV-ASM" else None,
                env.group(1) if env else "spv1.0",
            )
        )
    return shaders


def piglit_shaders(text: str) -> list[tuple[str, str]]:
    """(glslang extension, text) of each GLSL shader section of a shader_test file."""
    return [
        (PIGLIT_STAGES[name], body)
        for name, body in shader_test_sections(text)
        if name in PIGLIT_STAGES
    ]


def bare_shader_expected_to_pass(text: str) -> bool:
    """A glslparsertest shader that its `[config]` comment says must compile."""
    found = re.search(r"expect_result\s*:\s*(\w+)", text)
    return found is not None and found.group(1) == "pass"


# ------------------------------------------------------------------ the programs


@dataclass(frozen=True)
class Unit:
    """One shader: its GLSL (None: SPIR-V only) and glslang mode, or its SPIR-V assembly;
    the spirv-opt pass list its module gets besides -O."""

    name: str
    stage: str
    glsl: str | None
    passes: tuple[str, ...]
    mode: str = "vulkan"  # vulkan, or classify (a piglit shader: try -V, -G, then plain)
    assembly: str | None = None
    spirv_env: str = "spv1.0"


@dataclass
class Outcome:
    name: str
    mode: str  # how glslang took it: vulkan, opengl-spirv, opengl, rejected, none
    reason: str = ""
    optimised: int = 0  # spirv-opt runs that succeeded
    failed: int = 0  # ... and that failed
    module: bytes | None = None
    seconds: float = 0.0


def generated_units(config: str, seeds: Iterable[int]) -> Iterator[Unit]:
    settings, crash = CONFIGS[config]
    options = options_with(settings)
    for seed in seeds:
        passes = tuple(choose_pass_list(random.Random(seed)))
        generated = generate(seed, options, GLSL450)
        job = prepare_generated(generated, GLSL450, passes, oracle=Crash() if crash else None).job
        stage = "frag" if job.stage == "fragment" else "comp"
        yield Unit(f"{config}-{seed}", stage, job.source, passes)
        if job.vertex_source is not None:
            yield Unit(f"{config}-{seed}-vertex", "vert", job.vertex_source, passes)


def piglit_units(root: Path, files: int) -> tuple[list[Unit], dict[str, int]]:
    """Shaders of `files` shader_test files spread over piglit's sorted list, with the bare
    shaders expected to compile among as many bare files; skipped files by reason."""
    tests = sorted(str(p) for p in root.rglob("*.shader_test"))
    bare = sorted(str(p) for p in root.rglob("*") if p.suffix in BARE_SUFFIXES)
    skipped: dict[str, int] = {}
    units: list[Unit] = []
    for paths in (tests, bare):
        step = max(1, len(paths) // files)
        for path in paths[::step][:files]:
            text = Path(path).read_text(errors="replace")
            name = os.path.relpath(path, root)
            if path.endswith(".shader_test"):
                shaders = piglit_shaders(text)
                if not shaders:
                    reason = "no GLSL shader (SPIR-V, ARB assembly or none)"
                    skipped[reason] = skipped.get(reason, 0) + 1
            elif bare_shader_expected_to_pass(text):
                shaders = [(Path(path).suffix[1:], text)]
            else:
                reason = "a compiler test expected to fail"
                skipped[reason] = skipped.get(reason, 0) + 1
                shaders = []
            for number, (stage, source) in enumerate(shaders):
                index = len(units)
                passes = tuple(choose_pass_list(random.Random(index)))
                units.append(Unit(f"{name}#{number}", stage, source, passes, mode="classify"))
    return units, skipped


def cts_units(folder: Path) -> list[Unit]:
    units: list[Unit] = []
    for path in sorted(folder.glob("*.amber")):
        for shader in amber_shaders(path.read_text()):
            index = len(units)
            passes = tuple(choose_pass_list(random.Random(index)))
            units.append(
                Unit(
                    f"{path.stem}/{shader.name}",
                    shader.stage,
                    shader.glsl,
                    passes,
                    assembly=shader.assembly,
                    spirv_env=shader.spirv_env,
                )
            )
    return units


# ------------------------------------------------------------------ running the tools


@dataclass(frozen=True)
class Tools:
    glslang: str
    spirv_opt: str
    debian_glslang: str = "glslangValidator"
    spirv_as: str = "spirv-as"


def _run(command: list[str]) -> tuple[bool, str]:
    try:
        done = subprocess.run(command, capture_output=True, timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return False, "timed out"
    text = (done.stdout + done.stderr).decode(errors="replace")
    return done.returncode == 0, text


_GLSLANG_MODES = {
    "vulkan": ["-V"],
    "opengl-spirv": ["-G"],
    "opengl": [],
}


def _first_error(log: str) -> str:
    for line in log.splitlines():
        if line.startswith("ERROR:") and "compilation errors" not in line:
            text = re.sub(r"^ERROR: [^:]*:\d+: ", "", line)
            return re.sub(r"'[^']*'", "'...'", text)[:80]
    return log.strip().splitlines()[-1][:80] if log.strip() else "no message"


def run_unit(unit: Unit, tools: Tools) -> Outcome:
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="coverage-") as scratch:
        shader = Path(scratch) / f"shader.{unit.stage}"
        module_file = Path(scratch) / "shader.spv"
        outcome = Outcome(unit.name, "none")
        if unit.glsl is not None:
            shader.write_text(unit.glsl)
            modes = ["vulkan"]
            if unit.mode == "classify":  # the first mode Debian's glslang accepts
                modes, log = [], ""
                for mode in _GLSLANG_MODES:
                    given = (
                        [str(shader), "-o", str(module_file)] if mode != "opengl" else [str(shader)]
                    )
                    ok, log = _run([tools.debian_glslang, *_GLSLANG_MODES[mode], *given])
                    if ok:
                        modes = [mode]
                        break
                if not modes:
                    outcome.mode, outcome.reason = "rejected", _first_error(log)
            for mode in modes:
                env = ["--target-env", target_env_of_source(unit.glsl)] if mode == "vulkan" else []
                output = ["-o", str(module_file)] if mode != "opengl" else []
                ok, log = _run([tools.glslang, *_GLSLANG_MODES[mode], *env, str(shader), *output])
                outcome.mode = mode if ok else "rejected"
                outcome.reason = "" if ok else _first_error(log)
        if unit.assembly is not None:  # the corpus's module, not glslang's
            source = Path(scratch) / "shader.spvasm"
            source.write_text(unit.assembly)
            command = [tools.spirv_as, "--target-env", unit.spirv_env, str(source)]
            ok, log = _run([*command, "-o", str(module_file)])
            if not ok:
                module_file.unlink(missing_ok=True)
        if module_file.exists() and outcome.mode != "opengl":
            module = module_file.read_bytes()
            outcome.module = module
            opt_env = (
                "opengl4.5" if outcome.mode == "opengl-spirv" else target_env_of_module(module)
            )
            out = Path(scratch) / "out.spv"
            for passes in {unit.passes, ("-O",)}:
                ok, _ = _run(
                    [
                        tools.spirv_opt,
                        f"--target-env={opt_env}",
                        *passes,
                        str(module_file),
                        "-o",
                        str(out),
                    ]
                )
                outcome.optimised += ok
                outcome.failed += not ok
    outcome.seconds = time.perf_counter() - start
    return outcome


def _generate_and_run(unit_args: tuple[str, int], tools: Tools) -> list[Outcome]:
    config, seed = unit_args
    return [run_unit(unit, tools) for unit in generated_units(config, [seed])]


# ------------------------------------------------------------------ counters and gcov


@dataclass(frozen=True)
class Project:
    name: str
    build: Path
    source: Path
    folder: str  # relative to `source`


def projects(scratch: Path) -> tuple[Project, Project]:
    return (
        Project(
            "spirv-opt", scratch / "build/spirv-tools", scratch / "src/SPIRV-Tools", "source/opt"
        ),
        Project(
            "glslang",
            scratch / "build/glslang",
            scratch / "src/glslang",
            "glslang/MachineIndependent",
        ),
    )


def reset_counters(project: Project) -> None:
    for data in project.build.rglob("*.gcda"):
        data.unlink()


def read_coverage(project: Project) -> Coverage:
    """gcov's JSON for every object of the project's folder (a `.gcno`; one that never
    ran has no `.gcda`, and gcov counts its lines as not run)."""
    notes = sorted(str(p) for p in project.build.rglob("*.gcno"))
    coverage: Coverage = {}
    with tempfile.TemporaryDirectory(prefix="coverage-gcov-") as scratch:
        for start in range(0, len(notes), 50):
            done = subprocess.run(
                ["gcov", "--json-format", "--stdout", *notes[start : start + 50]],
                capture_output=True,
                cwd=scratch,
                check=True,
            )
            for line in done.stdout.decode().splitlines():
                if line.startswith("{"):
                    merge(
                        coverage,
                        parse_gcov_json(json.loads(line), str(project.source), project.folder),
                    )
    return coverage


# ------------------------------------------------------------------ per-pass changes


def pass_changes(module: bytes) -> dict[str, str]:
    """Each catalogue pass alone, by Debian's spirv-opt (a subprocess: a crash is counted,
    not fatal): `changed` when its output differs from spirv-opt's output with no pass,
    else `same`, `failed` (an error) or `crashed` (a signal)."""
    env = target_env_of_module(module)
    with tempfile.TemporaryDirectory(prefix="coverage-passes-") as scratch:
        given, out = Path(scratch) / "in.spv", Path(scratch) / "out.spv"
        given.write_bytes(module)

        def optimised(passes: list[str]) -> bytes | str:
            out.unlink(missing_ok=True)
            command = ["spirv-opt", f"--target-env={env}", *passes, str(given), "-o", str(out)]
            try:
                done = subprocess.run(command, capture_output=True, timeout=TIMEOUT_S, check=False)
            except subprocess.TimeoutExpired:
                return "failed"
            if done.returncode < 0:
                return "crashed"
            return out.read_bytes() if done.returncode == 0 and out.exists() else "failed"

        baseline = optimised([])
        if isinstance(baseline, str):
            return dict.fromkeys(RANDOM_PASSES, baseline)
        changes = {}
        for flag in RANDOM_PASSES:
            result = optimised([flag])
            changes[flag] = (
                result if isinstance(result, str) else ("same", "changed")[result != baseline]
            )
        return changes


# ------------------------------------------------------------------ main


@dataclass
class Row:
    name: str
    units: int
    accepted: dict[str, int]
    optimised: int
    failed: int
    seconds: float
    coverage: dict[str, Coverage]
    notes: str = ""

    def figures(self) -> dict[str, Any]:
        figures: dict[str, Any] = {
            "shaders": self.units,
            "glslang_modes": self.accepted,
            "spirv_opt_runs_ok": self.optimised,
            "spirv_opt_runs_failed": self.failed,
            "seconds": round(self.seconds, 1),
        }
        for project, coverage in self.coverage.items():
            s = share(coverage)
            figures[project] = dataclasses.asdict(s) | {
                "line_share": round(s.line_share(), 4),
                "function_share": round(s.function_share(), 4),
            }
        if self.notes:
            figures["notes"] = self.notes
        return figures


def measure(
    name: str,
    work: Iterator[Any],
    runner: Any,
    tools: Tools,
    both: tuple[Project, Project],
    jobs: int,
    modules: list[bytes] | None = None,
) -> tuple[Row, list[Outcome]]:
    """One row: the counters reset, every unit of `work` run by `runner` in `jobs`
    processes, then gcov read; the modules glslang or spirv-as made appended to `modules`."""
    for project in both:
        reset_counters(project)
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(jobs) as pool:
        for result in pool.map(functools.partial(runner, tools=tools), work, chunksize=4):
            outcomes.extend(result if isinstance(result, list) else [result])
    seconds = time.perf_counter() - start
    accepted: dict[str, int] = {}
    for outcome in outcomes:
        accepted[outcome.mode] = accepted.get(outcome.mode, 0) + 1
        if modules is not None and outcome.module is not None:
            modules.append(outcome.module)
    coverage = {project.name: read_coverage(project) for project in both}
    row = Row(
        name,
        len(outcomes),
        accepted,
        sum(o.optimised for o in outcomes),
        sum(o.failed for o in outcomes),
        seconds,
        coverage,
    )
    return row, outcomes


def save_row(path: Path | None, row: Row) -> None:
    """The row's figures and each file's lines and functions run, so that a later failure
    loses no row."""
    if path is None:
        return
    files = {
        project: {
            name: [len(f.lines), sum(f.lines.values()), len(f.functions), sum(f.functions.values())]
            for name, f in coverage.items()
        }
        for project, coverage in row.coverage.items()
    }
    with path.open("a") as out:
        out.write(json.dumps({"row": row.name, "figures": row.figures(), "files": files}) + "\n")


def print_table(rows: list[Row]) -> None:
    print(f"{'row':14} {'shaders':>7} {'opt lines':>10} {'opt funcs':>10} "
          f"{'glslang lines':>13} {'glslang funcs':>13} {'s':>6}")  # fmt: skip
    for row in rows:
        opt, front = share(row.coverage["spirv-opt"]), share(row.coverage["glslang"])
        print(
            f"{row.name:14} {row.units:7d} {opt.line_share():10.1%} {opt.function_share():10.1%} "
            f"{front.line_share():13.1%} {front.function_share():13.1%} {row.seconds:6.0f}"
        )


def file_table(
    rows: list[Row], project: str, lowest: int
) -> tuple[list[str], list[tuple[str, float]]]:
    """The files of `project` that no row reaches, and the `lowest` others by their share
    of lines run in any row."""
    union: Coverage = {}
    for row in rows:
        merge(union, row.coverage[project])
    never = sorted(
        path for path, file in union.items() if file.lines and not any(file.lines.values())
    )
    shares = sorted(
        (sum(file.lines.values()) / len(file.lines), path)
        for path, file in union.items()
        if file.lines and any(file.lines.values())
    )
    return never, [(path, round(value, 4)) for value, path in shares[:lowest]]


def pass_shares(modules: list[bytes], jobs: int) -> dict[str, dict[str, int]]:
    """Per catalogue pass: how many of `modules` it changed, left the same, failed or
    crashed on."""
    counts = {
        flag: dict.fromkeys(("changed", "same", "failed", "crashed"), 0) for flag in RANDOM_PASSES
    }
    with ProcessPoolExecutor(jobs) as pool:
        for changes in pool.map(pass_changes, modules, chunksize=8):
            for flag, what in changes.items():
                counts[flag][what] += 1
    return counts


def changed_share(counts: dict[str, int]) -> float:
    """The share of the modules a pass ran on (not failing) that it changed."""
    ran = counts["changed"] + counts["same"]
    return counts["changed"] / ran if ran else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[2:]),
    )  # fmt: skip
    parser.add_argument(
        "--build", type=Path, default=DEFAULT_BUILD, help="coverage_build.sh's SCRATCH"
    )
    parser.add_argument(
        "--count", type=int, default=1000, help="generated programs per configuration"
    )
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--configs", default=",".join(CONFIGS), help="comma-separated, or none")
    parser.add_argument("--piglit", type=Path, default=PIGLIT_ROOT / "tests")
    parser.add_argument("--piglit-files", type=int, default=1000, help="0: no piglit row")
    parser.add_argument(
        "--cts", type=Path, default=DEFAULT_CTS, help="the graphicsfuzz amber folder"
    )
    parser.add_argument(
        "--pass-modules", type=int, default=300, help="defaults' modules for the pass table"
    )
    parser.add_argument(
        "--save", type=Path, help="append each row, its figures and files, as a JSON line"
    )
    parser.add_argument("--lowest", type=int, default=15, help="least covered files listed")
    args = parser.parse_args()  # fmt: skip

    both = projects(args.build)
    tools = Tools(
        str(args.build / "build/glslang/StandAlone/glslangValidator"),
        str(args.build / "build/spirv-tools/tools/spirv-opt"),
    )
    for path in (tools.glslang, tools.spirv_opt):
        if not os.access(path, os.X_OK):
            parser.exit(
                2, f"coverage.py: no instrumented build at {path}: run bench/coverage_build.sh\n"
            )
    if not any(both[0].build.rglob("*.gcno")) or not any(both[1].build.rglob("*.gcno")):
        parser.exit(
            2, f"coverage.py: no .gcno files under {args.build}/build: not built with --coverage\n"
        )
    configs = [c for c in args.configs.split(",") if c and c != "none"]
    if unknown := [c for c in configs if c not in CONFIGS]:
        parser.error(f"unknown configuration {unknown[0]} (known: {', '.join(CONFIGS)})")
    if not args.cts.is_dir():
        parser.exit(2, f"coverage.py: no CTS graphicsfuzz folder at {args.cts} (--cts)\n")

    rows: list[Row] = []
    defaults_modules: list[bytes] = []
    seeds = range(args.first_seed, args.first_seed + args.count)
    for config in configs:
        work = [(config, seed) for seed in seeds]
        keep = defaults_modules if config == "defaults" else None
        row, _ = measure(config, iter(work), _generate_and_run, tools, both, args.jobs, keep)
        row.notes = f"{args.count} programs (seeds {seeds.start}-{seeds.stop - 1})"
        rows.append(row)
        save_row(args.save, row)
        print_table(rows[-1:])
    extra: dict[str, Any] = {}
    if args.piglit_files:
        units, skipped = piglit_units(args.piglit, args.piglit_files)
        row, outcomes = measure("piglit", iter(units), run_unit, tools, both, args.jobs)
        reasons: dict[str, int] = {}
        for outcome in outcomes:
            if outcome.mode == "rejected":
                reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
        top = dict(sorted(reasons.items(), key=lambda item: -item[1])[:12])
        extra["piglit"] = {"files_skipped": skipped, "rejected_by_first_error": top}
        row.notes = f"{args.piglit_files} shader_test files and as many bare shaders, spread evenly"
        rows.append(row)
        save_row(args.save, row)
        print_table(rows[-1:])
    cts_modules: list[bytes] = []
    units = cts_units(args.cts)
    row, outcomes = measure(
        "cts-graphicsfuzz", iter(units), run_unit, tools, both, args.jobs, cts_modules
    )
    row.notes = f"{len(list(args.cts.glob('*.amber')))} amber files, every shader"
    rows.append(row)
    save_row(args.save, row)
    print_table(rows[-1:])

    print("\ncoverage (lines and functions run, share of those gcov counts in the folder):")
    print_table(rows)
    passes: dict[str, Any] = {}
    for name, modules in (
        ("defaults", defaults_modules[: args.pass_modules]),
        ("cts", cts_modules),
    ):
        if modules:
            passes[name] = {"modules": len(modules), "counts": pass_shares(modules, args.jobs)}
    if passes:
        print("\nper pass alone (Debian's spirv-opt): share of modules it changes; crashes")
        labels = [f"{name} ({table['modules']}): share crashes" for name, table in passes.items()]
        print(f"  {'pass':36} " + " ".join(labels))
        for flag in RANDOM_PASSES:
            cells = [
                f"{changed_share(p['counts'][flag]):8.1%} {p['counts'][flag]['crashed']:9d}"
                for p in passes.values()
            ]
            print(
                f"  {flag:36} "
                + " ".join(
                    f"{cell:>{len(label)}}" for cell, label in zip(cells, labels, strict=True)
                )
            )
    never_changing = [
        f for f in RANDOM_PASSES
        if passes and all(p["counts"][f]["changed"] == 0 for p in passes.values())
    ]  # fmt: skip
    print(f"passes that change no module: {', '.join(never_changing) or 'none'}")
    files: dict[str, Any] = {}
    for project in both:
        never, lowest = file_table(rows, project.name, args.lowest)
        files[project.name] = {"never_reached": never, "lowest": lowest}
        print(f"\n{project.name}: files under {project.folder} no row reaches ({len(never)}):")
        for path in never:
            print(f"  {path}")
        print(f"{project.name}: least covered files reached (share of lines, any row):")
        for path, value in lowest:
            print(f"  {value:6.1%} {path}")
    summary = {
        "rows": {row.name: row.figures() for row in rows},
        "passes": passes,
        "passes_changing_nothing": never_changing,
        "files": files,
        **extra,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
