"""Blame: which component a finding points at (hand-built outputs; the crash case uses the
real llvmpipe logs of tests/data/logs)."""

from __future__ import annotations

from pathlib import Path

from shadersmith.case import Finding, Kind
from shadersmith.oracle.blame import (
    blame,
    missing_refinements,
    refinement_targets,
    suspects,
    witnesses_for,
)
from shadersmith.oracle.classify import classify
from shadersmith.oracle.components import failing_component
from shadersmith.oracle.signature import sign_finding
from shadersmith.targets.catalogue.registry import chain_of
from shadersmith.targets.results import RunResult, RunStatus

LOGS = Path(__file__).parent / "data" / "logs"

# The chains as chains.py names them today: LLVM only in the GL chain.
TODAY: dict[str, list[str]] = {
    "gl-llvmpipe": ["llvm", "llvmpipe-gl"],
    "vk-lavapipe": ["glslang", "lavapipe"],
    "vk-lavapipe-opt": ["glslang", "spirv-opt", "lavapipe"],
    "vk-lavapipe-cross": ["glslang", "spirv-cross", "llvmpipe-gl"],
    "interp": ["shadersmith-interp"],
    "planted-xor-to-or-gl-llvmpipe": ["planted-xor-to-or", "llvm", "llvmpipe-gl"],
}
# As proposed: every chain whose driver generates code with LLVM names it.
PROPOSED: dict[str, list[str]] = {
    name: ["llvm", *chain] if "llvm" not in chain and name != "interp" else chain
    for name, chain in TODAY.items()
}

