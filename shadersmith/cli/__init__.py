"""The `shadersmith` command: thin, it parses arguments, calls the library and prints.

One module per command group (generate.py, run.py, fuzz.py, metamorphic.py, fusion.py,
campaign_views.py, reduce.py, export.py, cluster.py); what several share lives in
shared.py, options.py, generator_flags.py, live.py and campaign_tables.py; group.py holds
the group and registers every command. `shadersmith.cli:main` is the console entry point.

Imports, by rule: a command imports the library inside its function, when it runs, so
that `shadersmith --help` and every other command load only what they use (the whole
library takes ~1 s to import: --help in 0.6 s rather than 1.5 s). This is the one package
where an import inside a function needs no comment of its own (tests/test_house_rules.py).
"""

import sys

try:
    from shadersmith.cli.group import main
except KeyboardInterrupt:  # Ctrl-C while the command loads: as a shell reports it
    sys.exit(130)

__all__ = ["main"]
