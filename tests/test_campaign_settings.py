"""A resumed campaign's settings: a generator option added since the campaign started is
no change while it keeps the value the campaign's programs were generated with.

Seen this stop: `/work/review/glsl`, an interval campaign started before `--float16`,
`--narrow-storage`, `--mediump` and `--invariant` existed, refused to resume ("started with
other settings (generator)"), though none of them was given and its seeds meant the same
programs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shadersmith.campaign.store import CampaignStore, StoreError
from shadersmith.config.generator_options import SmithOptions, options_to_dict


def _started_before_half_floats(directory: Path) -> dict[str, Any]:
    """A campaign whose recorded options predate `half_probability`; the settings now."""
    options: dict[str, Any] = options_to_dict(SmithOptions())
    now: dict[str, Any] = {"oracle": "differential", "generator": options}
    before = {k: v for k, v in options.items() if k != "half_probability"}
    store = CampaignStore(directory)
    try:
        store.check_or_save_settings({"oracle": "differential", "generator": before})
    finally:
        store.close()
    return now


def test_an_option_added_since_at_its_old_value_resumes(tmp_path: Path) -> None:
    now = _started_before_half_floats(tmp_path)
    store = CampaignStore(tmp_path)
    try:
        store.check_or_save_settings(now)  # half_probability 0.0: the same programs
    finally:
        store.close()


def test_an_option_added_since_at_another_value_is_a_change(tmp_path: Path) -> None:
    now = _started_before_half_floats(tmp_path)
    now["generator"] = {**now["generator"], "half_probability": 0.3}
    store = CampaignStore(tmp_path)
    try:
        with pytest.raises(StoreError, match="other settings \\(generator\\)"):
            store.check_or_save_settings(now)
    finally:
        store.close()
