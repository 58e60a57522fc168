"""`shadersmith bug-report` (export/bug_report/) on findings/, with the real drivers and
tools: a Mesa GL report's piglit shader_test fails under Debian's shader_runner exactly as
the report says; a spirv-opt report prints the pass list reduced by the tool and its
command lines show the bug; a naga report carries the WGSL and the naga command; a
reproducer that no longer shows its finding is reported as such; bad input is one line
with exit status 2; findings/README.md's tool-made cells are what the reports say."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.case.finding import Finding, Kind
from shadersmith.cli import main
from shadersmith.export.bug_report.replay import shows_finding
from shadersmith.export.bug_report.subject import unseparated_message
from shadersmith.export.checks import PiglitRun, run_shader_runner, shader_runner_path
from shadersmith.oracle.differential import Comparison, Verdict
from shadersmith.targets.catalogue import components
from shadersmith.targets.catalogue.components import AMBER, Component
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.tools import newest
from shadersmith.trial import Judged, TargetRun

ROOT = Path(__file__).resolve().parent.parent
FINDINGS = ROOT / "findings"
SPIRV_PLANTED = ROOT / "tests" / "data" / "spirv-planted-copy-object-reduced"
needs_shader_runner = pytest.mark.skipif(
    shader_runner_path() is None,
    reason="piglit's shader_runner is not installed (Debian's piglit package; ./dev test "
    "installs it): the piglit reproducer cannot be run",
)


def _report(directory: Path, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["bug-report", str(directory), "--no-newest", *options])
    return result.exit_code, result.output


def _block(markdown: str, language: str) -> str:
    """The first fenced block of `language` in the report."""
    match = re.search(rf"```{language}\n(.*?)\n```", markdown, re.S)
    assert match is not None, markdown
    return match.group(1) + "\n"


# ------------------------------------------------------------------------------ Mesa GL


@needs_shader_runner
def test_a_mesa_gl_report_holds_a_shader_test_that_fails_as_described() -> None:
    status, markdown = _report(FINDINGS / "mesa-gl-swizzle-index")
    assert status == 0, markdown
    assert "Mesa (GLSL compiler front-end" in markdown
    assert "gitlab.freedesktop.org/mesa/mesa" in markdown
    assert "| `out_1_f0` | -86240381 | -1316 |" in markdown  # the recorded values
    piglit = _block(markdown, "ini")
    assert "[compute shader]" in piglit and "probe ssbo uint 2 0 == 4208726915" in piglit
    # The file as pasted: llvmpipe and softpipe both write -1316 (4294965980) where the
    # interpreter expects -86240381 (4208726915): the front-end they share.
    for driver in ("llvmpipe", "softpipe"):
        run = run_shader_runner(piglit, driver)
        assert isinstance(run, PiglitRun) and run.verdict == "fail", run
        assert "Reference: 4208726915" in run.detail and "4294965980" in run.detail
    assert "[ok] shows the bug: shader_runner on llvmpipe (Debian's Mesa): fail" in markdown
    assert "**reproduces**" in markdown


def test_a_report_lists_each_differing_element_with_its_index_not_whole_arrays() -> None:
    """mesa-gl-disagree's out_0_f0 is an array: its row names the element that differs."""
    status, markdown = _report(FINDINGS / "mesa-gl-disagree")
    assert status == 0, markdown
    assert "| `out_0_f0[0]` | 1139316278 | 0 | 1139316278 | 1139316278 | 0 |" in markdown
    assert "| [1139316278] |" not in markdown


@needs_shader_runner
def test_a_softpipe_report_ships_glsl_330_which_softpipe_offers_without_overrides() -> None:
    status, markdown = _report(FINDINGS / "softpipe-quad-indirect-write")
    assert status == 0, markdown
    piglit = _block(markdown, "ini")
    assert "GLSL >= 3.30" in piglit and "[fragment shader]\n#version 330\n" in piglit
    assert "#version 450" not in piglit
    run = re.search(r"^Run: `(.*)`$", markdown, re.M)
    assert run is not None and "GALLIUM_DRIVER=softpipe" in run.group(1)
    assert "OVERRIDE" not in run.group(1)  # softpipe's own GL 3.3
    # As pasted, with no override: softpipe writes a[0] in the odd columns; llvmpipe is right.
    softpipe = run_shader_runner(piglit, "softpipe")
    assert isinstance(softpipe, PiglitRun) and softpipe.verdict == "fail", softpipe
    assert "Expected: 0 77 0 0" in softpipe.detail and "Observed: 77 0 0 0" in softpipe.detail
    llvmpipe = run_shader_runner(piglit, "llvmpipe")
    assert isinstance(llvmpipe, PiglitRun) and llvmpipe.verdict == "pass", llvmpipe
    assert "[ok] shows the bug: shader_runner on softpipe (Debian's Mesa): fail" in markdown