PLANTED_RUN = ("gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "interp")
CPU_TARGETS = (*PLANTED_RUN, "vk-lavapipe-cross")


def out(value: int) -> RunResult:
    return RunResult(RunStatus.OK, buffers={1: {"r": value}})


def only_finding(results: dict[str, RunResult], chains: dict[str, list[str]]) -> Finding:
    findings = classify(results, chains).findings
    assert len(findings) == 1, findings
    return findings[0]


def wrong_on(targets: tuple[str, ...], odd: str) -> dict[str, RunResult]:
    return {name: out(2 if name == odd else 1) for name in targets}


def test_spirv_opt_is_blamed_only_when_a_second_consumer_of_its_output_is_wrong() -> None:
    """Issue 30: vk-lavapipe-opt alone wrong, vk-lavapipe right. vk-lavapipe clears
    lavapipe of glslang's module, not of spirv-opt's: spirv-opt and lavapipe are equal
    suspects until SwiftShader runs the same optimised module (as on the GPU machine,
    where vk-nvidia-opt was wrong and spirv-opt's output right on both CPU drivers)."""
    results = wrong_on(PLANTED_RUN, "vk-lavapipe-opt")
    for chains in (TODAY, PROPOSED):
        finding = only_finding(results, chains)
        assert finding.kind is Kind.ODD_ONE_OUT
        assert blame(finding, results, chains) == ["unknown", "spirv-opt", "lavapipe"]
        assert sign_finding(finding, results, chains) == "wrong:unknown:spirv-opt|lavapipe"
        # A second consumer of the same module wrong the same way: spirv-opt.
        with_second = {**chains, "vk-swiftshader-opt": ["glslang", "spirv-opt", "swiftshader"]}
        both = {**results, "vk-swiftshader-opt": out(2)}
        finding = only_finding(both, with_second)
        assert blame(finding, both, with_second) == ["spirv-opt"]
        assert sign_finding(finding, both, with_second) == "wrong:spirv-opt"


def test_nvidia_compiling_a_right_optimised_module_wrong_is_not_spirv_opts() -> None:
    """Issue 30, seed 9201157: vk-nvidia-opt wrong, vk-nvidia and the interpreter right.
    Alone, spirv-opt and NVIDIA's driver are both suspects; the CPU Vulkan twins running
    the same optimised module right clear spirv-opt and leave the driver."""
    chains = declared("vk-nvidia", "vk-nvidia-opt", "vk-lavapipe-opt", "vk-swiftshader-opt")
    chains["interp"] = ["shadersmith-interp"]
    results = {"vk-nvidia": out(1), "vk-nvidia-opt": out(2), "interp": out(1)}
    finding = only_finding(results, chains)
    assert sign_finding(finding, results, chains) == "wrong:unknown:spirv-opt|nvidia-vk"
    assert missing_refinements(finding, results) == ["vk-lavapipe-opt", "vk-swiftshader-opt"]
    assert witnesses_for(["vk-nvidia", "vk-nvidia-opt", "interp"]) == [
        "vk-lavapipe",
        "vk-lavapipe-opt",
        "vk-swiftshader",
        "vk-swiftshader-opt",
    ]
    results.update({"vk-lavapipe-opt": out(1), "vk-swiftshader-opt": out(1)})
    finding = only_finding(results, chains)
    assert blame(finding, results, chains) == ["nvidia-vk"]
    # Had the CPU drivers computed NVIDIA's wrong value from the same module: spirv-opt.
    results.update({"vk-lavapipe-opt": out(2), "vk-swiftshader-opt": out(2)})
    finding = only_finding(results, chains)
    assert sign_finding(finding, results, chains) == "wrong:spirv-opt"


def test_wgpu_vk_alone_wrong_is_lavapipes_once_swiftshader_runs_nagas_module_right() -> None:
    """WGSL: wgpu-vk wrong, wgpu-gl and the interpreter right. wgpu-gl shares naga's
    front-end only, so alone it left naga's SPIR-V writer the first suspect of what may be
    lavapipe's bug. The same module on SwiftShader (wgpu-vk-swiftshader, run beside the
    wrong result) tells them apart: right there, lavapipe; wrong there too, naga's writer,
    which two Vulkan drivers then read the same wrong way."""
    chains = declared("wgpu-vk", "wgpu-gl", "wgpu-vk-swiftshader")
    chains["interp"] = ["shadersmith-interp"]
    results = {"wgpu-vk": out(2), "wgpu-gl": out(1), "interp": out(1)}
    finding = only_finding(results, chains)
    assert blame(finding, results, chains)[0] == "naga-spv-out"
    assert missing_refinements(finding, results) == ["wgpu-vk-swiftshader"]
    assert witnesses_for(["wgpu-vk", "wgpu-gl", "interp"]) == [
        "wgpu-vk-swiftshader",
        "witness-wgpu-gl-softpipe",
    ]
    results["wgpu-vk-swiftshader"] = out(1)
    finding = only_finding(results, chains)
    assert blame(finding, results, chains)[0] == "lavapipe"
    results["wgpu-vk-swiftshader"] = out(2)
    finding = only_finding(results, chains)
    assert blame(finding, results, chains)[0] == "naga-spv-out"
    # On the GPU machine both CPU drivers are NVIDIA's second consumers.
    assert refinement_targets("wgpu-vk-nvidia") == ["wgpu-vk", "wgpu-vk-swiftshader"]


def test_gl_alone_blames_the_gl_driver_not_the_llvm_lavapipe_shares() -> None:
    results = wrong_on(PLANTED_RUN, "gl-llvmpipe")
    finding = only_finding(results, PROPOSED)
    assert blame(finding, results, PROPOSED) == ["llvmpipe-gl"]
    # Today lavapipe's LLVM is only in its version string: LLVM stays a suspect, after
    # the driver (a library is the least specific suspect).
    assert blame(finding, results, TODAY) == ["llvmpipe-gl", "llvm"]


def test_gl_alone_with_cross_passing_keeps_the_gl_driver_a_suspect() -> None:
    """vk-lavapipe-cross shares llvmpipe's GL driver but feeds it spirv-cross's GLSL, not
    the original: it does not clear the driver (the Mesa GL front-end bug of
    tests/test_targets_differential.py looks exactly like this)."""
    results = wrong_on(CPU_TARGETS, "gl-llvmpipe")
    finding = only_finding(results, PROPOSED)
    assert blame(finding, results, PROPOSED) == ["llvmpipe-gl", "llvm"]
    # Today the strict rule finds LLVM alone: the wrong answer the proposal avoids.
    assert blame(finding, results, TODAY) == ["llvm"]


def test_cross_alone_blames_spirv_cross() -> None:
    results = wrong_on(CPU_TARGETS, "vk-lavapipe-cross")
    finding = only_finding(results, PROPOSED)
    assert blame(finding, results, PROPOSED) == ["spirv-cross"]


def test_planted_rewrite_is_blamed_not_the_real_chain_behind_it() -> None:
    results = wrong_on(
        (*PLANTED_RUN, "planted-xor-to-or-gl-llvmpipe"), "planted-xor-to-or-gl-llvmpipe"
    )
    for chains in (TODAY, PROPOSED):
        finding = only_finding(results, chains)
        assert blame(finding, results, chains) == ["planted-xor-to-or"]


def test_interpreter_alone_blames_us() -> None:
    # TODAY's chains start with their front-ends, as the catalogue's do (PROPOSED's all
    # start with LLVM, which would make the majority one front-end's opinion).
    results = wrong_on(PLANTED_RUN, "interp")
    finding = only_finding(results, TODAY)
    assert blame(finding, results, TODAY) == ["shadersmith-interp"]


def test_several_wrong_targets_share_the_blame() -> None:
    """Both lavapipe targets wrong, GL and the interpreter right: what the two share and
    GL has not, glslang and lavapipe; not LLVM, which GL runs too."""
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe": out(2),
        "vk-lavapipe-opt": out(2),
        "interp": out(1),
    }
    finding = only_finding(results, PROPOSED)
    assert finding.kind is Kind.DISAGREE
    assert finding.targets == ("vk-lavapipe", "vk-lavapipe-opt")
    assert blame(finding, results, PROPOSED) == ["unknown", "glslang", "lavapipe"]


