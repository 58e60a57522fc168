"""The options and value types several commands take, each defined once: `--force`,
`--allow-new-targets`, a finite number, a duration, a language, where a campaign's
programs come from. (The generator's options: generator_flags.py.)"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import click

from shadersmith.ir.profile import ALL_PROFILES, PROFILES

PROFILE_CHOICE = click.Choice(sorted(PROFILES))
# `generate` also writes WGSL, and `fuzz` runs it (the other commands take GLSL only).
GENERATE_PROFILE_CHOICE = click.Choice(sorted(ALL_PROFILES))


class FiniteRange(click.FloatRange):
    """click's FloatRange lets `nan` through (every comparison with it is false), and a
    timeout of nan never fires: a number option must also be finite."""

    name = "finite float range"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def duration(text: str | None) -> float | None:
    """`90s`, `10m`, `2h` or plain seconds."""
    if text is None:
        return None
    units = {"s": 1, "m": 60, "h": 3600}
    try:
        seconds = float(text[:-1]) * units[text[-1]] if text[-1] in units else float(text)
    except (ValueError, IndexError):
        raise click.BadParameter(f"{text!r} is not a duration like 90s, 10m or 2h") from None
    if not math.isfinite(seconds) or seconds <= 0:  # nan would never stop, 0 never start
        raise click.BadParameter(f"{text!r}: a duration must be positive, like 90s, 10m or 2h")
    return seconds


class ShaderSource(click.ParamType[Any, Any]):
    """Where a campaign's programs come from: `generated` (None: the generator's), or a
    corpus of real-world shaders, `piglit` or a directory (shadersmith/corpus), opened
    here so that a missing one is a one-line usage error before the campaign starts."""

    name = "generated|piglit|DIR"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from shadersmith.corpus import GENERATED, Corpus, CorpusError, open_corpus

        if value is None or isinstance(value, Corpus) or value == GENERATED:
            return None if value == GENERATED else value
        try:
            return open_corpus(str(value))
        except CorpusError as error:
            self.fail(str(error), param, ctx)


def shader_source_option(flag: str, what: str) -> Callable[[Any], Any]:
    """The option naming where `what` come from (see ShaderSource)."""
    return click.option(
        flag,
        type=ShaderSource(),
        metavar="[generated|piglit|DIR]",
        default="generated",
        show_default=True,
        help=f"Where {what} come from: the generator's programs, piglit's installed "
        "compute and fragment shader_test files (piglit), or a directory of .shader_test, "
        ".comp and .frag files (read without following links). A corpus shader's uniforms "
        "and buffers are filled from the test's seed and it is reconditioned; a file that "
        "cannot be (a texture, a geometry stage, ...) is skipped (bench/corpus_scan.py "
        "counts why).",
    )


FORCE_OPTION = click.option(
    "--force",
    is_flag=True,
    help="Write into an existing --out directory that is not shadersmith's (nothing in it "
    "is deleted).",
)


ALLOW_NEW_TARGETS_OPTION = click.option(
    "--allow-new-targets",
    is_flag=True,
    help="Resume this campaign on other targets than it was started on, and record the "
    "change in it (without this flag such a resume is refused).",
)