@needs_shader_runner
def test_a_vertex_stage_report_draws_with_the_generated_vertex_shader(tmp_path: Path) -> None:
    # Generated seed 37 with a vertex shader, which llvmpipe draws wrong (a fixture).
    directory = tmp_path / "pair"
    shutil.copytree(ROOT / "tests" / "data" / "llvmpipe-vertex-pair-seed-37", directory)
    status, markdown = _report(directory)
    assert status == 0, markdown
    piglit = _block(markdown, "ini")
    assert "[vertex shader]\n#version 450\n" in piglit and "draw arrays GL_TRIANGLES 0 3" in piglit
    assert "[ok] shows the bug: shader_runner on llvmpipe (Debian's Mesa): fail" in markdown
    assert (
        "[ok] shader_runner on softpipe (Debian's Mesa), a driver the finding did not name: pass"
        in markdown
    )
    assert "**reproduces**" in markdown


@needs_shader_runner
def test_a_crash_both_mesa_drivers_share_is_reported_against_the_front_end() -> None:
    # Signed crash:llvmpipe:SIGFPE (at the faulting offset, since its re-record) by the
    # campaign; shader_runner dies on softpipe too.
    status, markdown = _report(FINDINGS / "mesa-glsl-fold-int-min-div-minimal")
    assert status == 0, markdown
    assert "- **Component**: `mesa-glsl` (the finding's signature `crash:llvmpipe:SIGFPE at " in (
        markdown
    )
    assert "shader_runner on softpipe (Debian's Mesa), a driver the finding did not name: " in (
        markdown
    )
    assert "crash (SIGFPE)" in markdown


def test_a_test_reduced_twice_is_found_by_its_generators_seed() -> None:
    # The campaign reduced seed 8100927's test, and `shadersmith reduce` reduced that again:
    # the provenance nests one `reduced_from` in another.
    status, markdown = _report(FINDINGS / "mesa-gl-switch-continue-segfault")
    assert status == 0, markdown
    assert (
        "- **Found by**: shadersmith 0.1.0 (smith, seed 8100927), reduced from 112 to 33 "
        "lines in 2 reductions" in markdown
    )


@needs_shader_runner
def test_a_reduced_test_without_versions_reports_its_examples(tmp_path: Path) -> None:
    # A reduction made before reductions carried versions, beside its example (a
    # campaign's `<test>` and `<test>-reduced`).
    example, reduced = tmp_path / "1", tmp_path / "1-reduced"
    shutil.copytree(FINDINGS / "mesa-gl-swizzle-index", example)
    shutil.copytree(FINDINGS / "mesa-gl-swizzle-index", reduced)
    record = json.loads((reduced / "test.json").read_text())
    results = record["results"]
    for run in results.get("runs", results).values():  # schema 1 keeps runs at the top
        if isinstance(run, dict) and "status" in run:
            run["versions"] = None
    (reduced / "test.json").write_text(json.dumps(record))
    status, markdown = _report(reduced)
    assert status == 0, markdown
    assert "versions not recorded" not in markdown
    assert (
        "- gl-llvmpipe (failing): mesa-glsl 22.3.6, llvmpipe 22.3.6, llvm 15.0.6, as the "
        "example test `1` recorded them" in markdown
    )


# -------------------------------------------------------------------------------- tools


