"""`shadersmith cluster-resources`: what a machine offers a Ray cluster (targets/ray_farm.py).

The JSON it prints is what `ray start --resources` takes, so that a node runs exactly the
targets that start on it; a campaign with `fuzz --cluster` then places each target's
actors on the nodes that offer it.
"""

from __future__ import annotations

import json

import click

from shadersmith.cli.shared import err_console, fail


@click.command(name="cluster-resources")
@click.option(
    "--targets",
    "target_list",
    help="Comma-separated targets to probe; default: every target but the planted ones.",
)
@click.option(
    "--workers",
    type=click.IntRange(1),
    help="Workers per target on this machine; default: its CPUs shared by the targets "
    "that start here (at least one each).",
)
def cluster_resources_command(target_list: str | None, workers: int | None) -> None:
    """Print the Ray resources of the targets that start on this machine, as JSON for
    `ray start --resources` (the missing ones, and why, go to stderr)."""
    from shadersmith.targets.catalogue.registry import (
        UnknownTarget,
        every_target,
        parse_target_list,
    )
    from shadersmith.targets.ray_farm import node_resources

    try:
        names = parse_target_list(target_list) if target_list else every_target()
    except UnknownTarget as error:
        fail(str(error))
    resources, found = node_resources(names, workers)
    for probe in found:
        if not probe.present:
            err_console.print(
                f"{probe.name}: missing ({probe.reason})", markup=False, soft_wrap=True
            )
    click.echo(json.dumps(resources))
