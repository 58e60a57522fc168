"""Blame with witnesses and front-end causes (issue 10): the chains as the real targets
declare them, and the real findings of findings/ replayed on the real drivers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.case import Kind
from shadersmith.evidence import complete, could_change
from shadersmith.front.glsl import parse_glsl
from shadersmith.oracle.blame import blame, witnesses_for
from shadersmith.oracle.classify import classify
from shadersmith.oracle.front_end_state import invalid_nir, undefined_read
from shadersmith.oracle.root_cause import program_shape, root_cause
from shadersmith.oracle.signature import sign_finding
from shadersmith.rebuild.jobs import job_from_test
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.session import TargetSession
from tests.shared_sessions import SharedSessions

FINDINGS = Path(__file__).resolve().parent.parent / "findings"

# The chains the CPU targets declare (targets/chains.py), front-end first.
CHAINS = {
    "gl-llvmpipe": ["mesa-glsl", "llvmpipe", "llvm"],
    "vk-lavapipe": ["glslang", "lavapipe", "llvmpipe", "llvm"],
    "vk-lavapipe-opt": ["glslang", "spirv-opt", "lavapipe", "llvmpipe", "llvm"],
    "vk-lavapipe-cross": ["glslang", "spirv-cross", "mesa-glsl", "llvmpipe", "llvm"],
    "witness-softpipe": ["mesa-glsl", "softpipe"],
    "witness-cross-softpipe": ["glslang", "spirv-cross", "mesa-glsl", "softpipe"],
    "interp": ["shadersmith-interp"],
}


def out(value: int) -> RunResult:
    return RunResult(RunStatus.OK, buffers={0: {"x": value}})


def wrong_finding(results: dict[str, RunResult]):
    (finding,) = [f for f in classify(results, CHAINS).findings if f.kind is not Kind.AGREE]
    return finding


def test_spirv_cross_is_not_blamed_for_a_mesa_bug_its_glsl_meets() -> None:
    """Campaign seed 500164: spirv-cross's GLSL, right through glslang and lavapipe, meets
    Mesa's mulExtended bug on both Mesa GL drivers; the original GLSL does not."""
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe": out(1),
        "vk-lavapipe-cross": out(0),
        "interp": out(1),
        "witness-softpipe": out(1),
        "witness-cross-softpipe": out(0),
    }
    chains = {**CHAINS, "witness-cross-lavapipe": ["glslang", "spirv-cross", "lavapipe"]}
    assert blame(wrong_finding(results), results, chains)[0] == "spirv-cross"
    results["witness-cross-lavapipe"] = out(1)
    assert blame(wrong_finding(results), results, chains)[0] == "mesa-glsl"


def test_spirv_cross_is_cleared_when_its_glsl_runs_right_elsewhere() -> None:
    """spirv-cross-wrong: the GLSL spirv-cross wrote is right on softpipe, so the GL
    driver that got it wrong (llvmpipe's back-end) is blamed, not spirv-cross."""
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe": out(1),
        "vk-lavapipe-cross": out(2),
        "interp": out(1),
    }
    assert blame(wrong_finding(results), results, CHAINS)[0] == "spirv-cross"
    results["witness-cross-softpipe"] = out(1)
    results["witness-softpipe"] = out(1)
    finding = wrong_finding(results)
    assert finding.kind is Kind.ODD_ONE_OUT  # a witness never changes the kind
    assert blame(finding, results, CHAINS)[0] == "llvmpipe"
    # Had softpipe shown spirv-cross's wrong value too, spirv-cross stays blamed.
    results["witness-cross-softpipe"] = out(2)
    assert blame(wrong_finding(results), results, CHAINS)[0] == "spirv-cross"


def test_both_mesa_gl_drivers_wrong_blames_the_glsl_front_end() -> None:
    results = {"gl-llvmpipe": out(2), "vk-lavapipe": out(1), "interp": out(1)}
    results["witness-softpipe"] = out(2)
    finding = wrong_finding(results)
    assert finding.targets == ("gl-llvmpipe", "witness-softpipe")
    assert sign_finding(finding, results, CHAINS) == "wrong:mesa-glsl"
    # softpipe right: llvmpipe's back-end on the GL path, not the shared front-end.
    results["witness-softpipe"] = out(1)
    assert blame(wrong_finding(results), results, CHAINS) == ["llvmpipe", "llvm"]


