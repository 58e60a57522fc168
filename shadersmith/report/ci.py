"""What a CI job reads of a campaign: which buckets are new (no known bug matches them:
oracle/known_findings.py), for `fuzz --fail-on-new`, and a JUnit XML summary, one test case
per bucket, for CI systems that read JUnit (GitLab, Jenkins, GitHub's reporters): a new
bucket is a failure, a known one is skipped with the bug it matches, a defect of ours or
an unconfirmed verdict is skipped as no compiler's bug."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from shadersmith.campaign.store import Bucket, CampaignStore
from shadersmith.oracle.known_findings import NEW, known_label


@dataclass(frozen=True)
class JudgedBucket:
    bucket: Bucket
    known_as: str | None  # NEW, the known bug it matches, or None: no compiler's bug

    @property
    def new(self) -> bool:
        return self.known_as == NEW


def judged_buckets(campaign: Path) -> list[JudgedBucket]:
    """Every bucket of the campaign with what the known findings say of it."""
    store = CampaignStore(campaign, read_only=True)
    try:
        buckets = store.buckets()
    finally:
        store.close()
    return [JudgedBucket(b, known_label(b.kind, b.signature, b.root_cause)) for b in buckets]


def new_buckets(campaign: Path, since: float | None = None) -> list[Bucket]:
    """The campaign's new buckets; `since` (a time.time()): only those first seen then or
    later (the buckets a run opened)."""
    return [
        judged.bucket
        for judged in judged_buckets(campaign)
        if judged.new and (since is None or judged.bucket.first_seen >= since)
    ]


def write_junit(campaign: Path, destination: Path) -> None:
    """The campaign's buckets as JUnit XML at `destination`."""
    judged = judged_buckets(campaign)
    suite = ElementTree.Element(
        "testsuite",
        name=f"shadersmith campaign {campaign.name}",
        tests=str(len(judged)),
        failures=str(sum(j.new for j in judged)),
        skipped=str(sum(not j.new for j in judged)),
    )
    for each in judged:
        bucket = each.bucket
        case = ElementTree.SubElement(
            suite, "testcase", classname=f"shadersmith.{bucket.kind}", name=bucket.signature
        )
        detail = (
            f"{bucket.count} tests; targets {bucket.targets}; blamed {bucket.blamed or '-'}; "
            f"example {bucket.example or '-'}; reduced {bucket.reduced or '-'}"
        )
        if each.new:
            failure = ElementTree.SubElement(case, "failure", message="new bucket")
            failure.text = detail
        else:
            why = f"known: {each.known_as}" if each.known_as else "no compiler's bug"
            ElementTree.SubElement(case, "skipped", message=why).text = detail
    suites = ElementTree.Element("testsuites")
    suites.append(suite)
    tree = ElementTree.ElementTree(suites)
    ElementTree.indent(tree)
    destination.parent.mkdir(parents=True, exist_ok=True)
    tree.write(destination, encoding="utf-8", xml_declaration=True)
