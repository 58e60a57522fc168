"""Classification of a test's results into findings (hand-built results: this tests our
oracle's logic, not a compiler)."""

from __future__ import annotations

from shadersmith.case import Finding, Kind
from shadersmith.oracle.classify import FAILURE_KINDS, Classification, classify
from shadersmith.targets.results import RunResult, RunStatus

CHAINS: dict[str, list[str]] = {
    "gl-llvmpipe": ["llvm", "llvmpipe-gl"],
    "vk-lavapipe": ["llvm", "glslang", "lavapipe"],
    "vk-lavapipe-opt": ["llvm", "glslang", "spirv-opt", "lavapipe"],
    "vk-lavapipe-cross": ["llvm", "glslang", "spirv-cross", "llvmpipe-gl"],
    "interp": ["shadersmith-interp"],
}


def out(value: int) -> RunResult:
    return RunResult(RunStatus.OK, buffers={1: {"r": value}})


def failed(status: RunStatus, component: str | None = None, log: str = "") -> RunResult:
    return RunResult(status, log=log, failed_component=component)


def only(classification: Classification) -> Finding:
    assert len(classification.findings) == 1, classification.findings
    return classification.findings[0]


def test_agreement() -> None:
    c = classify({"gl-llvmpipe": out(1), "vk-lavapipe": out(1), "interp": out(1)})
    assert only(c) == Finding(Kind.AGREE, ("gl-llvmpipe", "interp", "vk-lavapipe"), c.groups[0])
    assert not c.interesting


def test_one_output_alone_is_nothing_to_compare() -> None:
    c = classify({"interp": out(1), "gl-softpipe": RunResult(RunStatus.UNSUPPORTED)})
    assert c.findings == ()
    assert c.skipped == ("gl-softpipe",)


def test_odd_one_out_against_the_majority() -> None:
    c = classify(
        {"gl-llvmpipe": out(1), "vk-lavapipe": out(1), "vk-lavapipe-opt": out(2), "interp": out(1)}
    )
    assert only(c) == Finding(
        Kind.ODD_ONE_OUT, ("vk-lavapipe-opt",), ("gl-llvmpipe", "interp", "vk-lavapipe")
    )
    assert c.interesting


def test_the_interpreter_alone_is_the_odd_one_out_too() -> None:
    """Against every compiler the interpreter is most likely wrong: blame will say us."""
    c = classify({"gl-llvmpipe": out(1), "vk-lavapipe": out(1), "interp": out(2)})
    assert only(c) == Finding(Kind.ODD_ONE_OUT, ("interp",), ("gl-llvmpipe", "vk-lavapipe"))


# Chains as the catalogue writes them, front-end first.
FRONT_END_FIRST: dict[str, list[str]] = {
    "gl-llvmpipe": ["mesa-glsl", "llvmpipe", "llvm"],
    "gl-zink": ["mesa-glsl", "zink", "lavapipe", "llvmpipe", "llvm"],
    "vk-lavapipe": ["glslang", "lavapipe", "llvmpipe", "llvm"],
    "interp": ["shadersmith-interp"],
}


def test_a_majority_sharing_one_front_end_does_not_outvote_the_reference() -> None:
    """Both GL drivers read the program with Mesa's GLSL compiler: one bug there makes them
    agree on the same wrong value (seen: gl-zink and gl-llvmpipe against the interpreter,
    wrong:mesa-glsl once vk-lavapipe took part), so their agreement is one opinion."""
    c = classify({"gl-llvmpipe": out(1), "gl-zink": out(1), "interp": out(2)}, FRONT_END_FIRST)
    assert only(c) == Finding(Kind.DISAGREE, ("gl-llvmpipe", "gl-zink"), ("interp",))


def test_a_majority_of_independent_front_ends_outvotes_the_reference() -> None:
    c = classify({"gl-llvmpipe": out(1), "vk-lavapipe": out(1), "interp": out(2)}, FRONT_END_FIRST)
    assert only(c) == Finding(Kind.ODD_ONE_OUT, ("interp",), ("gl-llvmpipe", "vk-lavapipe"))
    # A compiler alone against a majority sharing a front-end is still the odd one out.
    c = classify({"gl-llvmpipe": out(1), "gl-zink": out(2), "interp": out(1)}, FRONT_END_FIRST)
    assert only(c) == Finding(Kind.ODD_ONE_OUT, ("gl-zink",), ("gl-llvmpipe", "interp"))


