"""`shadersmith buckets` and `report`: a campaign read back, as a table on the terminal
or as its HTML report."""

from __future__ import annotations

from pathlib import Path

import click

from shadersmith.cli.campaign_tables import print_buckets, print_reduced_programs
from shadersmith.cli.options import FORCE_OPTION
from shadersmith.cli.shared import fail, printable


@click.command(name="report")
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
        fail(str(error))
    click.echo(printable(f"wrote {index}"))
    click.echo(f"open {index.absolute().as_uri()}")  # a link a terminal or a browser takes


@click.command(name="buckets")
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
        fail(f"{campaign}: not a campaign directory (no campaign.db)")
    try:
        print_buckets(campaign)
        if programs:
            print_reduced_programs(campaign)
    except StoreError as error:
        fail(str(error))
