"""The CPU-target runs of push constants, control-flow attributes, the opt-in built-ins
(ldexp, frexp and unpackHalf2x16 among them), the invariant clip position, the varyings'
interface block and buffer references (issue 36), in one session: a session takes seconds
to start, and CI has none to spare. Each module builds its jobs (hand-written programs
with hand-computed values, generated ones) and checks its own results; narrow push-constant
fields and buffer references need features only lavapipe has here, and check that the
others answer `unsupported`."""

from __future__ import annotations

from pathlib import Path

from shadersmith.targets.session import TargetSession
from tests import (
    test_buffer_references,
    test_control_flow_attributes,
    test_frexp,
    test_initialiser_lists,
    test_invariant,
    test_ldexp,
    test_narrow_push_constants,
    test_opt_in_builtins,
    test_precise,
    test_push_constants,
    test_runtime_arrays,
    test_unpack_half,
    test_varying_block,
)

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]


def test_push_constants_attributes_and_builtins_agree_on_every_cpu_target(
    tmp_path: Path,
) -> None:
    groups = [
        (test_push_constants, test_push_constants.cpu_jobs(tmp_path)),
        (test_control_flow_attributes, test_control_flow_attributes.cpu_jobs()),
        (test_opt_in_builtins, test_opt_in_builtins.cpu_jobs()),
        (test_invariant, test_invariant.cpu_jobs()),
        (test_ldexp, test_ldexp.cpu_jobs()),
        (test_frexp, test_frexp.cpu_jobs()),
        (test_unpack_half, test_unpack_half.cpu_jobs()),
        (test_varying_block, test_varying_block.cpu_jobs()),
        (test_initialiser_lists, test_initialiser_lists.cpu_jobs()),
        (test_precise, test_precise.cpu_jobs()),
        (test_narrow_push_constants, test_narrow_push_constants.cpu_jobs(tmp_path)),
        (test_buffer_references, test_buffer_references.cpu_jobs(tmp_path)),
        (test_runtime_arrays, test_runtime_arrays.cpu_jobs()),
    ]
    jobs = [job for _, group in groups for job in group]
    with TargetSession(CPU_TARGETS, 1, 120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    first = 0
    for module, group in groups:
        module.check_cpu_results([results[first + i] for i in range(len(group))])
        first += len(group)
