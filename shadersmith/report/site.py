"""The report as a static site: `index.html`, one page per bucket with its pictures beside
it, one style sheet; every link relative, nothing fetched from anywhere, so the folder
can be opened offline, copied, or attached to a bug.

    report/
      shadersmith-report.json    marks the folder as a report (what --out may overwrite)
      index.html, style.css
      buckets/<page>.html        one per bucket
      buckets/<page>/*.png       its pictures (re-encoded: report/pictures.py)

Templates are Jinja2 with autoescape on: signatures, logs and shader text come from the
campaign, which is untrusted. Every file is written through files/safe_files.py.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import json
import os
import shlex
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
from pygments.formatters import HtmlFormatter

from shadersmith import __version__
from shadersmith.campaign.fusion_tests import FUSION_FILE
from shadersmith.campaign.store import EARLIEST_S, LATEST_S
from shadersmith.case import TestCaseError, load_test
from shadersmith.files import safe_files
from shadersmith.report import charts
from shadersmith.report.campaign_view import (
    FUSION,
    BucketSummary,
    CampaignView,
    load_campaign,
)
from shadersmith.report.reproducer import (
    ExportBudget,
    FileLink,
    Reproducer,
    ready_reproducer,
    test_files,
)
from shadersmith.report.test_view import (
    PYGMENTS_STYLE,
    PictureSink,
    TestView,
    fusion_test_view,
    store_test_view,
)
from shadersmith.targets.catalogue.registry import on_newest, twin_on_newest

REPORT_MARKER = "shadersmith-report.json"
DEFAULT_DIRECTORY = "report"  # inside the campaign, unless --out says otherwise
BUCKET_PAGES = "buckets"
# Run from the repository, as the README's commands are.
SHADERSMITH = ".venv/bin/shadersmith"
# A metamorphic reduction names the reduced program's test beside it (reduce/steps.py).
REDUCED_PROGRAM_KEY = "program"

YES, NO, NOT_TESTED = "yes", "no", "not tested"
WRONG, RIGHT = "wrong", "right"
# The index's filters: a few lines of script of ours, allowed by its hash alone.
FILTER_SCRIPT = "templates/filters.js"


@dataclass(frozen=True)
class ShownElsewhere:
    """A test an earlier bucket's page shows: this page links there."""

    title: str
    path: str
    page: str  # the bucket page that shows it
    signature: str
    anchor: str
    outcomes: Mapping[str, bool]
    # Its ready reproducer, exported beside that page: the others link there.
    reproducer: Reproducer | None = None


@dataclass(frozen=True)
class Section:
    anchor: str
    view: TestView | ShownElsewhere
    first: bool
    files: tuple[FileLink, ...] = ()  # every file of the test, linked
    files_note: str = ""


@dataclass(frozen=True)
class BucketPage:
    bucket: BucketSummary
    sections: tuple[Section, ...]
    newest: tuple[str, str]  # YES / NO / NOT_TESTED, and why
    first_bad_pass: str
    commands: tuple[str, ...]
    more_examples: tuple[str, ...]
    files: dict[str, bytes]  # the page's pictures
    # Per target: True where the example showed the finding, False where it ran without it.
    outcomes: Mapping[str, bool]
    reproducer: Reproducer | None = None

    def cell(self, target: str) -> str:
        """The bucket x target grid's cell: WRONG where the bucket's finding names the
        target, RIGHT where the example ran on it without the finding, else ""."""
        if target in self.bucket.targets or self.outcomes.get(target) is True:
            return WRONG
        return RIGHT if self.outcomes.get(target) is False else ""


def default_output(campaign: Path) -> Path:
    return campaign / DEFAULT_DIRECTORY


def check_report_output(out: Path, force: bool = False) -> None:
    """Refuse an --out that exists and is not a report (no marker), unless it is empty or
    `force` (then written into, nothing deleted)."""
    safe_files.refuse_link(out)
    try:
        info = os.lstat(out)
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(info.st_mode):
        raise safe_files.UnsafePathError(f"{out} exists and is not a directory")
    if force or safe_files.is_plain_file(out, REPORT_MARKER):
        return
    with os.scandir(out) as entries:
        if next(entries, None) is None:
            return
    raise safe_files.UnsafePathError(
        f"{out} exists and is not a shadersmith report; {safe_files.FORCE_HINT}"
    )


