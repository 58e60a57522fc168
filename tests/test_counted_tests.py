"""A test beyond its bucket's kept tests is only counted (issue 31 item 6): judged on its
results as they came when no evidence could change its findings, nothing run and
nothing written, and its verdict, signatures and bucket are the ones every test
gathering its evidence gives. On the real drivers, with a planted frequent bug."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from shadersmith import evidence
from shadersmith.campaign import fuzz
from shadersmith.campaign.fuzz import CampaignOptions, prepare_test, run_campaign
from shadersmith.ir.profile import GLSL450
from shadersmith.oracle.blame import Chains
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession

# A wrong result in about a fifth of the programs (tests/planted_bugs.py), on a Vulkan
# chain: its findings want no evidence the session holds, so tests beyond the kept one
# are only counted; gl-llvmpipe's wrong results (Mesa's own) still get their dumps.
PLANTED = "planted-and-assign-to-or-vk-lavapipe"
TARGETS = [PLANTED, "gl-llvmpipe", "interp"]
# Seeds 0 to 11: the planted bug at 0, 1 and 11 (kept, counted before the resume, counted
# after it), Mesa's own wrong result at 9; the asserts below say so if that changes.
COUNT = 12
SEED_BASE = 0


@dataclass
class Campaign:
    directory: Path
    completed: list[str]  # the sources `complete` gathered evidence for

    def tests(self) -> list[tuple[int, int, str, str]]:
        with sqlite3.connect(self.directory / "campaign.db") as db:
            return db.execute(
                "SELECT idx, seed, verdict, findings FROM tests ORDER BY idx"
            ).fetchall()

    def buckets(self) -> list[tuple[str, str, str, int]]:
        with sqlite3.connect(self.directory / "campaign.db") as db:
            return db.execute(
                "SELECT signature, kind, blamed, count FROM buckets ORDER BY signature"
            ).fetchall()

    def counted_only(self, signature: str) -> list[int]:
        with sqlite3.connect(self.directory / "campaign.db") as db:
            rows = db.execute(
                "SELECT idx FROM bucket_tests WHERE signature = ? AND directory IS NULL",
                (signature,),
            )
            return [row[0] for row in rows]


def _options(count: int, every_test: bool) -> CampaignOptions:
    return CampaignOptions(
        targets=TARGETS,
        profile=GLSL450,
        count=count,
        seed_base=SEED_BASE,
        keep_per_bucket=1,
        reduce=False,
        evidence_for_every_test=every_test,
    )


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Campaign]]:
    """The same campaign with every test gathering its evidence, and counting only
    beyond the kept tests, the second stopped half-way and resumed."""
    root = tmp_path_factory.mktemp("counted")
    found: dict[str, Campaign] = {}
    patch = pytest.MonkeyPatch()
    real_complete = evidence.complete
    for name, every_test, counts in (
        ("full", True, (COUNT,)),
        ("counted", False, (COUNT // 2, COUNT)),
    ):
        campaign = found[name] = Campaign(root / name, [])

        def complete(
            results: dict[str, RunResult],
            job: Job,
            session: TargetSession,
            components: Chains,
            campaign: Campaign = campaign,
        ) -> dict[str, RunResult]:
            campaign.completed.append(job.source)
            return real_complete(results, job, session, components)

        patch.setattr(fuzz, "complete", complete)
        for count in counts:
            run_campaign(campaign.directory, _options(count, every_test))
    patch.undo()
    yield found


def test_counting_beyond_the_kept_tests_gives_each_test_the_full_paths_verdict_and_signatures(
    campaigns: dict[str, Campaign],
) -> None:
    full, counted = campaigns["full"], campaigns["counted"]
    assert len(counted.tests()) == COUNT, "the resumed campaign ran every index once"
    assert counted.tests() == full.tests()
    assert counted.buckets() == full.buckets()
    planted = [b for b in full.buckets() if b[0] == "wrong:planted-and-assign-to-or"]
    assert planted and planted[0][3] >= 3, "the planted bug is frequent"


def test_a_test_beyond_its_buckets_kept_tests_gathers_no_evidence(
    campaigns: dict[str, Campaign],
) -> None:
    full, counted = campaigns["full"], campaigns["counted"]
    beyond = counted.counted_only("wrong:planted-and-assign-to-or")
    assert len(beyond) >= 2
    options = _options(COUNT, False)
    sources = {index: prepare_test(index, options).job.source for index in range(COUNT)}
    assert all(sources[index] in full.completed for index in beyond)
    assert not any(sources[index] in counted.completed for index in beyond)
    # Nor does a passing test: only the kept ones and those evidence could change.
    assert len(counted.completed) < len(full.completed) == COUNT