def test_no_passing_target_is_unknown() -> None:
    results = {"a": out(1), "b": out(1), "c": out(2), "d": out(2)}
    chains = {name: [f"component-{name}"] for name in results}
    finding = only_finding(results, chains)
    assert blame(finding, results, chains) == ["unknown"]
    assert sign_finding(finding, results, chains) == "wrong:unknown"


def test_suspects_empty_when_passing_chains_cover_everything() -> None:
    assert suspects([["glslang", "lavapipe"]], [["glslang", "lavapipe"]]) == ["unknown"]


def test_versions_are_not_part_of_the_names() -> None:
    results = wrong_on(PLANTED_RUN, "vk-lavapipe-opt")
    versioned = {
        name: [(component, f"{component} 1.2.3") for component in chain]
        for name, chain in PROPOSED.items()
    }
    finding = only_finding(results, PROPOSED)
    assert blame(finding, results, versioned) == ["unknown", "spirv-opt", "lavapipe"]


# ---------------------------------------------------------------------------- failures


def test_real_llvmpipe_crash_through_gl_and_cross_blames_the_gl_driver() -> None:
    """umulExtended(x, 4294967295u, ...) kills llvmpipe's GL driver, whether the GLSL is
    the original or spirv-cross's; lavapipe runs it fine (real logs)."""
    crash = (LOGS / "gl-llvmpipe_umulextended_crash.log").read_text()
    cross_crash = (LOGS / "vk-lavapipe-cross_umulextended_crash.log").read_text()
    results = {
        "gl-llvmpipe": RunResult(RunStatus.CRASH, log=crash),
        "vk-lavapipe-cross": RunResult(RunStatus.CRASH, log=cross_crash),
        "vk-lavapipe": out(1),
        "vk-lavapipe-opt": out(1),
        "interp": out(1),
    }
    finding = only_finding(results, PROPOSED)
    assert finding.kind is Kind.CRASH
    assert finding.targets == ("gl-llvmpipe", "vk-lavapipe-cross")
    assert blame(finding, results, PROPOSED) == ["llvmpipe-gl"]
    assert (
        sign_finding(finding, results, PROPOSED)
        == "crash:llvmpipe-gl:LLVM ERROR: Cannot emit physreg copy instruction"
    )


