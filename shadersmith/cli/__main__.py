"""`python -m shadersmith.cli`, as the `shadersmith` command."""

from shadersmith.cli import main

main()
