"""What a test's results mean: its findings (seed 004 section 4.4.2, generalised).

One test can hold several findings: a target that crashes, two that disagree, one that
rejects the program. Each finding names its kind, the targets involved and the targets
that passed (ran and gave the right output), which is what blame compares.

Reconditioned programs are valid and have one defined result, so:
- a target that rejects the program (compile, link or validation error) is a finding;
  but a validation error that only Debian's old spirv-val gave, the newest not being
  there to confirm it (RunResult.unconfirmed), is UNCONFIRMED: recorded, not a finding
  (the old validator has false positives: SPIRV-Tools #5784);
- every compiler failing at once is most likely a defect of ours (kept apart: ALL_FAILED),
  unless every one of them crashed: a crash (a signal, a panic) is never the right answer
  to any input, valid or not, so that is a crash finding (e.g. naga, the one front-end of
  every WGSL chain, panicking); nor when every failing chain names one component they all
  share and the interpreter ran the program: that component failed on its own, once for
  every chain (glslang 12 writing invalid SPIR-V for a `?:` between two layouts of one
  struct fails vk-nvidia and vk-nvidia-opt alike, issue 30), a finding of it like any
  other (reduced, and checked on its newest release); nor when a tool of one of the chains
  took the program in (wrote output spirv-val rejects) and the interpreter ran it: a
  compiler accepted the program, so every failure is a finding of its own, as when some
  chain passes;
- the interpreter meeting undefined behaviour is a defect of ours (OURS_UB), and then no
  other result means anything: the test is void until reconditioning is fixed.

Targets that cannot run the test (UNSUPPORTED) take no part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shadersmith.case.finding import OUR_KINDS, Finding, Kind
from shadersmith.oracle.components import chain_names, failing_component, is_witness
from shadersmith.oracle.differential import IGNORED_STATUSES, REFERENCE, compare, output_digest
from shadersmith.targets.results import RunResult, RunStatus

FAILURE_KINDS: dict[RunStatus, Kind] = {
    RunStatus.CRASH: Kind.CRASH,
    RunStatus.OOM: Kind.CRASH,
    RunStatus.TIMEOUT: Kind.TIMEOUT,
    RunStatus.COMPILE_ERROR: Kind.COMPILE_FAILURE,
    RunStatus.LINK_ERROR: Kind.COMPILE_FAILURE,
    RunStatus.VALIDATION_ERROR: Kind.COMPILE_FAILURE,
}
WRONG_RESULT_KINDS = frozenset({Kind.ODD_ONE_OUT, Kind.DISAGREE})


def failure_kind(result: RunResult) -> Kind | None:
    """The kind of finding a failed run makes (None for a run that did not fail): by its
    status, but UNCONFIRMED for a validation error no newest spirv-val confirmed."""
    if result.status is RunStatus.VALIDATION_ERROR and result.unconfirmed:
        return Kind.UNCONFIRMED
    return FAILURE_KINDS.get(result.status)


_SEVERITY = {kind: rank for rank, kind in enumerate(Kind)}


@dataclass(frozen=True)
class Classification:
    findings: tuple[Finding, ...]  # most severe first; empty when nothing was compared
    groups: tuple[tuple[str, ...], ...]  # targets that ran ok, by identical output
    skipped: tuple[str, ...]  # targets that could not run the test

    @property
    def interesting(self) -> bool:
        return any(finding.kind is not Kind.AGREE for finding in self.findings)

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(finding.kind for finding in self.findings)


# Whether a target's output lies outside the reference's intervals (the interval float
# mode, oracle/interval_findings.py): True wrong, False right, None not judged.
Outside = Callable[[str, RunResult], bool | None]


def classify(
    results: Mapping[str, RunResult],
    components: Mapping[str, Sequence[str | tuple[str, str]]] | None = None,
    reference: str = REFERENCE,
    outside: Outside | None = None,
) -> Classification:
    """The findings of one test.

    With `components` (target -> its chain, front-end first as the catalogue writes
    it), failures of one kind are split by the
    component they name, so one finding is one bug: a glslang rejection on the Vulkan
    targets and a Mesa rejection on gl-llvmpipe are two findings.

    Witness targets (components.is_witness) are evidence, not subjects: the findings
    come from the other targets alone, so a witness neither makes a finding nor changes
    its kind; a witness whose output matches the wrong targets' joins them, one that
    matches the right output joins the passing ones, and blame compares their chains.

    With `outside` (a test in the interval float mode), outputs are not compared with
    each other: each target's is right or wrong by the reference's intervals, and the
    wrong ones make one finding per distinct wrong output (`_interval_findings`).
    """
    witnesses = {name: r for name, r in results.items() if is_witness(name)}
    if witnesses:
        subjects = {name: r for name, r in results.items() if name not in witnesses}
        found = classify(subjects, components, reference, outside)
        return Classification(
            tuple(_with_witnesses(f, subjects, witnesses, outside) for f in found.findings),
            found.groups,
            found.skipped,
        )
    comparison = compare(results)
    ran = {name: r for name, r in sorted(results.items()) if _takes_part(name, r, reference)}
    skipped = tuple(sorted(set(results) - set(ran)))
    groups = comparison.groups
    passing_all = tuple(sorted(name for name, r in ran.items() if r.ok))

    undefined = tuple(n for n, r in ran.items() if r.status is RunStatus.UNDEFINED_BEHAVIOUR)
    if undefined:
        return Classification((Finding(Kind.OURS_UB, undefined, ()),), groups, skipped)

    compilers = [name for name in ran if name != reference]
    all_failed = len(compilers) >= 2 and not any(ran[name].ok for name in compilers)
    if (
        all_failed
        and not all(_compiler_crashed(ran[name]) for name in compilers)
        and (
            _rejected(ran, reference)
            or (
                not any(_accepted(ran[name]) for name in compilers)
                and _shared_failing_component(ran, compilers, components) is None
            )
        )
    ):
        finding = Finding(Kind.ALL_FAILED, tuple(compilers), passing_all)
        return Classification((finding,), groups, skipped)

    findings = failure_findings(ran, components, passing_all)
    if outside is not None:
        findings += _interval_findings(ran, reference, outside)
        right = tuple(
            n for n, r in ran.items() if r.ok and (n == reference or outside(n, r) is False)
        )
        if not findings and reference in right and len(right) >= 2:
            findings.append(Finding(Kind.AGREE, right, right))
        findings.sort(key=lambda f: (_SEVERITY[f.kind], f.component or "", f.targets))
        return Classification(tuple(findings), groups, skipped)
    findings += _output_findings(groups, reference, components)
    if not findings and sum(len(group) for group in groups) >= 2:
        findings.append(Finding(Kind.AGREE, groups[0], groups[0]))
    findings.sort(key=lambda f: (_SEVERITY[f.kind], f.component or "", f.targets))
    return Classification(tuple(findings), groups, skipped)


def _takes_part(name: str, result: RunResult, reference: str) -> bool:
    """Whether a result takes part in the findings: not a target that cannot run the test,
    nor the reference interpreter running out of time. That is ours (the interpreter is
    slow on some images, a WGSL fragment image above all) and says nothing about the
    compilers: the test is then judged on the compilers alone, as when the interpreter
    declines a test it knows it cannot finish."""
    if result.status in IGNORED_STATUSES:
        return False
    return not (name == reference and result.status is RunStatus.TIMEOUT)


def _shared_failing_component(
    ran: Mapping[str, RunResult],
    compilers: Sequence[str],
    components: Mapping[str, Sequence[str | tuple[str, str]]] | None,
) -> str | None:
    """The one component every failed compiler names, where it is in each of their chains
    (glslang in every Vulkan chain); None where they name different ones, or ours."""
    if components is None:
        return None
    chains = {name: chain_names(components.get(name, ())) for name in compilers}
    named = {failing_component(ran[name], chains[name]) for name in compilers}
    if len(named) != 1:
        return None
    (component,) = named
    return component if all(component in chain for chain in chains.values()) else None


def _accepted(result: RunResult) -> bool:
    """Whether a failed chain took the program in: a tool of it wrote output that the
    validator rejects (a tool that accepts a program must write valid output). Then that
    failure is the tool's, and the program was valid to a compiler, so every other
    chain's failure is its own too: a GPU campaign signed ours:all-failed a gl-nvidia crash
    (and an NVIDIA link error) beside glslang's invalid SPIR-V on the Vulkan chains. A
    crash or a hang is not taken as acceptance: a front-end may crash on what it should
    have rejected, and the program may still be ours to blame."""
    return result.status is RunStatus.VALIDATION_ERROR


def _rejected(ran: Mapping[str, RunResult], reference: str) -> bool:
    """Whether the reference interpreter ran and did not accept the program: then no
    compiler's failure says anything about the compiler."""
    result = ran.get(reference)
    return result is not None and not result.ok