def test_a_spirv_opt_report_runs_the_reduced_pass_list() -> None:
    status, markdown = _report(FINDINGS / "spirv-opt-invalid-phi-pointers")
    assert status == 0, markdown
    recorded = json.loads((FINDINGS / "spirv-opt-invalid-phi-pointers/test.json").read_text())
    assert len(recorded["provenance"]["spirv_opt_passes"]) == 15
    commands = _block(markdown, "sh").splitlines()
    assert commands == [
        "glslangValidator -V --target-env vulkan1.0 shader.comp -o shader.spv",
        "spirv-opt --target-env=vulkan1.0 --ssa-rewrite --redundancy-elimination "
        "--loop-unswitch shader.spv -o shader.opt.spv",
        "spirv-val --target-env vulkan1.0 shader.opt.spv",
    ]
    assert "reduced from 15 to 3 passes" in markdown
    assert (
        "[ok] shows the bug: the command lines above with Debian's tools: "
        "`glslangValidator` exit status 0; `spirv-opt` exit status 0; `spirv-val` exit "
        "status 1: error: line" in markdown
    )
    assert "Using pointers with OpPhi requires capability VariablePointers" in markdown
    assert (
        _block(markdown, "glsl")
        == (FINDINGS / "spirv-opt-invalid-phi-pointers/shader.comp").read_text()
    )


def test_a_crash_tests_report_runs_the_chains_spirv_opt_and_spirv_cross_language() -> None:
    """Row 20 (a crash-mode test on compile-spirv-cross-hlsl): the command lines are the
    chain's (its recorded spirv-opt passes and spirv-val, then spirv-cross writing HLSL),
    the unreconditioned program's undefined behaviour is told, not held against it, and
    no expected values are claimed."""
    status, markdown = _report(FINDINGS / "spirv-cross-variable-scope-assert")
    assert status == 0, markdown
    assert _block(markdown, "sh").splitlines() == [
        "glslangValidator -V --target-env vulkan1.0 shader.comp -o shader.spv",
        "spirv-opt --target-env=vulkan1.0 --merge-blocks --redundancy-elimination "
        "shader.spv -o shader.opt.spv",
        "spirv-val --target-env vulkan1.0 shader.opt.spv",
        "spirv-cross --hlsl --shader-model 50 shader.opt.spv --output shader.cross.hlsl",
    ]
    assert "`spirv-cross` killed by SIGABRT" in markdown
    assert "[NOT AS RECORDED]" not in markdown
    assert "the program is not reconditioned (crash test)" in markdown
    assert "No values are expected" in markdown and "it met none" not in markdown


def test_a_crash_signed_with_its_frame_is_shown_by_the_signal_and_fixed_on_the_newest() -> None:
    """Row 18: the signature "SIGFPE at <frame>" is shown by a spirv-opt killed by
    SIGFPE; the newest SPIRV-Tools folds the division without dying, and the report and
    `replay --newest` (on compile-spirv-cross-hlsl's twin, not the Debian chain) say so."""
    test = FINDINGS / "spirv-opt-ccp-sigfpe"
    result = CliRunner().invoke(main, ["bug-report", str(test)])
    assert result.exit_code == 0, result.output
    assert "[ok] shows the bug: the command lines above with Debian's tools" in result.output
    assert "`spirv-opt` killed by SIGFPE" in result.output
    assert "**Newest release**: fixed (not in SPIRV-Tools" in result.output
    replayed = CliRunner().invoke(main, ["replay", str(test), "--newest"])
    assert "compile-spirv-cross-hlsl-newest  ok" in replayed.output, replayed.output
    assert "DOES NOT REPRODUCE" in replayed.output and replayed.exit_code == 1


def test_an_invalid_module_debians_validator_names_otherwise_is_still_shown() -> None:
    """Row 19: the chain recorded the newest spirv-val's words for the module both reject;
    Debian's spirv-val names another fault of it first: its rejection still shows the
    bug, and the newest tools' command lines show the recorded words."""
    result = CliRunner().invoke(
        main, ["bug-report", str(FINDINGS / "spirv-opt-inline-negative-index")]
    )
    assert result.exit_code == 0, result.output
    assert "[NOT AS RECORDED]" not in result.output
    assert "Index at word 4 may not have a negative value" in result.output
    assert "**Newest release**: still there" in result.output


