"""`shadersmith metamorphic`: the GraphicsFuzz campaign on each target alone, and its
statistics per transformation (`replay` of a metamorphic test: run.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.table import Table

from shadersmith.cli.campaign_tables import print_buckets
from shadersmith.cli.generator_flags import generator_options
from shadersmith.cli.live import (
    CampaignFailed,
    progress_table,
    recorded_targets,
    run_with_live_progress,
)
from shadersmith.cli.options import (
    ALLOW_NEW_TARGETS_OPTION,
    CLUSTER_OPTION,
    FORCE_OPTION,
    KEEP_OPTION,
    REDUCE_TIME_OPTION,
    TIME_OPTION,
    TIMEOUT_OPTION,
    count_option,
    duration,
    jobs_option,
    out_option,
    reduce_option,
    shader_source_option,
)
from shadersmith.cli.shared import err_console, fail
from shadersmith.config.generator_options import SmithOptions
from shadersmith.mutate.metamorphic import DEFAULT_STEPS
from shadersmith.mutate.transforms import FAMILIES, WITH_DONOR

DEFAULT_TARGET_LIST = "gl-llvmpipe,vk-lavapipe"

if TYPE_CHECKING:
    from shadersmith.corpus import Corpus


@click.command(name="metamorphic")
@click.option(
    "--targets",
    "target_list",
    help="Comma-separated targets, each tested alone against itself; default: those the "
    f"campaign was started on when it is resumed, else {DEFAULT_TARGET_LIST}.",
)
@TIME_OPTION
@count_option("pairs")
@jobs_option("pairs")
@out_option(Path("campaigns/metamorphic"))
@click.option("--seed-base", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--transformations",
    default=",".join(FAMILIES),
    show_default=True,
    help="Comma-separated transformation families a variant draws from.",
)
@click.option(
    "--steps",
    default=f"{DEFAULT_STEPS[0]}-{DEFAULT_STEPS[1]}",
    show_default=True,
    help="How many transformations a variant gets (LOW-HIGH).",
)
@shader_source_option("--references-from", "references")
@shader_source_option("--donors-from", "the donors of dead-code and live-code")
@TIMEOUT_OPTION
@KEEP_OPTION
@reduce_option("its plan of transformations, then the program")
@REDUCE_TIME_OPTION
@CLUSTER_OPTION
# The references' (and generated donors') generator, every construct included.
@generator_options(fragment_probability=0.5)
@ALLOW_NEW_TARGETS_OPTION
@FORCE_OPTION
def metamorphic_command(
    target_list: str | None,
    time_text: str | None,
    count: int | None,
    jobs: int | None,
    out: Path,
    seed_base: int,
    transformations: str,
    steps: str,
    references_from: Corpus | None,
    donors_from: Corpus | None,
    timeout: float,
    keep: int,
    reduce_buckets: bool,
    reduce_time: str,
    cluster: str | None,
    generator: SmithOptions,
    allow_new_targets: bool,
    force: bool,
) -> None:
    """Run a metamorphic campaign: each reference and its semantics-preserving variant
    must give the same output on every target; no second compiler is compared.

    Ctrl-C or SIGTERM stops at once, dropping the pairs in flight; rerun the same command
    to resume.
    """
    from shadersmith.campaign.loop import Progress
    from shadersmith.campaign.metamorphic import MetamorphicOptions, run_metamorphic_campaign
    from shadersmith.campaign.store import StoreError
    from shadersmith.corpus import CorpusError
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list
    from shadersmith.targets.catalogue.user_targets import campaign_hint

    try:
        recorded = recorded_targets(out) if target_list is None else None
        names = parse_target_list(
            target_list or (",".join(recorded) if recorded else DEFAULT_TARGET_LIST)
        )
    except UnknownTarget as error:
        fail(str(error) + campaign_hint(out))
    except CampaignFailed as error:
        fail(str(error))
    families = tuple(f.strip() for f in transformations.split(",") if f.strip())
    unknown = sorted(set(families) - set(FAMILIES))
    if unknown or not families:
        given = ", ".join(unknown) or "none given"
        fail(f"unknown transformation(s): {given}; known: {', '.join(FAMILIES)}")
    if donors_from is not None and not set(families) & set(WITH_DONOR):
        fail(
            f"--donors-from {donors_from.name}: no donor family among --transformations "
            f"(add {' or '.join(sorted(WITH_DONOR))})"
        )
    try:
        low, high = (int(x) for x in steps.split("-", 1))
        if not 1 <= low <= high:
            raise ValueError
    except ValueError:
        fail(f"--steps must be LOW-HIGH with 1 <= LOW <= HIGH, not {steps!r}")
    options = MetamorphicOptions(
        targets=names,
        count=count,
        time_s=duration(time_text),
        seed_base=seed_base,
        timeout_s=timeout,
        keep_per_bucket=keep,
        generator=generator,
        families=families,
        steps=(low, high),
        reduce=reduce_buckets,
        reduce_time_s=duration(reduce_time) or 120.0,
        cluster=cluster,
        allow_new_targets=allow_new_targets,
        jobs=jobs,
        references=references_from,
        donors=donors_from,
    )

    try:
        run_with_live_progress(
            out,
            force,
            lambda stop, on_progress: run_metamorphic_campaign(out, options, stop, on_progress),
            Progress(),
            lambda progress: progress_table(f"metamorphic campaign {out}", progress, "pairs"),
            err_console,
            expected=(StoreError, RuntimeError, CorpusError),
        )
    except CampaignFailed as error:
        fail(str(error))
    print_buckets(out)
    print_variant_statistics(out, names)


def print_variant_statistics(campaign: Path, targets: list[str]) -> None:
    from rich.console import Console

    from shadersmith.campaign.metamorphic import variant_statistics
    from shadersmith.campaign.store import VARIANTS_SCHEMA, CampaignStore

    console = Console()

    store = CampaignStore(campaign, read_only=True)
    try:
        store.db.executescript(VARIANTS_SCHEMA)
        stats = variant_statistics(store, targets)
    finally:
        store.close()
    table = Table(
        title=f"{stats['variants']} variants: share that compiled and rendered, per transformation"
    )
    table.add_column("transformation")
    table.add_column("variants", justify="right")
    for target in targets:
        table.add_column(target, justify="right")
    table.add_column("defects of ours", justify="right")
    for name in sorted(stats["families"]):
        entry = stats["families"][name]
        cells = []
        for target in targets:
            compared = entry.get(f"{target}:compared", 0)
            rendered = entry.get(f"{target}:rendered", 0)
            cells.append(f"{100 * rendered / compared:.1f}% of {compared}" if compared else "-")
        table.add_row(name, str(entry["variants"]), *cells, str(entry["ours"]))
    console.print(table)
    runs = ", ".join(f"{t} {ms:.0f} ms" for t, ms in stats["variant_run_ms_mean"].items())
    made = stats["transform_ms_mean"]
    console.print(f"time per variant: {made:.0f} ms to transform; to compile and run: {runs}")