def _compiler_crashed(result: RunResult) -> bool:
    """A crash of the compiler itself, not of our harness code in the worker."""
    return result.status is RunStatus.CRASH and not result.log.startswith("harness exception:")


def failure_findings(
    ran: Mapping[str, RunResult],
    components: Mapping[str, Sequence[str | tuple[str, str]]] | None,
    passing: tuple[str, ...],
) -> list[Finding]:
    """One finding per kind of failure and the component it names (a glslang rejection
    on the Vulkan targets and a Mesa rejection on gl-llvmpipe are two findings); the
    crash oracle (crash.py) groups its failures by the same rule."""
    by_key: dict[tuple[Kind, str | None], list[str]] = {}
    for name, result in ran.items():
        kind = failure_kind(result)
        if kind is None:
            continue
        component = None
        if components is not None:
            component = failing_component(result, chain_names(components.get(name, ())))
        by_key.setdefault((kind, component), []).append(name)
    return [
        Finding(kind, tuple(targets), passing, component)
        for (kind, component), targets in by_key.items()
    ]


def _output_findings(
    groups: tuple[tuple[str, ...], ...],
    reference: str,
    components: Mapping[str, Sequence[str | tuple[str, str]]] | None = None,
) -> list[Finding]:
    if len(groups) < 2:
        return []
    everyone = [name for group in groups for name in group]
    if (
        len(groups) == 2
        and len(groups[1]) == 1
        and len(groups[0]) > 1
        and not (groups[1] == (reference,) and _one_front_end(groups[0], components))
    ):
        # The majority decides, even against the reference: an interpreter alone against
        # compilers that read the program independently is most likely wrong itself, and
        # blame then names it. Not against compilers that share their front-end (Mesa's
        # GLSL compiler under every GL driver, glslang under every Vulkan one): one bug
        # there makes them all agree on the same wrong value.
        return [Finding(Kind.ODD_ONE_OUT, groups[1], groups[0])]
    passing: tuple[str, ...] = ()
    with_reference = [group for group in groups if reference in group]
    if with_reference:
        passing = with_reference[0]
    elif len(groups[0]) > len(groups[1]):
        passing = groups[0]
    if not passing:
        wrong = tuple(sorted(name for name in everyone if name not in passing))
        return [Finding(Kind.DISAGREE, wrong, passing)]
    # One finding per wrong output: targets that are wrong in different ways are most
    # likely wrong for different reasons, and blaming them together would look for one
    # component they share.
    return [Finding(Kind.DISAGREE, group, passing) for group in groups if group != passing]


