"""Differential and crash tests: one program run on several targets, judged by comparing
their outputs (differential) or by the compile-only targets' crashes alone (crash).
Both run a saved test as `shadersmith run` does (trial.run_on_targets)."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shadersmith.case import TestCase, TestCaseError
from shadersmith.case.oracle import Crash, Differential
from shadersmith.files import safe_files
from shadersmith.kinds.verbs import Echo, KindError, Reduced, ReduceRequest, ReplayRequest
from shadersmith.oracle.components import is_witness
from shadersmith.oracle.differential import (
    differences,
    expected_record,
    image_difference,
    output_digest,
    value_json,
)
from shadersmith.oracle.elements import element_differences, short
from shadersmith.oracle.reproduction import Reproduction, replay_verdict
from shadersmith.reduce import ReductionError, reduce_subject, subject_from_test, write_reduced
from shadersmith.reduce.internal import ReductionProgress
from shadersmith.reduce.output import reduced_directory
from shadersmith.targets.catalogue.registry import (
    TARGETS,
    has_newest_twin,
    parse_target_list,
    twins_on_newest,
)
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import newest as latest
from shadersmith.trial import judged_differences, run_on_targets


class ValuesText:
    """A result's buffers in one short line: `field=value`, every field the shader may
    write, or only `fields` (binding, name) where the targets disagree."""

    LIMIT = 200

    def __init__(self, test: TestCase, fields: set[tuple[int, str]] | None) -> None:
        self.blocks = {spec.binding: spec for spec in test.buffers}
        self.fields = fields
        counts = Counter(name for spec in test.buffers for name, _ in spec.fields)
        self.ambiguous = {name for name, count in counts.items() if count > 1}

    def label(self, binding: int, name: str) -> str:
        """The field's name, its block's before it where two blocks share the name."""
        spec = self.blocks.get(binding)
        block = spec.block if spec else f"binding{binding}"
        return f"{block}.{name}" if name in self.ambiguous or not spec else name

    def __call__(self, buffers: dict[int, dict[str, Any]]) -> str:
        parts = []
        for binding, values in sorted(buffers.items()):
            spec = self.blocks.get(binding)
            if self.fields is None and spec is not None and spec.access == "input":
                continue
            for name, value in values.items():
                if self.fields is not None and (binding, name) not in self.fields:
                    continue
                label = self.label(binding, name)
                parts.append(f"{label}={json.dumps(value_json(value), separators=(',', ':'))}")
        text = ", ".join(parts) or "(nothing written)"
        return text if len(text) <= self.LIMIT else text[: self.LIMIT - 1] + "…"


class FieldDiffs:
    """The differing buffer fields of a replay as a diff: per target, how many elements
    it has wrong; then each differing element's index, the expected value and the targets
    that gave another (oracle/elements.py), not whole arrays."""

    SHOWN = 20  # elements listed; the rest are counted

    def __init__(self, test: TestCase, differing: list[dict[str, Any]]) -> None:
        label = ValuesText(test, None)
        self.fields = [
            (label.label(entry["binding"], entry["field"]), element_differences(entry))
            for entry in differing
        ]

    def summary(self, target: str) -> str:
        """What `target` gave in the differing fields, in a few words."""
        parts = []
        for field, elements in self.fields:
            wrong = sum(target in element.wrong() for element in elements)
            if wrong:
                parts.append(f"{field}: {wrong} element{'s' * (wrong > 1)} differ")
        return ", ".join(parts) or "as expected"

    def echo(self, reference: str | None, echo: Echo) -> None:
        where = f"expected: {reference}" if reference else "no expected values"
        echo(f"  differing elements ({where}):")
        rows = [(field, element) for field, elements in self.fields for element in elements]
        for field, element in rows[: self.SHOWN]:
            expected = f"expected {short(element.expected)}; " if reference else ""
            values = ", ".join(f"{n} {short(v)}" for n, v in element.wrong().items())
            echo(f"    {field}{element.path}: {expected}{values}")
        if len(rows) > self.SHOWN:
            echo(f"    ... and {len(rows) - self.SHOWN} more")


def echo_image_difference(results: Mapping[str, RunResult], echo: Echo) -> None:
    """Where the images differ: pixel counts per target and the first pixels' values."""
    entry = image_difference(results)
    if entry is None:
        return
    counts = ", ".join(f"{name} {count}" for name, count in entry["differing"].items() if count)
    echo(f"  {entry['pixels']} pixels differ (against the reference: {counts})")
    for pixel in entry["first"][:3]:
        values = "; ".join(f"{n} {v}" for n, v in pixel["actual"].items())
        echo(f"    ({pixel['x']}, {pixel['y']}): {values}")


def default_destination(directory: Path) -> Path:
    """`<test>-reduced` beside the test (for `.`, beside the current folder)."""
    absolute = Path(os.path.abspath(directory))  # lexically: `.` and `..`, no link followed
    if not absolute.name:
        raise KindError(f"{directory}: give --out for a test at the file system's root")
    return reduced_directory(absolute)


