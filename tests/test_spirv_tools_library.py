"""spirv-val and spirv-opt in-process (targets/tools/spirv_tools_library.py) against the command
lines, on Debian's SPIRV-Tools and on the newest: the same verdicts and logs, the same
optimised modules byte for byte; a crash or hang inside them is blamed as the subprocess
path blames it; the libraries run only inside a worker."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path

import pytest

from shadersmith.config.spirv_passes import PRESETS, choose_pass_list
from shadersmith.oracle.components import failing_component
from shadersmith.oracle.signature import describe
from shadersmith.targets.engine import TargetSpec, Worker
from shadersmith.targets.results import RunStatus
from shadersmith.targets.tools import in_process, spirv_tools, spirv_tools_library
from shadersmith.targets.tools.newest import cmeel_prefix, newest_toolset
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    SpirvOptError,
    SpirvValError,
    ToolError,
    ToolOutcome,
    Toolset,
)
from shadersmith.targets.tools.spirv_tools_library import (
    SpirvToolsLibrary,
    optimizer_file,
    supports,
    validator_file,
)
from tests.programs import reconditioned_job

REPOSITORY = Path(__file__).resolve().parents[1]
FINDINGS = REPOSITORY / "findings"
TOOLSETS = {"debian": DEBIAN, "newest": newest_toolset()}
ENV = "vulkan1.0"
RANDOM_LISTS = 12


def programs() -> list[tuple[str, str]]:
    """Reconditioned generated programs, compute and fragment, as the chains get them."""
    jobs = [reconditioned_job(900 + seed, fragment=seed % 2 == 1) for seed in range(10)]
    return [(job.source, job.stage) for job in jobs]


def random_lists() -> list[list[str]]:
    """Pass lists as the -opt chains draw them, the presets left out (tested apart)."""
    rng = random.Random(5)
    drawn: list[list[str]] = []
    while len(drawn) < RANDOM_LISTS:
        passes = choose_pass_list(rng)
        if passes not in PRESETS.values():
            drawn.append(passes)
    return drawn


# ------------------------------------------------------------------- the command lines


def cli(error: type[ToolError], command: list[str], spirv: bytes) -> tuple[bytes | None, str]:
    """Run a CLI on `spirv` written as in.spv, as spirv_tools.py does: (out.spv or None
    where it failed, the log spirv_tools._run keeps)."""
    with tempfile.TemporaryDirectory(prefix="shadersmith-spirv-") as scratch:
        (Path(scratch) / "in.spv").write_bytes(spirv)
        arguments = [part.replace("@", f"{scratch}/") for part in command]
        try:
            spirv_tools._run(error, arguments, scratch, 60.0)
        except ToolError as failed:
            if failed.outcome is not ToolOutcome.REJECTED:
                return None, f"{failed.outcome.value}: {failed.log}"
            return None, failed.log
        output = Path(scratch) / "out.spv"
        return (output.read_bytes() if output.exists() else b""), ""


def cli_validate(validator: str, spirv: bytes) -> str | None:
    """spirv-val's log where it rejects `spirv`, None where it accepts. (None of these
    modules crashes a validator: one that did would take this process with it when the
    library is given it.)"""
    output, log = cli(SpirvValError, [validator, "--target-env", ENV, "@in.spv"], spirv)
    return None if output is not None else log


def cli_optimize(toolset: Toolset, spirv: bytes, passes: list[str]) -> tuple[bytes | None, str]:
    command = [toolset.spirv_opt_path(), f"--target-env={ENV}", *passes, "@in.spv"]
    return cli(SpirvOptError, [*command, "-o", "@out.spv"], spirv)


def library_validate(library: SpirvToolsLibrary, spirv: bytes) -> str | None:
    try:
        library.validate(spirv, ENV)
    except SpirvValError as error:
        assert error.outcome is ToolOutcome.REJECTED
        return error.log
    return None


def library_optimize(
    library: SpirvToolsLibrary, spirv: bytes, passes: list[str]
) -> tuple[bytes | None, str]:
    try:
        return library.optimize(spirv, passes, ENV), ""
    except SpirvOptError as error:
        return None, error.log


# ------------------------------------------------------------------------ the fixtures


class Tools:
    def __init__(self, name: str) -> None:
        self.toolset = TOOLSETS[name]
        # Part of the set-up (scripts/setup.sh builds them, requirements.lock pins the
        # newest): missing is a failure, not a skip.
        self.validators = {}
        for path in self.toolset.validator_paths():
            file = validator_file(path)
            assert file is not None, f"no library for {path}: run scripts/setup.sh"
            self.validators[path] = SpirvToolsLibrary(file)
        file = optimizer_file(self.toolset)
        assert file is not None, f"no {name} spirv-opt library: run scripts/setup.sh"
        self.optimizer = SpirvToolsLibrary(file)
        assert self.optimizer.has_optimizer
        # Compiled by this toolset's glslangValidator (outside a worker: a subprocess).
        self.modules = [
            spirv_tools.compile_glsl_to_spirv(source, stage, toolset=self.toolset)
            for source, stage in programs()
        ]


@functools.cache
def tools_for(name: str) -> Tools:
    return Tools(name)


@pytest.fixture(scope="module", params=sorted(TOOLSETS))
def tools(request: pytest.FixtureRequest) -> Tools:
    return tools_for(request.param)


@functools.cache
def invalid_modules(tools: Tools) -> dict[str, bytes]:
    """Modules the validators reject, or that Debian's 2023.1 alone rejects."""
    module = tools.modules[0]
    bound = bytearray(module)
    bound[12:16] = (3).to_bytes(4, "little")  # an id bound below the ids the module uses
    words = bytearray(module)
    words[20:24] = (0xFFFF0011).to_bytes(4, "little")  # OpCapability of 65535 words
    made = {
        "not whole words": module[:-2],
        "cut inside the last function": module[:-8],
        "empty": b"",
        "bad magic": b"\0\0\0\0" + module[4:],
        "id bound too low": bytes(bound),
        "instruction past the end": bytes(words),
    }
    # Recorded findings: what Debian's spirv-opt made of them (a subprocess here).
    for finding in ("spirv-opt-invalid-spirv", "spirv-opt-invalid-phi-pointers"):
        directory = FINDINGS / finding
        passes = json.loads((directory / "test.json").read_text())["provenance"]
        shader = (directory / "shader.comp").read_text()
        compiled = spirv_tools.compile_glsl_to_spirv(shader, "compute")
        made[finding] = spirv_tools.optimize(compiled, passes["spirv_opt_passes"])
    return made


