"""The reduced bugs in findings/ still reproduce on this machine's drivers (Debian 12's
Mesa, glslang, SPIRV-Tools and spirv-cross): each shows its recorded signature when
replayed on its recorded targets. The NVIDIA ones need the GPU machine and are not here.
A failure after a driver update may mean the bug was fixed: say so in findings/README.md."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.case import TestCase, load_test
from shadersmith.case.oracle import SpirvMetamorphic
from shadersmith.evidence import complete
from shadersmith.oracle.blame import witnesses_for
from shadersmith.oracle.components import is_witness
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.metamorphic import judge_metamorphic
from shadersmith.oracle.signature import shows_signature
from shadersmith.oracle.spirv_metamorphic import judge_spirv_metamorphic
from shadersmith.pair import is_metamorphic, pair_of_test
from shadersmith.spirv_pair import spirv_pair_of_test
from shadersmith.targets.session import TargetSession
from shadersmith.trial import judge, prepare_loaded
from tests.shared_sessions import SharedSessions

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
# Kept as records, no longer findings: what Debian's spirv-val 2023.1 rejected there,
# spirv-val 2025.5 accepts, and the chains now ask it (spirv_tools.validate_spirv;
# tests/test_newest.py checks that the chain accepts it).
OLD_VALIDATOR_FALSE_POSITIVES = {"spirv-opt-invalid-spirv"}
# Kept as records of our false alarms: not valid WGSL (a division by a literal zero is a
# shader-creation error), refused by the admission (tests/test_wgsl_validity.py).
INVALID_WGSL = {"naga-glsl-out-remainder"}


def _replay_targets(name: str) -> tuple[str, ...]:
    """The targets a differential finding's replay below starts: the recorded ones and
    their witnesses."""
    recorded = load_test(FINDINGS / name).recorded_targets()
    plain = [t for t in recorded if not is_witness(t)]
    return tuple(plain + witnesses_for(plain))


# By the targets their replay starts, then by name: the findings of one set of targets
# run one after another, on one session (`sessions`).
CPU_FINDINGS = sorted(
    (
        d.name
        for d in FINDINGS.iterdir()
        if d.is_dir()
        and "nvidia" not in d.name
        and d.name not in OLD_VALIDATOR_FALSE_POSITIVES | INVALID_WGSL
    ),
    key=lambda name: (_replay_targets(name), name),
)


@pytest.fixture(scope="module")
def sessions() -> Iterator[SharedSessions]:
    """The session of the findings' targets, kept while the findings of those targets
    run (CPU_FINDINGS's order): 30 replays ran on 14 sets of targets (15 of them on two
    default sets), and each started its session anew to run its one program."""
    shared = SharedSessions(keep=1)
    yield shared
    shared.close()


@pytest.mark.parametrize("name", CPU_FINDINGS)
def test_reduced_finding_reproduces(name: str, sessions: SharedSessions) -> None:
    test = load_test(FINDINGS / name)
    assert test.results.finding is not None
    wanted = test.results.finding.signature
    if isinstance(test.oracle, SpirvMetamorphic):
        found = _spirv_signatures(test)
        assert any(shows_signature(wanted, signature) for signature in found), found
        return
    if is_metamorphic(test):
        found = _metamorphic_signatures(test)
        assert any(shows_signature(wanted, signature) for signature in found), found
        return
    targets = test.recorded_targets()
    job = prepare_loaded(test).job
    assert job.program is not None, "the front-end reads the reduced test, so interp runs"
    plain = [t for t in targets if not is_witness(t)]
    with sessions.session(_replay_targets(name)) as session:
        results = {}
        for _, answer in session.run_many([job], only=plain):
            results = answer
        results = complete(results, job, session, session.components())
        judged = judge(results, session.components())
    assert judged.shows(wanted), judged.signatures


def _metamorphic_signatures(test: TestCase) -> list[str]:
    """A metamorphic finding (reference and variant rebuilt from the provenance, checked
    against the stored text) judged on its target alone, as `replay` does."""
    pair = pair_of_test(test)
    targets = list(dict.fromkeys(n.rsplit(".", 1)[0] for n in test.recorded_targets()))
    targets = [t for t in targets if t != REFERENCE]
    with TargetSession([*targets, REFERENCE]) as session:
        answers = dict(session.run_many([pair.reference.job, pair.variant.job]))
        judged = judge_metamorphic(answers[0], answers[1], targets, session.components())
    return [f.signature for f in judged.findings]


def _spirv_signatures(test: TestCase) -> list[str]:
    """A SPIR-V metamorphic finding (both modules assembled from the test, the variant
    checked against its list) judged on its failing targets and one that vouches, as
    `replay` judges it on them all."""
    pair = spirv_pair_of_test(test)
    assert test.results.finding is not None
    targets = list(dict.fromkeys([*test.results.finding.targets, "vk-lavapipe"]))
    with TargetSession(targets) as session:
        answers = dict(session.run_many(pair.jobs()))
        judged = judge_spirv_metamorphic(answers[0], answers[1], targets, session.components())
    return [f.signature for f in judged.findings]
