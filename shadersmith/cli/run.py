"""`shadersmith run`, `replay` and `targets`: one test run on targets and judged, a saved
test run again to see whether its finding reproduces (differential, metamorphic and
fusion tests alike), and the targets this machine has."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.table import Table

from shadersmith.cli.options import FiniteRange
from shadersmith.cli.shared import err_console, fail

if TYPE_CHECKING:
    from shadersmith.case import TestCase
    from shadersmith.targets.results import RunResult
    from shadersmith.trial import Judged


@click.command(name="targets")
@click.option("--all", "show_all", is_flag=True, help="Probe the GPU targets too.")
def targets_command(show_all: bool) -> None:
    """List the targets present on this machine with their component versions (each
    target's declared chain and stages for one that is missing)."""
    from shadersmith.targets.catalogue.registry import (
        chain_of,
        component_names,
        discover,
        every_target,
        listed_targets,
    )

    # Planted-bug targets are test aids, not compilers: never listed.
    names = every_target() if show_all else listed_targets()
    table = Table()
    table.add_column("target")
    table.add_column("present")
    table.add_column("components / why missing")
    for found in discover(names):
        chain = chain_of(found.name)
        if found.present:
            versions = found.versions
            detail = " -> ".join(
                f"{name} {versions[name]}" if name in versions else name
                for name in chain.components
            )
            shown = component_names() | _SHOWN_BESIDES_COMPONENTS
            extra = [f"{k} {v}" for k, v in versions.items() if k in shown]
            extra = [e for e in extra if e.split(" ")[0] not in chain.components]
            stages = "+".join(sorted(chain.stages))
            table.add_row(
                found.name,
                "yes",
                f"{detail} ({stages})" + (f"; {', '.join(extra)}" if extra else ""),
            )
        else:
            table.add_row(found.name, "[red]no", f"{chain.text()}: {found.reason}")
    Console(width=160).print(table)


# Versions a worker reports beyond its chain's components that `targets` shows too.
_SHOWN_BESIDES_COMPONENTS = {
    "spirv-val",
    "device",
    "generation",  # a compile-only RADV target's AMD generation
    "spirv_dump",  # wgpu's Vulkan chains: whether naga's SPIR-V reaches spirv-val
}


@dataclass
class _TargetRun:
    judged: Judged
    versions: dict[str, dict[str, str]]
    missing: dict[str, str]  # target -> why it did not start

    @property
    def results(self) -> dict[str, RunResult]:
        return dict(self.judged.results)


def _run_on_targets(
    test: TestCase, names: list[str], timeout: float, warn_missing: bool = True
) -> _TargetRun:
    """Run `test` on `names`, plus the witnesses its findings need (evidence.py),
    and judge the results; a target that does not start is left out (and reported on
    stderr: `warn_missing`)."""
    from shadersmith.case.oracle import Crash
    from shadersmith.evidence import attach_front_end_causes, complete
    from shadersmith.oracle.blame import witnesses_for
    from shadersmith.targets.session import TargetSession
    from shadersmith.trial import judge_by, prepare_loaded

    job = prepare_loaded(test).job
    crash = isinstance(test.oracle, Crash)  # compile-only targets: no witnesses
    witnesses = [] if crash else witnesses_for(names)
    with TargetSession(names + witnesses, timeout_s=timeout) as session:
        for name, reason in session.missing.items() if warn_missing else ():
            err_console.print(f"[yellow]{name}: missing ({reason})")
        results: dict[str, RunResult] = {}
        for _, answer in session.run_many([job], only=names):
            results = answer
        # Witnesses and front-end causes, for a test with a finding (evidence.py).
        components = session.components()
        if crash:
            attach_front_end_causes(results, job, components)
        else:
            results = complete(results, job, session, components)
        judged = judge_by(test.oracle, results, components)
        return _TargetRun(judged, session.versions(), dict(session.missing))


@click.command(name="run")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option("--targets", "target_list", help="Comma-separated targets; default: CPU targets.")
@click.option("--timeout", type=FiniteRange(1), default=60.0, show_default=True)
@click.option("--save/--no-save", default=True, help="Record the results in test.json.")
def run_command(test_dir: Path, target_list: str | None, timeout: float, save: bool) -> None:
    """Run a test on each target and say whether the outputs agree."""
    from shadersmith.case import TestCaseError, write_test
    from shadersmith.oracle.differential import output_digest
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list

    try:
        names = parse_target_list(target_list)
        test = load_admitted(test_dir)
    except (TestCaseError, UnknownTarget) as error:
        fail(str(error))
    outcome = _run_on_targets(test, names, timeout)
    judged = outcome.judged
    table = Table()
    for column in ("target", "status", "output", "compile ms", "run ms", "component"):
        table.add_column(column)
    for name, result in judged.results.items():
        digest = output_digest(result) if result.ok else ""
        table.add_row(
            name,
            result.status.value,
            digest,
            f"{result.compile_ms + result.tools_ms:.0f}",
            f"{result.run_ms:.0f}",
            result.failed_component or "",
        )
    Console().print(table)
    for name, result in judged.results.items():
        if not result.ok and result.log:
            click.echo(f"{name}: {result.log.strip().splitlines()[-1][:200]}")
    suspects = judged.comparison.suspects
    click.echo(
        f"verdict: {judged.verdict.value}"
        + (f" (suspects: {', '.join(suspects)})" if suspects else "")
    )
    for finding in judged.findings:
        click.echo(f"finding: {finding.signature} (targets: {', '.join(finding.targets)})")
    if save:  # in place: files the record does not list are left alone (safe_files)
        try:
            write_test(judged.recorded_in(test, versions=outcome.versions), test_dir)
        except TestCaseError as error:
            fail(str(error))


@click.command(name="replay")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option("--targets", "target_list", help="Default: the targets recorded in the test.")
@click.option("--timeout", type=FiniteRange(1), default=60.0, show_default=True)
@click.option(
    "--newest",
    is_flag=True,
    help="Run each target's twin on the newest releases (its -newest target: newest "
    "glslang, spirv-opt, spirv-val and Mesa); a target without one runs as it is.",
)
def replay_command(test_dir: Path, target_list: str | None, timeout: float, newest: bool) -> None:
    """Re-run one saved test and say whether its recorded finding reproduces.

    Prints each target's status and output values (only the fields the targets disagree
    on, when they do), the expected values (the reference interpreter's), and a last
    line `REPRODUCES: SIGNATURE` or `DOES NOT REPRODUCE: recorded SIGNATURE, now ...`.

    Differential, metamorphic and fusion tests alike (the test's oracle says which).

    \b
    Exit status:
      0  the recorded finding reproduces (its signature is among today's findings);
         for a test that records no finding: no finding now (the targets agree)
      1  it does not reproduce; for a test that records no finding: a finding now
      2  undecided: a recorded target is missing on this machine (named), and the
         finding did not reproduce without it
    A test directory that cannot be read is a one-line error with status 2.
    """
    from shadersmith.case import TestCaseError
    from shadersmith.case.oracle import Fusion, Metamorphic
    from shadersmith.oracle.components import is_witness
    from shadersmith.oracle.differential import differences, expected_record, output_digest
    from shadersmith.oracle.reproduction import Reproduction, replay_verdict
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.targets.catalogue.registry import (
        TARGETS,
        UnknownTarget,
        parse_target_list,
        twins_on_newest,
    )

    try:
        test = load_admitted(test_dir)
        chosen = parse_target_list(target_list) if target_list else None
    except (TestCaseError, UnknownTarget) as error:
        fail(str(error))
    # The test's oracle says how it is replayed; the exit policy is one for all
    # (oracle/reproduction.py).
    if isinstance(test.oracle, Metamorphic):
        sys.exit(_replay_metamorphic(test, chosen, timeout))
    if isinstance(test.oracle, Fusion):
        sys.exit(_replay_fusion(test_dir, chosen, timeout))
    recorded = test.recorded_targets()
    if newest:  # the same chains on the newest releases (targets/tools/newest.py)
        from shadersmith.targets.tools import newest as latest

        recorded = twins_on_newest(recorded)
        chosen = twins_on_newest(chosen) if chosen else None
        click.echo(", ".join(f"{k} {v}" for k, v in latest.versions().items()))
    # Witnesses join by themselves when a finding needs them.
    names = chosen or [n for n in recorded if not is_witness(n)] or parse_target_list(None)
    unknown = {n: "not a target this version knows" for n in names if n not in TARGETS}
    run = _run_on_targets(test, [n for n in names if n not in unknown], timeout, False)
    missing = {**unknown, **{n: why.removeprefix(f"{n}: ") for n, why in run.missing.items()}}
    results = run.results
    now = run.judged.signatures
    finding = test.results.finding
    wanted = finding.signature if finding is not None else None

    fields = {(d["binding"], d["field"]) for d in differences(results)}
    show = _ValuesText(test, fields or None)
    click.echo(f"recorded: {wanted or 'no finding'}")
    width = max((len(name) for name in results), default=0)
    status_width = max((len(r.status.value) for r in results.values()), default=0)
    for name, result in results.items():
        if result.ok and result.image is not None:
            detail = output_digest(result)
        elif result.ok:
            detail = show(result.buffers)
        else:
            last = result.log.strip().splitlines()[-1:] or [""]
            detail = f"{result.failed_component or ''}: {last[0][:160]}".strip(": ")
        click.echo(f"  {name:<{width}}  {result.status.value:<{status_width}}  {detail}")
    expected = expected_record(results)
    if expected["values"] is not None:
        reference = results[expected["target"]]
        click.echo(f"  expected ({expected['target']}): {show(reference.buffers)}")
    elif "output" in expected:  # an image: its digest, then where the images differ
        click.echo(f"  expected ({expected['target']}): {expected['output']}")
    else:
        click.echo(f"  expected: unknown ({expected.get('why', 'an image')})")
    _echo_image_difference(results)
    # Every recorded target may take part in the signature (blame compares chains).
    needed = [n for n in dict.fromkeys([*names, *recorded]) if n in missing]
    for name in needed:
        click.echo(f"missing on this machine: {name} ({missing[name]})")

    verdict = run.judged.verdict.value
    if run.judged.crash_oracle:  # a crash-oracle test's targets compile only
        verdict = run.judged.headline
    quiet = {
        "agree": "every target agrees",
        "too_few": "fewer than two outputs to compare",
        "compiled": "every target compiled it",
        "rejected": "rejected by " + ", ".join(run.judged.rejected),
    }
    replayed = replay_verdict(
        wanted, now, needed, quiet.get(verdict, f"verdict {verdict}"), verdict == "too_few"
    )
    if wanted is not None and replayed.reproduction is Reproduction.DOES_NOT_REPRODUCE:
        kind = wanted.split(":")[:2]
        on = set(finding.targets) if finding is not None else set()
        on = set(twins_on_newest(on)) if newest else on
        for found in run.judged.findings:
            if found.signature.split(":")[:2] == kind and on <= set(found.targets):
                click.echo(
                    f"note: {', '.join(found.targets)} still show {':'.join(kind)}, signed "
                    f"{found.signature}: the blame or the signature rules changed since it "
                    "was recorded"
                )
    click.echo(replayed.line)
    sys.exit(replayed.reproduction)


def _echo_image_difference(results: Mapping[str, RunResult]) -> None:
    """Where the images differ: pixel counts per target and the first pixels' values."""
    from shadersmith.oracle.differential import image_difference

    entry = image_difference(results)
    if entry is None:
        return
    counts = ", ".join(f"{name} {count}" for name, count in entry["differing"].items() if count)
    click.echo(f"  {entry['pixels']} pixels differ (against the reference: {counts})")
    for pixel in entry["first"][:3]:
        values = "; ".join(f"{n} {v}" for n, v in pixel["actual"].items())
        click.echo(f"    ({pixel['x']}, {pixel['y']}): {values}")


class _ValuesText:
    """A result's buffers in one short line: `field=value`, every field the shader may
    write, or only `fields` (binding, name) where the targets disagree."""

    LIMIT = 200

    def __init__(self, test: TestCase, fields: set[tuple[int, str]] | None) -> None:
        self.blocks = {spec.binding: spec for spec in test.buffers}
        self.fields = fields
        counts = Counter(name for spec in test.buffers for name, _ in spec.fields)
        self.ambiguous = {name for name, count in counts.items() if count > 1}

    def __call__(self, buffers: dict[int, dict[str, Any]]) -> str:
        from shadersmith.oracle.differential import value_json

        parts = []
        for binding, values in sorted(buffers.items()):
            spec = self.blocks.get(binding)
            if self.fields is None and spec is not None and spec.access == "input":
                continue
            block = spec.block if spec else f"binding{binding}"
            for name, value in values.items():
                if self.fields is not None and (binding, name) not in self.fields:
                    continue
                label = f"{block}.{name}" if name in self.ambiguous or not spec else name
                parts.append(f"{label}={json.dumps(value_json(value), separators=(',', ':'))}")
        text = ", ".join(parts) or "(nothing written)"
        return text if len(text) <= self.LIMIT else text[: self.LIMIT - 1] + "…"


def _replay_metamorphic(test: TestCase, chosen: list[str] | None, timeout: float) -> int:
    """`replay` of a metamorphic test: the pair rebuilt from its provenance (checked
    against the shaders it holds), run on its targets and the interpreter, judged; the
    exit status as `replay` documents it (oracle/reproduction.py)."""
    from shadersmith.case import TestCaseError
    from shadersmith.oracle.differential import REFERENCE, output_digest
    from shadersmith.oracle.metamorphic import judge_metamorphic, on_reference_bindings
    from shadersmith.oracle.reproduction import replay_verdict
    from shadersmith.pair import pair_of_test
    from shadersmith.targets.session import TargetSession

    try:
        pair = pair_of_test(test)
    except TestCaseError as error:
        fail(str(error))
    recorded = [name.rsplit(".", 1)[0] for name in test.recorded_targets() if name != REFERENCE]
    targets = chosen or list(dict.fromkeys(recorded))
    with TargetSession([*targets, REFERENCE], 1, timeout) as session:
        absent = [t for t in targets if t not in session.present]
        targets = [t for t in targets if t in session.present]
        if REFERENCE not in session.present:
            fail(f"the reference interpreter did not start ({session.missing[REFERENCE]})")
        answers = dict(session.run_many([pair.reference.job, pair.variant.job]))
        judged = judge_metamorphic(answers[0], answers[1], targets, session.components())
    finding = test.results.finding
    wanted = finding.signature if finding is not None else None
    click.echo(f"recorded: {wanted or 'no finding'}")
    steps = ", ".join(step.name for step in pair.plan) or "none"
    click.echo(f"transformations: {steps}")
    for target in [*targets, REFERENCE]:
        for label, results in (("reference", answers[0]), ("variant", answers[1])):
            result = on_reference_bindings(results[target], answers[0].get(target))
            detail = output_digest(result) if result.ok else result.log.strip()[-160:]
            click.echo(f"  {target:<24} {label:<9} {result.status.value:<12} {detail}")
        if target in judged.outcomes:
            click.echo(f"  {target:<24} outcome   {judged.outcomes[target].value}")
    if judged.ours:
        click.echo(f"  defect of ours: {judged.ours}")
    for name in absent:
        click.echo(f"missing on this machine: {name} ({session.missing.get(name, '')})")
    now = [f.signature for f in judged.findings]
    replayed = replay_verdict(wanted, now, absent, "each variant computes its reference's output")
    click.echo(replayed.line)
    return replayed.reproduction


def _replay_fusion(test_dir: Path, chosen: list[str] | None, timeout: float) -> int:
    """`replay` of a fusion test: parts and fused program rebuilt from their provenance,
    run on the recorded targets (or `chosen`), judged again with the interpreter's guard.
    The exit status as `replay` documents it (0 reproduces, 1 does not, 2 undecided)."""
    from shadersmith.campaign.fusion_tests import replay_fusion_test
    from shadersmith.case import TestCaseError
    from shadersmith.oracle.reproduction import replay_verdict

    try:
        replay = replay_fusion_test(test_dir, chosen, timeout)
    except TestCaseError as error:
        fail(str(error))
    outcome = replay.outcome
    plan = outcome.plan
    relations = " then ".join(r.value for r in plan.relations)
    strategies = ", ".join(s.value for s in plan.strategies)
    click.echo(f"recorded: {replay.recorded}")
    click.echo(f"fusion of seeds {list(plan.seeds)}: {relations} ({strategies})")
    width = max((len(t) for t in outcome.verdicts), default=0)
    for target, verdict in outcome.verdicts.items():
        detail = verdict.check.summary() if verdict.check is not None else verdict.detail
        click.echo(f"  {target:<{width}}  {verdict.status:<11}  {detail}")
    if outcome.interp_check is not None:
        state = "breaks" if not outcome.interp_check.holds else "keeps"
        click.echo(f"  interp {state} the relation: {outcome.interp_check.summary()}")
    else:
        errors = [i.error for i in (outcome.interp, *outcome.interp_parts) if i.error]
        click.echo(f"  interp: no image ({errors[0] if errors else 'unknown'})")
    replayed = replay_verdict(
        replay.recorded, replay.now, list(replay.missing), "every relation holds"
    )
    click.echo(replayed.line)
    return replayed.reproduction