def test_a_witness_alone_makes_no_finding() -> None:
    results = {"gl-llvmpipe": out(1), "vk-lavapipe": out(1), "interp": out(1)}
    results["witness-softpipe"] = out(3)
    assert [f.kind for f in classify(results, CHAINS).findings] == [Kind.AGREE]
    results["witness-softpipe"] = RunResult(RunStatus.CRASH, log="killed by SIGSEGV")
    assert [f.kind for f in classify(results, CHAINS).findings] == [Kind.AGREE]


def test_a_crash_with_a_front_end_cause_is_signed_by_the_cause() -> None:
    crash = RunResult(
        RunStatus.CRASH,
        log="LLVM ERROR: Cannot emit physreg copy instruction",
        failed_component="llvm",
    )
    results = {"gl-llvmpipe": crash, "vk-lavapipe": out(1), "interp": out(1)}
    (finding,) = classify(results, CHAINS).findings
    assert sign_finding(finding, results, CHAINS).startswith("crash:llvm:LLVM ERROR")
    crash.cause = ("mesa-glsl", "invalid NIR: unpack_64_2x32_split_y of a 32-bit value")
    (finding,) = classify(results, CHAINS).findings
    assert (
        sign_finding(finding, results, CHAINS)
        == "crash:mesa-glsl:invalid NIR: unpack_64_2x32_split_y of a 32-bit value"
    )


def test_invalid_nir_is_found_in_both_print_formats() -> None:
    mesa_22 = (
        "impl main {\n"
        "\tvec1 32 ssa_40 = intrinsic load_ssbo (ssa_1, ssa_2) ()\n"
        "\tvec1 32 ssa_17 = unpack_64_2x32_split_y ssa_40\n"
    )
    assert invalid_nir(mesa_22) == "invalid NIR: unpack_64_2x32_split_y of a 32-bit value"
    mesa_25 = (
        "impl main {\n"
        "  con 64x1 %3 = @load_ssbo (%1, %2)\n"
        "  con 32x1 %4 = unpack_64_2x32_split_y %3\n"
    )
    assert invalid_nir(mesa_25) is None
    assert invalid_nir(mesa_25.replace("64x1 %3", "32x1 %3")) is not None
    # A new function numbers its values anew: no confusion across functions.
    two = (
        "impl f {\n\tvec1 64 ssa_1 = mov ssa_0\n}\n"
        "impl main {\n\tvec1 32 ssa_2 = unpack_64_2x32_split_x ssa_1\n"
    )
    assert invalid_nir(two) is None


def test_the_three_umulextended_findings_share_one_root_cause() -> None:
    shapes = {
        name: program_shape(
            parse_glsl((FINDINGS / name / "unreconditioned.comp").read_text()).program
        )
        for name in (
            "mesa-gl-disagree",
            "llvm-physreg-copy",
            "llvmpipe-segfault",
            "mesa-gl-swizzle-index",
        )
    }
    assert shapes["mesa-gl-disagree"] == shapes["llvm-physreg-copy"] == shapes["llvmpipe-segfault"]
    assert shapes["mesa-gl-swizzle-index"] != shapes["mesa-gl-disagree"]
    program = parse_glsl(
        (FINDINGS / "mesa-gl-disagree" / "unreconditioned.comp").read_text()
    ).program
    assert root_cause("mesa-glsl,llvmpipe", program) == "mesa-glsl|builtins:mulExtended"


@pytest.fixture(scope="module")
def sessions() -> Iterator[SharedSessions]:
    """The session the findings below are blamed on, started once for the six of them
    (each started the same targets and witnesses to run its one program)."""
    shared = SharedSessions(keep=1)
    yield shared
    shared.close()


@pytest.mark.parametrize(
    ("finding", "expected"),
    [
        ("spirv-cross-wrong", "wrong:llvmpipe"),
        ("llvmpipe-gl-loop-readonly", "wrong:llvmpipe"),
        ("mesa-gl-disagree", "wrong:mesa-glsl"),
        ("mesa-gl-swizzle-index", "wrong:mesa-glsl"),
        (
            "llvm-physreg-copy",
            "crash:mesa-glsl:invalid NIR: unpack_64_2x32_split_y of a 32-bit value",
        ),
        (
            "llvmpipe-segfault",
            "crash:mesa-glsl:invalid NIR: unpack_64_2x32_split_y of a 32-bit value",
        ),
    ],
)
def test_real_findings_are_blamed_on_their_cause(
    finding: str, expected: str, sessions: SharedSessions
) -> None:
    """Real drivers, real witnesses: the blame the manual audit of issue 10 found."""
    from shadersmith.case import load_test
    from shadersmith.rebuild.regenerate import program_of

    test = load_test(FINDINGS / finding)
    job = job_from_test(test, program_of(test)[0])
    names = ["gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-cross", "interp"]
    with sessions.session(names + witnesses_for(names), timeout_s=120) as session:
        results = {}
        for _, answer in session.run_many([job], only=names):
            results = answer
        results = complete(results, job, session, session.components())
        components = session.components()
    signatures = [
        sign_finding(f, results, components)
        for f in classify(results, components).findings
        if f.kind is not Kind.AGREE
    ]
    assert expected in signatures


