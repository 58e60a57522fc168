"""The SPIR-V metamorphic oracle (spirv-fuzz's method, issue 35): a reference module and
its variant, made by semantics-preserving SPIR-V transformations, run on each target.

A failed variant (crash, timeout, a tool's rejection) is a finding with its failure's
usual signature, as in the GLSL metamorphic oracle (oracle/metamorphic.py). A variant
whose output differs from its reference's is judged without the reference interpreter,
which cannot run a module: a second consumer of the same variant module must vouch for
the transformations.

- A target's difference is a finding only where another target ran the same two modules
  and computed the same output for both (a compile-only target computes nothing): that
  target shows the variant computes what the reference does, so the difference is the
  first target's. With no such target the difference is unchecked, never a finding.
- Where every target that ran both sees a difference (two or more), the transformations
  are suspect: a defect of ours, not a finding.
- Blame: the targets that differ are blamed on the one component that all of them share
  and none of the agreeing targets has (spirv-opt, when every -opt chain differs and the
  chains without it agree, with two back-ends among the differing ones: its output is
  wrong whichever driver reads it); otherwise each target alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shadersmith.oracle.components import chain_names, driver_of
from shadersmith.oracle.metamorphic import (
    MetamorphicJudgement,
    Outcome,
    compare_pairs,
    sorted_findings,
    wrong_result,
)
from shadersmith.targets.results import RunResult


def judge_spirv_metamorphic(
    reference: Mapping[str, RunResult],
    variant: Mapping[str, RunResult],
    targets: Sequence[str],
    components: Mapping[str, Sequence[str]],
) -> MetamorphicJudgement:
    compared = compare_pairs(reference, variant, targets, components)
    outcomes = dict(compared.outcomes)
    findings = list(compared.findings)
    # A compile-only target's outputs are "the same" (none): it vouches for nothing.
    agreeing = [
        t for t in targets if outcomes.get(t) is Outcome.SAME and not variant[t].compile_only
    ]
    different = list(compared.different)
    ours = None
    if different and not agreeing:
        for target in different:
            outcomes[target] = Outcome.UNCHECKED
        if len(different) >= 2:
            ours = (
                "the variant's output differs from its reference's on every target that "
                f"ran both ({', '.join(different)}): a transformation changed the module?"
            )
    else:
        chains = {t: chain_names(components.get(t, ())) for t in targets}
        blamed = shared_component(different, agreeing, chains)
        for target in different:
            findings.append(wrong_result(target, blamed or target, agreeing))
    return MetamorphicJudgement(sorted_findings(findings), outcomes, ours, bool(agreeing))


def shared_component(
    different: Sequence[str], agreeing: Sequence[str], chains: Mapping[str, Sequence[str]]
) -> str | None:
    """The one component every differing target's chain has and no agreeing target's
    has, where the differing targets have at least two drivers; else None."""
    if len(different) < 2 or len({driver_of(chains[t]) for t in different}) < 2:
        return None
    shared = set(chains[different[0]]).intersection(*(chains[t] for t in different[1:]))
    for target in agreeing:
        shared -= set(chains[target])
    return next(iter(shared)) if len(shared) == 1 else None
