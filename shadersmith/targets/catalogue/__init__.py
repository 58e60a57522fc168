"""The target catalogue: one typed row per target (table.py), the questions asked of it
and discovery (registry.py), and the targets a user declares (user_targets.py)."""
