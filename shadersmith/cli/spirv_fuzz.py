"""`shadersmith spirv-fuzz`: the SPIR-V-level metamorphic campaign (spirv-fuzz's method):
glslang's module of each generated program against its variant after SPIR-V
transformations, on each Vulkan target alone."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

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

if TYPE_CHECKING:
    from shadersmith.corpus import Corpus

# As campaign/spirv_fuzz.py's DEFAULT_TARGETS (not imported: --help loads no library).
DEFAULT_TARGET_LIST = (
    "vk-lavapipe,vk-swiftshader,vk-lavapipe-opt,vk-swiftshader-opt,vk-radv-navi21,"
    "compile-spirv-cross-hlsl,compile-spirv-cross-msl"
)
DEFAULT_STEPS = "5-30"


@click.command(name="spirv-fuzz")
@click.option(
    "--targets",
    "target_list",
    help="Comma-separated Vulkan targets that run Debian's glslang module (vk-lavapipe, -opt, "
    "-cross, vk-swiftshader, vk-radv-*, compile-spirv-tools, compile-spirv-cross-hlsl/-msl); "
    "default: those the campaign was "
    f"started on when it is resumed, else {DEFAULT_TARGET_LIST}.",
)
@TIME_OPTION
@count_option("pairs")
@jobs_option("pairs")
@out_option(Path("campaigns/spirv-fuzz"))
@click.option("--seed-base", type=click.IntRange(0), default=0, show_default=True)
@click.option(
    "--steps",
    default=DEFAULT_STEPS,
    show_default=True,
    help="How many SPIR-V transformations a variant gets (LOW-HIGH).",
)
@shader_source_option("--references-from", "references")
@TIMEOUT_OPTION
@KEEP_OPTION
@reduce_option("its transformation list, then its module with spirv-reduce")
@REDUCE_TIME_OPTION
@CLUSTER_OPTION
@generator_options(fragment_probability=0.5)
@ALLOW_NEW_TARGETS_OPTION
@FORCE_OPTION
def spirv_fuzz_command(
    target_list: str | None,
    time_text: str | None,
    count: int | None,
    jobs: int | None,
    out: Path,
    seed_base: int,
    steps: str,
    references_from: Corpus | None,
    timeout: float,
    keep: int,
    reduce_buckets: bool,
    reduce_time: str,
    cluster: str | None,
    generator: SmithOptions,
    allow_new_targets: bool,
    force: bool,
) -> None:
    """Run a SPIR-V fuzzing campaign: each program's module and its variant after
    semantics-preserving SPIR-V transformations must give the same output on every
    target; a second target vouches for each difference.

    Ctrl-C or SIGTERM stops at once, dropping the pairs in flight; rerun the same command
    to resume.
    """
    from shadersmith.campaign.loop import Progress
    from shadersmith.campaign.spirv_fuzz import (
        SpirvFuzzOptions,
        refused_targets,
        run_spirv_fuzz_campaign,
    )
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
    refused = refused_targets(names)
    if refused:
        fail(
            f"{', '.join(refused)}: compile(s) the GLSL itself, so no SPIR-V variant reaches it; "
            "give targets on Debian's glslang (vk-lavapipe, vk-swiftshader, -opt, -cross, "
            "vk-radv-*, compile-spirv-tools)"
        )
    try:
        low, high = (int(x) for x in steps.split("-", 1))
        if not 1 <= low <= high <= 100:
            raise ValueError
    except ValueError:
        fail(f"--steps must be LOW-HIGH with 1 <= LOW <= HIGH <= 100, not {steps!r}")
    options = SpirvFuzzOptions(
        targets=names,
        count=count,
        time_s=duration(time_text),
        seed_base=seed_base,
        timeout_s=timeout,
        keep_per_bucket=keep,
        generator=generator,
        steps=(low, high),
        reduce=reduce_buckets,
        reduce_time_s=duration(reduce_time) or 120.0,
        cluster=cluster,
        allow_new_targets=allow_new_targets,
        jobs=jobs,
        references=references_from,
    )
    try:
        run_with_live_progress(
            out,
            force,
            lambda stop, on_progress: run_spirv_fuzz_campaign(out, options, stop, on_progress),
            Progress(),
            lambda progress: progress_table(f"SPIR-V fuzzing campaign {out}", progress, "pairs"),
            err_console,
            expected=(StoreError, RuntimeError, CorpusError),
        )
    except CampaignFailed as error:
        fail(str(error))
    print_buckets(out)