def test_a_glslang_invalid_spirv_report_validates_and_tells_another_bug_of_the_newest() -> None:
    """Row 17 (issue 30): the reproducer's commands must run spirv-val, or nothing shows
    glslang's invalid module; glslang 13.1.1's module of the program is invalid for
    another reason (Coherent decorated twice), which is not this bug still there."""
    result = CliRunner().invoke(
        main, ["bug-report", str(FINDINGS / "glslang-struct-select-layouts")]
    )
    assert result.exit_code == 0, result.output
    commands = _block(result.output, "sh").splitlines()
    assert commands[-1] == "spirv-val --target-env vulkan1.0 shader.spv"
    assert "**reproduces**" in result.output
    assert "`spirv-val` exit status 1: error: line" in result.output
    assert "**Newest release**: fixed (not in glslang 13.1.1)" in result.output
    assert "decorated with Coherent multiple times" in result.output  # shown, not taken for it


def test_a_naga_report_carries_the_wgsl_and_the_naga_command() -> None:
    status, markdown = _report(FINDINGS / "naga-const-select-compose-panic")
    assert status == 0, markdown
    assert "naga (gfx-rs/wgpu)" in markdown and "github.com/gfx-rs/wgpu/issues" in markdown
    wgsl = (FINDINGS / "naga-const-select-compose-panic/shader.wgsl").read_text()
    assert _block(markdown, "wgsl") == wgsl
    assert _block(markdown, "sh") == "naga shader.wgsl\n"
    assert "[ok] shows the bug: wgpu-gl, wgpu-vk against the interpreter" in markdown
    assert "constant_evaluator.rs" in markdown


def test_a_reproducer_that_does_not_reproduce_is_reported_so(tmp_path: Path) -> None:
    # spirv-opt-wrong with its -O replaced by a pass that cannot fold anything: the test
    # still records the wrong value, but its program no longer shows it.
    directory = tmp_path / "spirv-opt-wrong"
    shutil.copytree(FINDINGS / "spirv-opt-wrong", directory)
    record = json.loads((directory / "test.json").read_text())
    record["provenance"]["spirv_opt_passes"] = ["--vector-dce"]
    (directory / "test.json").write_text(json.dumps(record))
    out = tmp_path / "report.md"
    status, output = _report(directory, "--out", str(out))
    assert status == 1, output
    markdown = out.read_text()
    assert "**DOES NOT REPRODUCE as recorded**" in markdown
    assert "[NOT AS RECORDED] shows the bug: vk-lavapipe-opt" in markdown


# --------------------------------------------------------------------------- RADV / ACO


