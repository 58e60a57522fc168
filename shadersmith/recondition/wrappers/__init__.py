"""The wrapper library: kinds (integer.py, floating.py), names and definitions
(registry.py)."""