# ------------------------------------------------------------------------------ spirv-val


def test_validate_agrees_with_spirv_val(tools: Tools) -> None:
    accepted = 0
    for path, library in tools.validators.items():
        for module in tools.modules:
            expected = cli_validate(path, module)
            assert library_validate(library, module) == expected
            accepted += expected is None
    # Most are valid (the newest spirv-val rejects some of Debian's glslang's modules:
    # explicit layouts on workgroup arrays).
    assert accepted >= len(tools.modules) * len(tools.validators) // 2


def test_a_rejection_has_spirv_vals_log_and_signature(tools: Tools) -> None:
    rules = set()
    rejected = 0
    for path, library in tools.validators.items():
        for case, module in invalid_modules(tools).items():
            expected = cli_validate(path, module)
            assert not (expected or "").startswith(("crashed:", "timed_out:")), case
            given = library_validate(library, module)
            assert given == expected, (path, case)
            if expected is not None:
                rejected += 1
                assert describe(given or "") == describe(expected)
                rules.add(describe(expected)[0])
    assert rejected >= 7 * len(tools.validators)
    assert "spirv_tools_error" in rules


def test_the_old_validators_false_positive_is_its_own() -> None:
    """findings/spirv-opt-invalid-spirv: Debian's 2023.1 rejects, the newest accepts, in
    the libraries as on the command lines."""
    debian = tools_for("debian")
    module = invalid_modules(debian)["spirv-opt-invalid-spirv"]
    old, new = debian.validators.values()
    assert "branches to the loop continue target" in (library_validate(old, module) or "")
    assert library_validate(new, module) is None


# ------------------------------------------------------------------------------ spirv-opt


def compare_optimize(tools: Tools, module: bytes, passes: list[str]) -> str:
    """'same' (the same module byte for byte, or the same failure log), or 'crashed'
    where the CLI crashed (not run in-process here: it would take this process with it;
    test_a_real_spirv_opt_crash_in_a_worker_is_blamed_on_spirv_opt runs one)."""
    expected, log = cli_optimize(tools.toolset, module, passes)
    if log.startswith(("crashed:", "timed_out:")):
        return "crashed"
    given, given_log = library_optimize(tools.optimizer, module, passes)
    assert given == expected, (passes, log)
    assert given_log == log, passes
    if expected is None:
        assert describe(given_log) == describe(log)
    return "same"


def test_optimize_writes_spirv_opts_module_byte_for_byte_for_the_presets(tools: Tools) -> None:
    outcomes = [
        compare_optimize(tools, module, passes)
        for module in tools.modules
        for passes in PRESETS.values()
    ]
    assert outcomes.count("same") >= len(outcomes) - 1, outcomes


