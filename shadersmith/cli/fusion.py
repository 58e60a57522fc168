"""`shadersmith fuse`: FShader's fusion campaign and its summary per relation (`replay`
of a fusion test: run.py)."""

from __future__ import annotations

import dataclasses
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import click

from shadersmith.cli.campaign_tables import print_interval_tally
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
    IGNORE_OPTION,
    KEEP_OPTION,
    REDUCE_TIME_OPTION,
    TIME_OPTION,
    TIMEOUT_OPTION,
    FiniteRange,
    count_option,
    duration,
    jobs_option,
    out_option,
    reduce_option,
    shader_source_option,
)
from shadersmith.cli.shared import err_console, fail, printable
from shadersmith.config.generator_options import FLOAT_MODES

if TYPE_CHECKING:
    from shadersmith.campaign.fusion import FusionProgress
    from shadersmith.campaign.loop import Progress
    from shadersmith.corpus import Corpus

# Spelled out for click (the values of mutate/fusion's Relation and Strategy; a test
# holds them equal) so that `--help` does not import the fusion machinery.
RELATIONS = ("add", "subtract", "light", "occlude")
STRATEGIES = ("side-by-side", "inline", "inline-reuse")
DEFAULT_TARGETS = ("gl-llvmpipe", "vk-lavapipe")


@click.command(name="fuse")
@click.option(
    "--targets",
    "target_list",
    help="Comma-separated targets; default: those the campaign was started on when it is "
    "resumed, else " + ",".join(DEFAULT_TARGETS) + ".",
)
# One target per repeated flag, as fuse took them before every multi-target option was a
# comma list: kept for the commands that resume older campaigns, hidden.
@click.option(
    "--target",
    "target",
    multiple=True,
    hidden=True,
    deprecated="Use --targets a,b.",
)
@TIME_OPTION
@count_option("sequences")
@jobs_option("programs and the interpreter's images")
@click.option(
    "--seed-base",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Sequence i fuses the programs of seeds seed-base + n*i ... + n-1.",
)
@out_option(Path("campaigns/fusion"))
@click.option(
    "--parts",
    type=click.IntRange(2, 6),
    default=4,
    show_default=True,
    help="Programs per sequence (n): n-1 fused programs per relation. At most 6: each "
    "brings up to two uniform blocks, and a fragment shader may always use 12.",
)
@click.option(
    "--relation",
    "relations",
    multiple=True,
    type=click.Choice(RELATIONS),
    help="A relation to test (repeat for more); default: all four (MR+, MR-, MR_l, MR_o).",
)
@click.option(
    "--strategy",
    "strategies",
    multiple=True,
    type=click.Choice(STRATEGIES),
    help="A fusion strategy each step may draw (repeat for more); default: all three.",
)
@click.option(
    "--tolerance",
    type=FiniteRange(0, 1),
    default=0.005,
    show_default=True,
    help="Largest histogram EMD (per channel, in [0, 1]) between expected and fused image.",
)
@click.option(
    "--floats",
    type=click.Choice(FLOAT_MODES),
    default="exact",
    show_default=True,
    help="The parts' float mode: exact (hashed colours, fused images judged by EMD against "
    "the parts' images) or interval (float colours of the inexact operations, each fused "
    "image judged by the byte ranges the interval interpreter allows for its parts' "
    "colours under the relation; no EMD); recorded in the provenance.",
)
@TIMEOUT_OPTION
@KEEP_OPTION
@IGNORE_OPTION
@reduce_option("its parts, then the fused program")
@REDUCE_TIME_OPTION
@CLUSTER_OPTION
@shader_source_option("--parts-from", "the parts (fragment shaders that never discard)")
@ALLOW_NEW_TARGETS_OPTION
@FORCE_OPTION
def fuse_command(
    target_list: str | None,
    target: tuple[str, ...],
    time_text: str | None,
    count: int | None,
    jobs: int | None,
    seed_base: int,
    out: Path,
    parts: int,
    relations: tuple[str, ...],
    strategies: tuple[str, ...],
    tolerance: float,
    floats: str,
    timeout: float,
    keep: int,
    ignore_file: Path | None,
    reduce_buckets: bool,
    reduce_time: str,
    cluster: str | None,
    parts_from: Corpus | None,
    allow_new_targets: bool,
    force: bool,
) -> None:
    """Run a fusion campaign (FShader): sequences of generated (or, with --parts-from,
    real-world) fragment programs fused
    under MR+, MR-, MR_l and MR_o; each fused image must be what the relation predicts
    from the same target's images of the parts (no second compiler). With --floats
    interval the parts compute float colours that round, and each fused image is judged
    by the bytes the interval interpreter allows for its parts' colours under the
    relation instead.

    Every fused program is a test of the campaign's store (`shadersmith buckets OUT`
    lists its buckets); each violation is saved under OUT/buckets/<bucket>/ as a test
    directory that `shadersmith replay DIR` runs again. Ctrl-C or SIGTERM stops at
    once, dropping the sequence in flight; rerun the same command to resume (after kill -9
    too). Each new bucket's first test is reduced: its parts first, then the fused program.
    """
    from shadersmith.campaign.fusion import FRAGMENT_ONLY, FusionOptions, run_fusion_campaign
    from shadersmith.campaign.loop import Progress
    from shadersmith.corpus import CorpusError
    from shadersmith.mutate.fusion import Relation, Strategy
    from shadersmith.oracle.known import load_ignore_list
    from shadersmith.targets.catalogue.registry import (
        UnknownTarget,
        executes,
        parse_target_list,
        spec_for,
    )
    from shadersmith.targets.catalogue.user_targets import campaign_hint

    if target_list and target:
        fail("give the targets once, as --targets a,b (--target is deprecated)")
    try:
        targets = parse_target_list(target_list) if target_list else list(target)
        recorded = recorded_targets(out) if not targets else None
        names = tuple(dict.fromkeys(targets)) or tuple(recorded or DEFAULT_TARGETS)
        for name in names:
            spec_for(name)
        ignore = frozenset(load_ignore_list(ignore_file)) if ignore_file else frozenset()
    except UnknownTarget as error:
        fail(str(error) + campaign_hint(out))
    except (OSError, ValueError, CampaignFailed) as error:  # ValueError: not a text file
        fail(str(error))
    if "interp" in names:
        fail("the reference interpreter already guards every relation; name compilers only")
    compile_only = [name for name in names if not executes(name)]
    if compile_only:
        fail(f"{', '.join(compile_only)}: compile-only, draws no image to fuse")
    if floats != "exact" and parts_from is not None:
        fail("--floats interval fuses generated parts; --parts-from's colours are hashes")
    options = FusionOptions(
        targets=names,
        seed_base=seed_base,
        sequences=count,
        time_s=duration(time_text),
        parts=parts,
        relations=tuple(Relation(r) for r in dict.fromkeys(relations)) or tuple(Relation),
        strategies=tuple(Strategy(s) for s in dict.fromkeys(strategies)) or tuple(Strategy),
        tolerance=tolerance,
        generator=dataclasses.replace(FRAGMENT_ONLY, float_mode=floats),
        timeout_s=timeout,
        keep_per_bucket=keep,
        ignore=ignore,
        jobs=jobs,
        reduce=reduce_buckets,
        reduce_time_s=duration(reduce_time) or 120.0,
        cluster=cluster,
        allow_new_targets=allow_new_targets,
        parts_from=parts_from,
    )

    def sequences(progress: Progress) -> list[tuple[str, str]]:
        fusion: FusionProgress | None = progress.detail
        if fusion is None:
            return []
        resumed = f" (+{fusion.resumed_from} resumed)" if fusion.resumed_from else ""
        return [
            ("sequences", f"{fusion.sequences}{resumed}"),
            ("ms per fused program", f"{fusion.ms_per_fused:.0f}"),
        ]

    try:
        progress = run_with_live_progress(
            out,
            force,
            lambda stop, on_progress: run_fusion_campaign(out, options, stop, on_progress),
            Progress(),
            lambda progress: progress_table(
                f"fusion campaign {out}", progress, "fused programs", sequences
            ),
            err_console,
            expected=(RuntimeError, CorpusError),
            in_flight="the sequence in flight",
        )
    except CampaignFailed as error:
        fail(str(error))
    print_summary(progress, out)
    print_interval_tally(out)