def test_split_without_majority_is_decided_by_the_reference() -> None:
    c = classify(
        {"gl-llvmpipe": out(1), "vk-lavapipe": out(1), "vk-lavapipe-opt": out(2), "interp": out(2)}
    )
    assert only(c) == Finding(
        Kind.DISAGREE, ("gl-llvmpipe", "vk-lavapipe"), ("interp", "vk-lavapipe-opt")
    )
    # One against one: the reference decides as well.
    c = classify({"gl-llvmpipe": out(1), "interp": out(2)})
    assert only(c) == Finding(Kind.DISAGREE, ("gl-llvmpipe",), ("interp",))


def test_three_groups_the_largest_passes_and_each_wrong_output_is_its_own_finding() -> None:
    """Wrong in different ways, most likely wrong for different reasons (seed 16: Mesa's
    GLSL front-end on the GL text, llvmpipe on spirv-cross's GLSL): blamed apart."""
    c = classify({"a": out(1), "b": out(1), "c": out(2), "d": out(3)})
    assert c.findings == (
        Finding(Kind.DISAGREE, ("c",), ("a", "b")),
        Finding(Kind.DISAGREE, ("d",), ("a", "b")),
    )


def test_split_without_majority_or_reference_passes_nobody() -> None:
    c = classify({"a": out(1), "b": out(1), "c": out(2), "d": out(2)})
    assert only(c) == Finding(Kind.DISAGREE, ("a", "b", "c", "d"), ())


def test_several_findings_in_one_test() -> None:
    """One target crashes, one rejects the program, one gives another output. A failure's
    passing targets are those that ran; a wrong output's, those that gave the right one."""
    c = classify(
        {
            "gl-llvmpipe": failed(RunStatus.CRASH),
            "vk-lavapipe": out(1),
            "vk-lavapipe-opt": out(2),
            "vk-lavapipe-cross": failed(RunStatus.COMPILE_ERROR, "spirv-cross"),
            "interp": out(1),
        }
    )
    passing = ("interp", "vk-lavapipe", "vk-lavapipe-opt")
    assert c.findings == (
        Finding(Kind.CRASH, ("gl-llvmpipe",), passing),
        Finding(Kind.COMPILE_FAILURE, ("vk-lavapipe-cross",), passing),
        Finding(Kind.ODD_ONE_OUT, ("vk-lavapipe-opt",), ("interp", "vk-lavapipe")),
    )
    assert c.kinds == (Kind.CRASH, Kind.COMPILE_FAILURE, Kind.ODD_ONE_OUT)


def test_failure_statuses_map_to_kinds() -> None:
    c = classify(
        {
            "a": failed(RunStatus.OOM),
            "b": failed(RunStatus.TIMEOUT),
            "c": failed(RunStatus.LINK_ERROR),
            "d": failed(RunStatus.VALIDATION_ERROR, "spirv-val after spirv-opt"),
            "e": out(1),
            "f": out(1),
        }
    )
    assert [(f.kind, f.targets) for f in c.findings] == [
        (Kind.CRASH, ("a",)),
        (Kind.TIMEOUT, ("b",)),
        (Kind.COMPILE_FAILURE, ("c", "d")),
    ]
    assert all(f.passing == ("e", "f") for f in c.findings)


def test_a_validation_error_no_newest_spirv_val_confirmed_is_unconfirmed() -> None:
    """Debian's old spirv-val alone (the newest not installed) proves nothing: its own
    kind, after every finding, never a rejection finding."""
    unconfirmed = RunResult(
        RunStatus.VALIDATION_ERROR, failed_component="spirv-val after spirv-opt", unconfirmed=True
    )
    c = classify({"vk-lavapipe-opt": unconfirmed, "vk-lavapipe": out(1), "interp": out(1)})
    assert only(c) == Finding(Kind.UNCONFIRMED, ("vk-lavapipe-opt",), ("interp", "vk-lavapipe"))
    assert list(Kind).index(Kind.UNCONFIRMED) > list(Kind).index(Kind.DISAGREE)