def write_report(campaign: Path, out: Path, force: bool = False) -> Path:
    """Write (or refresh) the report of `campaign` into `out`; the index's path.
    UnsafePathError, StoreError or TestCaseError (one line) for what cannot be read.

    Pages are rendered and written one at a time, and a test several buckets name is
    shown on the first bucket's page only (the others link to it): a campaign from
    anyone could name one test with a 5 MB shader from 180 buckets (1.4 GB of HTML and
    1.6 GB of memory before, issue 34)."""
    check_report_output(out, force)
    view = load_campaign(campaign)
    generated = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    environment = _environment()
    safe_files.make_directory(out)
    marker = {"report_of": str(campaign.absolute()), "tool_version": __version__}
    safe_files.write_file(out, REPORT_MARKER, json.dumps(marker, indent=1) + "\n")
    safe_files.write_file(out, "style.css", _style())
    common = {"campaign": view, "generated": generated}
    shown: dict[str, ShownElsewhere] = {}
    budget = ExportBudget()  # the time this report may spend exporting reproducers
    index_rows = []  # what the index needs of each page: its bucket and verdict
    for bucket in view.buckets:
        page = bucket_page(view, bucket, shown, _campaign_link(campaign, out), budget)
        folder = safe_files.make_directories(out, f"{BUCKET_PAGES}/{page.bucket.page}")
        for name, data in page.files.items():
            safe_files.write_file(folder, name, data)
        html = environment.get_template("bucket.html").render(
            root="../", bucket=page.bucket, page=page, **common
        )
        safe_files.write_file(folder.parent, f"{page.bucket.page}.html", _utf8(html))
        index_rows.append(replace(page, sections=(), files={}))
    script = _filter_script()
    index = environment.get_template("index.html").render(
        root="",
        pages=index_rows,
        grid_targets=_grid_targets(view, index_rows),
        script=script,
        script_hash=_script_hash(script),
        **common,
        **_index_parts(view),
    )
    return safe_files.write_file(out, "index.html", _utf8(index))


def _utf8(html: str) -> bytes:
    """A page as UTF-8, whatever it quotes: a path that is not UTF-8 (a campaign folder
    named in bytes) comes from the file system as surrogates, shown as `\\xNN`."""
    return html.encode("utf-8", "backslashreplace")


