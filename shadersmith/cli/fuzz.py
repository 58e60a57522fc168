"""`shadersmith fuzz`: the differential campaign (and the crash-only mode), its live
progress, its buckets and, with --report, its HTML report refreshed as it goes."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from shadersmith.cli.campaign_tables import (
    print_buckets,
    print_interval_tally,
    print_reduced_programs,
)
from shadersmith.cli.generator_flags import generator_options
from shadersmith.cli.live import (
    CampaignFailed,
    progress_table,
    recorded_generator,
    recorded_targets,
    run_with_live_progress,
)
from shadersmith.cli.options import (
    ALLOW_NEW_TARGETS_OPTION,
    CLUSTER_OPTION,
    FORCE_OPTION,
    GENERATE_PROFILE_CHOICE,
    IGNORE_OPTION,
    KEEP_OPTION,
    REDUCE_TIME_OPTION,
    TIME_OPTION,
    TIMEOUT_OPTION,
    count_option,
    duration,
    jobs_option,
    out_option,
    reduce_option,
)
from shadersmith.cli.shared import err_console, fail, stopped_by_signal
from shadersmith.config.generator_options import SmithOptions

if TYPE_CHECKING:
    from shadersmith.report.live import ReportRefresher

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


@click.command(name="fuzz")
@click.option(
    "--targets",
    "target_list",
    help="Comma-separated targets; default: those the campaign was started on when it is "
    "resumed, else CPU targets (with --profile wgsl: wgpu-vk,wgpu-vk-newest,wgpu-gl,interp).",
)
@TIME_OPTION
@count_option("tests")
@jobs_option("tests")
@click.option(
    "--corpus",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    multiple=True,
    help="A test directory to run before the generated tests (repeatable, run in order): "
    "e.g. a finding, to see that it is still found.",
)
@out_option(Path("campaigns/default"))
@click.option("--seed-base", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--profile",
    type=GENERATE_PROFILE_CHOICE,
    default="glsl450",
    show_default=True,
    help="Language; wgsl runs on the wgpu targets (wgpu-vk,wgpu-vk-newest,wgpu-gl,interp).",
)
@TIMEOUT_OPTION
@KEEP_OPTION
@IGNORE_OPTION
@reduce_option()
@REDUCE_TIME_OPTION
@generator_options(**FUZZ_GENERATOR_DEFAULTS)
@click.option(
    "--report",
    is_flag=True,
    help="Write the campaign's HTML report to CAMPAIGN/report and refresh it as the "
    "campaign goes (at most once a minute; `shadersmith report` writes it any time).",
)
@CLUSTER_OPTION
@click.option(
    "--oracle",
    type=click.Choice(["differential", "crash"]),
    default="differential",
    show_default=True,
    help="crash: programs not reconditioned, run on compile-only targets only (default: "
    "every one: RADV's generations, compile-spirv-tools, compile-gl-llvmpipe), no "
    "interpreter; only crashes, validator rejections and timeouts are findings, a "
    "rejected program is counted (docs/campaigns.md: The crash-only mode).",
)
@click.option(
    "--program-size",
    type=click.IntRange(1, 8),
    default=1,
    show_default=True,
    help="Generate programs this many times as large (statement budgets, functions, "
    "statements per block); for the crash oracle above all, whose programs nothing runs.",
)
@click.option(
    "--fail-on-new",
    is_flag=True,
    help="Exit 1 when this run opened a bucket no known bug matches (for CI; "
    "oracle/known_findings.py says what is known).",
)
@click.option(
    "--junit",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the campaign's buckets as JUnit XML to this file (one test case per bucket: "
    "a new one fails, a known one is skipped).",
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
    fail_on_new: bool,
    junit: Path | None,
    allow_new_targets: bool,
    force: bool,
) -> None:
    """Run a differential campaign: generate, recondition, run, classify, bucket, store.
    With --oracle crash: generate, run on compile-only targets, keep what crashes.

    Ctrl-C or SIGTERM stops within a second or two, dropping the tests in flight (a
    resume runs them); nothing recorded is lost.

    \b
    Exit status:
      0    the campaign ran (and, with --fail-on-new, opened no new bucket)
      1    with --fail-on-new: this run opened a bucket no known bug matches
      2    a usage error, or a campaign that could not run (one line says why)
      130  stopped by Ctrl-C; 143 stopped by SIGTERM (what was found is printed first)
    """

    from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
    from shadersmith.campaign.loop import Progress
    from shadersmith.campaign.store import StoreError
    from shadersmith.case.oracle import Crash, Differential
    from shadersmith.config.generator_options import larger
    from shadersmith.ir.profile import profile_named
    from shadersmith.oracle.known import load_ignore_list
    from shadersmith.report.ci import new_buckets, write_junit
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
        fail(str(error) + campaign_hint(out))
    except (OSError, ValueError, CampaignFailed) as error:  # ValueError: not a text file
        fail(str(error))
    running = [name for name in names if executes(name)]
    if crash and named and running:
        # An unreconditioned program may divide by zero or index out of range at run
        # time: a target that runs it would make false findings.
        fail(
            f"--oracle crash runs compile-only targets only; {', '.join(running)} "
            "run what they compile (compile-only: "
            f"{', '.join(compile_only_targets())})"
        )
    if crash and not any(reads_language(name, language.language) for name in names):
        fail(f"none of the targets {', '.join(names)} reads {language.language.value.upper()}")
    options = CampaignOptions(
        targets=names,
        profile=language,
        count=count,
        time_s=duration(time_text),
        jobs=jobs,
        corpus=corpus,
        seed_base=seed_base,
        timeout_s=timeout,
        keep_per_bucket=keep,
        ignore=ignore,
        reduce=reduce_buckets,
        reduce_time_s=duration(reduce_time) or 120.0,
        generator=generator,
        cluster=cluster,
        allow_new_targets=allow_new_targets,
        oracle=Crash() if crash else Differential(),
    )

    refresher = _report_refresher(out, force) if report else None
    started = time.time()  # the buckets this run opens were first seen from here on

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
        fail(str(error))
    print_buckets(out)
    print_reduced_programs(out)
    print_interval_tally(out)
    if refresher is not None:
        _finish_report(refresher)
    if junit is not None:
        write_junit(out, junit)
        click.echo(f"JUnit summary: {junit}")
    opened = new_buckets(out, since=started) if fail_on_new else []
    if opened and not stopped_by_signal:
        click.echo(f"new buckets in this run: {', '.join(b.signature for b in opened)}")
        sys.exit(1)


def _report_refresher(campaign: Path, force: bool) -> ReportRefresher:
    from shadersmith.report import default_output
    from shadersmith.report.live import ReportRefresher

    return ReportRefresher(campaign, default_output(campaign), force)


def _finish_report(refresher: ReportRefresher) -> None:
    index = refresher.finish()
    if index is None:
        err_console.print(f"report not written: {refresher.error}")
    else:
        click.echo(f"report: {index} ({index.absolute().as_uri()})")
