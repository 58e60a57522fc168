"""Reduction benchmark: planted bugs of several kinds and the real bugs the campaigns
found, each reduced by each reducer; size, time, interestingness calls, signature kept,
and the sanitizer on every reduced, reconditioned program.

    .venv/bin/python bench/reduce.py [--reducers internal,creduce,picire] [--budget 300]
                                     [--cases planted,real] [--out out/reduce]

Every case is rebuilt from a seed exactly as a campaign builds its test (so the figures
need nothing but this repository), run once on its targets to record the finding, then
reduced. Planted cases search seeds from a fixed start for the first that shows the
planted bug. A case whose finding depends on its spirv-opt pass list also prints the
list's length before and after its reduction, and the first bad pass. The last line is
one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console
from rich.table import Table

from shadersmith.campaign.fuzz import CampaignOptions, prepare_test
from shadersmith.case import load_test, write_test
from shadersmith.evidence import complete
from shadersmith.ir.profile import GLSL450
from shadersmith.oracle.blame import witnesses_for
from shadersmith.reduce import (
    reduce_subject,
    reduced_directory,
    subject_from_test,
    write_reduced,
)
from shadersmith.targets.catalogue.registry import CPU_TARGETS
from shadersmith.targets.lifetime import exit_on_sigterm
from shadersmith.targets.session import TargetSession
from shadersmith.trial import judge, prepare_loaded
from tests import planted_bugs

planted_bugs.register()  # the planted-bug targets live with the tests

console = Console(stderr=True)


@dataclass(frozen=True)
class Case:
    name: str
    kind: str  # planted or real
    targets: tuple[str, ...]
    signature: str  # the signature, or a prefix of it
    seeds: tuple[int, ...]  # a real case's seed; a planted case's search range


def _planted(name: str, base: str, signature: str, first_seed: int) -> Case:
    return Case(
        name,
        "planted",
        (f"planted-{name}-{base}", base, "interp"),
        signature,
        tuple(range(first_seed, first_seed + 60)),
    )


PLANTED = (
    _planted("sub-to-add", "gl-llvmpipe", "wrong:planted-sub-to-add", 5000),
    _planted("xor-to-or", "vk-lavapipe", "wrong:planted-xor-to-or", 5100),
    _planted("shl-to-shr", "gl-llvmpipe", "wrong:planted-shl-to-shr", 5200),
    _planted("crash-on-bitfield-reverse", "gl-llvmpipe", "crash:", 5300),
    _planted("reject-switch", "vk-lavapipe", "compile:planted-reject-switch:", 5400),
)

# The buckets of the 30-minute campaign (issue 5), their unreduced example tests stored in
# bench/data/real/ (the generator no longer makes them from their seeds). Each was made by
# the generator of the commit that added findings/ (f01d88f), from the seed and options the
# finding's provenance records; its unreconditioned program has the line count the
# reduction recorded, and it still shows today's signature on Debian's drivers.
# `llvm-physreg-copy` (seed 57) no longer crashes there and `spirv-opt-invalid-spirv`
# (seed 1940) was retracted (SPIRV-Tools #5784): neither is a case.
REAL_DIRECTORY = Path(__file__).resolve().parent / "data" / "real"
# With the witnesses a campaign holds beside them: blame (and so the signature a reduction
# keeps) reads them, e.g. spirv-cross's GLSL through softpipe for spirv-cross-wrong.
REAL_TARGETS = (*CPU_TARGETS, *witnesses_for(CPU_TARGETS))
REAL = tuple(
    Case(name, "real", REAL_TARGETS, signature, ())
    for name, signature in (
        ("mesa-gl-swizzle-index", "wrong:mesa-glsl"),
        ("mesa-gl-disagree", "wrong:mesa-glsl"),
        ("spirv-cross-invalid-glsl", "compile:spirv-cross:"),
        ("llvmpipe-segfault", "crash:mesa-glsl:invalid NIR"),
        ("spirv-cross-wrong", "wrong:llvmpipe"),
        ("spirv-opt-wrong", "wrong:spirv-opt"),
    )
)

# Kept findings whose seed no longer rebuilds the same program (the generator changed
# since), reduced again from their directory under findings/: `--cases findings`.
FINDINGS_DIRECTORY = Path(__file__).resolve().parent.parent / "findings"
FINDINGS = tuple(
    Case(name, "findings", CPU_TARGETS, "", ())
    for name in ("spirv-opt-invalid-phi-pointers", "spirv-opt-invalid-spirv")
)


# NVIDIA (run on the GPU machine: `--cases nvidia`): the differential benchmark's seeds
# where gl-nvidia alone was wrong, and where vk-nvidia-opt crashed (issue 4).
NVIDIA = (
    *(
        Case(f"gl-nvidia-{seed}", "nvidia", ("gl-nvidia", "vk-nvidia", "interp"), "wrong:", (seed,))
        for seed in (99, 123, 124, 157)
    ),
    Case(
        "vk-nvidia-opt-crash", "nvidia", ("vk-nvidia-opt", "vk-nvidia", "interp"), "crash:", (81,)
    ),
)


def _matching(signatures: list[str], wanted: str) -> str | None:
    """The first signature that `wanted` (a whole signature or a prefix) names."""
    return next((s for s in signatures if s.startswith(wanted)), None)


def record_case(case: Case, session: TargetSession, out: Path) -> Path | None:
    """Find the case's test, run it, and write it with its finding; None if not shown."""
    if case.kind == "findings":
        import shutil

        copy = out / case.name / "finding"
        shutil.rmtree(copy, ignore_errors=True)
        return Path(shutil.copytree(FINDINGS_DIRECTORY / case.name, copy))
    components = session.components()
    if case.kind == "real":
        test = load_test(REAL_DIRECTORY / case.name)
        job = prepare_loaded(test).job
        judged = judge(complete(session.run(job), job, session, components), components)
        signature = _matching(judged.signatures, case.signature)
        if signature is None:
            return None
        finding = next(f for f in judged.findings if f.signature == signature)
        return write_test(judged.recorded_in(test, finding), out / case.name / "example")
    for seed in case.seeds:
        options = CampaignOptions(targets=list(case.targets), profile=GLSL450, seed_base=0)
        item = prepare_test(seed, options)
        results = session.run(item.job)
        judged = judge(results, components)
        signature = _matching(judged.signatures, case.signature)
        if signature is None:
            continue
        finding = next(f for f in judged.findings if f.signature == signature)
        return write_test(judged.recorded_in(item.test, finding), out / case.name / str(seed))
    return None