def test_optimize_writes_spirv_opts_module_byte_for_byte_for_random_lists(tools: Tools) -> None:
    outcomes = [
        compare_optimize(tools, tools.modules[index % len(tools.modules)], passes)
        for index, passes in enumerate(random_lists())
    ]
    assert outcomes.count("same") >= 10, outcomes


def test_optimize_refuses_invalid_modules_as_spirv_opt_does(tools: Tools) -> None:
    for module in invalid_modules(tools).values():
        assert compare_optimize(tools, module, ["-O"]) == "same"
    # A flag that is no pass: the same error, before the module is read.
    assert compare_optimize(tools, tools.modules[0], ["--no-such-pass"]) == "same"


def test_only_passes_run_in_process() -> None:
    assert supports(["-O"]) and supports(["-Os"]) and supports(random_lists()[0])
    assert supports(["--scalar-replacement=100", "--loop-unroll"])
    assert not supports(["--skip-validation", "-O"])
    assert not supports(["--target-env=vulkan1.1"])
    assert not supports(["--loop-fission", "4"])
    assert not supports(["-Oconfig=passes.txt"])


def test_without_its_library_a_tool_stays_a_subprocess(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    debian_val, newest_val = DEBIAN.validator_paths()
    assert validator_file(debian_val) == str(spirv_tools_library.DEBIAN_LIBRARY)
    monkeypatch.setattr(spirv_tools_library, "DEBIAN_LIBRARY", tmp_path / "not-built.so")
    monkeypatch.setattr(spirv_tools_library, "NEWEST_LIBRARY", tmp_path / "not-built.so")
    assert validator_file(debian_val) is None
    assert validator_file(newest_val) is not None  # cmeel's own libSPIRV-Tools-shared.so
    assert optimizer_file(DEBIAN) is None and optimizer_file(TOOLSETS["newest"]) is None
    # Another binary of that name is not the library's.
    assert validator_file(str(tmp_path / "spirv-val")) is None
    # A library without SPIRV-Tools' interface does not load.
    assert spirv_tools_library._load("libm.so.6") is None


def test_every_library_loads_in_one_process() -> None:
    """Debian's and the newest's, validator and optimiser, beside both glslangs."""
    from shadersmith.targets.tools.glslang_library import GlslangLibrary, library_files

    glslangs = [library_files(toolset) for toolset in TOOLSETS.values()]
    assert all(glslangs)
    compilers = [GlslangLibrary(files or ()) for files in glslangs]
    source, stage = programs()[0]
    modules = [compiler.compile(source, stage) for compiler in compilers]
    prefix = cmeel_prefix()
    assert prefix is not None
    debian_val, newest_val = DEBIAN.validator_paths()
    libraries = {
        spirv_tools_library.DEBIAN_LIBRARY: (debian_val, DEBIAN),
        spirv_tools_library.NEWEST_LIBRARY: (newest_val, TOOLSETS["newest"]),
        prefix / "lib" / spirv_tools_library.NEWEST_SHARED: (newest_val, None),
    }
    for module in modules:
        for path, (validator, toolset) in libraries.items():
            library = SpirvToolsLibrary(path)
            assert library_validate(library, module) == cli_validate(validator, module)
            assert library.has_optimizer == (toolset is not None)
            if toolset is not None:
                given = library_optimize(library, module, ["-O"])
                assert given == cli_optimize(toolset, module, ["-O"])


# --------------------------------------------------------------- inside a worker, or not


PLANTED = TargetSpec("planted", "tests.planted_targets:make_planted_misbehaviour")


def test_the_chains_run_spirv_tools_in_process_only_inside_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # This (test) process never loads them for the chains: a crash would take it down.
    for toolset in TOOLSETS.values():
        assert spirv_tools_library.optimizer_for(toolset, ["-O"]) is None
        for path in toolset.validator_paths():
            assert spirv_tools_library.validator_for(path) is None
    with Worker(PLANTED, timeout_s=60) as worker:
        inside = worker.run(("spirv-tools", ["-O"])).log
        cli_only = worker.run(("spirv-tools", ["--skip-validation", "-O"])).log
    assert inside.splitlines() == [
        "debian validators=[True, True] optimizer=True",
        "newest validators=[True] optimizer=True",
    ]
    assert "debian validators=[True, True] optimizer=False" in cli_only
    # SHADERSMITH_SPIRV_TOOLS=subprocess keeps the subprocesses, in a worker too.
    monkeypatch.setenv("SHADERSMITH_SPIRV_TOOLS", "subprocess")
    with Worker(PLANTED, timeout_s=60) as worker:
        outside = worker.run(("spirv-tools", ["-O"])).log
    assert outside.splitlines() == [
        "debian validators=[False, False] optimizer=False",
        "newest validators=[False] optimizer=False",
    ]


def test_in_a_worker_the_chains_get_what_the_subprocesses_give() -> None:
    """validate_spirv (both of Debian's validators, their verdicts and versions in the
    log) and optimize, in a worker's process against this one's subprocesses."""
    debian = tools_for("debian")
    invalid = invalid_modules(debian)
    cases = [debian.modules[0], invalid["spirv-opt-invalid-spirv"], invalid["bad magic"]]
    with Worker(PLANTED, timeout_s=60) as worker:
        for module in cases:
            try:
                expected = f"accepted: {spirv_tools.validate_spirv(module)}"
            except SpirvValError as error:
                expected = f"rejected: {error.log}"
            assert worker.run(("validate", module)).log == expected
        optimised = worker.run(("optimize", debian.modules[1], ["-O"]))
        assert optimised.artefacts["spv"] == spirv_tools.optimize(debian.modules[1], ["-O"])
    assert expected.startswith("rejected: error: line 0: Invalid SPIR-V magic number.")


def test_planted_crash_and_hang_inside_spirv_tools_blame_the_tool() -> None:
    chain = ["glslang", "spirv-opt", "lavapipe"]
    with Worker(PLANTED, timeout_s=3) as worker:
        opt_crashed = worker.run("abort-in-spirv-opt")
        opt_hung = worker.run("hang-in-spirv-opt")
        val_crashed = worker.run("abort-in-spirv-val")
        val_hung = worker.run("hang-in-spirv-val")
        assert worker.run("ok").status is RunStatus.OK
    assert opt_crashed.status is RunStatus.CRASH and opt_crashed.failed_component == "spirv-opt"
    assert opt_hung.status is RunStatus.TIMEOUT and opt_hung.failed_component == "spirv-opt"
    assert failing_component(opt_crashed, chain) == "spirv-opt"
    # A validator that crashes or hangs is blamed itself, never the tool before it: a
    # crash is no verdict on the module it was given.
    assert val_crashed.status is RunStatus.CRASH
    assert val_crashed.failed_component == "spirv-val"
    assert failing_component(val_crashed, chain) == "spirv-val"
    assert val_hung.status is RunStatus.TIMEOUT
    assert failing_component(val_hung, chain) == "spirv-val"


def test_a_real_spirv_opt_crash_in_a_worker_is_blamed_on_spirv_opt() -> None:
    """findings/spirv-opt-os-crash: Debian's spirv-opt -Os dies of SIGSEGV; in-process it
    takes the worker, and the result names spirv-opt as the subprocess's does."""
    shader = (FINDINGS / "spirv-opt-os-crash" / "shader.frag").read_text()
    module = spirv_tools.compile_glsl_to_spirv(shader, "fragment")
    with pytest.raises(SpirvOptError) as subprocess_crash:
        spirv_tools.optimize(module, ["-Os"])
    assert subprocess_crash.value.outcome is ToolOutcome.CRASHED
    with Worker(PLANTED, timeout_s=60) as worker:
        crashed = worker.run(("optimize", module, ["-Os"]))
        assert worker.run("ok").status is RunStatus.OK
    assert crashed.status is RunStatus.CRASH
    assert crashed.failed_component == subprocess_crash.value.tool == "spirv-opt"
    assert in_process.started("spirv-opt") in crashed.log
    # The worker's native backtrace, its hidden frames named from our library's symbol
    # table (targets/symbolize.py): the crash is signed by the function in SPIRV-Tools'
    # optimiser where it happened, not by SIGSEGV alone.
    assert "worker killed by signal 11" in crashed.log
    rule, frame = describe(crashed.log)
    assert rule == "stack_frame" and frame.startswith("spvtools::opt::"), (rule, frame)


def test_open_step_reads_step_names_with_spaces() -> None:
    step = "spirv-val after glslang"
    assert in_process.open_step(f"{in_process.started(step)}\nboom\n") == "spirv-val after glslang"
    closed = f"{in_process.started(step)}\n{in_process.finished(step)}\n"
    assert in_process.open_step(closed) is None
    # Our lines, never a signature's message.
    assert describe(f"worker exit 1\n{closed}the tool's own words\n") == (
        "first_line",
        "the tool's own words",
    )