def print_summary(progress: FusionProgress, out: Path) -> None:
    """Counts per relation, over (fused program, target) runs, and the buckets. Plain
    text: a summary is read in logs and pipes as often as on a terminal."""
    click.echo(
        f"{progress.sequences} sequences, {progress.fused} fused programs, "
        f"{progress.ms_per_fused:.0f} ms per fused program (wall, all targets and the "
        "interpreter)"
    )
    header = ["relation", "fused", "unfusable", "runs", "compiled", "rendered", "violated"]
    header += ["failed", "ours", "ms/run", "EMD max"]
    click.echo("  ".join(f"{h:>9}" for h in header))
    for name, counts in progress.per_relation.items():
        runs = counts.runs or 1
        cells = [counts.built, counts.not_fusable, counts.runs, counts.compiled]
        cells += [counts.rendered, counts.violated, counts.failed, counts.ours]
        row = [f"{name:>9}", *(f"{c:>9}" for c in cells)]
        row += [f"{counts.target_ms / runs:>9.0f}", f"{max(counts.emd, default=0.0):>9.4f}"]
        click.echo("  ".join(row))
    click.echo(
        "(runs: fused program x target; compiled: not rejected; rendered: drew an image; "
        "ms/run: compile + draw on the target)"
    )
    if not progress.buckets:
        click.echo("no findings")
        return
    click.echo("findings by bucket:")
    for signature, number in sorted(progress.buckets.items()):
        click.echo(f"{number:5d}  {signature}")
    listing = shlex.join(["shadersmith", "buckets", str(out)])
    click.echo(printable(f"tests saved under {out / 'buckets'}; `{listing}` lists them"))
