"""The metamorphic oracle (GraphicsFuzz, seed 002): one compiler, two programs that must
compute the same thing, a reference and a variant made from it by semantics-preserving
transformations. No second compiler is needed.

Per target: the reference must run; then a variant that crashes, times out or is
rejected is a finding with the failure's usual signature (oracle/signature.py, so it
shares a bucket with the same failure found any other way), and a variant whose output
differs from its reference's is a wrong-result finding, signed `metamorphic:<target>`.

Trust: the reference interpreter runs both programs. A variant with undefined behaviour,
or whose interpreted output differs from its reference's, is a defect of our
transformations and never a finding; a wrong-result finding needs the interpreter to
have confirmed that both programs compute the same output.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from shadersmith.case.finding import Finding, Kind
from shadersmith.oracle.classify import failure_kind
from shadersmith.oracle.components import chain_names, failing_component
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.signature import signature
from shadersmith.targets.results import RunResult, RunStatus

METAMORPHIC = "metamorphic"


class Outcome(enum.Enum):
    """What one target made of one reference/variant pair."""

    SAME = "same"
    DIFFERENT = "different"  # a wrong-result finding
    VARIANT_FAILED = "variant_failed"  # crash, timeout or rejection: a finding
    REFERENCE_FAILED = "reference_failed"  # nothing to compare with
    UNCHECKED = "unchecked"  # outputs differ, but the interpreter did not confirm equality


@dataclass(frozen=True)
class MetamorphicJudgement:
    findings: tuple[Finding, ...]
    outcomes: dict[str, Outcome]
    # Why the variant says nothing about any compiler (a defect of ours), or None.
    ours: str | None
    # Whether the interpreter ran both and found their outputs equal.
    confirmed: bool

    @property
    def headline(self) -> str:
        if self.findings:
            return self.findings[0].kind.value
        if self.ours:
            return "ours"
        return "agree"


def same_output(reference: RunResult, variant: RunResult) -> bool:
    """Equal images, or equal buffers on the reference's bindings (a variant may bind
    one more block, its opaque values)."""
    if reference.image is not None or variant.image is not None:
        if reference.image is None or variant.image is None:
            return False
        return bool(np.array_equal(reference.image, variant.image))
    return all(
        variant.buffers.get(binding) == values for binding, values in reference.buffers.items()
    )


def judge_metamorphic(
    reference: Mapping[str, RunResult],
    variant: Mapping[str, RunResult],
    targets: Sequence[str],
    components: Mapping[str, Sequence[str]],
) -> MetamorphicJudgement:
    ours, confirmed = _interpreter_check(reference.get(REFERENCE), variant.get(REFERENCE))
    compared = compare_pairs(reference, variant, targets, components)
    findings = list(compared.findings)
    outcomes = dict(compared.outcomes)
    for target in compared.different:
        if not confirmed:
            outcomes[target] = Outcome.UNCHECKED
            continue
        findings.append(wrong_result(target, target, (REFERENCE,)))
    return MetamorphicJudgement(sorted_findings(findings), outcomes, ours, confirmed)


@dataclass(frozen=True)
class Compared:
    """Each target's pair compared: the failed variants' findings, every target's
    outcome, and the targets whose two outputs differ (left to the oracle to confirm:
    their outcome is DIFFERENT until it says otherwise)."""

    findings: tuple[Finding, ...]
    outcomes: dict[str, Outcome]
    different: tuple[str, ...]


def compare_pairs(
    reference: Mapping[str, RunResult],
    variant: Mapping[str, RunResult],
    targets: Sequence[str],
    components: Mapping[str, Sequence[str]],
) -> Compared:
    findings: list[Finding] = []
    outcomes: dict[str, Outcome] = {}
    different: list[str] = []
    for target in targets:
        ref, var = reference.get(target), variant.get(target)
        if ref is None or var is None or not ref.ok:
            outcomes[target] = Outcome.REFERENCE_FAILED
            continue
        if not var.ok:
            if var.status is RunStatus.UNSUPPORTED:
                outcomes[target] = Outcome.REFERENCE_FAILED
                continue
            kind = _failure_kind(var)
            component = failing_component(var, chain_names(components.get(target, ())))
            findings.append(
                Finding(
                    kind,
                    (target,),
                    component=component,
                    signature=signature(var, kind, component),
                    blamed=component,
                    ignored=kind is Kind.UNCONFIRMED,  # not a finding: never reduced
                )
            )
            outcomes[target] = Outcome.VARIANT_FAILED
            continue
        if same_output(ref, var):
            outcomes[target] = Outcome.SAME
            continue
        outcomes[target] = Outcome.DIFFERENT
        different.append(target)
    return Compared(tuple(findings), outcomes, tuple(different))


def wrong_result(target: str, blamed: str, passing: Sequence[str]) -> Finding:
    """A variant whose output differs from its reference's on `target`, signed by the
    component blamed (the target itself where none can be singled out)."""
    return Finding(
        Kind.ODD_ONE_OUT,
        (target,),
        passing=tuple(passing),
        signature=f"{METAMORPHIC}:{blamed}",
        blamed=blamed,
    )


def sorted_findings(findings: Sequence[Finding]) -> tuple[Finding, ...]:
    """Most severe first (the order of `Kind`)."""
    order = list(Kind)
    return tuple(sorted(findings, key=lambda f: order.index(f.kind)))


def _failure_kind(variant: RunResult) -> Kind:
    """A failed variant's kind: classify's, a rejection where that has none (a failure
    classify does not list, e.g. a harness error, still fails the pair)."""
    return failure_kind(variant) or Kind.COMPILE_FAILURE


def _interpreter_check(
    reference: RunResult | None, variant: RunResult | None
) -> tuple[str | None, bool]:
    """(a defect of ours, or None; whether equality is confirmed)."""
    if variant is not None and variant.status is RunStatus.UNDEFINED_BEHAVIOUR:
        return f"the variant has undefined behaviour: {variant.log.strip()[:200]}", False
    if reference is None or variant is None or not reference.ok or not variant.ok:
        return None, False
    if not same_output(reference, variant):
        return "a transformation changed what the program computes (interpreter)", False
    return None, True


def on_reference_bindings(variant: RunResult, reference: RunResult | None) -> RunResult:
    """`variant` with only the buffers its reference has (not the opaque block), so
    that the digests of equal outputs are equal."""
    if reference is None or variant.image is not None or not reference.buffers:
        return variant
    kept = {b: v for b, v in variant.buffers.items() if b in reference.buffers}
    return dataclasses.replace(variant, buffers=kept)
