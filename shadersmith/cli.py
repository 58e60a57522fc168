"""The `shadersmith` command. Thin: parse arguments, call the library, print."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="shadersmith")
def main() -> None:
    """Find and shrink bugs in shader compilers."""