def test_failures_name_their_component() -> None:
    chain = PROPOSED["vk-lavapipe-opt"]
    invalid = RunResult(RunStatus.VALIDATION_ERROR, failed_component="spirv-val after spirv-opt")
    assert failing_component(invalid, chain) == "spirv-opt"
    assert failing_component(RunResult(RunStatus.CRASH), chain) == "lavapipe"  # killed worker
    timeout = RunResult(RunStatus.TIMEOUT, failed_component="driver")
    assert failing_component(timeout, chain) == "lavapipe"
    assert failing_component(timeout) == "driver"  # without a chain: as the result says
    rejected = RunResult(RunStatus.COMPILE_ERROR, failed_component="glslang")
    assert failing_component(rejected, chain) == "glslang"
    harness = RunResult(RunStatus.CRASH, log=(LOGS / "harness_exception.log").read_text())
    assert failing_component(harness, chain) == "shadersmith"
    ub = RunResult(RunStatus.UNDEFINED_BEHAVIOUR, failed_component="program")
    assert failing_component(ub, ["shadersmith-interp"]) == "shadersmith"


def test_failure_blame_uses_the_named_component_even_when_shared() -> None:
    """spirv-opt produced invalid SPIR-V: blame spirv-opt, whatever passes."""
    results = {
        "vk-lavapipe": out(1),
        "vk-lavapipe-opt": RunResult(
            RunStatus.VALIDATION_ERROR, failed_component="spirv-val after spirv-opt"
        ),
        "interp": out(1),
    }
    finding = only_finding(results, PROPOSED)
    assert blame(finding, results, PROPOSED) == ["spirv-opt"]


def test_our_findings_blame_us() -> None:
    results = {
        "gl-llvmpipe": RunResult(RunStatus.COMPILE_ERROR, failed_component="driver"),
        "vk-lavapipe": RunResult(RunStatus.COMPILE_ERROR, failed_component="glslang"),
        "interp": out(1),
    }
    finding = only_finding(results, PROPOSED)
    assert finding.kind is Kind.ALL_FAILED
    assert blame(finding, results, PROPOSED) == ["shadersmith"]
    ub = {
        "interp": RunResult(
            RunStatus.UNDEFINED_BEHAVIOUR, log="shift: x", failed_component="program"
        )
    }
    finding = only_finding({**ub, "gl-llvmpipe": out(1)}, PROPOSED)
    assert blame(finding, {**ub, "gl-llvmpipe": out(1)}, PROPOSED) == ["shadersmith"]
    assert sign_finding(finding, {**ub, "gl-llvmpipe": out(1)}, PROPOSED) == "ours:ub:shift"


# ---------------------------------------------------------------------------- refinement


def test_refinement_targets_drop_the_optional_parts() -> None:
    assert refinement_targets("vk-lavapipe-opt") == ["vk-lavapipe", "vk-swiftshader-opt"]
    assert refinement_targets("vk-lavapipe-cross") == [
        "witness-cross-softpipe",
        "witness-cross-lavapipe",
        "witness-softpipe",
        "vk-lavapipe",
        "gl-llvmpipe",
    ]
    assert refinement_targets("vk-nvidia-opt") == [
        "vk-nvidia",
        "vk-lavapipe-opt",
        "vk-swiftshader-opt",
    ]
    assert refinement_targets("vk-nvidia") == ["vk-lavapipe", "vk-swiftshader"]
    assert refinement_targets("vk-lavapipe") == ["vk-swiftshader"]
    assert refinement_targets("vk-swiftshader-opt") == ["vk-swiftshader", "vk-lavapipe-opt"]
    assert refinement_targets("vk-lavapipe-newest") == ["vk-swiftshader-newest"]
    assert refinement_targets("vk-radv-navi21") == []
    assert refinement_targets("gl-llvmpipe") == ["witness-softpipe"]
    assert refinement_targets("no-such-target") == []


