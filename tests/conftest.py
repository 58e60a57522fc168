"""Test-wide set-up: the planted-bug targets (planted_bugs.py) join the catalogue, so
tests and the workers they start can name them like any target."""

from tests import planted_bugs

planted_bugs.register()
