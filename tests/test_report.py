"""The HTML report of real campaigns (differential, metamorphic, fusion; fragment tests on
the real drivers with a planted bug, so that buckets with images exist), opened in a real
browser: Debian's chromium, driven headless by Playwright. The index loads, every bucket
link opens its page, every picture decodes, and no request goes anywhere but file://.

Screenshots of every page are kept as test artefacts: in pytest's temporary folder and
in out/report-screenshots/ (git-ignored).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import sqlite3
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from shadersmith.campaign.fusion import FusionOptions, run_fusion_campaign
from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
from shadersmith.campaign.metamorphic import MetamorphicOptions, run_metamorphic_campaign
from shadersmith.cli import main
from shadersmith.generate.smith import SmithOptions
from shadersmith.ir.profile import GLSL450
from shadersmith.mutate.fusion import Relation
from shadersmith.report import REPORT_MARKER, write_report
from shadersmith.targets.catalogue import table as catalogue
from shadersmith.targets.runners.images import decode_png

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parent.parent / "out" / "report-screenshots"
FRAGMENTS = dataclasses.replace(SmithOptions(), fragment_probability=1.0)
PLANTED_DIFFERENTIAL = "planted-sub-to-add-vk-lavapipe"
PLANTED_METAMORPHIC = "planted-opaque-loop-skipped-vk-lavapipe"
PLANTED_FUSION = "planted-halve-part-2-gl-llvmpipe"

needs_chromium = pytest.mark.usefixtures("chromium_installed")


@pytest.fixture(scope="session")
def chromium_installed() -> None:
    """./dev test installs Debian's chromium (scripts/setup.sh --tests): without it the
    browser tests fail, they do not skip."""
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: run scripts/setup.sh --tests"


# ---------------------------------------------------------------------------- campaigns


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One small real campaign of each kind, every test a fragment shader."""
    root = tmp_path_factory.mktemp("campaigns")
    differential = CampaignOptions(
        targets=["vk-lavapipe", PLANTED_DIFFERENTIAL, "interp"],
        profile=GLSL450,
        count=3,
        generator=FRAGMENTS,
        reduce_time_s=8,
    )
    run_campaign(root / "differential", differential)
    metamorphic = MetamorphicOptions(
        targets=[PLANTED_METAMORPHIC],
        count=1,
        generator=FRAGMENTS,
        families=("wrap-loop",),
        reduce=False,
    )
    run_metamorphic_campaign(root / "metamorphic", metamorphic)
    # The pages need a reduced test beside the example, not a minimal one: the reduction's
    # first passes give it, and a budget ends with the smallest so far (the default 120 s
    # budget ran the reduction to its end, half of this fixture).
    fusion = FusionOptions(
        targets=("gl-llvmpipe", PLANTED_FUSION),
        sequences=1,
        parts=2,
        relations=(Relation.ADD,),
        reduce_time_s=6,
    )
    run_fusion_campaign(root / "fusion", fusion)
    # Compute tests: buffers whose elements differ (the fragment tests above have images).
    compute = dataclasses.replace(differential, count=4, generator=SmithOptions(), reduce=False)
    run_campaign(root / "compute", compute)
    return {kind: root / kind for kind in ("differential", "metamorphic", "fusion", "compute")}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield chromium
        chromium.close()


