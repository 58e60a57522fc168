"""The wgpu runs of issue 36's WGSL features (push constants as `var<immediate>`, the
invariant clip position, ldexp, unpack2x16float), in one session of the interpreter,
wgpu-vk and wgpu-gl shared with the other tests of those targets
(tests/driver_agreement.SHARED): a wgpu session takes seconds to start. Each module
builds its jobs (hand-written programs with hand-computed values, generated and replayed
ones) and checks its own results."""

from __future__ import annotations

from pathlib import Path

from tests import test_invariant, test_ldexp, test_push_constants, test_unpack_half
from tests.driver_agreement import SHARED

WGSL_TARGETS = ("interp", "wgpu-vk", "wgpu-gl")


def test_wgsl_push_constants_invariant_and_ldexp_agree_on_wgpu_vk_and_wgpu_gl(
    tmp_path: Path,
) -> None:
    groups = [
        (test_push_constants, test_push_constants.wgsl_jobs(tmp_path)),
        (test_invariant, test_invariant.wgsl_jobs()),
        (test_ldexp, test_ldexp.wgsl_jobs()),
        (test_unpack_half, test_unpack_half.wgsl_jobs()),
    ]
    jobs = [job for _, group in groups for job in group]
    with SHARED.session(WGSL_TARGETS, 1, 120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    first = 0
    for module, group in groups:
        module.check_wgsl_results([results[first + i] for i in range(len(group))])
        first += len(group)
