"""What a bucket page offers to act on: links to every file of its tests, and the ready
reproducer (a bug report `bug-report --all` wrote into the test, the piglit and Amber
exports written beside the page at report time).

The links are relative, from the page to the test's folder in the campaign, so they work
wherever the report and its campaign sit side by side (the report's default place is
inside the campaign). A test directory is untrusted: only plain files and folders with
plain names are listed (never a link, which could point anywhere), at most MOST_FILES.
An export that cannot be made is a line on the page, never a failed report.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from shadersmith.case import TestCaseError
from shadersmith.case.time_cap import time_cap
from shadersmith.export.amber import amber_script, unshown_finding
from shadersmith.export.bug_report.report import REPORT_FILE
from shadersmith.export.common import ExportError
from shadersmith.export.names import export_file_name
from shadersmith.export.piglit import piglit_shader_test
from shadersmith.files import safe_files
from shadersmith.rebuild.admission import load_admitted

MOST_FILES = 200
# Files a test may already hold that reproduce its bug without shadersmith.
READY_SUFFIXES = (".md", ".amber", ".shader_test")
SUMMARY_FILE = "bug-report.json"
# A test's shaders longer than this are not exported at report time (each export holds
# the shader, Amber its SPIR-V too; a page shows the first 100,000 characters).
EXPORTED_CHARACTERS = 100_000
# Exports run the reference interpreter in the report's own process: each test gets at
# most EXPORT_CAP_S, the whole report EXPORT_BUDGET_S (a campaign from anyone may hold 180
# buckets of slow programs); past the budget a page says how to export by hand.
EXPORT_CAP_S = 15.0
EXPORT_BUDGET_S = 90.0


@dataclass
class ExportBudget:
    """What is left of a report's time for exports. Only the main thread exports: the
    per-test cap is a SIGALRM timer (case/time_cap.py), and a live report (`fuzz
    --report`, refreshed from the campaign's thread) cannot stop a slow one."""

    left_s: float = field(default_factory=lambda: EXPORT_BUDGET_S)
    started: float = field(default_factory=time.monotonic)

    def why_not(self) -> str | None:
        if threading.current_thread() is not threading.main_thread():
            return "exported by `shadersmith report` (not while a campaign runs)"
        if self.left_s <= 0:
            return f"the report's {EXPORT_BUDGET_S:g} s for exports is spent"
        return None


@dataclass(frozen=True)
class FileLink:
    name: str
    href: str
    folder: bool = False


@dataclass(frozen=True)
class Reproducer:
    """The ready reproducer of a bucket: files to link, and why an export is missing."""

    test: str  # the test it reproduces, relative to the campaign
    links: tuple[FileLink, ...]
    problems: tuple[str, ...]


def test_files(campaign: Path, relative: str, link: str) -> tuple[tuple[FileLink, ...], str]:
    """The files and folders of the test at `relative`, linked through `link` (the
    campaign's folder as seen from the page), and a note when some are left out."""
    try:
        directory = safe_files.inside(campaign, relative)
        with os.scandir(directory) as scanned:
            entries = sorted((entry for entry in scanned), key=lambda entry: entry.name)
    except (TestCaseError, OSError) as error:
        return (), f"its files cannot be listed: {error}"
    links = []
    for entry in entries:
        if not safe_files.plain_name(entry.name) or entry.is_symlink():
            continue
        folder = entry.is_dir(follow_symlinks=False)
        if folder or entry.is_file(follow_symlinks=False):
            links.append(FileLink(entry.name, _href(link, relative, entry.name), folder))
    note = ""
    if len(links) > MOST_FILES:
        note = f"the first {MOST_FILES} of {len(links)} files and folders"
    return tuple(links[:MOST_FILES]), note


def ready_reproducer(
    campaign: Path,
    relative: str,
    link: str,
    page_folder: str,
    exports: dict[str, bytes],
    budget: ExportBudget | None = None,
) -> Reproducer:
    """The test's own bug report and exports (linked), and its piglit shader_test and
    Amber script made now (within `budget`): added to `exports`, the files of the page's
    folder `page_folder`."""
    budget = ExportBudget() if budget is None else budget
    listed, _ = test_files(campaign, relative, link)
    links = [
        f
        for f in listed
        if not f.folder and (f.name.endswith(READY_SUFFIXES) or f.name == SUMMARY_FILE)
    ]
    problems = []
    not_now = budget.why_not()
    if not_now is not None:
        problems.append(f"not exported here ({not_now}): `shadersmith export` makes them")
        return Reproducer(relative, tuple(links), tuple(problems))
    try:
        test = load_admitted(safe_files.inside(campaign, relative))  # as `export` reads it
    except TestCaseError as error:
        return Reproducer(relative, tuple(links), (f"the test cannot be exported: {error}",))
    size = sum(len(text) for text in test.shaders.values())
    if size > EXPORTED_CHARACTERS:  # a 5 MB shader from anyone: not at report time
        problems.append(
            f"not exported here ({size:,} characters of shader): `shadersmith export` makes "
            "its piglit and Amber files"
        )
        return Reproducer(relative, tuple(links), tuple(problems))
    if not any(f.name == REPORT_FILE for f in links):
        problems.append(
            f"no {REPORT_FILE} in the test yet: `shadersmith bug-report --all` on its "
            "folder writes one (after checking that it reproduces)"
        )
    for extension, make in (("shader_test", piglit_shader_test), ("amber", amber_script)):
        name = export_file_name(test, extension)
        not_now = budget.why_not()
        if not_now is not None:  # (a cap of 0 s would be no cap at all: setitimer's 0)
            problems.append(f"no .{extension} export here ({not_now}): `shadersmith export`")
            continue
        started = time.monotonic()
        try:
            with time_cap(f"exporting {relative}", min(EXPORT_CAP_S, budget.left_s)):
                exports[name] = make(test).encode()
        except (ExportError, TestCaseError, OSError, ValueError) as error:
            problems.append(f"no .{extension} export: {error}")
            continue
        finally:
            budget.left_s -= time.monotonic() - started
        links.append(FileLink(name, quote(f"{page_folder}/{name}")))
        if extension == "amber" and (warning := unshown_finding(test)):
            problems.append(f".amber: {warning}")
    return Reproducer(relative, tuple(links), tuple(problems))


def _href(link: str, relative: str, name: str) -> str:
    return quote(f"{link}/{relative}/{name}")
