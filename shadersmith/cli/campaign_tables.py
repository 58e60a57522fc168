"""A campaign's buckets as the terminal shows them, after every campaign (`fuzz`,
`metamorphic`) and on demand (`buckets`): one line per bucket, numbered by root cause and
named when known, then each reduced bucket's program."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from shadersmith.case.finding import Kind
from shadersmith.cli.shared import err_console, printable


def print_buckets(campaign: Path) -> None:
    """One line per bucket: signature, kind, targets, blame, count, and where its
    reduced test is."""
    from rich.markup import escape

    from shadersmith.campaign.store import CampaignStore
    from shadersmith.oracle.known_findings import NEW, known_label
    from shadersmith.oracle.root_cause import cause_key

    store = CampaignStore(campaign, read_only=True)
    try:
        buckets = store.buckets()
        totals = store.totals()
    finally:
        store.close()
    # Buckets of one root cause (oracle/root_cause.py) share a number: one bug to file.
    # An unconfirmed validator verdict is not a finding: no number, not counted.
    numbers: dict[str, int] = {}
    cause_of: dict[str, str] = {}
    for bucket in buckets:
        if bucket.kind == Kind.UNCONFIRMED.value:
            cause_of[bucket.signature] = "-"
            continue
        key = cause_key(bucket.signature, bucket.root_cause)
        cause_of[bucket.signature] = f"#{numbers.setdefault(key, len(numbers) + 1)}"
    unconfirmed = sum(1 for b in buckets if b.kind == Kind.UNCONFIRMED.value)
    # Whether each bug is new is the user's first question (oracle/known_findings.py).
    known = {b.signature: known_label(b.kind, b.signature, b.root_cause) for b in buckets}
    new = sum(1 for label in known.values() if label == NEW)
    judged = sum(1 for label in known.values() if label is not None)
    table = Table(
        title=f"{totals['tests']} tests, {len(buckets)} buckets ({judged - new} known, "
        f"{new} new), {len(numbers)} root causes "
        + (f"({unconfirmed} unconfirmed buckets: no finding) " if unconfirmed else "")
        + f"in {campaign}"
    )
    for column in (
        "cause",
        "signature",
        "kind",
        "known as",
        "targets",
        "blamed",
        "count",
        "first seen",
        "example",
        "reduced",
    ):
        # The known finding's name whole: it is what the user looks up.
        table.add_column(column, overflow="fold", no_wrap=column == "known as")
    import datetime

    for bucket in buckets:
        seen = datetime.datetime.fromtimestamp(bucket.first_seen).strftime("%m-%d %H:%M")
        tags = [tag for tag, on in (("flaky", bucket.flaky), ("ignored", bucket.ignored)) if on]
        # Escaped: rich would take "[ignored]" (and brackets in a message) for markup.
        signature = escape(bucket.signature + "".join(f" [{tag}]" for tag in tags))
        # A campaign may come from anyone: its text reaches the terminal escaped.
        cells = [
            cause_of[bucket.signature],
            signature,
            bucket.kind,
            known[bucket.signature] or "-",
            bucket.targets,
            bucket.blamed,
            str(bucket.count),
            seen,
            bucket.example or "",
            bucket.reduced or "",
        ]
        table.add_row(*(printable(cell) for cell in cells))
    Console(width=200).print(table)


def print_reduced_programs(campaign: Path) -> None:
    """Each reduced bucket's program as it is filed: reconditioned, so free of undefined
    behaviour (its core before reconditioning is a file beside it, named in the title).
    The core alone misled: an index out of bounds there is clamped in what ran."""
    from rich.panel import Panel
    from rich.syntax import Syntax

    from shadersmith.campaign.store import CampaignStore
    from shadersmith.case import UNRECONDITIONED_FILE_BY_STAGE, TestCaseError, load_test
    from shadersmith.case.oracle import Crash
    from shadersmith.files import safe_files
    from shadersmith.ir.profile import Language

    store = CampaignStore(campaign, read_only=True)
    try:
        buckets = store.buckets()
    finally:
        store.close()
    console = Console(width=120)
    for bucket in buckets:
        if not bucket.reduced or bucket.reduced.startswith("failed"):
            continue
        try:
            # Only a test inside the campaign, through no link: the database is anyone's.
            test = load_test(safe_files.inside(campaign, bucket.reduced))
        except TestCaseError as error:
            message = f"{bucket.signature}: reduced test not shown: {error}"
            err_console.print(printable(message), markup=False, highlight=False)
            continue
        core = UNRECONDITIONED_FILE_BY_STAGE.get(test.stage, "")
        title = printable(
            f"{bucket.signature}  ({bucket.count} tests; {bucket.reduced}/{test.main_file})"
        )
        subtitle = "reconditioned: free of undefined behaviour" + (
            f"; before reconditioning: {core}" if core in test.shaders else ""
        )
        if isinstance(test.oracle, Crash):  # its compilers only compile it
            subtitle = "not reconditioned: a crash-oracle test, never run"
        lexer = "wgsl" if test.language is Language.WGSL else "glsl"
        console.print(
            Panel(
                Syntax(
                    printable(test.main_shader.strip()), lexer, theme="ansi_dark", word_wrap=True
                ),
                title=title,
                subtitle=subtitle,
                expand=False,
            )
        )


def print_interval_tally(campaign: Path) -> None:
    """An interval-mode campaign's refusal rate and share of outputs constrained
    (campaign/interval_tally.py); nothing for a campaign without interval tests."""
    from shadersmith.campaign.store import CampaignStore

    store = CampaignStore(campaign, read_only=True)
    try:
        tally = store.interval_tally()
    finally:
        store.close()
    for line in tally.lines() if tally is not None else []:
        click.echo(printable(line))
