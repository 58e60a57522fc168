"""A campaign on a Ray cluster (targets/ray_farm.py), two nodes started on this machine
with Ray's cluster utilities: the same seeds give the verdicts, outputs and buckets of a
local run (a metamorphic campaign's too); a node removed mid-campaign loses only its tests
in flight, which run again on the other node, and every test is recorded once."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
from shadersmith.campaign.metamorphic import MetamorphicOptions, run_metamorphic_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.ir.profile import GLSL450
from shadersmith.oracle.blame import witnesses_for
from shadersmith.targets import ray_farm
from shadersmith.targets.ray_farm import RayTargetSession, resource_for

PLANTED = "planted-sub-to-add-vk-lavapipe"  # wrong on subtraction: a bucket appears
TARGETS = ["vk-lavapipe", PLANTED, "interp"]
# What a campaign of TARGETS holds ready: the witnesses blame runs beside a wrong result
# too (vk-lavapipe's twin on SwiftShader), which the cluster's nodes must offer.
HELD = [*TARGETS, *witnesses_for(TARGETS)]
# The node is lost while it holds a job, whatever the count (see the last test).
COUNT = 6
SEED_BASE = 0
# The RayTargetSessions a campaign opened, each with the nodes per target at its start.
Opened = list[tuple[RayTargetSession, dict[str, int]]]


@dataclass(frozen=True)
class Outcome:
    """What a campaign recorded, in a form two runs can be compared by."""

    verdicts: dict[int, tuple[int, str]]  # index -> (seed, verdict)
    results: dict[tuple[int, str], tuple[str, str | None]]  # (index, target) -> status, output
    result_rows: dict[int, int]  # index -> result rows recorded for it
    buckets: dict[str, tuple[str, str, int, str]]  # signature -> kind, targets, count, blamed


def _outcome(campaign: Path) -> Outcome:
    store = CampaignStore(campaign)
    try:
        verdicts = {idx: (seed, verdict) for idx, seed, verdict in store.iter_tests()}
        buckets = {b.signature: (b.kind, b.targets, b.count, b.blamed) for b in store.buckets()}
    finally:
        store.close()
    with sqlite3.connect(f"file:{campaign / 'campaign.db'}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT idx, target, status, output FROM results").fetchall()
    results = {(idx, target): (status, output) for idx, target, status, output in rows}
    result_rows: dict[int, int] = {}
    for idx, *_ in rows:
        result_rows[idx] = result_rows.get(idx, 0) + 1
    return Outcome(verdicts, results, result_rows, buckets)


def _options(cluster: str | None) -> CampaignOptions:
    return CampaignOptions(
        targets=TARGETS,
        profile=GLSL450,
        count=COUNT,
        seed_base=SEED_BASE,
        timeout_s=60,
        reduce=False,
        cluster=cluster,
    )


@pytest.fixture(scope="module")
def local_outcome(tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    campaign = tmp_path_factory.mktemp("local") / "c"
    progress = run_campaign(campaign, _options(None))
    assert progress.tests == COUNT
    outcome = _outcome(campaign)
    assert any(PLANTED in targets for _, targets, _, _ in outcome.buckets.values()), (
        "the planted bug makes a bucket, or the comparison shows little"
    )
    return outcome


# Each node of the cluster: the targets (and the witnesses) with one CPU and a small
# object store; everything on the loopback address.
NODE: dict[str, Any] = {
    "num_cpus": 1,
    "object_store_memory": 100 * 2**20,
    "node_ip_address": "127.0.0.1",
    "resources": {resource_for(name): 1 for name in HELD},
}


@pytest.fixture(scope="module")
def farm() -> Iterator[Any]:
    """A head and a second node on this machine, started once for the module: a cluster
    takes seconds to start, and every campaign here connects and disconnects as a user's
    does (RayTargetSession), so the tests share it."""
    with pytest.MonkeyPatch.context() as patch:
        # Read when Ray is first imported (and by the nodes' processes): Ray otherwise
        # binds to the machine's outward address; and no usage report leaves the machine.
        patch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        patch.setenv("RAY_USAGE_STATS_ENABLED", "0")
        import ray
        from ray._private import ray_constants
        from ray.cluster_utils import Cluster

        # The variable above is read once, when Ray is first imported: a test that ran
        # earlier in this worker may have imported it already (then Ray dialled the
        # machine's outward address, which a CI machine's firewall may not answer).
        patch.setattr(ray_constants, "ENABLE_RAY_CLUSTER", False)
        started: Any = Cluster(
            initialize_head=True, head_node_args={**NODE, "include_dashboard": False}
        )
        try:
            yield started
        finally:
            if ray.is_initialized():
                ray.shutdown()
            started.shutdown()


@pytest.fixture
def cluster(farm: Any) -> Any:
    """The module's cluster with its two nodes: a second node is (re)started where a test
    before removed it."""
    if not farm.worker_nodes:
        farm.add_node(**NODE)
    farm.wait_for_nodes()
    return farm


@pytest.fixture
def sessions(monkeypatch: pytest.MonkeyPatch) -> Opened:
    """Every RayTargetSession a campaign opens, with the nodes each target ran on when it
    started, kept to be looked at afterwards."""
    opened: Opened = []

    class Kept(RayTargetSession):
        def __post_init__(self) -> None:
            super().__post_init__()
            opened.append((self, self.nodes()))

    monkeypatch.setattr(ray_farm, "RayTargetSession", Kept)
    return opened


def test_the_same_seeds_on_a_two_node_cluster_give_the_local_verdicts_and_buckets(
    tmp_path: Path, cluster: Any, local_outcome: Outcome, sessions: Opened
) -> None:
    progress = run_campaign(tmp_path / "c", _options(cluster.address))
    assert progress.tests == COUNT
    ((session, nodes),) = sessions
    assert nodes == dict.fromkeys(HELD, 2), "one actor per (node, target)"
    assert not session.missing and not session.left_out
    farm = _outcome(tmp_path / "c")
    assert farm.verdicts == local_outcome.verdicts
    assert farm.results == local_outcome.results, "every output digest the same"
    assert farm.buckets == local_outcome.buckets


def test_a_metamorphic_campaign_on_the_cluster_gives_the_local_verdicts(
    tmp_path: Path, cluster: Any
) -> None:
    def options(cluster: str | None) -> MetamorphicOptions:
        return MetamorphicOptions(
            targets=["vk-lavapipe"], count=3, seed_base=10, reduce=False, cluster=cluster
        )

    run_metamorphic_campaign(tmp_path / "local", options(None))
    progress = run_metamorphic_campaign(tmp_path / "farm", options(cluster.address))
    assert progress.tests == 3
    farm, local = _outcome(tmp_path / "farm"), _outcome(tmp_path / "local")
    assert farm.verdicts == local.verdicts and farm.buckets == local.buckets


def test_a_fusion_campaign_on_the_cluster_gives_the_local_verdicts(
    tmp_path: Path, cluster: Any
) -> None:
    from shadersmith.campaign.fusion import FusionOptions, run_fusion_campaign
    from shadersmith.mutate.fusion import Relation

    def options(cluster: str | None) -> FusionOptions:
        return FusionOptions(
            targets=("vk-lavapipe",),
            seed_base=9,
            parts=3,
            relations=(Relation.ADD, Relation.OCCLUDE),
            sequences=1,
            reduce=False,
            cluster=cluster,
        )

    local = run_fusion_campaign(tmp_path / "local", options(None))
    farm = run_fusion_campaign(tmp_path / "farm", options(cluster.address))
    assert farm.fused == local.fused == 4
    assert _outcome(tmp_path / "farm") == _outcome(tmp_path / "local")


def test_a_node_lost_mid_campaign_loses_only_its_tests_in_flight(
    tmp_path: Path,
    cluster: Any,
    local_outcome: Outcome,
    sessions: Opened,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (second,) = cluster.worker_nodes
    removed: list[int] = []
    sent = [0]  # jobs sent to the second node
    sending = threading.local()  # the worker slot whose job this thread sends
    real_ray, real_run = ray_farm._ray(), ray_farm.RemoteWorker.run
    removing = threading.Lock()

    class Dialled:
        """Ray as ray_farm sees it, but the second node is removed the moment its third
        job has been sent to it: lost while it holds a job, the campaign under way. (Removed
        once two tests were recorded, it could hold none: the streams run so far ahead that
        most jobs may have been answered by then.)"""

        def __getattr__(self, name: str) -> Any:
            return getattr(real_ray, name)

        def get(self, answer: Any, **kwargs: Any) -> Any:
            slot = getattr(sending, "slot", None)
            if slot is not None and slot.node == second.node_id:
                with removing:
                    sent[0] += 1
                    if sent[0] == 3:
                        cluster.remove_node(second, allow_graceful=False)
                        removed.append(sent[0])
            return real_ray.get(answer, **kwargs)

    def run(slot: ray_farm.RemoteWorker, job: Any) -> Any:
        sending.slot = slot
        try:
            return real_run(slot, job)
        finally:
            sending.slot = None

    dialled = Dialled()
    monkeypatch.setattr(ray_farm, "_ray", lambda: dialled)
    monkeypatch.setattr(ray_farm.RemoteWorker, "run", run)
    progress = run_campaign(tmp_path / "c", _options(cluster.address))
    assert removed, "the node was removed mid-campaign"
    assert progress.tests == COUNT
    ((session, nodes),) = sessions
    assert nodes == dict.fromkeys(HELD, 2)
    assert sum(session.reruns().values()) >= 1, "some job was in flight on the lost node"
    farm = _outcome(tmp_path / "c")
    assert sorted(farm.verdicts) == list(range(COUNT)), "every test recorded"
    assert farm.result_rows == local_outcome.result_rows, "none twice"
    assert farm.verdicts == local_outcome.verdicts, "no verdict changed"
    assert farm.results == local_outcome.results
    assert farm.buckets == local_outcome.buckets