def test_failures_split_by_the_component_they_name() -> None:
    """glslang rejecting on the Vulkan targets and Mesa rejecting on GL: two bugs."""
    results = {
        "gl-llvmpipe": failed(RunStatus.COMPILE_ERROR, "driver"),
        "vk-lavapipe": failed(RunStatus.COMPILE_ERROR, "glslang"),
        "vk-lavapipe-opt": failed(RunStatus.COMPILE_ERROR, "glslang"),
        "vk-lavapipe-cross": out(1),
        "interp": out(1),
    }
    assert len(classify(results).findings) == 1
    c = classify(results, CHAINS)
    assert [(f.component, f.targets) for f in c.findings] == [
        ("glslang", ("vk-lavapipe", "vk-lavapipe-opt")),
        ("llvmpipe-gl", ("gl-llvmpipe",)),
    ]


def test_every_compiler_failing_is_kept_apart_as_ours() -> None:
    c = classify(
        {
            "gl-llvmpipe": failed(RunStatus.COMPILE_ERROR, "driver"),
            "vk-lavapipe": failed(RunStatus.CRASH, "glslang"),
            "interp": out(1),
        }
    )
    finding = only(c)
    assert finding == Finding(Kind.ALL_FAILED, ("gl-llvmpipe", "vk-lavapipe"), ("interp",))
    assert finding.ours


def test_every_chain_failing_in_the_one_component_they_share_is_its_finding() -> None:
    """Issue 30: glslang 12 wrote invalid SPIR-V on both Vulkan chains of a GPU campaign
    (436 tests signed ours:all-failed) while the interpreter ran every program: the
    failure is glslang's, a finding of it like any other, not ours."""
    invalid = "spirv-val after glslang"
    results = {
        "vk-lavapipe": failed(RunStatus.VALIDATION_ERROR, invalid),
        "vk-lavapipe-opt": failed(RunStatus.VALIDATION_ERROR, invalid),
        "interp": out(1),
    }
    finding = only(classify(results, CHAINS))
    assert finding == Finding(
        Kind.COMPILE_FAILURE, ("vk-lavapipe", "vk-lavapipe-opt"), ("interp",), "glslang"
    )
    assert not finding.ours
    # Without the chains, glslang still took the program in (spirv-val rejected what it
    # wrote): never ours.
    assert only(classify(results)).kind is Kind.COMPILE_FAILURE
    # The interpreter rejecting the program too: the program is ours to blame.
    rejected = {**results, "interp": failed(RunStatus.COMPILE_ERROR, "program")}
    assert only(classify(rejected, CHAINS)).kind is Kind.ALL_FAILED
    # Rejected by every front-end, in different components or in one that is not in
    # every chain: ours, as before.
    elsewhere = {
        "gl-llvmpipe": failed(RunStatus.COMPILE_ERROR, "glslang"),
        "vk-lavapipe": failed(RunStatus.COMPILE_ERROR, "glslang"),
        "interp": out(1),
    }
    assert only(classify(elsewhere, CHAINS)).kind is Kind.ALL_FAILED


def test_a_chain_that_took_the_program_in_makes_every_failure_a_finding() -> None:
    """Issue 30's GPU campaign: gl-nvidia crashed (or NVIDIA's linker said "assignment to
    uniform" of a local copy) while glslang wrote invalid SPIR-V for both Vulkan chains;
    both were signed ours:all-failed. glslang accepted the program: each failure is a
    finding of its component."""
    invalid = "spirv-val after glslang"
    vulkan = {
        "vk-lavapipe": failed(RunStatus.VALIDATION_ERROR, invalid),
        "vk-lavapipe-opt": failed(RunStatus.VALIDATION_ERROR, invalid),
        "interp": out(1),
    }
    for gl in (
        failed(RunStatus.LINK_ERROR, "llvmpipe-gl"),
        failed(RunStatus.CRASH, "llvmpipe-gl", "worker killed by signal 11"),
    ):
        found = classify({**vulkan, "gl-llvmpipe": gl}, CHAINS).findings
        assert {f.kind for f in found} == {Kind.COMPILE_FAILURE, FAILURE_KINDS[gl.status]}
        assert {f.component for f in found if f.kind is Kind.COMPILE_FAILURE} >= {"glslang"}
        assert not any(f.ours for f in found)
    # Every front-end rejecting the program in its own words: ours, as before.
    rejections = {
        "vk-lavapipe": failed(RunStatus.COMPILE_ERROR, "glslang"),
        "gl-llvmpipe": failed(RunStatus.COMPILE_ERROR, "llvmpipe-gl"),
        "interp": out(1),
    }
    assert only(classify(rejections, CHAINS)).kind is Kind.ALL_FAILED