@pytest.mark.skipif(
    newest.mesa_version() is None,
    reason="RADV's null device needs the newest Mesa (scripts/newest-mesa.sh; ./dev test does it)",
)
def test_an_aco_report_ships_spirv_and_a_pipeline_program_that_shows_the_bug(
    tmp_path: Path,
) -> None:
    from shadersmith.targets import radv

    status, markdown = _report(FINDINGS / "aco-subbrev-lane-mask")
    assert status == 0, markdown
    assert "- **Project**: Mesa (ACO" in markdown and "gitlab.freedesktop.org/mesa" in markdown
    commands = _block(markdown, "sh").splitlines()
    assert commands[0] == "spirv-as --target-env vulkan1.0 shader.spvasm -o shader.spv"
    # One line per failing generation, the validators on.
    assert {c.split()[1] for c in commands[1:]} == {
        "RADV_FORCE_FAMILY=navi21",
        "RADV_FORCE_FAMILY=navi31",
        "RADV_FORCE_FAMILY=gfx1201",
    }
    assert all("ACO_DEBUG=validateir,validatera" in c for c in commands[1:])
    assert "[ok] shows the bug: the commands above with the newest Mesa's RADV" in markdown
    # The shipped files, run here by hand: ACO rejects its IR on GFX10.3 and compiles the
    # same module on GFX8 (wave64), as the test records.
    (tmp_path / "shader.spvasm").write_text(_spvasm(markdown))
    (tmp_path / "compile_pipeline.py").write_text(_block(markdown, "python"))
    subprocess.run(
        ["spirv-as", "--target-env", "vulkan1.0", "shader.spvasm", "-o", "shader.spv"],
        cwd=tmp_path,
        check=True,
    )
    said = {}
    for family in ("navi21", "polaris10"):
        done = subprocess.run(
            [sys.executable, "compile_pipeline.py", "shader.spv"],
            cwd=tmp_path,
            env={
                **radv.environment(),
                "PATH": "/usr/bin:/bin",
                "RADV_FORCE_FAMILY": family,
                "ACO_DEBUG": "validateir,validatera",
                "RADV_DEBUG": "nocache",
            },
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert f"RADV {family.upper()}" in done.stdout
        said[family] = done.stderr
    assert "Operand has to be lane mask" in said["navi21"] and "v_subbrev_co_u32" in said["navi21"]
    assert "ACO ERROR" not in said["polaris10"]


def _spvasm(markdown: str) -> str:
    """The report's `shader.spvasm` block (a fence without a language)."""
    match = re.search(r"`shader.spvasm`:\n\n```\n(.*?)\n```", markdown, re.S)
    assert match is not None, markdown
    return match.group(1) + "\n"


# ----------------------------------------------------------------------------- bad input


def test_help_says_what_is_checked_and_the_exit_statuses() -> None:
    result = CliRunner().invoke(main, ["bug-report", "--help"])
    assert result.exit_code == 0
    assert "shader_runner" in result.output and "does NOT reproduce" in result.output


@pytest.mark.parametrize(
    ("directory", "message"),
    [
        (ROOT / "no-such-test", "not a test directory"),
        (FINDINGS, "no test.json"),
        (FINDINGS / "spirv-opt-invalid-spirv", "the test records no finding"),
        (FINDINGS / "naga-glsl-out-remainder", "not valid WGSL"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(directory: Path, message: str) -> None:
    status, output = _report(directory)
    assert status == 2, output
    assert len(output.strip().splitlines()) == 1 and message in output, output


def test_an_existing_out_file_is_refused_without_force(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    out.write_text("kept\n")
    status, output = _report(FINDINGS / "mesa-gl-swizzle-index", "--out", str(out))
    assert status == 2 and "exists; use --force" in output, output
    assert out.read_text() == "kept\n"


# ----------------------------------------------------------------------------- findings/


def test_the_findings_table_cells_are_the_reports() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/findings_table.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# ------------------------------------------------------------------------------ SPIR-V


def test_a_spirv_pair_report_ships_both_modules_their_commands_and_who_vouches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A SPIR-V metamorphic test's report (issue 35), on the planted consumer bug
    (tests/planted_bugs.py: a wrapped vk-lavapipe that computes each integer OpCopyObject
    as zero; its component gets a row of its own here, named so): both modules, the
    commands that assemble and validate them, the Amber script, the differing field of
    the failing target and vk-lavapipe vouching; the pair run again shows the finding."""
    planted = "planted-copy-object-int-is-zero"
    row = Component(planted, "planted", planted, "(planted by tests/planted_bugs.py)", AMBER, "")
    monkeypatch.setitem(components.COMPONENTS, planted, row)
    result = CliRunner().invoke(main, ["bug-report", str(SPIRV_PLANTED), "--no-newest"])
    assert result.exit_code == 0, result.output
    markdown = result.output
    assert "computes different values for two equivalent modules" in markdown
    assert _block(markdown, "sh").splitlines()[:4] == [
        "spirv-as --preserve-numeric-ids --target-env vulkan1.0 reference.spvasm -o reference.spv",
        "spirv-as --preserve-numeric-ids --target-env vulkan1.0 variant.spvasm -o variant.spv",
        "spirv-val --target-env vulkan1.0 reference.spv",
        "spirv-val --target-env vulkan1.0 variant.spv",
    ]
    assert "[ok] the command lines above with Debian's tools" in markdown
    assert "[ok] shows the bug: the pair on" in markdown
    assert "These targets did, and vouch for the transformations: vk-lavapipe." in markdown
    assert "SPIRV-ASM" in markdown  # the Amber script, attached
    # the differing elements, both sides: the planted zero where lavapipe computes a value
    assert re.search(rf"{planted}-vk-lavapipe: out_\w+\\?\[\d+", markdown), markdown
    assert "**reproduces**" in markdown


def test_a_tool_that_gives_up_in_the_recorded_words_shows_its_compile_failure() -> None:
    """Row 22: spirv-cross throws ("Use of undeclared variable on a switch statement") on
    a switch over a specialization constant made by conversions; its own command line
    failing with those words shows the finding (before, only spirv-cross writing GLSL that
    Mesa rejects counted, and the report said it did not reproduce)."""
    status, markdown = _report(FINDINGS / "spirv-cross-spec-constant-switch")
    assert status == 0, markdown
    assert "[ok] shows the bug: the command lines above with Debian's tools" in markdown
    assert "Use of undeclared variable on a switch statement" in markdown


def test_a_crash_summary_names_the_signal_not_a_frame_of_our_backtrace() -> None:
    """A worker's crash log carries our native backtrace (crash_backtrace.py): its frame
    in our own library names `..._on_signal`, and the report's one-line summary took it
    for the telling line (findings/mesa-glsl-fold-int-min-mod's first report said
    `gl-llvmpipe crash: /work/main/.venv/native/libshadersmith-backtrace.so(...)`)."""
    from shadersmith.export.bug_report.markdown import _log_line

    log = "\n".join(
        [
            "worker killed by signal 8",
            "",
            "shadersmith: native backtrace at signal 8:",
            "/x/.venv/native/libshadersmith-backtrace.so(shadersmith_backtrace_on_signal)[0x7fa53fff530d]",
            "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7fa7e405a050]",
            "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so(+0x4323b8)[0x7fa7d8c323b8]",
            "shadersmith: end of backtrace",
        ]
    )
    assert _log_line(log) == "worker killed by signal 8"


def test_the_newest_release_dying_at_another_offset_of_its_library_is_the_same_crash() -> None:
    """A crash frame's offset moves with every build: Mesa 25's lavapipe dies of the
    nir-fold-int-min-div-int8-sigfpe program at libvulkan_lvp.so+0x24b7b5, Debian's at
    +0x1b8305. The report said "fixed"; another frame or signal is still another crash."""
    recorded = "crash:llvmpipe:SIGFPE at libvulkan_lvp.so+0x1b8305"

    def newest(signature: str) -> TargetRun:
        crash = Finding(Kind.CRASH, ("vk-lavapipe-newest",), signature=signature)
        comparison = Comparison(Verdict.SOME_FAILED, (), ("vk-lavapipe-newest",), ())
        judged = Judged(
            {"vk-lavapipe-newest": RunResult(RunStatus.CRASH)}, comparison, (crash,), True
        )
        return TargetRun(judged, {}, {})

    finding = Finding(Kind.CRASH, ("vk-lavapipe",), signature=recorded)
    failing = ["vk-lavapipe-newest"]
    moved = newest("crash:llvmpipe:SIGFPE at libvulkan_lvp.so+0x24b7b5")
    assert shows_finding(finding, moved, failing, exact=True)
    other_signal = newest("crash:llvmpipe:SIGSEGV at libvulkan_lvp.so+0x24b7b5")
    assert not shows_finding(finding, other_signal, failing, exact=True)
    other_library = newest("crash:llvmpipe:SIGFPE at libLLVM-15.so.1+0x24b7b5")
    assert not shows_finding(finding, other_library, failing, exact=True)


def test_a_finding_blame_could_not_pin_is_refused_with_the_consumer_that_would_pin_it() -> None:
    """`wrong:unknown:glslang|nvidia-vk` (no second Vulkan driver read glslang's module on
    the GPU machine: SwiftShader has no int16): no report, and the refusal names targets
    that read glslang's output without NVIDIA's driver, and the command to run."""
    finding = Finding(
        Kind.DISAGREE,
        ("vk-nvidia", "vk-nvidia-opt"),
        signature="wrong:unknown:glslang|nvidia-vk",
    )
    message = unseparated_message(Path("t49"), finding, ("glslang", "nvidia-vk"))
    assert "blame could not tell glslang from nvidia-vk" in message
    assert "--targets vk-nvidia,vk-nvidia-opt,vk-lavapipe,interp --save" in message
    suggested = message.rsplit("(", 1)[1]
    assert "vk-lavapipe" in suggested and "nvidia" not in suggested.split(" read ")[0]
