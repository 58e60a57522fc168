"""A session's on-demand targets (session.OnDemandPool): the witnesses start their workers
at their first job, not with the session, so a session that never needs one (most tests,
a campaign whose tests agree) starts none of their processes and drivers."""

from __future__ import annotations

import pytest

from shadersmith.targets.catalogue.registry import chain_of
from shadersmith.targets.job import Job
from shadersmith.targets.session import OnDemandPool, TargetSession

RED = """#version 330
out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); }
"""


def test_an_on_demand_witness_starts_at_its_first_job_and_runs_like_the_others() -> None:
    job = Job("fragment", RED, width=4, height=4)
    witness = "witness-softpipe"
    with TargetSession(["gl-llvmpipe", witness], on_demand=[witness]) as session:
        pool = session.pools[witness]
        assert isinstance(pool, OnDemandPool) and not pool.started
        # Present, with the components its catalogue row declares, and no versions yet.
        assert session.present == ["gl-llvmpipe", witness]
        assert session.components()[witness] == list(chain_of(witness).components)
        assert witness not in session.versions()
        first = dict(session.run_many([job], only=["gl-llvmpipe"]))
        assert set(first[0]) == {"gl-llvmpipe"} and not pool.started
        both = dict(session.run_many([job]))[0]
        assert pool.started and set(both) == {"gl-llvmpipe", witness}
        assert both[witness].ok and both[witness].image is not None
        assert both[witness].image[0, 0].tolist() == [255, 0, 0, 255]
        assert session.versions()[witness]  # what its worker reported
        assert session.components()[witness] == list(chain_of(witness).components)


def test_an_on_demand_target_that_cannot_start_leaves_the_session_when_asked() -> None:
    job = Job("fragment", RED, width=4, height=4)
    absent = "gl-nvidia"  # NVIDIA's GL driver: not on a CPU machine
    with TargetSession(["gl-llvmpipe", absent], on_demand=[absent]) as session:
        assert absent in session.present and absent not in session.missing
        answers = dict(session.run_many([job], only=["gl-llvmpipe", absent]))[0]
        if absent in answers:
            pytest.skip("NVIDIA's GL driver is on this machine")
        assert set(answers) == {"gl-llvmpipe"} and answers["gl-llvmpipe"].ok
        assert absent in session.missing and absent not in session.present
