"""The generator's options are defined once for every campaign command (issue 31 item 3):
every construct, swarm testing and index clamping are flags of fuzz and metamorphic alike,
and a TOML settings file sets them too, recorded by the campaign like the flags."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.campaign.store import saved_settings
from shadersmith.cli import main
from shadersmith.cli.generator_flags import GENERATOR_FLAGS, from_flags
from shadersmith.config.generator_options import CONSTRUCT_PROBABILITIES, SmithOptions
from shadersmith.generate.presets import EVERY_FEATURE


def test_every_construct_swarm_and_index_clamping_have_a_flag() -> None:
    fields = {flag.field for flag in GENERATOR_FLAGS}
    assert set(CONSTRUCT_PROBABILITIES) <= fields
    assert {"swarm", "index_clamping_probability"} <= fields
    assert from_flags(swarm=True, index_clamping=0.5).swarm is True


def test_each_flag_sets_a_generator_option_and_names_its_default_as_the_generator_has_it() -> None:
    """The flags spell no default of their own: their help reads SmithOptions'."""
    fields = {field.name for field in dataclasses.fields(SmithOptions)}
    for flag in GENERATOR_FLAGS:
        assert flag.field in fields
        assert "{default}" not in flag.shown_help
        if "off for now" in flag.help:
            assert getattr(SmithOptions(), flag.field) == 0, flag.flag
    multi = next(flag for flag in GENERATOR_FLAGS if flag.flag == "--multi-invocation")
    assert f"({SmithOptions().multi_invocation_probability:g})" in multi.shown_help


def test_a_settings_file_sets_the_generator_and_the_flags_override_it(tmp_path: Path) -> None:
    config = tmp_path / "settings.toml"
    config.write_text("[generator]\nmatrix_probability = 0.4\nstruct_probability = 0.3\n")
    out = tmp_path / "c"
    result = CliRunner().invoke(
        main,
        ["fuzz", "--config", str(config), "--structs", "0.1", "--swarm", "--count", "1",
         "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--no-reduce", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    generator = saved_settings(out)["generator"]
    assert generator["matrix_probability"] == 0.4  # from the file
    assert generator["struct_probability"] == 0.1  # the flag wins
    assert generator["swarm"] is True
    assert generator["fragment_probability"] == 0.25  # fuzz's own default share


def test_a_preset_sets_the_generator_under_the_file_and_the_flags(tmp_path: Path) -> None:
    """`--preset every` is the yield bench's `every` configuration (generate/presets.py),
    recorded as the campaign's settings; the settings file and the flags override it."""
    config = tmp_path / "settings.toml"
    config.write_text("[generator]\nint64_probability = 0.2\n")
    out = tmp_path / "c"
    result = CliRunner().invoke(
        main,
        ["fuzz", "--preset", "every", "--config", str(config), "--float16", "0.0", "--count",
         "1", "--targets", "gl-llvmpipe,vk-lavapipe,interp", "--no-reduce", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    generator = saved_settings(out)["generator"]
    for name, value in EVERY_FEATURE.items():
        if name not in ("int64_probability", "half_probability"):
            assert generator[name] == value, name
    assert generator["int64_probability"] == 0.2  # the file over the preset
    assert generator["half_probability"] == 0.0  # the flag over both
    bad = CliRunner().invoke(main, ["fuzz", "--preset", "most", "--count", "1"])
    assert bad.exit_code == 2 and "'most' is not one of 'deeper', 'every'" in bad.output


def test_metamorphic_takes_the_deeper_constructs(tmp_path: Path) -> None:
    out = tmp_path / "m"
    result = CliRunner().invoke(
        main,
        ["metamorphic", "--structs", "0.4", "--matrices", "0.3", "--count", "1",
         "--targets", "vk-lavapipe", "--no-reduce", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    generator = saved_settings(out)["generator"]
    assert generator["struct_probability"] == 0.4
    assert generator["matrix_probability"] == 0.3
    assert generator["fragment_probability"] == 0.5  # metamorphic's own default share


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[generator]\nstructs = 0.4\n", "unknown generator option(s): structs"),
        ("[generator]\nstruct_probability = 2\n", "struct_probability must be a probability"),
        ("[generator]\nstruct_probability = nan\n", "struct_probability must be a probability"),
        ("[generator\n", "settings.toml"),
        ("generator = 3\n", "[generator] is not a table"),
    ],
)
def test_a_bad_settings_file_is_a_one_line_error(tmp_path: Path, text: str, says: str) -> None:
    config = tmp_path / "settings.toml"
    config.write_text(text)
    result = CliRunner().invoke(
        main, ["fuzz", "--config", str(config), "--count", "1", "--out", str(tmp_path / "c")]
    )
    assert result.exit_code == 2
    assert says in result.output
    assert not (tmp_path / "c").exists()


def test_fuzz_swarms_by_default_and_a_resume_keeps_the_campaigns_own(tmp_path: Path) -> None:
    """The yield bench chose swarm for fuzz (bench/yield.py); a campaign started with
    other options (before that choice, or --no-swarm) resumes with them when no
    generator option is given, instead of being refused for a changed setting."""
    arguments = ["--targets", "gl-llvmpipe,vk-lavapipe,interp", "--no-reduce"]
    swarmed, plain = tmp_path / "swarmed", tmp_path / "plain"
    for out, extra in ((swarmed, []), (plain, ["--no-swarm"])):
        result = CliRunner().invoke(
            main, ["fuzz", "--count", "1", *arguments, *extra, "--out", str(out)]
        )
        assert result.exit_code == 0, result.output
    assert saved_settings(swarmed)["generator"]["swarm"] is True
    assert saved_settings(plain)["generator"]["swarm"] is False
    resumed = CliRunner().invoke(main, ["fuzz", "--count", "2", *arguments, "--out", str(plain)])
    assert resumed.exit_code == 0, resumed.output
    assert saved_settings(plain)["generator"]["swarm"] is False
    # An option given is a change of setting, refused as before.
    changed = CliRunner().invoke(
        main, ["fuzz", "--count", "3", *arguments, "--structs", "0.2", "--out", str(plain)]
    )
    assert changed.exit_code != 0 and "generator" in changed.output
