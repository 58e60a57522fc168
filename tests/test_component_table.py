"""The component table (targets/catalogue/components.py): every component a target's chain
names has a row, so a finding blamed on any of them can be reported upstream, and the
report's project, tracker and format come from that row."""

from __future__ import annotations

from shadersmith.targets.catalogue.components import COMPONENTS, PIGLIT, RADV_PIPELINE
from shadersmith.targets.catalogue.table import Role, rows


def test_every_component_of_every_target_row_has_a_row() -> None:
    # Planted rows (tests) name components of their own, made up to be blamed.
    named = {
        name for target in rows() if target.role is not Role.PLANTED for name in target.components
    }
    assert len(named) >= 20, sorted(named)
    assert sorted(named - set(COMPONENTS)) == []


def test_a_row_with_a_format_says_where_to_file_and_how_its_version_is_read() -> None:
    for row in COMPONENTS.values():
        assert row.tracker and row.version_from, row
        if row.format is not None:
            # Either it is checked against a newer release here, or the row says why not.
            assert bool(row.newest) != bool(row.why_not_newest), row


def test_aco_and_radv_are_reported_to_mesa_with_a_pipeline_reproducer() -> None:
    for name in ("aco", "radv"):
        row = COMPONENTS[name]
        assert row.project == "Mesa" and "gitlab.freedesktop.org/mesa" in row.tracker
        assert row.format == RADV_PIPELINE
    assert COMPONENTS["mesa-glsl"].format == PIGLIT