def test_a_first_bad_pass_names_an_optimiser_root_cause() -> None:
    program = parse_glsl(
        (FINDINGS / "spirv-opt-wrong" / "unreconditioned.comp").read_text()
    ).program
    assert (
        root_cause("spirv-opt", program, "--merge-blocks")
        == "spirv-opt|first-bad-pass:--merge-blocks"
    )
    assert root_cause("spirv-opt", program) == f"spirv-opt|{program_shape(program)}"


def test_a_first_bad_pass_names_no_other_components_root_cause() -> None:
    """glslang's invalid module shows after a one-pass list's only pass, and spirv-cross's
    assertion after whichever pass made its shape: the yield bench split each into one
    root cause per pass (4 for glslang, 2 for spirv-cross)."""
    program = parse_glsl(
        (FINDINGS / "spirv-opt-wrong" / "unreconditioned.comp").read_text()
    ).program
    for component in ("glslang", "spirv-cross", "nvidia-vk"):
        cause = root_cause(f"{component},spirv-opt", program, "--merge-blocks")
        assert cause == f"{component}|{program_shape(program)}"


def test_mesa_rejecting_spirv_cross_glsl_names_the_front_end_then_spirv_cross() -> None:
    """The GL runner calls itself "driver"; on a Mesa chain a rejection is the GLSL
    front-end's, and the tool that wrote the rejected text comes first."""
    from shadersmith.oracle.components import failing_component
    from shadersmith.targets.chains import name_rejecting_front_end

    rejected = name_rejecting_front_end(
        RunResult(
            RunStatus.COMPILE_ERROR, log="0:34(12): error: syntax error", failed_component="driver"
        ),
        "llvmpipe",
    )
    assert failing_component(rejected, CHAINS["vk-lavapipe-cross"]) == "mesa-glsl"
    results = {"vk-lavapipe-cross": rejected, "gl-llvmpipe": out(1), "interp": out(1)}
    (finding,) = classify(results, CHAINS).findings
    assert blame(finding, results, CHAINS)[:2] == ["spirv-cross", "mesa-glsl"]


def test_an_undefined_read_in_the_front_ends_nir_is_its_fault() -> None:
    """Campaign seed 500534: Mesa 22 turns `v.xxyy[2]` on a buffer ivec2 into an undefined
    value; llvmpipe then computes 2147483647 and softpipe happens to compute the right 0."""
    dump = (
        "impl main {\n"
        "\tvec1 32 ssa_0 = undefined\n"
        "\tvec1 32 ssa_24 = intrinsic load_ssbo (ssa_25, ssa_26) ()\n"
        "\tvec1 32 ssa_3 = imul ssa_24, ssa_0\n"
    )
    assert undefined_read(dump) == "NIR reads an undefined value"
    assert undefined_read(dump.replace("ssa_24, ssa_0", "ssa_24, ssa_24")) is None
    wrong = RunResult(RunStatus.OK, buffers={0: {"x": 2147483647}})
    results = {"gl-llvmpipe": wrong, "vk-lavapipe": out(0), "interp": out(0)}
    results["witness-softpipe"] = out(0)
    finding = wrong_finding(results)
    assert blame(finding, results, CHAINS)[0] == "llvmpipe"
    wrong.cause = ("mesa-glsl", "NIR reads an undefined value")
    assert sign_finding(finding, results, CHAINS) == "wrong:mesa-glsl"


SUBTRACTION = Path(__file__).parent / "data" / "planted-sub.comp"


def _signed_on(names: list[str], held: list[str]) -> tuple[list[str], dict[str, RunResult]]:
    """The signatures of the wrong results of tests/data/planted-sub.comp on `names`, its
    evidence (blame's refinements) completed from the targets `held` beside them, as a
    campaign completes it."""
    from shadersmith.ir.profile import GLSL450
    from shadersmith.rebuild.jobs import job_from_program

    program = parse_glsl(SUBTRACTION.read_text()).program
    job = job_from_program(program, {"B": {"a": 7, "b": 3, "r": 0}}, GLSL450)
    with TargetSession(names + held, timeout_s=120) as session:
        (results,) = [answer for _, answer in session.run_many([job], only=names)]
        results = complete(results, job, session, session.components())
        components = session.components()
    signed = [
        sign_finding(f, results, components)
        for f in classify(results, components).findings
        if f.kind is not Kind.AGREE
    ]
    return signed, results