def test_refinement_narrows_the_blame_seed_002_example_7() -> None:
    """vk-lavapipe-opt alone wrong in a run without vk-lavapipe: glslang, spirv-opt and
    lavapipe are suspects; vk-lavapipe, run as refinement, clears glslang and lavapipe."""
    results = {"gl-llvmpipe": out(1), "vk-lavapipe-opt": out(2), "interp": out(1)}
    finding = only_finding(results, PROPOSED)
    assert finding.kind is Kind.ODD_ONE_OUT
    # The front-end and what read its module alike: no chain without glslang exists.
    assert blame(finding, results, PROPOSED) == ["unknown", "glslang", "spirv-opt", "lavapipe"]
    assert missing_refinements(finding, results) == ["vk-lavapipe", "vk-swiftshader-opt"]

    results["vk-lavapipe"] = out(1)
    refined = only_finding(results, PROPOSED)
    assert missing_refinements(refined, results) == ["vk-swiftshader-opt"]
    # glslang and lavapipe given glslang's module cleared; spirv-opt's module went to
    # lavapipe alone, so the two stay suspects until SwiftShader runs it too (issue 30).
    assert blame(refined, results, PROPOSED) == ["unknown", "spirv-opt", "lavapipe"]

    # Had vk-lavapipe been wrong too, spirv-opt would be cleared of it; glslang's module
    # then went to lavapipe alone.
    results["vk-lavapipe"] = out(2)
    refined = only_finding(results, PROPOSED)
    assert blame(refined, results, PROPOSED) == ["unknown", "glslang", "lavapipe"]


def test_failures_need_no_refinement() -> None:
    results = {"vk-lavapipe-opt": RunResult(RunStatus.CRASH), "interp": out(1)}
    finding = only_finding(results, PROPOSED)
    assert missing_refinements(finding, results) == []


def test_rejected_spirv_cross_output_is_blamed_on_spirv_cross_first() -> None:
    """Mesa's GL driver rejects spirv-cross's GLSL on vk-lavapipe-cross but compiles the
    original on gl-llvmpipe: the input differed, so the tool that wrote it comes first."""
    from shadersmith.case import Finding, Kind
    from shadersmith.oracle.blame import blame
    from shadersmith.targets.results import RunResult, RunStatus

    results = {
        "gl-llvmpipe": RunResult(RunStatus.OK),
        "vk-lavapipe-cross": RunResult(RunStatus.COMPILE_ERROR, log="0:1(1): error: x"),
    }
    components = {
        "gl-llvmpipe": ["llvm", "llvmpipe-gl"],
        "vk-lavapipe-cross": ["llvm", "glslang", "spirv-cross", "llvmpipe-gl"],
    }
    finding = Finding(Kind.COMPILE_FAILURE, ("vk-lavapipe-cross",), ("gl-llvmpipe",), "llvmpipe-gl")
    assert blame(finding, results, components)[:2] == ["spirv-cross", "llvmpipe-gl"]


# ------------------------------------------------------------- a second Vulkan back-end


def declared(*names: str) -> dict[str, list[str]]:
    """The targets' chains as declared (targets/catalogue/table.py): what the workers report."""
    return {name: list(chain_of(name).components) for name in names}


DEFAULTS = declared(
    "gl-llvmpipe",
    "vk-lavapipe",
    "vk-lavapipe-opt",
    "vk-swiftshader",
    "vk-swiftshader-opt",
    "interp",
)


def test_lavapipe_wrong_and_swiftshader_right_on_the_same_spirv_blames_lavapipe() -> None:
    """Both lavapipe chains wrong: without SwiftShader glslang and lavapipe are equal
    suspects; SwiftShader's right output from glslang's same module clears glslang."""
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe": out(2),
        "vk-lavapipe-opt": out(2),
        "interp": out(1),
    }
    without = {name: chain for name, chain in DEFAULTS.items() if name in results}
    assert blame(only_finding(results, without), results, without) == [
        "unknown",
        "glslang",
        "lavapipe",
    ]
    results.update({"vk-swiftshader": out(1), "vk-swiftshader-opt": out(1)})
    finding = only_finding(results, DEFAULTS)
    assert blame(finding, results, DEFAULTS) == ["lavapipe"]
    assert sign_finding(finding, results, DEFAULTS) == "wrong:lavapipe"


