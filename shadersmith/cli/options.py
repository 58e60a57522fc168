"""The options and value types several commands take, each defined once: `--force`,
`--allow-new-targets`, a finite number, a duration, a language, where a campaign's
programs come from, and the options of every campaign command. (The generator's options:
generator_flags.py.)"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
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


# The options every campaign command (`fuzz`, `metamorphic`, `fuse`) takes, each defined
# once; `units` names what the campaign counts (tests, pairs, sequences).
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

TIME_OPTION: Decorator = click.option(
    "--time", "time_text", help="Stop after this long (90s, 10m, 2h)."
)
KEEP_OPTION: Decorator = click.option(
    "--keep",
    type=click.IntRange(1),
    default=3,
    show_default=True,
    help="Test directories kept per bucket; the rest are only counted.",
)
IGNORE_OPTION: Decorator = click.option(
    "--ignore",
    "ignore_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="File of known signatures to ignore (one a line): counted, not kept.",
)
TIMEOUT_OPTION: Decorator = click.option(
    "--timeout",
    type=FiniteRange(1),
    default=60.0,
    show_default=True,
    help="Seconds before a run is recorded as a timeout.",
)
REDUCE_TIME_OPTION: Decorator = click.option(
    "--reduce-time",
    default="2m",
    show_default=True,
    help="Time budget of each bucket's reduction.",
)
CLUSTER_OPTION: Decorator = click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Run the targets on the Ray cluster whose head is at ADDRESS (host:port, or "
    "auto); this process prepares, judges and records (docs/targets.md: A farm on Ray).",
)


def count_option(units: str) -> Decorator:
    return click.option(
        "--count", type=click.IntRange(1), help=f"Stop after this many {units} in all."
    )


def jobs_option(preparing: str) -> Decorator:
    """`preparing`: what the preparing processes make (tests, pairs, ...)."""
    return click.option(
        "--jobs",
        type=click.IntRange(1),
        default=None,
        help=f"CPUs to keep busy (processes preparing {preparing}; workers per target "
        "where there are more CPUs than targets); default: all.",
    )


def out_option(default: Path) -> Decorator:
    return click.option(
        "--out",
        type=click.Path(file_okay=False, path_type=Path),
        default=default,
        show_default=True,
        help="Campaign directory; rerun the same command to resume it.",
    )


def reduce_option(what: str = "") -> Decorator:
    """`what`: how a new bucket's first test is reduced, if it needs saying."""
    return click.option(
        "--reduce/--no-reduce",
        "reduce_buckets",
        default=True,
        show_default=True,
        help="Reduce each new bucket's first test" + (f": {what}." if what else "."),
    )