class Page:
    """A browser page that lets only file:// requests through and remembers every other
    one (blocked before it leaves), and every console error or failed request."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(viewport={"width": 1400, "height": 900})
        self.elsewhere: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._only_files)
        self.page = self.context.new_page()
        self.page.on("request", self._seen)
        self.page.on("requestfailed", lambda r: self.failed.append(r.url))
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _only_files(self, route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            route.abort()

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _seen(self, request: Any) -> None:
        if not request.url.startswith("file://"):
            self.elsewhere.append(request.url)

    def open(self, path: Path) -> Any:
        self.page.goto(path.as_uri())
        self.page.wait_for_load_state("load")
        return self.page

    def broken_images(self) -> list[str]:
        return list(
            self.page.evaluate(
                "Array.from(document.images)"
                ".filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
            )
        )

    def screenshot(self, folder: Path, name: str) -> Path:
        path = folder / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SCREENSHOTS / path.name)
        return path

    def close(self) -> None:
        self.context.close()


# ---------------------------------------------------------------------------- tests


@needs_chromium
@pytest.mark.parametrize("kind", ["differential", "metamorphic", "fusion"])
def test_the_report_opens_offline_every_bucket_link_works_and_every_image_shows(
    kind: str, campaigns: dict[str, Path], browser: Any, tmp_path: Path
) -> None:
    index = write_report(campaigns[kind], tmp_path / "report")
    page = Page(browser)
    try:
        shown = page.open(index)
        assert shown.locator("h1").inner_text().lower().startswith(kind)
        links = shown.locator("table.buckets a")
        assert links.count() >= 1, f"the planted bug makes a bucket in the {kind} campaign"
        assert not page.broken_images()
        page.screenshot(tmp_path, f"{kind}-index")
        buckets = [
            (links.nth(i).inner_text(), links.nth(i).get_attribute("href"))
            for i in range(links.count())
        ]
        for number, (signature, href) in enumerate(buckets):
            shown = page.open(index)
            shown.locator("table.buckets a", has_text=signature).first.click()
            shown.wait_for_load_state("load")
            assert shown.url.endswith(str(href))
            assert shown.locator("h1").inner_text() == signature
            images = shown.locator("img").count()
            assert images >= 2, "a fragment test's pictures and a difference picture"
            assert not page.broken_images(), shown.url
            assert shown.locator("pre.commands").inner_text().count("shadersmith") >= 2
            page.screenshot(tmp_path, f"{kind}-bucket-{number + 1}")
        assert page.elsewhere == [], "nothing but file:// is requested"
        assert page.failed == [] and page.errors == []
    finally:
        page.close()


# A finding of findings/ by its signature (oracle/known_findings.json): a bucket of it is known.
KNOWN_CRASH = "crash:mesa-glsl:invalid NIR: unpack_64_2x32_split_y of a 32-bit value"


def with_a_known_crash(campaign: Path, copy: Path) -> Path:
    """A copy of `campaign` whose store holds a second bucket: a known crash on another
    target, one second after the first bucket was born (the report reads it as any)."""
    shutil.copytree(campaign, copy)
    with sqlite3.connect(copy / "campaign.db") as db:
        db.execute(
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen) "
            "SELECT ?, 'crash', 'gl-llvmpipe', 'mesa-glsl', 1, first_seen + 1 FROM buckets",
            (KNOWN_CRASH,),
        )
    return copy


@needs_chromium
def test_the_index_has_a_bucket_by_target_grid_marks_births_and_filters_that_hide_rows(
    campaigns: dict[str, Path], browser: Any, tmp_path: Path
) -> None:
    campaign = with_a_known_crash(campaigns["differential"], tmp_path / "two")
    index = write_report(campaign, tmp_path / "report")
    page = Page(browser)
    try:
        shown = page.open(index)
        grid = shown.locator("table.grid")
        columns = grid.locator("thead th.target").all_inner_texts()
        assert columns[:4] == ["vk-lavapipe", PLANTED_DIFFERENTIAL, "interp", "gl-llvmpipe"]

        def cells(signature: str) -> dict[str, str]:
            row = grid.locator("tbody tr", has_text=signature)
            classes = row.locator("td.cell").evaluate_all("cs => cs.map(c => c.className)")
            marks = [c.removeprefix("cell").strip() for c in classes]
            return dict(zip(columns, marks, strict=True))

        planted = cells("wrong:planted-sub-to-add")
        assert planted[PLANTED_DIFFERENTIAL] == "wrong"
        assert planted["vk-lavapipe"] == "right" and planted["interp"] == "right"
        assert planted["gl-llvmpipe"] == ""
        assert cells(KNOWN_CRASH)["gl-llvmpipe"] == "wrong"
        buckets = shown.locator("table.buckets tbody tr")
        new_row = buckets.filter(has_text="wrong:planted-sub-to-add")
        assert new_row.locator(".mark.new").inner_text() == "new"
        known_row = buckets.filter(has_text=KNOWN_CRASH)
        assert "findings/llvm-physreg-copy" in known_row.inner_text()
        assert known_row.locator(".mark.known").count() == 1
        births = shown.locator("svg.chart g.birth")
        assert births.count() == 2
        assert "wrong:planted-sub-to-add" in births.first.locator("title").text_content()

        shown.select_option("select[data-filter=kind]", "crash")
        assert new_row.is_hidden() and known_row.is_visible()
        assert grid.locator("tbody tr", has_text="wrong:planted-sub-to-add").is_hidden()
        assert shown.locator("#filter-count").inner_text() == "1 of 2 buckets shown"
        page.screenshot(tmp_path, "differential-index-filtered")
        shown.select_option("select[data-filter=kind]", "")
        shown.select_option("select[data-filter=target]", PLANTED_DIFFERENTIAL)
        assert new_row.is_visible() and known_row.is_hidden()
        shown.select_option("select[data-filter=target]", "")
        shown.select_option("select[data-filter=mark]", "known")
        assert new_row.is_hidden() and known_row.is_visible()
        shown.select_option("select[data-filter=mark]", "")
        shown.select_option("select[data-filter=component]", "mesa-glsl")
        assert new_row.is_hidden() and known_row.is_visible()
        assert page.elsewhere == [] and page.errors == [], "the script ran, within the CSP"
    finally:
        page.close()


def linked_file(href: str) -> Path:
    return Path(urllib.parse.unquote(urllib.parse.urlparse(href).path))


@needs_chromium
def test_a_bucket_page_shows_the_differing_elements_every_file_and_the_ready_reproducer(
    campaigns: dict[str, Path], browser: Any, tmp_path: Path
) -> None:
    campaign = campaigns["compute"]
    write_report(campaign, tmp_path / "report")
    (bucket,) = (tmp_path / "report" / "buckets").glob("*.html")
    page = Page(browser)
    try:
        shown = page.open(bucket)
        elements = shown.locator("table.elements")
        columns = elements.locator("thead th").all_inner_texts()
        rows = elements.locator("tbody tr")
        assert rows.count() >= 1
        assert re.fullmatch(
            r"out_\d+_f\d+\[\d+\] \(binding \d+\)", rows.first.locator("th").inner_text()
        )
        # Every row is an element some target has wrong: the planted bug's, marked.
        planted = columns.index(PLANTED_DIFFERENTIAL) - 2
        for number in range(rows.count()):
            cells = rows.nth(number).locator("td").all()[1:]
            assert "differs" in (cells[planted].get_attribute("class") or "")
        page.screenshot(tmp_path, "compute-bucket")

        files = shown.locator("section.test p.files a")
        names = files.all_inner_texts()
        assert "test.json" in names and "shader.comp" in names
        for href in files.evaluate_all("links => links.map(a => a.href)"):
            assert linked_file(href).is_file() and linked_file(href).is_relative_to(campaign)
        ready = shown.locator("a.ready")
        made = {
            linked_file(href).suffix: linked_file(href).read_text()
            for href in ready.evaluate_all("links => links.map(a => a.href)")
        }
        assert "\n[require]\n" in made[".shader_test"]
        assert made[".amber"].startswith("#!amber")
        assert "bug-report --all" in shown.locator("#reproduce ~ p.note").first.inner_text()
        files.filter(has_text="test.json").first.click()
        shown.wait_for_load_state("load")
        assert shown.url.endswith("/test.json") and '"results"' in shown.content()
        assert page.elsewhere == [] and page.errors == []
    finally:
        page.close()


def test_a_test_several_buckets_name_is_exported_once_and_linked_from_each(
    campaigns: dict[str, Path], tmp_path: Path
) -> None:
    """The lead's rule for a test many buckets name (shown once) holds for its exports:
    made once, beside the first page, and linked from the others."""
    campaign = tmp_path / "shared"
    shutil.copytree(campaigns["compute"], campaign)
    with sqlite3.connect(campaign / "campaign.db") as db:
        db.executemany(
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen, example) "
            "SELECT ?, kind, targets, blamed, 1, first_seen + 1, example FROM buckets LIMIT 1",
            [(f"wrong:planted-sub-to-add:copy-{n}",) for n in range(3)],
        )
    index = write_report(campaign, tmp_path / "report")
    exported = sorted((index.parent / "buckets").glob("*/*.amber"))
    assert len(exported) == 1
    href = f'href="{exported[0].parent.name}/{exported[0].name}"'
    pages = list((index.parent / "buckets").glob("*.html"))
    assert len(pages) == 4 and all(href in page.read_text() for page in pages)


def picture_colours(page: Any, figures: Any) -> list[set[tuple[int, ...]]]:
    """The colours of the pictures the figures show (the page's own PNG files)."""
    found = []
    for src in figures.locator("img").evaluate_all("images => images.map(i => i.src)"):
        picture = decode_png(linked_file(src).read_bytes())
        found.append({tuple(int(c) for c in p) for p in picture[..., :3].reshape(-1, 3)})
    return found


def is_grey(colour: tuple[int, ...]) -> bool:
    return colour[0] == colour[1] == colour[2]


@needs_chromium
@pytest.mark.parametrize("kind", ["differential", "fusion"])
def test_difference_pictures_show_where_and_how_in_the_colours_of_their_legend(
    kind: str, campaigns: dict[str, Path], browser: Any, tmp_path: Path
) -> None:
    """No empty (all dimmed) difference picture: a target whose picture is the expected
    one says so instead; every differing pixel is in a colour the legend explains."""
    write_report(campaigns[kind], tmp_path / "report")
    (bucket,) = (tmp_path / "report" / "buckets").glob("*.html")
    page = Page(browser)
    try:
        shown = page.open(bucket)
        pictured = 0
        for section in shown.locator("section.test").all():
            legend = section.locator("p.difference-legend")
            fills = legend.locator("rect").evaluate_all("rs => rs.map(r => r.getAttribute('fill'))")
            differences = section.locator(
                "figure.picture", has=shown.locator("figcaption", has_text=re.compile("differ"))
            )
            for colours in picture_colours(page, differences):
                marked = {c for c in colours if not is_grey(c)}
                assert marked, "a difference picture shows at least one differing pixel"
                assert {"#{:02x}{:02x}{:02x}".format(*c) for c in marked} <= set(fills)
                pictured += 1
        assert pictured >= 2, "the reduced test's and the example's"
        notes = shown.locator(".column .note, table.pictures .note").all_inner_texts()
        if kind == "differential":
            assert any("the same picture as interp" in note for note in notes)
            assert any(re.search(r"pixels differ from interp \(x \d+–\d+", n) for n in notes)
        else:
            assert any("they differ in x" in note for note in notes)
            example = shown.locator("section#example figure.picture", has_text="difference")
            assert example.count() == 1, "one target breaks the relation: one picture"
        page.screenshot(tmp_path, f"{kind}-difference-pictures")
    finally:
        page.close()


@needs_chromium
def test_the_settings_show_the_file_that_declared_the_campaigns_own_targets(
    browser: Any, tmp_path: Path
) -> None:
    declaration = tmp_path / "mine.toml"
    declaration.write_text(
        '# my own lavapipe <b>not markup</b>\n[[target]]\nname = "vk-my-lavapipe"\n'
        'kind = "vulkan"\ndevice = "llvmpipe"\n'
        'icd = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"\n'
    )
    campaign = tmp_path / "c"
    before = set(catalogue.TARGETS)
    try:
        result = CliRunner().invoke(
            main,
            ["--targets-file", str(declaration), "fuzz", "--targets",
             "vk-my-lavapipe,vk-lavapipe,interp", "--count", "1", "--no-reduce", "--report",
             "--out", str(campaign)],
        )  # fmt: skip
    finally:
        for name in set(catalogue.TARGETS) - before:  # the CLI registered them here
            del catalogue.TARGETS[name]
    assert result.exit_code == 0, result.output
    page = Page(browser)
    try:
        shown = page.open(campaign / "report" / "index.html")
        assert shown.locator("pre.declared").inner_text().strip() == declaration.read_text().strip()
        assert shown.locator("pre.declared b").count() == 0, "shown as text"
        page.screenshot(tmp_path, "declared-targets-index")
    finally:
        page.close()


@needs_chromium
def test_the_fusion_bucket_page_shows_its_reduced_test_beside_its_example(
    campaigns: dict[str, Path], browser: Any, tmp_path: Path
) -> None:
    """A fusion bucket's reduced test is the fused program reduced, a differential test
    without a fusion.json: it is shown as one (it was "fusion.json is missing")."""
    write_report(campaigns["fusion"], tmp_path / "report")
    (bucket,) = (tmp_path / "report" / "buckets").glob("*.html")
    page = Page(browser)
    try:
        shown = page.open(bucket)
        assert "fusion.json is missing" not in shown.content()
        reduced = shown.locator("section#reduced")
        assert reduced.locator(".error").count() == 0
        assert "wrong:planted-halve-part-2" in reduced.locator("p.finding").inner_text()
        assert reduced.locator(".highlight").count() >= 1, "its program, highlighted"
        assert reduced.locator("img").count() >= 3, "two targets' pictures and a difference"
        assert not page.broken_images()
        reduced_path = reduced.locator("code.path").inner_text()
        assert (
            f"replay {campaigns['fusion'] / reduced_path}"
            in shown.locator("pre.commands").inner_text()
        )
        assert shown.locator("section#example table.pictures").count() == 1
        page.screenshot(tmp_path, "fusion-bucket-reduced")
    finally:
        page.close()


@needs_chromium
def test_a_request_to_anything_but_a_file_is_caught(browser: Any, tmp_path: Path) -> None:
    """The guard above is not vacuous: a page that asks the network (here the loopback
    address, blocked before it is sent) is seen."""
    page_file = tmp_path / "leaky.html"
    page_file.write_text('<img src="http://127.0.0.1:9/picture.png">')
    page = Page(browser)
    try:
        page.open(page_file)
        assert page.elsewhere == ["http://127.0.0.1:9/picture.png"]
    finally:
        page.close()


def test_the_differential_report_shows_the_bucket_its_images_and_how_to_reproduce(
    campaigns: dict[str, Path], tmp_path: Path
) -> None:
    index = write_report(campaigns["differential"], tmp_path / "report")
    text = index.read_text()
    assert "wrong:planted-sub-to-add" in text and "<svg" in text
    assert "Per target" in text and PLANTED_DIFFERENTIAL in text
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    (page,) = (tmp_path / "report" / "buckets").glob("*.html")
    bucket = page.read_text()
    assert "Reduced test" in bucket and "Example test" in bucket
    assert 'class="highlight"' in bucket, "the reduced program, highlighted"
    assert "replay" in bucket and "differs from interp" in bucket
    pictures = list((tmp_path / "report" / "buckets" / page.stem).glob("*.png"))
    assert len(pictures) >= 4


def test_untrusted_text_from_the_campaign_is_escaped(
    campaigns: dict[str, Path], tmp_path: Path
) -> None:
    """A campaign is untrusted: a signature written into its database as markup is shown
    as text, never run as a script or loaded as a picture."""
    campaign = tmp_path / "copy"
    shutil.copytree(campaigns["differential"], campaign)
    hostile = '<img src="http://127.0.0.1:9/x" onerror="alert(1)">'
    with sqlite3.connect(campaign / "campaign.db") as db:
        db.execute("UPDATE buckets SET signature = ?, blamed = ?", (hostile, hostile))
        db.execute("UPDATE bucket_tests SET signature = ?", (hostile,))
    index = write_report(campaign, tmp_path / "report")
    pages = [index, *(tmp_path / "report" / "buckets").glob("*.html")]
    for page in pages:
        text = page.read_text()
        assert '<img src="http' not in text and 'onerror="' not in text
        assert "&lt;img src=" in text, page.name


def test_report_refuses_an_out_directory_that_is_not_a_report(
    campaigns: dict[str, Path], tmp_path: Path
) -> None:
    foreign = tmp_path / "notes"
    foreign.mkdir()
    (foreign / "todo.txt").write_text("mine")
    runner = CliRunner()
    campaign = str(campaigns["fusion"])
    refused = runner.invoke(main, ["report", campaign, "--out", str(foreign)])
    assert refused.exit_code == 2
    assert "not a shadersmith report" in refused.output
    assert sorted(p.name for p in foreign.iterdir()) == ["todo.txt"]
    forced = runner.invoke(main, ["report", campaign, "--out", str(foreign), "--force"])
    assert forced.exit_code == 0, forced.output
    assert (foreign / "todo.txt").read_text() == "mine"
    again = runner.invoke(main, ["report", campaign, "--out", str(foreign)])
    assert again.exit_code == 0, "a report is refreshed in place"
    assert (foreign / REPORT_MARKER).is_file()
    missing = runner.invoke(main, ["report", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "not a campaign directory" in missing.output


def test_fuzz_report_writes_the_report_as_the_campaign_goes(tmp_path: Path) -> None:
    campaign = tmp_path / "c"
    result = CliRunner().invoke(
        main,
        ["fuzz", "--targets", f"vk-lavapipe,{PLANTED_DIFFERENTIAL},interp", "--count", "2",
         "--fragment", "1", "--no-reduce", "--report", "--out", str(campaign)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    index = campaign / "report" / "index.html"
    assert f"report: {index}" in result.output
    assert index.absolute().as_uri() in result.output  # a link a terminal opens
    assert "2</strong> tests" in index.read_text()
