"""The `shadersmith` command. Thin: parse arguments, call the library, print."""

from __future__ import annotations

import json
import math
import os
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from shadersmith.case.finding import Kind
from shadersmith.cli_generator import generator_options
from shadersmith.cli_live import ALLOW_NEW_TARGETS_OPTION, FORCE_OPTION, FiniteRange
from shadersmith.config.generator_options import SmithOptions
from shadersmith.ir.profile import ALL_PROFILES, PROFILES

if TYPE_CHECKING:
    from shadersmith.case import TestCase
    from shadersmith.report.live import ReportRefresher
    from shadersmith.targets.results import RunResult
    from shadersmith.trial import Judged

PROFILE_CHOICE = click.Choice(sorted(PROFILES))
# `generate` also writes WGSL, and `fuzz` runs it (the other commands take GLSL only).
GENERATE_PROFILE_CHOICE = click.Choice(sorted(ALL_PROFILES))
err_console = Console(stderr=True)


class _Failure(click.ClickException):
    exit_code = 2


def _fail(message: str) -> NoReturn:
    """One-line error for the user, exit status 2 like click's own usage errors."""
    raise _Failure(message)


class _Commands(click.Group):
    """The command group; a file-system error no command foresaw (disk full, a folder
    made read-only under a running command) is still one line, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        import threading

        from shadersmith.case import TestCaseError
        from shadersmith.targets.lifetime import exit_on_sigterm

        if threading.current_thread() is threading.main_thread():
            exit_on_sigterm()  # a time limit's SIGTERM closes workers and files as Ctrl-C does
        try:
            return super().invoke(ctx)
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            _fail(f"{where}{error.strerror or error}")
        except TestCaseError as error:  # e.g. refused paths (files/safe_files.py)
            _fail(str(error))


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="shadersmith")
@click.option(
    "--targets-file",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="SHADERSMITH_TARGETS_FILE",
    help="A TOML file declaring your own targets (a Mesa build, a spirv-opt of your tree): "
    "every command then knows them by name (README: Targets you declare). Also read from "
    "$SHADERSMITH_TARGETS_FILE.",
)
def main(targets_file: Path | None) -> None:
    """Find and shrink bugs in shader compilers."""
    if targets_file is not None:
        from shadersmith.targets.catalogue.user_targets import TargetsFileError, register_file

        try:
            register_file(targets_file)
        except TargetsFileError as error:
            _fail(str(error))


# A campaign's share of fragment tests unless told (the generator's own default is 0, so
# that a compute test recorded before fragments existed regenerates).
DEFAULT_FRAGMENT_SHARE = 0.25
# What `fuzz` generates unless told otherwise. Swarm testing is on: in the yield bench
# (bench/yield.py, bench/data/yield/) it found as many new root causes per CPU-hour as
# the generator's defaults and ran 22% more tests per CPU-hour on the GPU machine.
FUZZ_GENERATOR_DEFAULTS: dict[str, Any] = {
    "fragment_probability": DEFAULT_FRAGMENT_SHARE,
    "swarm": True,
}


@main.command()
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), required=True, help="Generator seed.")
@click.option(
    "--profile",
    type=GENERATE_PROFILE_CHOICE,
    default="glsl450",
    show_default=True,
    help="Language.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write a self-contained test directory here instead of printing the shader.",
)
@click.option(
    "--stage",
    type=click.Choice(["compute", "fragment"]),
    default="compute",
    show_default=True,
    help="A compute shader, or a fragment shader drawn over a 64x64 target.",
)
@FORCE_OPTION
def generate(seed: int, profile: str, out: Path | None, stage: str, force: bool) -> None:
    """Generate one random shader (GLSLsmith generator, ShaDiv's divergence)."""
    from shadersmith.case import write_test
    from shadersmith.emit import emit
    from shadersmith.files import safe_files
    from shadersmith.generate.smith import SmithOptions
    from shadersmith.generate.smith import generate as generate_program
    from shadersmith.ir.profile import profile_named
    from shadersmith.rebuild.build import testcase_from_generated

    language = profile_named(profile)
    if out is not None:
        safe_files.check_test_output(out, force)  # before the work, not after it
    options = SmithOptions(fragment_probability=1.0 if stage == "fragment" else 0.0)
    generated = generate_program(seed, options, language)
    if out is None:
        sys.stdout.write(emit(generated.program, language))
        if generated.workgroups != (1, 1, 1):  # what the text cannot say
            x, y, z = generated.workgroups
            click.echo(f"dispatch: {x}x{y}x{z} work groups", err=True)
        return
    path = write_test(testcase_from_generated(generated, language), out, force=force)
    click.echo(f"wrote {path}")


@main.command()
@click.option("--count", type=click.IntRange(1), default=200, show_default=True)
@click.option("--first-seed", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--profile",
    "profiles",
    type=PROFILE_CHOICE,
    multiple=True,
    help="Language profile(s); default: all.",
)
@click.option("--jobs", type=click.IntRange(1), default=os.cpu_count() or 1, show_default="cores")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out/validate"),
    show_default=True,
    help="Where rejected programs are saved as test directories.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
def validate(
    count: int, first_seed: int, profiles: tuple[str, ...], jobs: int, out: Path, as_json: bool
) -> None:
    """Generate a batch of programs and validate each with glslang (GL and Vulkan).

    A rejected program is a defect of the generator; it is saved under --out.
    """
    from shadersmith.campaign.validation_batch import run_batch
    from shadersmith.generate.smith import SmithOptions
    from shadersmith.targets.tools.glslang import ToolMissing, glslang_path

    try:
        glslang_path()
    except ToolMissing as error:
        _fail(str(error))
    chosen = list(profiles) or sorted(PROFILES)
    seeds = range(first_seed, first_seed + count)
    accepted: Counter[str] = Counter()
    rejected: list[tuple[str, int, str, str | None]] = []
    lines: list[int] = []
    total = count * len(chosen)
    with Progress(
        TextColumn("[bold]validating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    ) as progress:
        task = progress.add_task("", total=total, status="")
        for outcome in run_batch(seeds, chosen, SmithOptions(), jobs, out):
            lines.append(outcome.lines)
            if outcome.accepted:
                accepted[outcome.profile] += 1
            else:
                rejected.append(
                    (outcome.profile, outcome.seed, outcome.rejections[0], outcome.saved)
                )
            progress.update(task, advance=1, status=f"{len(rejected)} rejected")
    summary = {
        "programs": total,
        "accepted": sum(accepted.values()),
        "rejected": len(rejected),
        "valid_rate": sum(accepted.values()) / total,
        "median_lines": sorted(lines)[len(lines) // 2],
    }
    if as_json:
        click.echo(json.dumps(summary))
    else:
        table = Table(title=f"seeds {first_seed}..{first_seed + count - 1}")
        table.add_column("profile")
        table.add_column("accepted", justify="right")
        table.add_column("rejected", justify="right")
        for name in chosen:
            bad = sum(1 for r in rejected if r[0] == name)
            table.add_row(name, str(accepted[name]), str(bad))
        Console().print(table)
        for profile, seed, message, saved in rejected[:20]:
            click.echo(f"rejected {profile} seed {seed}: {message}  [{saved}]")
        click.echo(
            f"{summary['accepted']}/{total} accepted ({summary['valid_rate']:.1%}), "
            f"median {summary['median_lines']} lines"
        )
    if rejected:
        sys.exit(1)


@main.command(name="export")
@click.argument("test_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--format",
    "form",
    type=click.Choice(["piglit", "amber"]),
    default="piglit",
    show_default=True,
    help="piglit: a shader_test for Mesa's shader_runner; amber: an Amber script for "
    "Vulkan (compute and fragment tests).",
)
@click.option(
    "--target",
    "target",
    default=None,
    help="amber: the Vulkan target whose recorded SPIR-V to ship (default: the finding's "
    "failing Vulkan target, else the first recorded one, else glslang's module made now).",
)
def export_command(test_dir: Path, form: str, target: str | None) -> None:
    """Write TEST_DIR's test in another test format, checking the reference output."""
    from shadersmith.case import TestCaseError
    from shadersmith.case.time_cap import time_cap
    from shadersmith.export.amber import write_amber
    from shadersmith.export.common import ExportError
    from shadersmith.export.piglit import write_shader_test
    from shadersmith.rebuild.admission import load_admitted

    if target is not None and form != "amber":
        _fail("--target applies to --format amber only")
    try:
        with time_cap(f"exporting {test_dir}"):  # the reference interpreter runs here
            test = load_admitted(test_dir)
            if form == "piglit":
                path = write_shader_test(test, test_dir)
            else:
                path = write_amber(test, test_dir, target)
    except (TestCaseError, ExportError) as error:
        _fail(str(error))
    click.echo(f"wrote {path}")
    if form == "piglit":
        click.echo(
            "run: PIGLIT_PLATFORM=surfaceless_egl "
            f"/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner {path} -auto -fbo"
        )
    else:
        # -d: no Vulkan validation layers, which a driver's machine rarely has installed.
        click.echo(f"run: amber -d {path}")


@main.command(name="recondition")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the reconditioned test; default: TEST_DIR-reconditioned beside it.",
)
@click.option(
    "--prune",
    is_flag=True,
    help="Keep only the wrappers whose unsafe path the inputs take (run in the interpreter).",
)
@FORCE_OPTION
def recondition_command(test_dir: Path, out: Path | None, prune: bool, force: bool) -> None:
    """Write an undefined-behaviour-free version of a test beside the original."""
    from shadersmith.case import TestCaseError, write_test
    from shadersmith.case.time_cap import time_cap
    from shadersmith.files import safe_files
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.rebuild.reconditioned_test import reconditioned_test

    destination = out or _beside(test_dir, "reconditioned")
    try:
        safe_files.check_outside(destination, test_dir)
        safe_files.check_test_output(destination, force)
        test = load_admitted(test_dir)
        with time_cap(f"reconditioning {test_dir}"):  # --prune runs the interpreter
            result = reconditioned_test(test, prune=prune)
        click.echo(f"wrote {write_test(result, destination, force=force)}")
    except TestCaseError as error:
        _fail(str(error))


def _beside(test_dir: Path, suffix: str) -> Path:
    """`<test>-<suffix>` beside the test (for `.`, beside the current folder)."""
    absolute = Path(os.path.abspath(test_dir))  # lexically: `.` and `..`, no link followed
    if not absolute.name:
        _fail(f"{test_dir}: give --out for a test at the file system's root")
    return absolute.with_name(f"{absolute.name}-{suffix}")


@main.command(name="targets")
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


@main.command(name="run")
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
        _fail(str(error))
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
            _fail(str(error))


def _duration(text: str | None) -> float | None:
    """`90s`, `10m`, `2h` or plain seconds."""
    if text is None:
        return None
    units = {"s": 1, "m": 60, "h": 3600}
    try:
        seconds = float(text[:-1]) * units[text[-1]] if text[-1] in units else float(text)
    except (ValueError, IndexError):
        raise click.BadParameter(f"{text!r} is not a duration like 90s, 10m or 2h") from None
    if not math.isfinite(seconds) or seconds <= 0:  # nan would never stop, 0 never start
        raise click.BadParameter(f"{text!r}: a duration must be positive, like 90s, 10m or 2h")
    return seconds


@main.command(name="fuzz")
@click.option(
    "--targets",
    "target_list",
    help="Comma-separated targets; default: those the campaign was started on when it is "
    "resumed, else CPU targets (with --profile wgsl: wgpu-vk,wgpu-vk-newest,wgpu-gl,interp).",
)
@click.option("--time", "time_text", help="Stop after this long (90s, 10m, 2h).")
@click.option("--count", type=click.IntRange(1), help="Stop after this many tests in all.")
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=None,
    help="CPUs to keep busy (processes preparing tests; workers per target where there are "
    "more CPUs than targets); default: all.",
)
@click.option(
    "--corpus",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    multiple=True,
    help="A test directory to run before the generated tests (repeatable, run in order): "
    "e.g. a finding, to see that it is still found.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("campaigns/default"),
    show_default=True,
    help="Campaign directory; rerun the same command to resume it.",
)
@click.option("--seed-base", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--profile",
    type=GENERATE_PROFILE_CHOICE,
    default="glsl450",
    show_default=True,
    help="Language; wgsl runs on the wgpu targets (wgpu-vk,wgpu-vk-newest,wgpu-gl,interp).",
)
@click.option(
    "--timeout",
    type=FiniteRange(1),
    default=60.0,
    show_default=True,
    help="Seconds before a test is recorded as a timeout.",
)
@click.option(
    "--keep",
    type=click.IntRange(1),
    default=3,
    show_default=True,
    help="Test directories kept per bucket; the rest are only counted.",
)
@click.option(
    "--ignore",
    "ignore_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="File of known signatures to ignore (one a line).",
)
@click.option(
    "--reduce/--no-reduce",
    "reduce_buckets",
    default=True,
    show_default=True,
    help="Reduce each new bucket's first test.",
)
@click.option(
    "--reduce-time",
    default="2m",
    show_default=True,
    help="Time budget of each bucket's reduction.",
)
@generator_options(**FUZZ_GENERATOR_DEFAULTS)
@click.option(
    "--report",
    is_flag=True,
    help="Write the campaign's HTML report to CAMPAIGN/report and refresh it as the "
    "campaign goes (at most once a minute; `shadersmith report` writes it any time).",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Run the targets on the Ray cluster whose head is at ADDRESS (host:port, or "
    "auto); this process prepares, judges and records (README: A farm on Ray).",
)
@click.option(
    "--oracle",
    type=click.Choice(["differential", "crash"]),
    default="differential",
    show_default=True,
    help="crash: programs not reconditioned, run on compile-only targets only (default: "
    "every one: RADV's generations, compile-spirv-tools, compile-gl-llvmpipe), no "
    "interpreter; only crashes, validator rejections and timeouts are findings, a "
    "rejected program is counted (README: The crash-only mode).",
)
@click.option(
    "--program-size",
    type=click.IntRange(1, 8),
    default=1,
    show_default=True,
    help="Generate programs this many times as large (statement budgets, functions, "
    "statements per block); for the crash oracle above all, whose programs nothing runs.",
)
@ALLOW_NEW_TARGETS_OPTION
@FORCE_OPTION
def fuzz_command(
    target_list: str | None,
    time_text: str | None,
    count: int | None,
    jobs: int | None,
    corpus: tuple[Path, ...],
    out: Path,
    seed_base: int,
    profile: str,
    timeout: float,
    keep: int,
    ignore_file: Path | None,
    reduce_buckets: bool,
    reduce_time: str,
    generator: SmithOptions,
    report: bool,
    cluster: str | None,
    oracle: str,
    program_size: int,
    allow_new_targets: bool,
    force: bool,
) -> None:
    """Run a differential campaign: generate, recondition, run, classify, bucket, store.
    With --oracle crash: generate, run on compile-only targets, keep what crashes.

    Ctrl-C stops after the tests in flight (twice: at once); nothing recorded is lost.
    """

    from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
    from shadersmith.campaign.loop import Progress
    from shadersmith.campaign.store import StoreError
    from shadersmith.case.oracle import Crash, Differential
    from shadersmith.cli_live import (
        CampaignFailed,
        progress_table,
        recorded_generator,
        recorded_targets,
        run_with_live_progress,
    )
    from shadersmith.config.generator_options import larger
    from shadersmith.ir.profile import profile_named
    from shadersmith.oracle.known import load_ignore_list
    from shadersmith.targets.catalogue.registry import (
        UnknownTarget,
        compile_only_targets,
        executes,
        parse_target_list,
        reads_language,
    )
    from shadersmith.targets.catalogue.user_targets import campaign_hint

    language = profile_named(profile)
    crash = oracle == Crash.kind
    try:
        named = target_list is not None
        if target_list is None and (recorded := recorded_targets(out)) is not None:
            target_list = ",".join(recorded)
        if target_list is None and crash:
            target_list = ",".join(compile_only_targets())
        names = parse_target_list(target_list, language.language)
        ignore = frozenset(load_ignore_list(ignore_file)) if ignore_file else frozenset()
        generator = larger(generator, program_size)
        # A resume that sets no generator option keeps the campaign's own, so that a
        # campaign started under other defaults (before swarm was on) still resumes.
        if generator == SmithOptions(**FUZZ_GENERATOR_DEFAULTS):
            generator = recorded_generator(out) or generator
    except UnknownTarget as error:
        _fail(str(error) + campaign_hint(out))
    except (OSError, ValueError, CampaignFailed) as error:  # ValueError: not a text file
        _fail(str(error))
    running = [name for name in names if executes(name)]
    if crash and named and running:
        # An unreconditioned program may divide by zero or index out of range at run
        # time: a target that runs it would make false findings.
        _fail(
            f"--oracle crash runs compile-only targets only; {', '.join(running)} "
            "run what they compile (compile-only: "
            f"{', '.join(compile_only_targets())})"
        )
    if crash and not any(reads_language(name, language.language) for name in names):
        _fail(f"none of the targets {', '.join(names)} reads {language.language.value.upper()}")
    options = CampaignOptions(
        targets=names,
        profile=language,
        count=count,
        time_s=_duration(time_text),
        jobs=jobs,
        corpus=corpus,
        seed_base=seed_base,
        timeout_s=timeout,
        keep_per_bucket=keep,
        ignore=ignore,
        reduce=reduce_buckets,
        reduce_time_s=_duration(reduce_time) or 120.0,
        generator=generator,
        cluster=cluster,
        allow_new_targets=allow_new_targets,
        oracle=Crash() if crash else Differential(),
    )

    refresher = _report_refresher(out, force) if report else None

    try:
        run_with_live_progress(
            out,
            force,
            lambda stop, on_progress: run_campaign(
                out, options, stop, refresher.wrap(on_progress) if refresher else on_progress
            ),
            Progress(),
            lambda progress: progress_table(
                f"campaign {out}",
                progress,
                more=(lambda p: [("rejected (no finding)", str(p.rejected))]) if crash else None,
            ),
            err_console,
            expected=(StoreError, RuntimeError),
        )
    except CampaignFailed as error:
        _fail(str(error))
    _print_buckets(out)
    _print_reduced_programs(out)
    if refresher is not None:
        _finish_report(refresher)


def _print_buckets(campaign: Path) -> None:
    from rich.markup import escape

    from shadersmith.campaign.store import CampaignStore
    from shadersmith.oracle.known_findings import NEW, known_label
    from shadersmith.oracle.root_cause import cause_key

    store = CampaignStore(campaign, read_only=True)
    try:
        buckets = store.buckets()
        totals = store.totals()
    finally:
        store.close()
    # Buckets of one root cause (oracle/root_cause.py) share a number: one bug to file.
    # An unconfirmed validator verdict is not a finding: no number, not counted.
    numbers: dict[str, int] = {}
    cause_of: dict[str, str] = {}
    for bucket in buckets:
        if bucket.kind == Kind.UNCONFIRMED.value:
            cause_of[bucket.signature] = "-"
            continue
        key = cause_key(bucket.signature, bucket.root_cause)
        cause_of[bucket.signature] = f"#{numbers.setdefault(key, len(numbers) + 1)}"
    unconfirmed = sum(1 for b in buckets if b.kind == Kind.UNCONFIRMED.value)
    # Whether each bug is new is the user's first question (oracle/known_findings.py).
    known = {b.signature: known_label(b.kind, b.signature, b.root_cause) for b in buckets}
    new = sum(1 for label in known.values() if label == NEW)
    judged = sum(1 for label in known.values() if label is not None)
    table = Table(
        title=f"{totals['tests']} tests, {len(buckets)} buckets ({judged - new} known, "
        f"{new} new), {len(numbers)} root causes "
        + (f"({unconfirmed} unconfirmed buckets: no finding) " if unconfirmed else "")
        + f"in {campaign}"
    )
    for column in (
        "cause",
        "signature",
        "kind",
        "known as",
        "targets",
        "blamed",
        "count",
        "first seen",
        "example",
        "reduced",
    ):
        # The known finding's name whole: it is what the user looks up.
        table.add_column(column, overflow="fold", no_wrap=column == "known as")
    import datetime

    for bucket in buckets:
        seen = datetime.datetime.fromtimestamp(bucket.first_seen).strftime("%m-%d %H:%M")
        tags = [tag for tag, on in (("flaky", bucket.flaky), ("ignored", bucket.ignored)) if on]
        # Escaped: rich would take "[ignored]" (and brackets in a message) for markup.
        signature = escape(bucket.signature + "".join(f" [{tag}]" for tag in tags))
        table.add_row(
            cause_of[bucket.signature],
            signature,
            bucket.kind,
            known[bucket.signature] or "-",
            bucket.targets,
            bucket.blamed,
            str(bucket.count),
            seen,
            bucket.example or "",
            bucket.reduced or "",
        )
    Console(width=200).print(table)


def _print_reduced_programs(campaign: Path) -> None:
    """Each reduced bucket's program as it is filed: reconditioned, so free of undefined
    behaviour (its core before reconditioning is a file beside it, named in the title).
    The core alone misled: an index out of bounds there is clamped in what ran."""
    from rich.panel import Panel
    from rich.syntax import Syntax

    from shadersmith.campaign.store import CampaignStore
    from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, TestCaseError, load_test
    from shadersmith.case.oracle import Crash
    from shadersmith.ir.profile import Language

    store = CampaignStore(campaign, read_only=True)
    try:
        buckets = store.buckets()
    finally:
        store.close()
    console = Console(width=120)
    for bucket in buckets:
        if not bucket.reduced or bucket.reduced.startswith("failed"):
            continue
        directory = campaign / bucket.reduced
        try:
            test = load_test(directory)
        except TestCaseError:
            continue
        core = UNRECONDITIONED_FILE_BY_STAGE.get(test.stage, "")
        title = f"{bucket.signature}  ({bucket.count} tests; {bucket.reduced}/{test.main_file})"
        subtitle = "reconditioned: free of undefined behaviour" + (
            f"; before reconditioning: {core}" if core in test.shaders else ""
        )
        if isinstance(test.oracle, Crash):  # its compilers only compile it
            subtitle = "not reconditioned: a crash-oracle test, never run"
        lexer = "wgsl" if test.language is Language.WGSL else "glsl"
        console.print(
            Panel(
                Syntax(test.main_shader.strip(), lexer, theme="ansi_dark", word_wrap=True),
                title=title,
                subtitle=subtitle,
                expand=False,
            )
        )


@main.command(name="report")
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Report directory; default: CAMPAIGN/report.",
)
@FORCE_OPTION
def report_command(campaign: Path, out: Path | None, force: bool) -> None:
    """Write a campaign's HTML report (differential, metamorphic or fusion): a static site
    that works offline, with every bucket, charts over time, per-target statistics and a
    page per bucket (reduced program, values, images, versions, commands)."""
    from shadersmith.campaign.store import StoreError
    from shadersmith.report import default_output, write_report

    try:
        index = write_report(campaign, out or default_output(campaign), force)
    except StoreError as error:
        _fail(str(error))
    click.echo(f"wrote {index}")


def _report_refresher(campaign: Path, force: bool) -> ReportRefresher:
    from shadersmith.report import default_output
    from shadersmith.report.live import ReportRefresher

    return ReportRefresher(campaign, default_output(campaign), force)


def _finish_report(refresher: ReportRefresher) -> None:
    index = refresher.finish()
    if index is None:
        err_console.print(f"report not written: {refresher.error}")
    else:
        click.echo(f"report: {index}")


@main.command(name="buckets")
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--programs/--no-programs",
    default=False,
    help="Also print each reduced bucket's program (unreconditioned).",
)
def buckets_command(campaign: Path, programs: bool) -> None:
    """One line per bucket of a campaign: signature, kind, targets, blame, count, and
    where its reduced test is."""
    from shadersmith.campaign.store import StoreError

    if not (campaign / "campaign.db").is_file():
        _fail(f"{campaign}: not a campaign directory (no campaign.db)")
    try:
        _print_buckets(campaign)
        if programs:
            _print_reduced_programs(campaign)
    except StoreError as error:
        _fail(str(error))


@main.command(name="reduce")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option(
    "--reducer",
    # reduce.REDUCERS, spelled out: the CLI imports the reducers only when one runs.
    type=click.Choice(["internal", "creduce", "picire"]),
    default="internal",
    show_default=True,
    help="The IR reducer, or a text reducer through the GLSL front-end.",
)
@click.option("--targets", "target_list", help="Default: the targets recorded in the test.")
@click.option("--signature", help="The signature to keep; default: the test's recorded finding.")
@click.option("--time", "time_text", default="10m", show_default=True, help="Time budget.")
@click.option(
    "--jobs", type=click.IntRange(1), default=2, show_default=True, help="Workers per target."
)
@click.option(
    "--timeout",
    type=FiniteRange(1),
    default=30.0,
    show_default=True,
    help="Seconds before a candidate's run counts as a timeout.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the reduced test; default: TEST_DIR-reduced beside it.",
)
@FORCE_OPTION
def reduce_command(
    test_dir: Path,
    reducer: str,
    target_list: str | None,
    signature: str | None,
    time_text: str,
    jobs: int,
    timeout: float,
    out: Path | None,
    force: bool,
) -> None:
    """Shrink a test while its finding's signature holds, reconditioning every candidate.

    Writes the reduced test (shader.comp reconditioned, to file; unreconditioned.comp, to
    read) beside the original and prints both programs' sizes.
    """
    import signal
    import threading

    from rich.live import Live

    from shadersmith.case import TestCaseError
    from shadersmith.files import safe_files
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.reduce import (
        ReductionError,
        reduce_subject,
        subject_from_test,
        write_reduced,
    )
    from shadersmith.reduce.internal import ReductionProgress
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list
    from shadersmith.targets.session import TargetSession

    budget = _duration(time_text) or 600.0
    destination = out or _beside(test_dir, "reduced")
    try:
        # Where the result goes is checked first: a reduction is too dear to lose at the end.
        safe_files.check_outside(destination, test_dir)
        safe_files.check_test_output(destination, force)
        test = load_admitted(test_dir)
        targets = tuple(parse_target_list(target_list)) if target_list else None
        subject = subject_from_test(test, signature=signature, targets=targets)
    except (TestCaseError, UnknownTarget) as error:
        _fail(str(error))

    def line(progress: ReductionProgress) -> str:
        return (
            f"{progress.reducer}: {progress.pass_name}: {progress.lines} lines "
            f"(from {progress.original_lines}), {progress.calls} candidates, "
            f"{progress.elapsed_s:.0f} s"
        )

    # The first Ctrl-C ends the reduction with the smallest interesting test found so
    # far, which is still verified and written; a second one stops at once.
    interrupted = threading.Event()

    def on_interrupt(signum: int, frame: object) -> None:
        if interrupted.is_set():
            raise KeyboardInterrupt
        interrupted.set()
        err_console.print("stopping: keeping the smallest test so far (Ctrl-C again: now)")

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        with (
            TargetSession(list(subject.targets), jobs, timeout_s=timeout) as session,
            Live("starting the targets", console=err_console, transient=True) as live,
        ):
            result = reduce_subject(
                subject,
                session,
                reducer,
                parallel=jobs,
                time_budget_s=budget,
                on_progress=lambda p: live.update(line(p)),
                should_stop=interrupted.is_set,
            )
    except ReductionError as error:
        _fail(str(error))
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        written = write_reduced(result, destination, force=force)
    except TestCaseError as error:
        _fail(str(error))
    counters = result.counters
    click.echo(
        f"{result.original_lines} -> {result.reduced_lines} lines unreconditioned "
        f"({result.reconditioned_lines} reconditioned) in {result.seconds:.1f} s, "
        f"{counters.calls} candidates ({counters.full_runs} run on every target)"
    )
    kept = "kept" if result.signature_kept else "NOT kept on the final run"
    click.echo(f"signature {subject.signature}: {kept}")
    if result.pass_list is not None:
        lists = result.pass_list
        click.echo(
            f"spirv-opt pass list: {len(lists.original)} -> {len(lists.reduced)} passes "
            f"({' '.join(lists.reduced)}); first bad pass: {lists.first_bad_pass or 'none named'}"
        )
    if result.ub_in_reduced:
        click.echo("warning: the sanitizer found undefined behaviour in the reduced program")
    click.echo(f"reduced test: {written}")
    if not result.signature_kept:
        sys.exit(1)


@main.command(name="replay")
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
        _fail(str(error))
    # The test's oracle says how it is replayed; the exit policy is one for all
    # (oracle/reproduction.py).
    if isinstance(test.oracle, Metamorphic):
        from shadersmith.cli_metamorphic import replay_metamorphic

        sys.exit(replay_metamorphic(test, chosen, timeout))
    if isinstance(test.oracle, Fusion):
        from shadersmith.cli_fusion import replay_fusion

        sys.exit(replay_fusion(test_dir, chosen, timeout))
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


def _register_commands() -> None:
    """Commands that live in modules of their own."""
    from shadersmith.cli_bug_report import bug_report_command
    from shadersmith.cli_cluster import cluster_resources_command
    from shadersmith.cli_fusion import fuse_command
    from shadersmith.cli_metamorphic import metamorphic_command

    main.add_command(metamorphic_command)
    main.add_command(fuse_command)
    main.add_command(cluster_resources_command)
    main.add_command(bug_report_command)


_register_commands()

if __name__ == "__main__":
    main()
