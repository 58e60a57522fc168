"""The `shadersmith` command: thin, it parses arguments, calls the library and prints.

One module per command group (generate.py, run.py, fuzz.py, metamorphic.py, fusion.py,
campaign_views.py, reduce.py, export.py, cluster.py); what several share lives in
shared.py, options.py, generator_flags.py, live.py and campaign_tables.py; group.py holds
the group and registers every command. `shadersmith.cli:main` is the console entry point.
"""

from shadersmith.cli.group import main

__all__ = ["main"]