def test_every_compiler_crashing_is_a_crash_finding_not_ours() -> None:
    # The WGSL chains share naga's front-end: a naga panic fails all of them at once.
    # A crash is never a correct answer, so it is naga's bug, signed once.
    panic = "thread panicked at proc/constant_evaluator.rs: internal error"
    chains = {"wgpu-vk": ["naga", "lavapipe"], "wgpu-gl": ["naga", "llvmpipe-gl"]}
    c = classify(
        {
            "wgpu-vk": failed(RunStatus.CRASH, "naga", panic),
            "wgpu-gl": failed(RunStatus.CRASH, "naga", panic),
            "interp": out(1),
        },
        chains,
    )
    finding = only(c)
    assert finding == Finding(Kind.CRASH, ("wgpu-gl", "wgpu-vk"), ("interp",), "naga")
    assert not finding.ours
    # Our own code failing in every worker stays ours.
    harness = "harness exception: KeyError: 'x'"
    c = classify(
        {
            "wgpu-vk": failed(RunStatus.CRASH, "naga", harness),
            "wgpu-gl": failed(RunStatus.CRASH, "naga", harness),
            "interp": out(1),
        },
        chains,
    )
    assert only(c).kind is Kind.ALL_FAILED


def test_the_reference_running_out_of_time_is_no_finding() -> None:
    # The 30-minute WGSL campaign: the scalar interpreter took over 60 s on an image
    # both wgpu chains drew alike. Ours, and no word on the compilers.
    slow = RunResult(RunStatus.TIMEOUT, log="no answer after 60.0 s", failed_component="driver")
    c = classify({"wgpu-vk": out(1), "wgpu-gl": out(1), "interp": slow})
    assert only(c).kind is Kind.AGREE
    assert c.skipped == ("interp",)
    c = classify({"wgpu-vk": out(1), "wgpu-gl": out(2), "interp": slow})
    assert only(c).kind is Kind.DISAGREE


def test_a_single_compiler_failing_is_a_finding_about_it() -> None:
    c = classify({"gl-llvmpipe": failed(RunStatus.CRASH), "interp": out(1)})
    assert only(c) == Finding(Kind.CRASH, ("gl-llvmpipe",), ("interp",))


def test_undefined_behaviour_voids_the_test() -> None:
    """The program has no one result: no other finding can be trusted."""
    c = classify(
        {
            "gl-llvmpipe": failed(RunStatus.CRASH),
            "vk-lavapipe": out(1),
            "vk-lavapipe-opt": out(2),
            "interp": failed(RunStatus.UNDEFINED_BEHAVIOUR, "program", "shift: ..."),
        }
    )
    finding = only(c)
    assert finding == Finding(Kind.OURS_UB, ("interp",), ())
    assert finding.ours


def test_unsupported_targets_take_no_part() -> None:
    c = classify(
        {
            "gl-softpipe": RunResult(RunStatus.UNSUPPORTED),
            "gl-llvmpipe": out(1),
            "vk-lavapipe": out(1),
        }
    )
    assert only(c).kind is Kind.AGREE
    assert c.skipped == ("gl-softpipe",)
    assert all("gl-softpipe" not in f.targets + f.passing for f in c.findings)


def test_images_are_grouped_like_buffers() -> None:
    import numpy as np

    red = np.zeros((2, 2, 4), np.uint8)
    red[..., 0] = 255
    blue = np.zeros((2, 2, 4), np.uint8)
    blue[..., 2] = 255
    images = {
        "gl-llvmpipe": RunResult(RunStatus.OK, image=red),
        "vk-lavapipe": RunResult(RunStatus.OK, image=red.copy()),
        "vk-lavapipe-opt": RunResult(RunStatus.OK, image=blue),
    }
    assert only(classify(images)).targets == ("vk-lavapipe-opt",)