def _interval_findings(
    ran: Mapping[str, RunResult], reference: str, outside: Outside
) -> list[Finding]:
    """The interval float mode's wrong outputs: the targets outside the reference's
    intervals, one finding per distinct wrong output (wrong in different ways, most
    likely for different reasons), against the reference and the targets inside them.
    One wrong target alone is the odd one out; none when the reference did not run."""
    if reference not in ran or not ran[reference].ok:
        return []
    verdicts = {n: outside(n, r) for n, r in ran.items() if n != reference and r.ok}
    passing = (reference, *sorted(n for n, wrong in verdicts.items() if wrong is False))
    by_output: dict[str, list[str]] = {}
    for name in sorted(n for n, wrong in verdicts.items() if wrong):
        by_output.setdefault(output_digest(ran[name]), []).append(name)
    kind = Kind.ODD_ONE_OUT if len(by_output) == 1 and len(passing) > 1 else Kind.DISAGREE
    return [Finding(kind, tuple(group), passing) for group in by_output.values()]


def _one_front_end(
    targets: Sequence[str], components: Mapping[str, Sequence[str | tuple[str, str]]] | None
) -> bool:
    """Whether every one of `targets` reads the program with the same first component
    (its front-end); False where a chain is not known."""
    if components is None:
        return False
    chains = [chain_names(components.get(name, ())) for name in targets]
    return all(chains) and len({chain[0] for chain in chains}) == 1


def _with_witnesses(
    finding: Finding,
    subjects: Mapping[str, RunResult],
    witnesses: Mapping[str, RunResult],
    outside: Outside | None = None,
) -> Finding:
    """A wrong-result finding with the witnesses that share the wrong or the right output
    (a third output clears nothing and accuses nothing); failures list the witnesses that
    ran among the targets that ran. In the interval float mode (`outside`), a witness
    inside the intervals is right whatever its bits."""
    if finding.kind in WRONG_RESULT_KINDS:
        wrong = {output_digest(subjects[name]) for name in finding.targets}
        right = {output_digest(subjects[name]) for name in finding.passing}
        joins_wrong, joins_right = [], []
        for name, result in sorted(witnesses.items()):
            if not result.ok:
                continue
            digest = output_digest(result)
            if digest in wrong:
                joins_wrong.append(name)
            elif digest in right or (outside is not None and outside(name, result) is False):
                joins_right.append(name)
        return Finding(
            finding.kind,
            finding.targets + tuple(joins_wrong),
            finding.passing + tuple(joins_right),
            finding.component,
        )
    if finding.kind in OUR_KINDS or finding.kind is Kind.AGREE:
        return finding
    ran_ok = tuple(name for name, result in sorted(witnesses.items()) if result.ok)
    return Finding(finding.kind, finding.targets, finding.passing + ran_ok, finding.component)
