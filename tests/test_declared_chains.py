"""Every target's chain is declared as data (targets/catalogue/table.py): what each present
target reports when it starts must be exactly that, and a stage a chain does not run is
answered without a worker."""

from __future__ import annotations

from shadersmith.oracle.blame import witnesses_for
from shadersmith.targets.catalogue.registry import CPU_TARGETS, TARGETS, chain_of
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession

CHECKED = [
    *CPU_TARGETS,
    *witnesses_for(CPU_TARGETS),
    "planted-xor-to-or-gl-llvmpipe",
    "planted-invalid-ccp-after-ssa-vk-lavapipe-opt",
]


def test_every_target_has_a_declared_chain() -> None:
    for name in TARGETS:
        chain = chain_of(name)
        assert chain.components and chain.stages, name


def test_present_targets_report_their_declared_chains() -> None:
    with TargetSession(CHECKED, timeout_s=60) as session:
        reported = session.components()
    assert set(reported) == set(CHECKED), f"missing here: {set(CHECKED) - set(reported)}"
    for name, components in reported.items():
        assert tuple(components) == chain_of(name).components, name


def test_a_stage_the_chain_does_not_run_costs_no_worker() -> None:
    job = Job(
        stage="compute", source="#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n"
    )
    with TargetSession(["gl-softpipe", "gl-llvmpipe"], timeout_s=60) as session:
        ((_, results),) = list(session.run_many([job]))
    assert results["gl-softpipe"].status is RunStatus.UNSUPPORTED
    assert "does not run compute shaders" in results["gl-softpipe"].log
    assert results["gl-llvmpipe"].ok
