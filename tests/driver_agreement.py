"""The driver checks the construct tests share (matrices, structs, atomics, buffer
qualifiers, index clamping, discard): generated programs of one construct give the
interpreter's output on the real drivers.

The checks run on target sessions started once for the test process and kept until it
ends (shared_sessions.py; conftest.py closes them): two dozen tests each started their
own session of the same targets to run a handful of jobs on it. A check runs its jobs on
the targets it names (`run_many`'s `only`), which answer as in a session of those alone."""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.oracle.metamorphic import same_output
from shadersmith.targets.job import Job
from tests.shared_sessions import SharedSessions

VULKAN = ("vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader")
# Every target a check below may name, in the one session each family of targets gets.
GL_AND_VULKAN = ("interp", "gl-llvmpipe", *VULKAN, "witness-softpipe")
WGPU = ("interp", "wgpu-vk")
# The process's sessions, kept until the run ends (conftest.py closes them).
SHARED = SharedSessions()


def mesa_gl_front_end_cases(
    jobs: Sequence[Job], names: Sequence[str], vulkan: Sequence[str] = VULKAN
) -> list[str]:
    """Every Vulkan target gives the interpreter's output, and gl-llvmpipe too, or else
    softpipe, the other back-end of Mesa's GL front-end, is wrong as well: a Mesa 22 GL
    front-end bug (findings rows 2 and 12's families), not our harness. The names of the
    jobs where it was, for the caller to bound."""
    wrong_on_mesa_gl = []
    assert set(vulkan) <= set(VULKAN), vulkan
    only = ["interp", "gl-llvmpipe", *vulkan, "witness-softpipe"]
    with SHARED.session(GL_AND_VULKAN, 1, 120) as session:
        for index, results in session.run_many(list(jobs), only):
            name, expected = names[index], results["interp"]
            assert expected.ok, f"{name}: {expected.log}"
            for target in vulkan:
                got = results[target]
                assert got.ok, f"{name} {target}: {got.log[-500:]}"
                assert same_output(expected, got), f"{name} {target}"
            gl, softpipe = results["gl-llvmpipe"], results["witness-softpipe"]
            assert gl.ok, f"{name}: {gl.log[-300:]}"
            if not same_output(expected, gl):
                assert softpipe.ok and not same_output(expected, softpipe), f"{name}: GL harness"
                wrong_on_mesa_gl.append(name)
    return wrong_on_mesa_gl


def assert_agree_on_wgpu(jobs: Sequence[Job], names: Sequence[str]) -> None:
    """WGSL jobs give the interpreter's output on wgpu-vk, which the set-up installs
    (wgpu-py): missing, the test fails rather than skips."""
    with SHARED.session(WGPU, 1, 120) as session:
        assert "wgpu-vk" in session.present, f"wgpu-vk missing: {session.missing}"
        for index, results in session.run_many(list(jobs)):
            expected, got = results["interp"], results["wgpu-vk"]
            assert expected.ok and got.ok, f"{names[index]}: {expected.log} {got.log}"
            assert same_output(expected, got), names[index]