@dataclass
class Row:
    case: str
    kind: str
    reducer: str
    signature: str
    original_lines: int
    reduced_lines: int
    reconditioned_lines: int
    seconds: float
    calls: int
    full_runs: int
    signature_kept: bool
    ub: bool
    error: str = ""
    passes_before: int | None = None  # the spirv-opt pass list, when it was reduced
    passes_after: int | None = None
    first_bad_pass: str | None = None


def main() -> None:
    # A time limit's SIGTERM closes the sessions and stops creduce the ordinary way (a
    # kill -9 is covered too: workers and creduce die with this process, lifetime.py).
    exit_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reducers", default="internal,creduce,picire")
    parser.add_argument("--cases", default="planted,real", help="planted, real, findings, nvidia")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds per reduction")
    parser.add_argument("--jobs", type=int, default=2, help="workers per target")
    parser.add_argument("--out", type=Path, default=Path("out/reduce"))
    args = parser.parse_args()
    reducers = [r.strip() for r in args.reducers.split(",") if r.strip()]
    kinds = {k.strip() for k in args.cases.split(",")}
    cases = [c for c in (*PLANTED, *REAL, *FINDINGS, *NVIDIA) if c.kind in kinds]
    if args.only:
        names = set(args.only.split(","))
        cases = [c for c in cases if c.name in names]

    rows: list[Row] = []
    # One session at a time: each shares out the machine's memory among its own workers
    # as if they were the only ones (engine.memory_cap_for). Cases of the same targets
    # come one after another, so a session is rarely started twice.
    session: TargetSession | None = None
    try:
        for case in cases:
            if session is None or tuple(session.names) != case.targets:
                if session is not None:
                    session.close()
                session = TargetSession(list(case.targets), args.jobs, 30.0)
                cap = session.memory_cap
                console.print(f"memory cap {cap.mb} MB per worker ({cap.reason})")
            missing = [t for t in case.targets if t not in session.present]
            if missing:
                console.print(f"[yellow]{case.name}: skipped, missing {', '.join(missing)}")
                continue
            directory = record_case(case, session, args.out)
            if directory is None:
                console.print(f"[yellow]{case.name}: its test does not show {case.signature}")
                continue
            for reducer in reducers:
                rows.append(run_one(case, reducer, directory, session, args.budget, args.jobs))
                _print_row(rows[-1])
    finally:
        if session is not None:
            session.close()
    summarise(rows, reducers)