def test_spirv_opt_output_right_on_swiftshader_is_not_blamed_on_spirv_opt() -> None:
    """vk-lavapipe-opt alone wrong: on Debian's chains alone spirv-opt and lavapipe are
    (issue 30); vk-swiftshader-opt running spirv-opt's same output (the recorded pass list) right
    clears spirv-opt, and lavapipe, given that output, is left."""
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe": out(1),
        "vk-lavapipe-opt": out(2),
        "vk-swiftshader": out(1),
        "interp": out(1),
    }
    chains = {name: chain for name, chain in DEFAULTS.items() if name in results}
    finding = only_finding(results, chains)
    assert blame(finding, results, chains) == ["unknown", "spirv-opt", "lavapipe"]
    assert sign_finding(finding, results, chains) == "wrong:unknown:spirv-opt|lavapipe"
    results["vk-swiftshader-opt"] = out(1)
    finding = only_finding(results, DEFAULTS)
    assert blame(finding, results, DEFAULTS) == ["lavapipe", "llvmpipe", "llvm"]
    assert sign_finding(finding, results, DEFAULTS) == "wrong:lavapipe"
    # SwiftShader wrong on the same module too: spirv-opt again, the one both share.
    results["vk-swiftshader-opt"] = out(2)
    finding = only_finding(results, DEFAULTS)
    assert blame(finding, results, DEFAULTS) == ["spirv-opt"]


def test_a_compile_only_target_clears_nothing_of_a_wrong_value() -> None:
    """RADV compiled the module but computed nothing: its OK is no witness for glslang."""
    chains = {**DEFAULTS, **declared("vk-radv-navi21")}
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe": out(2),
        "vk-lavapipe-opt": out(2),
        "vk-radv-navi21": RunResult(RunStatus.OK, compile_only=True),
        "interp": out(1),
    }
    finding = only_finding(results, chains)
    assert "vk-radv-navi21" not in finding.passing
    assert blame(finding, results, chains) == ["unknown", "glslang", "lavapipe"]


def test_a_right_value_on_the_newest_mesa_clears_nothing_of_debians_mesa() -> None:
    """Campaign seed 7000315: Mesa 22's GLSL front-end wrong on gl-llvmpipe and the
    spirv-cross and softpipe witnesses; gl-zink, Mesa 25's same front-end, right. Names carry
    no versions: zink's `mesa-glsl` must not clear Debian's (blame said `unknown`)."""
    chains = {
        **DEFAULTS,
        **declared("gl-zink", "vk-lavapipe-cross", "witness-softpipe", "witness-cross-softpipe"),
    }
    wrong = ("gl-llvmpipe", "vk-lavapipe-cross", "witness-softpipe", "witness-cross-softpipe")
    results = {name: out(2 if name in wrong else 1) for name in chains}
    finding = only_finding(results, chains)
    assert "gl-zink" in finding.passing
    assert blame(finding, results, chains) == ["mesa-glsl"]


def test_a_front_end_is_named_alone_only_when_a_second_driver_shows_its_wrong_value() -> None:
    """glslang and lavapipe suspected together (SwiftShader could not run the module: the
    int64 loop of issue 36's campaign, Mesa 22's lavapipe's bug): an unknown pair. The
    same wrong value from SwiftShader, a driver sharing nothing with lavapipe, names
    glslang; from gl-llvmpipe and gl-softpipe it names Mesa's GLSL front-end."""
    results = {"gl-llvmpipe": out(1), "vk-lavapipe": out(2), "interp": out(1)}
    finding = only_finding(results, PROPOSED)
    assert blame(finding, results, PROPOSED) == ["unknown", "glslang", "lavapipe"]
    assert sign_finding(finding, results, PROPOSED) == "wrong:unknown:glslang|lavapipe"
    results["vk-swiftshader"] = out(2)
    finding = only_finding(results, DEFAULTS)
    assert blame(finding, results, DEFAULTS)[0] == "glslang"
    gl = {"gl-llvmpipe": out(2), "gl-softpipe": out(2), "vk-lavapipe": out(1), "interp": out(1)}
    chains = {**DEFAULTS, **declared("gl-softpipe")}
    assert blame(only_finding(gl, chains), gl, chains)[0] == "mesa-glsl"