@dataclass(frozen=True)
class ProgramTests:
    """Differential or crash tests (their oracle record type `oracle`)."""

    oracle: type[Differential] | type[Crash]

    @property
    def name(self) -> str:
        return self.oracle.kind

    def replay(self, test: TestCase, directory: Path, request: ReplayRequest, echo: Echo) -> int:
        recorded = test.recorded_targets()
        chosen = request.targets
        if request.newest:  # the same chains on the newest releases (targets/tools/newest.py)
            untwinned = [n for n in chosen or recorded if not has_newest_twin(n)]
            recorded = twins_on_newest(recorded)
            chosen = twins_on_newest(chosen) if chosen else None
            echo(", ".join(f"{k} {v}" for k, v in latest.versions().items()))
            if untwinned:  # said, so a reproduction there is not read as the newest's
                echo(f"no newest twin, run on this machine's releases: {', '.join(untwinned)}")
        # Witnesses join by themselves when a finding needs them.
        names = chosen or [n for n in recorded if not is_witness(n)] or parse_target_list(None)
        unknown = {n: "not a target this version knows" for n in names if n not in TARGETS}
        run = run_on_targets(test, [n for n in names if n not in unknown], request.timeout_s)
        missing = {
            **unknown,
            **{n: why.removeprefix(f"{n}: ") for n, why in run.missing.items()},
        }
        results = run.results
        now = run.judged.signatures
        finding = test.results.finding
        wanted = finding.signature if finding is not None else None

        differing = [d for d in differences(results) if d["binding"] is not None]
        if run.judged.intervals is not None:  # by bits every float differs: the judged ones
            differing = judged_differences(differing, run.judged.intervals)
        show = ValuesText(test, {(d["binding"], d["field"]) for d in differing} or None)
        diffs = FieldDiffs(test, differing)
        echo(f"recorded: {wanted or 'no finding'}")
        width = max((len(name) for name in results), default=0)
        status_width = max((len(r.status.value) for r in results.values()), default=0)
        for name, result in results.items():
            if result.ok and result.image is not None:
                detail = output_digest(result)
            elif result.ok:
                detail = diffs.summary(name) if differing else show(result.buffers)
            else:
                last = result.log.strip().splitlines()[-1:] or [""]
                detail = f"{result.failed_component or ''}: {last[0][:160]}".strip(": ")
            echo(f"  {name:<{width}}  {result.status.value:<{status_width}}  {detail}")
        expected = expected_record(results)
        if differing:  # each differing element: its index, the expected value, the wrong ones
            diffs.echo(expected.get("target") if expected["values"] is not None else None, echo)
        elif expected["values"] is not None:
            reference = results[expected["target"]]
            echo(f"  expected ({expected['target']}): {show(reference.buffers)}")
        elif "output" in expected:  # an image: its digest, then where the images differ
            echo(f"  expected ({expected['target']}): {expected['output']}")
        else:
            echo(f"  expected: unknown ({expected.get('why', 'an image')})")
        echo_image_difference(results, echo)
        # Every recorded target may take part in the signature (blame compares chains).
        needed = [n for n in dict.fromkeys([*names, *recorded]) if n in missing]
        for name in needed:
            echo(f"missing on this machine: {name} ({missing[name]})")

        verdict = run.judged.interval_verdict or run.judged.verdict.value
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
            on = set(twins_on_newest(on)) if request.newest else on
            for found in run.judged.findings:
                if found.signature.split(":")[:2] == kind and on <= set(found.targets):
                    echo(
                        f"note: {', '.join(found.targets)} still show {':'.join(kind)}, "
                        f"signed {found.signature}: the blame or the signature rules changed "
                        "since it was recorded"
                    )
        echo(replayed.line)
        return int(replayed.reproduction)

    def reduce(self, test: TestCase, directory: Path, request: ReduceRequest) -> Reduced:
        destination = request.destination or default_destination(directory)
        try:
            # Where the result goes is checked first: a reduction is too dear to lose at
            # the end.
            safe_files.check_outside(destination, directory)
            safe_files.check_test_output(destination, request.force)
            subject = subject_from_test(test, signature=request.signature, targets=request.targets)
        except TestCaseError as error:
            raise KindError(str(error)) from None

        def line(progress: ReductionProgress) -> str:
            return (
                f"{progress.reducer}: {progress.pass_name}: {progress.lines} lines "
                f"(from {progress.original_lines}), {progress.calls} candidates, "
                f"{progress.elapsed_s:.0f} s"
            )

        workers = request.workers_per_target
        try:
            with TargetSession(
                list(subject.targets), workers, timeout_s=request.timeout_s
            ) as session:
                result = reduce_subject(
                    subject,
                    session,
                    request.reducer,
                    parallel=workers,
                    time_budget_s=request.time_s,
                    on_progress=lambda p: request.on_progress(line(p)),
                    should_stop=request.should_stop,
                )
        except ReductionError as error:
            raise KindError(str(error)) from None
        try:
            written = write_reduced(result, destination, force=request.force)
        except TestCaseError as error:
            raise KindError(str(error)) from None
        counters = result.counters
        lines = [
            f"{result.original_lines} -> {result.reduced_lines} lines unreconditioned "
            f"({result.reconditioned_lines} reconditioned) in {result.seconds:.1f} s, "
            f"{counters.calls} candidates ({counters.full_runs} run on every target)",
            f"signature {subject.signature}: "
            + ("kept" if result.signature_kept else "NOT kept on the final run"),
        ]
        if result.pass_list is not None:
            lists = result.pass_list
            lines.append(
                f"spirv-opt pass list: {len(lists.original)} -> {len(lists.reduced)} passes "
                f"({' '.join(lists.reduced)}); first bad pass: "
                f"{lists.first_bad_pass or 'none named'}"
            )
        if result.ub_in_reduced:
            lines.append("warning: the sanitizer found undefined behaviour in the reduced program")
        return Reduced(written, tuple(lines), result.signature_kept)


DIFFERENTIAL = ProgramTests(Differential)
CRASH = ProgramTests(Crash)