def run_one(
    case: Case, reducer: str, directory: Path, session: TargetSession, budget: float, jobs: int
) -> Row:
    subject = subject_from_test(load_test(directory))
    started = time.perf_counter()
    try:
        result = reduce_subject(subject, session, reducer, parallel=jobs, time_budget_s=budget)
    except Exception as error:  # a defect of ours: recorded as a failed case, not hidden
        seconds = time.perf_counter() - started
        return Row(case.name, case.kind, reducer, subject.signature, 0, 0, 0, seconds, 0, 0,
                   False, False, str(error))  # fmt: skip
    target = reduced_directory(directory).with_name(f"{directory.name}-reduced-{reducer}")
    write_reduced(result, target)
    return Row(
        case.name,
        case.kind,
        reducer,
        subject.signature,
        result.original_lines,
        result.reduced_lines,
        result.reconditioned_lines,
        result.seconds,
        result.counters.calls,
        result.counters.full_runs,
        result.signature_kept,
        bool(result.ub_in_reduced),  # its cases are differential: never None
        passes_before=len(result.pass_list.original) if result.pass_list else None,
        passes_after=len(result.pass_list.reduced) if result.pass_list else None,
        first_bad_pass=result.pass_list.first_bad_pass if result.pass_list else None,
    )


def _print_row(row: Row) -> None:
    status = "kept" if row.signature_kept else f"LOST {row.error}"
    console.print(
        f"{row.case} [{row.reducer}]: {row.original_lines} -> {row.reduced_lines} lines "
        f"({row.reconditioned_lines} reconditioned), {row.seconds:.1f} s, {row.calls} calls, "
        f"signature {status}, ub {row.ub}{_passes(row)}"
    )


def _passes(row: Row) -> str:
    if row.passes_before is None:
        return ""
    return (
        f", spirv-opt passes {row.passes_before} -> {row.passes_after} "
        f"(first bad: {row.first_bad_pass or 'none named'})"
    )


def summarise(rows: list[Row], reducers: list[str]) -> None:
    table = Table(title="reduction per case")
    columns = ("case", "reducer", "lines", "reconditioned", "passes", "s", "calls", "kept", "ub")
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(
            row.case,
            row.reducer,
            f"{row.original_lines} -> {row.reduced_lines}",
            str(row.reconditioned_lines),
            "" if row.passes_before is None else f"{row.passes_before} -> {row.passes_after}",
            f"{row.seconds:.1f}",
            str(row.calls),
            "yes" if row.signature_kept else "NO",
            "YES" if row.ub else "0",
        )
    Console(width=160).print(table)
    per_reducer: dict[str, dict[str, object]] = {}
    summary = Table(title="per reducer")
    for column in ("reducer", "cases", "median lines", "median s", "median calls", "kept", "ub"):
        summary.add_column(column)
    for reducer in reducers:
        mine = [r for r in rows if r.reducer == reducer]
        if not mine:
            continue
        figures: dict[str, object] = {
            "cases": len(mine),
            "median_lines": statistics.median(r.reduced_lines for r in mine),
            "median_reconditioned_lines": statistics.median(r.reconditioned_lines for r in mine),
            "median_s": round(statistics.median(r.seconds for r in mine), 1),
            "median_calls": statistics.median(r.calls for r in mine),
            "signature_kept": round(sum(r.signature_kept for r in mine) / len(mine), 3),
            "ub_in_reduced": sum(r.ub for r in mine),
        }
        per_reducer[reducer] = figures
        summary.add_row(
            reducer,
            str(figures["cases"]),
            str(figures["median_lines"]),
            str(figures["median_s"]),
            str(figures["median_calls"]),
            str(figures["signature_kept"]),
            str(figures["ub_in_reduced"]),
        )
    Console(width=160).print(summary)
    headline = per_reducer.get("internal") or next(iter(per_reducer.values()), {})
    print(
        json.dumps(
            {
                "median_lines": headline.get("median_lines"),
                "median_s": headline.get("median_s"),
                "signature_kept": headline.get("signature_kept"),
                "ub_in_reduced": sum(int(str(f["ub_in_reduced"])) for f in per_reducer.values()),
                "per_reducer": per_reducer,
                "cases": [r.__dict__ for r in rows],
            }
        )
    )


if __name__ == "__main__":
    main()