def test_a_driver_miscompiling_spirv_opts_output_is_not_blamed_on_spirv_opt() -> None:
    """Issue 30, seed 9201157: vk-nvidia-opt wrong, vk-nvidia right, and spirv-opt's
    module right on lavapipe and SwiftShader. Here the driver's bug is planted behind
    vk-lavapipe-opt: beside vk-lavapipe alone, spirv-opt and lavapipe stay suspects
    (`wrong:spirv-opt` before); vk-swiftshader-opt, held as the campaign holds witnesses,
    runs the same optimised module right and leaves the driver."""
    names = ["vk-lavapipe", "planted-sub-to-add-in-driver-vk-lavapipe-opt", "interp"]
    signed, results = _signed_on(names, [])
    assert results["interp"].buffers[0]["r"] == 4
    assert results[names[1]].buffers[0]["r"] == 10
    assert signed == ["wrong:unknown:spirv-opt|lavapipe"]
    signed, results = _signed_on(names, ["vk-swiftshader-opt"])
    assert results["vk-swiftshader-opt"].buffers[0]["r"] == 4  # run as a refinement
    assert signed == ["wrong:planted-sub-to-add"]


def test_a_spirv_opt_bug_seen_by_two_consumers_is_blamed_on_spirv_opt() -> None:
    """The same wrong value from spirv-opt's output on lavapipe and on SwiftShader: a
    second consumer confirms it, spirv-opt is named."""
    names = [
        "vk-lavapipe",
        "planted-sub-to-add-after-opt-vk-lavapipe-opt",
        "planted-sub-to-add-after-opt-vk-swiftshader-opt",
        "interp",
    ]
    signed, results = _signed_on(names, [])
    assert [results[name].buffers[0]["r"] for name in names] == [4, 10, 10, 4]
    assert signed == ["wrong:spirv-opt"]


def test_evidence_that_cannot_change_a_finding_is_not_wanted_and_evidence_that_can_is() -> None:
    """evidence.could_change: what lets a test beyond its bucket's kept ones be only
    counted. vk-lavapipe alone wrong with no witness held: nothing could change it. A
    wrong gl-llvmpipe: a dump of its text may name Mesa's front-end. A witness held for
    vk-lavapipe-cross: joining the wrong side or the right one names another component."""
    results = {"gl-llvmpipe": out(1), "vk-lavapipe": out(0), "interp": out(1)}
    finding = wrong_finding(results)
    assert not could_change([finding], results, CHAINS, available=())
    results = {"gl-llvmpipe": out(0), "vk-lavapipe": out(1), "interp": out(1)}
    assert could_change([wrong_finding(results)], results, CHAINS, available=())
    # Every wrong target handed a bad state by one component: blame names it whatever a
    # witness shows.
    results = {"vk-lavapipe": out(1), "vk-lavapipe-cross": out(0), "interp": out(1)}
    finding = wrong_finding(results)
    results["vk-lavapipe-cross"].cause = ("spirv-cross", "found before")
    assert not could_change([finding], results, CHAINS, available=["witness-cross-softpipe"])
    # The chain without spirv-opt is a target: compared like any, it may be wrong too.
    results = {"gl-llvmpipe": out(1), "vk-lavapipe-opt": out(0), "interp": out(1)}
    finding = wrong_finding(results)
    assert not could_change([finding], results, CHAINS, available=())
    assert could_change([finding], results, CHAINS, available=["vk-lavapipe"])
    # A witness of spirv-cross's GLSL beside two wrong chains (no dump can name Mesa's
    # front-end: vk-lavapipe-opt has none): on the wrong side it clears no one, on the
    # right one it clears spirv-cross's consumer; every way is blamed, and they differ.
    results = {
        "gl-llvmpipe": out(1),
        "vk-lavapipe-opt": out(0),
        "vk-lavapipe-cross": out(0),
        "interp": out(1),
    }
    finding = wrong_finding(results)
    assert not could_change([finding], results, CHAINS, available=())
    assert could_change([finding], results, CHAINS, available=["witness-cross-softpipe"])