def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("shadersmith.report", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["when"] = _when
    return environment


def _when(seconds: float | None) -> str:
    # A campaign from anyone may hold any value where a time belongs.
    if not isinstance(seconds, int | float) or not EARLIEST_S <= seconds <= LATEST_S:
        return "not recorded"
    return datetime.datetime.fromtimestamp(seconds).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def _style() -> str:
    own = resources.files("shadersmith.report").joinpath("templates/style.css").read_text()
    highlighting = str(HtmlFormatter(style=PYGMENTS_STYLE).get_style_defs(".highlight"))
    return f"{own}\n{highlighting}\n"


def _grid_targets(view: CampaignView, pages: Sequence[BucketPage]) -> tuple[str, ...]:
    """The grid's columns: the campaign's targets, then those (witnesses) that ran an
    example besides."""
    ran = (t for page in pages for t in page.outcomes)
    return tuple(dict.fromkeys([*view.targets, *ran]))


def _filter_script() -> Markup:
    """Our own script (no campaign text in it), put in the page as it is."""
    return Markup(resources.files("shadersmith.report").joinpath(FILTER_SCRIPT).read_text())


def _script_hash(script: str) -> str:
    """The Content-Security-Policy source that allows exactly this inline script."""
    digest = hashlib.sha256(script.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def _filter_values(view: CampaignView) -> dict[str, list[str]]:
    """The choices of each filter of the index."""
    buckets = view.buckets
    return {
        "kind": sorted({b.kind for b in buckets}),
        "target": sorted({t for b in buckets for t in b.targets}),
        "component": sorted({b.blamed for b in buckets if b.blamed}),
        "mark": sorted({b.mark for b in buckets}),
    }


def _index_parts(view: CampaignView) -> dict[str, Any]:
    bins = charts.bin_timeline(view.timeline)
    chart_parts = None
    if bins is not None:
        colours = charts.verdict_colours([verdict for _, verdict in view.timeline])
        chart_parts = {
            "rate": charts.tests_per_hour_chart(bins),
            "verdicts": charts.verdicts_chart(bins, colours, _births(view)),
            "colours": colours,
        }
    times = [t for t, _ in view.timeline if EARLIEST_S <= t <= LATEST_S]
    return {
        "charts": chart_parts,
        "span": (min(times), max(times)) if times else None,
        "verdicts": sorted(view.verdicts.items(), key=lambda item: -item[1]),
        "settings": [(k, _setting(v)) for k, v in sorted(view.settings.items())],
        "filters": _filter_values(view),
    }


def _births(view: CampaignView) -> list[tuple[float, str]]:
    """When each bucket was born (its first test), for the timeline."""
    return [
        (b.first_seen, b.signature)
        for b in view.buckets
        if isinstance(b.first_seen, int | float) and EARLIEST_S <= b.first_seen <= LATEST_S
    ]


def _setting(value: Any) -> str:
    return str(value) if isinstance(value, str) else json.dumps(value, separators=(", ", ": "))


# ---------------------------------------------------------------------------- bucket pages


def bucket_page(
    view: CampaignView,
    bucket: BucketSummary,
    shown: dict[str, ShownElsewhere] | None = None,
    campaign_link: str | None = None,
    budget: ExportBudget | None = None,
) -> BucketPage:
    """`bucket`'s page. `shown`: the tests earlier pages showed (filled here), which this
    page links to instead of showing them again; `campaign_link`: the campaign's folder
    as seen from the page (the report's default place, else)."""
    campaign = view.directory
    sections: list[tuple[str, TestView | ShownElsewhere]] = []
    files: dict[str, bytes] = {}
    shown = {} if shown is None else shown
    if campaign_link is None:
        campaign_link = _campaign_link(campaign, default_output(campaign))

    def add(anchor: str, relative: str, title: str) -> Mapping[str, bool]:
        if relative in shown:
            sections.append((anchor, replace(shown[relative], title=title)))
            return shown[relative].outcomes
        sink = PictureSink(anchor)
        read = fusion_test_view if _fused(view, relative) else store_test_view
        test = read(campaign, relative, title, sink)
        files.update(sink.files)
        sections.append((anchor, test))
        shown[relative] = ShownElsewhere(
            title, relative, bucket.page, bucket.signature, anchor, test.outcomes
        )
        return test.outcomes

    reduced = bucket.reduced_directory
    filed = reduced if reduced is not None else (bucket.examples or [None])[0]
    earlier = shown.get(filed) if filed is not None else None
    if reduced is not None:
        program = _reduced_program(campaign, reduced)
        if program is not None:  # a metamorphic bucket: its variant's program, reduced
            add("reduced-program", program, "Reduced program")
        title = "Reduced transformation list" if program is not None else "Reduced test"
        add("reduced", reduced, title)
    outcomes: Mapping[str, bool] = {}
    if bucket.examples:
        outcomes = add("example", bucket.examples[0], "Example test (as the campaign found it)")
    anchors = [anchor for anchor, _ in sections]
    listed = {
        a: test_files(campaign, s.path, campaign_link)
        for a, s in sections
        if isinstance(s, TestView)
    }
    reproducer = None
    if earlier is not None and earlier.reproducer is not None:
        reproducer = earlier.reproducer  # exported once, beside the page that shows it
    elif filed is not None:
        reproducer = ready_reproducer(campaign, filed, campaign_link, bucket.page, files, budget)
        if filed in shown:
            shown[filed] = replace(shown[filed], reproducer=reproducer)
    return BucketPage(
        bucket,
        tuple(Section(a, s, a == anchors[0], *listed.get(a, ((), ""))) for a, s in sections),
        _on_newest(bucket, outcomes),
        _first_bad_pass([s for _, s in sections if isinstance(s, TestView)]),
        _commands(view, bucket, reduced),
        bucket.examples[1:],
        files,
        outcomes,
        reproducer,
    )


def _campaign_link(campaign: Path, out: Path) -> str:
    """The campaign's folder, relative to the report's bucket pages."""
    return os.path.relpath(campaign.absolute(), (out / BUCKET_PAGES).absolute())


def _fused(view: CampaignView, relative: str) -> bool:
    """Whether a test is a fusion finding (its fusion.json beside test.json): a fusion
    campaign's example is, its reduced test is a plain differential test of the fused
    program (reduce/fusion.py), read as any."""
    if view.oracle != FUSION:
        return False
    try:
        return safe_files.is_plain_file(safe_files.inside(view.directory, relative), FUSION_FILE)
    except TestCaseError:
        return True  # the fusion reader says why it cannot be read


def _reduced_program(campaign: Path, reduced: str) -> str | None:
    """The test a metamorphic reduction reduced the program into, named in its report as
    `<name> [signature]` beside the reduced test (reduce/steps.py)."""

    try:
        test = load_test(safe_files.inside(campaign, reduced))
    except TestCaseError:
        return None
    named = str((test.provenance.reduction or {}).get(REDUCED_PROGRAM_KEY, "")).split(" ")[0]
    if not safe_files.plain_name(named):
        return None
    beside = str(Path(reduced).parent / named)
    try:
        return beside if safe_files.is_test_directory(safe_files.inside(campaign, beside)) else None
    except TestCaseError:
        return None


def _on_newest(bucket: BucketSummary, outcomes: Mapping[str, bool]) -> tuple[str, str]:
    """Whether the finding still shows on the newest releases, from what the example's
    runs say: a failing target that itself runs the newest releases, or whose -newest twin ran
    too. Nothing is run here: `replay --newest` is the command that checks."""
    failing = [t for t in bucket.targets if t]
    newest = [t for t in failing if on_newest(t)]
    twins = {t: twin_on_newest(t) for t in failing if twin_on_newest(t) != t}
    shown = [twins[t] for t in twins if outcomes.get(twins[t]) is True]
    if newest or shown:
        return YES, f"shows on {', '.join(dict.fromkeys(newest + shown))}"
    fixed = [t for t in twins if outcomes.get(twins[t]) is False]
    if failing and len(fixed) == len(failing):
        return NO, "gone on " + ", ".join(twins[t] for t in fixed)
    return NOT_TESTED, (
        "no -newest twin of " + (", ".join(failing) or "its targets") + " ran with the example; "
        "`replay --newest` on the reduced test checks"
    )


def _first_bad_pass(views: Sequence[TestView]) -> str:
    for shown in views:
        if shown.first_bad_pass:
            return shown.first_bad_pass
    if any(shown.uses_passes for shown in views):
        return "none named (the pass list is -O or -Os, or it has not been reduced)"
    return "no spirv-opt pass list involved (no target ran one)"


def _commands(view: CampaignView, bucket: BucketSummary, reduced: str | None) -> tuple[str, ...]:
    def path(relative: str) -> str:
        return shlex.quote(str((view.directory / relative).absolute()))

    lines = ["# from the shadersmith repository"]
    example = bucket.examples[0] if bucket.examples else None
    if view.oracle == FUSION:
        if reduced is not None:  # the fused program reduced: a differential test
            lines += [
                f"{SHADERSMITH} replay {path(reduced)}   # the reduced fused program",
                f"{SHADERSMITH} export {path(reduced)} --format piglit   # or --format amber",
            ]
        if example:
            lines += [
                f"{SHADERSMITH} replay {path(example)}   # parts and fused program, judged again",
                f"{SHADERSMITH} run {path(example)}      # the fused program alone",
            ]
        return tuple(lines)
    if reduced is not None:
        lines += [
            f"{SHADERSMITH} replay {path(reduced)}",
            f"{SHADERSMITH} replay --newest {path(reduced)}   # on the newest releases",
            f"{SHADERSMITH} export {path(reduced)} --format piglit   # or --format amber",
        ]
    if example is not None:
        lines.append(f"{SHADERSMITH} replay {path(example)}")
        if reduced is None:
            lines.append(f"{SHADERSMITH} reduce {path(example)}")
    return tuple(lines)
